package ai

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// The classical searcher: iterative-deepening alpha-beta (principal
// variation search) with a transposition table, killer moves and a
// history table, over a narrow list of candidate moves that the
// two-distance potentials of both sides choose (see order.go), and an
// evaluation that compares how far each side is from connecting (eval.go).
//
// Monte Carlo search spreads its simulations over every plausible move and
// reads a blocking fight only a few moves deep. TwixT is decided by such
// fights, so this searcher spends everything on the few moves that extend
// a side's best connection or cut the opponent's, and reads them out.
//
// Where the time goes (24x24, mid-game, one core): two thirds in the
// evaluation at the leaves (its two bridge distances, bitset searches
// since 2026-11-27, and the walls), a quarter in the candidates (four
// distance maps and a sort) at the inner nodes; some 70,000 positions a
// second, 13,000-14,000 before the bitset bridge distance, when the
// evaluation took three quarters. At 1 s a move the search now completes
// 7.3 plies on average with the wider lists (7.8 with the narrower ones;
// the 18 positions of BenchmarkAlphaBetaDepth).
// Earlier, at 1 s a move on 32 positions of games against T1j, iterative
// deepening completed depth 5.66 on average without late-move reductions
// (negamax) and the candidate changes of order.go, and 5.97 with them;
// with the same candidates, depth 6 takes 9,572 positions instead of
// 14,900 (see BenchmarkAlphaBetaDepth). An Engine keeps the tables between
// moves (abTables), which added less than a tenth of a ply. Depth was not
// what lost to T1j: the search read as deep as T1j's five plies, and the
// evaluation, which counts whole pegs, rates many moves alike, so the
// candidate order chooses among them (see order.go). Against T1j at 1 s a
// move, 24 games each under the same load, this searcher scored 7.5 and
// the one before it 5; at 12,000 positions a move, 1.5 and 2 of 12; on a
// quiet machine, 24 games each one after the other (with the race fix of
// game/bridge.go too), 3.5 and 7. Together 11 and 12 of 48: no difference
// that so few games can show, so the deeper reading stays. From 200
// positions of T1j's games against itself that the side to move went on
// to win, this searcher's move (where it was not T1j's) lost the game, T1j
// then playing both sides, in 35.5 % of them at 8,000 positions and 36.5 %
// at 32,000: reading four times further does not save them. But the same
// measure with T1j itself choosing the move: at depth 6 it gave away
// 13.5 % (its move was depth 5's own in 73 %), at depth 3 47.5 % (7.5 %).
// For all three, about half the moves that differ from depth 5's lose, so
// the measure counts mostly how often a move is T1j's own, and judges a
// move no better than a match does. In matches on the 24 games of
// eval.go at 8,000 positions a move, T1j at depth 3 lost all 24 to this
// searcher, and at depth 4 scored 18, about as at depth 5 (16.5).
//
// Tried on 2026-11-25 (the same 48 games against T1j at depth 5, 8,000
// positions a move; branch qs, not merged): a quiescence step at the
// horizon, where the side to move may play one of its first four
// candidates instead of standing pat, so that a move worth far more than
// evalTempo counts there. It scored 13.5 of 48, as the search without it
// (9.5 and 4 on the halves, against 7.5 and 6); the search completes a ply
// less within the same positions.
//
// Tried on 2026-11-28 at 1 s a move against T1j (depth 5; the 96 games of
// the wider lists below, where the engine as it is scored 37 and 34 in
// two runs): following the blocks of a threat to win past the horizon, up
// to six plies (a leaf where the opponent is one peg from a connection
// and has a win in one to play searches the moves that stop it), scored
// 15 of the first 55 games, where the two runs scored 24 and 20; stopped.

// Scores are from the side to move's point of view. A connection is worth
// abWin less the number of plies to it, so the nearer win scores higher.
const (
	abWin    = 1 << 20
	abMaxPly = 64
	abInf    = abWin + abMaxPly + 1
	// abPollEvery is how many nodes pass between looks at the deadline on
	// 24x24 (576 holes); bigger boards, whose nodes cost more, look more
	// often.
	abPollEvery = 64
)

// Bounds stored in the transposition table.
const (
	ttExact uint8 = iota + 1
	ttLower       // the score is at least this (a cut-off)
	ttUpper       // the score is at most this (no move raised alpha)
)

