package ai

import (
	"context"
	"math"
	"slices"

	"github.com/twixtbot/twixtbot/game"
)

// resignBelow is the value under which a well-searched position is given up.
const (
	resignBelow    = 0.02
	resignPlayouts = 5000
)

// decide chooses the move: the pie rule first, then wins and losses in
// one, then the search.
func (e *engine) decide(ctx context.Context) (Decision, error) {
	set := e.g.Settings()
	if e.turns == 0 && set.SwapAllowed() {
		return e.opening(), nil
	}
	if wins := e.winsNow(e.root, e.color, nil); len(wins) > 0 {
		d := Decision{Move: e.place(wins[0]), Value: 1}
		e.privilege(&d)
		return d, nil
	}
	e.guard()
	if len(e.rootMoves) == 1 {
		d := Decision{Move: e.place(e.rootMoves[0]), Value: 0.5}
		e.privilege(&d)
		return d, nil
	}
	if e.cfg.Method == AlphaBeta || e.cfg.Method == ByLevel && e.prof.alphaBeta {
		return e.decideAB(ctx), nil
	}
	e.search(ctx)
	best := e.best()
	if best < 0 {
		return Decision{Move: game.Move{Kind: game.Resign}, Playouts: e.playouts}, nil
	}
	bv := e.nodes[best].value()
	if e.g.SwapAvailable() && e.shouldSwap(bv) {
		return Decision{Move: game.Move{Kind: game.Swap}, Playouts: e.playouts, Value: 1 - bv}, nil
	}
	if e.nodes[best].proven < 0 || bv < resignBelow && e.playouts >= resignPlayouts {
		return Decision{Move: game.Move{Kind: game.Resign}, Playouts: e.playouts, Value: bv}, nil
	}
	if bv >= finishAbove && e.nodes[best].proven == 0 {
		best = e.finish(best)
	}
	choice := e.pick(best)
	e.save(choice)
	d := Decision{Move: e.place(e.nodes[choice].move), Playouts: e.playouts, Value: e.nodes[choice].value()}
	e.privilege(&d)
	return d, nil
}

// rank searches and returns the n most visited moves of the root.
func (e *engine) rank(ctx context.Context, n int) []Candidate {
	if e.turns == 0 && e.g.Settings().SwapAllowed() {
		d := e.opening()
		return []Candidate{{Move: d.Move, Value: 0.5}}
	}
	if wins := e.winsNow(e.root, e.color, nil); len(wins) > 0 {
		out := make([]Candidate, 0, min(n, len(wins)))
		for _, w := range wins[:min(n, len(wins))] {
			out = append(out, Candidate{Move: e.place(w), Value: 1})
		}
		return out
	}
	e.guard()
	if e.cfg.Method == AlphaBeta || e.cfg.Method == ByLevel && e.prof.alphaBeta {
		return e.rankAB(ctx, n)
	}
	e.search(ctx)
	root := &e.nodes[0]
	kids := slices.Clone(e.nodes[root.child : root.child+root.nchild])
	slices.SortStableFunc(kids, func(a, b node) int {
		if a.proven != b.proven {
			return int(b.proven) - int(a.proven)
		}
		return int(b.visits) - int(a.visits)
	})
	out := make([]Candidate, 0, n)
	if e.g.SwapAvailable() && len(kids) > 0 && e.shouldSwap(kids[0].value()) {
		out = append(out, Candidate{Move: game.Move{Kind: game.Swap}, Value: 1 - kids[0].value()})
	}
	for _, k := range kids {
		if len(out) == n {
			break
		}
		out = append(out, Candidate{Move: e.place(k.move), Visits: int(k.visits), Value: k.value()})
	}
	return out
}

// place returns the move that pegs hole i (see placement).
func (e *engine) place(i int32) game.Move {
	if e.unlinkMode != unlinkNone {
		return e.placement(i)
	}
	return game.Move{Kind: game.Place, Hole: e.hole(i)}
}

