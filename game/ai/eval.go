package ai

import "github.com/twixtbot/twixtbot/game"

// The evaluation of the alpha-beta searcher: how many pegs each side still
// needs until its connection is safe (game.Board.WalledBridgeDistance:
// double links count as links, the opponent's as walls), the side to
// move's against the opponent's, in hundredths of a peg. Having the move is
// worth evalTempo. Against the plain bridge distance, the walls won 8 of 12
// paired games at 3,000 nodes a move; the plain distance and the
// two-distance lost every game to the bridge distance (the two-distance
// stayed at 13-15 while T1j built a row across the whole board). The
// races each side wins are walls for the other too (evalRaces): at 1 s a
// move against T1j that scored 4.5 of 12, against 1.5 of 12 without.
//
// Tried later against T1j (depth 5) at 5,000 positions a move, 12 games a
// line; from the empty board both programs repeat a few lines of play, so
// some lines start each pair of games (colours swapped) from a random
// two-peg opening. This evaluation: 3 and 2 of 12 from the empty board, 1.5
// and 3.5 from openings. None of these beat it beyond the noise:
//   - a double link costing half a peg more, so that chains of real links
//     count for more: 0.5 of 12; the plain distance (game.Board.Distance)
//     added at half a peg a peg: 0 of 5;
//   - the row gap, in the spirit of T1j's evaluation (how many rows a side
//     has yet to fill, only linked pegs filling them; in the history,
//     reverted), half and half with the walled distance: 3.5, 0 and 4 of
//     12, 1 of 12 from openings; at 30 %: 2.5 of 12; alone: 0 of 12. It
//     also costs a quarter of the positions a second;
//   - evalTempo 0: 4 and 1.5 of 12 from openings; 100: 1.5 of 7;
//   - double links not made stricter by nearby opponent pegs: 1 of 5; the
//     opponent's distance weighed 1.25: 2 of 5.
//
// Tried on 2026-11-25 against T1j (depth 5), 24 games a line from the
// match harness's random two-peg openings (the same 12 pairs every time,
// colours swapped within a pair), 8,000 positions a move, a game still
// open after 300 turns counting half. This evaluation: 7.5 of 24 (4 won,
// 13 lost; 2.5 and 5 on the halves), 13.5 of 48. None beat it:
//   - T1j's rule for the opening, counting only the opponent's distance
//     while the game is under 8 turns old: 8 of 24;
//   - game.WallPenalty 10 instead of 5 (the opponent's walls that close
//     every way count for more): 8 of 24;
//   - the electrical resistance of each side's connection, the classic
//     evaluation of Hex programs (game.Board.Resistance, on branch resist,
//     not merged), as a tiebreak worth up to a peg, at equal time (it costs
//     1.7 to 2 times the CPU a position, so 4,300 positions a move): 6.5 of
//     24; with double links counted as the distances count them, 8 of 24,
//     and 10.5 of 36 against this evaluation's 10.5 on the same games;
//     three times the weight, 1.5 of 12; resistance-led, 0 of 7. On 24x24
//     the resistance is flat (0.33 on the empty board, 0.23-0.33 two pegs
//     from a win): a chain lowers it little until it is whole.
//
// Later on 2026-11-25, the same 24 games: 30 hundredths of a peg for each
// link a side has more than the other lost 14 of its first 15 games and
// was stopped. It came from a misleading measure: T1j, playing both sides
// from positions of the engine's games, won mostly with the side that had
// more links, but that side was mostly T1j's own (71 % of T1j's moves
// make a link, 52 % of the engine's). Measured without that bias, on 196
// games of T1j against itself from random four-peg openings (5,831
// positions, each labelled with its game's winner; logistic fits,
// cross-validated by game), the side to move's win is foretold by this
// walled distance in 69.1 % of positions, the bridge distance 67.4 %, the
// plain distance 67.0 %, the rows the longest linked group spans 63.8 %,
// the number of linked groups 63.1 %, links 61.6 %, the two-distance
// 59.7 %, unlinked pegs 57.2 %; no combination did better than this
// distance alone. This engine's search at 2,000 positions foretells 69.7 %
// of the first 40 games' positions (log loss 0.55), against 68.0 % (0.59)
// for this evaluation alone. The fit makes a peg worth 0.32 in log-odds
// (evalScale says 0.5) and having the move 0.38 peg (evalTempo: 0.4).
//
// Tried later on 2026-11-25 (branch tie, not merged): since the score
// counts whole pegs, in 22 of the 71 positions where this engine's move
// lost a game T1j went on to win (see alphabeta.go), the search rated
// T1j's move exactly as high as its own. A tiebreak worth up to a fifth
// of a peg among equals: the plain distance (game.Board.Distance, which
// gives double links no credit, so favours pegs already linked) scored 7
// of 24 against 7.5 on the same games, and gave away 32.5 % of those 200
// positions against 35.5 %; the bridge distance 32 %; the number of
// empty holes on each side's shortest walled connections (more ways are
// harder to cut) 35 %: all within the noise. The opponent's distance
// counted at 125 % of the engine's own: 6 of 24; at 80 %: stopped at 0
// of 6. The opponent's steps into its border row as walls too, where a
// peg a knight step from the row has two (as good as joined to it, like
// a double link): 15.5 of 48 against 13.5, then 5 of 24 more games
// against 8, so 20.5 of 72 against 21.5.
//
// Tried on 2026-12-05 against T1j (depth 5, 1 s a move, the 96 games of
// seed 11 of the match harness, where this evaluation scored 38.5 and
// 32.5 in two runs): the plain distance added to the walled one. Fitted
// to the positions of this engine's own games against T1j (1,398 games,
// 40,850 positions of turns 6 to 40; logistic, cross-validated by game),
// the plain distance foretells the winner better than the walled one
// (64.5 % against 62.4 %; both together 66.0 %), and where the engine was
// to move at turns 12 to 23 the walled distance had it 0.35 to -0.18 peg
// ahead while the plain one had it 1.6 to 2.9 pegs behind; it won a third
// of those games. But given which side is the engine (the side that
// loses more), the walled distance foretells more than the plain one
// (70.5 % against 64.9 %): the plain distance mostly tells T1j's linked
// chains from this engine's looser pegs, and being T1j is what wins. So
// it proved in play: half a plain peg for each plain peg of difference
// (evalTempo and evalScale scaled alike), 22 of the first 71 games, where
// the two runs scored 29.5 and 22.5 on the same games; a whole plain peg,
// 13.5 of the first 61, where they scored 27.5 and 19. It also costs a
// quarter of the positions a second. Neither was kept.
//
// Tried on 2026-12-05, later (the same 96 games): a position whose side to
// move cannot connect safely with this move (me above 1) while the
// opponent's connection is safe already (opp 0) scored as lost
// (-evalNear) rather than by the pegs between them, as evalNear already
// scores the side to move's own safe connection. Such leaves are 0.4 to
// 1.1 % of those searched in the mid-game; the move chosen at 20,000
// positions changed in 43 of the 484 positions of turns 14 to 30 of the
// engine's lost games of the second run. It scored 35 of 96 (better than
// the two runs in 22 and 24 games, worse in 26 and 22), so it was not
// kept.
//
// Tried on 2026-12-05, the fourteenth day (T1j at depth 5, a fixed 60,000
// positions a move, the 192 games of seeds 14 to 17, where this
// evaluation scored 70): the score divided by both distances together,
// ((opp-me)*evalPeg + evalTempo) * 12 / (opp+me), so that a peg counts
// for more near the end of a race than far from it, and the side ahead
// gains more from its own progress than from blocking (and the side
// behind the other way round). Fitted to 42,280 positions of this
// engine's games against T1j, that ratio foretells the winner with a
// lower log loss than the difference (0.631 against 0.646; 0.583 against
// 0.598 with the side that is the engine known) at the same accuracy. In
// play it scored 73 of 192 (better in 56 games, worse in 50; depth 6 in
// 29,553 positions): the noise. Not kept.
//
// Tried again on 2026-12-06 at the goal's condition (T1j at depth 5, 1 s
// a move, each program on its own core, from the empty board; branch
// ratio, not merged). Fitted as above to the 1,255 decided games of the
// computer's 1,431 against T1j from the empty board, the ratio still
// foretells the winner better (log loss 0.557 against 0.569 with the
// computer's side known, as well as a free table of both distances), and
// where the computer led by two pegs or more (by the walls judged alike
// below), its own distance weighed 0.73 a peg in log-odds and T1j's 0.15,
// as the ratio has it. In play: 22 and 19 of 48 on sets 30 and 31, 41 of
// 96 where this scored 48.25 on average (26 and 20, 25.5 and 25); at
// 60,000 positions a move 20.5 of 48 on set 30, where this scored 19.5.
// With the walls of game.Board.WalledBridgeDistance judged alike for both
// sides (branch symr; log loss 0.550): 17.5 of 48 on set 30 at 1 s, and
// 26.5 at 60,000 positions. Neither was kept.
//
// Tried on 2026-12-05, the seventeenth day (T1j at depth 5, a fixed
// 60,000 positions a move, from the empty board, set 24, where this
// scored 22.5 of 48): after the opening's defence, the opponent's
// distance weighed more than the computer's own, as the defence's gain
// suggested, measured from the searching side so that every leaf weighs
// alike (weighed from the side to move at each leaf instead, the weights
// would swap at every other ply). At 125 %: 6 of the first 18 games,
// where this scored 10 (better in 2, worse in 6); at 150 %: 3 of the
// first 10, where this scored 5.5. Both stopped.
//
// Tried on 2026-12-05, the eighteenth day (the same conditions on a
// harness built again, set 30, where this scored 19.5 of 48): the other
// way, the computer's own distance weighed 125 % of the opponent's after
// the opening (attack before defence), measured from the searching side
// likewise: 13 of the first 33 games, where this scored 13.5 (better in
// 12, worse in 12). Stopped.
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

