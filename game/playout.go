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
	// The empty holes in three parts of one slice: those both sides may
	// peg, then those only Red may (its border rows), then Black's. A
	// side draws uniformly from the first part and its own, so no draw
	// is wasted on a hole it may not use.
	n := b.g.n
	if cap(scratch) < n {
		scratch = make([]int32, n)
	}
	holes := scratch[:n]
	var size [3]int // how many holes each part holds: shared, Red's, Black's
	for i := 0; i < n; i++ {
		if b.pegs[i] == NoColor {
			if u := b.g.useBits[i]; u == 1<<Red|1<<Black {
				holes[size[0]] = int32(i)
				size[0]++
			}
		}
	}
	start := [3]int{0, size[0], 0}
	for c := Red; c <= Black; c++ {
		if c == Black {
			start[Black] = start[Red] + size[Red]
		}
		k := start[c]
		for _, i := range b.g.border[c][0] {
			if b.pegs[i] == NoColor {
				holes[k] = i
				k++
			}
		}
		for _, i := range b.g.border[c][1] {
			if b.pegs[i] == NoColor {
				holes[k] = i
				k++
			}
		}
		size[c] = k - start[c]
	}
	for c := Red; c <= Black; c++ {
		if b.ufDirty[c] {
			b.rebuild(c) // so that joined says at once when c connects
		}
	}
	fr, _ := r.(*FastRand)
	c := first
	for {
		live := size[0] + size[c]
		if live == 0 {
			return NoColor, scratch
		}
		var k int
		if fr != nil {
			k = fr.IntN(live) // a direct call: no interface in the inner loop
		} else {
			k = r.IntN(live)
		}
		part := 0
		if k >= size[0] {
			part, k = int(c), k-size[0]
		}
		at := start[part]
		size[part]--
		i := holes[at+k]
		holes[at+k] = holes[at+size[part]]
		b.placeAuto(int(i), c)
		if b.joined[c] {
			return c, scratch
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
	m := b.around(i, c)
	if m == 0 {
		return
	}
	dirs := b.g.dirStep[i*8 : i*8+8 : i*8+8]
	mask := b.stepMask(c)
	// Drop the blocked candidates all at once, without a branch each:
	// whether a candidate is blocked is as good as random. A step off the
	// board reads link 0, which nothing crosses, and is not a candidate.
	blk := b.blk
	m &= free(blk[dirs[0].link]&mask) | free(blk[dirs[1].link]&mask)<<1 |
		free(blk[dirs[2].link]&mask)<<2 | free(blk[dirs[3].link]&mask)<<3 |
		free(blk[dirs[4].link]&mask)<<4 | free(blk[dirs[5].link]&mask)<<5 |
		free(blk[dirs[6].link]&mask)<<6 | free(blk[dirs[7].link]&mask)<<7
	for ; m != 0; m &= m - 1 {
		b.addLink(int(dirs[bits.TrailingZeros8(m)].link), c)
	}
}

// free is 1 when no counter is set in x, else 0.
func free(x uint16) uint8 { return uint8((uint32(x) - 1) >> 31) }

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