// winsNow appends to buf the holes where c would join its border rows now.
func (e *engine) winsNow(b *game.Board, c game.Color, buf []int32) []int32 {
	cols := e.cols
	for i := 0; i < e.n; i++ {
		if b.Wins(game.Hole{Col: i % cols, Row: i / cols}, c) {
			buf = append(buf, int32(i))
		}
	}
	return buf
}

// guard restricts the root to the moves that leave the opponent no win in
// one, when the opponent threatens one and some move stops every threat.
// A move can only take wins away from the opponent, never give new ones,
// so only the threatened holes need checking after each reply, and only
// replies near them can matter.
func (e *engine) guard() {
	opp := e.next(e.color, e.turns+1)
	if opp == e.color {
		return
	}
	threats := e.winsNow(e.root, opp, nil)
	if len(threats) == 0 {
		return
	}
	var safe []int32
	for _, m := range e.pk.moves(e.root, e.color, nil) {
		h := e.hole(m)
		near := false
		for _, t := range threats {
			th := e.hole(t)
			if max(abs(th.Col-h.Col), abs(th.Row-h.Row)) <= 4 {
				near = true
				break
			}
		}
		if !near {
			continue
		}
		e.work.CopyFrom(e.root)
		e.work.Place(h, e.color)
		ok := true
		for _, t := range threats {
			if e.work.Wins(e.hole(t), opp) {
				ok = false
				break
			}
		}
		if ok {
			safe = append(safe, m)
		}
	}
	if len(safe) > 0 {
		e.rootMoves = safe
	}
}

// finishAbove is the value above which the engine stops weighing moves by
// their (saturated) win rates and goes for the shortest win.
const finishAbove = 0.85

// finish returns, among the root's moves that the search rates nearly as
// good as best, the one after which the engine needs the fewest pegs to
// connect (and the opponent the most): a search that is sure to win rates
// every sound move alike, and would otherwise wander instead of winning.
func (e *engine) finish(best int32) int32 {
	root := &e.nodes[0]
	bn := &e.nodes[best]
	choice, bestKey := best, math.MaxInt
	for j := int32(0); j < root.nchild; j++ {
		i := root.child + j
		ch := &e.nodes[i]
		if ch.proven < 0 || ch.visits*5 < bn.visits || ch.value() < bn.value()-0.05 {
			continue
		}
		e.spare.CopyFrom(e.root)
		e.spare.Place(e.hole(ch.move), e.color)
		key := 64*distance(e.spare, e.color) - distance(e.spare, e.color.Opponent())
		if key < bestKey {
			choice, bestKey = i, key
		}
	}
	return choice
}

// pick returns the child to play: the best, or at a weak level one of the
// nearly best at random.
func (e *engine) pick(best int32) int32 {
	p := e.prof
	bn := &e.nodes[best]
	if p.temperature <= 0 || bn.proven != 0 {
		return best
	}
	root := &e.nodes[0]
	kids := e.nodes[root.child : root.child+root.nchild]
	floor := float64(bn.visits) * p.spread
	var total float64
	weights := make([]float64, len(kids))
	for j := range kids {
		if kids[j].proven < 0 || float64(kids[j].visits) < floor || kids[j].visits == 0 {
			continue
		}
		weights[j] = math.Pow(float64(kids[j].visits), 1/p.temperature)
		total += weights[j]
	}
	if total == 0 {
		return best
	}
	x := float64(e.rng.Uint64()>>11) / (1 << 53) * total
	for j, w := range weights {
		if x < w {
			return root.child + int32(j)
		}
		x -= w
	}
	return best
}

// privilege decides, in Double TwixT, whether to claim Privilege after
// d.Move: when the team could then win at once, or when the opponent would
// otherwise have a win in one.
func (e *engine) privilege(d *Decision) {
	if e.g.Players() != 4 || e.g.PrivilegeUsed(e.color) || d.Move.Kind != game.Place {
		return
	}
	after := e.root.Clone()
	if _, err := after.Place(d.Move.Hole, e.color); err != nil || after.Connected(e.color) {
		return
	}
	if len(e.winsNow(after, e.color.Opponent(), nil)) > 0 || len(e.winsNow(after, e.color, nil)) > 0 {
		d.ClaimPrivilege = true
	}
}
