package game

// The 3M rules (seed 002, the 1976 rules of 3M's boxed game): "Before
// placing a peg, a player may, if he desires, carefully remove any pegs
// and/or links he has previously placed on the board." Links are removed
// with the unlink list, as in standard; this file adds the removal of pegs.
//
// Nothing on a 3M board is permanent: either side may take any of its pegs
// and links away again. So no position is a dead draw (a removal can
// always reopen a path, by the side that needs it or by the other), and a
// player with no free hole is not out of moves while it has a peg to take
// up and put down again. A 3M game ends by connection, resignation, an
// agreed draw, or a result decided outside the board.

// RemovePeg takes c's peg out of h, with every link to it. Only the 3M
// rules allow it; the hole is free again at once, for either side.
func (b *Board) RemovePeg(h Hole, c Color) error {
	if err := b.checkRemovePeg(h, c); err != nil {
		return err
	}
	b.added, b.removed = b.added[:0], b.removed[:0]
	b.takePeg(b.g.index(h))
	return nil
}

// checkRemovePeg reports why c may not remove the peg in h, or nil.
func (b *Board) checkRemovePeg(h Hole, c Color) error {
	if b.rules != ThreeM {
		return &HoleError{Hole: h, Size: b.g.size, Color: c, Err: ErrPegRemoval}
	}
	if !b.g.onBoard(h) {
		return &HoleError{Hole: h, Size: b.g.size, Color: c, Err: ErrOffBoard}
	}
	if o := b.pegs[b.g.index(h)]; o != c {
		return &HoleError{Hole: h, Size: b.g.size, Color: c, Err: ErrNoOwnPeg, Owner: o}
	}
	return nil
}

// removePegs takes up the pegs a move lists before it places its own
// (Move.Removes), keeping the links they take with them in b.removed.
func (b *Board) removePegs(holes []Hole, c Color) error {
	for _, h := range holes {
		if err := b.checkRemovePeg(h, c); err != nil {
			return err
		}
		b.takePeg(b.g.index(h))
	}
	return nil
}

// permanent reports whether what stands on the board stays there: false
// under the 3M rules, where each side may remove its own pegs.
func (s Settings) permanent() bool { return s.Ruleset != ThreeM }

// outOfHoles reports whether c, to move, cannot place a peg at all: no free
// hole, and (under 3M) no own peg to take up and put down again.
func (g *Game) outOfHoles(c Color) bool {
	if g.board.Free(c) > 0 {
		return false
	}
	return g.set.permanent() || g.board.PegCount(c) == 0
}
