package ai

import (
	"context"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestTreeReuse: after the engine's move and the opponent's reply, the next
// search starts from the subtree the previous one grew for that reply, and
// only then.
func TestTreeReuse(t *testing.T) {
	owner := NewEngine(EngineOptions{})
	// A position the engine itself played into, where its search is
	// not decided at once.
	g, err := game.New(game.Settings{Swap: game.SwapOff})
	if err != nil {
		t.Fatal(err)
	}
	for g.Turns() < 6 {
		d, err := Choose(context.Background(), g, Config{Playouts: 300, Seed: uint64(g.Turns())})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.PlayMove(d.Move); err != nil {
			t.Fatal(err)
		}
	}
	// A fixed number of playouts never reuses: its answer depends only
	// on the position and the seed. This test turns reuse on by hand to
	// get a tree that does not depend on the machine's speed.
	cfg := Config{Level: MaxLevel, Playouts: 10000, Seed: 1}
	engine := func(g *game.Game) *engine {
		e := newEngine(g, cfg)
		e.owner = owner
		if e.reusable() {
			t.Fatal("a search with Config.Playouts would use the saved trees")
		}
		e.keep = true
		return e
	}
	d, err := engine(g).decide(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(owner.trees) != 1 {
		t.Fatalf("%d trees saved after one move, want 1", len(owner.trees))
	}
	saved := owner.trees[0]
	if _, err := g.PlayMove(d.Move); err != nil {
		t.Fatal(err)
	}
	// The reply the engine looked at most.
	root := &saved.nodes[0]
	reply := root.child
	for j := root.child; j < root.child+root.nchild; j++ {
		if saved.nodes[j].visits > saved.nodes[reply].visits {
			reply = j
		}
	}
	if saved.nodes[reply].nchild == 0 {
		t.Fatalf("the best reply has %d visits and no children: nothing to reuse", saved.nodes[reply].visits)
	}
	want := saved.nodes[reply].visits
	h := game.Hole{Col: int(saved.nodes[reply].move) % 24, Row: int(saved.nodes[reply].move) / 24}

	// The same peg without its links makes another position: no reuse.
	if g.Board().Autolinks(h, saved.color) > 0 {
		other := g.Clone()
		if _, err := other.PlayMove(game.Move{Kind: game.Place, Hole: h, Explicit: true}); err != nil {
			t.Fatal(err)
		}
		if e := engine(other); e.reuse() {
			t.Error("reused the tree for a position whose links differ")
		}
	}

	if _, err := g.PlayMove(game.Move{Kind: game.Place, Hole: h}); err != nil {
		t.Fatal(err)
	}
	e := engine(g)
	if !e.reuse() {
		t.Fatalf("the tree of the reply %s was not reused", h)
	}
	if got := e.nodes[0].visits; got != want {
		t.Errorf("the reused root has %d visits, want %d", got, want)
	}
	if e := newEngine(g, cfg); e.reuse() {
		t.Error("a search without an Engine reused a tree")
	}
	if e := newEngine(g, cfg); func() bool { e.owner = owner; return e.reuse() }() {
		t.Error("a search with Config.Playouts reused a tree")
	}
	// The search goes on from the reused tree, judging the replies it
	// never tried one move ahead as it does at a fresh root, to a legal
	// move.
	e = engine(g)
	e.cfg.Playouts = 500
	d, err = e.decide(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := e.nodes[0].visits; got != want+500 {
		t.Errorf("after 500 more simulations the root has %d visits, want %d", got, want+500)
	}
	before := map[int32]float32{}
	if old := &saved.nodes[reply]; old.nchild > 0 {
		for _, k := range saved.nodes[old.child : old.child+old.nchild] {
			before[k.move] = k.w
		}
	}
	judged := 0
	for _, k := range e.nodes[e.nodes[0].child : e.nodes[0].child+e.nodes[0].nchild] {
		if k.visits == 0 && k.w != before[k.move] {
			judged++
		}
	}
	if judged == 0 {
		t.Error("no reply of the reused root was judged one move ahead")
	}
	if _, err := g.Clone().PlayMove(d.Move); err != nil {
		t.Fatalf("after reuse the engine chose %s: %v", d.Move, err)
	}
}

// TestSubtree checks the copy of a subtree, whole and cut to a limit.
func TestSubtree(t *testing.T) {
	// 0 has children 1, 2; 2 has 3, 4, 5; 4 has 6.
	nodes := []node{
		{child: 1, nchild: 2, move: -1},
		{child: -1, move: 10},
		{child: 3, nchild: 3, move: 11, visits: 7},
		{child: -1, move: 12},
		{child: 6, nchild: 1, move: 13},
		{child: -1, move: 14},
		{child: -1, move: 15},
	}
	got := subtree(nil, nodes, 2, 100)
	if len(got) != 5 || got[0].move != 11 || got[0].visits != 7 || got[0].child != 1 || got[0].nchild != 3 {
		t.Fatalf("subtree root %+v of %d nodes", got[0], len(got))
	}
	if got[2].move != 13 || got[2].child != 4 || got[4].move != 15 {
		t.Fatalf("subtree %+v", got)
	}
	cut := subtree(nil, nodes, 2, 4)
	if len(cut) != 4 || cut[2].nchild != 0 || cut[2].child != -1 {
		t.Fatalf("cut subtree %+v", cut)
	}
}