// ttEntry is what the table knows of a position, by its Zobrist key,
// which holds the pegs and not the links: the same pegs placed in another
// order can stand with other links, since a link blocks a later one that
// would cross it. Measured on 2026-12-05 (the 18 positions of
// BenchmarkAlphaBetaDepth, 75,000 positions each), 50 of 74,704 cut-offs
// by the table (0.07 %) and 142 of 46,422 hits of the evaluation cache
// (0.31 %) came from a position with other links: too few to be worth
// keying the links too.
type ttEntry struct {
	key   uint64
	score int32
	move  int32
	depth int8
	flag  uint8
}

// ttSize is the number of transposition-table entries (24 bytes each).
// Since the computer scored more at 1 s a move, which keeps its tables
// from move to move, than at a fixed budget, which does not (see
// abTables), four times as many entries, and four times the evaluation
// cache, were tried on 2026-12-06 (T1j at depth 5, 1 s a move, from the
// empty board, set 30 of the harness built again, where this scored 25 of
// 48; both with T1j on the engine's core): 21 of 48 (better in 11 games,
// worse in 15). Not kept.
const ttSize = 1 << 18

// abTables is what an alpha-beta search learns that stays true after the
// move: the transposition table, the evaluation cache and the history
// scores, all indexed by hole or by Zobrist key for one board size. An
// Engine keeps them from one search to the next (see Engine.tables), so a
// search starts knowing the lines its previous search read two plies
// deeper, and evaluates again none of the positions it already did.
//
// Searches with Config.Playouts keep none, so that they repeat. Whether
// keeping them costs strength was measured on 2026-12-05 (T1j at depth 5,
// a fixed 60,000 positions a move, from the empty board, set 24), since
// the computer had scored less at 1 s a move (which keeps them) than at
// 60,000 positions (which do not): kept at a fixed budget too, 14.5 of
// the first 28 games, where this scored 13.5 (better in 10, worse in 7;
// 8 of 14 as Black against 6). The table's move from the last search,
// tried first at the root, changes the computer's second move in nearly
// every game, but not the score. On the harness built again (2026-12-06,
// 1 s a move, from the empty board, set 30, where this scored 25 of 48
// and a fixed 60,000 positions 19.5), keeping no tables between moves
// (EngineOptions.SavedTables -1) scored 18 of 48, 13 of its games move
// for move the fixed budget's; keeping them but clearing the history
// before each move, 21.5. So on that set the kept tables, not the clock,
// seemed to make 1 s score more than a fixed budget (7 games in 48, about
// one and a half standard errors). But in all those lines T1j shared the
// engine's core; with T1j on the other core (2026-12-06, later), the same
// engine scored 18 of 48 on set 30, not 25, so that gain is not shown.
type abTables struct {
	n     int // holes of the board size
	tt    []ttEntry
	evals []evalEntry
	// history scores moves (per colour) by the cut-offs they caused.
	history [2][]int32
	// root is the position of the last search that used the tables, to
	// give them back to the search of the game that follows from it.
	root *game.Board
}

func newABTables(n int) *abTables {
	t := &abTables{n: n, tt: make([]ttEntry, ttSize), evals: make([]evalEntry, evalCacheSize)}
	t.history[0] = make([]int32, n)
	t.history[1] = make([]int32, n)
	return t
}

// age readies kept tables for a new search: the history of cut-offs
// found from an earlier position of the same game counts half, and that
// of another game nothing (it would order the moves of this one by the
// holes that mattered there: the empty board's search then opened at the
// edge). The transposition table and the evaluation cache, keyed by
// position, stay as they are.
func (t *abTables) age(sameGame bool) {
	for _, h := range t.history {
		if !sameGame {
			clear(h)
			continue
		}
		for i := range h {
			h[i] /= 2
		}
	}
}

