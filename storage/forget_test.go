package storage

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestForgetUser forgets a player who has a finished game, a game under
// way, a challenge waiting and settings changes, beside other players'
// games, and checks that nothing of theirs is left in a live record while
// the other players' games still replay and count.
func TestForgetUser(t *testing.T) {
	s, _ := openTest(t)
	r := rand.New(rand.NewPCG(1, 2))
	named := func(g *Game, names ...string) *Game { g.Meta.Names = names; return g }

	// g1: alice lost to bob, finished.
	g1 := create(t, s, named(newGame(Active), "Alice A", "Bob B"))
	play(t, s, g1.ID, r)
	if _, err := s.AppendMove(ctx, g1.ID, AnyLen, 1, game.Move{Kind: game.Resign}, nil); err != nil {
		t.Fatal(err)
	}
	// g2: alice against carol, under way.
	g2 := newGame(Active)
	g2.Seats = []UserID{"carol", "alice"}
	g2 = create(t, s, named(g2, "Carol C", "Alice A"))
	play(t, s, g2.ID, r)
	play(t, s, g2.ID, r)
	// g3: bob challenges alice.
	g3 := newGame(Proposed)
	g3.Seats = []UserID{"bob", "alice"}
	g3 = create(t, s, g3)
	// g4: bob and carol; alice's ID happens to be a message ID in it.
	g4 := newGame(Active)
	g4.Seats = []UserID{"bob", "carol"}
	g4.Meta.BoardMessage = "alice"
	g4 = create(t, s, g4)
	play(t, s, g4.ID, r)
	// Settings: alice changed the server's, bob a channel's.
	for _, c := range []struct {
		sc Scope
		by UserID
	}{{Scope{Guild: "g1"}, "alice"}, {Scope{Guild: "g1", Channel: "c1"}, "bob"}} {
		if _, err := s.UpdateSettings(ctx, c.sc, c.by, "a change", func(st *ServerSettings) error { st.Data = []byte("{}"); return nil }); err != nil {
			t.Fatal(err)
		}
	}

	f, err := s.ForgetUser(ctx, "alice")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.Games, []GameID{g1.ID, g2.ID, g3.ID}) || !slices.Equal(f.Aborted, []GameID{g2.ID}) ||
		!slices.Equal(f.Cancelled, []GameID{g3.ID}) || f.Settings != 2 || !f.Record || f.Nothing() {
		t.Errorf("forgotten: %+v", f)
	}
	mustCheck(t, s) // the indexes and tallies agree with the games

	// No live record holds alice's ID or name, except g4's message ID.
	err = s.view(ctx, func(tx kvTx) error {
		return forEachBucket(tx, func(name []byte, b kvBucket) error {
			return b.ForEach(func(k, v []byte) error {
				if bytes.Contains(k, []byte("alice")) || bytes.Contains(v, []byte("Alice")) ||
					bytes.Contains(v, []byte(`"alice"`)) && !(string(name) == "games" && keyID(k) == g4.ID) {
					t.Errorf("bucket %s, key %q still holds alice: %q", name, k, v)
				}
				return nil
			})
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Player(ctx, "alice"); p.Games()+p.Aborted != 0 {
		t.Errorf("alice's record is still there: %+v", p)
	}
	if p, _ := s.Player(ctx, "bob"); p.Wins != 1 {
		t.Errorf("bob's win over alice is gone: %+v", p)
	}
	if p, _ := s.Player(ctx, "carol"); p.Aborted != 1 {
		t.Errorf("carol's game with alice is not counted as aborted: %+v", p)
	}
	if games, _ := s.ActiveByUser(ctx, "alice"); len(games) != 0 {
		t.Errorf("alice still has active games: %v", ids(games))
	}

	for _, tt := range []struct {
		id    GameID
		state State
		seats []UserID
		names []string
	}{
		{g1.ID, Finished, []UserID{DeletedUser, "bob"}, []string{DeletedName, "Bob B"}},
		{g2.ID, Finished, []UserID{"carol", DeletedUser}, []string{"Carol C", DeletedName}},
		{g3.ID, Cancelled, []UserID{"bob", DeletedUser}, []string{"", DeletedName}}, // no names before
		{g4.ID, Active, []UserID{"bob", "carol"}, nil},
	} {
		g, pos, err := s.Load(ctx, tt.id)
		if err != nil {
			t.Fatalf("%s: %v", tt.id, err)
		}
		if g.State != tt.state || !slices.Equal(g.Seats, tt.seats) || !slices.Equal(g.Meta.Names, tt.names) {
			t.Errorf("%s: %s, seats %v, names %q; want %s, %v, %q", tt.id, g.State, g.Seats, g.Meta.Names, tt.state, tt.seats, tt.names)
		}
		if tt.id == g2.ID && pos.Result() != (game.Result{Reason: game.Aborted}) {
			t.Errorf("%s ended %v, want aborted", tt.id, pos.Result())
		}
	}
	hist, err := s.SettingsHistory(ctx, "g1", 0)
	if err != nil || len(hist) != 2 || hist[1].By != DeletedUser || hist[0].By != "bob" {
		t.Errorf("settings log: %+v, %v", hist, err)
	}
	if st, _, _ := s.LoadSettings(ctx, Scope{Guild: "g1"}); st.UpdatedBy != DeletedUser {
		t.Errorf("settings still by %q", st.UpdatedBy)
	}

	// Again: nothing left to forget.
	f, err = s.ForgetUser(ctx, "alice")
	if err != nil || !f.Nothing() {
		t.Errorf("forgetting again: %+v, %v", f, err)
	}
	// The play goes on for the others.
	play(t, s, g4.ID, r)
}

func TestForgetUserRefuses(t *testing.T) {
	s, _ := openTest(t)
	for _, u := range []UserID{"", "a b", DeletedUser} {
		if _, err := s.ForgetUser(ctx, u); !errors.Is(err, ErrBadID) {
			t.Errorf("forget %q: %v, want ErrBadID", u, err)
		}
	}
}

// TestForgetUserDamaged refuses to forget past a damaged record that might
// be the user's: the error names the game and nothing changes.
func TestForgetUserDamaged(t *testing.T) {
	s, _ := openTest(t)
	good := create(t, s, newGame(Active))
	bad := create(t, s, newGame(Active))
	err := s.write(ctx, func(tx kvTx) (func() error, error) {
		return func() error {
			b := tx.Bucket(bucketGames)
			v := slices.Clone(b.Get(idKey(bad.ID)))
			v[len(v)-1] ^= 0xff // the checksum
			return b.Put(idKey(bad.ID), v)
		}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.ForgetUser(ctx, "alice")
	var de *DecodeError
	if !errors.As(err, &de) || de.Game != bad.ID {
		t.Fatalf("forget past a damaged game: %v, want a DecodeError naming %s", err, bad.ID)
	}
	if g, err := s.Get(ctx, good.ID); err != nil || g.Seats[0] != "alice" {
		t.Errorf("a refused forget changed %s: %v, %v", good.ID, g, err)
	}
}

// TestForgetUserLeavesNoTraceInBackup: the pages a forgotten user's
// records were on are freed, not wiped, so the database file may still
// hold their bytes until the pages are reused; a backup (BackupFile) is
// compacted, and holds none of them.
func TestForgetUserLeavesNoTraceInBackup(t *testing.T) {
	boltOnly(t)
	s, _ := openTest(t)
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20; i++ {
		g := newGame(Active)
		g.Seats[0] = "7777000111"
		g.Meta.Names = []string{"Zebediah Quux", "Bob B"}
		g = create(t, s, g)
		play(t, s, g.ID, r)
	}
	if _, err := s.ForgetUser(ctx, "7777000111"); err != nil {
		t.Fatal(err)
	}
	var raw bytes.Buffer
	if _, err := s.Backup(ctx, &raw); err != nil {
		t.Fatal(err)
	}
	t.Logf("a raw copy of the file still holds the name: %v", bytes.Contains(raw.Bytes(), []byte("Zebediah")))
	path := filepath.Join(t.TempDir(), "backup.db")
	if _, err := s.BackupFile(ctx, path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, trace := range []string{"Zebediah", "7777000111"} {
		if bytes.Contains(b, []byte(trace)) {
			t.Errorf("the backup still holds %q", trace)
		}
	}
	c, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	mustCheck(t, c)
	if games, err := c.Active(ctx); err != nil || len(games) != 0 {
		t.Errorf("the backup has %d active games (%v), want 0", len(games), err)
	}
}
