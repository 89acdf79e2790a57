// Command twixtbot is the TwixT bot for Discord.
//
//	twixtbot [serve] [flags]              run the bot (gateway, or HTTP interactions)
//	twixtbot console [-db F] [-out D]     play offline in the terminal, no Discord needed
//	twixtbot backup [-db F] OUT           copy the database, live or offline
//	twixtbot forget-user [-db F] USERID   delete a player's data, live or offline
//	twixtbot commands clear [--guild ID]  remove stale slash command registrations
//	twixtbot migrate --from S --to S      copy the database to another store (bolt:FILE, etcd:URLS), checked
//	twixtbot version                      print the version (also --version)
//	twixtbot help                         list the commands and flags (also -h)
//
// Configuration comes from the environment (DISCORD_TOKEN, DISCORD_APP_ID,
// DISCORD_GUILD_ID, TWIXTBOT_DB, TWIXTBOT_HTTP_ADDR, DISCORD_PUBLIC_KEY,
// DISCORD_API_BASE, TWIXTBOT_METRICS_ADDR, TWIXTBOT_SHARDS, TWIXTBOT_SHARD_IDS,
// TWIXTBOT_AI_WORKERS, TWIXTBOT_ETCD_ENDPOINTS, TWIXTBOT_ETCD_PREFIX,
// TWIXTBOT_ETCD_MAX_TXN_OPS), with flags mirroring it; see
// the README.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/twixtbot/twixtbot/bot"
	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/storage"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

// run runs a command line and returns the exit status (see commands.go).
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	return dispatch(ctx, args, stdio{in: stdin, out: stdout, err: stderr}, getenv)
}

// clockEvery is how often the bot sweeps for reminders and timeouts.
const clockEvery = 15 * time.Second

func serve(ctx context.Context, args []string, stderr io.Writer, getenv func(string) string) int {
	log := slog.New(slog.NewTextHandler(stderr, nil))
	fs := flag.NewFlagSet("twixtbot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage()) }
	cfg, err := LoadConfig(fs, args, getenv)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot: %v\n", err)
		return 2
	}
	store, leader, closeStore, err := openStore(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot: %v\n", err)
		return 1
	}
	defer closeStore()
	metrics := discord.NewMetrics(metricsNamespace)
	client, err := discord.NewClient(discord.ClientOptions{Token: cfg.Token, APIBase: cfg.APIBase, Logger: log, Metrics: metrics})
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot: %v\n", err)
		return 2
	}
	workers, _ := cfg.Workers() // validated by LoadConfig
	if cores := runtime.GOMAXPROCS(0); workers >= cores && cores > 1 {
		log.Warn("the computer's workers can take every core: people's moves will wait while it thinks; set TWIXTBOT_AI_WORKERS below the number of cores",
			"ai_workers", workers, "cores", cores)
	}
	b := bot.New(bot.Options{
		Store: store, Notifier: client, Logger: log, Metrics: metrics,
		Limiter: discord.NewUserLimiter(1, 8, nil),
		// A modern application's bot user has the application's id.
		Computer: bot.ComputerOptions{User: storage.UserID(cfg.AppID), Workers: workers},
		Leader:   leader,
	})
	if leader == nil { // the control socket serves the bbolt file's backups
		ctl, err := listenControl(cfg.DB, store, log)
		if err != nil {
			log.Warn("no control socket: twixtbot backup will not reach this bot", "err", err)
		} else {
			defer ctl.Close()
		}
	}
	clockCtx, stopClock := context.WithCancel(ctx)
	clockDone := make(chan struct{})
	go func() { defer close(clockDone); b.RunClock(clockCtx, clockEvery) }()
	computerDone := make(chan struct{})
	go func() { defer close(computerDone); b.RunComputer(clockCtx) }()
	app := &discord.App{
		Config: cfg.Config, Router: b.Router(), Commands: bot.Commands(), Client: client,
		Logger: log, Metrics: metrics, Health: store.Ping, Self: b.SetComputerUser,
	}
	log.Info("twixtbot starting", "config", cfg)
	err = app.Run(ctx)
	stopClock()
	<-clockDone
	<-computerDone
	b.Wait() // announcements still on their way
	if err != nil {
		log.Error("twixtbot stopped", "err", err)
		return 1
	}
	log.Info("twixtbot stopped")
	return 0
}

func runConsole(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("twixtbot console", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "twixtbot-console.db", "the database file of the console's games")
	out := fs.String("out", "twixtbot-boards", "the folder where board pictures are saved")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	store, err := storage.Open(*db, nil)
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot console: %v\n", err)
		return 1
	}
	defer store.Close()
	var cons *Console
	var b *bot.Bot
	// The console is both how replies come back and where the bot posts.
	notify := consoleNotifier{get: func() *Console { return cons }}
	b = bot.New(bot.Options{Store: store, Notifier: notify, Logger: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		Computer: bot.ComputerOptions{User: storage.UserID(consoleComputerID)}})
	cons = NewConsole(b.Router(), stdout, *out)
	cons.AddBot(consoleComputerName, string(consoleComputerID))
	cctx, stop := context.WithCancel(ctx)
	computerDone := make(chan struct{})
	go func() { b.RunComputer(cctx); close(computerDone) }()
	defer func() { stop(); <-computerDone }()
	// After each line: the clock's sweep, the computer's answer, and what
	// the bot posts after a reply, so that all of it prints before the
	// next line is read.
	cons.Settle = func() { b.Sweep(ctx); b.WaitComputerIdle(ctx); b.Wait() }
	if err := cons.Run(ctx, stdin); err != nil {
		fmt.Fprintf(stderr, "twixtbot console: %v\n", err)
		return 1
	}
	return 0
}

// The console's computer player: its name, and the snowflake standing for
// it (the players' own start one above it).
const (
	consoleComputerName                = "twixtbot"
	consoleComputerID   discord.UserID = "100000000000000000"
)

// consoleNotifier forwards the bot's posts to the console, which exists
// only once the router it dispatches to is built.
type consoleNotifier struct{ get func() *Console }

func (n consoleNotifier) Send(ctx context.Context, ch discord.ChannelID, r discord.Reply) (discord.MessageID, error) {
	return n.get().Send(ctx, ch, r)
}

func (n consoleNotifier) Edit(ctx context.Context, ch discord.ChannelID, m discord.MessageID, r discord.Reply) error {
	return n.get().Edit(ctx, ch, m, r)
}

func (n consoleNotifier) StartThread(ctx context.Context, ch discord.ChannelID, from discord.MessageID, name string) (discord.ChannelID, error) {
	return n.get().StartThread(ctx, ch, from, name)
}
