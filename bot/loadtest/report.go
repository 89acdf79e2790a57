package loadtest

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"
)

// Latency summarises a set of durations.
type Latency struct {
	N   int
	P50 time.Duration
	P99 time.Duration
	Max time.Duration
}

// latencyOf sorts ds and summarises them.
func latencyOf(ds []time.Duration) Latency {
	if len(ds) == 0 {
		return Latency{}
	}
	slices.Sort(ds)
	q := func(p float64) time.Duration {
		i := int(p*float64(len(ds))+0.5) - 1
		return ds[min(max(i, 0), len(ds)-1)]
	}
	return Latency{N: len(ds), P50: q(0.50), P99: q(0.99), Max: ds[len(ds)-1]}
}

func (l Latency) String() string {
	if l.N == 0 {
		return "none"
	}
	return fmt.Sprintf("p50 %s  p99 %s  max %s  (n=%d)", ms(l.P50), ms(l.P99), ms(l.Max), l.N)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond)) }

// Report is what a run measured and found.
type Report struct {
	Config Config

	Games    int // games started
	Finished int // games that reached a result
	Moves    int // turns acknowledged: placements, swaps and resignations
	// Interactions counts the interactions the bot handled, by outcome
	// ("ok", "user_error", ...).
	Interactions map[string]int
	Deferred     int // interactions answered with a deferral first
	Faults       int // faults injected into initial responses (Config.Faults)

	Elapsed        time.Duration // the play, from the first challenge to the last reply
	MovesPerSecond float64

	// From the dispatcher: arrival of the interaction to the initial
	// response sent (Ack) and to the reply delivered (Total), for
	// /twixt move and for every interaction.
	MoveAck, MoveTotal, AllAck Latency
	// RoundTrip is what a player sees of a move: from the interaction
	// leaving Discord to the answer being there.
	RoundTrip Latency

	CPU        time.Duration // user and system time of the whole process during the play
	CPUPerMove time.Duration
	PeakRSS    uint64 // the process's peak resident memory, bytes (since it started)
	PeakHeap   uint64 // the peak of Go heap memory in use during the play, bytes

	// With bot processes (Config.BotCommand): how many, the moves
	// acknowledged when the first was killed (0: not killed), and the
	// moves that landed but whose answer died with it (in the log, where
	// the players found them: neither lost nor doubled).
	// NoAnswer counts the interactions that got no answer after the
	// kill (sent to the dying process); their players looked at the game
	// and went on.
	Processes, KilledAt, Unanswered, NoAnswer int

	// What went wrong; a good run has none of it.
	Lost       []string // acknowledged moves missing from the store
	Extra      []string // moves in the store nobody was told of
	Unexpected []string // replies that should not have been (refusals, apologies, timeouts)
	Violations []string // calls that broke Discord's rules
	Errors     []string // the harness's own troubles (timeouts, a bot that would not start)
}

// OK reports whether nothing went wrong.
func (r *Report) OK() bool {
	return len(r.Lost)+len(r.Extra)+len(r.Unexpected)+len(r.Violations)+len(r.Errors) == 0
}

// WriteText writes the report for people.
func (r *Report) WriteText(w io.Writer) error {
	var sb strings.Builder
	c := r.Config
	fmt.Fprintf(&sb, "twixtload: %d games at once on %dx%d boards", c.Games, c.Size, c.Size)
	if c.MaxTurns > 0 {
		fmt.Fprintf(&sb, ", resigning after %d turns", c.MaxTurns)
	}
	if c.Rate > 0 {
		fmt.Fprintf(&sb, ", %.0f interactions/s", c.Rate)
	} else {
		sb.WriteString(", as fast as answered")
	}
	if c.UserRate > 0 {
		fmt.Fprintf(&sb, ", per-user limit %g/s burst %d", c.UserRate, c.UserBurst)
	}
	if c.Faults > 0 {
		fmt.Fprintf(&sb, ", faults on %.0f%% of replies", 100*c.Faults)
	}
	if c.Computer > 0 {
		fmt.Fprintf(&sb, ", %d games against the computer on %d workers", c.Computer, max(c.AIWorkers, 1))
	}
	if c.Etcd {
		fmt.Fprintf(&sb, ", on etcd with %d bot instances", max(c.Bots, 1))
		if r.Processes > 0 {
			sb.WriteString(" in processes of their own")
		}
	}
	sb.WriteString("\n")
	if r.Processes > 0 && c.KillAfter > 0 {
		if r.KilledAt > 0 {
			fmt.Fprintf(&sb, "kill:         process 1 SIGKILLed after %d moves; %d interactions unanswered, of which %d moves had landed\n", r.KilledAt, r.NoAnswer, r.Unanswered)
		} else {
			fmt.Fprintf(&sb, "kill:         not reached (%d moves asked)\n", c.KillAfter)
		}
	}
	fmt.Fprintf(&sb, "games:        %d started, %d finished\n", r.Games, r.Finished)
	fmt.Fprintf(&sb, "moves:        %d in %s: %.0f moves/s\n", r.Moves, r.Elapsed.Round(time.Millisecond), r.MovesPerSecond)
	keys := slices.Sorted(maps.Keys(r.Interactions))
	parts := make([]string, len(keys))
	total := 0
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, r.Interactions[k])
		total += r.Interactions[k]
	}
	fmt.Fprintf(&sb, "interactions: %d (%s), %d deferred", total, strings.Join(parts, ", "), r.Deferred)
	if r.Faults > 0 {
		fmt.Fprintf(&sb, ", %d met a fault", r.Faults)
	}
	sb.WriteString("\n")
	fmt.Fprintf(&sb, "move ack:     %s   (arrival to first answer)\n", r.MoveAck)
	fmt.Fprintf(&sb, "move reply:   %s   (arrival to reply delivered)\n", r.MoveTotal)
	fmt.Fprintf(&sb, "all acks:     %s\n", r.AllAck)
	fmt.Fprintf(&sb, "round trip:   %s   (as the player sees it)\n", r.RoundTrip)
	if r.Processes > 0 {
		sb.WriteString("cpu:          (this process and the bot processes)\n")
	}
	fmt.Fprintf(&sb, "cpu:          %s (%s per move, %.2f cores)\n", r.CPU.Round(time.Millisecond), r.CPUPerMove.Round(time.Microsecond),
		float64(r.CPU)/float64(max(r.Elapsed, 1)))
	fmt.Fprintf(&sb, "memory:       peak RSS %.1f MiB, peak Go heap %.1f MiB\n", float64(r.PeakRSS)/(1<<20), float64(r.PeakHeap)/(1<<20))
	for _, x := range []struct {
		what string
		list []string
	}{{"lost moves", r.Lost}, {"unacknowledged moves", r.Extra}, {"unexpected replies", r.Unexpected},
		{"Discord rules broken", r.Violations}, {"harness errors", r.Errors}} {
		fmt.Fprintf(&sb, "%-22s%d\n", x.what+":", len(x.list))
		for i, s := range x.list {
			if i == 10 {
				fmt.Fprintf(&sb, "  ... and %d more\n", len(x.list)-10)
				break
			}
			fmt.Fprintf(&sb, "  %s\n", s)
		}
	}
	if r.OK() {
		sb.WriteString("result:       OK\n")
	} else {
		sb.WriteString("result:       FAILED\n")
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
