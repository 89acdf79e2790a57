package ai

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// TestFollows: a position follows another when every peg of the other
// stands on it in the same colour.
func TestFollows(t *testing.T) {
	g := randomGame(t, game.Settings{Swap: game.SwapOff}, 12, rand.New(rand.NewPCG(3, 3)))
	before := g.Board()
	later := g.Clone()
	later.PlayMove(game.Move{Kind: game.Place, Hole: later.LegalHoles()[0]})
	empty, _ := game.New(game.Settings{})
	other := randomGame(t, game.Settings{Swap: game.SwapOff}, 12, rand.New(rand.NewPCG(4, 4)))
	small, _ := game.New(game.Settings{Size: game.Size{Cols: 12, Rows: 12}})
	for _, tc := range []struct {
		name          string
		after, before *game.Board
		want          bool
	}{
		{"itself", before, before, true},
		{"a later move", later.Board(), before, true},
		{"from the empty board", before, empty.Board(), true},
		{"back in time", before, later.Board(), false},
		{"another game", other.Board(), before, false},
		{"another size", small.Board(), empty.Board(), false},
		{"no position", before, nil, false},
	} {
		if got := follows(tc.after, tc.before); got != tc.want {
			t.Errorf("%s: follows = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestTTScores: a win or loss stored at one ply reads as the same number
// of plies from the node at any other ply; other scores stay as they are.
func TestTTScores(t *testing.T) {
	for _, tc := range []struct {
		score       int32
		store, load int
		want        int32
	}{
		{120, 3, 1, 120},
		{-340, 5, 0, -340},
		{abWin - 5, 3, 1, abWin - 3},       // won 2 plies below the node
		{-(abWin - 4), 2, 6, -(abWin - 8)}, // lost 2 plies below the node
		{abWin - 7, 4, 4, abWin - 7},
	} {
		if got := ttLoad(ttStore(tc.score, tc.store), tc.load); got != tc.want {
			t.Errorf("score %d stored at ply %d, loaded at ply %d: %d, want %d", tc.score, tc.store, tc.load, got, tc.want)
		}
	}
}

// TestEngineKeepsTables: an Engine's alpha-beta searches on a time budget
// leave their tables for the next search, which takes those of its own
// game; searches on a node budget, or with SavedTables negative, keep
// none.
func TestEngineKeepsTables(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	g1 := randomGame(t, game.Settings{Swap: game.SwapOff}, 20, r)
	g2 := randomGame(t, game.Settings{Swap: game.SwapOff}, 20, r)
	small, _ := game.New(game.Settings{Size: game.Size{Cols: 12, Rows: 12}})
	cfg := Config{Method: AlphaBeta, MoveTime: 20 * time.Millisecond}
	en := NewEngine(EngineOptions{})
	for _, g := range []*game.Game{g1, g2} {
		d, err := en.Choose(context.Background(), g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if d.Method != AlphaBeta {
			t.Fatalf("%s was not chosen by alpha-beta search on\n%s", d, g.Log())
		}
	}
	// The second search took the first one's tables, rather than
	// making new ones.
	if len(en.tables) != 1 || !follows(g2.Board(), en.tables[0].root) {
		t.Fatalf("the engine kept %d tables after two searches one after the other, want 1, of the second search", len(en.tables))
	}
	// With two kept (as after two searches at once), the next move of
	// g1 gets g1's tables, though g2's are newer.
	for _, g := range []*game.Game{g1, g2} {
		tab := newABTables(24 * 24)
		tab.history[0][100] = 64
		en.putTables(tab, g.Board())
	}
	next := g1.Clone()
	next.PlayMove(game.Move{Kind: game.Place, Hole: next.LegalHoles()[0]})
	tab := en.takeTables(next.Board(), 24*24)
	if tab == nil || !follows(tab.root, g1.Board()) || !follows(g1.Board(), tab.root) {
		t.Fatalf("the next move of the first game took the tables of another search")
	}
	if got := tab.history[0][100]; got != 32 {
		t.Errorf("the history of the same game was %d after taking, want half of 64", got)
	}
	// g2's, taken for a position of neither game, keep no history.
	if tab := en.takeTables(small.Board(), 24*24); tab == nil || tab.history[0][100] != 0 {
		t.Errorf("tables taken for another game kept their history")
	}
	if got := en.takeTables(small.Board(), 144); got != nil {
		t.Errorf("a 12x12 search took tables of a 24x24 one")
	}
	// A position's value depends on the ruleset, the keys only on the
	// pegs: a PP search takes no tables of a standard one.
	en.putTables(newABTables(24*24), g1.Board())
	pp, _ := game.New(game.Settings{Ruleset: game.PP})
	if got := en.takeTables(pp.Board(), 24*24); got != nil {
		t.Errorf("a PP search took tables of a standard one")
	}

	for _, tc := range []struct {
		name string
		opts EngineOptions
		cfg  Config
	}{
		{"node budget", EngineOptions{}, Config{Method: AlphaBeta, Playouts: 200}},
		{"SavedTables negative", EngineOptions{SavedTables: -1}, cfg},
	} {
		en := NewEngine(tc.opts)
		if _, err := en.Choose(context.Background(), g1, tc.cfg); err != nil {
			t.Fatal(err)
		}
		if len(en.tables) != 0 {
			t.Errorf("%s: the engine kept %d tables", tc.name, len(en.tables))
		}
	}
}
