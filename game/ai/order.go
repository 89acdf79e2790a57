package ai

import (
	"slices"

	"github.com/twixtbot/twixtbot/game"
)

// orderer chooses and orders the alpha-beta searcher's candidate moves by
// the two sides' potentials: through a hole, how far a side's best
// connection is (the two-distances from both of its border rows, added).
// A hole on or near c's best connection extends it; a hole on or near the
// opponent's cuts it. Everything else is left out.
type orderer struct {
	cols           int
	fc, bc, fo, bo []int32  // the two-distance maps of c and of its opponent
	cands          []uint64 // see candKey
	// rng, if set, orders candidates alike but for their hole (see
	// shuffleTurns); otherwise the lower hole comes first.
	rng     *game.FastRand
	threats []int32
	// forced: the last candidates were the blocks of a threat to win.
	forced bool
	far    []int32 // blocks ahead of the opponent's chain (see farBlocks)
	seen   []bool
	spare  *game.Board // scratch for trying blocks
}

// Tuning of the candidate list.
const (
	// orderSlack: a hole is a candidate when a side's potential through
	// it is at most this much above that side's best. With 2, the first
	// 28 games of seed 14 against T1j at 60,000 positions a move
	// (2026-12-05) went move for move as with 1: the lists are cut to
	// their widths (abWidth) before holes further off could join them.
	orderSlack = 1
	orderCap   = 12 // potentials further above the best count as this
)

func newOrderer(root *game.Board) orderer {
	s := root.Size()
	n := s.Cols * s.Rows
	return orderer{
		cols: s.Cols, spare: root.Clone(), seen: make([]bool, n),
		fc: make([]int32, n), bc: make([]int32, n),
		fo: make([]int32, n), bo: make([]int32, n),
	}
}

// candidates appends to buf up to width of c's moves on b, best first:
// the holes where either side's potential is within orderSlack of its
// best, ordered by the two potentials' excess added, then by hist (the
// history scores of the moves), then by nearness to the centre. It
// returns buf unchanged when no hole qualifies (neither side can
// connect).
func (o *orderer) candidates(b *game.Board, c game.Color, width int, hist []int32, buf []int32) []int32 {
	opp := c.Opponent()
	b.DistanceMap(c, 0, o.fc)
	b.DistanceMap(c, 1, o.bc)
	b.DistanceMap(opp, 0, o.fo)
	b.DistanceMap(opp, 1, o.bo)
	o.forced = false
	size := b.Size()
	const far = int32(game.Unreachable)
	minC, minO := far, far
	for i := range o.fc {
		h := o.hole(i)
		if b.Peg(h) != game.NoColor {
			continue
		}
		pc, po := o.potentials(i)
		minC, minO = min(minC, pc), min(minO, po)
	}
	// A win now is the only move worth searching; a threat of one must
	// be stopped.
	if minC <= 2 || minO <= 2 {
		o.threats = o.threats[:0]
		for i := range o.fc {
			h := o.hole(i)
			if o.fc[i] == 1 && o.bc[i] == 1 && b.Wins(h, c) {
				return append(buf, int32(i))
			}
			if o.fo[i] == 1 && o.bo[i] == 1 && b.Wins(h, opp) {
				o.threats = append(o.threats, int32(i))
			}
		}
		if len(o.threats) > 0 {
			o.forced = true
			return o.blocks(b, c, width, buf)
		}
	}
	o.cands = o.cands[:0]
	if orderFarBlocks && minO < far {
		o.farBlocks(b, c, minO)
	} else {
		o.far = o.far[:0]
	}
	for i := range o.fc {
		h := o.hole(i)
		if !b.CanPeg(h, c) {
			continue
		}
		sc, so := int32(orderCap), int32(orderCap)
		pc, po := o.potentials(i)
		if pc < far {
			sc = min(pc-minC, orderCap)
		}
		if po < far {
			so = min(po-minO, orderCap)
		}
		key := (min(sc, so)*4*orderCap + sc + so) * 2
		if orderBlocksFirst && so > sc {
			key++ // extends c's connection more than it cuts the opponent's
		}
		if slices.Contains(o.far, int32(i)) {
			key = -1
		} else if min(sc, so) > orderSlack {
			continue
		}
		centre := abs(2*h.Col-(size.Cols-1)) + abs(2*h.Row-(size.Rows-1))
		o.cands = append(o.cands, candKey(key, hist[i], int32(centre), int32(i)))
	}
	slices.Sort(o.cands)
	if o.rng != nil {
		// Candidates alike in all but their hole (mirror images, most
		// of all) in an order drawn from the seed.
		for i := 0; i < len(o.cands); {
			j := i + 1
			for j < len(o.cands) && o.cands[j]>>candMoveBits == o.cands[i]>>candMoveBits {
				j++
			}
			run := o.cands[i:j]
			for k := len(run) - 1; k > 0; k-- {
				r := o.rng.IntN(k + 1)
				run[k], run[r] = run[r], run[k]
			}
			i = j
		}
	}
	for _, k := range o.cands[:min(len(o.cands), width)] {
		buf = append(buf, int32(k&(1<<candMoveBits-1)))
	}
	return buf
}

