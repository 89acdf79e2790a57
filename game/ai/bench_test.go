package ai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// BenchmarkSearch measures the whole Monte Carlo search (descent, priors, playout,
// RAVE update) on a 24x24 position 20 turns in, in simulations per second.
func BenchmarkSearch(b *testing.B) {
	for _, rules := range []game.Ruleset{game.Standard, game.PP} {
		b.Run(rules.String(), func(b *testing.B) {
			g := randomGame(b, game.Settings{Ruleset: rules}, 20, rand.New(rand.NewPCG(9, 9)))
			const per = 2000
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := Choose(context.Background(), g, Config{Level: MaxLevel, Method: MCTS, Playouts: per, Seed: uint64(i)}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*per)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

// BenchmarkAlphaBeta measures the alpha-beta searcher on the same 24x24
// position, in positions searched (nodes) per second.
func BenchmarkAlphaBeta(b *testing.B) {
	for _, rules := range []game.Ruleset{game.Standard, game.PP} {
		b.Run(rules.String(), func(b *testing.B) {
			g := randomGame(b, game.Settings{Ruleset: rules}, 20, rand.New(rand.NewPCG(9, 9)))
			const per = 3000
			b.ReportAllocs()
			b.ResetTimer()
			nodes := 0
			for i := 0; i < b.N; i++ {
				d, err := Choose(context.Background(), g, Config{Level: MaxLevel, Method: AlphaBeta, Playouts: per})
				if err != nil {
					b.Fatal(err)
				}
				nodes += d.Playouts
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkEvaluate measures the alpha-beta searcher's evaluation of one
// 24x24 mid-game position.
func BenchmarkEvaluate(b *testing.B) {
	g := randomGame(b, game.Settings{}, 40, rand.New(rand.NewPCG(9, 9)))
	e := newEngine(g, Config{})
	s := newSearcher(e)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.evaluate(e.root, e.color, 0) // key 0: never cached
	}
}
