package ai

import (
	"slices"
	"testing"
)

// TestAheadBestInList checks that the root's candidates hold, in every
// mid-game position of testdata, a move that the evaluation one move ahead
// rates best among the holes near a peg, and that the potentials' list
// alone lacks one in some of them (so the moves ranked ahead are what
// puts it there).
func TestAheadBestInList(t *testing.T) {
	gs := midgames(t, 12, 20, 28)
	missing := 0
	for k, g := range gs {
		e := newEngine(g, Config{Level: MaxLevel, Playouts: 1000})
		s := newSearcher(e)
		s.rootHash()
		b, c := e.root, e.color
		list := slices.Clone(s.generate(0, b, c, -1))
		plain := s.ord.candidates(b, c, abWidth(0), s.history[colorIndex(c)], nil)
		bestV, best := int32(-abInf), []int32(nil)
		after := b.Clone()
		for _, i := range e.pk.nearMoves(b, c, make([]bool, e.n), nil) {
			after.CopyFrom(b)
			after.Place(e.hole(i), c)
			v := -s.evaluate(after, c.Opponent(), 0)
			switch {
			case v > bestV:
				bestV, best = v, append(best[:0], i)
			case v == bestV:
				best = append(best, i)
			}
		}
		has := func(l []int32) bool {
			return slices.ContainsFunc(best, func(m int32) bool { return slices.Contains(l, m) })
		}
		if !has(list) {
			t.Errorf("position %d: none of the best moves one move ahead %v is among the candidates %v", k, best, list)
		}
		if !has(plain) {
			missing++
		}
	}
	if missing == 0 {
		t.Errorf("the potentials' list alone holds a best move one move ahead in all %d positions: the test shows nothing", len(gs))
	}
	t.Logf("the potentials' list alone lacks every best move one move ahead in %d of %d positions", missing, len(gs))
}
