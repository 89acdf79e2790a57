package game

import "math/bits"

// Bitsets over hole indices, for the searches of Distance and TwoDistance:
// bit i&63 of word i>>6 stands for hole index i. A knight step is then a
// shift of the whole set by the step's index offset, so one pass over a
// few words moves a frontier of a hundred holes at once.

// bitGeometry is the part of a geometry the bitset searches use.
type bitGeometry struct {
	words int // words of a bitset over the hole indices
	// guard is how many zero words a shifted bitset keeps before and
	// after its own, so that a shift by any knight step reads no word
	// outside the slice.
	guard int
	off   [8]int      // index offset of knight step k: dr*cols+dc
	from  [8][]uint64 // holes from which knight step k reaches a hole
	edge  [3][2][]uint64
	use   [3][]uint64
}

func (g *geometry) initBits() {
	bg := &g.bits
	bg.words = (g.n + 63) / 64
	bg.guard = (2*g.cols+2)/64 + 2
	for k, d := range knight {
		bg.off[k] = d[1]*g.cols + d[0]
		bg.from[k] = make([]uint64, bg.words)
	}
	for i := 0; i < g.n; i++ {
		for m := g.dirMask[i]; m != 0; m &= m - 1 {
			setBit(bg.from[bits.TrailingZeros8(m)], i)
		}
	}
	for c := Red; c <= Black; c++ {
		bg.use[c] = make([]uint64, bg.words)
		for i := 0; i < g.n; i++ {
			if g.canUse[c][i] {
				setBit(bg.use[c], i)
			}
		}
		for side := 0; side < 2; side++ {
			bg.edge[c][side] = make([]uint64, bg.words)
			for _, i := range g.border[c][side] {
				setBit(bg.edge[c][side], int(i))
			}
		}
	}
}

func setBit(s []uint64, i int) { s[i>>6] |= 1 << uint(i&63) }

func hasBit(s []uint64, i int) bool { return s[i>>6]>>uint(i&63)&1 != 0 }

// guarded is a bitset with guard words on both sides: word j of the set
// is w[guard+j].
type guarded struct {
	w     []uint64
	guard int
}

func newGuarded(bg *bitGeometry) guarded {
	return guarded{w: make([]uint64, bg.words+2*bg.guard), guard: bg.guard}
}

// set returns the words of the set itself.
func (s guarded) set() []uint64 { return s.w[s.guard : len(s.w)-s.guard] }

// span returns the first and last words of the set that are not zero
// (lo > hi when the set is empty).
func (s guarded) span() (lo, hi int) {
	w := s.set()
	lo, hi = 0, len(w)-1
	for lo <= hi && w[lo] == 0 {
		lo++
	}
	for hi >= lo && w[hi] == 0 {
		hi--
	}
	return lo, hi
}

// shiftRange returns, for a shift by off of a set whose words lo..hi are
// its only non-zero ones, the word shift, the bit shift and the range of
// output words that can be non-zero, clipped to [0, words).
func shiftRange(off, lo, hi, words int) (ws int, bs uint, from, to int) {
	ws, bs = off>>6, uint(off&63)
	return ws, bs, max(lo-ws-1, 0), min(hi-ws, words-1)
}

// fetchOr ORs into dst, for every hole h in mask, whether hole h+off is in
// src; only src's words lo..hi may be non-zero.
func fetchOr(dst []uint64, src guarded, mask []uint64, off, lo, hi int) {
	ws, bs, from, to := shiftRange(off, lo, hi, len(dst))
	w := src.w[src.guard+ws:]
	for i := from; i <= to; i++ {
		dst[i] |= (w[i]>>bs | w[i+1]<<(64-bs)) & mask[i]
	}
}

// count2 adds, for every hole h in mask, whether hole h+off is in src to
// the saturating two-bit counters (ones, twos): twos gets the holes that
// had ones already. Only src's words lo..hi may be non-zero.
func count2(ones, twos []uint64, src guarded, mask []uint64, off, lo, hi int) {
	ws, bs, from, to := shiftRange(off, lo, hi, len(ones))
	w := src.w[src.guard+ws:]
	for i := from; i <= to; i++ {
		x := (w[i]>>bs | w[i+1]<<(64-bs)) & mask[i]
		twos[i] |= ones[i] & x
		ones[i] |= x
	}
}

