package bot

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/internal/testclock"
	"github.com/twixtbot/twixtbot/storage"
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