// searcher is one alpha-beta search from the engine's root position.
type searcher struct {
	e     *engine
	multi int // how many of the root's best moves get exact scores (1 if 0)
	// also, if rate is set, is a root move read with the full window
	// whatever its rank, so that its score is exact too (see rankAB).
	also   int32
	rate   bool
	boards []*game.Board // the position at each ply
	hash   []uint64      // its Zobrist key
	zob    []uint64      // per colour (0 red, 1 black) and hole index
	tab    *abTables
	tt     []ttEntry
	evals  []evalEntry
	walls  game.Walls
	// killers are two moves per ply that caused a cut-off lately; history
	// scores moves (per colour) by the cut-offs they caused.
	killers [abMaxPly][2]int32
	history [2][]int32
	ord     orderer
	moves   [abMaxPly][]int32

	// The moves ranked one move ahead (see ahead.go), by position.
	aheadCache  map[uint64][]int32
	aheadMoves  []int32
	aheadScores []uint64
	aheadBoard  *game.Board
	near        []bool

	nodes    int
	limit    int       // nodes at most (0: no limit)
	deadline time.Time // zero: none
	done     <-chan struct{}
	stopped  bool

	poll int // nodes between looks at the deadline

	// defence is the side that, in the opening, judges positions by the
	// opponent's distance alone (see defenceTurns), or NoColor; tableKey
	// then keeps those scores apart from the usual ones in the tables.
	defence game.Color
}

// newSearcher readies a search of e's root with fresh tables, or with
// tables its owner kept if e may use them (see engine.keep).
func newSearcher(e *engine) *searcher {
	var tab *abTables
	if e.owner != nil && e.keep {
		tab = e.owner.takeTables(e.root, e.n)
	}
	if tab == nil {
		tab = newABTables(e.n)
	}
	s := &searcher{e: e, tab: tab, tt: tab.tt, evals: tab.evals, history: tab.history}
	s.boards = make([]*game.Board, abMaxPly+1)
	s.hash = make([]uint64, abMaxPly+1)
	s.boards[0] = e.root
	r := game.NewFastRand(0x5eed)
	s.zob = make([]uint64, 2*e.n+1)
	for i := range s.zob {
		s.zob[i] = r.Uint64()
	}
	s.ord = newOrderer(e.root)
	s.poll = min(max(abPollEvery*576/e.n, 1), abPollEvery)
	s.walls.Races = evalRaces
	s.aheadCache = make(map[uint64][]int32)
	return s
}

// board returns the position slot for ply, making it on first use.
func (s *searcher) board(ply int) *game.Board {
	if s.boards[ply] == nil {
		s.boards[ply] = s.e.root.Clone()
	}
	return s.boards[ply]
}

func colorIndex(c game.Color) int {
	if c == game.Black {
		return 1
	}
	return 0
}

// stop reports whether the budget is spent, looking at the clock only now
// and then.
func (s *searcher) stop() bool {
	if s.stopped {
		return true
	}
	if s.limit > 0 && s.nodes >= s.limit {
		s.stopped = true
		return true
	}
	if s.nodes%s.poll == 0 && s.late() {
		s.stopped = true
	}
	return s.stopped
}

// late reports whether the deadline has passed or the search was
// cancelled, without counting a position.
func (s *searcher) late() bool {
	select {
	case <-s.done:
		return true
	default:
	}
	return !s.deadline.IsZero() && !time.Now().Before(s.deadline)
}

// abResult is what the search found at the root.
type abResult struct {
	move  int32 // -1 if there was nothing to search
	score int32
	depth int // the deepest iteration completed
	nodes int
	// ranked are the root's moves by the deepest iteration completed,
	// best first, and scores theirs: exact for the first searcher.multi,
	// bounds from above for the rest. Kept only when multi is above 1;
	// nil if no iteration was completed.
	ranked, scores []int32
	reads          []int // the positions read below each ranked move, in all iterations
}

