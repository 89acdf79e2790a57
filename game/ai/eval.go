package ai

import "github.com/twixtbot/twixtbot/game"

// The evaluation of the alpha-beta searcher: how many pegs each side still
// needs by the two-distance (see distance), the side to move's against the
// opponent's, in hundredths of a peg. Having the move is worth evalTempo.
const (
	evalPeg   = 100
	evalTempo = 40
	// evalScale converts a score to a win probability: a peg ahead is
	// about 62 %.
	evalScale = 200
	// evalNear is what a two-distance of 1 is worth: the side to move
	// wins next move; the other side, to move second, has two ways to
	// win and wins unless the side to move wins first.
	evalNear = 20 * evalPeg
	// evalFar stands for a side that cannot connect at all.
	evalFar = 1000
)

// evaluate scores b for c, to move.
func (s *searcher) evaluate(b *game.Board, c game.Color) int32 {
	me := b.BridgeDistance(c)
	if me <= 1 {
		return evalNear
	}
	opp := b.BridgeDistance(c.Opponent())
	if me >= game.Unreachable && opp >= game.Unreachable {
		return 0
	}
	me, opp = min(me, evalFar), min(opp, evalFar)
	return int32((opp-me)*evalPeg + evalTempo)
}