// potentials returns c's and the opponent's potentials through hole i of
// the last candidates' maps (the two-distances from both border rows,
// added), each game.Unreachable where that side has no way through.
func (o *orderer) potentials(i int) (pc, po int32) {
	pc, po = game.Unreachable, game.Unreachable
	if o.fc[i] < game.Unreachable && o.bc[i] < game.Unreachable {
		pc = o.fc[i] + o.bc[i]
	}
	if o.fo[i] < game.Unreachable && o.bo[i] < game.Unreachable {
		po = o.fo[i] + o.bo[i]
	}
	return pc, po
}

// A candidate is sorted as one number, which orders by the potentials'
// key (lower first), then by the history score (higher first), then by
// nearness to the centre, then by the hole's index: 12 bits for the key
// plus one (it may be -1), 25 for the history (it is halved before it
// passes 1<<24, and a cut-off adds at most 64*64), 9 for the centre (at
// most 396 on 100x100) and 14 for the hole (10,000 on 100x100). A sort of
// numbers costs a fifth of the sort by a four-way comparison it replaced.
const (
	candMoveBits   = 14
	candCentreBits = 9
	candHistBits   = 25
)

func candKey(key, hist, centre, move int32) uint64 {
	k := uint64(key + 1)
	k = k<<candHistBits | uint64(1<<candHistBits-1-min(max(hist, 0), 1<<candHistBits-1))
	k = k<<candCentreBits | uint64(centre)
	return k<<candMoveBits | uint64(move)
}

// orderBlocksFirst puts, of two moves the potentials rate alike, the one
// that cuts the opponent's connection before the one that extends c's.
// The evaluation counts whole pegs, so many moves score alike, and the
// search keeps the first of equals: this decides between them.
var orderBlocksFirst = true

// orderFarBlocks adds to the candidates the blocks a few rows ahead of
// the ends of the opponent's best chain (see farBlocks).
var orderFarBlocks = true

