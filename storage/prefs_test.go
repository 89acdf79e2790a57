package storage

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestPrefsAndFollows keeps a user's choices and the followers of a game
// across a reopen, on a database made before their buckets existed.
func TestPrefsAndFollows(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	g := create(t, s, newGame(Active))
	if p, err := s.Prefs(ctx, "alice"); err != nil || p != (Prefs{}) {
		t.Fatalf("no choices yet: %+v, %v", p, err)
	}
	if f, err := s.Followers(ctx, g.ID); err != nil || len(f) != 0 {
		t.Fatalf("no followers yet: %v, %v", f, err)
	}
	if _, err := s.UpdatePrefs(ctx, "alice", func(p *Prefs) error { p.Notify = 2; return nil }); err != nil {
		t.Fatal(err)
	}
	for _, u := range []UserID{"carol", "dave", "carol"} {
		if _, err := s.Follow(ctx, g.ID, u, true); err != nil {
			t.Fatal(err)
		}
	}
	if ch, err := s.Follow(ctx, g.ID, "dave", false); err != nil || !ch {
		t.Fatalf("unfollow: %v, %v", ch, err)
	}
	if _, err := s.Follow(ctx, 999, "dave", true); !errors.Is(err, ErrNotFound) {
		t.Fatalf("following a missing game: %v", err)
	}
	s.Close()
	s2, err := openPath(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if p, err := s2.Prefs(ctx, "alice"); err != nil || p.Notify != 2 {
		t.Fatalf("after a reopen: %+v, %v", p, err)
	}
	if f, err := s2.Followers(ctx, g.ID); err != nil || !slices.Equal(f, []UserID{"carol"}) {
		t.Fatalf("followers after a reopen: %v, %v", f, err)
	}
	mustCheck(t, s2)
}

// TestForgetUserForgetsChoices: forget-user removes a user's choices and
// follows.
func TestForgetUserForgetsChoices(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := create(t, s, newGame(Active))
	if _, err := s.UpdatePrefs(ctx, "erin", func(p *Prefs) error { p.Notify = 1; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Follow(ctx, g.ID, "erin", true); err != nil {
		t.Fatal(err)
	}
	f, err := s.ForgetUser(ctx, "erin")
	if err != nil || !f.Choices || f.Nothing() {
		t.Fatalf("forget: %+v, %v", f, err)
	}
	if p, err := s.Prefs(ctx, "erin"); err != nil || p != (Prefs{}) {
		t.Fatalf("choices after forgetting: %+v, %v", p, err)
	}
	if fs, err := s.Followers(ctx, g.ID); err != nil || len(fs) != 0 {
		t.Fatalf("followers after forgetting: %v, %v", fs, err)
	}
}

// BenchmarkPrefs reads a user's choices, as every reply that hands over
// the turn does.
func BenchmarkPrefs(b *testing.B) {
	ctx := context.Background()
	s, _ := openTest(b)
	if _, err := s.UpdatePrefs(ctx, "alice", func(p *Prefs) error { p.Notify = 1; return nil }); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Prefs(ctx, "alice"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTakeBack takes a move back and plays it again, on a game of 40
// moves.
func BenchmarkTakeBack(b *testing.B) {
	ctx := context.Background()
	s, _ := openTest(b)
	g := newGame(Active)
	g.Log = randomLog(b, game.Settings{Size: game.Size{Cols: 24, Rows: 24}, Players: 2}, 40, 7)
	last := g.Log[len(g.Log)-1]
	seat := game.Seat(2 - len(g.Log)%2)
	var cur *Game
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%maxTakebacks == 0 { // a game records so many takebacks: start another
			b.StopTimer()
			cur = create(b, s, g.Clone())
			b.StartTimer()
		}
		if _, err := s.TakeBack(ctx, cur.ID, LogMark{len(g.Log), AnyTakebacks}, len(g.Log)-1, seat, nil); err != nil {
			b.Fatal(err)
		}
		if _, err := s.AppendMove(ctx, cur.ID, len(g.Log)-1, seat, last, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBackupKeepsChoices: a backup holds the users' choices and follows.
func TestBackupKeepsChoices(t *testing.T) {
	boltOnly(t)
	ctx := context.Background()
	s, _ := openTest(t)
	g := create(t, s, newGame(Active))
	if _, err := s.UpdatePrefs(ctx, "alice", func(p *Prefs) error { p.Notify = 2; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Follow(ctx, g.ID, "erin", true); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "backup.db")
	if _, err := s.BackupFile(ctx, path); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if p, err := b.Prefs(ctx, "alice"); err != nil || p.Notify != 2 {
		t.Fatalf("choices in the backup: %+v, %v", p, err)
	}
	if f, err := b.Followers(ctx, g.ID); err != nil || !slices.Equal(f, []UserID{"erin"}) {
		t.Fatalf("followers in the backup: %v, %v", f, err)
	}
}
