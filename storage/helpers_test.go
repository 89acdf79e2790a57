package storage

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// fakeClock ticks one second at each reading, from a fixed start, so that
// timestamps are distinct and predictable.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

// openTest opens a new store in a temporary directory, closed at the end
// of the test.
func openTest(t testing.TB) (*Store, string) {
	t.Helper()
	path := newTestPath(t)
	s, err := openPath(path, &Options{Now: newFakeClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

// newGame returns an unsaved two-player game between alice and bob in
// guild g1, channel c1.
func newGame(state State) *Game {
	return &Game{
		Seats: []UserID{"alice", "bob"},
		Place: Place{Guild: "g1", Channel: "c1"},
		State: state,
	}
}

// create stores g and fails the test on error.
func create(t testing.TB, s *Store, g *Game) *Game {
	t.Helper()
	out, err := s.Create(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// randomMove picks a legal placement for the player to move.
func randomMove(pos *game.Game, r *rand.Rand) game.Move {
	holes := pos.LegalHoles()
	return game.Move{Kind: game.Place, Hole: holes[r.IntN(len(holes))]}
}

// randomLog plays up to n random placements (fewer if the game ends).
func randomLog(t testing.TB, set game.Settings, n int, seed uint64) []game.Move {
	t.Helper()
	pos, err := game.New(set)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	for pos.Turns() < n && !pos.Over() {
		if _, err := pos.PlayMove(randomMove(pos, r)); err != nil {
			t.Fatal(err)
		}
	}
	return pos.Log()
}

// play makes the seat to move play a random legal placement through the
// store.
func play(t testing.TB, s *Store, id GameID, r *rand.Rand) Moved {
	t.Helper()
	g, pos, err := s.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	seat, _ := pos.ToMove()
	m, err := s.AppendMove(context.Background(), id, len(g.Log), seat, randomMove(pos, r), nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// mustCheck fails the test if the store does not check out.
func mustCheck(t testing.TB, s *Store) {
	t.Helper()
	if err := s.Check(context.Background()); err != nil {
		t.Fatalf("check: %v", err)
	}
}

func ids(games []*Game) []GameID {
	out := make([]GameID, len(games))
	for i, g := range games {
		out[i] = g.ID
	}
	return out
}

// bulkCreate stores many games in one transaction (Create commits each on
// its own, which is too slow to fill a database for a benchmark).
func bulkCreate(t testing.TB, s *Store, games []*Game) []*Game {
	t.Helper()
	out := make([]*Game, len(games))
	for i, g := range games {
		ng, err := s.newRecord(g)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = ng
	}
	err := s.write(context.Background(), func(tx kvTx) (func() error, error) {
		return func() error {
			for _, ng := range out {
				if err := insertGame(tx, ng); err != nil {
					return err
				}
			}
			return nil
		}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
