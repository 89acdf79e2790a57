package storage

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage/etcdtest"
)

// fillForCopy stores games of every state (more than one batch of
// Copy), finished rated games, settings, choices and follows.
func fillForCopy(t *testing.T, s *Store) {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 130 {
		g := newGame(Active)
		g.Seats = []UserID{UserID(fmt.Sprint("u", i%7)), UserID(fmt.Sprint("u", 7+i%5))}
		if i%10 == 0 {
			g.State = Proposed
		}
		g = create(t, s, g)
		if g.State != Active {
			continue
		}
		for range 1 + i%4 {
			play(t, s, g.ID, r)
		}
		if i%3 == 0 {
			rec, pos, err := s.Load(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			seat, _ := pos.ToMove()
			if _, err := s.AppendMove(ctx, g.ID, len(rec.Log), seat, game.Move{Kind: game.Resign}, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := s.UpdateSettings(ctx, Scope{Guild: "g1"}, "admin", "hello", func(st *ServerSettings) error {
		st.Format, st.Data = 1, []byte(`{"x":1}`)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdatePrefs(ctx, "u1", func(p *Prefs) error { p.Notify = 2; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Follow(ctx, 2, "u3", true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetGuildLocale(ctx, "g1", "de"); err != nil {
		t.Fatal(err)
	}
}

// TestCopyBoltToEtcdAndBack copies a bbolt database to etcd, checks that
// the copy serves the same games and continues the IDs, refuses to copy
// over it again unless told, and copies it back to a new file.
func TestCopyBoltToEtcdAndBack(t *testing.T) {
	boltOnly(t) // it makes its own stores of both kinds
	src, err := Open(filepath.Join(t.TempDir(), "src.db"), &Options{Now: newFakeClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	fillForCopy(t, src)
	srv := etcdtest.New(t)
	dst, err := OpenEtcd(EtcdConfig{Endpoints: srv.Endpoints}, nil) // etcd's default limits
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	copied, err := Copy(ctx, dst, src, false)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]BucketCopied{}
	for _, bc := range copied {
		byName[bc.Bucket] = bc
	}
	if n := byName["games"].Keys; n != 130 || byName["games"].Sequence != 130 {
		t.Errorf("copied %d games, sequence %d; want 130, 130", n, byName["games"].Sequence)
	}
	for _, name := range []string{"settings", "settings-log", "prefs", "follows", "guilds", "ratings", "idx-finished"} {
		if byName[name].Keys == 0 {
			t.Errorf("bucket %s: nothing copied", name)
		}
	}
	for id := GameID(1); id <= 130; id += 13 {
		a, err1 := src.Get(ctx, id)
		b, err2 := dst.Get(ctx, id)
		if err1 != nil || err2 != nil || fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("%s: source %v (%v), copy %v (%v)", id, a, err1, b, err2)
		}
	}
	if g := create(t, dst, newGame(Proposed)); g.ID != 131 {
		t.Errorf("the next game on the copy is %s, want g131", g.ID)
	}

	if _, err := Copy(ctx, dst, src, false); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("a second copy: %v, want ErrNotEmpty", err)
	}
	if _, err := Copy(ctx, dst, src, true); err != nil {
		t.Fatalf("a second copy, overwriting: %v", err)
	}
	if _, err := dst.Get(ctx, 131); !errors.Is(err, ErrNotFound) {
		t.Errorf("the overwritten copy still has g131: %v", err)
	}

	back, err := Open(filepath.Join(t.TempDir(), "back.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	again, err := Copy(ctx, back, dst, false)
	if err != nil {
		t.Fatal(err)
	}
	for i := range again {
		if again[i] != copied[i] {
			t.Errorf("bucket %s: %+v back, %+v there", again[i].Bucket, again[i], copied[i])
		}
	}
}
