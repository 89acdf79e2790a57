package main

import (
	"bytes"
	"context"
	"io"
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
	addr, stderr, stop := runGateway(t, fake, map[string]string{"TWIXTBOT_AI_WORKERS": "1"})
	wctx, wcancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer wcancel()
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
	if code, text := get(t, "http://"+addr+"/metrics"); code != 200 || !strings.Contains(text, "twixtbot_computer_thinking ") || !strings.Contains(text, "twixtbot_computer_waiting ") {
		t.Errorf("/metrics (%d) lacks the computer's gauges:\n%s", code, text)
	}
	stop()
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
