package game

import (
	"math/rand/v2"
	"testing"
)

// TestClone clones random games at random points: the clone looks the
// same, goes on the same under the same moves, and neither is changed by
// what is played on the other.
func TestClone(t *testing.T) {
	for _, s := range []Settings{{}, {Ruleset: PP}, {Swap: SwapSides}, {Swap: SwapMirror}, {Players: 4}, {Size: Size{Cols: 6, Rows: 6}}} {
		for seed := uint64(1); seed <= 4; seed++ {
			r := rand.New(rand.NewPCG(seed, 7))
			g, err := New(s)
			if err != nil {
				t.Fatal(err)
			}
			at := r.IntN(40)
			for g.Turns() < at && !g.Over() {
				_, _ = g.PlayMove(randomMove(g, r))
			}
			c := g.Clone()
			before := snap(g)
			if snap(c) != before || len(c.Log()) != len(g.Log()) {
				t.Fatalf("%v seed %d: the clone differs:\n%+v\n%+v", s, seed, snap(c), before)
			}
			if lg, lc := MarshalLog(g.Log()), MarshalLog(c.Log()); string(lg) != string(lc) {
				t.Fatalf("%v seed %d: the clone's log differs", s, seed)
			}
			// Play on the clone: the original stays as it was.
			cr := rand.New(rand.NewPCG(seed, 8))
			var played []Move
			for k := 0; k < 30 && !c.Over(); k++ {
				m := randomMove(c, cr)
				if _, err := c.PlayMove(m); err == nil {
					played = append(played, m)
				}
			}
			if snap(g) != before {
				t.Fatalf("%v seed %d: playing on the clone changed the original", s, seed)
			}
			checkInvariants(t, c)
			// The same moves on the original give the same game.
			for _, m := range played {
				if _, err := g.PlayMove(m); err != nil {
					t.Fatalf("%v seed %d: %v went on the clone but not on the original: %v", s, seed, m, err)
				}
			}
			if snap(g) != snap(c) {
				t.Fatalf("%v seed %d: after the same moves:\n%+v\n%+v", s, seed, snap(g), snap(c))
			}
		}
	}
}

func BenchmarkClone(b *testing.B) {
	g, err := New(Settings{Size: Size{Cols: 100, Rows: 100}})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	for g.Turns() < 2000 && !g.Over() {
		h := g.LegalHoles()
		_, _ = g.PlayMove(Move{Kind: Place, Hole: h[r.IntN(len(h))]})
	}
	b.ReportAllocs()
	for b.Loop() {
		g.Clone()
	}
}