// How the candidates compare with T1j's choices (2026-11-25; T1j at depth
// 5 asked for its move in the positions of 48 games against it): T1j's
// move is among the 24 root candidates in 44 % of the positions of the
// first 13 turns (108 positions) and 57 % of turns 14 to 32 (421); the
// two programs choose the same move in 12 % of the latter. Most of T1j's
// moves outside the list are a knight step from one of its own pegs,
// along its own way. Tried against T1j as in eval.go (8,000 positions a
// move, this ordering 13.5 of 48), none better:
//   - the knight steps beyond both ends of the mover's own best chain put
//     in front, as farBlocks does for the opponent's: T1j's move is in the
//     list in 49 % of the early positions, and 12 of 45 games;
//   - of equal candidates, the ones that link to the mover's pegs first:
//     13.5 of 48;
//   - T1j's generator (moves only at both sides' chain ends; the
//     projection searcher of branch proj) with this evaluation: 3 of 24
//     against 7.5.
//
// Measured later on the positions of 196 games of T1j against itself from
// random four-peg openings (11,638 positions): T1j's move is among the
// first 10 of this list in 22.5 % of them, the first 14 in 29 %, the
// first 24 in 39 %, and in the list at all in 75 %; with the bridge
// distance's potentials instead, 13.6, 17 and 25 %. A ranking fitted to
// T1j's choices (a softmax over 14 features of a hole: both potentials,
// links made, contact with either side's pegs, nearness to the last move,
// the blocks ahead of farBlocks) found 35.5 % in its first 10 and 48 % in
// its first 24 on the quarter of the games it was not fitted to (22 and
// 38 % for this list); but as the order of the search (fitted on the
// first 67 games) it scored 2 of 24 against 7.5 (it dropped the blocks
// this list ranks first), and its first four added to this list at every
// node 15 of 48 against 13.5, within the noise and at a cost a node.
// Neither was kept. Where this engine gave away a position T1j went on to
// win (see alphabeta.go), T1j's move touched an opponent peg in 34 % of
// cases and this engine's in 11 %; adding every free hole next to the
// opponent's last peg to the candidates gave away 33 % of 200 such
// positions against 35.5 %, within the noise (a measure that counts
// mostly how often the move is T1j's own: see alphabeta.go).
//
// Measured again on 2026-12-05, on 1,511 positions where T1j was to move
// (turns 5 to 40 of 96 games against it at 1 s a move): T1j's move is
// among the first 12 of this list in 29.0 %, the first 20 in 45.0 % and
// the first 32 in 57.4 %. With the potentials of the walled bridge
// distance, the evaluation's own measure (maps made by the bitset
// search, checked against the hole-by-hole one; not merged), 21.7, 32.0
// and 40.4 %; the first 12 of this list with up to 6 of those, 36.7 %,
// less than the first 18 of this list alone (41.7 %). Not played.
//
// Where T1j's move is not among the first 12, it mostly carries T1j's own
// chain on from one of its ends, as T1j's move generator does, and the
// potentials rank such steps low while a chain is straight: the first 12
// and the knight steps forward from both ends of the mover's best chain
// (its pegs on a shortest connection; 6.6 holes on average) hold T1j's
// move in 51.9 % of the same positions, more than the first 20 (45.0 %).
// Played the same day (1 s a move, T1j at depth 5): those steps added to
// the lists of the opponent's plies from the third on (3, 5, 7), where
// the lists hold 12 and the ranking one move ahead is too dear; depth 6
// in 32,861 positions instead of 28,926, 6.94 plies in 75,000 instead of
// 7.0. It scored 43.5 of the 96 games of seed 11 (the kept engine 38.5
// and 32.5 there), but 18 of the 48 of seed 12 (19.5 and 14.5) and 16.5
// of the first 48 of seed 13 (19.5): 78 of 192 (40.6 %) against some 72
// for the kept engine. Then side by side with the kept engine on 48 new
// games (seed 13, pairs 24-47): 17.5 where it scored 22, better in 9
// games and worse in 14. Over the 240 games, 95.5 (39.8 %) against 94
// (39.2 %) for the kept engine's runs: nothing. Not kept.

// farAhead is how many rows ahead of a chain's end farBlocks blocks it.
// Tried on 2026-12-05 against T1j (depth 5, 1 s a move, seed 11 of the
// match harness): 3 scored 8 of the first 23 games, where the kept
// engine's two runs scored 10.5 and 6.5; 5 scored 4.5 of the first 15,
// where they scored 6 and 4. Both were stopped early to free the cores
// for lines with more behind them, so they say nothing either way.
const farAhead = 4

