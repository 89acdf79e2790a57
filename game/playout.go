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
// benchmarks. b is left in the final position, with Added and Removed
// empty. The scratch slice, if large enough, is used to hold the empty
// holes, so a caller that reuses it makes Playout allocation-free. The
// draws depend only on r, so a playout is repeatable under a seed.
func (b *Board) Playout(first Color, r Rand, scratch []int32) (Color, []int32) {
	l := b.playoutHoles(scratch)
	for c := Red; c <= Black; c++ {
		if b.ufDirty[c] {
			b.rebuild(c) // so that the union-find says at once when c connects
		}
	}
	fr, _ := r.(*FastRand)
	return b.play(first, r, fr, &l), l.holes[:cap(l.holes)]
}

// holeLists holds the empty holes of a playout in three parts of one
// slice: those both sides may peg, then those only Red may (its border
// rows), then Black's. A side draws uniformly from the first part and its
// own, so no draw is wasted on a hole it may not use.
type holeLists struct {
	holes       []int32
	start, size [3]int // where each part begins, and how many holes it holds
}

// live returns how many holes c may draw from.
func (l *holeLists) live(c Color) int { return l.size[0] + l.size[c] }

// take removes and returns the k-th of the holes c may draw from, 0 <= k
// < live(c): the shared part first, then c's own.
func (l *holeLists) take(k int, c Color) int {
	part := 0
	if k >= l.size[0] {
		part, k = int(c), k-l.size[0]
	}
	at := l.start[part]
	l.size[part]--
	i := l.holes[at+k]
	l.holes[at+k] = l.holes[at+l.size[part]]
	return int(i)
}

// playoutHoles lists the empty holes of b, in scratch if it is large
// enough, each part in the order of hole indices. It reads them off the
// bitsets a word at a time.
func (b *Board) playoutHoles(scratch []int32) holeLists {
	n := b.g.n
	if cap(scratch) < n {
		scratch = make([]int32, n)
	}
	l := holeLists{holes: scratch[:n]}
	use, red, black := &b.g.bits.use, b.pegBits[Red], b.pegBits[Black]
	k := 0
	for part := 0; part < 3; part++ {
		l.start[part] = k
		for w := range red {
			x := use[Red][w] & use[Black][w] // the shared holes
			if c := Color(part); c == Red || c == Black {
				x = use[c][w] &^ use[c.Opponent()][w] // a side's own rows
			}
			for x &^= red[w] | black[w]; x != 0; x &= x - 1 {
				l.holes[k] = int32(w<<6 + bits.TrailingZeros64(x))
				k++
			}
		}
		l.size[part] = k - l.start[part]
	}
	return l
}

// play is the loop of Playout: one function with the board's tables in
// local variables, so that a move costs no calls and reloads no slice
// headers. It makes the same pegs and links as placeAuto and keeps the
// same union-find, but leaves the counters (pegs, links, free holes) and
// Added to the end. l holds the empty holes (see
// Playout).
func (b *Board) play(first Color, r Rand, fr *FastRand, l *holeLists) Color {
	g := b.g
	pegs, links, blk := b.pegs, b.links, b.blk
	dirStep := g.dirStep
	wide := &g.crossWide
	ncross := g.ncross
	// Each side's tables, so that a move swaps two pointers instead of
	// indexing the board's per-colour slices.
	var sides [3]playSide
	for k := Red; k <= Black; k++ {
		sides[k] = playSide{c: k, pegBits: b.pegBits[k], nbr: b.nbr[k], uf: b.uf[k], touch: b.touch[k],
			side: g.side[k], mask: b.stepMask(k), unit: uint64(crossUnit(k))}
	}
	me, other := &sides[first], &sides[first.Opponent()]
	winner := NoColor
	for {
		c := me.c
		live := l.live(c)
		if live == 0 {
			break
		}
		var k int
		if fr != nil {
			// FastRand.IntN, written out: no call in the inner loop.
			m := uint64(fr.uint32()) * uint64(live)
			if uint32(m) < uint32(live) {
				m = fr.retry(m, live)
			}
			k = int(m >> 32)
		} else {
			k = r.IntN(live)
		}
		i := l.take(k, c)
		me.placed++

		// The peg, as putPeg places it.
		pegs[i] = c
		me.pegBits[i>>6] |= 1 << (i & 63)
		nbr := me.nbr
		dirs := dirStep[i*8 : i*8+8 : i*8+8]
		markAll(nbr, dirs) // a step off the board marks the spare slot n
		// The peg's set in c's union-find: ri is its root, and
		// joins says which border rows it reaches.
		uf, touch := me.uf, me.touch
		ri, joins := int32(i), uint8(0)
		if s := me.side[i]; s != 0 {
			ri, joins = join(uf, touch, ri, int32(g.n+int(s)-1))
		}

		// Its links, as autolink makes them.
		if m := nbr[i]; m != 0 {
			mask := me.mask
			m &= freeSteps(blk, i, dirs, mask)
			unit := me.unit
			for ; m != 0; m &= m - 1 {
				st := dirs[bits.TrailingZeros8(m)]
				id := int(st.link)
				links[id] = c
				me.made++
				if ncross[id] == crossStride {
					a := &wide[id&3]
					h := id >> 2 // the link's first end
					blk[h+int(a[0].hole)] += a[0].lanes * unit
					blk[h+int(a[1].hole)] += a[1].lanes * unit
					blk[h+int(a[2].hole)] += a[2].lanes * unit
					blk[h+int(a[3].hole)] += a[3].lanes * unit
					blk[h+int(a[4].hole)] += a[4].lanes * unit
					blk[h+int(a[5].hole)] += a[5].lanes * unit
					blk[h+int(a[6].hole)] += a[6].lanes * unit
				} else {
					for _, x := range g.crosses(id) {
						blk[x>>2] += me.unit << (16 * (x & 3))
					}
				}
				var t uint8
				ri, t = join(uf, touch, ri, int32(st.to))
				joins |= t
			}
		}
		if joins == 3 {
			b.joined[c] = true
			winner = c
			break
		}
		me, other = other, me
	}
	for k := Red; k <= Black; k++ {
		b.npegs[k] += sides[k].placed
		b.nlinks[k] += sides[k].made
		b.free[k] = l.live(k)
	}
	b.added, b.removed = b.added[:0], b.removed[:0]
	return winner
}

