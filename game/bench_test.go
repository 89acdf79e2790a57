package game

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkPlace measures one peg with its autolinks and the win check on a
// 24x24 board, the innermost step of every search.
func BenchmarkPlace(b *testing.B) {
	for _, rules := range []Ruleset{Standard, PP} {
		b.Run(rules.String(), func(b *testing.B) {
			bd, _ := NewBoard(Size{24, 24}, rules)
			r := rand.New(rand.NewPCG(1, 2))
			var holes []int32
			fill := func() {
				bd.Reset()
				holes = holes[:0]
				for i := 0; i < bd.g.n; i++ {
					if !bd.g.corner[i] {
						holes = append(holes, int32(i))
					}
				}
				r.Shuffle(len(holes), func(i, j int) { holes[i], holes[j] = holes[j], holes[i] })
			}
			fill()
			c := Red
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if len(holes) == 0 {
					b.StopTimer()
					fill()
					b.StartTimer()
				}
				h := holes[len(holes)-1]
				holes = holes[:len(holes)-1]
				if !bd.g.usable(int(h), c) {
					continue // the other side's border: skip it
				}
				if _, err := bd.Place(bd.g.hole(int(h)), c); err != nil {
					b.Fatal(err)
				}
				if bd.Connected(c) {
					b.StopTimer()
					fill()
					b.StartTimer()
				}
				c = c.Opponent()
			}
		})
	}
}

// BenchmarkPlayout measures random games from an empty 24x24 board to the
// end, without dead-draw detection.
func BenchmarkPlayout(b *testing.B) {
	for _, rules := range []Ruleset{Standard, PP} {
		b.Run(rules.String(), func(b *testing.B) {
			bd, _ := NewBoard(Size{24, 24}, rules)
			r := NewFastRand(34)
			var scratch []int32
			moves := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				bd.Reset()
				_, scratch = bd.Playout(Red, r, scratch)
				moves += bd.npegs[Red] + bd.npegs[Black]
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(float64(moves)/float64(b.N), "pegs/playout")
		})
	}
}

// randomLog plays a random game of n turns (fewer if it ends first) and
// returns its log.
func randomLog(tb testing.TB, s Settings, n int, seed uint64) []Move {
	tb.Helper()
	g, err := New(s)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, seed+1))
	for g.Turns() < n && !g.Over() {
		holes := g.LegalHoles()
		h := holes[r.IntN(len(holes))]
		if _, err := g.PlayMove(Move{Kind: Place, Hole: h}); err != nil {
			tb.Fatal(err)
		}
	}
	return g.Log()
}

// BenchmarkReplay200 rebuilds a 200-move 24x24 game from its log, with
// every move checked and dead-draw detection on, as loading a game does.
func BenchmarkReplay200(b *testing.B) {
	for _, rules := range []Ruleset{Standard, PP} {
		b.Run(rules.String(), func(b *testing.B) {
			s := Settings{Ruleset: rules}
			log := randomLog(b, s, 200, 7)
			if len(log) != 200 {
				b.Fatalf("random game ended after %d moves", len(log))
			}
			b.ReportAllocs()
			b.ResetTimer()
			var g *Game
			for i := 0; i < b.N; i++ {
				var err error
				if g, err = Replay(s, log); err != nil {
					b.Fatal(err)
				}
			}
			// How often the dead-draw check had to search afresh.
			b.ReportMetric(float64(g.searches), "searches/replay")
		})
	}
}
