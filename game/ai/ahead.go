package ai

import (
	"slices"

	"github.com/twixtbot/twixtbot/game"
)

// Moves ranked one move ahead. The candidates come from the potentials
// of the plain distance maps (order.go), while positions are judged by the
// walled bridge distance (eval.go), so a move the evaluation rates best
// can be missing from the list, and the search then never reads it. At
// the root and at the ply below it (the opponent's replies), the free
// holes near a peg (knowledge.nearMoves) are also judged by the evaluation one
// move ahead, and the best abAhead of them join the list if it lacks
// them. A position is ranked once a search (rankings are kept by Zobrist
// key), and each evaluation counts as a position searched.
//
// Why: in 499 positions of the engine's games against T1j (depth 5)
// where T1j was to move (turns 5 to 40), T1j's move was among the first
// 20 candidates (what the ply below the root searches) in 41.7 % of them,
// and among those or the 8 best one move ahead in 61.5 % (65.9 % with 12,
// 68.9 % with 16); among the 32 of the root in 55.7 %, 69.3 % with the 8.
// In 7 of the 18 mid-game positions of testdata, no move that the
// evaluation one move ahead rates best is among the root's candidates.
// The search reads a little less deep for it: depth 6 takes 28,926
// positions instead of 18,027 on those 18 positions, and 75,000 positions
// (about a second) complete 7.0 plies instead of 7.28
// (BenchmarkAlphaBetaDepth).
//
// Measured on 2026-12-04 against T1j at depth 5, 1 s a move on one core
// each, 24x24, no swap, from the harness's random two-peg openings (each
// played twice with the colours swapped; 96 games of seed 11), the two
// lines side by side on the 2 cores: 38.5 of 96 (40.1 %) with 8 and 8,
// against 27.5 of 96 (28.6 %) without, on the same openings; it did
// better in 34 games and worse in 22. On 48 games of another set (seed
// 12): 19.5 (40.6 %) against 13.5 (better in 17, worse in 10). So 58 of
// 144 (40.3 %) against 41 (28.5 %). With 12 and 12: 37 of the 96 of seed
// 11, no better than 8 (better in 24 games, worse in 25). Run again that
// night on the same openings, the kept line scored 32.5 of the 96 and 14.5
// of the 48 of seed 12 (47 of 144, 32.6 %; 105 of 288, 36.5 %, over both
// runs), so those 40.3 % were at the top of the noise. Tried then on the
// 96 of seed 11, none kept: the nodes at plies 2 and 3 adding the first 4
// of the ranking two plies up (35 of 96); the whole ranking at plies 2 and
// 3 on the principal line (35); the best reply one move ahead searched
// first below the root (31.5, side by side with the 32.5). On 2026-12-05,
// 16 at the root and 8 below it: 37 of the 96 of seed 11 and 21 of the
// 48 of seed 12, 58 of 144 (40.3 %) against 105 of 288 (36.5 %) for two
// runs of 8 and 8, less than one standard error; then 17.5 of 48 new
// games (seed 13) where 8 and 8 scored 19.5 side by side. Not kept. Later
// that day, at a fixed 60,000 positions a move (about a second; the games
// then repeat exactly whatever the machine's load), 16 at the root
// together with the knight steps forward from the ends of the opponent's
// best chain at its plies 3, 5 and 7 (the eleventh day's line): 23, 19,
// 20 and 15 of the 48 games of seeds 14 to 17, where 8 and 8 scored 15,
// 20, 15.5 and 19.5 side by side: 77 of 192 games (40.1 %) against 70
// (36.5 %), better in 59 and worse in 53, within the noise. Not kept.
// On seeds 18 and 19 in a later session, 20.5 and 17.5 against 18 and 18:
// over the 288 games 115 against 106, better in 85 and worse in 77, still
// within the noise (a standard error of some 13). With 8 and 16 (more of
// the opponent's replies ranked): 7 of the first 29 games of seed 14,
// where 8 and 8 scored 8; stopped. On the eighteenth day (60,000
// positions a move, from the empty board, set 30 of a harness built
// again): the 4 best blocks one move ahead (by the opponent's distance
// after the move, which the ranking's evaluations give at no cost) added
// after the opening to the 8 best: 20 of 48 games, where 8 and 8 scored
// 19.5 (better in 10, worse in 9). Not kept.
// Searching the ranked moves below the root without the late-move
// reduction was not played: it changed almost nothing (depth 6 in 28,937
// positions instead of 28,926), since the ranked moves stand at the end of
// the list and most nodes there are cut off by one of their first moves.
// docs/strength.md, "Eighth day" to "Tenth day", has the rest.
var abAhead = [2]int{8, 8}

// aheadMaxHoles: boards with more holes rank no moves ahead. An evaluation
// costs about 15 µs on 24x24 and grows faster than the board, so a ranking
// there would take much of a second.
const aheadMaxHoles = 32 * 32

// ahead adds to moves, c's list at ply (0 or 1) on b, the best of c's
// moves by the evaluation one move ahead that the list lacks. The ranking
// is kept for the rest of the search, by position.
func (s *searcher) ahead(ply int, b *game.Board, c game.Color, moves []int32) []int32 {
	key := ttKey(s.hash[ply], c)
	best, ok := s.aheadCache[key]
	if !ok {
		best = s.rankAhead(ply, b, c)
		s.aheadCache[key] = best
	}
	for _, m := range best {
		if !slices.Contains(moves, m) && b.CanPeg(s.e.hole(m), c) {
			moves = append(moves, m)
		}
	}
	return moves
}

// rankAhead returns c's abAhead[ply] best moves on b by the evaluation
// after each, of the free holes near a peg; ties go to the orderer's
// potentials (its maps are b's: candidates was called on b just before).
func (s *searcher) rankAhead(ply int, b *game.Board, c game.Color) []int32 {
	e := s.e
	if s.near == nil {
		s.near = make([]bool, e.n)
		s.aheadBoard = b.Clone()
	}
	s.aheadMoves = e.pk.nearMoves(b, c, s.near, s.aheadMoves[:0])
	opp := c.Opponent()
	o := &s.ord
	s.aheadScores = s.aheadScores[:0]
	for _, i := range s.aheadMoves {
		if s.limit > 0 && s.nodes+len(s.aheadScores)+1 >= s.limit ||
			len(s.aheadScores)%16 == 15 && s.late() {
			break // out of budget: rank what was evaluated
		}
		h := e.hole(i)
		sp := s.aheadBoard
		sp.CopyFrom(b)
		sp.Place(h, c)
		var v int32
		if sp.Connected(c) {
			v = abWin
		} else {
			v = -s.evaluate(sp, opp, s.hash[ply]^s.moveKey(c, i))
		}
		// Of equal scores, the hole nearer either side's best connection
		// first (the orderer's potentials), then the lower index.
		pc, po := o.potentials(int(i))
		pot := min(pc, po, 1<<15-1)
		k := uint64(int64(v)+1<<31)<<32 | uint64(1<<16-1-pot)<<16 | uint64(1<<16-1-i)
		s.aheadScores = append(s.aheadScores, k)
	}
	// Each evaluation counts as a position searched, so that a budget of
	// positions stays one of time.
	s.nodes += len(s.aheadScores)
	slices.Sort(s.aheadScores)
	n := min(abAhead[ply], len(s.aheadScores))
	out := make([]int32, 0, n)
	for j := len(s.aheadScores) - 1; j >= len(s.aheadScores)-n; j-- {
		out = append(out, int32(1<<16-1-(s.aheadScores[j]&(1<<16-1))))
	}
	return out
}