// playSide is one side's part of a playout: its tables (see Board) and
// how many pegs and links it has made.
type playSide struct {
	c            Color
	pegBits      []uint64
	nbr          []uint8
	uf           []int32
	touch        []uint8
	side         []uint8
	mask         uint16 // the counters that block its links
	unit         uint64 // 1 in its own counter (see crossUnit)
	placed, made int
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
	// whether a candidate is blocked is as good as random.
	m &= freeSteps(b.blk, i, dirs, mask)
	for ; m != 0; m &= m - 1 {
		b.addLink(int(dirs[bits.TrailingZeros8(m)].link), c)
	}
}

// join joins the set whose root is rx with the set of y, in the
// union-find uf with its border marks touch (see Board.uf and Board.touch),
// and returns the root of the joined set and the border rows it reaches.
func join(uf []int32, touch []uint8, rx, y int32) (int32, uint8) {
	ry := y
	for {
		p := uf[ry]
		if p < 0 {
			break
		}
		if pp := uf[p]; pp >= 0 {
			uf[ry] = pp // path halving
			ry = pp
		} else {
			ry = p
			break
		}
	}
	if rx == ry {
		return rx, touch[rx]
	}
	// Hang the smaller set under the larger: swap when rx's is the
	// smaller (a root holds minus its set's size), without a branch, as
	// which set is larger is as good as random.
	sx, sy := uf[rx], uf[ry]
	swap := (sy - sx) >> 31 // all ones when sx > sy
	t := (rx ^ ry) & swap
	rx, ry = rx^t, ry^t
	uf[rx] = sx + sy
	uf[ry] = rx
	f := touch[rx] | touch[ry]
	touch[rx] = f
	return rx, f
}

// freeSteps returns the knight steps from hole index i (with its steps
// dirs) whose links no counter under mask blocks: bit k for step k. The
// four forward steps are the links starting at i, one word of blk; step
// k+4 is forward link k of the hole it reaches. A step off the board reads
// the spare word, which is zero.
func freeSteps(blk []uint64, i int, dirs []step, mask uint16) uint8 {
	w := blk[i]
	return free(lane(w, 0)&mask) | free(lane(w, 1)&mask)<<1 |
		free(lane(w, 2)&mask)<<2 | free(lane(w, 3)&mask)<<3 |
		free(lane(blk[dirs[4].to], 0)&mask)<<4 | free(lane(blk[dirs[5].to], 1)&mask)<<5 |
		free(lane(blk[dirs[6].to], 2)&mask)<<6 | free(lane(blk[dirs[7].to], 3)&mask)<<7
}

// free is 1 when no counter is set in x, else 0.
func free(x uint16) uint8 { return uint8((uint32(x) - 1) >> 31) }

// FastRand is a small, fast generator (wyrand) for playouts, where the
// quality of math/rand/v2's PCG is not needed and its cost shows. It
// satisfies Rand. The zero value is usable; Seed sets the state.
type FastRand struct {
	state uint64
	spare uint32 // the unused half of the last 64 bits IntN drew
	half  bool   // whether spare holds one
}

// NewFastRand returns a generator seeded with seed.
func NewFastRand(seed uint64) *FastRand { return &FastRand{state: seed} }

// Uint64 returns the next 64 random bits.
func (r *FastRand) Uint64() uint64 {
	r.state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.state, r.state^0xe7037ed1a0b428db)
	return hi ^ lo
}

// uint32 returns 32 random bits: each 64-bit draw serves two calls.
func (r *FastRand) uint32() uint32 {
	if r.half {
		r.half = false
		return r.spare
	}
	x := r.Uint64()
	r.spare, r.half = uint32(x>>32), true
	return uint32(x)
}

// IntN returns a uniform integer in [0, n) for 0 < n < 2^32, by Lemire's
// multiply-and-shift on 32 random bits (with its rejection step, so there
// is no bias).
func (r *FastRand) IntN(n int) int {
	m := uint64(r.uint32()) * uint64(n)
	if uint32(m) < uint32(n) {
		m = r.retry(m, n)
	}
	return int(m >> 32)
}

// retry is the rare rejection step of IntN, after a first draw m whose low
// half is below n: it draws again while the low half is below 2^32 mod n.
func (r *FastRand) retry(m uint64, n int) uint64 {
	t := uint32(-uint32(n)) % uint32(n)
	for uint32(m) < t {
		m = uint64(r.uint32()) * uint64(n)
	}
	return m
}
