package ai

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// checkTree verifies a tree's shape: every block of children lies after
// its parent and inside the arena, and no child has more visits than its
// parent.
func checkTree(t *testing.T, nodes []node) {
	t.Helper()
	for i := range nodes {
		nd := &nodes[i]
		if nd.nchild == 0 {
			continue
		}
		if int(nd.child) <= i || int(nd.child+nd.nchild) > len(nodes) {
			t.Fatalf("node %d: children %d..%d in an arena of %d", i, nd.child, nd.child+nd.nchild, len(nodes))
		}
		for _, ch := range nodes[nd.child : nd.child+nd.nchild] {
			if ch.visits > nd.visits {
				t.Fatalf("node %d (%d visits) has a child with %d", i, nd.visits, ch.visits)
			}
		}
	}
}

// TestTreeCap: a search that fills its tree prunes it and goes on, never
// holding more than MaxNodes nodes, keeping the root's statistics, and
// still deciding the same way under the same seed.
func TestTreeCap(t *testing.T) {
	g := randomGame(t, game.Settings{}, 20, rand.New(rand.NewPCG(4, 4)))
	const maxNodes, playouts = 40_000, 3000
	run := func() *engine {
		e := newEngine(g, Config{Level: MaxLevel, Playouts: playouts, Seed: 5, MaxNodes: maxNodes})
		e.guard()
		e.search(context.Background())
		return e
	}
	e := run()
	if e.prunes == 0 {
		t.Fatalf("%d simulations in a tree of %d nodes at most never pruned it (%d nodes)", playouts, maxNodes, len(e.nodes))
	}
	if len(e.nodes) > maxNodes || cap(e.nodes) > maxNodes {
		t.Fatalf("the tree holds %d nodes (capacity %d), over the cap of %d", len(e.nodes), cap(e.nodes), maxNodes)
	}
	if got := e.nodes[0].visits; got != playouts {
		t.Errorf("the root has %d visits after %d simulations", got, playouts)
	}
	checkTree(t, e.nodes)
	again := run()
	if again.prunes != e.prunes || e.nodes[e.best()].move != again.nodes[again.best()].move {
		t.Errorf("two searches under one seed differ: %d and %d prunes, moves %d and %d",
			e.prunes, again.prunes, e.nodes[e.best()].move, again.nodes[again.best()].move)
	}
	t.Logf("%d prunes, %d nodes at the end", e.prunes, len(e.nodes))
}

// TestPruneUnprunable: a cap too small even for the root's children makes
// the tree stop growing instead of pruning on every simulation.
func TestPruneUnprunable(t *testing.T) {
	g := randomGame(t, game.Settings{}, 4, rand.New(rand.NewPCG(4, 5)))
	d, err := Choose(context.Background(), g, Config{Playouts: 300, Seed: 1, MaxNodes: 600})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Clone().PlayMove(d.Move); err != nil {
		t.Fatalf("chose %s: %v", d.Move, err)
	}
}

