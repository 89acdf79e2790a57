package storage

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// BenchmarkAppendMove measures acknowledged, fsynced moves through the
// store on concurrent games, as the bot makes them: each goroutine plays
// its own game, picks a legal move in the position the last AppendMove
// returned (which the bot renders), and commits it with AppendMove, whose
// writer reloads the game and checks the move against its position (the
// one kept since the last move; a replay of the log without it). A game is
// left after
// 200 moves (or when it ends) for a new one, so the games replayed are of
// ordinary length. The goroutines count is per CPU.
func BenchmarkAppendMove(b *testing.B) {
	for _, par := range []int{1, 8} {
		b.Run(fmt.Sprintf("goroutines=%dxCPU", par), func(b *testing.B) {
			s, _ := openTest(b)
			var seed atomic.Uint64
			b.SetParallelism(par)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				n := seed.Add(1)
				r := rand.New(rand.NewPCG(n, 1))
				var g *Game
				var pos *game.Game
				for pb.Next() {
					if g == nil || g.State != Active || len(g.Log) >= 200 {
						g = create(b, s, newGame(Active))
						pos, _ = game.New(g.Settings)
					}
					seat, _ := pos.ToMove()
					m, err := s.AppendMove(ctx, g.ID, len(g.Log), seat, randomMove(pos, r), nil)
					if err != nil {
						b.Fatal(err)
					}
					g, pos = m.Game, m.Pos
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// BenchmarkLoad200 measures loading a game of 200 moves: reading and
// decoding its record and replaying its log through the rules engine
// (replay, with no positions kept), or copying the position kept since its
// last move (kept, as the bot does).
func BenchmarkLoad200(b *testing.B) {
	for _, sub := range []struct {
		name  string
		cache int
	}{{"replay", -1}, {"kept", 0}} {
		b.Run(sub.name, func(b *testing.B) {
			s, err := openPath(newTestPath(b), &Options{PositionCache: sub.cache})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			g := newGame(Active)
			g.Log = randomLog(b, game.Settings{}, 200, 7)
			if len(g.Log) != 200 {
				b.Fatalf("the random game ended after %d moves", len(g.Log))
			}
			id := create(b, s, g).ID
			b.ReportAllocs()
			for b.Loop() {
				_, pos, err := s.Load(ctx, id)
				if err != nil || pos.Turns() != 200 {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGet200 is BenchmarkLoad200 without the replay.
func BenchmarkGet200(b *testing.B) {
	s, _ := openTest(b)
	g := newGame(Active)
	g.Log = randomLog(b, game.Settings{}, 200, 7)
	id := create(b, s, g).ID
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Get(ctx, id); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkActiveByUser lists one user's ongoing games in a database of
// 100,000 games (1,000 users, 5% of the games ongoing).
func BenchmarkActiveByUser(b *testing.B) {
	s := bigStore(b, 100_000)
	r := rand.New(rand.NewPCG(3, 3))
	b.ReportAllocs()
	total := 0
	for b.Loop() {
		u := UserID(fmt.Sprintf("user%d", r.IntN(1000)))
		games, err := s.ActiveByUser(ctx, u)
		if err != nil {
			b.Fatal(err)
		}
		total += len(games)
	}
	b.ReportMetric(float64(total)/float64(b.N), "games/op")
}

// bigStore fills a store with n short games, in transactions of 5,000.
func bigStore(b *testing.B, n int) *Store {
	b.Helper()
	path := filepath.Join(b.TempDir(), "big.db")
	s, err := Open(path, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	r := rand.New(rand.NewPCG(1, 2))
	logs := make([][]game.Move, 50)
	for i := range logs {
		logs[i] = randomLog(b, game.Settings{}, 10+i, uint64(i))
	}
	for done := 0; done < n; {
		var batch []*Game
		for ; done < n && len(batch) < 5000; done++ {
			a, c := r.IntN(1000), r.IntN(1000)
			if a == c {
				c = (c + 1) % 1000
			}
			g := &Game{
				Seats: []UserID{UserID(fmt.Sprintf("user%d", a)), UserID(fmt.Sprintf("user%d", c))},
				Place: Place{Guild: GuildID(fmt.Sprintf("guild%d", r.IntN(50))), Channel: ChannelID(fmt.Sprintf("chan%d", r.IntN(500)))},
				State: Active,
				Log:   logs[r.IntN(len(logs))],
			}
			if r.IntN(100) >= 5 {
				g.Log = append(g.Log[:len(g.Log):len(g.Log)], game.Move{Kind: game.Resign, Color: game.Red})
			}
			batch = append(batch, g)
		}
		bulkCreate(b, s, batch)
	}
	return s
}

// BenchmarkForgetUser forgets one user (about 200 games, 5% of them
// ongoing) in a database of 100,000 games: one write transaction that
// scans every game record, and that moves wait for.
func BenchmarkForgetUser(b *testing.B) {
	s := bigStore(b, 100_000)
	i := 0
	for b.Loop() {
		f, err := s.ForgetUser(ctx, UserID(fmt.Sprintf("user%d", i%1000)))
		if err != nil {
			b.Fatal(err)
		}
		if i < 1000 && len(f.Games) == 0 {
			b.Fatal("the user had no games: the benchmark measures nothing")
		}
		i++
	}
}

// BenchmarkBackup copies a database of 100,000 games: as the file is
// (Backup, a raw copy) and compacted to a checked file (BackupFile).
func BenchmarkBackup(b *testing.B) {
	s := bigStore(b, 100_000)
	dir := b.TempDir()
	b.Run("raw", func(b *testing.B) {
		for b.Loop() {
			f, err := os.Create(filepath.Join(dir, "raw.db"))
			if err != nil {
				b.Fatal(err)
			}
			n, err := s.Backup(ctx, f)
			f.Close()
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(n)/(1<<20), "MiB")
		}
	})
	b.Run("file", func(b *testing.B) {
		for b.Loop() {
			n, err := s.BackupFile(ctx, filepath.Join(dir, "backup.db"))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(n)/(1<<20), "MiB")
		}
	})
}
