package main

import (
	"context"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"

	"github.com/twixtbot/twixtbot/bot/loadtest"
)

// roleEnv makes this test binary run the bot (serve) instead of the
// tests: the load test below starts it as its bot processes.
const roleEnv = "TWIXTBOT_TEST_ROLE"

func TestMain(m *testing.M) {
	if os.Getenv(roleEnv) == "serve" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := run(ctx, []string{"serve"}, os.Stdin, os.Stdout, os.Stderr, os.Getenv)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// TestTwoProcessesOnEtcd plays games through two twixtbot processes in
// HTTP-interactions mode sharing one etcd, each interaction sent to
// either at random (a game's included), and SIGKILLs one of them midway:
// no acknowledged move may be lost, none doubled, and every game must
// finish through the other.
func TestTwoProcessesOnEtcd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bot processes")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := loadtest.Run(context.Background(), loadtest.Config{
		Games: 10, MaxTurns: 16, Channels: 4, Seed: 16,
		Etcd: true, Bots: 2, BotCommand: []string{exe, "-test.run=^$"}, BotEnv: []string{roleEnv + "=serve"},
		KillAfter: 60, Dir: t.TempDir(),
	})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	rep.WriteText(&sb)
	t.Log("\n" + sb.String())
	if !rep.OK() || rep.KilledAt == 0 || rep.Finished != 10 || rep.Moves <= 60 {
		t.Fatalf("killed after %d moves, %d of 10 games finished, %d moves:\n%s", rep.KilledAt, rep.Finished, rep.Moves, sb.String())
	}
}