// TestEngineConcurrent: one Engine serves several games at once (run with
// -race), reusing its trees and arenas, and each answer is legal.
func TestEngineConcurrent(t *testing.T) {
	en := NewEngine(EngineOptions{})
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := randomGame(t, game.Settings{Swap: game.SwapOff}, 6, rand.New(rand.NewPCG(uint64(w), 9)))
			for k := 0; k < 3 && !g.Over(); k++ {
				d, err := en.Choose(context.Background(), g, Config{MoveTime: 30 * time.Millisecond, Seed: uint64(k)})
				if err != nil {
					t.Error(err)
					return
				}
				if _, err := g.PlayMove(d.Move); err != nil {
					t.Errorf("chose %s: %v", d.Move, err)
					return
				}
				// Monte Carlo hints leave arenas to recycle; alpha-beta
				// ones take and return tables.
				for _, m := range []Method{MCTS, AlphaBeta} {
					if _, err := en.Hint(context.Background(), g, Config{Method: m, MoveTime: 10 * time.Millisecond}, 3); err != nil && !g.Over() {
						t.Error(err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	en.mu.Lock()
	defer en.mu.Unlock()
	if len(en.free) == 0 {
		t.Error("no search arena was kept for recycling")
	}
	if en.spare > en.opts.SpareNodes || en.total > en.opts.SavedNodes || len(en.trees) > en.opts.SavedTrees {
		t.Errorf("the engine keeps %d spare nodes, %d trees of %d nodes: over its limits %+v", en.spare, len(en.trees), en.total, en.opts)
	}
}

// TestEngineRecycles: the second search of an Engine grows its tree in
// the first one's arena.
func TestEngineRecycles(t *testing.T) {
	en := NewEngine(EngineOptions{SavedTrees: -1})
	g := randomGame(t, game.Settings{}, 10, rand.New(rand.NewPCG(7, 7)))
	if _, err := en.Choose(context.Background(), g, Config{Method: MCTS, Playouts: 200, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if len(en.free) != 1 || len(en.trees) != 0 {
		t.Fatalf("after one search: %d arenas kept, %d trees saved; want 1 and 0", len(en.free), len(en.trees))
	}
	first := &en.free[0][:1][0]
	e := newEngine(g, Config{Playouts: 10})
	e.owner = en
	if a := e.arena(); cap(a) == 0 || &a[:1][0] != first {
		t.Error("the next search did not get the arena back")
	}
}

// BenchmarkEngineChoose is BenchmarkSearch's standard case through an
// Engine: each search grows its tree in the arena of the one before, so
// it allocates a fraction of what a search on its own does (B/op).
func BenchmarkEngineChoose(b *testing.B) {
	g := randomGame(b, game.Settings{}, 20, rand.New(rand.NewPCG(9, 9)))
	en := NewEngine(EngineOptions{})
	const per = 2000
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := en.Choose(context.Background(), g, Config{Level: MaxLevel, Playouts: per, Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*per)/b.Elapsed().Seconds(), "playouts/s")
}

// TestThreads: a search on several cores runs the simulations asked for in
// all, gives the same answer under the same seed, and keeps to its time.
func TestThreads(t *testing.T) {
	g := randomGame(t, game.Settings{}, 16, rand.New(rand.NewPCG(3, 8)))
	cfg := Config{Level: MaxLevel, Playouts: 1501, Seed: 3, Threads: 3}
	var first Decision
	for k := 0; k < 2; k++ {
		d, err := Choose(context.Background(), g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if d.Playouts != cfg.Playouts {
			t.Errorf("%d simulations on 3 cores, want %d", d.Playouts, cfg.Playouts)
		}
		if _, err := g.Clone().PlayMove(d.Move); err != nil {
			t.Fatalf("chose %s: %v", d.Move, err)
		}
		if k == 0 {
			first = d
		} else if d.String() != first.String() {
			t.Errorf("the same seed gave %s, then %s", first, d)
		}
	}
	cands, err := Hint(context.Background(), g, cfg, 3)
	if err != nil || len(cands) == 0 {
		t.Fatalf("hint on 3 cores: %v, %v", cands, err)
	}
	visits := 0
	e := newEngine(g, cfg)
	e.guard()
	e.search(context.Background())
	for _, k := range e.nodes[e.nodes[0].child : e.nodes[0].child+e.nodes[0].nchild] {
		visits += int(k.visits)
	}
	if int(e.nodes[0].visits) != cfg.Playouts || visits > cfg.Playouts {
		t.Errorf("merged root: %d visits, its children %d in all; want %d", e.nodes[0].visits, visits, cfg.Playouts)
	}
	// A time budget: every core stops at the context's deadline, and
	// the answer is a legal move.
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	d, err := Choose(ctx, g, Config{Level: MaxLevel, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Clone().PlayMove(d.Move); err != nil {
		t.Fatalf("chose %s: %v", d.Move, err)
	}
}
