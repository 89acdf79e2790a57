package storage

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

func TestGameDue(t *testing.T) {
	at := func(h int) time.Time { return time.Date(2025, 1, 1, h, 0, 0, 0, time.UTC) }
	tests := []struct {
		name  string
		state State
		clock Clock
		meta  Meta
		want  time.Time
	}{
		{"nothing set", Active, Clock{}, Meta{}, time.Time{}},
		{"deadline", Active, Clock{Deadline: at(5)}, Meta{}, at(5)},
		{"wake before deadline", Active, Clock{Deadline: at(5), Wake: at(4)}, Meta{}, at(4)},
		{"challenge expiry", Proposed, Clock{}, Meta{Expires: at(3)}, at(3)},
		{"earliest of all", Active, Clock{Deadline: at(5), Wake: at(6)}, Meta{Expires: at(2)}, at(2)},
		{"finished games are never due", Finished, Clock{Deadline: at(5)}, Meta{}, time.Time{}},
		{"cancelled challenges are never due", Cancelled, Clock{}, Meta{Expires: at(3)}, time.Time{}},
	}
	for _, tt := range tests {
		g := &Game{State: tt.state, Clock: tt.clock, Meta: tt.meta}
		if got := g.Due(); !got.Equal(tt.want) {
			t.Errorf("%s: due %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestSets(t *testing.T) {
	ss := SeatSet(0).With(1).With(3).With(5).With(0)
	if !ss.Has(1) || !ss.Has(3) || ss.Has(2) || ss.Has(5) || ss.Len() != 2 || ss.String() != "{1,3}" {
		t.Errorf("seat set %s (%d seats)", ss, ss.Len())
	}
	if got := ss.Without(1).Seats(); !slices.Equal(got, []game.Seat{3}) {
		t.Errorf("without 1: %v", got)
	}
	rs := ReminderSet(0).With(0).With(31).With(32).With(-1)
	if !rs.Has(0) || !rs.Has(31) || rs.Has(1) || rs.Has(32) || rs.String() != "{0,31}" {
		t.Errorf("reminder set %s", rs)
	}
	g := &Game{Seats: []UserID{"a", "b", "a", "c"}}
	if !slices.Equal(g.SeatsOf("a"), []game.Seat{1, 3}) || !slices.Equal(g.Users(), []UserID{"a", "b", "c"}) || g.User(4) != "c" || g.User(5) != "" {
		t.Errorf("seats of a %v, users %v", g.SeatsOf("a"), g.Users())
	}
}

// TestThreeMGame stores a 3M game, appends a move that removes a peg, and
// reads it back: the ruleset and the removal survive the record's JSON
// settings and the binary move log.
func TestThreeMGame(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(Active)
	g.Settings = game.Settings{Ruleset: game.ThreeM}
	g = create(t, s, g)
	ctx := context.Background()
	appendAll(t, s, g.ID, []game.Seat{1, 2, 1, 2}, "c4", "e5", "d6--c4", "c4")
	rec, pos, err := s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Settings.Ruleset != game.ThreeM || pos.Settings().Ruleset != game.ThreeM {
		t.Errorf("ruleset %v / %v, want 3m", rec.Settings.Ruleset, pos.Settings().Ruleset)
	}
	if got := rec.Log[2].String(); got != "d6--c4" {
		t.Errorf("the removal was stored as %q", got)
	}
	if pos.Peg(game.Hole{Col: 2, Row: 3}) != game.Black {
		t.Error("Black's peg in the freed C4 did not survive")
	}
}

// TestPie3Game stores a cut-the-pie game through the colour choice: the
// opening and the choice survive the JSON settings and the binary log.
func TestPie3Game(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(Active)
	g.Settings = game.Settings{Opening: game.OpeningPie3}
	g = create(t, s, g)
	ctx := context.Background()
	appendAll(t, s, g.ID, []game.Seat{1, 1, 1, 2, 1}, "j12", "k14", "m12", "choose:red", "p10")
	rec, pos, err := s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Settings.Opening != game.OpeningPie3 || pos.SeatColor(2) != game.Red || pos.Peg(game.Hole{Col: 15, Row: 9}) != game.Black {
		t.Errorf("opening %v, seat 2 plays %v, p10 holds %v", rec.Settings.Opening, pos.SeatColor(2), pos.Peg(game.Hole{Col: 15, Row: 9}))
	}
}

// appendAll appends moves, in the move syntax, by the given seats.
func appendAll(t *testing.T, s *Store, id GameID, seats []game.Seat, moves ...string) {
	t.Helper()
	for i, mv := range moves {
		m, err := game.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.AppendMove(context.Background(), id, i, seats[i], m, nil); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
}
