package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

func TestRetryDelay(t *testing.T) {
	for _, tt := range []struct {
		fails int
		want  time.Duration
	}{
		{1, time.Second}, {2, 2 * time.Second}, {3, 4 * time.Second}, {6, 32 * time.Second},
		{7, time.Minute}, {8, time.Minute}, {1000, time.Minute},
	} {
		if got := retryDelay(tt.fails); got != tt.want {
			t.Errorf("after %d failures: %v, want %v", tt.fails, got, tt.want)
		}
	}
}

// errFlaky is a store's passing failure.
var errFlaky = errors.New("etcd: request timed out")

// flakyStore fails the first reads and the first changes of the
// computer's moves, as a store that cannot be reached for a moment; it
// closes moved when a move of the computer's lands.
type flakyStore struct {
	match.Store
	mu           sync.Mutex
	loads, moves int // failures still to come
	conflicts    int // moves refused as moved on still to come
	lists        int // failures of the listing of the active games
	moved        chan struct{}
}

// fails counts down one of the failures still to come: whether to fail.
func (s *flakyStore) fails(n *int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if *n <= 0 {
		return false
	}
	*n--
	return true
}

func (s *flakyStore) Active(ctx context.Context) ([]*storage.Game, error) {
	if s.fails(&s.lists) {
		return nil, fmt.Errorf("storage: list active games: %w", errFlaky)
	}
	return s.Store.Active(ctx)
}

func (s *flakyStore) Load(ctx context.Context, id storage.GameID) (*storage.Game, *game.Game, error) {
	if s.fails(&s.loads) {
		return nil, nil, fmt.Errorf("storage: read game %s: %w", id, errFlaky)
	}
	return s.Store.Load(ctx, id)
}

func (s *flakyStore) AppendMoves(ctx context.Context, id storage.GameID, at storage.LogMark, moves []storage.SeatMove, update func(*storage.Game, game.Outcome) error) (storage.Moved, error) {
	if s.fails(&s.moves) {
		return storage.Moved{}, fmt.Errorf("storage: commit: %w", errFlaky)
	}
	if s.fails(&s.conflicts) {
		return storage.Moved{}, &storage.ConflictError{Game: id, Expected: at, Actual: at}
	}
	m, err := s.Store.AppendMoves(ctx, id, at, moves, update)
	if err == nil && moves[0].Seat == computerSeat {
		close(s.moved)
	}
	return m, err
}

// TestComputerRetriesAFailedLook: a look at a game whose read or whose
// move's store fails is tried again after 1 s, 2 s, 4 s ... (the waits
// are the test's: no time passes), each logged, until the computer's
// move lands; one that finds the game moved on is tried again at once,
// up to three in a row.
func TestComputerRetriesAFailedLook(t *testing.T) {
	for _, tt := range []struct {
		name                    string
		loads, moves, conflicts int
		want                    []time.Duration
	}{
		{"the read fails three times", 3, 0, 0, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}},
		{"the store fails twice", 0, 2, 0, []time.Duration{time.Second, 2 * time.Second}},
		{"both fail", 1, 1, 0, []time.Duration{time.Second, 2 * time.Second}},
		{"nothing fails", 0, 0, 0, nil},
		// Three looks that find the game moved on look again at once;
		// more in a row wait like failures.
		{"moved on three times", 0, 0, 3, nil},
		{"moved on five times", 0, 0, 5, []time.Duration{time.Second, 2 * time.Second}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			st := testBackends[0].open(t)
			g := computerGame(t, ctx, st)
			fs := &flakyStore{Store: st, loads: tt.loads, moves: tt.moves, conflicts: tt.conflicts, moved: make(chan struct{})}
			logs := &discordtest.Buffer{}
			b := New(Options{Store: fs, Logger: slog.New(slog.NewJSONHandler(logs, nil)), Computer: ComputerOptions{User: "99", Engine: fastEngine().Engine}})
			waited := recordPauses(b)
			runComputer(t, b)
			select {
			case <-fs.moved:
			case <-ctx.Done():
				t.Fatalf("the computer never moved; log:\n%s", logs)
			}
			if err := b.WaitComputerIdle(ctx); err != nil {
				t.Fatal(err)
			}
			got, err := st.Get(ctx, g.ID)
			if err != nil || len(got.Log) != 2 {
				t.Fatalf("%v, %d log entries: want the computer's move played", err, len(got.Log))
			}
			if got := waited(); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("the computer waited %v before looking again, want %v", got, tt.want)
			}
			if n := strings.Count(logs.String(), `"msg":"the computer looks at its game again later"`); n != len(tt.want) {
				t.Errorf("%d retries logged, want %d:\n%s", n, len(tt.want), logs)
			}
		})
	}
}