// searchScratch is the scratch space of Distance and TwoDistance, kept by
// a board between calls so that they do not allocate.
type searchScratch struct {
	open   [8][]uint64 // knight step k from hole h is open to the side searched
	blockF [4]guarded  // link h*4+d is blocked for the side searched
	front  guarded     // the holes settled at the current distance
	more   guarded     // Distance: the pegs just reached
	empty  []uint64    // empty holes the side may peg
	done   []uint64    // holes settled so far
	ones   []uint64    // TwoDistance: holes with a settled neighbour
	twos   []uint64    // TwoDistance: holes with two
	tmp    []uint64

	// TwoDistance's groups of linked pegs: a group is numbered by the
	// order its first peg was met; groupOf[root] is that number while
	// groupMark[root] is the current mark.
	groupOf   []int32  // per union-find node (n+2)
	groupMark []uint32 // per union-find node
	groupSeen []uint32 // per group: the group last listed as a neighbour
	mark      uint32
	head      []int32  // per group: its first peg
	nextPeg   []int32  // per hole index: the next peg of its group
	pegGroup  []int32  // per hole index: the group of the peg there
	adjacent  []uint64 // empty holes next to a group
	emptyAt   []int32  // per group: where its empty neighbours start in nbEmpty
	groupAt   []int32  // per group: where its neighbouring groups start in nbGroup
	nbEmpty   []int32
	nbGroup   []int32
	count     []uint8 // per group: distinct settled neighbours
	queue     []int32 // groups settled at the current distance
}

func newSearchScratch(g *geometry) *searchScratch {
	bg := &g.bits
	s := &searchScratch{
		front:     newGuarded(bg),
		more:      newGuarded(bg),
		empty:     make([]uint64, bg.words),
		done:      make([]uint64, bg.words),
		ones:      make([]uint64, bg.words),
		twos:      make([]uint64, bg.words),
		tmp:       make([]uint64, bg.words),
		groupOf:   make([]int32, g.n+2),
		groupMark: make([]uint32, g.n+2),
		nextPeg:   make([]int32, g.n),
		pegGroup:  make([]int32, g.n),
		adjacent:  make([]uint64, bg.words),
	}
	for k := range s.open {
		s.open[k] = make([]uint64, bg.words)
	}
	for d := range s.blockF {
		s.blockF[d] = newGuarded(bg)
	}
	return s
}

// openSteps fills s.open with the knight steps open to c: on the board
// and crossed by no link that blocks c's links (see Board.stepMask).
func (b *Board) openSteps(c Color, s *searchScratch) {
	bg := &b.g.bits
	m := b.stepMask(c)
	for d := range s.blockF {
		clear(s.blockF[d].set())
	}
	lo, hi := b.g.n, -1
	m4 := uint64(m) * 0x0001_0001_0001_0001 // m in all four lanes
	for h, w := range b.blk[:b.g.n] {
		if w&m4 == 0 {
			continue
		}
		lo, hi = min(lo, h>>6), h>>6
		for d := 0; d < 4; d++ {
			if lane(w, d)&m != 0 {
				setBit(s.blockF[d].set(), h)
			}
		}
	}
	for k := 0; k < 4; k++ {
		blocked := s.blockF[k].set()
		for w, f := range bg.from[k] {
			s.open[k][w] = f &^ blocked[w]
		}
	}
	// Step k+4 from h is the link (h+off)*4+k, which starts at h+off.
	for k := 4; k < 8; k++ {
		clear(s.tmp)
		if lo <= hi {
			fetchOr(s.tmp, s.blockF[k-4], bg.from[k], bg.off[k], lo, hi)
		}
		for w, f := range bg.from[k] {
			s.open[k][w] = f &^ s.tmp[w]
		}
	}
}

// searchSpace prepares the scratch space of a search for c: the open
// steps and the empty holes c may peg.
func (b *Board) searchSpace(c Color) *searchScratch {
	if b.ss == nil {
		b.ss = newSearchScratch(b.g)
	}
	s := b.ss
	b.openSteps(c, s)
	use, red, black := b.g.bits.use[c], b.pegBits[Red], b.pegBits[Black]
	for w := range s.empty {
		s.empty[w] = use[w] &^ (red[w] | black[w])
	}
	return s
}

// expand ORs into dst every hole one open step from a hole of src that is
// also in mask.
func (s *searchScratch) expand(dst []uint64, src guarded, mask []uint64, bg *bitGeometry) {
	lo, hi := src.span()
	if lo > hi {
		return
	}
	for k := range s.open {
		ws, bs, from, to := shiftRange(bg.off[k], lo, hi, len(dst))
		w := src.w[src.guard+ws:]
		open := s.open[k]
		for i := from; i <= to; i++ {
			dst[i] |= (w[i]>>bs | w[i+1]<<(64-bs)) & open[i] & mask[i]
		}
	}
}
