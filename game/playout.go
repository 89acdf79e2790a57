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
	return b.playout(first, r, scratch, false, -1)
}

// PlayoutSaving is Playout with the one piece of TwixT knowledge that Hex
// programs found worth its cost in their playouts: bridge saving. When a
// peg lands in one of the two holes that join two of the other side's pegs
// (a double link, whose two ways through the opponent cannot both stop),
// the other side answers in the other hole, keeping the pegs joined, as
// any player would. Otherwise it plays at random, as Playout does. last is
// the hole of the peg just placed by first's opponent, if any (pass a hole
// off the board otherwise), so that the first move can answer it.
func (b *Board) PlayoutSaving(first Color, last Hole, r Rand, scratch []int32) (Color, []int32) {
	prev := -1
	if b.g.onBoard(last) {
		prev = b.g.index(last)
	}
	return b.playout(first, r, scratch, true, prev)
}

func (b *Board) playout(first Color, r Rand, scratch []int32, save bool, prev int) (Color, []int32) {
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
		if save && prev >= 0 {
			// The saving peg stays in the list; a later draw drops it.
			i = b.saveBridge(prev, c)
		}
		for i < 0 && live > 0 {
			var k int
			if fr != nil {
				k = fr.IntN(live) // a direct call: no interface in the inner loop
			} else {
				k = r.IntN(live)
			}
			if save && b.pegs[empty[k]] != NoColor { // taken by a save
				last := len(empty) - 1
				empty[k] = empty[live-1]
				empty[live-1] = empty[last]
				empty = empty[:last]
				live--
				continue
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
		prev = i
		// Only a new link, or a peg in a border row, can complete a chain.
		if (len(b.added) > 0 || b.g.side[c][i] != 0) && b.Connected(c) {
			return c, empty
		}
		c = c.Opponent()
	}
}

// SaveBridge returns the hole where c restores the double link that the
// opponent's peg in cut has just broken, if there is one: the reply that
// PlayoutSaving plays.
func (b *Board) SaveBridge(cut Hole, c Color) (Hole, bool) {
	if !b.g.onBoard(cut) || b.pegs[b.g.index(cut)] != c.Opponent() || (c != Red && c != Black) {
		return Hole{}, false
	}
	h := b.saveBridge(b.g.index(cut), c)
	if h < 0 {
		return Hole{}, false
	}
	return b.g.hole(h), true
}

// saveBridge returns the hole index where c restores a double link that
// the opponent's peg in hole index i has just cut, or -1. Two of c's pegs
// P and Q a knight step from i, not yet joined, are a double link through i
// and h = P+Q-i; c pegs h when both its links would be legal. Cramped pairs
// (P and Q two holes apart or diagonal neighbours) are left alone, as in
// the engine's priors.
func (b *Board) saveBridge(i int, c Color) int {
	m := b.nbr[c][i]
	if m&(m-1) == 0 { // fewer than two of c's pegs around i
		return -1
	}
	g := b.g
	col, row := i%g.cols, i/g.cols
	use := g.canUse[c]
	for m1 := m; m1 != 0; m1 &= m1 - 1 {
		k1 := bits.TrailingZeros8(m1)
		for m2 := m1 & (m1 - 1); m2 != 0; m2 &= m2 - 1 {
			k2 := bits.TrailingZeros8(m2)
			dc, dr := knight[k2][0]-knight[k1][0], knight[k2][1]-knight[k1][1]
			if abs(dc)+abs(dr) < 4 {
				continue
			}
			hc, hr := col+knight[k1][0]+knight[k2][0], row+knight[k1][1]+knight[k2][1]
			if hc < 0 || hr < 0 || hc >= g.cols || hr >= g.rows {
				continue
			}
			h := hr*g.cols + hc
			if b.pegs[h] != NoColor || !use[h] {
				continue
			}
			toP, toQ := g.dirStep[h*8+((k2+4)&7)], g.dirStep[h*8+((k1+4)&7)]
			if !b.linkFree(int(toP.link), c) || !b.linkFree(int(toQ.link), c) {
				continue
			}
			if !b.ufDirty[c] && b.find(c, int32(toP.to)) == b.find(c, int32(toQ.to)) {
				continue // already joined: nothing to save
			}
			return h
		}
	}
	return -1
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
	// linkFree, with the crossing counters looked up once.
	opp, own := b.block[c.Opponent()], b.block[c]
	pp := b.rules == PP
	for ; m != 0; m &= m - 1 {
		id := int(dirs[bits.TrailingZeros8(m)].link)
		if opp[id] != 0 || !pp && own[id] != 0 {
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
