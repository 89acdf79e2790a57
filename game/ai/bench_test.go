package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
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

// midgames reads testdata/midgames.txt, games of the engine against
// itself (alpha-beta at some 1,500 positions a move), one move list a
// line, and returns each game's position after every turn in turns.
func midgames(tb testing.TB, turns ...int) []*game.Game {
	tb.Helper()
	var out []*game.Game
	for _, moves := range moveLists(tb, "midgames.txt") {
		for _, k := range turns {
			if k > len(moves) {
				continue
			}
			g, err := game.New(game.Settings{Swap: game.SwapOff})
			if err != nil {
				tb.Fatal(err)
			}
			for _, s := range moves[:k] {
				m, err := game.ParseMove(s)
				if err != nil {
					tb.Fatal(err)
				}
				if _, err := g.PlayMove(m); err != nil {
					tb.Fatalf("%s: %v", s, err)
				}
			}
			if !g.Over() {
				out = append(out, g)
			}
		}
	}
	return out
}

// moveLists reads a file of testdata with one game's moves a line.
func moveLists(tb testing.TB, name string) [][]string {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	var out [][]string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		out = append(out, strings.Fields(line))
	}
	return out
}

// BenchmarkAlphaBetaDepth measures how deep the alpha-beta searcher reads
// on mid-game 24x24 positions (turns 12, 20 and 28 of testdata's games):
// the positions it takes to complete an iteration of depth 6, and the
// depth of the last iteration it completes within 15,000 positions (what
// it searched in a second before the bitset bridge distance) and within
// 75,000 (what it searches in a second since); all on average, with
// late-move reductions (abReduce) and without.
func BenchmarkAlphaBetaDepth(b *testing.B) {
	gs := midgames(b, 12, 20, 28)
	defer func(v bool) { abReduce = v }(abReduce)
	for _, reduce := range []bool{true, false} {
		abReduce = reduce
		name := "reduced"
		if !reduce {
			name = "full"
		}
		b.Run("to6/"+name, func(b *testing.B) {
			nodes := 0
			for i := 0; i < b.N; i++ {
				for _, g := range gs {
					e := newEngine(g, Config{Level: MaxLevel, Playouts: 1 << 30})
					nodes += newSearcher(e).run(context.Background(), 6).nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N*len(gs)), "nodes")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
		for _, budget := range []int{15000, 75000} {
			b.Run(fmt.Sprintf("%dk/%s", budget/1000, name), func(b *testing.B) {
				depth := 0
				for i := 0; i < b.N; i++ {
					for _, g := range gs {
						e := newEngine(g, Config{Level: MaxLevel, Playouts: budget})
						depth += newSearcher(e).run(context.Background(), abMaxPly).depth
					}
				}
				b.ReportMetric(float64(depth)/float64(b.N*len(gs)), "depth")
			})
		}
	}
}