// run searches the root by iterative deepening until the budget is spent
// or maxDepth is done, and returns the best move of the deepest iteration
// completed (or a better one the unfinished iteration proved).
//
// Every depth is searched. Against T1j (depth 5, 1 s a move, the 96 games
// of seed 11, 2026-12-05), where this scored 38.5 and 32.5 in two runs:
// odd depths only (1, 3, 5, 7, ...; T1j's own way, so that every leaf
// follows one of this side's moves; 7.0 plies in 75,000 positions, as
// now) 31 of 96; even depths only (2, 4, 6, ...; every leaf follows a
// move of the opponent's; 6.33 plies) 29 of 96. Neither was kept.
func (s *searcher) run(ctx context.Context, maxDepth int) abResult {
	e := s.e
	s.deadline, s.limit = e.budget(ctx)
	s.done = ctx.Done()
	c := e.color
	h := s.rootHash()
	// The table may know the best move already: from the search of the
	// previous move, which read this position two plies deep.
	ttMove := int32(-1)
	key := s.tableKey(0, c)
	if ent := &s.tt[key&(ttSize-1)]; ent.key == key {
		ttMove = ent.move
	}
	root := e.rootMoves
	if root == nil {
		if e.turns < shuffleTurns {
			s.ord.rng = e.rng
		}
		root = s.generate(0, e.root, c, ttMove)
		s.ord.rng = nil
	} else if slices.Contains(root, ttMove) {
		root = s.front(slices.Clone(root), 0, e.root, c, ttMove)
	}
	root = slices.Clone(root)
	if s.rate && !slices.Contains(root, s.also) {
		root = append(root, s.also)
	}
	res := abResult{move: -1}
	if len(root) == 0 {
		return res
	}
	res.move = root[0]
	if len(root) == 1 {
		res.score = s.evaluate(e.root, c, h)
		return res
	}
	scores := make([]int32, len(root))
	multi := max(s.multi, 1)
	var reads []int // only when ranking several moves or rating one (for hints)
	if multi > 1 || s.rate {
		reads = make([]int, len(root))
	}
	var topBuf [8]int32
	top := topBuf[:0] // the best exact scores of this iteration, best first
	for depth := 1; depth <= maxDepth; depth++ {
		best, bestScore := int32(-1), int32(-abInf)
		top = top[:0]
		for i, m := range root {
			// alpha: the score a move must beat to be among the multi
			// best; until there are multi of them, every move is read
			// with the full window.
			alpha := int32(-abInf)
			if len(top) == multi && (!s.rate || m != s.also) {
				alpha = top[multi-1]
			}
			var v int32
			before := s.nodes
			if alpha == -abInf {
				v = s.child(0, depth, alpha, abInf, c, e.turns, m)
			} else {
				v = s.child(0, depth, alpha, alpha+1, c, e.turns, m)
				if !s.stopped && v > alpha {
					v = s.child(0, depth, alpha, abInf, c, e.turns, m)
				}
			}
			if reads != nil {
				reads[i] += s.nodes - before
			}
			if s.stopped {
				break
			}
			scores[i] = v
			if v > bestScore {
				best, bestScore = m, v
			}
			if v > alpha {
				k, _ := slices.BinarySearchFunc(top, v, func(a, b int32) int { return int(b) - int(a) })
				top = slices.Insert(top, k, v)
				if len(top) > multi {
					top = top[:multi]
				}
			}
		}
		if s.stopped {
			// A move of the unfinished iteration that beat the previous
			// best is better than it, as far as anything is known.
			if best >= 0 && best != res.move && bestScore > res.score && res.depth > 0 {
				res.move, res.score = best, bestScore
			}
			break
		}
		res.move, res.score, res.depth = best, bestScore, depth
		// The next iteration tries the best first, then the others by
		// their scores.
		idx := make([]int, len(root))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			switch {
			case root[a] == best:
				return -1
			case root[b] == best:
				return 1
			}
			return int(scores[b]) - int(scores[a])
		})
		nr, ns := make([]int32, len(root)), make([]int32, len(root))
		for k, i := range idx {
			nr[k], ns[k] = root[i], scores[i]
		}
		root, scores = nr, ns
		if reads != nil {
			nw := make([]int, len(root))
			for k, i := range idx {
				nw[k] = reads[i]
			}
			reads = nw
			res.ranked, res.scores, res.reads = slices.Clone(root), slices.Clone(scores), slices.Clone(reads)
		}
		if bestScore >= abWin-abMaxPly || bestScore <= -abWin+abMaxPly {
			break // a sure win or loss: nothing deeper to learn
		}
	}
	res.nodes = s.nodes
	return res
}

// moveKey is the Zobrist key of c's peg in hole index m.
func (s *searcher) moveKey(c game.Color, m int32) uint64 {
	return s.zob[int32(colorIndex(c)*s.e.n)+m]
}

// rootHash sets and returns the Zobrist key of the root position.
func (s *searcher) rootHash() uint64 {
	e := s.e
	var h uint64
	for i := int32(0); i < int32(e.n); i++ {
		if p := e.root.Peg(e.hole(i)); p != game.NoColor {
			h ^= s.moveKey(p, i)
		}
	}
	s.hash[0] = h
	return h
}

