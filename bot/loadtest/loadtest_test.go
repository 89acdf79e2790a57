package loadtest

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// runShort runs a small game set and fails the test on anything the
// report found wrong. It asserts no timing: the figures are for the
// command and the benchmark.
func runShort(t *testing.T, cfg Config) *Report {
	t.Helper()
	cfg.Dir = t.TempDir()
	cfg.Timeout = 2 * time.Minute
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	rep.WriteText(&sb)
	if !rep.OK() {
		t.Fatalf("the run went wrong:\n%s", sb.String())
	}
	if rep.Games != cfg.Games || rep.Finished != cfg.Games {
		t.Errorf("%d games started and %d finished, want %d:\n%s", rep.Games, rep.Finished, cfg.Games, sb.String())
	}
	// Each game: a challenge, its acceptance, and at least one move.
	if rep.Moves < cfg.Games || rep.MoveAck.N == 0 || rep.RoundTrip.N == 0 {
		t.Errorf("too little was played:\n%s", sb.String())
	}
	return rep
}

// TestShortRun plays a few games at once to the end and checks that every
// acknowledged move is in the store once, in order, and that nothing was
// refused.
func TestShortRun(t *testing.T) {
	rep := runShort(t, Config{Games: 6, Size: 10, MaxTurns: 14, Swap: 0.5, Seed: 1})
	if rep.Interactions["ok"] == 0 || len(rep.Interactions) != 1 {
		t.Errorf("outcomes %v, want all ok", rep.Interactions)
	}
}

// TestShortRunOnLargeBoards: boards beyond the default policy's largest
// are allowed by a moderator first; beyond the engine's, the run cannot
// be made.
func TestShortRunOnLargeBoards(t *testing.T) {
	runShort(t, Config{Games: 2, Size: 60, MaxTurns: 4, Seed: 5})
	if _, err := Run(context.Background(), Config{Games: 1, Size: 101, Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "101") {
		t.Errorf("101x101: %v", err)
	}
}

// TestShortRunToTheEnd plays small boards until each game ends by itself:
// a connection, or no path left for either side.
func TestShortRunToTheEnd(t *testing.T) {
	runShort(t, Config{Games: 3, Size: 6, MaxTurns: -1, Swap: -1, Seed: 2})
}

// TestShortRunUnderFaults has a third of the replies meet a fault of
// Discord's (429, 5xx, dropped connections, slow answers): the bot rides
// them out, and still nothing is lost, doubled or refused.
func TestShortRunUnderFaults(t *testing.T) {
	rep := runShort(t, Config{Games: 4, Size: 10, MaxTurns: 12, Faults: 0.35, Seed: 3})
	if rep.Faults < 5 {
		t.Errorf("only %d faults injected", rep.Faults)
	}
}

// TestShortRunUnderUserLimit installs the per-user limit of cmd/twixtbot
// (at a rate the test can afford): players who keep under it are never
// refused.
func TestShortRunUnderUserLimit(t *testing.T) {
	rep := runShort(t, Config{Games: 3, Size: 8, MaxTurns: 6, UserRate: 50, UserBurst: 8, Seed: 4})
	if rep.Interactions["throttled"] != 0 {
		t.Errorf("%d interactions throttled", rep.Interactions["throttled"])
	}
}

// TestShortRunBesideTheComputer plays people's games while games against
// the computer think on both workers and a third waits: nothing of the
// people's is lost or refused.
func TestShortRunBesideTheComputer(t *testing.T) {
	rep := runShort(t, Config{Games: 3, Size: 8, MaxTurns: 8, Seed: 6, Computer: 3, AIWorkers: 2})
	if rep.Interactions["ok"] == 0 || len(rep.Interactions) != 1 {
		t.Errorf("outcomes %v, want all ok", rep.Interactions)
	}
}

func TestCompareLogs(t *testing.T) {
	g := func(log ...string) *storage.Game {
		st := &storage.Game{ID: 7}
		for _, s := range log {
			m, err := game.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			st.Log = append(st.Log, m)
		}
		return st
	}
	for _, tc := range []struct {
		name        string
		acked       []string
		stored      *storage.Game
		lost, extra int
	}{
		{"same", []string{"c3", "e5", "swap"}, g("c3", "e5", "swap"), 0, 0},
		{"nothing yet", nil, g(), 0, 0},
		{"lost at the end", []string{"c3", "e5"}, g("c3"), 1, 0},
		{"lost in the middle", []string{"c3", "e5", "f7"}, g("c3", "f7"), 1, 0},
		{"unacknowledged at the end", []string{"c3"}, g("c3", "e5"), 0, 1},
		{"unacknowledged in the middle", []string{"c3", "f7"}, g("c3", "e5", "f7"), 0, 1},
		{"applied twice", []string{"c3", "e5"}, g("c3", "c3", "e5"), 0, 1},
		{"out of order", []string{"c3", "e5"}, g("e5", "c3"), 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lost, extra := compareLogs(tc.acked, tc.stored)
			if len(lost) != tc.lost || len(extra) != tc.extra {
				t.Errorf("lost %q, extra %q; want %d and %d", lost, extra, tc.lost, tc.extra)
			}
			for _, s := range slices.Concat(lost, extra) {
				if !strings.HasPrefix(s, "g7: ") {
					t.Errorf("%q does not name the game", s)
				}
			}
		})
	}
}

func TestLatencyOf(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	l := latencyOf(ds)
	if l.N != 100 || l.P50 != 50*time.Millisecond || l.P99 != 99*time.Millisecond || l.Max != 100*time.Millisecond {
		t.Errorf("latencyOf(1..100 ms) = %+v", l)
	}
	if l := latencyOf(nil); l != (Latency{}) || l.String() != "none" {
		t.Errorf("latencyOf(nil) = %+v %q", l, l)
	}
	if l := latencyOf([]time.Duration{time.Second}); l.P50 != time.Second || l.P99 != time.Second {
		t.Errorf("one sample: %+v", l)
	}
}

// BenchmarkGames100 plays 100 games at once on the classic board, as fast
// as the bot answers, for about b.N moves in all; it reports the moves per
// second and the dispatcher's p50 and p99 for a move (arrival to first
// answer). cmd/twixtload runs the same with more choices.
func BenchmarkGames100(b *testing.B) { benchGames(b, 100) }

// BenchmarkGames1000 is BenchmarkGames100 with 1,000 games at once.
func BenchmarkGames1000(b *testing.B) { benchGames(b, 1000) }

func benchGames(b *testing.B, games int) {
	turns := max(2, b.N/games)
	rep, err := Run(context.Background(), Config{Games: games, MaxTurns: turns, Dir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	if !rep.OK() {
		var sb strings.Builder
		rep.WriteText(&sb)
		b.Fatalf("the run went wrong:\n%s", sb.String())
	}
	b.ReportMetric(rep.MovesPerSecond, "moves/s")
	b.ReportMetric(float64(rep.MoveAck.P50)/1e6, "p50-ms")
	b.ReportMetric(float64(rep.MoveAck.P99)/1e6, "p99-ms")
	b.ReportMetric(float64(rep.CPUPerMove)/1e6, "cpu-ms/move")
}
