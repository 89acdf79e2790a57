package storage

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestComputerSeatsRoundTrip stores a game against the computer and reads
// its seats and level back, across a reopening of the file.
func TestComputerSeatsRoundTrip(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	g := newGame(Active)
	g.Seats[1] = "twixtbot"
	g.Meta.Computer = SeatSet(0).With(2)
	g.Meta.ComputerLevel = 4
	id := create(t, s, g).ID
	s.Close()
	s2, err := openPath(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	got, err := s2.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Meta.Computer.Has(2) || got.Meta.Computer.Has(1) || got.Meta.ComputerLevel != 4 {
		t.Errorf("read back computer seats %s at level %d, want {2} at 4", got.Meta.Computer, got.Meta.ComputerLevel)
	}
}

// TestOldRecordsReadAsPeople checks that records written before the
// computer's fields existed still read, as games between people, and that
// a game between people is written exactly as before (so an older binary
// still reads it).
func TestOldRecordsReadAsPeople(t *testing.T) {
	boltOnly(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "twixt.db")
	copyFile(t, filepath.Join("testdata", "schema1.db"), path)
	s, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for id := GameID(1); id <= 5; id++ {
		g, err := s.Get(ctx, id)
		if err != nil {
			t.Fatalf("old game %s: %v", id, err)
		}
		if g.Meta.Computer != 0 || g.Meta.ComputerLevel != 0 {
			t.Errorf("old game %s reads with computer seats %s level %d", id, g.Meta.Computer, g.Meta.ComputerLevel)
		}
	}
	people := newGame(Active)
	people.ID = 9
	if b := encodeGame(people); bytes.Contains(b, []byte("computer")) {
		t.Errorf("a game between people is written with a computer field: %q", b)
	}
}

// TestComputerSeatsChecked refuses computer seats that cannot be: outside
// the game, or without a level, or a level without seats.
func TestComputerSeatsChecked(t *testing.T) {
	for _, tc := range []struct {
		name  string
		seats SeatSet
		level int
	}{
		{"seat 3 of two", SeatSet(0).With(3), 2},
		{"no level", SeatSet(0).With(2), 0},
		{"level without seats", 0, 3},
		{"negative level", SeatSet(0).With(1), -1},
		{"absurd level", SeatSet(0).With(1), 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := openTest(t)
			g := newGame(Active)
			g.Settings = game.Settings{Size: game.Size{Cols: 12, Rows: 12}}
			g.Meta.Computer, g.Meta.ComputerLevel = tc.seats, tc.level
			if _, err := s.Create(context.Background(), g); err == nil {
				t.Errorf("stored computer seats %s at level %d", tc.seats, tc.level)
			}
		})
	}
}