// child plays m for c at ply (turn t taken so far) and returns its score for
// c by a search of depth-1 further plies.
func (s *searcher) child(ply, depth int, alpha, beta int32, c game.Color, t int, m int32) int32 {
	e := s.e
	b := s.board(ply + 1)
	b.CopyFrom(s.boards[ply])
	b.Place(e.hole(m), c)
	s.hash[ply+1] = s.hash[ply] ^ s.moveKey(c, m)
	if b.Connected(c) {
		return abWin - int32(ply+1)
	}
	nc := e.next(c, t+1)
	if nc == c { // Red's head start: Red moves again
		s.hash[ply+1] ^= s.zob[2*e.n]
		v := s.negamax(ply+1, depth-1, alpha, beta, c, t+1)
		s.hash[ply+1] ^= s.zob[2*e.n]
		return v
	}
	return -s.negamax(ply+1, depth-1, -beta, -alpha, nc, t+1)
}

// negamax returns the score of the position at ply for c, to move, searched
// depth plies deep, within the window (alpha, beta).
func (s *searcher) negamax(ply, depth int, alpha, beta int32, c game.Color, t int) int32 {
	s.nodes++
	if s.stop() {
		return 0
	}
	b := s.boards[ply]
	if depth <= 0 || ply >= abMaxPly-1 {
		return s.evaluate(b, c, s.hash[ply])
	}
	key := s.tableKey(ply, c)
	ent := &s.tt[key&(ttSize-1)]
	ttMove := int32(-1)
	if ent.key == key {
		ttMove = ent.move
		if int(ent.depth) >= depth {
			v := ttLoad(ent.score, ply)
			switch {
			case ent.flag == ttExact,
				ent.flag == ttLower && v >= beta,
				ent.flag == ttUpper && v <= alpha:
				return v
			}
		}
	}
	var moves []int32
	forced := false
	if depth == 1 && ply > 0 && len(s.moves[ply-1]) > 0 {
		moves = s.reuse(ply, b, c, ttMove)
	} else {
		moves = s.generate(ply, b, c, ttMove)
		forced = s.ord.forced
	}
	if len(moves) == 0 {
		return 0 // no hole left: a draw
	}
	alpha0 := alpha
	best, bestMove := int32(-abInf), int32(-1)
	for i, m := range moves {
		var v int32
		if i == 0 {
			v = s.child(ply, depth, alpha, beta, c, t, m)
		} else {
			// Late moves, which the potentials rate below the first
			// few, are searched a ply shallower first, and again in
			// full only if they beat the best so far. Blocks of a
			// threat to win are never cut short.
			reduced := abReduce && i >= lmrFrom && depth >= lmrDepth && !forced
			d := depth
			if reduced {
				d--
			}
			v = s.child(ply, d, alpha, alpha+1, c, t, m)
			if reduced && !s.stopped && v > alpha {
				v = s.child(ply, depth, alpha, alpha+1, c, t, m)
			}
			if !s.stopped && v > alpha && v < beta {
				v = s.child(ply, depth, alpha, beta, c, t, m)
			}
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					s.cutoff(ply, c, m, depth)
					break
				}
			}
		}
	}
	flag := ttExact
	switch {
	case best <= alpha0:
		flag = ttUpper
	case best >= beta:
		flag = ttLower
	}
	*ent = ttEntry{key: key, score: ttStore(best, ply), move: bestMove, depth: int8(depth), flag: flag}
	return best
}

// ttKey is the transposition table's key for a position of Zobrist key h
// with c to move: the side to move is part of the position.
func ttKey(h uint64, c game.Color) uint64 {
	if c == game.Black {
		return ^h
	}
	return h
}

// tableKey is the transposition table's key of the position at ply with c
// to move, salted in the opening's defence by the side that defends: a
// score there depends on which side judges by the other's distance, and
// an Engine's tables pass between its games and between the colours it
// plays (the bot's one Engine, or GTP asking for both sides' moves).
func (s *searcher) tableKey(ply int, c game.Color) uint64 {
	k := ttKey(s.hash[ply], c)
	switch s.defence {
	case game.Red:
		k ^= ttDefenceSalt
	case game.Black:
		k ^= ttDefenceSalt ^ ttBlackDefence
	}
	return k
}

