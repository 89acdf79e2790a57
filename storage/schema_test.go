package storage

import (
	"encoding/binary"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/twixtbot/twixtbot/game"
)

var update = flag.Bool("update", false, "rewrite testdata/schema1.db")

// schema1Games are the games of the schema-1 fixture: ongoing and finished,
// two and four players, in two servers.
func schema1Games(t testing.TB) []*Game {
	t.Helper()
	s := &Store{now: newFakeClock().Now} // only for newRecord's clock
	specs := []struct {
		guild  GuildID
		ch     ChannelID
		state  State
		seats  []UserID
		set    game.Settings
		moves  int
		ending *game.Move
	}{
		{"g1", "c1", Proposed, []UserID{"alice", "bob"}, game.Settings{}, 0, nil},
		{"g1", "c1", Active, []UserID{"alice", "carol"}, game.Settings{}, 30, nil},
		{"g1", "c2", Active, []UserID{"bob", "alice"}, game.Settings{Ruleset: game.PP}, 20, &game.Move{Kind: game.Resign, Color: game.Red}},
		{"g1", "c2", Active, []UserID{"carol", "bob"}, game.Settings{}, 12, &game.Move{Kind: game.Draw}},
		{"g2", "c9", Active, []UserID{"alice", "bob", "carol", "dave"}, game.Settings{Players: 4}, 16, &game.Move{Kind: game.Resign, Color: game.Black}},
		{"g2", "c9", Active, []UserID{"dave", "erin"}, game.Settings{Size: game.Size{Cols: 12, Rows: 12}}, 10, nil},
	}
	var out []*Game
	for i, sp := range specs {
		g := &Game{Settings: sp.set, Seats: sp.seats, Place: Place{Guild: sp.guild, Channel: sp.ch}, State: sp.state}
		if sp.moves > 0 {
			g.Log = randomLog(t, sp.set, sp.moves, uint64(100+i))
		}
		if sp.ending != nil {
			g.Log = append(g.Log, *sp.ending)
		}
		ng, err := s.newRecord(g)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ng)
	}
	return out
}

// writeSchema1 writes a database as schema version 1 had it: the primary
// buckets alone.
func writeSchema1(t testing.TB, path string, games []*Game) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		for _, name := range primaryBuckets {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		b := tx.Bucket(bucketGames)
		for _, g := range games {
			seq, _ := b.NextSequence()
			g.ID = GameID(seq)
			if err := b.Put(idKey(g.ID), encodeGame(g)); err != nil {
				return err
			}
		}
		return tx.Bucket(bucketMeta).Put(schemaKey, binary.BigEndian.AppendUint64(nil, 1))
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func schemaVersion(t testing.TB, path string) uint64 {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v uint64
	db.View(func(tx *bolt.Tx) error {
		v, _, _ = readVersion(boltTx{tx})
		return nil
	})
	return v
}

// TestMigrateFromSchema1 opens the schema-1 database kept in testdata and
// one written now, and checks that the migration builds the indexes and
// player records the games imply.
func TestMigrateFromSchema1(t *testing.T) {
	boltOnly(t)
	fixture := filepath.Join("testdata", "schema1.db")
	if *update {
		os.Remove(fixture)
		writeSchema1(t, fixture, schema1Games(t))
	}
	fresh := filepath.Join(t.TempDir(), "fresh.db")
	writeSchema1(t, fresh, schema1Games(t))
	for name, src := range map[string]string{"testdata": fixture, "written now": fresh} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "twixt.db")
			copyFile(t, src, path)
			if v := schemaVersion(t, path); v != 1 {
				t.Fatalf("fixture has schema %d", v)
			}
			if _, err := Open(path, &Options{ReadOnly: true}); !errors.Is(err, ErrSchema) {
				t.Errorf("read-only open of an old schema: %v, want ErrSchema", err)
			}
			s, err := Open(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			mustCheck(t, s)
			act, err := s.ActiveByUser(ctx, "alice")
			if err != nil || !slices.Equal(ids(act), []GameID{1, 2}) {
				t.Errorf("alice's active games %v, %v", ids(act), err)
			}
			fin, _, err := s.FinishedByGuild(ctx, "g1", Cursor{}, 0)
			if err != nil || len(fin) != 2 {
				t.Errorf("finished in g1: %v, %v", ids(fin), err)
			}
			want := map[UserID]Player{
				"alice": {User: "alice", Wins: 2},           // g3 (bob resigned for Red), g5 (Black resigned)
				"bob":   {User: "bob", Losses: 2, Draws: 1}, // g3, g5 (seat 2, Black), g4
				"carol": {User: "carol", Wins: 1, Draws: 1},
				"dave":  {User: "dave", Losses: 1},
			}
			for u, w := range want {
				if p, err := s.Player(ctx, u); err != nil || p != w {
					t.Errorf("player %s: %+v, %v; want %+v", u, p, err, w)
				}
			}
			g, pos, err := s.Load(ctx, 2)
			if err != nil || len(g.Log) != 30 || pos.Turns() != 30 {
				t.Errorf("game g2 after migration: %v", err)
			}
			s.Close()
			if v := schemaVersion(t, path); v != SchemaVersion {
				t.Errorf("schema after migration: %d", v)
			}
		})
	}
}

func TestMigrationRefusesDamage(t *testing.T) {
	boltOnly(t)
	path := filepath.Join(t.TempDir(), "twixt.db")
	games := schema1Games(t)
	writeSchema1(t, path, games)
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketGames).Put(idKey(3), []byte("garbage"))
	})
	db.Close()
	_, err = Open(path, nil)
	var de *DecodeError
	if !errors.As(err, &de) || de.Game != 3 {
		t.Fatalf("migrating a database with a damaged game: %v, want a *DecodeError naming g3", err)
	}
	if v := schemaVersion(t, path); v != 1 {
		t.Errorf("a failed migration left schema %d, want 1 (nothing changed)", v)
	}
}

func TestSchemaRefused(t *testing.T) {
	boltOnly(t)
	tests := []struct {
		name  string
		setup func(tx *bolt.Tx) error
	}{
		{"newer", func(tx *bolt.Tx) error {
			b, _ := tx.CreateBucket(bucketMeta)
			return b.Put(schemaKey, binary.BigEndian.AppendUint64(nil, SchemaVersion+1))
		}},
		{"another program's", func(tx *bolt.Tx) error {
			_, err := tx.CreateBucket([]byte("widgets"))
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.db")
			db, err := bolt.Open(path, 0o600, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Update(tt.setup); err != nil {
				t.Fatal(err)
			}
			db.Close()
			if _, err := Open(path, nil); !errors.Is(err, ErrSchema) {
				t.Fatalf("open: %v, want ErrSchema", err)
			}
		})
	}
}