// evalRaces makes the distances count the races each side wins as walls
// for the other (game.Walls.Races). Paired games engine against engine at
// 6,000 positions a move: 4.5 of 8 for races against none. Without them
// against T1j on 2026-12-06 (depth 5, a fixed 60,000 positions a move,
// from the empty board, set 30 of the harness built again, where this
// scored 19.5 of 48): 21.5 of 48 (better in 13 games, worse in 13; 13 as
// Black against 11.5), within the noise either way, so they stay.
const evalRaces = true

// evalEntry caches both sides' bridge distances for a position, by its
// Zobrist key: moves in another order reach the same position often.
type evalEntry struct {
	key        uint64
	red, black int32
}

// evalCacheSize is the number of cached evaluations (16 bytes each).
const evalCacheSize = 1 << 16

// distances returns the bridge distances of Red and Black on b, whose
// Zobrist key is key, with c to move (races depend on it).
func (s *searcher) distances(b *game.Board, key uint64, c game.Color) (red, black int) {
	if c == game.Black && key != 0 {
		key = ^key
	}
	ent := &s.evals[key&(evalCacheSize-1)]
	if ent.key == key && key != 0 {
		return int(ent.red), int(ent.black)
	}
	s.walls.ToMove = c
	red, black = b.WalledBridgeDistance(game.Red, &s.walls), b.WalledBridgeDistance(game.Black, &s.walls)
	*ent = evalEntry{key: key, red: int32(min(red, evalFar)), black: int32(min(black, evalFar))}
	return min(red, evalFar), min(black, evalFar)
}