// ttStore converts score, of a node at ply, to the table's form: a win or
// loss counted in plies from the node, not from the root, so that it stays
// true wherever the position is met again (at another ply, or in the next
// move's search).
func ttStore(score int32, ply int) int32 {
	switch {
	case score >= abWin-abMaxPly:
		return score + int32(ply)
	case score <= -(abWin - abMaxPly):
		return score - int32(ply)
	}
	return score
}

// ttLoad is the inverse of ttStore for a node at ply.
func ttLoad(score int32, ply int) int32 {
	switch {
	case score >= abWin-abMaxPly:
		return score - int32(ply)
	case score <= -(abWin - abMaxPly):
		return score + int32(ply)
	}
	return score
}

// cutoff remembers m, which refuted the opponent's last move.
func (s *searcher) cutoff(ply int, c game.Color, m int32, depth int) {
	k := &s.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	h := s.history[colorIndex(c)]
	h[m] += int32(depth * depth)
	if h[m] > 1<<24 {
		for i := range h {
			h[i] /= 2
		}
	}
}

// generate returns the moves to search for c at ply, best first: the
// candidates of the potentials, then at the root and the ply below the
// best moves one move ahead that they lack (ahead.go), with the table's
// move and the killers in front.
//
// Tried on 2026-12-05, the eighteenth day (T1j at depth 5, 60,000
// positions a move, from the empty board, sets 30 and 31 of a harness
// built again): after the opening, the root's moves ordered by the
// computer's own distance after each, nearest first (a stable sort, so
// that of moves the search rates alike the one that builds most is kept,
// as T1j, whose ties go by the order of its move list, plays far stronger
// with its own moves first): 21.5 of 48 on set 30, where the root's usual
// order scored 19.5 (better in 12, worse in 11), but 9.5 of the first 41
// of set 31, where it scored 17 (better in 5, worse in 13). Not kept.
func (s *searcher) generate(ply int, b *game.Board, c game.Color, ttMove int32) []int32 {
	width := abWidth(ply)
	moves := s.ord.candidates(b, c, width, s.history[colorIndex(c)], s.moves[ply][:0])
	if len(moves) == 0 {
		moves = s.e.pk.moves(b, c, moves)
		moves = moves[:min(len(moves), width)]
	} else if ply < len(abAhead) && !s.ord.forced && len(moves) > 1 && s.e.n <= aheadMaxHoles {
		moves = s.ahead(ply, b, c, moves)
	}
	moves = s.front(moves, ply, b, c, ttMove)
	s.moves[ply] = moves
	return moves
}

// front moves the table's move to the front of moves, then the killers of
// ply, and returns moves.
func (s *searcher) front(moves []int32, ply int, b *game.Board, c game.Color, ttMove int32) []int32 {
	front := 0
	for _, want := range [3]int32{ttMove, s.killers[ply][0], s.killers[ply][1]} {
		if want < 0 {
			continue
		}
		if j := slices.Index(moves[front:], want); j >= 0 {
			j += front
			copy(moves[front+1:j+1], moves[front:j])
			moves[front] = want
			front++
		} else if want == ttMove && b.CanPeg(s.e.hole(want), c) {
			moves = slices.Insert(moves, front, want)
			front++
		}
	}
	return moves
}

// reuse returns the moves to search for c at ply, one ply from the
// evaluation: the candidates of the ply before, still free, with the
// table's move and the killers first. The candidates are the holes near
// both sides' best connections, and one peg changes those little, so the
// last ply saves the distance maps, which cost as much as an evaluation.
// A list of its own at the last ply (2026-11-28, with the ladder race of
// game/bridge.go's raceWalls tried that day) reached depth 6 in 15,266
// positions instead of 16,480 but searched a sixth fewer a second, and
// scored 10 of the first 42 games at 1 s a move against T1j, where the
// engine as it is scored 18 and 16 in two runs; stopped.
func (s *searcher) reuse(ply int, b *game.Board, c game.Color, ttMove int32) []int32 {
	moves := s.moves[ply][:0]
	for _, m := range s.moves[ply-1] {
		if b.CanPeg(s.e.hole(m), c) {
			moves = append(moves, m)
		}
	}
	moves = s.front(moves, ply, b, c, ttMove)
	s.moves[ply] = moves
	return moves
}

// abWidth is how many candidate moves a node at ply searches: more at the
// root, where a missed move costs most.
func abWidth(ply int) int {
	switch ply {
	case 0:
		return abRootWidth
	case 1:
		return abWidth1
	}
	return abDeepWidth
}

