package ai

import (
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestNeedPrefersChains: of two positions where Red needs as many pegs by
// the walled bridge distance, a chain of linked pegs needs less than pegs
// joined only by double links, which the opponent can still cut into.
func TestNeedPrefersChains(t *testing.T) {
	linked := []game.Hole{{Col: 10, Row: 4}, {Col: 11, Row: 6}, {Col: 10, Row: 8}, {Col: 11, Row: 10}, {Col: 10, Row: 12}}
	doubled := []game.Hole{{Col: 10, Row: 4}, {Col: 10, Row: 8}, {Col: 10, Row: 12}}
	need := func(red []game.Hole) (need, bridge int) {
		t.Helper()
		g, err := game.New(game.Settings{Swap: game.SwapOff})
		if err != nil {
			t.Fatal(err)
		}
		// Black answers far away, in its own border column.
		for k, h := range red {
			if _, err := g.PlayMove(game.Move{Kind: game.Place, Hole: h}); err != nil {
				t.Fatal(h, err)
			}
			if _, err := g.PlayMove(game.Move{Kind: game.Place, Hole: game.Hole{Col: 0, Row: 2 + 2*k}}); err != nil {
				t.Fatal(err)
			}
		}
		s := newSearcher(newEngine(g, Config{}))
		b := g.Board()
		s.walls.ToMove = game.Red
		return s.need(b, game.Red), b.WalledBridgeDistance(game.Red, &s.walls)
	}
	nl, bl := need(linked)
	nd, bd := need(doubled)
	if bl != bd {
		t.Fatalf("walled bridge distances differ: %d linked, %d doubled", bl, bd)
	}
	if nl >= nd {
		t.Errorf("a linked chain needs %d, double links %d; want less", nl, nd)
	}
}