// farBlocks sets o.far to the holes where c can block the opponent's best
// connection at a distance: farAhead rows beyond each end of the
// opponent's pegs on its shortest path (the pegs whose potential is below
// minO, the best of the empty holes), towards the border row that end
// still has to reach, in the end's column and one column nearer the
// centre. A block next to the end only starts a race along it, which the
// opponent wins if it runs towards its own border; a block further ahead
// leaves room to meet the chain. The potentials rank these holes low
// while the opponent's path is still straight, so they are added to the
// candidates whatever their potentials.
func (o *orderer) farBlocks(b *game.Board, c game.Color, minO int32) {
	o.far = o.far[:0]
	opp := c.Opponent()
	size := b.Size()
	// along is a hole's position on the opponent's way from its first
	// border row to its last; across, on the other axis.
	along := func(h game.Hole) int { return h.Row }
	across := func(h game.Hole) int { return h.Col }
	length, width := size.Rows, size.Cols
	if opp == game.Black {
		along, across = across, along
		length, width = width, length
	}
	first, last := -1, -1
	for i := range o.fo {
		h := o.hole(i)
		if b.Peg(h) != opp || o.fo[i]+o.bo[i] >= minO {
			continue
		}
		if first < 0 || along(h) < along(o.hole(first)) {
			first = i
		}
		if last < 0 || along(h) > along(o.hole(last)) {
			last = i
		}
	}
	if first < 0 {
		return
	}
	add := func(a, x int) {
		if a < 1 || a > length-2 || x < 0 || x >= width {
			return
		}
		h := game.Hole{Col: x, Row: a}
		if opp == game.Black {
			h = game.Hole{Col: a, Row: x}
		}
		if b.CanPeg(h, c) {
			o.far = append(o.far, int32(h.Row*o.cols+h.Col))
		}
	}
	for k, end := range [2]int{first, last} {
		h := o.hole(end)
		a, x := along(h), across(h)
		dir := -1
		if k == 1 {
			dir = 1
		}
		if to := a + dir*farAhead; to >= 1 && to <= length-2 {
			centre := x
			switch {
			case 2*x < width-1:
				centre++
			case 2*x > width-1:
				centre--
			}
			add(to, x)
			if centre != x {
				add(to, centre)
			}
		}
	}
}

// hole is the hole at index i.
func (o *orderer) hole(i int) game.Hole { return game.Hole{Col: i % o.cols, Row: i / o.cols} }

// blockReach is how far (in rows or columns) from a threatened hole a peg
// can stop the threat: by taking the hole, or by a link across the
// opponent's links to it.
const blockReach = 3

// blocks appends to buf c's moves on b after which the opponent wins at
// none of o.threats, nearest the threats first; if no move stops them all,
// the threatened holes c may peg (the game is lost anyway).
func (o *orderer) blocks(b *game.Board, c game.Color, width int, buf []int32) []int32 {
	opp := c.Opponent()
	size := b.Size()
	clear(o.seen)
	start := len(buf)
	for _, t := range o.threats {
		th := o.hole(int(t))
		for dr := -blockReach; dr <= blockReach; dr++ {
			for dc := -blockReach; dc <= blockReach; dc++ {
				h := game.Hole{Col: th.Col + dc, Row: th.Row + dr}
				if h.Col < 0 || h.Row < 0 || h.Col >= size.Cols || h.Row >= size.Rows {
					continue
				}
				i := h.Row*o.cols + h.Col
				if o.seen[i] || !b.CanPeg(h, c) {
					continue
				}
				o.seen[i] = true
				o.spare.CopyFrom(b)
				o.spare.Place(h, c)
				ok := true
				for _, u := range o.threats {
					if o.spare.Wins(o.hole(int(u)), opp) {
						ok = false
						break
					}
				}
				if ok {
					buf = append(buf, int32(i))
				}
			}
		}
	}
	if len(buf) == start {
		for _, t := range o.threats {
			if b.CanPeg(o.hole(int(t)), c) {
				buf = append(buf, t)
			}
		}
	}
	if len(buf)-start > width {
		buf = buf[:start+width]
	}
	return buf
}
