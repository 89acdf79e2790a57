// Command twixtload puts twixtbot under load: it starts the real bot in
// HTTP interactions mode (storage with fsync, real board pictures) against
// a fake Discord on loopback, plays many games at once to the end with
// signed interactions, and reports latencies, moves per second, CPU and
// memory, and any lost move or unexpected reply.
//
//	twixtload [-games 100] [-size 24] [-max-turns 60] [-rate 0] [-faults 0] ...
//
// It exits 0 when the run went right, 1 when something was lost or
// refused, and 2 when the run could not be made. See the package
// bot/loadtest.
//
// -cpuprofile, -memprofile and -trace record the run; in the CPU profile
// the goroutines of the bot, of the fake Discord and of the simulated
// players carry the label side=bot, discord or players, so that
// `go tool pprof -tags FILE` shows each one's share.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"strconv"
	"strings"
	"syscall"

	"github.com/twixtbot/twixtbot/bot/loadtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("twixtload", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c loadtest.Config
	fs.IntVar(&c.Games, "games", 100, "games played at once")
	fs.IntVar(&c.Size, "size", 24, "board side, 5 to 100 (beyond 48 a moderator allows it first)")
	fs.IntVar(&c.MaxTurns, "max-turns", 60, "turns after which the player to move resigns; -1: play each game to its end")
	fs.Float64Var(&c.Rate, "rate", 0, "interactions per second, all games together; 0: as fast as the bot answers")
	fs.Float64Var(&c.Swap, "swap", 0.2, "chance that the second player swaps when allowed; -1: never")
	fs.IntVar(&c.Channels, "channels", 10, "channels the games are spread over")
	limit := fs.String("user-limit", "", "per-user rate limit RATE/BURST, as cmd/twixtbot has it (1/8); the players keep under it")
	fs.Float64Var(&c.Faults, "faults", 0, "share of replies (0 to 1) that meet a fault of the fake Discord: 429, 5xx, dropped connections, slow answers")
	fs.Uint64Var(&c.Seed, "seed", 0, "seed of the random moves; 0: random")
	fs.StringVar(&c.Dir, "dir", "", "folder for the database (kept); default a temporary one")
	fs.DurationVar(&c.Timeout, "timeout", 0, "bound of the whole run (default 30m)")
	fs.IntVar(&c.Computer, "computer", 0, "games against the computer that think throughout the run, beside the people's games")
	fs.IntVar(&c.AIWorkers, "ai-workers", 1, "the computer's workers (TWIXTBOT_AI_WORKERS): how many of those games think at once")
	fs.BoolVar(&c.Etcd, "etcd", false, "keep the games on etcd (a real etcd server started in this process) instead of a bbolt file")
	fs.IntVar(&c.Bots, "bots", 1, "with -etcd, instances of the bot sharing the store, each interaction sent to one at random")
	botCmd := fs.String("bot-cmd", "", "with -etcd, run each bot instance as a process of its own: this command line (a twixtbot binary and `serve`), space-separated")
	fs.IntVar(&c.KillAfter, "kill-after", 0, "with -bot-cmd, SIGKILL the first bot process after this many acknowledged moves")
	quiet := fs.Bool("quiet", false, "no progress lines")
	logLevel := fs.String("log", "", "show the bot's log from this level on: debug, info, warn, error; default none")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	memProfile := fs.String("memprofile", "", "write a heap profile at the end of the run to this file")
	traceFile := fs.String("trace", "", "write an execution trace of the run to this file (go tool trace)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "twixtload: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if *botCmd != "" {
		if !c.Etcd {
			fmt.Fprintf(stderr, "twixtload: -bot-cmd needs -etcd: bot processes share a store on etcd only\n")
			return 2
		}
		c.BotCommand = strings.Fields(*botCmd)
	}
	if c.KillAfter > 0 && (c.BotCommand == nil || c.Bots < 2) {
		fmt.Fprintf(stderr, "twixtload: -kill-after needs -bot-cmd and -bots 2 or more: a process is killed and another goes on\n")
		return 2
	}
	if c.Bots > 1 && !c.Etcd {
		fmt.Fprintf(stderr, "twixtload: -bots %d needs -etcd: instances of the bot share a store on etcd only\n", c.Bots)
		return 2
	}
	if (c.Bots > 1 || c.BotCommand != nil) && c.Computer > 0 {
		fmt.Fprintf(stderr, "twixtload: -computer with -bots: the computer plays in the leading instance only, and the run waits on the first; use one or the other\n")
		return 2
	}
	if *limit != "" {
		var err error
		if c.UserRate, c.UserBurst, err = parseLimit(*limit); err != nil {
			fmt.Fprintf(stderr, "twixtload: -user-limit: %v\n", err)
			return 2
		}
	}
	if *logLevel != "" {
		var lv slog.Level
		if err := lv.UnmarshalText([]byte(*logLevel)); err != nil {
			fmt.Fprintf(stderr, "twixtload: -log: %v\n", err)
			return 2
		}
		c.Logger = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: lv}))
	}
	if !*quiet {
		c.Progress = stderr
	}
	for _, rec := range []struct {
		path  string
		start func(io.Writer) error
		stop  func()
	}{{*cpuProfile, pprof.StartCPUProfile, pprof.StopCPUProfile}, {*traceFile, trace.Start, trace.Stop}} {
		if rec.path == "" {
			continue
		}
		stop, err := record(rec.path, rec.start, rec.stop)
		if err != nil {
			fmt.Fprintf(stderr, "twixtload: %v\n", err)
			return 2
		}
		defer stop()
	}
	rep, err := loadtest.Run(ctx, c)
	if err != nil {
		fmt.Fprintf(stderr, "twixtload: %v\n", err)
		return 2
	}
	if *memProfile != "" {
		runtime.GC()
		if err := writeHeap(*memProfile); err != nil {
			fmt.Fprintf(stderr, "twixtload: %v\n", err)
		}
	}
	fmt.Fprintf(stdout, "machine:      %s/%s, %d CPUs (GOMAXPROCS %d), %s\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version())
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		rep.Config.Logger, rep.Config.Progress = nil, nil
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "twixtload: %v\n", err)
			return 2
		}
	} else if err := rep.WriteText(stdout); err != nil {
		return 2
	}
	if !rep.OK() {
		return 1
	}
	return 0
}

// parseLimit reads RATE/BURST.
func parseLimit(s string) (float64, int, error) {
	r, b, ok := strings.Cut(s, "/")
	rate, err1 := strconv.ParseFloat(r, 64)
	burst, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || rate <= 0 || burst < 1 {
		return 0, 0, fmt.Errorf("%q: want RATE/BURST, such as 1/8 (actions per second per user, and at once)", s)
	}
	return rate, burst, nil
}

// record starts a CPU profile or an execution trace into a new file at
// path; the returned func stops it and closes the file.
func record(path string, start func(io.Writer) error, stop func()) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := start(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { stop(); f.Close() }, nil
}

func writeHeap(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return pprof.WriteHeapProfile(f)
}
