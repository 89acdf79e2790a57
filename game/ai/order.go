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
	fc, bc, fo, bo []int32 // the two-distance maps of c and of its opponent
	cands          []cand
	threats        []int32
	seen           []bool
	spare          *game.Board // scratch for trying blocks
}

type cand struct {
	move   int32
	key    int32 // lower is better
	hist   int32
	centre int32
}

// Tuning of the candidate list.
const (
	// orderSlack: a hole is a candidate when a side's potential through
	// it is at most this much above that side's best.
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
	size := b.Size()
	const far = int32(game.Unreachable)
	minC, minO := far, far
	for i := range o.fc {
		h := game.Hole{Col: i % o.cols, Row: i / o.cols}
		if b.Peg(h) != game.NoColor {
			continue
		}
		if o.fc[i] < far && o.bc[i] < far {
			minC = min(minC, o.fc[i]+o.bc[i])
		}
		if o.fo[i] < far && o.bo[i] < far {
			minO = min(minO, o.fo[i]+o.bo[i])
		}
	}
	// A win now is the only move worth searching; a threat of one must
	// be stopped.
	if minC <= 2 || minO <= 2 {
		o.threats = o.threats[:0]
		for i := range o.fc {
			h := game.Hole{Col: i % o.cols, Row: i / o.cols}
			if o.fc[i] == 1 && o.bc[i] == 1 && b.Wins(h, c) {
				return append(buf, int32(i))
			}
			if o.fo[i] == 1 && o.bo[i] == 1 && b.Wins(h, opp) {
				o.threats = append(o.threats, int32(i))
			}
		}
		if len(o.threats) > 0 {
			return o.blocks(b, c, width, buf)
		}
	}
	o.cands = o.cands[:0]
	for i := range o.fc {
		h := game.Hole{Col: i % o.cols, Row: i / o.cols}
		if !b.CanPeg(h, c) {
			continue
		}
		sc, so := int32(orderCap), int32(orderCap)
		if o.fc[i] < far && o.bc[i] < far {
			sc = min(o.fc[i]+o.bc[i]-minC, orderCap)
		}
		if o.fo[i] < far && o.bo[i] < far {
			so = min(o.fo[i]+o.bo[i]-minO, orderCap)
		}
		if min(sc, so) > orderSlack {
			continue
		}
		centre := abs(2*h.Col-(size.Cols-1)) + abs(2*h.Row-(size.Rows-1))
		o.cands = append(o.cands, cand{move: int32(i), key: min(sc, so)*4*orderCap + sc + so, hist: hist[i], centre: int32(centre)})
	}
	slices.SortFunc(o.cands, func(x, y cand) int {
		switch {
		case x.key != y.key:
			return int(x.key - y.key)
		case x.hist != y.hist:
			return int(y.hist - x.hist)
		case x.centre != y.centre:
			return int(x.centre - y.centre)
		}
		return int(x.move - y.move)
	})
	for _, k := range o.cands[:min(len(o.cands), width)] {
		buf = append(buf, k.move)
	}
	return buf
}

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
		th := game.Hole{Col: int(t) % o.cols, Row: int(t) / o.cols}
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
					if o.spare.Wins(game.Hole{Col: int(u) % o.cols, Row: int(u) / o.cols}, opp) {
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
			if b.CanPeg(game.Hole{Col: int(t) % o.cols, Row: int(t) / o.cols}, c) {
				buf = append(buf, t)
			}
		}
	}
	if len(buf)-start > width {
		buf = buf[:start+width]
	}
	return buf
}
