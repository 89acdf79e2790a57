package bot

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/internal/testclock"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
	"github.com/twixtbot/twixtbot/storage/etcdtest"
)

// handLeader is a Leader the test hands the lead to, and takes it back.
type handLeader struct {
	asked chan struct{}        // a campaign started
	give  chan context.Context // the lead handed over
}

func (l *handLeader) Campaign(ctx context.Context) (context.Context, error) {
	l.asked <- struct{}{}
	select {
	case lead := <-l.give:
		return lead, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (l *handLeader) IsLeader() bool { return false }

// TestClockRunsOnlyWhileLeading: with a Leader, the clock does not sweep
// before this process leads, sweeps once it does, and campaigns again
// when the lead is lost.
func TestClockRunsOnlyWhileLeading(t *testing.T) {
	clock := testclock.New()
	// The store tells when it stamps a change: the sweep's, once armed.
	stamped := make(chan struct{}, 1)
	var armed atomic.Bool
	st, err := storage.Open(filepath.Join(t.TempDir(), "twixt.db"), &storage.Options{Now: func() time.Time {
		if armed.Load() {
			select {
			case stamped <- struct{}{}:
			default:
			}
		}
		return clock.Now()
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	g, err := st.Create(ctx, &storage.Game{Seats: []storage.UserID{"1", "2"}, Place: storage.Place{Guild: "9", Channel: "8"},
		Meta: storage.Meta{Expires: clock.Now().Add(time.Minute)}})
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(2 * time.Minute) // the challenge has lapsed: a sweep cancels it
	armed.Store(true)
	l := &handLeader{asked: make(chan struct{}), give: make(chan context.Context)}
	b := New(Options{Store: st, Now: clock.Now, Leader: l})
	run, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); b.RunClock(run, time.Hour) }()

	<-l.asked // campaigning, so not sweeping
	if got, _ := st.Get(ctx, g.ID); got.State != storage.Proposed {
		t.Fatalf("swept before leading: %s", got.State)
	}
	lead, lose := context.WithCancel(ctx)
	l.give <- lead
	<-stamped // the first sweep, at once, is writing
	// Changes are committed in order: this one sees the sweep's.
	var state storage.State
	errSeen := errors.New("seen")
	if _, err := st.Update(ctx, g.ID, func(g *storage.Game) error { state = g.State; return errSeen }); !errors.Is(err, errSeen) {
		t.Fatal(err)
	}
	if state != storage.Cancelled {
		t.Fatalf("after the sweep the challenge is %s, want cancelled", state)
	}
	lose()
	<-l.asked // it lost the lead: it campaigns again
	stop()
	<-done
}

// countActive is a store that counts its listings of every ongoing game.
type countActive struct {
	match.Store
	n atomic.Int64
}

func (c *countActive) Active(ctx context.Context) ([]*storage.Game, error) {
	c.n.Add(1)
	return c.Store.Active(ctx)
}

// TestComputerMovesForAnotherProcess runs two bot processes on one store
// on etcd: a person's move handled by the process that does not lead
// reaches the leader through the store's watch of the games, and the
// leader's computer answers it, without the leader ever listing every
// ongoing game (it did once a second, before the watch).
func TestComputerMovesForAnotherProcess(t *testing.T) {
	srv := etcdtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	type process struct {
		store  *storage.Store
		leader *storage.Leader
		count  *countActive
		bot    *Bot
	}
	var procs [2]process
	for i := range procs {
		st, err := storage.OpenEtcd(storage.EtcdConfig{Endpoints: srv.Endpoints, MaxTxnOps: etcdtest.MaxTxnOps}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		l, err := st.NewLeader(fmt.Sprintf("bot%d", i+1), 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		count := &countActive{Store: st}
		b := New(Options{Store: count, Leader: l, Computer: ComputerOptions{User: "99", Engine: fastEngine().Engine}})
		procs[i] = process{st, l, count, b}
	}
	run, stop := context.WithCancel(ctx)
	var done sync.WaitGroup
	defer func() { stop(); done.Wait() }()
	runComputer := func(p process) {
		done.Add(1)
		go func() { defer done.Done(); p.bot.RunComputer(run) }()
	}
	leader, other := procs[0], procs[1]
	runComputer(leader)
	if _, err := leader.leader.Campaign(ctx); err != nil { // the same campaign as RunComputer's
		t.Fatal(err)
	}
	runComputer(other)

	g, err := other.store.Create(ctx, &storage.Game{Seats: []storage.UserID{"1", "99"}, Place: storage.Place{Guild: "9", Channel: "8"},
		State: storage.Active, Meta: storage.Meta{Computer: storage.SeatSet(0).With(2), ComputerLevel: 1, Accepted: storage.SeatSet(0).With(1).With(2)}})
	if err != nil {
		t.Fatal(err)
	}
	moves := make(chan int, 16)
	done.Add(1)
	go func() {
		defer done.Done()
		other.store.WatchGames(run, func(w *storage.Game, err error) {
			if err == nil && w.ID == g.ID {
				moves <- len(w.Log)
			}
		})
	}()
	if n := <-moves; n != 0 {
		t.Fatalf("the new game has %d moves", n)
	}
	p, err := other.bot.Service().Play(ctx, match.Actor{User: "1", Guild: "9", Channel: "8"}, g.ID, match.Action{Move: game.Move{Kind: game.Place, Hole: game.Hole{Col: 3, Row: 4}}, Turns: 0})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Game.Log) != 1 {
		t.Fatalf("the person's move left %d moves", len(p.Game.Log))
	}
	for n := 0; n < 2; {
		select {
		case n = <-moves:
		case <-ctx.Done():
			t.Fatal("the leader's computer never answered the move the other process handled")
		}
	}
	if n := leader.count.n.Load(); n != 0 {
		t.Errorf("the leader listed every ongoing game %d times, want none: the store's watch tells it of turns", n)
	}
	if n := other.count.n.Load(); n != 0 {
		t.Errorf("the process that does not lead listed every ongoing game %d times", n)
	}
}

// TestComputerKeepsTheReplyGate: the leader may hear of a turn twice,
// from its own handling of the move (with the gate of the reply that
// reports it) and from the store's watch (without), in either order; the
// computer's post of its answer waits for that reply either way.
func TestComputerKeepsTheReplyGate(t *testing.T) {
	for _, watchFirst := range []bool{true, false} {
		c := newComputer(nil, ComputerOptions{Workers: 1})
		c.slots <- struct{}{} // the only worker is busy: the queued game waits
		ctx, cancel := context.WithCancel(context.Background())
		c.ctx = ctx
		const id, turns = storage.GameID(7), 3
		at := func(n int) *storage.Game {
			return &storage.Game{ID: id, State: storage.Active, Log: make([]game.Move, n)}
		}
		reply := make(chan struct{})
		c.enqueue(at(turns-2), make(chan struct{})) // an earlier turn's
		if watchFirst {
			c.enqueue(at(turns), nil)
			c.enqueue(at(turns), reply)
		} else {
			c.enqueue(at(turns), reply)
			c.enqueue(at(turns), nil)
		}
		if got := c.gate(id, turns); got != reply {
			t.Errorf("watch first %v: the post after %d moves waits for %v, want the reply's gate", watchFirst, turns, got)
		}
		if got := c.gate(id, turns-2); got != nil {
			t.Errorf("watch first %v: an earlier turn's gate is kept after a later post", watchFirst)
		}
		cancel()
		c.wg.Wait()
	}
}