// evaluate scores b for c, to move; key is b's Zobrist key.
func (s *searcher) evaluate(b *game.Board, c game.Color, key uint64) int32 {
	me, opp := s.distances(b, key, c)
	if c == game.Black {
		me, opp = opp, me
	}
	if me <= 1 {
		return evalNear
	}
	if me >= evalFar && opp >= evalFar {
		return 0
	}
	switch s.defence {
	case c:
		return int32(min(opp, defenceCap)*evalPeg + evalTempo)
	case c.Opponent():
		return int32(-min(me, defenceCap)*evalPeg + evalTempo)
	}
	return int32((opp-me)*evalPeg + evalTempo)
}

// The opening's defence. In a game's first defenceTurns turns the
// computer (alpha-beta, two players, pie rule settled) judges a position
// by how far its opponent is from a connection, not by how far each side
// is: every score is the opponent's distance, so its first pegs block,
// and at a distance (four rows ahead of a peg rather than beside it),
// before it builds. This is T1j's rule for its first eight moves. Hints,
// reviews and the pie rule keep the usual judgement, and so does the
// value a Decision reports (usualValue).
//
// Measured on 2026-12-05 against T1j at depth 5, 24x24, no swap, from the
// empty board, a fixed 60,000 positions a move, on the T1j seeds of sets
// 22 and 23 where the engine without it had scored 21.5 and 16 of 48: 26
// and 22.5, so 48.5 of 96 (50.5 %) against 37.5 (39.1 %), better in 31
// games and worse in 18. The gain is Black's, whose first pegs answer
// T1j's opening peg: 26 of 48 as Black against 16, 22.5 as Red against
// 21.5. The lost games last longer (median 35 and 40 turns against 32
// and 31). At 1 s a move on sets 20 and 21, where it had scored 16.5
// and 19.5: 20.5 and 18.5, 39 of 96 against 36, better in 26 games and
// worse in 26, within the noise. 12 turns instead of 8 scored 11.5 of the
// first 29 games of set 22, where 8 scored 15.5; stopped.
//
// Tried on 2026-12-05, the seventeenth day (the same conditions, set 24,
// where this scored 22.5 of 48; each stopped early, none kept):
//   - 6 turns instead of 8: 6 of the first 17 games, where 8 scored 9.5
//     (better in 4, worse in 7).
//   - The computer's own distance as a tiebreak worth a quarter of a peg
//     (opp - me/4): 5.5 of the first 27, where this scored 13.5 (better
//     in 3, worse in 12). Its blocks then went beside the opponent's peg
//     (k9 after m13, not m9), where a block builds too.
//   - The opponent's two-distance (game.Board.TwoDistance) as a tiebreak,
//     4 points a step, so that of equal blocks the one leaving fewer ways
//     round is chosen: 5 of the first 13, where this scored 7.5 (better
//     in 4, worse in 6); it also costs a quarter of the positions a second
//     in those turns.
//   - No root move next to an opponent's peg (a block one hole away is
//     easily passed; as Red it answers m13 m6 with m5, and l13 l6 with
//     l5, and lost all eight such games of sets 22 to 24): on set 25, out
//     of sample, 15.5 of the first 34 games where this scored 17 (better
//     in 2, worse in 5); the eight lost games replayed with it gave 2 of
//     8 (one won, two open after 300 turns).
const (
	defenceTurns = 8
	// defenceCap keeps a score below evalNear (a won position).
	defenceCap = evalNear/evalPeg - 2
	// ttDefenceSalt is xored into the table's keys in the defence, so
	// that its scores never meet the usual ones (the engine keeps its
	// tables from move to move); with ttBlackDefence too when Black
	// defends. ttBlackDefence leaves the low bits, the table's index,
	// alone, so either side's entries take the same slots as before.
	ttDefenceSalt  = 0x9e3779b97f4a7c15
	ttBlackDefence = 0x5bd1e995 << 32
)

// usualValue is the usual evaluation's estimate that the root's side wins
// after its move m, for a Decision made in the opening's defence.
func (s *searcher) usualValue(m int32) float64 {
	if m < 0 {
		return 0.5
	}
	e := s.e
	b := e.root.Clone()
	if _, err := b.Place(e.hole(m), e.color); err != nil {
		return 0.5
	}
	d := s.defence
	s.defence = game.NoColor
	v := -s.evaluate(b, e.color.Opponent(), 0)
	s.defence = d
	return abValue(v)
}
