package storage

import (
	"context"
	"errors"
	"math/rand/v2"
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
	if _, err := s.TakeBack(ctx, g.ID, 3, 2, 1, nil); !errors.Is(err, ErrConflict) {
		t.Fatalf("takeback at a stale length: %v, want ErrConflict", err)
	}
	for _, keep := range []int{-1, 4} {
		if _, err := s.TakeBack(ctx, g.ID, 4, keep, 1, nil); err == nil {
			t.Fatalf("keep %d: no error", keep)
		}
	}
	m, err := s.TakeBack(ctx, g.ID, 4, 3, 2, func(ng *Game, pos *game.Game) error {
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
