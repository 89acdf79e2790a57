package storage_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// clock is a fixed clock, so that the examples print the same every time.
func clock() time.Time { return time.Date(2025, 6, 1, 18, 30, 0, 0, time.UTC) }

func tempDB() (string, func()) {
	dir, err := os.MkdirTemp("", "twixt-example")
	if err != nil {
		log.Fatal(err)
	}
	return filepath.Join(dir, "twixt.db"), func() { os.RemoveAll(dir) }
}

// exampleStore opens a new store in a temporary directory, as Example
// shows; done closes it and removes the directory.
func exampleStore() (s *storage.Store, done func()) {
	path, cleanup := tempDB()
	s, err := storage.Open(path, &storage.Options{Now: clock})
	if err != nil {
		log.Fatal(err)
	}
	return s, func() { s.Close(); cleanup() }
}

// The life of a game: a challenge, its acceptance, moves committed with
// optimistic concurrency, and the end.
func Example() {
	path, cleanup := tempDB()
	defer cleanup()
	ctx := context.Background()
	s, err := storage.Open(path, &storage.Options{Now: clock})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	// alice challenges bob in channel c1 of server g1.
	g, err := s.Create(ctx, &storage.Game{
		Settings: game.Settings{Size: game.Size{Cols: 12, Rows: 12}},
		Seats:    []storage.UserID{"alice", "bob"},
		Place:    storage.Place{Guild: "g1", Channel: "c1"},
		Meta:     storage.Meta{Expires: clock().Add(24 * time.Hour)},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("created", g.ID, g.State)

	// bob accepts.
	g, err = s.Update(ctx, g.ID, func(g *storage.Game) error {
		g.State = storage.Active
		g.Meta.Accepted = g.Meta.Accepted.With(2)
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(g.ID, g.State)

	// A move: load, check it against the position, commit it against the
	// log length that was checked.
	g, pos, err := s.Load(ctx, g.ID)
	if err != nil {
		log.Fatal(err)
	}
	seat, _ := pos.ToMove()
	m, _ := game.ParseMove("f6")
	moved, err := s.AppendMove(ctx, g.ID, len(g.Log), seat, m, func(g *storage.Game, o game.Outcome) error {
		g.Meta.BoardMessage = "message-1" // pure bookkeeping: no network here
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("move", moved.Outcome.Number, moved.Game.Log[0], "by", g.User(seat))

	// A second submission against the same log length loses the race.
	_, err = s.AppendMove(ctx, g.ID, len(g.Log), 2, m, nil)
	fmt.Println(errors.Is(err, storage.ErrConflict))

	// bob resigns; the game is over and counted.
	moved, err = s.AppendMove(ctx, g.ID, storage.AnyLen, 2, game.Move{Kind: game.Resign}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(moved.Game.State, moved.Game.Result)
	p, _ := s.Player(ctx, "alice")
	fmt.Printf("alice: %d win, %d losses\n", p.Wins, p.Losses)
	// Output:
	// created g1 proposed
	// g1 active
	// move 1 f6 by alice
	// true
	// finished Red wins by resignation
	// alice: 1 win, 0 losses
}

func ExampleStore_ActiveByChannel() {
	s, done := exampleStore()
	defer done()
	ctx := context.Background()
	for _, opp := range []storage.UserID{"bob", "carol"} {
		s.Create(ctx, &storage.Game{
			Seats: []storage.UserID{"alice", opp},
			Place: storage.Place{Guild: "g1", Channel: "c1"},
			State: storage.Active,
		})
	}
	games, err := s.ActiveByChannel(ctx, "c1")
	if err != nil {
		// Damaged records are named in err; games holds the rest.
		log.Print(err)
	}
	for _, g := range games {
		fmt.Println(g.ID, g.Seats)
	}
	// Output:
	// g1 [alice bob]
	// g2 [alice carol]
}

func ExampleStore_UpdateSettings() {
	s, done := exampleStore()
	defer done()
	ctx := context.Background()
	server := storage.Scope{Guild: "g1"}
	_, err := s.UpdateSettings(ctx, server, "mod", "board size 24 -> 18", func(st *storage.ServerSettings) error {
		st.Format, st.Data = 1, []byte(`{"size":18}`)
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	st, found, _ := s.LoadSettings(ctx, server)
	fmt.Println(found, string(st.Data), st.UpdatedBy)
	hist, _ := s.SettingsHistory(ctx, "g1", 10)
	for _, h := range hist {
		fmt.Println(h.At.Format(time.DateTime), h.By, h.Note)
	}
	// Output:
	// true {"size":18} mod
	// 2025-06-01 18:30:00 mod board size 24 -> 18
}

func ExampleStore_BackupFile() {
	s, done := exampleStore()
	defer done()
	ctx := context.Background()
	backup := filepath.Join(filepath.Dir(s.Path()), "backup.db")
	if _, err := s.BackupFile(ctx, backup); err != nil {
		log.Fatal(err)
	}
	// The backup is a database: open it to restore or inspect.
	b, err := storage.Open(backup, &storage.Options{ReadOnly: true})
	if err != nil {
		log.Fatal(err)
	}
	defer b.Close()
	fmt.Println(b.Check(ctx))
	// Output:
	// <nil>
}

func ExampleParseGameID() {
	for _, s := range []string{"g42", "42", "#42"} {
		id, err := storage.ParseGameID(s)
		fmt.Println(id, err)
	}
	// Output:
	// g42 <nil>
	// g42 <nil>
	// g0 bad ID: "#42" is not a game ID (write it like g42)
}
