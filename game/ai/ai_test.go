package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// randomGame plays up to turns random legal moves (swaps and Privilege
// included where the settings allow) and returns the game.
func randomGame(t testing.TB, s game.Settings, turns int, r *rand.Rand) *game.Game {
	t.Helper()
	g, err := game.New(s)
	if err != nil {
		t.Fatal(err)
	}
	for g.Turns() < turns && !g.Over() {
		if g.SwapAvailable() && r.IntN(3) == 0 {
			if _, err := g.PlayMove(game.Move{Kind: game.Swap}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		holes := g.LegalHoles()
		if _, err := g.PlayMove(game.Move{Kind: game.Place, Hole: holes[r.IntN(len(holes))]}); err != nil {
			t.Fatal(err)
		}
		if s.Players == 4 && r.IntN(10) == 0 {
			_, c := g.ToMove()
			for _, seat := range g.Seats(c.Opponent()) {
				if g.CanClaimPrivilege(seat) {
					if _, err := g.Play(seat, game.Move{Kind: game.Privilege}); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	return g
}

// fingerprint describes everything of g that Choose must leave alone.
func fingerprint(g *game.Game) string {
	_, c := g.ToMove()
	return fmt.Sprint(g.Turns(), c, g.Log(), g.Pegs(game.Red), g.Pegs(game.Black), g.Links(game.Red), g.Links(game.Black), g.Result())
}

// TestLegalMoves: on random positions of many sizes, both rulesets, with
// the pie rule in both styles, handicaps, head starts and Double TwixT, the
// engine's decision is always a move the rules accept, and the game it was
// given is unchanged.
func TestLegalMoves(t *testing.T) {
	sizes := []game.Size{{Cols: 5, Rows: 5}, {Cols: 6, Rows: 9}, {Cols: 8, Rows: 8}, {Cols: 12, Rows: 12}, {Cols: 24, Rows: 24}, {Cols: 13, Rows: 30}, {Cols: 48, Rows: 48}, {Cols: 100, Rows: 100}}
	variants := []game.Settings{
		{},
		{Ruleset: game.PP},
		{Swap: game.SwapSides},
		{Swap: game.SwapMirror, Ruleset: game.PP},
		{Players: 4},
		{Players: 4, Ruleset: game.PP},
		{ExtraMoves: 2},
		{Handicap: 1},
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, size := range sizes {
		for vi, v := range variants {
			v.Size = size
			if v.Swap == game.SwapMirror && size.Cols != size.Rows {
				continue
			}
			if v.Validate() != nil {
				continue
			}
			t.Run(fmt.Sprintf("%s/%d", size, vi), func(t *testing.T) {
				playouts, positions := 60, 4
				if size.Cols*size.Rows > 2000 {
					playouts, positions = 8, 2
				}
				for k := 0; k < positions; k++ {
					turns := []int{0, 1, 2, 7, 25, 60}[r.IntN(6)]
					if k == 0 {
						turns = r.IntN(3)
					}
					g := randomGame(t, v, turns, r)
					if g.Over() {
						continue
					}
					before := fingerprint(g)
					d, err := Choose(context.Background(), g, Config{Level: Level(1 + k%5), Playouts: playouts, Seed: uint64(k)})
					if err != nil {
						t.Fatal(err)
					}
					if after := fingerprint(g); after != before {
						t.Fatalf("Choose changed the game:\n%s\n%s", before, after)
					}
					try := g.Clone()
					seat, _ := try.ToMove()
					if _, err := try.Play(seat, d.Move); err != nil {
						t.Fatalf("after %v the engine chose %s, which is illegal: %v", g.Log(), d.Move, err)
					}
					if d.ClaimPrivilege && !try.Over() {
						if _, err := try.Play(seat, game.Move{Kind: game.Privilege}); err != nil {
							t.Fatalf("the engine claimed Privilege illegally after %s: %v", d.Move, err)
						}
					}
				}
			})
		}
	}
}

// winningHoles returns the holes where c would win at once, found by the
// rules (trying every hole on a copy), not by the engine's shortcut.
func winningHoles(g *game.Game, c game.Color) []game.Hole {
	b := g.Board()
	var out []game.Hole
	for _, h := range b.LegalHoles(c) {
		t := b.Clone()
		t.Place(h, c)
		if t.Connected(c) {
			out = append(out, h)
		}
	}
	return out
}

// tacticalPositions plays random games on small boards and collects
// positions where the side to move can win at once (wins) or where the
// opponent threatens to and one move stops it (blocks).
func tacticalPositions(t *testing.T, want int) (wins, blocks []*game.Game) {
	r := rand.New(rand.NewPCG(11, 12))
	for tries := 0; tries < 500 && (len(wins) < want || len(blocks) < want); tries++ {
		s := game.Settings{Size: game.Size{Cols: 8 + r.IntN(4), Rows: 8 + r.IntN(4)}, Ruleset: game.Ruleset(r.IntN(2))}
		g, _ := game.New(s)
		for !g.Over() {
			_, c := g.ToMove()
			if len(winningHoles(g, c)) > 0 {
				if len(wins) < want {
					wins = append(wins, g.Clone())
				}
				break
			}
			if len(blocks) < want && len(winningHoles(g, c.Opponent())) > 0 && blockable(g, c) {
				blocks = append(blocks, g.Clone())
			}
			holes := g.LegalHoles()
			g.PlayMove(game.Move{Kind: game.Place, Hole: holes[r.IntN(len(holes))]})
		}
	}
	if len(wins) < want || len(blocks) < want {
		t.Fatalf("found only %d wins and %d blocks", len(wins), len(blocks))
	}
	return wins, blocks
}

// blockable reports whether c has a move after which the opponent cannot
// win at once.
func blockable(g *game.Game, c game.Color) bool {
	for _, h := range g.LegalHoles() {
		t := g.Clone()
		t.PlayMove(game.Move{Kind: game.Place, Hole: h})
		if !t.Over() && len(winningHoles(t, c.Opponent())) == 0 {
			return true
		}
	}
	return false
}

// TestWinInOne: at every level, a win in one is played.
func TestWinInOne(t *testing.T) {
	wins, _ := tacticalPositions(t, 10)
	for i, g := range wins {
		_, c := g.ToMove()
		d, err := Choose(context.Background(), g, Config{Level: Level(1 + i%5), Playouts: 200, Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.PlayMove(d.Move); err != nil {
			t.Fatal(err)
		}
		if r := g.Result(); r.Winner != c || r.Reason != game.Connection {
			t.Errorf("position %d: %s played %s and did not win (%s); wins were %v", i, c, d.Move, r, winningHoles(g, c))
		}
	}
}

// TestBlockLossInOne: at every level, an opponent's win in one is stopped
// when one move can stop it.
func TestBlockLossInOne(t *testing.T) {
	_, blocks := tacticalPositions(t, 10)
	for i, g := range blocks {
		_, c := g.ToMove()
		threats := winningHoles(g, c.Opponent())
		d, err := Choose(context.Background(), g, Config{Level: Level(1 + i%5), Playouts: 200, Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.PlayMove(d.Move); err != nil {
			t.Fatal(err)
		}
		if w := winningHoles(g, c.Opponent()); len(w) > 0 && !g.Over() {
			t.Errorf("position %d: %s played %s and left the win(s) %v (threats were %v)", i, c, d.Move, w, threats)
		}
	}
}

// TestDeadline: a search with an hour's budget stops when its context's
// deadline passes, and still answers a legal move.
func TestDeadline(t *testing.T) {
	g := randomGame(t, game.Settings{}, 10, rand.New(rand.NewPCG(1, 1)))
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	d, err := Choose(ctx, g, Config{Level: MaxLevel, MoveTime: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	// It searched until the deadline (the context's own timer may fire a
	// moment later, so the clock is asked, not ctx.Err).
	if dl, _ := ctx.Deadline(); time.Now().Before(dl) {
		t.Fatalf("Choose returned %s before the deadline though its budget was an hour", d)
	}
	if _, err := g.Clone().PlayMove(d.Move); err != nil {
		t.Fatalf("the move %s is illegal: %v", d.Move, err)
	}
}

// TestCancel: cancelling the context stops the search.
func TestCancel(t *testing.T) {
	g := randomGame(t, game.Settings{Size: game.Size{Cols: 100, Rows: 100}}, 30, rand.New(rand.NewPCG(1, 2)))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, err := Hint(ctx, g, Config{MoveTime: time.Hour}, 3)
		done <- err
	}()
	cancel()
	if err := <-done; err != nil && !errors.Is(err, ErrCanceled) {
		t.Fatal(err)
	}
	if _, err := Choose(ctx, g, Config{}); !errors.Is(err, ErrCanceled) {
		t.Fatalf("Choose with a done context: %v, want ErrCanceled", err)
	}
}

// TestDeterministic: with a playout budget, the same seed gives the same
// decision.
func TestDeterministic(t *testing.T) {
	for _, lv := range []Level{1, 3} {
		g := randomGame(t, game.Settings{Size: game.Size{Cols: 16, Rows: 16}}, 12, rand.New(rand.NewPCG(3, 4)))
		cfg := Config{Level: lv, Playouts: 2000, Seed: 42}
		d1, err1 := Choose(context.Background(), g, cfg)
		d2, err2 := Choose(context.Background(), g, cfg)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if d1.Move.String() != d2.Move.String() || d1.Playouts != d2.Playouts || d1.Value != d2.Value {
			t.Fatalf("level %d: %s, then %s", lv, d1, d2)
		}
	}
}

// TestErrors: a finished game, a bad level.
func TestErrors(t *testing.T) {
	g, _ := game.New(game.Settings{})
	if _, err := Choose(context.Background(), g, Config{Level: 9}); !errors.Is(err, ErrBadLevel) {
		t.Errorf("level 9: %v", err)
	}
	g.PlayMove(game.Move{Kind: game.Resign})
	if _, err := Choose(context.Background(), g, Config{}); !errors.Is(err, ErrGameOver) {
		t.Errorf("game over: %v", err)
	}
}

// TestHint: candidates are distinct legal moves, best first: by visits
// from Monte Carlo search, by value from alpha-beta, whose values are
// exact for every candidate, so no later one is rated above an earlier.
func TestHint(t *testing.T) {
	g := randomGame(t, game.Settings{}, 20, rand.New(rand.NewPCG(5, 6)))
	for _, tc := range []struct {
		cfg  Config
		less func(a, b Candidate) bool // b may not come after a
	}{
		{Config{Method: MCTS, Playouts: 3000, Seed: 1}, func(a, b Candidate) bool { return a.Visits < b.Visits }},
		{Config{Playouts: 3000, Seed: 1}, func(a, b Candidate) bool { return a.Value < b.Value }},
		{Config{Level: MaxLevel, Playouts: 20000, Seed: 1}, func(a, b Candidate) bool { return a.Value < b.Value }},
	} {
		cs, err := Hint(context.Background(), g, tc.cfg, 5)
		if err != nil {
			t.Fatal(err)
		}
		if len(cs) != 5 {
			t.Fatalf("%s: %d candidates, want 5: %v", tc.cfg.Method, len(cs), cs)
		}
		seen := map[string]bool{}
		for i, c := range cs {
			if _, err := g.Clone().PlayMove(c.Move); err != nil {
				t.Errorf("%s: candidate %s is illegal: %v", tc.cfg.Method, c.Move, err)
			}
			if seen[c.Move.String()] {
				t.Errorf("%s: candidate %s twice", tc.cfg.Method, c.Move)
			}
			seen[c.Move.String()] = true
			if c.Visits <= 0 {
				t.Errorf("%s: candidate %s was not searched", tc.cfg.Method, c)
			}
			if i > 0 && tc.less(cs[i-1], c) {
				t.Errorf("%s: candidates out of order: %v", tc.cfg.Method, cs)
			}
		}
		t.Logf("%s: %v", tc.cfg.Method, cs)
	}
}

func TestHintWith(t *testing.T) {
	ctx := context.Background()
	g := randomGame(t, game.Settings{}, 20, rand.New(rand.NewPCG(5, 6)))
	ab := Config{Level: MaxLevel, Playouts: 20000, Seed: 1}
	best, err := Hint(ctx, g, ab, 5)
	if err != nil {
		t.Fatal(err)
	}
	seat, _ := g.ToMove()
	c := g.SeatColor(seat)
	b := g.Board()
	// far: a hole near a corner, which no search would rank among its best.
	var far game.Move
	for h := (game.Hole{Col: 2, Row: 2}); ; h.Col++ {
		if b.CanPeg(h, c) {
			far = game.Move{Kind: game.Place, Hole: h}
			break
		}
	}
	occupied := game.Move{Kind: game.Place, Hole: g.Log()[0].Hole}
	for _, tc := range []struct {
		name string
		cfg  Config
		m    game.Move
		// rated: m must be listed; last: m must come after the 5 best.
		rated, last bool
	}{
		{"far", ab, far, true, true},
		{"among the best", ab, best[2].Move, true, false},
		{"occupied", ab, occupied, false, false},
		{"swap", ab, game.Move{Kind: game.Swap}, false, false},
		{"Monte Carlo", Config{Method: MCTS, Playouts: 3000, Seed: 1}, far, false, false},
	} {
		cs, err := HintWith(ctx, g, tc.cfg, 5, tc.m)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		k := slices.IndexFunc(cs, func(c Candidate) bool { return sameHole(c.Move, tc.m) })
		if n := len(cs); n < 5 || n > 6 || n == 6 && k != 5 {
			t.Errorf("%s: %d candidates, m at %d: %v", tc.name, n, k, cs)
		}
		if tc.rated && k < 0 || !tc.rated && k >= 0 && k >= 5 {
			t.Errorf("%s: %s listed at %d, want it listed %v: %v", tc.name, tc.m, k, tc.rated, cs)
		}
		if tc.last && k != 5 {
			t.Errorf("%s: %s at %d, want it after the 5 best: %v", tc.name, tc.m, k, cs)
		}
		if k >= 0 && (cs[k].Value > cs[0].Value || cs[k].Visits <= 0) {
			t.Errorf("%s: %s rated %v against the best %v", tc.name, tc.m, cs[k], cs[0])
		}
		t.Logf("%s: %v", tc.name, cs)
	}
	// A move that leaves the opponent a win in one is rated as lost, where
	// the best moves stop the win.
	_, blocks := tacticalPositions(t, 10)
	checked := 0
	for i, g := range blocks {
		seat, _ := g.ToMove()
		c := g.SeatColor(seat)
		var leaves game.Move
		for k := 0; k < g.Settings().Size.Cols*g.Settings().Size.Rows && leaves.Kind == 0; k++ {
			h := game.Hole{Col: k % g.Settings().Size.Cols, Row: k / g.Settings().Size.Cols}
			m := game.Move{Kind: game.Place, Hole: h}
			if next := g.Clone(); g.Board().CanPeg(h, c) && playable(next, m) && len(winningHoles(next, c.Opponent())) > 0 {
				leaves = m
			}
		}
		cs, err := HintWith(ctx, g, ab, 3, leaves)
		if err != nil {
			t.Fatal(err)
		}
		k := slices.IndexFunc(cs, func(c Candidate) bool { return sameHole(c.Move, leaves) })
		if k < 0 || cs[k].Value > 0.05 {
			t.Errorf("position %d: %s, which leaves a win in one, rated at %d: %v", i, leaves, k, cs)
		}
		if k > 0 && cs[0].Value > 0.05 {
			checked++
		}
	}
	// Some positions are lost whatever the move: at least one must not be.
	if checked == 0 {
		t.Error("no position where blocking the win left a chance")
	}
}

// sameHole reports whether a and b are placements in the same hole.
func sameHole(a, b game.Move) bool {
	return a.Kind == game.Place && b.Kind == game.Place && a.Hole == b.Hole
}

func TestParseLevel(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Level
		ok   bool
	}{{"1", 1, true}, {"5", 5, true}, {"Beginner", 1, true}, {"strongest", 5, true}, {"0", 0, false}, {"6", 0, false}, {"hard", 0, false}} {
		l, err := ParseLevel(tc.in)
		if (err == nil) != tc.ok || l != tc.want {
			t.Errorf("ParseLevel(%q) = %v, %v", tc.in, l, err)
		}
	}
	if s := Level(1).String(); s != "beginner" {
		t.Errorf("Level(1) is %q", s)
	}
	if !slices.Equal([]string{MinLevel.String(), MaxLevel.String()}, []string{"beginner", "strongest"}) {
		t.Error("level names")
	}
}

// playable plays m on g and reports whether it was legal.
func playable(g *game.Game, m game.Move) bool {
	_, err := g.PlayMove(m)
	return err == nil
}
