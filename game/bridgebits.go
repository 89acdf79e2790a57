package game

// bridgeBits is the bridge distance (see BridgeDistanceMap) from c's first
// border row to its last, computed over bitsets: a whole layer of holes
// moves at once by the knight steps and the double links open to c, as
// Distance moves it by the knight steps alone. It returns what
// bridgeDistance returns with out nil, for the same strict and w.
func (b *Board) bridgeBits(c Color, strict bool, w *Walls) int {
	s := b.searchSpace(c)
	g := b.g
	bg := &g.bits
	words := bg.words
	x := b.bridgeScratch()
	own := b.pegBits[c]
	// open[k]: step k from a hole is on the board, crossed by no link that
	// blocks c, and not walled off; wall: the holes walled off.
	wall := x.wall
	if w != nil {
		copy(wall, w.holeBits)
		for k := 0; k < 8; k++ {
			// Step k from h is link h*4+k for k < 4; for k >= 4 it is
			// link (h+off)*4+k-4, seen from the other end.
			f := w.linkBits[k&3].set()
			if k >= 4 {
				clear(x.tmp)
				if w.lo <= w.hi {
					fetchOr(x.tmp, w.linkBits[k-4], bg.from[k], bg.off[k], w.lo, w.hi)
				}
				f = x.tmp
			}
			o := x.open[k].set()
			for i := range o {
				o[i] = s.open[k][i] &^ f[i]
			}
		}
	} else {
		clear(wall)
		for k := 0; k < 8; k++ {
			copy(x.open[k].set(), s.open[k])
		}
	}
	// empty: the empty holes c may peg, outside the walls; mid: those
	// that can be a middle hole of a double link (strict: with no peg of
	// the opponent a knight step away).
	empty, mid := x.empty, x.mid.set()
	for i := range empty {
		empty[i] = s.empty[i] &^ wall[i]
		mid[i] = empty[i]
	}
	if strict {
		// Not beside an opponent peg: no hole a knight step from one.
		clear(x.tmp)
		copy(x.oppG.set(), b.pegBits[c.Opponent()])
		lo, hi := x.oppG.span()
		if lo <= hi {
			for k := 0; k < 8; k++ {
				fetchOr(x.tmp, x.oppG, bg.from[k], bg.off[k], lo, hi)
			}
		}
		for i := range mid {
			mid[i] &^= x.tmp[i]
		}
	}
	// jump[j]: the holes h into which double link j (by its steps a and b
	// from h) is open: both middles free, all four links open.
	mlo, mhi := x.mid.span()
	for j, br := range bridges {
		a, bb := int(br.a), int(br.b)
		dst := x.jump[j]
		oa, ob := x.open[a].set(), x.open[bb].set()
		for i := range dst {
			dst[i] = oa[i] & ob[i]
		}
		if mlo > mhi {
			clear(dst)
			continue
		}
		andShift(dst, x.mid, bg.off[a], mlo, mhi)
		andShift(dst, x.mid, bg.off[bb], mlo, mhi)
		andShift(dst, x.open[bb], bg.off[a], 0, words-1)
		andShift(dst, x.open[a], bg.off[bb], 0, words-1)
	}
	// The border rows: a hole a knight step from a row, with two open
	// steps into free holes of it, counts as in it.
	first, last := bg.edge[c][0], bg.edge[c][1]
	nearFirst := x.nearFirst
	nearLast := x.nearLast
	b.twoSteps(nearFirst, first, empty, x)
	b.twoSteps(nearLast, last, empty, x)
	goal := x.goal
	for i := range goal {
		goal[i] = last[i] | nearLast[i]&^first[i]
	}
	// Layer 0: c's pegs in the first row or next to it as above; the
	// empty ones belong to layer 1.
	front, more, done := x.front.set(), x.more.set(), x.done
	clear(done)
	seed1 := x.seed1
	for i := range front {
		start := (first[i] | nearFirst[i]&^last[i]) &^ wall[i]
		front[i] = start & own[i]
		seed1[i] = start & empty[i]
	}
	for d := 0; ; d++ {
		// Close the layer over c's pegs it reaches by a step or a
		// double link: they cost nothing.
		copy(more, front)
		for i := range front {
			done[i] |= front[i]
		}
		for {
			clear(x.tmp)
			b.bridgeExpand(x.tmp, x.more, own, x)
			grew := false
			for i, v := range x.tmp {
				v &^= done[i]
				more[i] = v
				done[i] |= v
				front[i] |= v
				grew = grew || v != 0
			}
			if !grew {
				break
			}
		}
		for i := range front {
			if front[i]&goal[i] != 0 {
				return d
			}
		}
		clear(x.tmp)
		b.bridgeExpand(x.tmp, x.front, empty, x)
		any := false
		for i, v := range x.tmp {
			if d == 0 {
				v |= seed1[i]
			}
			v &^= done[i]
			front[i] = v
			any = any || v != 0
		}
		if !any {
			return Unreachable
		}
	}
}

