package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
	"github.com/twixtbot/twixtbot/storage/etcdtest"
)

// computerSeat is the seat the computer plays in the games of these
// tests, against user "1" in seat 1 (Red, who begins).
const computerSeat = game.Seat(2)

// testBackends opens a store on each backend: a bbolt file, and a
// prefix of an etcd server started for the test.
var testBackends = []struct {
	name string
	open func(t *testing.T) *storage.Store
}{
	{"bbolt", func(t *testing.T) *storage.Store {
		st, err := storage.Open(t.TempDir()+"/twixt.db", nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}},
	{"etcd", func(t *testing.T) *storage.Store {
		srv := etcdtest.New(t)
		st, err := storage.OpenEtcd(storage.EtcdConfig{Endpoints: srv.Endpoints, MaxTxnOps: etcdtest.MaxTxnOps}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}},
}

// computerGame stores a game of user "1" against the computer, and
// plays Red's first peg, c4, so that the computer is to move.
func computerGame(t *testing.T, ctx context.Context, st *storage.Store) *storage.Game {
	t.Helper()
	g, err := st.Create(ctx, &storage.Game{Seats: []storage.UserID{"1", "99"}, Place: storage.Place{Guild: "9", Channel: "8"},
		State: storage.Active, Meta: storage.Meta{Computer: storage.SeatSet(0).With(computerSeat), ComputerLevel: 1, Accepted: storage.SeatSet(0).With(1).With(2)}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := st.AppendMoves(ctx, g.ID, g.LogMark(), []storage.SeatMove{{Seat: 1, Move: game.Move{Kind: game.Place, Hole: game.Hole{Col: 3, Row: 4}}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m.Game
}

// runComputer runs the computer of b until the test ends, or until the
// returned stop is called; stop waits for it to return.
func runComputer(t *testing.T, b *Bot) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); b.RunComputer(ctx) }()
	stop = func() { cancel(); <-done }
	t.Cleanup(stop)
	return stop
}

// redoStore takes Red's peg back and has Red peg elsewhere, once the
// computer has read the game and chosen its move: before the service
// reads the game to play it (at "read"), or after (at "store"), just
// before the store's transaction. It keeps the marks the computer's
// moves were stored with, and what the store answered.
type redoStore struct {
	match.Store
	raw   *storage.Store
	at    string
	mu    sync.Mutex
	loads int
	done  bool
	// redone is closed once the redo is done: the game is then in the
	// computer's queue until its last look.
	redone chan struct{}
	marks  []storage.LogMark
	errs   []error
}

// redo takes Red's first peg back and plays d4 instead: the log has one
// entry again, after one takeback.
func (s *redoStore) redo(id storage.GameID) error {
	defer close(s.redone)
	ctx := context.Background()
	g, err := s.raw.Get(ctx, id)
	if err != nil {
		return err
	}
	tb, err := s.raw.TakeBack(ctx, id, g.LogMark(), 0, 1, nil)
	if err != nil {
		return err
	}
	_, err = s.raw.AppendMoves(ctx, id, tb.Game.LogMark(), []storage.SeatMove{{Seat: 1, Move: game.Move{Kind: game.Place, Hole: game.Hole{Col: 4, Row: 4}}}}, nil)
	return err
}

func (s *redoStore) Load(ctx context.Context, id storage.GameID) (*storage.Game, *game.Game, error) {
	s.mu.Lock()
	s.loads++
	redo := s.at == "read" && s.loads == 2 && !s.done // the service's read of the computer's first move
	s.done = s.done || redo
	s.mu.Unlock()
	if redo {
		if err := s.redo(id); err != nil {
			return nil, nil, err
		}
	}
	return s.Store.Load(ctx, id)
}

func (s *redoStore) AppendMoves(ctx context.Context, id storage.GameID, at storage.LogMark, moves []storage.SeatMove, update func(*storage.Game, game.Outcome) error) (storage.Moved, error) {
	s.mu.Lock()
	redo := s.at == "store" && !s.done
	s.done = s.done || redo
	s.mu.Unlock()
	if redo {
		if err := s.redo(id); err != nil {
			return storage.Moved{}, err
		}
	}
	m, err := s.Store.AppendMoves(ctx, id, at, moves, update)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.marks = append(s.marks, at)
	s.errs = append(s.errs, err)
	return m, err
}

// TestComputerMoveAfterTakebackAndReplay: when a takeback and a new move
// bring the log back to the length it had while the computer chose its
// move, the move is not played on the new position, though as legal
// there and the log as long: the computer looks at the game again (no
// turn reaches it: the change went to the store directly) and plays a
// move chosen for the new position.
func TestComputerMoveAfterTakebackAndReplay(t *testing.T) {
	for _, be := range testBackends {
		for _, tt := range []struct {
			at    string
			marks []storage.LogMark // the computer's moves as the store got them
		}{
			// The service's check refuses the move: it reaches the store once,
			// chosen again.
			{"read", []storage.LogMark{{Len: 1, Takebacks: 1}}},
			// The store's transaction refuses it.
			{"store", []storage.LogMark{{Len: 1, Takebacks: 0}, {Len: 1, Takebacks: 1}}},
		} {
			t.Run(be.name+"/"+tt.at, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				st := be.open(t)
				g := computerGame(t, ctx, st)
				rs := &redoStore{Store: st, raw: st, at: tt.at, redone: make(chan struct{})}
				b := New(Options{Store: rs, Computer: ComputerOptions{User: "99", Engine: fastEngine().Engine}})
				runComputer(t, b)
				select {
				case <-rs.redone:
				case <-ctx.Done():
					t.Fatal("the computer never tried to move")
				}
				if err := b.WaitComputerIdle(ctx); err != nil {
					t.Fatal(err)
				}
				got, err := st.Get(ctx, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if got.LogMark() != (storage.LogMark{Len: 2, Takebacks: 1}) || got.Log[0].Hole != (game.Hole{Col: 4, Row: 4}) {
					t.Fatalf("the game has %v, first %s: want Red's new peg and one move of the computer's", got.LogMark(), got.Log[0])
				}
				rs.mu.Lock()
				defer rs.mu.Unlock()
				if fmt.Sprint(rs.marks) != fmt.Sprint(tt.marks) {
					t.Errorf("the computer's moves reached the store at %v, want %v", rs.marks, tt.marks)
				}
				for i, err := range rs.errs {
					if last := i == len(rs.errs)-1; last != (err == nil) || (!last && !errors.Is(err, storage.ErrConflict)) {
						t.Errorf("the store answered %v to the computer's move %d; want only the last one played, the others refused as moved on", err, i+1)
					}
				}
			})
		}
	}
}

// TestButtonAfterTakebackAndReplay: Black's Swap button from the board of
// Red's first peg is stale once that peg is taken back and Red pegs
// elsewhere, though the log has one entry again; the button on the new
// board carries the takeback and swaps.
func TestButtonAfterTakebackAndReplay(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1")
	first := r.move(alice, "f6")
	if _, ok := findButton(first, "swap/g1/1"); !ok {
		t.Fatalf("no Swap button on %q", first.Content)
	}
	ask := r.do(alice, "twixt takeback").Message
	r.press(bob, ask, "tbyes/g1/1")
	r.wantLog(1)
	again := r.move(alice, "g8")
	if _, ok := findButton(again, "swap/g1/1.1"); !ok {
		t.Fatalf("the Swap button after the takeback does not carry it: %+v", again.Buttons())
	}
	if res := r.press(bob, first, "swap/g1/1").Message; !res.Ephemeral() || !strings.Contains(res.Content, "moved on") {
		t.Fatalf("the Swap button from before the takeback: %q", res.Content)
	}
	r.wantLog(1, "g8")
	r.press(bob, again, "swap/g1/1.1")
	r.wantLog(1, "g8", "swap")
}

func TestParseTurns(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want storage.LogMark
		ok   bool
	}{
		{"0", storage.LogMark{}, true},
		{"12", storage.LogMark{Len: 12}, true},
		{"12.1", storage.LogMark{Len: 12, Takebacks: 1}, true},
		{"3.200", storage.LogMark{Len: 3, Takebacks: 200}, true},
		{"", storage.LogMark{}, false},
		{"-1", storage.LogMark{}, false},
		{"12.0", storage.LogMark{}, false},
		{"12.", storage.LogMark{}, false},
		{".1", storage.LogMark{}, false},
		{"12.1.1", storage.LogMark{}, false},
		{"012", storage.LogMark{}, false},
		{"+12", storage.LogMark{}, false},
		{"12.-1", storage.LogMark{}, false},
		{"1e3", storage.LogMark{}, false},
	} {
		got, ok := parseTurns(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseTurns(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzParseTurns: what parseTurns reads, turnsSegment writes back the
// same, and it never reads a negative mark.
func FuzzParseTurns(f *testing.F) {
	for _, s := range []string{"0", "12", "12.1", "12.0", "-1", "1.2.3", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := parseTurns(s)
		if !ok {
			return
		}
		if m.Len < 0 || m.Takebacks < 0 {
			t.Fatalf("%q read as %v", s, m)
		}
		if m.Len > 1<<16 || m.Takebacks > 1<<16 {
			return // too large a record to build
		}
		g := &storage.Game{Log: make([]game.Move, m.Len), Meta: storage.Meta{Takebacks: make([]storage.Takeback, m.Takebacks)}}
		if got := turnsSegment(g); got != s {
			t.Fatalf("%q read as %v, written back as %q", s, m, got)
		}
	})
}
