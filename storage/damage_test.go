package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/twixtbot/twixtbot/game"
)

// rawPut writes bytes under a key of a bucket, behind the store's back.
func rawPut(t *testing.T, s *Store, bucket, key, value []byte) {
	t.Helper()
	err := s.db.Update(func(tx *bolt.Tx) error {
		if value == nil {
			return tx.Bucket(bucket).Delete(key)
		}
		return tx.Bucket(bucket).Put(key, value)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func rawGet(t *testing.T, s *Store, bucket, key []byte) []byte {
	t.Helper()
	var v []byte
	s.db.View(func(tx *bolt.Tx) error {
		v = slices.Clone(tx.Bucket(bucket).Get(key))
		return nil
	})
	return v
}

func TestDamagedRecords(t *testing.T) {
	boltOnly(t)
	tests := []struct {
		name    string
		damage  func(t *testing.T, s *Store, g *Game)
		loadErr bool // Get succeeds, Load (which replays) fails
	}{
		{"flipped bit", func(t *testing.T, s *Store, g *Game) {
			v := rawGet(t, s, bucketGames, idKey(g.ID))
			v[len(v)/2] ^= 0x10
			rawPut(t, s, bucketGames, idKey(g.ID), v)
		}, false},
		{"truncated record", func(t *testing.T, s *Store, g *Game) {
			v := rawGet(t, s, bucketGames, idKey(g.ID))
			rawPut(t, s, bucketGames, idKey(g.ID), v[:len(v)-9])
		}, false},
		{"empty record", func(t *testing.T, s *Store, g *Game) {
			rawPut(t, s, bucketGames, idKey(g.ID), []byte{})
		}, false},
		{"another game's record", func(t *testing.T, s *Store, g *Game) {
			rawPut(t, s, bucketGames, idKey(g.ID), rawGet(t, s, bucketGames, idKey(g.ID+1)))
		}, false},
		{"unknown field", func(t *testing.T, s *Store, g *Game) {
			v := rawGet(t, s, bucketGames, idKey(g.ID))
			p, _ := unseal(kindGame, v)
			n, k := binary.Uvarint(p)
			head := strings.Replace(string(p[k:k+int(n)]), `"id"`, `"zz":1,"id"`, 1)
			rawPut(t, s, bucketGames, idKey(g.ID), seal(kindGame, binary.AppendUvarint(nil, uint64(len(head))), []byte(head), p[k+int(n):]))
		}, false},
		{"log that does not replay", func(t *testing.T, s *Store, g *Game) {
			bad := g.Clone()
			bad.Log = append(bad.Log, bad.Log[0]) // the same hole twice
			rawPut(t, s, bucketGames, idKey(g.ID), encodeGame(bad))
		}, true},
		{"result the log does not give", func(t *testing.T, s *Store, g *Game) {
			bad := g.Clone()
			bad.State, bad.Result, bad.Winners, bad.Ended = Active, game.Result{}, 0, time.Time{}
			rawPut(t, s, bucketGames, idKey(g.ID), encodeGame(bad))
		}, true},
		{"record missing", func(t *testing.T, s *Store, g *Game) {
			rawPut(t, s, bucketGames, idKey(g.ID), nil)
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := openTest(t)
			r := rand.New(rand.NewPCG(5, 6))
			var games []*Game
			for i := 0; i < 3; i++ {
				g := create(t, s, newGame(Active))
				for j := 0; j < 6; j++ {
					play(t, s, g.ID, r)
				}
				games = append(games, g)
			}
			bad := games[1]
			if tt.name == "result the log does not give" {
				m, err := s.AppendMove(ctx, bad.ID, AnyLen, 1, game.Move{Kind: game.Resign}, nil)
				if err != nil {
					t.Fatal(err)
				}
				bad = m.Game
			} else {
				bad, _ = s.Get(ctx, bad.ID)
			}
			tt.damage(t, s, bad)

			named := func(what string, err error) {
				t.Helper()
				var de *DecodeError
				if !errors.Is(err, ErrCorrupt) || !errors.As(err, &de) || de.Game != bad.ID || !strings.Contains(err.Error(), bad.ID.String()) {
					t.Errorf("%s: %v, want a *DecodeError naming %s", what, err, bad.ID)
				}
			}
			_, _, err := s.Load(ctx, bad.ID)
			if tt.name == "record missing" {
				if !errors.Is(err, ErrNotFound) {
					t.Errorf("load: %v, want ErrNotFound", err)
				}
			} else {
				named("load", err)
				if _, err := s.Get(ctx, bad.ID); (err == nil) != tt.loadErr {
					t.Errorf("get: %v", err)
				}
			}
			if _, err := s.AppendMove(ctx, bad.ID, AnyLen, 1, game.Move{Kind: game.Draw}, nil); err == nil {
				t.Error("a move in a damaged game was accepted")
			}
			if !tt.loadErr {
				// Listings give the others and name the damaged one.
				list, err := s.ActiveByUser(ctx, "alice")
				named("list", err)
				if want := []GameID{games[0].ID, games[2].ID}; !slices.Equal(ids(list), want) {
					t.Errorf("listed %v, want %v", ids(list), want)
				}
			}
			named("check", s.Check(ctx))
		})
	}
}

// pristine builds a small database with games in every state and settings,
// and returns its path (closed).
func pristine(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pristine.db")
	s, err := Open(path, &Options{Now: newFakeClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	var games []*Game
	for i := 0; i < 60; i++ {
		g := newGame(Active)
		g.Seats = []UserID{UserID("u" + string(rune('a'+i%7))), UserID("v" + string(rune('a'+i%5)))}
		g.Place.Channel = ChannelID("c" + string(rune('a'+i%3)))
		g.Log = randomLog(t, game.Settings{}, 40+i, uint64(i))
		if i%4 == 0 {
			g.Log = append(g.Log, game.Move{Kind: game.Resign, Color: game.Black})
		}
		games = append(games, g)
	}
	bulkCreate(t, s, games)
	if _, err := s.UpdateSettings(ctx, Scope{Guild: "g1"}, "mod", "n", func(st *ServerSettings) error { st.Data = []byte("{}"); return nil }); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	s.Close()
	return path
}

// exercise runs every read of the store and returns the errors; it must
// not panic.
func exercise(s *Store) []error {
	var errs []error
	add := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	_, err := s.Active(ctx)
	add(err)
	for id := GameID(1); id <= 61; id++ {
		_, _, err := s.Load(ctx, id)
		if !errors.Is(err, ErrNotFound) {
			add(err)
		}
	}
	_, err = s.ActiveByUser(ctx, "ua")
	add(err)
	_, err = s.ActiveByChannel(ctx, "cb")
	add(err)
	_, _, err = s.FinishedByGuild(ctx, "g1", Cursor{}, 100)
	add(err)
	_, err = s.SettingsHistory(ctx, "g1", 10)
	add(err)
	add(s.Check(ctx))
	return errs
}

func TestDamagedFile(t *testing.T) {
	boltOnly(t)
	src := pristine(t)
	orig, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	const page = 4096
	dir := t.TempDir()
	try := func(name string, data []byte) (errs []error, openErr error) {
		t.Helper()
		path := filepath.Join(dir, name+".db")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Open(path, &Options{Timeout: 100 * time.Millisecond})
		if err != nil {
			if errors.Is(err, ErrInUse) {
				t.Fatalf("%s: %v: an earlier Open left the file locked", name, err)
			}
			return nil, err
		}
		defer s.Close()
		return exercise(s), nil
	}
	mustCorrupt := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", what, err)
		}
	}

	// Files that must not open. The file may run past its last page in
	// use (bbolt grows it in steps); cutting into the pages in use must be
	// caught.
	m0, _ := parseMeta(orig[16:])
	m1, _ := parseMeta(orig[page+16:])
	inUse := int(max(m0.pages, m1.pages)) * page
	zeroMetas := slices.Clone(orig)
	clear(zeroMetas[:2*page])
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"100 bytes", orig[:100]},
		{"one page", orig[:page]},
		{"half", orig[:len(orig)/2]},
		{"last page in use cut off", orig[:inUse-page]},
		{"last page in use cut short", orig[:inUse-1]},
		{"no meta page", zeroMetas},
		{"text", []byte(strings.Repeat("not a database\n", 1000))},
	} {
		_, openErr := try(tt.name, tt.data)
		mustCorrupt(tt.name, openErr)
		if openErr != nil && !strings.Contains(openErr.Error(), "backup") {
			t.Errorf("%s: %q does not say what to do", tt.name, openErr)
		}
	}

	// Every page damaged in turn, three ways: the store must open and
	// report, or refuse to open, and never panic. Only damage to a free
	// page (or one past the pages in use) may go unnoticed.
	r := rand.New(rand.NewPCG(7, 8))
	detected, pages := 0, len(orig)/page
	free := freePages(t, src, pages)
	for p := 2; p < pages; p++ {
		for kind, damage := range []func(b []byte){
			func(b []byte) { clear(b) },
			func(b []byte) { fillRandom(r, b) },
			func(b []byte) { fillRandom(r, b[16:]) }, // the page header survives
		} {
			data := slices.Clone(orig)
			damage(data[p*page : (p+1)*page])
			name := fmt.Sprintf("page%d-%d", p, kind)
			errs, openErr := try(name, data)
			if openErr != nil {
				mustCorrupt("open", openErr)
				// A failed Open must not leave the file locked.
				if _, openErr := try(name, orig); openErr != nil {
					t.Fatalf("%s: reopening after a failed open: %v", name, openErr)
				}
				detected++
				continue
			}
			for _, err := range errs {
				mustCorrupt("read", err)
			}
			if len(errs) > 0 {
				detected++
			} else if !free[p] {
				t.Errorf("%s: damage to a page in use went unnoticed", name)
			}
		}
	}
	t.Logf("%d of %d damaged copies detected; %d of %d pages are free", detected, 3*(pages-2), len(free), pages)
}

// freePages returns the pages of a bbolt file that hold nothing: free, or
// past the high-water mark.
func freePages(t *testing.T, path string, pages int) map[int]bool {
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	free := map[int]bool{}
	err = db.Update(func(tx *bolt.Tx) error { // Page is safe in a write transaction
		for p := 0; p < pages; p++ {
			info, err := tx.Page(p)
			if err != nil {
				return err
			}
			if info == nil || info.Type == "free" {
				free[p] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return free
}

func fillRandom(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}
