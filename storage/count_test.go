package storage

import (
	"errors"
	"fmt"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestCountActive follows one store through the changes that bring games
// into the index of ongoing games and take them out of it, and checks
// after each that CountActive counts what Active lists.
func TestCountActive(t *testing.T) {
	s, _ := openTest(t)
	games := map[string]*Game{}
	mk := func(state State) func(t *testing.T, name string) {
		return func(t *testing.T, name string) { games[name] = create(t, s, newGame(state)) }
	}
	play := func(m game.Move) func(t *testing.T, name string) {
		return func(t *testing.T, name string) {
			g := games[name]
			pos, err := game.New(g.Settings)
			if err != nil {
				t.Fatal(err)
			}
			for _, old := range g.Log {
				if _, err := pos.PlayMove(old); err != nil {
					t.Fatal(err)
				}
			}
			seat, _ := pos.ToMove()
			moved, err := s.AppendMove(ctx, g.ID, len(g.Log), seat, m, nil)
			if err != nil {
				t.Fatal(err)
			}
			games[name] = moved.Game
		}
	}
	update := func(fn func(*Game)) func(t *testing.T, name string) {
		return func(t *testing.T, name string) {
			g, err := s.Update(ctx, games[name].ID, func(g *Game) error { fn(g); return nil })
			if err != nil {
				t.Fatal(err)
			}
			games[name] = g
		}
	}
	place := func(col, row int) game.Move { return game.Move{Kind: game.Place, Hole: game.Hole{Col: col, Row: row}} }
	steps := []struct {
		what string
		game string
		do   func(t *testing.T, name string)
		want int
	}{
		{"none yet", "", nil, 0},
		{"a challenge", "a", mk(Proposed), 1},
		{"a game under way", "b", mk(Active), 2},
		{"another game under way", "c", mk(Active), 3},
		{"a move", "b", play(place(3, 4)), 3},
		{"a second move", "b", play(place(10, 10)), 3},
		{"the challenge accepted", "a", update(func(g *Game) { g.State = Active }), 3},
		{"a move in it", "a", play(place(5, 5)), 3},
		{"a resignation", "b", play(game.Move{Kind: game.Resign}), 2},
		{"a draw agreed", "c", play(game.Move{Kind: game.Draw}), 1},
		{"a new challenge", "d", mk(Proposed), 2},
		{"the challenge declined", "d", update(func(g *Game) { g.State = Cancelled }), 1},
		{"a game aborted", "a", play(game.Move{Kind: game.Conclude, Reason: game.Aborted}), 0},
		{"one more", "e", mk(Active), 1},
		{"a timeout", "e", play(game.Move{Kind: game.Conclude, Color: game.Red, Reason: game.Timeout}), 0},
		{"a finished game deleted", "b", func(t *testing.T, name string) {
			if err := s.Delete(ctx, games[name].ID); err != nil {
				t.Fatal(err)
			}
		}, 0},
	}
	for i, st := range steps {
		t.Run(fmt.Sprintf("%02d %s", i, st.what), func(t *testing.T) {
			if st.do != nil {
				st.do(t, st.game)
			}
			all, err := s.Active(ctx)
			if err != nil {
				t.Fatal(err)
			}
			n, err := s.CountActive(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if n != st.want || n != len(all) {
				t.Errorf("CountActive = %d, Active lists %d, want %d", n, len(all), st.want)
			}
		})
	}
	mustCheck(t, s)
}

// TestBucketCountSeesItsWrites: a bucket's Count inside a change counts
// the change's own puts and deletions with what was stored, as its
// cursors see them.
func TestBucketCountSeesItsWrites(t *testing.T) {
	s, _ := openTest(t)
	name := []byte("count-test")
	write := func(fn func(b kvBucket) error) {
		t.Helper()
		err := s.write(ctx, func(tx kvTx) (func() error, error) {
			return func() error {
				b, err := tx.CreateBucketIfNotExists(name)
				if err != nil {
					return err
				}
				return fn(b)
			}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	count := func(b kvBucket, want int) error {
		n, err := b.Count()
		if err != nil {
			return err
		}
		if n != want {
			return fmt.Errorf("Count = %d, want %d", n, want)
		}
		return nil
	}
	write(func(b kvBucket) error {
		if err := count(b, 0); err != nil {
			return err
		}
		for _, k := range []string{"a", "b", "c"} {
			if err := b.Put([]byte(k), []byte("v")); err != nil {
				return err
			}
		}
		return count(b, 3)
	})
	write(func(b kvBucket) error {
		if err := count(b, 3); err != nil {
			return err
		}
		if err := b.Delete([]byte("b")); err != nil {
			return err
		}
		if err := b.Put([]byte("a"), []byte("again")); err != nil { // stored already: still one
			return err
		}
		if err := b.Put([]byte("d"), nil); err != nil {
			return err
		}
		return count(b, 3)
	})
	err := s.view(ctx, func(tx kvTx) error { return count(tx.Bucket(name), 3) })
	if err != nil {
		t.Fatal(err)
	}
}

// TestCountActiveOnDamage: on a damaged database, whose index of ongoing
// games names a game whose record is gone, Active reports the damage and
// CountActive counts the index's entries, the stale one too (see
// CountActive).
func TestCountActiveOnDamage(t *testing.T) {
	boltOnly(t)
	s, _ := openTest(t)
	create(t, s, newGame(Active))
	create(t, s, newGame(Proposed))
	rawPut(t, s, bucketActive, idKey(99), []byte{})
	all, err := s.Active(ctx)
	var de *DecodeError
	if !errors.As(err, &de) || de.Game != 99 || len(all) != 2 {
		t.Fatalf("Active on the damaged index: %d games, %v", len(all), err)
	}
	if n, err := s.CountActive(ctx); err != nil || n != 3 {
		t.Errorf("CountActive = %d, %v; want the 3 entries of the index", n, err)
	}
}

// BenchmarkCountActive counts the ongoing games among 1,000 (the gauge
// of the metrics) against listing them (which reads and decodes each):
// games of 10 to 59 moves, 100 of the 1,000 finished.
func BenchmarkCountActive(b *testing.B) {
	s, _ := openTest(b)
	logs := make([][]game.Move, 50)
	for i := range logs {
		logs[i] = randomLog(b, game.Settings{}, 10+i, uint64(i))
	}
	ongoing := 0
	for batch := 0; batch < 10; batch++ {
		var games []*Game
		for i := range 100 {
			g := newGame(Active)
			g.Log = logs[(batch*100+i)%len(logs)]
			if i%10 == 0 {
				g.Log = append(g.Log[:len(g.Log):len(g.Log)], game.Move{Kind: game.Resign, Color: game.Red})
			} else {
				ongoing++
			}
			games = append(games, g)
		}
		bulkCreate(b, s, games)
	}
	b.Run("count", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if n, err := s.CountActive(ctx); err != nil || n != ongoing {
				b.Fatal(n, err)
			}
		}
	})
	b.Run("list", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if all, err := s.Active(ctx); err != nil || len(all) != ongoing {
				b.Fatal(len(all), err)
			}
		}
	})
}
