package storage

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestTakeBack shortens the log in one transaction, records what was
// undone, survives a reopen, refuses a stale length, and keeps the
// position cache honest when the log grows back to the same length.
func TestTakeBack(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	g := create(t, s, newGame(Active))
	r := rand.New(rand.NewPCG(1, 2))
	for range 4 {
		play(t, s, g.ID, r)
	}
	before, _, err := s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.TakeBack(ctx, g.ID, LogMark{3, 0}, 2, 1, nil); !errors.Is(err, ErrConflict) {
		t.Fatalf("takeback at a stale length: %v, want ErrConflict", err)
	}
	for _, keep := range []int{-1, 4} {
		if _, err := s.TakeBack(ctx, g.ID, LogMark{4, 0}, keep, 1, nil); err == nil {
			t.Fatalf("keep %d: no error", keep)
		}
	}
	m, err := s.TakeBack(ctx, g.ID, LogMark{4, 0}, 3, 2, func(ng *Game, pos *game.Game) error {
		ng.Meta.DrawOffer = 0
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Game.Log) != 3 || m.Pos.Turns() != 3 || len(m.Game.Meta.Takebacks) != 1 {
		t.Fatalf("after the takeback: log %d, position %d turns, %d takebacks", len(m.Game.Log), m.Pos.Turns(), len(m.Game.Meta.Takebacks))
	}
	tb := m.Game.Meta.Takebacks[0]
	if tb.Turns != 3 || tb.Asker != 2 || len(tb.Moves) != 1 || tb.Moves[0].String() != before.Log[3].String() {
		t.Fatalf("recorded %+v, want the undone %s", tb, before.Log[3])
	}
	// The log grows back to four entries with another move: the cache
	// must not give the old fourth move's position.
	var next game.Move
	for {
		next = randomMove(m.Pos, r)
		if next.String() != before.Log[3].String() {
			break
		}
	}
	seat, _ := m.Pos.ToMove()
	moved, err := s.AppendMove(ctx, g.ID, 3, seat, next, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, pos, err := s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pos.Log()[3].String(), next.String(); got != want || pos.Peg(moved.Outcome.Hole) == game.NoColor {
		t.Fatal("the cached position is not the log's")
	}
	if _, err := s.Update(ctx, g.ID, func(ng *Game) error { ng.Meta.Takebacks = nil; return nil }); err == nil {
		t.Fatal("Update erased the takebacks")
	}
	s.Close()
	s2, err := openPath(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	back, err := s2.Get(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Log) != 4 || !sameTakebacks(back.Meta.Takebacks, moved.Game.Meta.Takebacks) {
		t.Fatalf("reopened: log %d, takebacks %+v", len(back.Log), back.Meta.Takebacks)
	}
	mustCheck(t, s2)
}

// TestLogMarkAfterTakeback: a change decided on a record whose log a
// takeback and a new move have since brought back to the same length is
// refused with a *ConflictError naming both marks, and changes nothing,
// if it carries the record's LogMark; AppendMove, which compares the
// length only, is the documented exception.
func TestLogMarkAfterTakeback(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	r := rand.New(rand.NewPCG(3, 4))
	tests := []struct {
		name   string
		change func(id GameID, seen *Game, pos *game.Game) error
		stale  bool // the change is refused as stale
	}{
		{"move with the mark read", func(id GameID, seen *Game, pos *game.Game) error {
			seat, _ := pos.ToMove()
			_, err := s.AppendMoves(ctx, id, seen.LogMark(), []SeatMove{{seat, randomMove(pos, r)}}, nil)
			return err
		}, true},
		{"takeback with the mark read", func(id GameID, seen *Game, pos *game.Game) error {
			_, err := s.TakeBack(ctx, id, seen.LogMark(), len(seen.Log)-1, 1, nil)
			return err
		}, true},
		{"move with the length only", func(id GameID, seen *Game, pos *game.Game) error {
			seat, _ := pos.ToMove()
			_, err := s.AppendMove(ctx, id, len(seen.Log), seat, randomMove(pos, r), nil)
			return err
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := create(t, s, newGame(Active))
			for range 4 {
				play(t, s, g.ID, r)
			}
			seen, _, err := s.Load(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			// A takeback of the last move, and another move: four
			// entries again, on another position.
			tb, err := s.TakeBack(ctx, g.ID, seen.LogMark(), 3, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			var next game.Move
			for next = randomMove(tb.Pos, r); next.String() == seen.Log[3].String(); next = randomMove(tb.Pos, r) {
			}
			seat, _ := tb.Pos.ToMove()
			now, err := s.AppendMoves(ctx, g.ID, tb.Game.LogMark(), []SeatMove{{seat, next}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if now.Game.LogMark() != (LogMark{4, 1}) || seen.LogMark() != (LogMark{4, 0}) {
				t.Fatalf("marks %v then %v, want 4 entries after 0 then 1 takeback", seen.LogMark(), now.Game.LogMark())
			}
			err = tt.change(g.ID, seen, now.Pos)
			after, _ := s.Get(ctx, g.ID)
			if !tt.stale {
				if err != nil || len(after.Log) != 5 {
					t.Fatalf("%v, %d entries: want the move played", err, len(after.Log))
				}
				return
			}
			var ce *ConflictError
			if !errors.As(err, &ce) || ce.Expected != seen.LogMark() || ce.Actual != now.Game.LogMark() || !strings.Contains(err.Error(), "takeback") {
				t.Fatalf("err = %v, want a *ConflictError from %v to %v that tells of the takeback", err, seen.LogMark(), now.Game.LogMark())
			}
			if after.LogMark() != now.Game.LogMark() || after.Log[3].String() != next.String() {
				t.Fatalf("the refused change left %v, last %s; want %v, last %s", after.LogMark(), after.Log[3], now.Game.LogMark(), next)
			}
		})
	}
	mustCheck(t, s)
}

func TestLogMarkString(t *testing.T) {
	for _, tt := range []struct {
		m    LogMark
		want string
	}{
		{LogMark{AnyLen, 0}, "any"},
		{LogMark{12, AnyTakebacks}, "12 entries"},
		{LogMark{12, 1}, "12 entries after 1 takeback"},
		{LogMark{0, 2}, "0 entries after 2 takebacks"},
	} {
		if got := tt.m.String(); got != tt.want {
			t.Errorf("%#v: %q, want %q", tt.m, got, tt.want)
		}
	}
}