// TestComputerRetriesWhileRunning: a game whose reads keep failing is
// looked at again and again, its waits growing to a minute, while the
// computer runs; meanwhile WaitComputerIdle does not wait for it, and
// when the computer stops, so do the retries.
func TestComputerRetriesWhileRunning(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st := testBackends[0].open(t)
	computerGame(t, ctx, st)
	fs := &flakyStore{Store: st, loads: 1 << 30, moved: make(chan struct{})}
	b := New(Options{Store: fs, Computer: ComputerOptions{User: "99", Engine: fastEngine().Engine}})
	waits := make(chan time.Duration)
	b.comp.pause = func(ctx context.Context, d time.Duration, wake <-chan struct{}) {
		select {
		case waits <- d:
		case <-ctx.Done():
		}
	}
	stop := runComputer(t, b)
	var got []time.Duration
	for range 9 {
		select {
		case d := <-waits:
			got = append(got, d)
		case <-ctx.Done():
			t.Fatalf("the computer stopped retrying after %v", got)
		}
	}
	want := []time.Duration{1, 2, 4, 8, 16, 32, 60, 60, 60}
	for i := range want {
		want[i] *= time.Second
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("waits %v, want %v", got, want)
	}
	// The game waits out its tenth backoff now: the computer is idle.
	if err := b.WaitComputerIdle(ctx); err != nil {
		t.Fatal(err)
	}
	stop()
	b.comp.mu.Lock()
	defer b.comp.mu.Unlock()
	if len(b.comp.games) != 0 {
		t.Errorf("%d games queued after the computer stopped", len(b.comp.games))
	}
}

// TestComputerRetryWokenByATurn: a turn heard while a game waits out its
// backoff ends the wait: the computer looks at once.
func TestComputerRetryWokenByATurn(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st := testBackends[0].open(t)
	g := computerGame(t, ctx, st)
	fs := &flakyStore{Store: st, loads: 1, moved: make(chan struct{})}
	b := New(Options{Store: fs, Computer: ComputerOptions{User: "99", Engine: fastEngine().Engine}})
	waiting := make(chan struct{})
	b.comp.pause = func(ctx context.Context, d time.Duration, wake <-chan struct{}) {
		close(waiting)
		select { // no timer: only a turn heard ends the wait
		case <-wake:
		case <-ctx.Done():
		}
	}
	runComputer(t, b)
	select {
	case <-waiting:
	case <-ctx.Done():
		t.Fatal("the failed look was never retried")
	}
	b.comp.enqueue(g, nil) // as the store's watch or a move tells of the game
	select {
	case <-fs.moved:
	case <-ctx.Done():
		t.Fatal("the turn heard did not end the wait")
	}
}

// TestComputerRetriesItsFirstScan: when the listing of the active games
// at the computer's start fails, it is tried again after 1 s, 2 s ...
// (the test's waits), so that the games where the computer is to move
// are not left until a player moves.
func TestComputerRetriesItsFirstScan(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st := testBackends[0].open(t)
	computerGame(t, ctx, st)
	fs := &flakyStore{Store: st, lists: 2, moved: make(chan struct{})}
	b := New(Options{Store: fs, Computer: ComputerOptions{User: "99", Engine: fastEngine().Engine}})
	waited := recordPauses(b)
	runComputer(t, b)
	select {
	case <-fs.moved:
	case <-ctx.Done():
		t.Fatal("the computer never moved")
	}
	if got, want := waited(), []time.Duration{time.Second, 2 * time.Second}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the computer waited %v before listing again, want %v", got, want)
	}
}

// recordPauses makes the computer of b wait no time between its tries,
// and returns a function that lists the waits it asked for.
func recordPauses(b *Bot) func() []time.Duration {
	var mu sync.Mutex
	var waited []time.Duration
	b.comp.pause = func(ctx context.Context, d time.Duration, wake <-chan struct{}) {
		mu.Lock()
		defer mu.Unlock()
		waited = append(waited, d)
	}
	return func() []time.Duration {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(waited)
	}
}
