package storage

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// The leaderboard benchmark's database: 100,000 rated players and
// 1,000,000 rated games in 20 servers, built once per test process
// (generating it takes minutes) through the same code that rates a game
// as it ends, in transactions of 20,000 games. Only the rating buckets are
// filled: a leaderboard never reads the games bucket.
const (
	benchPlayers = 100_000
	benchGames   = 1_000_000
	benchServers = 20
)

var benchDB struct {
	once sync.Once
	path string
	err  error
}

// removeBenchDB deletes the generated database (about 2.3 GB) when the
// tests and benchmarks are done.
func removeBenchDB() {
	if benchDB.path != "" {
		os.RemoveAll(filepath.Dir(benchDB.path))
	}
}

func leaderboardDB(b *testing.B) string {
	benchDB.once.Do(func() {
		dir, err := os.MkdirTemp("", "twixtbot-leaderboard-bench")
		if err != nil {
			benchDB.err = err
			return
		}
		benchDB.path = filepath.Join(dir, "twixt.db")
		start := time.Now()
		benchDB.err = generateRated(benchDB.path, benchPlayers, benchGames)
		fmt.Fprintf(os.Stderr, "generated %d games of %d players in %s\n", benchGames, benchPlayers, time.Since(start).Round(time.Second))
	})
	if benchDB.err != nil {
		b.Fatal(benchDB.err)
	}
	return benchDB.path
}

// generateRated rates games between random players, three in four of
// them decided, with the same applyRated as a finished game, in
// transactions of 20,000 games.
func generateRated(path string, players, games int) error {
	s, err := Open(path, nil)
	if err != nil {
		return err
	}
	defer s.Close()
	ended := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return generateRatedInto(s, rand.New(rand.NewPCG(7, 11)), players, games, 20_000, &ended)
}

// generateRatedInto rates games in transactions of batch games.
func generateRatedInto(s *Store, r *rand.Rand, players, games, batch int, ended *time.Time) error {
	for done := 0; done < games; done += batch {
		err := s.write(ctx, func(tx kvTx) (func() error, error) {
			return func() error {
				for i := done; i < min(done+batch, games); i++ {
					a, c := r.IntN(players), r.IntN(players-1)
					if c >= a {
						c++
					}
					*ended = ended.Add(time.Second)
					rg := ratedGame{id: GameID(i + 1), ended: *ended, pool: PoolStandard,
						scopes: []RatingScope{Global, ServerRatings(GuildID(strconv.Itoa(1 + r.IntN(benchServers))))},
						sides:  [2][]Subject{{UserSubject(UserID(strconv.Itoa(1e17 + a)))}, {UserSubject(UserID(strconv.Itoa(1e17 + c)))}}}
					switch r.IntN(8) {
					case 0, 1, 2:
						rg.score = 1
					case 3, 4, 5:
						rg.score = 0
					default:
						rg.score = 0.5
					}
					if err := applyRated(tx, rg); err != nil {
						return err
					}
				}
				return nil
			}, nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// BenchmarkLeaderboard reads leaderboard pages of 10 from the generated
// database: the global leaderboard (every player) at random pages among
// the first 100 (first), and at random pages anywhere (any: up to 10,000
// pages deep, the worst case, since a page skips the entries before it
// in the index), and a server's (server). It reports the 99th percentile
// of the answers' times.
func BenchmarkLeaderboard(b *testing.B) {
	path := leaderboardDB(b)
	s, err := Open(path, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for _, c := range []struct {
		name  string
		scope RatingScope
		pages int
	}{
		{"global/first", Global, 100},
		{"global/any", Global, benchPlayers / 10},
		{"server/any", ServerRatings("1"), benchPlayers / 10},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			times := make([]time.Duration, 0, b.N)
			for b.Loop() {
				page := r.IntN(c.pages)
				t0 := time.Now()
				list, _, err := s.Leaderboard(ctx, c.scope, PoolStandard, page*10, 10)
				times = append(times, time.Since(t0))
				if err != nil || len(list) == 0 && page == 0 {
					b.Fatalf("page %d: %d standings, %v", page, len(list), err)
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}

// TestGenerateRated checks the generator on a small database: every
// player it names is in the global leaderboard.
func TestGenerateRated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gen.db")
	if err := generateRated(path, 50, 400); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	list, more, err := s.Leaderboard(ctx, Global, PoolStandard, 0, 100)
	if err != nil || more || len(list) != 50 {
		t.Fatalf("%d standings (more %v), %v", len(list), more, err)
	}
	if got := fmt.Sprint(list[0].Games() > 0); got != "true" {
		t.Error("the first standing has no games")
	}
	mustCheck(t, s)
}

// BenchmarkFinish measures the move that ends a game (a resignation,
// fsynced) in a rated game, which rates it in the same transaction, and
// in a casual one, which does not: the difference is what rating adds to
// that move. The players have played before, so their ratings are read
// and rewritten, and their server's ratings too.
func BenchmarkFinish(b *testing.B) {
	for _, casual := range []bool{false, true} {
		b.Run(map[bool]string{false: "rated", true: "casual"}[casual], func(b *testing.B) {
			s, _ := openTest(b)
			games := make([]*Game, 0, b.N)
			for i := 0; i < b.N; i++ {
				g := newGame(Active)
				g.Seats = []UserID{UserID(strconv.Itoa(i % 50)), UserID(strconv.Itoa(50 + i%37))}
				g.Meta.Casual = casual
				games = append(games, g)
			}
			games = bulkCreate(b, s, games)
			b.ResetTimer()
			for _, g := range games {
				if _, err := s.AppendMove(ctx, g.ID, AnyLen, 1, resign1, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
