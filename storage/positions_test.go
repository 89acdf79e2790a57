package storage

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// same reports how two positions differ, or "".
func same(a, b *game.Game) string {
	for _, c := range []game.Color{game.Red, game.Black} {
		if !slices.Equal(a.Pegs(c), b.Pegs(c)) {
			return fmt.Sprintf("%s pegs %v and %v", c, a.Pegs(c), b.Pegs(c))
		}
		if !slices.Equal(a.Links(c), b.Links(c)) {
			return fmt.Sprintf("%s links %v and %v", c, a.Links(c), b.Links(c))
		}
		if a.PrivilegeUsed(c) != b.PrivilegeUsed(c) {
			return fmt.Sprintf("%s privilege %v and %v", c, a.PrivilegeUsed(c), b.PrivilegeUsed(c))
		}
	}
	as, ac := a.ToMove()
	bs, bc := b.ToMove()
	switch {
	case as != bs || ac != bc:
		return fmt.Sprintf("to move %v %v and %v %v", as, ac, bs, bc)
	case a.Turns() != b.Turns() || a.Result() != b.Result() || a.SwapAvailable() != b.SwapAvailable():
		return fmt.Sprintf("turns %d, %s, swap %v and turns %d, %s, swap %v", a.Turns(), a.Result(), a.SwapAvailable(), b.Turns(), b.Result(), b.SwapAvailable())
	case string(game.MarshalLog(a.Log())) != string(game.MarshalLog(b.Log())):
		return "logs"
	}
	for s := game.Seat(1); int(s) <= a.Players(); s++ {
		if a.CanClaimPrivilege(s) != b.CanClaimPrivilege(s) {
			return fmt.Sprintf("privilege of %s", s)
		}
	}
	return ""
}

// TestKeptPositionsMatchReplays plays random games through the store, two-
// and four-player, with swaps, Privilege and a resignation, several at
// once: after every move the position Load gives, and the one AppendMove
// returns, are the replay of the stored log, and most of them come from
// the positions kept rather than from a replay.
func TestKeptPositionsMatchReplays(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	settings := []game.Settings{{Size: game.Size{Cols: 12, Rows: 12}, Swap: game.SwapSides}, {Players: 4, Size: game.Size{Cols: 10, Rows: 10}}, {Ruleset: game.PP, Size: game.Size{Cols: 8, Rows: 8}}}
	var wg sync.WaitGroup
	for k, set := range settings {
		wg.Go(func() {
			g := newGame(Active)
			g.Settings = set
			if set.Players == 4 {
				g.Seats = []UserID{"alice", "bob", "carol", "dave"}
			}
			g = create(t, s, g)
			r := rand.New(rand.NewPCG(uint64(k), 5))
			for turn := 0; turn < 70; turn++ {
				rec, pos, err := s.Load(ctx, g.ID)
				if err != nil {
					t.Error(err)
					return
				}
				replayed, err := position(rec)
				if err != nil {
					t.Error(err)
					return
				}
				if d := same(pos, replayed); d != "" {
					t.Errorf("%v turn %d: Load differs from the replay: %s", set, turn, d)
					return
				}
				if pos.Over() {
					return
				}
				seat, _ := pos.ToMove()
				moves := []SeatMove{{seat, randomMove(pos, r)}}
				switch {
				case pos.SwapAvailable() && r.IntN(2) == 0:
					moves = []SeatMove{{seat, game.Move{Kind: game.Swap}}}
				case set.Players == 4 && !pos.PrivilegeUsed(pos.SeatColor(seat)) && r.IntN(6) == 0:
					moves = append(moves, SeatMove{seat, game.Move{Kind: game.Privilege}})
				case turn == 60:
					moves = []SeatMove{{seat, game.Move{Kind: game.Resign}}}
				}
				// Now and then a move that must be refused, to check that it
				// leaves the kept position alone.
				if r.IntN(8) == 0 {
					if _, err := s.AppendMoves(ctx, g.ID, LogMark{len(rec.Log) + 1, len(rec.Meta.Takebacks)}, moves, nil); err == nil {
						t.Errorf("a move at the wrong length was taken")
					}
				}
				m, err := s.AppendMoves(ctx, g.ID, rec.LogMark(), moves, nil)
				if err != nil {
					t.Error(err)
					return
				}
				again, err := position(m.Game)
				if err != nil {
					t.Error(err)
					return
				}
				if d := same(m.Pos, again); d != "" {
					t.Errorf("%v turn %d: AppendMoves' position differs from the replay: %s", set, turn, d)
					return
				}
				// The caller may do what it likes with what it got.
				if !m.Pos.Over() {
					m.Pos.PlayMove(randomMove(m.Pos, r))
				}
			}
		})
	}
	wg.Wait()
	s.positions.mu.Lock()
	hits := s.positions.hits
	s.positions.mu.Unlock()
	if hits < 150 {
		t.Errorf("only %d positions came from the cache", hits)
	}
	mustCheck(t, s)
}