// bridgeExpand ORs into dst every hole of mask one open step or one open
// double link from a hole of src. Its loops are searchScratch.expand's,
// written out rather than shared through a helper: they run for every
// layer of both sides' searches, and a call for each direction cost 7 %
// of an evaluation (BenchmarkEvaluate).
func (b *Board) bridgeExpand(dst []uint64, src guarded, mask []uint64, x *bridgeScratch) {
	lo, hi := src.span()
	if lo > hi {
		return
	}
	bg := &b.g.bits
	for k := range x.open {
		ws, bs, from, to := shiftRange(bg.off[k], lo, hi, len(dst))
		w := src.w[src.guard+ws:]
		open := x.open[k].set()
		for i := from; i <= to; i++ {
			dst[i] |= (w[i]>>bs | w[i+1]<<(64-bs)) & open[i] & mask[i]
		}
	}
	for j, br := range bridges {
		off := bg.off[br.a] + bg.off[br.b]
		ws, bs, from, to := shiftRange(off, lo, hi, len(dst))
		w := src.w[src.guard+ws:]
		jump := x.jump[j]
		for i := from; i <= to; i++ {
			dst[i] |= (w[i]>>bs | w[i+1]<<(64-bs)) & jump[i] & mask[i]
		}
	}
}

// twoSteps sets out to the holes outside row from which at least two
// open steps lead into holes of row that are in free.
func (b *Board) twoSteps(out, row, free []uint64, x *bridgeScratch) {
	bg := &b.g.bits
	t := x.rowG.set()
	for i := range t {
		t[i] = row[i] & free[i]
	}
	clear(x.ones)
	clear(out)
	lo, hi := x.rowG.span()
	if lo > hi {
		return
	}
	for k := 0; k < 8; k++ {
		count2(x.ones, out, x.rowG, x.open[k].set(), bg.off[k], lo, hi)
	}
	for i := range out {
		out[i] &^= row[i]
	}
}

// andShift ANDs into dst, for every hole h, whether hole h+off is in src;
// only src's words lo..hi may be non-zero.
func andShift(dst []uint64, src guarded, off, lo, hi int) {
	ws, bs, from, to := shiftRange(off, lo, hi, len(dst))
	w := src.w[src.guard+ws:]
	for i := 0; i < from; i++ {
		dst[i] = 0
	}
	for i := from; i <= to; i++ {
		dst[i] &= w[i]>>bs | w[i+1]<<(64-bs)
	}
	for i := to + 1; i < len(dst); i++ {
		dst[i] = 0
	}
}

// bridgeScratch is bridgeBits's scratch space, kept by the board.
type bridgeScratch struct {
	open                   [8]guarded
	mid, front, more, rowG guarded
	oppG                   guarded
	jump                   [][]uint64
	wall, empty, done, tmp []uint64
	nearFirst, nearLast    []uint64
	goal, seed1, ones      []uint64
}

func (b *Board) bridgeScratch() *bridgeScratch {
	if b.bs != nil {
		return b.bs
	}
	bg := &b.g.bits
	// front and more move by double links too, two knight steps at once,
	// so they keep guard words for that reach.
	wide := func() guarded {
		return guarded{w: make([]uint64, bg.words+2*(2*bg.guard)), guard: 2 * bg.guard}
	}
	x := &bridgeScratch{
		mid: newGuarded(bg), front: wide(), more: wide(),
		rowG: newGuarded(bg), oppG: newGuarded(bg),
	}
	for k := range x.open {
		x.open[k] = newGuarded(bg)
	}
	x.jump = make([][]uint64, len(bridges))
	for j := range x.jump {
		x.jump[j] = make([]uint64, bg.words)
	}
	for _, p := range []*[]uint64{&x.wall, &x.empty, &x.done, &x.tmp, &x.nearFirst, &x.nearLast, &x.goal, &x.seed1, &x.ones} {
		*p = make([]uint64, bg.words)
	}
	b.bs = x
	return x
}
