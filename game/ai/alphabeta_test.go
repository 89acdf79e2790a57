package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// searchAB runs the alpha-beta searcher alone on g, without the shortcuts
// of decide (wins in one, the guard against losses in one), with a budget
// of nodes.
func searchAB(t *testing.T, g *game.Game, nodes int) game.Hole {
	t.Helper()
	e := newEngine(g, Config{Playouts: nodes})
	r := newSearcher(e).run(context.Background(), abMaxPly)
	if r.move < 0 {
		t.Fatalf("no move on\n%v", g.Log())
	}
	return e.hole(r.move)
}

// TestAlphaBetaWinInOne: the search itself finds a win in one.
func TestAlphaBetaWinInOne(t *testing.T) {
	wins, _ := tacticalPositions(t, 10)
	for i, g := range wins {
		_, c := g.ToMove()
		h := searchAB(t, g, 500)
		if _, err := g.PlayMove(game.Move{Kind: game.Place, Hole: h}); err != nil {
			t.Fatal(err)
		}
		if r := g.Result(); r.Winner != c {
			t.Errorf("position %d: %s played %s and did not win (%s)", i, c, h, r)
		}
	}
}

// TestAlphaBetaBlocksLossInOne: the search itself stops a win in one when
// a move can.
func TestAlphaBetaBlocksLossInOne(t *testing.T) {
	_, blocks := tacticalPositions(t, 10)
	for i, g := range blocks {
		_, c := g.ToMove()
		h := searchAB(t, g, 3000)
		if _, err := g.PlayMove(game.Move{Kind: game.Place, Hole: h}); err != nil {
			t.Fatal(err)
		}
		if w := winningHoles(g, c.Opponent()); len(w) > 0 && !g.Over() {
			t.Errorf("position %d: %s played %s and left the win(s) %v", i, c, h, w)
		}
	}
}

// TestAlphaBetaLegal: on random positions of every size and both
// rulesets, with Red's head start, the searcher's move is legal.
func TestAlphaBetaLegal(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	sizes := []game.Size{{Cols: 5, Rows: 5}, {Cols: 7, Rows: 11}, {Cols: 24, Rows: 24}, {Cols: 100, Rows: 100}}
	for k := 0; k < 24; k++ {
		s := game.Settings{Size: sizes[k%len(sizes)], Ruleset: game.Ruleset(k % 3), Swap: game.SwapOff}
		if k%5 == 4 {
			s.ExtraMoves = 2
		}
		g := randomGame(t, s, r.IntN(min(200, s.Size.Cols*s.Size.Rows/3)), r)
		if g.Over() {
			continue
		}
		d, err := Choose(context.Background(), g, Config{Method: AlphaBeta, Playouts: 100})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Clone().PlayMove(d.Move); err != nil {
			t.Errorf("%s %s: %s is illegal: %v", s.Size, s.Ruleset, d.Move, err)
		}
	}
}

// TestAlphaBetaDeterministic: under a node budget the same position gives
// the same decision.
func TestAlphaBetaDeterministic(t *testing.T) {
	g := randomGame(t, game.Settings{Swap: game.SwapOff}, 16, rand.New(rand.NewPCG(7, 7)))
	cfg := Config{Method: AlphaBeta, Playouts: 2000}
	d1, err1 := Choose(context.Background(), g, cfg)
	d2, err2 := Choose(context.Background(), g, cfg)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if d1.String() != d2.String() {
		t.Fatalf("%s, then %s", d1, d2)
	}
}

