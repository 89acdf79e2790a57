package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage/etcdtest"
)

// Tests of the etcd backend itself; they start their own server, so they
// run in both rounds.

// openEtcdPair opens two stores on one etcd prefix: two bot processes.
func openEtcdPair(t *testing.T) (*Store, *Store) {
	t.Helper()
	srv := etcdtest.New(t)
	var out [2]*Store
	for i := range out {
		s, err := OpenEtcd(EtcdConfig{Endpoints: srv.Endpoints, MaxTxnOps: etcdtest.MaxTxnOps}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		out[i] = s
	}
	return out[0], out[1]
}

// TestEtcdCursorAgreesWithBbolt writes the same random keys to a bucket
// on both backends, then, in one write transaction on each, deletes and
// adds more and walks the bucket with random cursor moves: the etcd
// cursor, which merges stored pages with the transaction's writes, must
// land where bbolt's does, every time.
func TestEtcdCursorAgreesWithBbolt(t *testing.T) {
	srv := etcdtest.New(t)
	bs, err := Open(filepath.Join(t.TempDir(), "twixt.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer bs.Close()
	es, err := OpenEtcd(EtcdConfig{Endpoints: srv.Endpoints, Prefix: "cursor/", MaxTxnOps: etcdtest.MaxTxnOps}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer es.Close()
	r := rand.New(rand.NewPCG(7, 8))
	key := func() []byte { return fmt.Appendf(nil, "k%03d", r.IntN(300)) }
	bucket := bucketSettings
	initial := map[string]bool{}
	for range 200 { // more than a page: the cursor fetches several
		initial[string(key())] = true
	}
	for _, s := range []*Store{bs, es} {
		for chunk := range slices.Chunk(slices.Sorted(mapKeys(initial)), 50) {
			err := s.write(ctx, func(tx kvTx) (func() error, error) {
				return func() error {
					for _, k := range chunk {
						if err := tx.Bucket(bucket).Put([]byte(k), []byte("v"+k)); err != nil {
							return err
						}
					}
					return nil
				}, nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	// The same script of changes and moves on each backend.
	type step struct {
		op  int
		key []byte
	}
	// bbolt's cursor must be placed again (Seek, First, Last) after a
	// change to its bucket; the script does so.
	var script []step
	placed := false
	for range 2000 {
		st := step{r.IntN(8), key()}
		switch {
		case st.op == 1 || st.op == 2:
			if !placed {
				st.op = 0
			}
		case st.op == 5 || st.op == 6:
			placed = false
		}
		if st.op == 0 || st.op == 3 || st.op == 4 {
			placed = true
		}
		script = append(script, st)
	}
	walk := func(s *Store) []string {
		var out []string
		err := s.write(ctx, func(tx kvTx) (func() error, error) {
			out = out[:0]
			b := tx.Bucket(bucket)
			c := b.Cursor()
			// Off either end, bbolt's cursor must be placed again too.
			off := false
			note := func(k, v []byte) {
				off = k == nil
				out = append(out, fmt.Sprintf("%s=%s", k, v))
			}
			for _, st := range script {
				if off && (st.op == 1 || st.op == 2) {
					st.op = 0
				}
				switch st.op {
				case 0:
					note(c.Seek(st.key))
				case 1:
					note(c.Next())
				case 2:
					note(c.Prev())
				case 3:
					note(c.First())
				case 4:
					note(c.Last())
				case 5:
					b.Put(st.key, append([]byte("w"), st.key...))
					out = append(out, "put")
				case 6:
					b.Delete(st.key)
					out = append(out, "delete")
				case 7:
					out = append(out, fmt.Sprintf("get %s=%s", st.key, b.Get(st.key)))
				}
			}
			return func() error { return nil }, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	want, got := walk(bs), walk(es)
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			for j := max(0, i-8); j < i; j++ {
				t.Logf("step %d: %d %s: %s", j, script[j].op, script[j].key, want[j])
			}
			t.Fatalf("step %d (%+v): etcd gives %q, bbolt %q", i, script[i], got[i], want[i])
		}
	}
}

func mapKeys(m map[string]bool) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestEtcdTwoStoresRace has two stores on one etcd (two bot processes)
// race moves in the same games, each move checked against the log length
// its player saw: every acknowledged move is in the log once, none is
// lost or doubled, and the indexes agree with the games.
func TestEtcdTwoStoresRace(t *testing.T) {
	a, b := openEtcdPair(t)
	const games, movesPer = 4, 12
	var ids []GameID
	for range games {
		ids = append(ids, create(t, a, newGame(Active)).ID)
	}
	var mu sync.Mutex
	// acked holds each acknowledged move at the index it was appended
	// at: two workers may both be acknowledged and take the lock in the
	// other order, so the order of acknowledgement is not the log's.
	acked := map[GameID]map[int]game.Move{}
	for _, id := range ids {
		acked[id] = map[int]game.Move{}
	}
	var wg sync.WaitGroup
	for w := range 8 {
		s := []*Store{a, b}[w%2]
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 1))
			for {
				id := ids[r.IntN(len(ids))]
				rec, pos, err := s.Load(ctx, id)
				if err != nil {
					t.Error(err)
					return
				}
				if len(rec.Log) >= movesPer {
					mu.Lock()
					done := true
					for _, id := range ids {
						if len(acked[id]) < movesPer {
							done = false
						}
					}
					mu.Unlock()
					if done {
						return
					}
					continue
				}
				seat, _ := pos.ToMove()
				m := randomMove(pos, r)
				_, err = s.AppendMove(ctx, id, len(rec.Log), seat, m, nil)
				switch {
				case err == nil:
					mu.Lock()
					if prev, ok := acked[id][len(rec.Log)]; ok {
						t.Errorf("%s: %v and %v both acknowledged at index %d", id, prev, m, len(rec.Log))
					}
					acked[id][len(rec.Log)] = m
					mu.Unlock()
				case errors.Is(err, ErrConflict):
				default:
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, id := range ids {
		g, err := b.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]game.Move, len(acked[id]))
		for i := range want {
			m, ok := acked[id][i]
			if !ok {
				t.Fatalf("%s: no move acknowledged at index %d of %d", id, i, len(want))
			}
			want[i] = m
		}
		if fmt.Sprint(g.Log) != fmt.Sprint(want) {
			t.Errorf("%s: log %v, acknowledged %v", id, g.Log, want)
		}
	}
	mustCheck(t, a)
}

// TestEtcdConflictRetries shows the optimistic commit at work: a change
// whose read is overtaken by another store's commit runs again, and
// sees the other change.
func TestEtcdConflictRetries(t *testing.T) {
	a, b := openEtcdPair(t)
	g := create(t, a, newGame(Proposed))
	runs := 0
	_, err := a.Update(context.Background(), g.ID, func(ng *Game) error {
		runs++
		if runs == 1 {
			// Another process changes the game between this read and
			// the commit.
			if _, err := b.Update(ctx, g.ID, func(g *Game) error { g.Meta.Theme = "night"; return nil }); err != nil {
				return err
			}
		}
		ng.Meta.Names = []string{"A", "B"}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := b.Get(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if runs != 2 || got.Meta.Theme != "night" || !slices.Equal(got.Meta.Names, []string{"A", "B"}) {
		t.Errorf("ran %d times, got theme %q names %v: want 2 runs and both changes", runs, got.Meta.Theme, got.Meta.Names)
	}
}

// TestEtcdSequenceShared: two stores creating games at once never give
// the same ID.
func TestEtcdSequenceShared(t *testing.T) {
	a, b := openEtcdPair(t)
	var mu sync.Mutex
	seen := map[GameID]bool{}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, err := []*Store{a, b}[i%2].Create(ctx, newGame(Proposed))
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if seen[g.ID] {
				t.Errorf("ID %s given twice", g.ID)
			}
			seen[g.ID] = true
		}()
	}
	wg.Wait()
	if len(seen) != 20 {
		t.Errorf("%d games", len(seen))
	}
}

// TestEtcdTooLarge: a change bigger than the server takes gets a
// *TooLargeError naming the flag to raise, and nothing lands.
func TestEtcdTooLarge(t *testing.T) {
	srv := etcdtest.New(t)
	s, err := OpenEtcd(EtcdConfig{Endpoints: srv.Endpoints, MaxTxnOps: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.write(ctx, func(tx kvTx) (func() error, error) {
		return func() error {
			for i := range 10 {
				tx.Bucket(bucketSettings).Put(fmt.Appendf(nil, "k%d", i), nil)
			}
			return nil
		}, nil
	})
	var tl *TooLargeError
	if !errors.As(err, &tl) || !errors.Is(err, ErrTooLarge) || tl.Flag != "--max-txn-ops" {
		t.Fatalf("%v, want a TooLargeError about --max-txn-ops", err)
	}
}

// TestEtcdUnreachable: no server gives ErrUnavailable, after the timeout.
func TestEtcdUnreachable(t *testing.T) {
	srv := etcdtest.New(t)
	eps := srv.Endpoints
	srv.Close()
	_, err := OpenEtcd(EtcdConfig{Endpoints: eps, DialTimeout: 300 * time.Millisecond}, nil)
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("%v, want ErrUnavailable", err)
	}
}

// TestEtcdCachedReads: the settings another process changes reach this
// one's copy through the watch, and its own changes it reads at once.
func TestEtcdCachedReads(t *testing.T) {
	a, b := openEtcdPair(t)
	sc := Scope{Guild: "g1"}
	set := func(s *Store, data string) {
		t.Helper()
		if _, err := s.UpdateSettings(ctx, sc, "admin", "", func(st *ServerSettings) error { st.Data = []byte(data); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	load := func(s *Store) string {
		t.Helper()
		st, _, err := s.LoadSettings(ctx, sc)
		if err != nil {
			t.Fatal(err)
		}
		return string(st.Data)
	}
	set(a, "one")
	if got := load(a); got != "one" {
		t.Fatalf("a reads %q right after writing it, want one", got)
	}
	key := b.kv.(*etcdKV).bucketPrefix(bucketSettings) + string(sc.key())
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := b.kv.(*etcdKV).cache.waitFor(wctx, key, func(v []byte) bool { return v != nil }); err != nil {
		t.Fatalf("b's copy never got a's settings: %v", err)
	}
	if got := load(b); got != "one" {
		t.Fatalf("b reads %q, want one", got)
	}
	// And a change b makes over it, b reads at once.
	set(b, "two")
	if got := load(b); got != "two" {
		t.Fatalf("b reads %q right after writing it, want two", got)
	}
}

// TestEtcdMemoNeverDecides: a change under WithMemo starts from the
// records read under the same context, but a record another process has
// changed since is never what decides its outcome: the change runs again
// on what etcd holds, as it would without the memo.
func TestEtcdMemoNeverDecides(t *testing.T) {
	a, b := openEtcdPair(t)
	g := create(t, a, newGame(Active))
	r := rand.New(rand.NewPCG(5, 6))

	mctx := WithMemo(context.Background())
	read, err := a.Get(mctx, g.ID) // remembered, at 0 moves
	if err != nil {
		t.Fatal(err)
	}
	play(t, b, g.ID, r) // another process moves: the memo is out of date
	var seen []int
	got, err := a.Update(mctx, g.ID, func(ng *Game) error {
		seen = append(seen, len(ng.Log))
		ng.Meta.Theme = "night"
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Log) != 1 || got.Meta.Theme != "night" || seen[len(seen)-1] != 1 {
		t.Errorf("update over an out-of-date memo: %d moves, theme %q, runs saw %v: want the other process's move kept", len(got.Log), got.Meta.Theme, seen)
	}
	var ce *ConflictError
	if _, err := a.AppendMove(mctx, g.ID, len(read.Log), 1, game.Move{Kind: game.Resign}, nil); !errors.As(err, &ce) || ce.Actual.Len != 1 {
		t.Errorf("a move on the record read before the other's move: %v, want a *ConflictError at 1 move", err)
	}

	// Read again under a fresh memo: the move's transaction starts from
	// it, and lands.
	mctx = WithMemo(context.Background())
	g2, pos, err := a.Load(mctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	seat, _ := pos.ToMove()
	m, err := a.AppendMove(mctx, g.ID, len(g2.Log), seat, randomMove(pos, r), nil)
	if err != nil {
		t.Fatal(err)
	}
	after, err := b.Get(ctx, g.ID)
	if err != nil || len(after.Log) != 2 || len(m.Game.Log) != 2 || after.Meta.Theme != "night" {
		t.Errorf("after a move from the memo: %v, %v (theme %q), want 2 moves and the theme", after, err, after.Meta.Theme)
	}
	// The memo holds what this process committed: a second change under
	// it starts from that, and lands.
	if _, err := a.Update(mctx, g.ID, func(ng *Game) error {
		if len(ng.Log) != 2 {
			return fmt.Errorf("saw %d moves, want 2", len(ng.Log))
		}
		ng.Meta.Theme = "day"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// watchedGames runs s.WatchGames (or follow, if given) until the test
// ends, and returns the games it tells of, in order, and its result.
func watchedGames(t *testing.T, s *Store, follow func(ctx context.Context, fn func(*Game, error)) error) (<-chan *Game, <-chan error) {
	t.Helper()
	if follow == nil {
		follow = s.WatchGames
	}
	games := make(chan *Game, 100)
	done, ended := make(chan error, 1), make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		defer close(ended)
		done <- follow(ctx, func(g *Game, err error) {
			if err != nil {
				t.Errorf("the watch: %v", err)
				return
			}
			games <- g
		})
	}()
	t.Cleanup(func() {
		cancel()
		<-ended
	})
	return games, done
}

// nextGame waits for the next game a watch tells of.
func nextGame(t *testing.T, games <-chan *Game) *Game {
	t.Helper()
	select {
	case g := <-games:
		return g
	case <-time.After(time.Minute):
		t.Fatal("the watch told of no game within a minute")
		return nil
	}
}

// TestEtcdWatchGames: a process watching the games hears of the ongoing
// ones first, then of each game another process creates or moves in, in
// order; closing its store ends the watch.
func TestEtcdWatchGames(t *testing.T) {
	a, b := openEtcdPair(t)
	old := create(t, a, newGame(Active))
	over := create(t, a, newGame(Active)) // and one that finishes before the watch
	finished, err := a.AppendMove(ctx, over.ID, AnyLen, 1, game.Move{Kind: game.Resign}, nil)
	if err != nil || finished.Game.State != Finished {
		t.Fatal(finished, err)
	}
	games, done := watchedGames(t, a, nil)
	if g := nextGame(t, games); g.ID != old.ID || len(g.Log) != 0 {
		t.Fatalf("first told of %s with %d moves, want %s, the only ongoing game, with none", g.ID, len(g.Log), old.ID)
	}
	r := rand.New(rand.NewPCG(1, 2))
	play(t, b, old.ID, r)
	if g := nextGame(t, games); g.ID != old.ID || len(g.Log) != 1 {
		t.Fatalf("told of %s with %d moves, want %s with the move b made", g.ID, len(g.Log), old.ID)
	}
	made := create(t, b, newGame(Proposed))
	if g := nextGame(t, games); g.ID != made.ID || g.State != Proposed {
		t.Fatalf("told of %s (%s), want %s, the challenge b made", g.ID, g.State, made.ID)
	}
	a.Close()
	select {
	case err := <-done:
		if !errors.Is(err, ErrClosed) {
			t.Fatalf("the watch of a closed store ended with %v, want ErrClosed", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the watch went on after its store closed")
	}
}

// TestEtcdWatchGamesAfterCompaction: a watch that picks up from a
// revision etcd has compacted away cannot tell the changes since one by
// one: it tells of every ongoing game again, as they are now, and then
// follows as before.
func TestEtcdWatchGamesAfterCompaction(t *testing.T) {
	a, b := openEtcdPair(t)
	g := create(t, a, newGame(Active))
	k := a.kv.(*etcdKV)
	revision := func() int64 {
		t.Helper()
		resp, err := k.cli.Get(ctx, "revision")
		if err != nil {
			t.Fatal(err)
		}
		return resp.Header.Revision
	}
	rev := revision() // to pick up from, once compacted away
	r := rand.New(rand.NewPCG(3, 4))
	play(t, b, g.ID, r)
	play(t, b, g.ID, r)
	if _, err := k.cli.Compact(ctx, revision()); err != nil {
		t.Fatal(err)
	}
	games, _ := watchedGames(t, a, func(ctx context.Context, fn func(*Game, error)) error {
		return a.followGames(ctx, k, rev+1, fn)
	})
	if got := nextGame(t, games); got.ID != g.ID || len(got.Log) != 2 {
		t.Fatalf("after the compaction told of %s with %d moves, want %s as it is now, with 2", got.ID, len(got.Log), g.ID)
	}
	play(t, b, g.ID, r)
	if got := nextGame(t, games); got.ID != g.ID || len(got.Log) != 3 {
		t.Fatalf("then told of %s with %d moves, want %s with 3", got.ID, len(got.Log), g.ID)
	}
}

// TestWatchGamesOnBbolt: a bbolt file has one process, which hears of
// its changes from its own calls: there is nothing to watch.
func TestWatchGamesOnBbolt(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "twixt.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.WatchGames(ctx, func(*Game, error) { t.Error("told of a game") }); !errors.Is(err, ErrNotSupported) {
		t.Fatalf("WatchGames on bbolt: %v, want ErrNotSupported", err)
	}
}

// TestEtcdBurstOnOneKey: a burst of changes that all write the same key
// (200 games against one player, the computer, ending at once, all
// changing its tally and rating; and 200 games created at once, all
// taking the next ID), split between two processes, all land: none
// gives up as too busy. Before changes in a process queued for the keys
// they conflicted on, the games' ends went to 40 tries each and a third
// of them gave up.
func TestEtcdBurstOnOneKey(t *testing.T) {
	boltOnly(t) // it starts its own etcd server and takes seconds; once is enough
	a, b := openEtcdPair(t)
	const n = 200
	var ids []GameID
	for i := range n {
		g := newGame(Active)
		g.Seats = []UserID{"computer", UserID(fmt.Sprint("p", i))}
		ids = append(ids, create(t, a, g).ID)
	}
	burst := func(what string, change func(s *Store, i int) error) {
		t.Helper()
		errs := make(chan error, n)
		start := time.Now()
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := change([]*Store{a, b}[i%2], i); err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		t.Logf("%s: %d changes in %s", what, n, time.Since(start).Round(time.Millisecond))
		close(errs)
		failed := 0
		for err := range errs {
			if failed++; failed == 1 {
				t.Errorf("%s: %v", what, err)
			}
		}
		if failed > 0 {
			t.Errorf("%s: %d of %d changes failed", what, failed, n)
		}
	}
	burst("ending the games", func(s *Store, i int) error {
		_, err := s.AppendMove(ctx, ids[i], AnyLen, 2, game.Move{Kind: game.Resign}, nil)
		return err
	})
	p, err := b.Player(ctx, "computer")
	if err != nil {
		t.Fatal(err)
	}
	if p.Wins != n {
		t.Errorf("the computer's tally has %d wins, want %d", p.Wins, n)
	}
	seen := make([]GameID, n)
	burst("creating games", func(s *Store, i int) error {
		g, err := s.Create(ctx, newGame(Proposed))
		if err == nil {
			seen[i] = g.ID
		}
		return err
	})
	slices.Sort(seen)
	if len(slices.Compact(seen)) != n {
		t.Errorf("%d games created at once share IDs", n)
	}
	mustCheck(t, a)
}

// TestEtcdBusyGivesUpWithItsCaller: a change whose reads are overtaken at
// every attempt keeps trying, past the 40 tries it once gave up after,
// while its caller waits; when the caller's context ends it gives up
// with a *BusyError, and nothing of it has landed.
func TestEtcdBusyGivesUpWithItsCaller(t *testing.T) {
	boltOnly(t) // it starts its own etcd server and takes seconds; once is enough
	a, b := openEtcdPair(t)
	g := create(t, a, newGame(Proposed))
	const tries = 45
	cctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	runs := 0
	_, err := a.Update(cctx, g.ID, func(ng *Game) error {
		runs++
		if runs == tries {
			cancel() // the caller stops waiting
		}
		// Another process changes the game between this read and the
		// commit, every time.
		if _, err := b.Update(ctx, g.ID, func(g *Game) error { g.Meta.Names = []string{fmt.Sprint(runs), "b"}; return nil }); err != nil {
			return err
		}
		ng.Meta.Theme = "night"
		return nil
	})
	var be *BusyError
	if !errors.As(err, &be) || !errors.Is(err, ErrBusy) || be.Tries != tries {
		t.Fatalf("after %d runs: %v, want a *BusyError after %d tries", runs, err, tries)
	}
	if runs != tries {
		t.Errorf("ran %d times, want %d: it stops when its caller does", runs, tries)
	}
	got, err := b.Get(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Meta.Theme != "" {
		t.Errorf("the change that gave up landed: theme %q", got.Meta.Theme)
	}
}

// TestKeyLocks: a lock of keys waits for the holders of any of them, and
// a wait given up leaves nothing behind.
func TestKeyLocks(t *testing.T) {
	var l keyLocks
	unlockAB, err := l.lock(ctx, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	// c is free, b is held: a wait for both gives up with its context.
	cctx, cancel := context.WithCancel(context.Background())
	got := make(chan error)
	go func() {
		_, err := l.lock(cctx, []string{"b", "c"})
		got <- err
	}()
	cancel()
	if err := <-got; !errors.Is(err, context.Canceled) {
		t.Fatalf("a wait for a held key whose context ended: %v", err)
	}
	unlockC, err := l.lock(ctx, []string{"c"}) // not left held by the wait given up
	if err != nil {
		t.Fatal(err)
	}
	unlockC()
	// A waiter gets b once its holder lets go.
	taken := make(chan func())
	go func() {
		u, err := l.lock(ctx, []string{"b"})
		if err != nil {
			t.Error(err)
		}
		taken <- u
	}()
	unlockAB()
	(<-taken)()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.locks) != 0 {
		t.Errorf("%d keys left in the table after every lock was let go", len(l.locks))
	}
}