// TestKeptPositionFollowsSettings: a challenge's settings may change
// before its first move; the position kept for the old ones is not used.
func TestKeptPositionFollowsSettings(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newGame(Proposed)
	g.Settings = game.Settings{Size: game.Size{Cols: 12, Rows: 12}}
	g = create(t, s, g)
	if _, pos, err := s.Load(ctx, g.ID); err != nil || pos.Size() != (game.Size{Cols: 12, Rows: 12}) {
		t.Fatalf("%v %v", pos, err)
	}
	if _, err := s.Update(ctx, g.ID, func(g *Game) error {
		g.Settings.Size = game.Size{Cols: 16, Rows: 16}
		g.State = Active
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	_, pos, err := s.Load(ctx, g.ID)
	if err != nil || pos.Size() != (game.Size{Cols: 16, Rows: 16}) {
		t.Fatalf("after the change: %v %v", pos.Size(), err)
	}
	// The kept position of a deleted game goes with it.
	if err := s.Delete(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.positions.byID[g.ID]; ok {
		t.Error("the deleted game's position is still kept")
	}
}

// TestPositionsBudget: positions are kept within the budget, the least
// recently used going first; one too large is not kept; a position older
// than the one kept does not replace it.
func TestPositionsBudget(t *testing.T) {
	set := game.Settings{Size: game.Size{Cols: 10, Rows: 10}}
	rec := func(id GameID, n int) *Game {
		return &Game{ID: id, Settings: set, Log: make([]game.Move, n)}
	}
	pos, err := game.New(set)
	if err != nil {
		t.Fatal(err)
	}
	cost := positionCost(rec(1, 0))
	p := newPositions(3 * cost)
	for id := GameID(1); id <= 3; id++ {
		p.put(rec(id, 0), pos.Clone())
	}
	if p.get(rec(1, 0)) == nil { // 1 is now the most recent
		t.Fatal("game 1 not kept")
	}
	p.put(rec(4, 0), pos.Clone())
	if p.get(rec(2, 0)) != nil || p.get(rec(1, 0)) == nil || p.get(rec(3, 0)) == nil || p.get(rec(4, 0)) == nil {
		t.Error("the least recently used (2) should have gone, and only it")
	}
	if p.used > p.budget || len(p.byID) != 3 || p.lru.Len() != 3 {
		t.Errorf("used %d of %d, %d entries", p.used, p.budget, len(p.byID))
	}
	if p.get(rec(1, 1)) != nil {
		t.Error("a position for another log length was given")
	}
	p.put(rec(1, 5), pos.Clone())
	p.put(rec(1, 3), pos.Clone()) // reported late
	if p.get(rec(1, 5)) == nil || p.get(rec(1, 3)) != nil {
		t.Error("a late, older position replaced the newer one")
	}
	big := rec(9, 0)
	big.Settings = game.Settings{Size: game.Size{Cols: 100, Rows: 100}}
	p.put(big, pos.Clone())
	if p.get(big) != nil || p.used > p.budget {
		t.Errorf("a position over the budget was kept (used %d of %d)", p.used, p.budget)
	}
	p.drop(1)
	p.drop(1)
	if p.get(rec(1, 5)) != nil || len(p.byID) != p.lru.Len() {
		t.Error("drop")
	}
	var none *positions
	none.put(rec(1, 0), pos)
	if none.get(rec(1, 0)) != nil {
		t.Error("no cache, yet a position")
	}
	none.drop(1)
}

// TestNoPositionCache: with the cache off, everything replays and works.
func TestNoPositionCache(t *testing.T) {
	s, err := openPath(newTestPath(t), &Options{PositionCache: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := create(t, s, newGame(Active))
	r := rand.New(rand.NewPCG(1, 1))
	for range 5 {
		play(t, s, g.ID, r)
	}
	if s.positions != nil {
		t.Error("a cache was made")
	}
	if rec, pos, err := s.Load(context.Background(), g.ID); err != nil || pos.Turns() != 5 || len(rec.Log) != 5 {
		t.Fatalf("%v %v", pos, err)
	}
}

// BenchmarkMoveLongGame is a move late in a long game on the largest
// board: the load and the append of the bot's move, each of which used to
// replay the whole log.
func BenchmarkMoveLongGame(b *testing.B) {
	for _, cache := range []int{0, -1} {
		b.Run(fmt.Sprintf("cache=%v", cache == 0), func(b *testing.B) {
			s, err := openPath(newTestPath(b), &Options{PositionCache: cache})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			g := newGame(Active)
			g.Settings = game.Settings{Size: game.Size{Cols: 100, Rows: 100}, NoAutoDraw: false}
			g.Log = randomLog(b, g.Settings, 2000, 1)
			g = create(b, s, g)
			ctx := context.Background()
			r := rand.New(rand.NewPCG(2, 2))
			b.ResetTimer()
			for b.Loop() {
				rec, pos, err := s.Load(ctx, g.ID)
				if err != nil {
					b.Fatal(err)
				}
				if pos.Over() {
					b.Skip("the game ended")
				}
				seat, _ := pos.ToMove()
				if _, err := s.AppendMove(ctx, g.ID, len(rec.Log), seat, randomMove(pos, r), nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