// TestAlphaBetaOpeningVaries: in the first turns the choice among moves
// the search and the orderer cannot tell apart follows the seed, so that
// the computer does not play the same game again against the same moves
// (from the empty board it opened l11 under every seed); the same seed
// still gives the same move. Later the seed changes nothing.
func TestAlphaBetaOpeningVaries(t *testing.T) {
	for _, tc := range []struct {
		moves []string
		vary  bool
	}{
		{nil, true},
		{[]string{"m13"}, true},
		{[]string{"l11", "l17", "l15", "l7", "l6", "j18"}, false},
	} {
		g, err := game.New(game.Settings{Swap: game.SwapOff})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tc.moves {
			if _, err := g.PlayString(m); err != nil {
				t.Fatal(err)
			}
		}
		choose := func(seed uint64) string {
			d, err := Choose(context.Background(), g, Config{Method: AlphaBeta, Playouts: 3000, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			return d.Move.String()
		}
		seen := map[string]bool{}
		for seed := range uint64(8) {
			seen[choose(seed)] = true
		}
		if a, b := choose(3), choose(3); a != b {
			t.Fatalf("after %v, seed 3: %s, then %s", tc.moves, a, b)
		}
		if tc.vary != (len(seen) > 1) {
			t.Errorf("after %v: eight seeds chose %d different moves (%v), want them to vary: %v", tc.moves, len(seen), seen, tc.vary)
		}
	}
}

// TestOpeningDefence: in the first turns the computer blocks, at a
// distance: after l11 every seed answers l15, four rows from it towards
// the centre (without the defence the seeds chose k8 or k9, two or three
// rows from it on the side of its near border). The value it reports
// stays the usual estimate, and so do a hint's.
// TestDefenceTableKeys checks that the table keeps the opening's
// defence apart by the side that defends: an Engine's tables pass
// between the colours it plays, and a score in the defence depends on
// which side judges by the other's distance. The slots stay the same.
func TestDefenceTableKeys(t *testing.T) {
	g, err := game.New(game.Settings{Swap: game.SwapOff})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"l11", "l15"} {
		if _, err := g.PlayString(m); err != nil {
			t.Fatal(err)
		}
	}
	s := newSearcher(newEngine(g, Config{Method: AlphaBeta, Playouts: 1000}))
	s.rootHash()
	keys := map[uint64]string{}
	for _, d := range []game.Color{game.NoColor, game.Red, game.Black} {
		s.defence = d
		for _, c := range []game.Color{game.Red, game.Black} {
			k := s.tableKey(0, c)
			name := fmt.Sprintf("%v defending, %v to move", d, c)
			if other, ok := keys[k]; ok {
				t.Errorf("%s has the key of %s", name, other)
			}
			keys[k] = name
			if d == game.Black {
				s.defence = game.Red
				if red := s.tableKey(0, c); red&(ttSize-1) != k&(ttSize-1) {
					t.Errorf("%s: slot %d, Red defending %d", name, k&(ttSize-1), red&(ttSize-1))
				}
				s.defence = d
			}
		}
	}
}

func TestOpeningDefence(t *testing.T) {
	g, err := game.New(game.Settings{Swap: game.SwapOff})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.PlayString("l11"); err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(8) {
		d, err := Choose(context.Background(), g, Config{Method: AlphaBeta, Playouts: 3000, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Move.String(); got != "l15" {
			t.Errorf("seed %d: %s, want the block l15", seed, got)
		}
		if d.Value < 0.2 || d.Value > 0.8 {
			t.Errorf("seed %d: value %.3f, want the usual estimate of an even opening", seed, d.Value)
		}
	}
	cs, err := Hint(context.Background(), g, Config{Method: AlphaBeta, Playouts: 3000, Seed: 1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Value < 0.2 || c.Value > 0.8 {
			t.Errorf("hint %s: value %.3f, want the usual estimate", c.Move, c.Value)
		}
	}
}

// TestReductionsSearchFewer: late-move reductions complete the same depth
// in fewer positions on mid-game positions, and still block every win in
// one of the tactical positions (TestAlphaBetaBlocksLossInOne runs with
// them on).
func TestReductionsSearchFewer(t *testing.T) {
	defer func(v bool) { abReduce = v }(abReduce)
	for i, g := range midgames(t, 20) {
		if i >= 3 {
			break
		}
		var nodes [2]int
		for k, reduce := range []bool{false, true} {
			abReduce = reduce
			e := newEngine(g, Config{Playouts: 1 << 30})
			r := newSearcher(e).run(context.Background(), 5)
			if r.depth != 5 {
				t.Fatalf("position %d: depth %d completed, want 5", i, r.depth)
			}
			nodes[k] = r.nodes
		}
		if nodes[1] >= nodes[0] {
			t.Errorf("position %d: %d positions to depth 5 with reductions, %d without", i, nodes[1], nodes[0])
		}
	}
}
