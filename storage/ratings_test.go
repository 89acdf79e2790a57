package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/rating"
)

// finish starts a game between the given users in guild gd and ends it
// with move end (played by seat 1), returning the finished record.
func finish(t testing.TB, s *Store, gd GuildID, set game.Settings, seats []UserID, end game.Move, meta func(*Meta)) *Game {
	t.Helper()
	g := &Game{Settings: set, Seats: seats, Place: Place{Guild: gd, Channel: "c1"}, State: Active}
	if meta != nil {
		meta(&g.Meta)
	}
	g = create(t, s, g)
	m, err := s.AppendMove(ctx, g.ID, AnyLen, 1, end, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.Game.State != Finished {
		t.Fatalf("%v did not finish the game", end)
	}
	return m.Game
}

var (
	resign1 = game.Move{Kind: game.Resign} // seat 1 resigns: seat 2 wins
	drawn   = game.Move{Kind: game.Draw}
)

func standing(t testing.TB, s *Store, sc RatingScope, p Pool, u UserID) Standing {
	t.Helper()
	st, err := s.Standing(ctx, sc, p, UserSubject(u))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestRatedGameUpdatesBothScopes(t *testing.T) {
	s, _ := openTest(t)
	g := finish(t, s, "g1", game.Settings{}, []UserID{"alice", "bob"}, resign1, nil)
	na, nb := ratingSystem.Game([]rating.Rating{rating.New()}, []rating.Rating{rating.New()}, rating.Loss)
	for _, sc := range []RatingScope{Global, ServerRatings("g1")} {
		a, b := standing(t, s, sc, PoolStandard, "alice"), standing(t, s, sc, PoolStandard, "bob")
		if a.Rating != na[0] || b.Rating != nb[0] || a.Losses != 1 || b.Wins != 1 || a.Streak != -1 || b.Streak != 1 {
			t.Errorf("%s: alice %+v, bob %+v; want %v and %v", sc, a, b, na[0], nb[0])
		}
	}
	if o := standing(t, s, ServerRatings("g2"), PoolStandard, "alice"); o.Games() != 0 || o.Rating != rating.New() {
		t.Errorf("another server: %+v", o)
	}
	if o := standing(t, s, Global, PoolPP, "alice"); o.Games() != 0 {
		t.Errorf("the PP pool: %+v", o)
	}
	ch, err := s.RatingChanges(ctx, g.ID)
	if err != nil || len(ch) != 4 {
		t.Fatalf("changes %+v, %v", ch, err)
	}
	for _, c := range ch {
		if (c.Subject.User == "bob") != (c.Change() > 0) || (c.Subject.User == "bob") != (c.Score == rating.Win) {
			t.Errorf("change %+v", c)
		}
	}
	h, err := s.History(ctx, Global, PoolStandard, UserSubject("bob"), 10)
	if err != nil || len(h) != 1 || h[0].Game != g.ID || !h[0].Ended.Equal(g.Ended) || h[0].After != nb[0] {
		t.Errorf("history %+v, %v", h, err)
	}
	mustCheck(t, s)
}

func TestWhatCounts(t *testing.T) {
	adjudicate := game.Move{Kind: game.Conclude, Color: game.Red, Reason: game.Adjudication}
	for _, tc := range []struct {
		name  string
		set   game.Settings
		end   game.Move
		meta  func(*Meta)
		count bool
	}{
		{"resignation", game.Settings{}, resign1, nil, true},
		{"agreed draw", game.Settings{}, drawn, nil, true},
		{"timeout", game.Settings{}, game.Move{Kind: game.Conclude, Color: game.Black, Reason: game.Timeout}, nil, true},
		{"casual", game.Settings{}, resign1, func(m *Meta) { m.Casual = true }, false},
		{"aborted", game.Settings{}, game.Move{Kind: game.Conclude, Reason: game.Aborted}, nil, false},
		{"adjudicated, not counted", game.Settings{}, adjudicate, nil, false},
		{"adjudicated, counted", game.Settings{}, adjudicate, func(m *Meta) { m.CountAdjudicated = true }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := openTest(t)
			g := finish(t, s, "g1", tc.set, []UserID{"alice", "bob"}, tc.end, tc.meta)
			a := standing(t, s, Global, PoolStandard, "alice")
			if (a.Games() == 1) != tc.count {
				t.Errorf("alice has %d rated games, want counted=%v", a.Games(), tc.count)
			}
			ch, _ := s.RatingChanges(ctx, g.ID)
			if (len(ch) > 0) != tc.count {
				t.Errorf("changes %+v", ch)
			}
			if !tc.count {
				if list, _, _ := s.Leaderboard(ctx, Global, PoolStandard, 0, 10); len(list) != 0 {
					t.Errorf("leaderboard %+v after a game that does not count", list)
				}
			}
			_, err := s.Update(ctx, g.ID, func(g *Game) error { g.Meta.Casual = !g.Meta.Casual; return nil })
			if err == nil {
				t.Error("a finished game's rated flag changed")
			}
		})
	}
}

func TestDoubleUpdatesFour(t *testing.T) {
	s, _ := openTest(t)
	seats := []UserID{"alice", "bob", "carol", "dave"}
	// Seat 1 (Red: alice and carol) resigns for the team.
	finish(t, s, "g1", game.Settings{Players: 4}, seats, resign1, nil)
	red := []rating.Rating{rating.New(), rating.New()}
	nr, nb := ratingSystem.Game(red, red, rating.Loss)
	for u, want := range map[UserID]rating.Rating{"alice": nr[0], "carol": nr[1], "bob": nb[0], "dave": nb[1]} {
		if st := standing(t, s, Global, PoolDouble, u); st.Rating != want || st.Games() != 1 {
			t.Errorf("%s: %+v, want %v", u, st, want)
		}
		if st := standing(t, s, Global, PoolStandard, u); st.Games() != 0 {
			t.Errorf("%s has a standard rating from a Double TwixT game", u)
		}
	}
}

func TestLeaderboardPagesAndRebuild(t *testing.T) {
	s, _ := openTest(t)
	if list, more, err := s.Leaderboard(ctx, Global, PoolStandard, 0, 10); len(list) != 0 || more || err != nil {
		t.Fatalf("empty leaderboard: %v %v %v", list, more, err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	users := make([]UserID, 12)
	for i := range users {
		users[i] = UserID(fmt.Sprintf("u%02d", i))
	}
	// u00 plays many games and gets an established rating; the others
	// stay provisional.
	for i := 0; i < 60; i++ {
		a := users[0]
		if i%3 == 0 {
			a = users[1+r.IntN(3)] // three more established players
		}
		b := users[1+r.IntN(len(users)-1)]
		if a == b {
			continue
		}
		end := resign1
		if r.IntN(3) == 0 {
			end = drawn
		}
		gd := GuildID("g1")
		if i%2 == 0 {
			gd = "g2"
		}
		finish(t, s, gd, game.Settings{}, []UserID{a, b}, end, nil)
	}
	var all []Standing
	for off := 0; ; off += 5 {
		page, more, err := s.Leaderboard(ctx, Global, PoolStandard, off, 5)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page...)
		if !more {
			break
		}
	}
	if len(all) != len(users) {
		t.Fatalf("%d standings over the pages, want %d", len(all), len(users))
	}
	for i := 1; i < len(all); i++ {
		p, c := all[i-1], all[i]
		if p.Provisional() && !c.Provisional() || p.Provisional() == c.Provisional() && p.Rating.Rating < c.Rating.Rating {
			t.Errorf("rank %d %v before %v", i, p.Rating, c.Rating)
		}
	}
	if all[0].Provisional() {
		t.Errorf("no established rating after 40 games: %v", all[0])
	}
	before := map[UserID]Standing{}
	for _, st := range all {
		before[st.Subject.User] = st
	}
	got, err := s.RebuildRatings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.Changed != 0 || got.Appeared != 0 || got.Vanished != 0 || got.Games == 0 {
		t.Errorf("rebuild: %+v", got)
	}
	for u, st := range before {
		if after := standing(t, s, Global, PoolStandard, u); after != st {
			t.Errorf("%s: %+v before the rebuild, %+v after", u, st, after)
		}
	}
	mustCheck(t, s)
}

func TestForgetRemovesRatings(t *testing.T) {
	s, _ := openTest(t)
	finish(t, s, "g1", game.Settings{}, []UserID{"alice", "bob"}, resign1, nil)
	bob := standing(t, s, Global, PoolStandard, "bob")
	if _, err := s.ForgetUser(ctx, "alice"); err != nil {
		t.Fatal(err)
	}
	if a := standing(t, s, Global, PoolStandard, "alice"); a.Games() != 0 {
		t.Errorf("alice's rating stays: %+v", a)
	}
	if b := standing(t, s, Global, PoolStandard, "bob"); b != bob {
		t.Errorf("bob's rating changed: %+v, was %+v", b, bob)
	}
	list, _, _ := s.Leaderboard(ctx, ServerRatings("g1"), PoolStandard, 0, 10)
	if len(list) != 1 || list[0].Subject.User != "bob" {
		t.Errorf("leaderboard after forgetting alice: %+v", list)
	}
	mustCheck(t, s)
}

func TestPoolNames(t *testing.T) {
	for _, p := range Pools {
		if q, err := ParsePool(p.String()); err != nil || q != p {
			t.Errorf("%s: %v %v", p, q, err)
		}
	}
	if _, err := ParsePool("chess"); err == nil {
		t.Error("chess is a pool")
	}
	if PoolOf(game.Settings{Ruleset: game.PP}) != PoolPP || PoolOf(game.Settings{Players: 4, Ruleset: game.PP}) != PoolDouble ||
		PoolOf(game.Settings{Ruleset: game.ThreeM}) != Pool3M || PoolOf(game.Settings{}) != PoolStandard {
		t.Error("PoolOf")
	}
}

// writeSchema2 writes a database as schema version 2 had it: today's
// layout without the rating buckets.
func writeSchema2(t testing.TB, path string, games []*Game) {
	t.Helper()
	s, err := Open(path, &Options{Now: newFakeClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	err = s.write(ctx, func(tx kvTx) (func() error, error) {
		return func() error {
			for _, g := range games {
				if err := insertGame(tx, g); err != nil {
					return err
				}
			}
			return nil
		}, nil
	})
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		for _, name := range ratingBuckets {
			if err := tx.DeleteBucket(name); err != nil {
				return err
			}
		}
		return tx.Bucket(bucketMeta).Put(schemaKey, binary.BigEndian.AppendUint64(nil, 2))
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestMigrateFromSchema2 opens the schema-2 database kept in testdata (the
// games of the schema-1 fixture, three of them finished) and checks that
// the migration rates the finished games in the order they ended.
func TestMigrateFromSchema2(t *testing.T) {
	fixture := filepath.Join("testdata", "schema2.db")
	if *update {
		os.Remove(fixture)
		writeSchema2(t, fixture, schema1Games(t))
	}
	path := filepath.Join(t.TempDir(), "twixt.db")
	copyFile(t, fixture, path)
	if v := schemaVersion(t, path); v != 2 {
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
	// The fixture's finished games: g3 (PP, bob resigns as Red: alice
	// wins), g4 (standard, carol and bob agree a draw), g5 (Double TwixT,
	// Black resigns: alice and carol beat bob and dave).
	n := []rating.Rating{rating.New()}
	pp, _ := ratingSystem.Game(n, n, rating.Loss)
	std, _ := ratingSystem.Game(n, n, rating.Draw)
	dbl, _ := ratingSystem.Game([]rating.Rating{rating.New(), rating.New()}, []rating.Rating{rating.New(), rating.New()}, rating.Win)
	for _, c := range []struct {
		sc   RatingScope
		pool Pool
		u    UserID
		want rating.Rating
	}{
		{Global, PoolPP, "bob", pp[0]},
		{ServerRatings("g1"), PoolPP, "bob", pp[0]},
		{Global, PoolStandard, "carol", std[0]},
		{Global, PoolDouble, "alice", dbl[0]},
		{ServerRatings("g2"), PoolDouble, "carol", dbl[0]},
		{ServerRatings("g1"), PoolDouble, "carol", rating.New()},
	} {
		if st := standing(t, s, c.sc, c.pool, c.u); st.Rating != c.want {
			t.Errorf("%s %s %s: %v, want %v", c.sc, c.pool, c.u, st.Rating, c.want)
		}
	}
	if r, err := s.RebuildRatings(ctx); err != nil || r.Games != 3 || r.Changed+r.Appeared+r.Vanished != 0 {
		t.Errorf("rebuild after the migration: %+v, %v", r, err)
	}
	s.Close()
	if v := schemaVersion(t, path); v != SchemaVersion {
		t.Errorf("schema after migration: %d", v)
	}
}

func FuzzParsePool(f *testing.F) {
	for _, s := range []string{"standard", "std", "pp", "double", "PP ", "", "chess", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePool(s)
		if err != nil {
			if !errors.Is(err, ErrBadPool) {
				t.Errorf("%q: %v is not ErrBadPool", s, err)
			}
			return
		}
		if q, err := ParsePool(p.String()); err != nil || q != p {
			t.Errorf("%q gave %v, which reads back as %v, %v", s, p, q, err)
		}
	})
}

// FuzzRatingKey reads keys back: any bytes give an answer or a refusal,
// never a panic, and a key that reads back is the key of what it names.
func FuzzRatingKey(f *testing.F) {
	f.Add(ratingKey(Global, PoolPP, UserSubject("123")))
	f.Add(ratingKey(ServerRatings("9"), PoolDouble, ComputerSubject(3)))
	f.Add([]byte{0xff, 0xff})
	f.Fuzz(func(t *testing.T, k []byte) {
		sc, p, s, ok := splitRatingKey(k)
		if ok && string(ratingKey(sc, p, s)) != string(k) {
			t.Errorf("%x reads as %v %v %v, whose key is %x", k, sc, p, s, ratingKey(sc, p, s))
		}
	})
}

// TestComputerRatedPerLevel: the computer's seats are rated as the
// computer at the game's level, not as the user sitting there for it.
func TestComputerRatedPerLevel(t *testing.T) {
	s, _ := openTest(t)
	for _, level := range []int{2, 2, 5} {
		finish(t, s, "g1", game.Settings{}, []UserID{"alice", "bot"}, resign1, func(m *Meta) {
			m.Computer, m.ComputerLevel = SeatSet(0).With(2), level
		})
	}
	if st, _ := s.Standing(ctx, Global, PoolStandard, ComputerSubject(2)); st.Wins != 2 {
		t.Errorf("computer level 2: %+v", st)
	}
	if st, _ := s.Standing(ctx, Global, PoolStandard, ComputerSubject(5)); st.Wins != 1 {
		t.Errorf("computer level 5: %+v", st)
	}
	if st := standing(t, s, Global, PoolStandard, "bot"); st.Games() != 0 {
		t.Errorf("the computer's user is rated: %+v", st)
	}
	list, _, _ := s.Leaderboard(ctx, Global, PoolStandard, 0, 10)
	if len(list) != 3 {
		t.Errorf("leaderboard %+v, want alice and two computer levels", list)
	}
}
