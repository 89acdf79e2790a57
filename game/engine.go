package game

import "math/bits"

// This file holds the few questions a search engine (package game/ai) asks
// of a position many thousands of times a second, answered without
// changing the board and without allocating.

// CopyFrom makes b equal to src, reusing b's memory: the cheap way for a
// search to start each simulation from the same position. Both boards must
// have the same size; CopyFrom reports false, and changes nothing, if not.
func (b *Board) CopyFrom(src *Board) bool {
	if b.g != src.g {
		return false
	}
	b.copyFrom(src)
	return true
}

// CanPeg reports whether c may peg h now: a hole of the board, empty, and
// not in the opponent's border rows. It is CheckPeg without the error.
func (b *Board) CanPeg(h Hole, c Color) bool {
	if !b.g.onBoard(h) {
		return false
	}
	i := b.g.index(h)
	return b.pegs[i] == NoColor && b.g.canUse[c][i]
}

// Autolinks returns how many links c's peg in h would make now, without
// placing it. h must be a hole c may peg (see CanPeg).
func (b *Board) Autolinks(h Hole, c Color) int {
	if !b.CanPeg(h, c) {
		return 0
	}
	i := b.g.index(h)
	n := 0
	for m := b.nbr[c][i]; m != 0; m &= m - 1 {
		if b.linkFree(int(b.g.dirStep[i*8+bits.TrailingZeros8(m)].link), c) {
			n++
		}
	}
	return n
}

// Wins reports whether c pegging h now (with its autolinks) would join c's
// border rows, without placing the peg. It is false if c may not peg h.
func (b *Board) Wins(h Hole, c Color) bool {
	if !b.CanPeg(h, c) {
		return false
	}
	if b.ufDirty[c] {
		b.rebuild(c)
	}
	i := b.g.index(h)
	n := int32(b.g.n)
	top, bottom := b.find(c, n), b.find(c, n+1)
	reachTop, reachBottom := false, false
	switch b.g.side[c][i] {
	case 1:
		reachTop = true
	case 2:
		reachBottom = true
	}
	for m := b.nbr[c][i]; m != 0; m &= m - 1 {
		st := b.g.dirStep[i*8+bits.TrailingZeros8(m)]
		if !b.linkFree(int(st.link), c) {
			continue
		}
		r := b.find(c, int32(st.to))
		reachTop = reachTop || r == top
		reachBottom = reachBottom || r == bottom
	}
	return reachTop && reachBottom
}
