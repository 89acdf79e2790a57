package bot

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
	"github.com/twixtbot/twixtbot/storage/etcdtest"
)

// heardStore counts the store's loads of games and tells, once the
// bot's function has returned, of each game the store's watch told it
// of (by the length of its log).
type heardStore struct {
	match.Store
	loads   atomic.Int64
	watched chan int
}

func (s *heardStore) Load(ctx context.Context, id storage.GameID) (*storage.Game, *game.Game, error) {
	s.loads.Add(1)
	return s.Store.Load(ctx, id)
}

func (s *heardStore) WatchGames(ctx context.Context, fn func(*storage.Game, error)) error {
	return s.Store.WatchGames(ctx, func(g *storage.Game, err error) {
		fn(g, err)
		if err == nil {
			select {
			case s.watched <- len(g.Log):
			case <-ctx.Done():
			}
		}
	})
}

// TestComputerHearsOfAMoveTwiceLooksOnce: a person's move that the
// leading process handles reaches its computer twice, from its own
// handling and from the store's watch of the games; the computer reads
// the game once for it, not once more for the second copy.
func TestComputerHearsOfAMoveTwiceLooksOnce(t *testing.T) {
	srv := etcdtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	st, err := storage.OpenEtcd(storage.EtcdConfig{Endpoints: srv.Endpoints, MaxTxnOps: etcdtest.MaxTxnOps}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	l, err := st.NewLeader("bot1", 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	hs := &heardStore{Store: st, watched: make(chan int, 16)}
	b := New(Options{Store: hs, Leader: l, Computer: ComputerOptions{User: "99", Engine: fastEngine().Engine}})
	run, stop := context.WithCancel(ctx)
	var done sync.WaitGroup
	defer func() { stop(); done.Wait() }()
	done.Add(1)
	go func() { defer done.Done(); b.RunComputer(run) }()
	if _, err := l.Campaign(ctx); err != nil { // the same campaign as RunComputer's
		t.Fatal(err)
	}
	g, err := st.Create(ctx, &storage.Game{Seats: []storage.UserID{"1", "99"}, Place: storage.Place{Guild: "9", Channel: "8"},
		State: storage.Active, Meta: storage.Meta{Computer: storage.SeatSet(0).With(2), ComputerLevel: 1, Accepted: storage.SeatSet(0).With(1).With(2)}})
	if err != nil {
		t.Fatal(err)
	}
	heard := func(want int) {
		t.Helper()
		for {
			select {
			case n := <-hs.watched:
				if n == want {
					return
				}
			case <-ctx.Done():
				t.Fatalf("the watch never told of the game after %d moves", want)
			}
		}
	}
	heard(0) // the watch runs: the move below reaches it

	// The computer's only worker is busy, so that the watch's copy of
	// the move comes while the game waits in the queue, as it does while
	// the computer thinks.
	b.comp.slots <- struct{}{}
	if _, err := b.Service().Play(ctx, match.Actor{User: "1", Guild: "9", Channel: "8"}, g.ID, match.Action{Move: game.Move{Kind: game.Place, Hole: game.Hole{Col: 3, Row: 4}}, Turns: 0}); err != nil {
		t.Fatal(err)
	}
	heard(1)
	hs.loads.Store(0)
	<-b.comp.slots
	heard(2) // the computer's answer
	if err := b.WaitComputerIdle(ctx); err != nil {
		t.Fatal(err)
	}
	// One look: its read of the game, and the read of the move it plays
	// (Play reads the game it plays in). A second look for the watch's
	// copy read the game a third time.
	if n := hs.loads.Load(); n != 2 {
		t.Errorf("the game was read %d times after the person's move, want 2 (one look)", n)
	}
}

// TestComputerLooksAgain: after a look at a game, the computer looks
// again if it heard of any record of the game meanwhile other than the
// one the look settled, or if the look settled nothing; the very record
// it settled, heard of a second time, asks for no second look.
func TestComputerLooksAgain(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 3, 0, 0, 0, time.UTC)
	const id = storage.GameID(7)
	rec := func(turns, takebacks int, updated time.Time, computer storage.SeatSet) *storage.Game {
		return &storage.Game{ID: id, State: storage.Active, Updated: updated, Log: make([]game.Move, turns),
			Meta: storage.Meta{Computer: computer, Takebacks: make([]storage.Takeback, takebacks)}}
	}
	two := storage.SeatSet(0).With(2)
	k := rec(3, 0, t0, two)
	tests := []struct {
		name    string
		heard   []*storage.Game // during the look
		settled *storage.Game   // nil: the look settled nothing
		again   bool
	}{
		{"nothing heard", nil, k, false},
		{"the settled record heard again", []*storage.Game{k}, k, false},
		{"the settled record heard twice more", []*storage.Game{k, rec(3, 0, t0, two)}, k, false},
		{"the look could not read or move", []*storage.Game{k}, nil, true},
		{"a later record heard", []*storage.Game{rec(5, 0, t0.Add(time.Second), two)}, k, true},
		{"the settled one, then a later one", []*storage.Game{k, rec(5, 0, t0.Add(time.Second), two)}, k, true},
		{"a later one, then the settled one", []*storage.Game{rec(5, 0, t0.Add(time.Second), two), k}, k, true},
		{"the look read a later record than the one heard", []*storage.Game{k}, rec(5, 0, t0.Add(time.Second), two), true},
		{"the same length after a takeback", []*storage.Game{rec(3, 1, t0.Add(time.Second), two)}, k, true},
		{"the same length after a takeback, the clock repeating", []*storage.Game{rec(3, 1, t0, two)}, k, true},
		{"another change at the same length", []*storage.Game{rec(3, 0, t0.Add(time.Second), two)}, k, true},
		{"the computer seated elsewhere, the clock repeating", []*storage.Game{rec(3, 0, t0, storage.SeatSet(0).With(1))}, k, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newComputer(nil, ComputerOptions{Workers: 1})
			ctx := context.Background()
			c.ctx = ctx
			// The game is queued and being looked at (by the test, not by
			// a loop of the computer's).
			c.games[id] = &queued{gates: map[int]<-chan struct{}{}}
			for _, g := range tt.heard {
				c.enqueue(g, nil)
			}
			var mark turnMark
			l := lookFailed
			if tt.settled != nil {
				mark, l = markOf(tt.settled), lookSettled
			}
			if got := c.lookAgain(ctx, id, mark, l); got != tt.again {
				t.Errorf("look again %v, want %v", got, tt.again)
			}
			c.mu.Lock()
			_, queued := c.games[id]
			c.mu.Unlock()
			if queued != tt.again {
				t.Errorf("still queued %v after the look, want %v", queued, tt.again)
			}
		})
	}
}