// Late-move reductions (see negamax): from the lmrFrom-th move on, at
// nodes with at least lmrDepth plies left. Without them (2026-12-06, T1j
// at depth 5, a fixed 60,000 positions a move, from the empty board, set
// 30, where this scored 19.5 of 48): 19.5 of 48 (better in 12 games,
// worse in 12), reading 6.0 plies in 75,000 positions instead of 7.0.
var abReduce = true

const (
	lmrFrom  = 3
	lmrDepth = 3
)

// Widths of the search (see abWidth). Against T1j (depth 5, 1 s a move,
// random two-peg openings, 2026-11-27) these scored 37 of 96 where (24,
// 14, 10) scored 27 on the same openings, and 18 of 48 against 13 on 48
// other games: 55 of 144 (38 %) against 40 (28 %). (40, 24, 14) scored
// 30.5 of the first 80 (23 for 24, 14, 10); with late moves from the
// eighth on also reduced by a second ply, so that it reads about as deep
// as these (7.06 plies in 75,000 positions), 12.5 of the first 44 where
// these scored 19 and 17 in two runs (2026-11-28; stopped). Run again on
// the same 96 openings, these lists scored 34 instead of 37, and only 43
// of the 96 games had the same result both times: at 1 s a move a line of
// 96 games is known to some 5 games. At 8,000 positions a move,
// before the bitset bridge distance made the search four times faster,
// (24, 14, 10) had scored 7.5 of 24 and these 5: wider lists pay once the
// search reads deep enough through them. They cost depth: 7.3 plies in
// 75,000 positions instead of 7.8 (BenchmarkAlphaBetaDepth). With the
// moves ranked one move ahead (ahead.go), 16 instead of 20 at the ply
// below the root scored 18 of 48 games where 20 scored 21.5 (2026-12-04).
// Tried again on 2026-12-06, the nineteenth day (T1j at depth 5, a fixed
// 60,000 positions a move, from the empty board, set 30 of the harness
// built again, where these scored 19.5 of 48): (40, 24, 14), with the
// ranking one move ahead as now, 20 of 48 (better in 13 games, worse in
// 13; depth 6 in 40,606 positions, 6.61 plies in 75,000). Not kept.
var (
	abRootWidth = 32
	abWidth1    = 20
	abDeepWidth = 12
)

// value turns a score into the estimated probability that the mover wins.
func abValue(score int32) float64 {
	switch {
	case score >= abWin-abMaxPly:
		return 1
	case score <= -abWin+abMaxPly:
		return 0
	}
	return 1 / (1 + math.Exp(-float64(score)/evalScale))
}

// decideAB chooses the move by alpha-beta search, after decide has dealt
// with the pie rule's opening and wins in one, and guard has kept only the
// moves that stop a win in one, if there is such a threat.
func (e *engine) decideAB(ctx context.Context) Decision {
	d := e.searchAB(ctx)
	d.Method = AlphaBeta
	return d
}

// rankAB ranks up to n moves with the alpha-beta search, for hints and
// reviews at the levels that move with it: one search, which reads the n
// best moves at the root with the full window, so that each has an exact
// score, and the others only far enough to know they are worse. A swap
// the search prefers comes first, as in rank. If e.rate is set, the
// placement in e.also is read with the full window too, and follows them
// with its exact score when it is not among them (HintWith).
func (e *engine) rankAB(ctx context.Context, n int) []Candidate {
	s := newSearcher(e)
	s.multi = n
	if e.rate && e.root.CanPeg(e.also, e.color) {
		s.also, s.rate = e.index(e.also), true
	}
	r := s.run(ctx, abMaxPly)
	if e.owner != nil && e.keep {
		e.owner.putTables(s.tab, e.root)
	}
	e.playouts = r.nodes
	ranked, scores, reads := r.ranked, r.scores, r.reads
	switch {
	case ranked == nil && r.move >= 0: // not one iteration done: the first move
		ranked, scores, reads = []int32{r.move}, []int32{r.score}, []int{r.nodes}
	case ranked != nil && r.move != ranked[0]:
		// The unfinished iteration proved a better move (see run): it
		// comes first, as Choose would play it.
		if k := slices.Index(ranked, r.move); k > 0 {
			read := reads[k]
			ranked, scores, reads = slices.Delete(ranked, k, k+1), slices.Delete(scores, k, k+1), slices.Delete(reads, k, k+1)
			ranked, scores, reads = slices.Insert(ranked, 0, r.move), slices.Insert(scores, 0, r.score), slices.Insert(reads, 0, read)
		}
	}
	out := make([]Candidate, 0, n)
	if len(ranked) > 0 && e.g.SwapAvailable() && e.shouldSwap(abValue(scores[0])) {
		out = append(out, Candidate{Move: game.Move{Kind: game.Swap}, Value: 1 - abValue(scores[0])})
	}
	for i, m := range ranked {
		if len(out) == n {
			break
		}
		if r.ranked != nil && i >= s.multi {
			break // only bounds from here on
		}
		out = append(out, Candidate{Move: e.place(m), Visits: reads[i], Value: abValue(scores[i])})
	}
	// The move to rate, if it is not among them: its score is exact too,
	// since every iteration read it with the full window.
	if !s.rate || r.ranked == nil {
		return out
	}
	listed := func(c Candidate) bool { return c.Move.Kind == game.Place && c.Move.Hole == e.also }
	if k := slices.Index(ranked, s.also); k >= 0 && !slices.ContainsFunc(out, listed) {
		out = append(out, Candidate{Move: e.place(s.also), Visits: reads[k], Value: abValue(scores[k])})
	}
	return out
}

