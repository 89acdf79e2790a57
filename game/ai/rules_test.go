package ai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestSwap: Black swaps a first peg in the middle of the board and keeps
// the game when the peg is near an edge; Red, when Black may swap, opens
// with a peg it would not swap itself.
func TestSwap(t *testing.T) {
	for _, style := range []game.SwapStyle{game.SwapSides, game.SwapMirror} {
		for _, tc := range []struct {
			first string
			swap  bool
		}{{"l12", true}, {"m14", true}, {"b12", false}, {"w3", false}} {
			g, _ := game.New(game.Settings{Swap: style})
			g.PlayString(tc.first)
			d, err := Choose(context.Background(), g, Config{Playouts: 300, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Move.Kind == game.Swap; got != tc.swap {
				t.Errorf("%s swap, first peg %s: engine played %s", style, tc.first, d.Move)
			}
		}
		for seed := uint64(0); seed < 20; seed++ {
			g, _ := game.New(game.Settings{Swap: style})
			d, err := Choose(context.Background(), g, Config{Playouts: 300, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if d.Move.Kind != game.Place || central(g.Size(), d.Move.Hole) {
				t.Fatalf("Red opened with %s, which the engine itself would swap", d.Move)
			}
			if _, err := g.PlayMove(d.Move); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPrivilege: in Double TwixT the engine claims Privilege when, after
// its move, the opponents would win at once; it does not claim it in a
// quiet position, nor after its team has used it.
func TestPrivilege(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var threatened, quiet int
	for tries := 0; tries < 400 && (threatened < 5 || quiet < 5); tries++ {
		g, _ := game.New(game.Settings{Players: 4, Size: game.Size{Cols: 9 + r.IntN(4), Rows: 9 + r.IntN(4)}})
		for !g.Over() {
			_, c := g.ToMove()
			if len(winningHoles(g, c)) > 0 {
				break // the engine would just win
			}
			unstoppable := len(winningHoles(g, c.Opponent())) > 0 && !blockable(g, c)
			noThreat := len(winningHoles(g, c.Opponent())) == 0 && g.Turns() > 6
			if unstoppable && threatened < 5 || noThreat && quiet < 5 && r.IntN(4) == 0 {
				d, err := Choose(context.Background(), g, Config{Playouts: 100, Seed: 3})
				if err != nil {
					t.Fatal(err)
				}
				after := g.Clone()
				seat, _ := after.ToMove()
				if _, err := after.Play(seat, d.Move); err != nil {
					t.Fatal(err)
				}
				oppWins := !after.Over() && len(winningHoles(after, c.Opponent())) > 0
				ownWins := !after.Over() && len(winningHoles(after, c)) > 0
				switch {
				case unstoppable && oppWins:
					threatened++
					if !d.ClaimPrivilege {
						t.Errorf("after %v (%s), the opponents win at once, and the engine did not claim Privilege", g.Log(), d.Move)
					}
				case noThreat && !oppWins && !ownWins:
					quiet++
					if d.ClaimPrivilege {
						t.Errorf("after %v (%s), a quiet position, the engine claimed Privilege", g.Log(), d.Move)
					}
				}
				if d.ClaimPrivilege {
					if _, err := after.Play(seat, game.Move{Kind: game.Privilege}); err != nil {
						t.Fatalf("claiming Privilege: %v", err)
					}
					if d2, err := Choose(context.Background(), after, Config{Playouts: 50}); err == nil && d2.ClaimPrivilege {
						t.Errorf("the engine claimed Privilege twice for its team")
					}
				}
			}
			holes := g.LegalHoles()
			g.PlayMove(game.Move{Kind: game.Place, Hole: holes[r.IntN(len(holes))]})
		}
	}
	if threatened < 5 || quiet < 5 {
		t.Fatalf("found %d threatened and %d quiet positions, want 5 of each", threatened, quiet)
	}
}
