package ai

import "github.com/twixtbot/twixtbot/game"

// The pie rule. A first peg near the middle of the board is worth taking
// over, so the engine swaps it; as Red it opens nearer an edge, with a peg
// that is useful but not worth a swap.

// central reports whether h is in the middle of the board, where a first
// peg is strong: within a third of each side's length of the centre.
func central(s game.Size, h game.Hole) bool {
	dc := abs(2*h.Col - (s.Cols - 1)) // twice the distance from the centre
	dr := abs(2*h.Row - (s.Rows - 1))
	return dc <= 2*s.Cols/3 && dr <= 2*s.Rows/3
}

// shouldSwap decides for Black on turn 2, given the value of Black's best
// reply as the search found it.
func (e *engine) shouldSwap(bestReply float64) bool {
	var first game.Hole
	for _, m := range e.g.Log() {
		if m.Kind == game.Place {
			first = m.Hole
			break
		}
	}
	return central(e.size, first) || bestReply < 0.4
}

// opening chooses Red's first peg when Black may swap: a hole just outside
// the central zone, in the middle rows, picked with the search's random
// numbers so that games differ.
func (e *engine) opening() Decision {
	var fair, any []int32
	for i := int32(0); i < int32(e.n); i++ {
		h := e.hole(i)
		if !e.root.CanPeg(h, e.color) {
			continue
		}
		any = append(any, i)
		if central(e.size, h) {
			continue
		}
		dr := abs(2*h.Row - (e.size.Rows - 1))
		dc := abs(2*h.Col - (e.size.Cols - 1))
		if dr <= e.size.Rows/2 && dc <= 2*e.size.Cols/3+4 && h.Col > 0 && h.Col < e.size.Cols-1 {
			fair = append(fair, i)
		}
	}
	pool := fair
	if len(pool) == 0 {
		pool = any
	}
	return Decision{Move: e.place(pool[e.rng.IntN(len(pool))]), Value: 0.5}
}