func (e *engine) searchAB(ctx context.Context) Decision {
	s := newSearcher(e)
	if e.turns < defenceTurns && e.g.Players() == 2 && !e.g.SwapAvailable() {
		s.defence = e.color
	}
	r := s.run(ctx, abMaxPly)
	if e.owner != nil && e.keep {
		e.owner.putTables(s.tab, e.root)
	}
	e.playouts = r.nodes
	if r.move < 0 {
		return Decision{Move: game.Move{Kind: game.Resign}, Playouts: r.nodes}
	}
	v := abValue(r.score)
	if s.defence != game.NoColor {
		v = s.usualValue(r.move)
	}
	if e.g.SwapAvailable() && e.shouldSwap(v) {
		return Decision{Move: game.Move{Kind: game.Swap}, Playouts: r.nodes, Value: 1 - v}
	}
	// The candidate lists are narrow, so a loss the search finds is no
	// proof, except a loss on the opponent's next move: then every move
	// that stops a win in one was tried (see orderer.blocks).
	if r.score <= -(abWin - 2) {
		return Decision{Move: game.Move{Kind: game.Resign}, Playouts: r.nodes}
	}
	d := Decision{Move: e.place(r.move), Playouts: r.nodes, Value: v}
	e.privilege(&d)
	return d
}

// shuffleTurns: in a game's first turns, the root's candidates that the
// orderer cannot tell apart (the same potentials, history and distance
// from the centre: mirror images, most of all) come in an order drawn
// from the engine's seed instead of by their holes' indices
// (orderer.rng). The search keeps the first of equally rated moves, so
// with the index deciding, the computer chose the same move every time:
// from the empty board it opened l11 under every seed and answered l11
// l17 with l15, at 60,000 positions a move and at 1 s a move alike (the
// clock made only later moves differ), so a player who had beaten it
// could beat it again move for move. Now, at a fixed budget, its first
// peg is one of the four central holes alike by symmetry (l11, m11, l14,
// m14 on 24x24), and where replies are alike they vary too; as Red at 1 s
// a move against T1j it played 26 different openings in 48 games. It is
// still deterministic under a seed (the bot's is the game's ID and turn).
//
// Shuffling the whole root list instead (every tie by the seed; 54fb943)
// scored lower against T1j at depth 5 from the empty board, on the same
// T1j seeds: 12 of 48 games where the candidates' own order scored 22.5
// at 60,000 positions a move (better in 7 games, worse in 19), and 14.5
// where it scored 19.5 at 1 s a move (9 and 15). The difference was as
// Red (23.5 of 72 against 39.5), where the engine in that order played
// only three openings (l11, then l15, i14 or h18 against T1j's l17, l18
// or l19), so those figures judge three lines as much as the engine; as
// Black 20.5 against 22.5. Either way the orderer's first of equals
// (nearer either side's best connection) did no worse than a random one,
// and shuffled later in the game too, ties went to moves that made no
// progress: TestUnblock's position 3 (the computer must cross a removed
// link's place) failed under each of ten seeds.
const shuffleTurns = 6
