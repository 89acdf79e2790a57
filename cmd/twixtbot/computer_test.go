package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
)

// TestComputerThroughMain runs the bot as its command line does and plays
// the computer: the computer is the bot's own user, and its opening is
// posted as its own message; its queue shows in /metrics.
func TestComputerThroughMain(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	vars := map[string]string{
		"DISCORD_TOKEN": fake.Token(), "DISCORD_APP_ID": fake.AppID(), "DISCORD_GUILD_ID": fake.GuildID(),
		"TWIXTBOT_DB": filepath.Join(t.TempDir(), "twixt.db"), "DISCORD_API_BASE": fake.URL(),
		"TWIXTBOT_METRICS_ADDR": "127.0.0.1:0", "TWIXTBOT_AI_WORKERS": "1",
	}
	stderr := &discordtest.Buffer{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() { done <- run(ctx, nil, strings.NewReader(""), io.Discard, stderr, env(vars)) }()
	wctx, wcancel := context.WithTimeout(ctx, 30*time.Second)
	defer wcancel()
	m, err := stderr.WaitFor(wctx, regexp.MustCompile(`serving /metrics and /healthz" addr=(\S+)`))
	if err != nil {
		t.Fatalf("the bot never started:\n%s", stderr)
	}
	fake.UseEndpoint("")
	alice := fake.NewUser("alice")
	start := fake.Exchange(fake.Command(alice, "twixt computer", discordtest.Str("size", "6"), discordtest.Str("color", "black"), discordtest.Str("level", "1"))).Message
	if !strings.Contains(start.Content, "has started") {
		t.Fatalf("/twixt computer answered %q", start.Content)
	}
	mention := "1. Red (<@" + fake.BotUserID() + ">) played"
	if _, err := fake.WaitCalls(wctx, func(calls []discordtest.Call) bool {
		for _, c := range calls {
			var msg struct{ Content string }
			if c.Method == "POST" && c.Route == discordtest.RouteChannelMessages && c.Decode(&msg) == nil && strings.Contains(msg.Content, mention) {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("the computer never posted its opening:\n%s", stderr)
	}
	if code, text := get(t, "http://"+m[1]+"/metrics"); code != 200 || !strings.Contains(text, "twixtbot_computer_thinking ") || !strings.Contains(text, "twixtbot_computer_waiting ") {
		t.Errorf("/metrics (%d) lacks the computer's gauges:\n%s", code, text)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit status %d:\n%s", code, stderr)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the bot did not stop")
	}
}

// TestBadWorkersRefused: a number of workers that makes no sense stops the
// bot at once, naming the variable.
func TestBadWorkersRefused(t *testing.T) {
	var errb bytes.Buffer
	vars := map[string]string{"DISCORD_TOKEN": "abc.def.ghi", "DISCORD_APP_ID": "123456789012345678", "TWIXTBOT_AI_WORKERS": "0"}
	code := run(context.Background(), nil, strings.NewReader(""), io.Discard, &errb, env(vars))
	if code != 2 || !strings.Contains(errb.String(), "TWIXTBOT_AI_WORKERS") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}
