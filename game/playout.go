package game

import "math/bits"

// Rand is the source of randomness a playout draws from: any generator with
// a method returning a uniform integer in [0, n). math/rand/v2's *Rand
// satisfies it.
type Rand interface {
	IntN(n int) int
}

// Playout plays random pegs with autolinks on b, alternating from colour
// first, until a side connects or the side to move has no hole left, and
// returns the winner (NoColor if the board filled up first). It checks no
// dead draws: it is the fast inner loop of Monte Carlo search and of the
// benchmarks. The scratch slice, if large enough, is used to hold the empty
// holes, so a caller that reuses it makes Playout allocation-free.
func (b *Board) Playout(first Color, r Rand, scratch []int32) (Color, []int32) {
	empty := scratch[:0]
	for i := 0; i < b.g.n; i++ {
		if !b.g.corner[i] && b.pegs[i] == NoColor {
			empty = append(empty, int32(i))
		}
	}
	fr, _ := r.(*FastRand)
	c := first
	for {
		// Draw holes from the live part of the list until one is usable
		// by c; unusable ones are set aside at the end of the live part.
		live := len(empty)
		use := b.g.canUse[c]
		i := -1
		for live > 0 {
			var k int
			if fr != nil {
				k = fr.IntN(live) // a direct call: no interface in the inner loop
			} else {
				k = r.IntN(live)
			}
			if use[empty[k]] {
				i = int(empty[k])
				last := len(empty) - 1
				empty[k] = empty[live-1]
				empty[live-1] = empty[last]
				empty = empty[:last]
				break
			}
			live--
			empty[k], empty[live] = empty[live], empty[k]
		}
		if i < 0 {
			return NoColor, empty
		}
		b.placeAuto(i, c)
		// Only a new link, or a peg in a border row, can complete a chain.
		if (len(b.added) > 0 || b.g.side[c][i] != 0) && b.Connected(c) {
			return c, empty
		}
		c = c.Opponent()
	}
}

// placeAuto puts a peg of colour c in hole index i, which must be free and
// usable by c, with every legal link to it.
func (b *Board) placeAuto(i int, c Color) {
	b.added, b.removed = b.added[:0], b.removed[:0]
	b.putPeg(i, c)
	b.autolink(i, c)
}

// autolink makes every legal link from c's new peg in hole index i. The
// peg has just been placed, so no link to it exists yet.
func (b *Board) autolink(i int, c Color) {
	m := b.nbr[c][i]
	if m == 0 {
		return
	}
	dirs := b.g.dirStep[i*8 : i*8+8 : i*8+8]
	mask := b.stepMask(c)
	for ; m != 0; m &= m - 1 {
		id := int(dirs[bits.TrailingZeros8(m)].link)
		if b.crossed(id, mask) != 0 {
			continue
		}
		b.addLink(id, c)
	}
}

// FastRand is a small, fast generator (wyrand) for playouts, where the
// quality of math/rand/v2's PCG is not needed and its cost shows. It
// satisfies Rand. The zero value is usable; Seed sets the state.
type FastRand struct{ state uint64 }

// NewFastRand returns a generator seeded with seed.
func NewFastRand(seed uint64) *FastRand { return &FastRand{state: seed} }

// Uint64 returns the next 64 random bits.
func (r *FastRand) Uint64() uint64 {
	r.state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.state, r.state^0xe7037ed1a0b428db)
	return hi ^ lo
}

// IntN returns a uniform integer in [0, n) for 0 < n < 2^32, by Lemire's
// multiply-and-shift (with its rejection step, so there is no bias).
func (r *FastRand) IntN(n int) int {
	x := uint32(r.Uint64())
	m := uint64(x) * uint64(n)
	if low := uint32(m); low < uint32(n) {
		t := uint32(-uint32(n)) % uint32(n)
		for low < t {
			x = uint32(r.Uint64())
			m = uint64(x) * uint64(n)
			low = uint32(m)
		}
	}
	return int(m >> 32)
}
