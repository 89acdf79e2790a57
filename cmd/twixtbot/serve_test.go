package main

import (
	"context"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
)

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, body, err := discordtest.Get(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, body
}

// runGateway runs the bot as its command line does, in gateway mode
// against the fake Discord, with TWIXTBOT_METRICS_ADDR and the extra
// variables, and returns the address of /metrics, the bot's log, and stop,
// which stops it and checks that it exits cleanly.
func runGateway(t *testing.T, fake *discordtest.Fake, extra map[string]string) (addr string, stderr *discordtest.Buffer, stop func()) {
	t.Helper()
	vars := map[string]string{
		"DISCORD_TOKEN": fake.Token(), "DISCORD_APP_ID": fake.AppID(), "DISCORD_GUILD_ID": fake.GuildID(),
		"TWIXTBOT_DB": filepath.Join(t.TempDir(), "twixt.db"), "DISCORD_API_BASE": fake.URL(),
		"TWIXTBOT_METRICS_ADDR": "127.0.0.1:0",
	}
	for k, v := range extra {
		vars[k] = v
	}
	stderr = &discordtest.Buffer{}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, nil, strings.NewReader(""), io.Discard, stderr, env(vars))
	}()
	wctx, wcancel := context.WithTimeout(ctx, 15*time.Second)
	defer wcancel()
	m, err := stderr.WaitFor(wctx, regexp.MustCompile(`serving /metrics and /healthz" addr=(\S+)`))
	if err != nil {
		t.Fatalf("the metrics server never started:\n%s", stderr)
	}
	fake.UseEndpoint("") // interactions come over the gateway
	return m[1], stderr, func() {
		t.Helper()
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
}

// TestGatewayModeServesMetrics runs the bot as its command line does, in
// gateway mode against the fake Discord, with TWIXTBOT_METRICS_ADDR:
// /metrics and /healthz are served there and count what the gateway
// delivered, the token never shows in the log, and the bot stops cleanly.
func TestGatewayModeServesMetrics(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	addr, stderr, stop := runGateway(t, fake, nil)
	alice := fake.NewUser("alice")
	if m := fake.Exchange(fake.Command(alice, "twixt help")).Message; !m.Ephemeral() || !strings.Contains(m.Content, "j12") {
		t.Fatalf("help over the gateway: %q", m.Content)
	}
	// The reply reaches Discord before the bot has counted the interaction
	// (the count says how the delivery went): wait for the count.
	wants := []string{`twixtbot_interactions_total{route="twixt help",outcome="ok"} 1`, "twixtbot_active_games 0\n", "twixtbot_interactions_in_flight 0\n"}
	mctx, mcancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer mcancel()
	code, text, err := discordtest.WaitGet(mctx, "http://"+addr+"/metrics", func(code int, text string) bool {
		return code == 200 && containsAll(text, wants)
	})
	if err != nil {
		t.Errorf("/metrics (%d) never showed %q: %v\n%s", code, wants, err, text)
	}
	if code, body := get(t, "http://"+addr+"/healthz"); code != 200 || strings.TrimSpace(body) != "ok" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	stop()
	if log := stderr.String(); strings.Contains(log, fake.Token()) || !strings.Contains(log, `msg=interaction`) {
		t.Errorf("the log holds the token, or no interaction line:\n%s", log)
	}
}

// TestShardedGatewayMode runs the bot as its command line does with
// TWIXTBOT_SHARDS=auto: it asks GET /gateway/bot for the count (2 here),
// runs both shards, serves a server of each, and /healthz lists them.
func TestShardedGatewayMode(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{Shards: 2, MaxConcurrency: 2})
	addr, stderr, stop := runGateway(t, fake, map[string]string{"TWIXTBOT_SHARDS": "auto"})
	alice := fake.NewUser("alice")
	for shard := range 2 {
		i := fake.Command(alice, "twixt help", discordtest.InGuild(discordtest.GuildOnShard(shard, 2)))
		if m := fake.Exchange(i).Message; !strings.Contains(m.Content, "j12") {
			t.Fatalf("help over shard %d: %q", shard, m.Content)
		}
	}
	hctx, hcancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer hcancel()
	want := "ok\nshard 0/2: ready\nshard 1/2: ready\n"
	if code, body, err := discordtest.WaitGet(hctx, "http://"+addr+"/healthz", func(code int, body string) bool { return code == 200 && body == want }); err != nil {
		t.Errorf("/healthz answered %d %q, want 200 %q: %v", code, body, want, err)
	}
	stop()
	log := stderr.String()
	for _, w := range []string{`msg="discord: gateway ready" shard=1/2`, `msg=interaction`, `shard=0/2`} {
		if !strings.Contains(log, w) {
			t.Errorf("the log lacks %s:\n%s", w, log)
		}
	}
	if len(fake.CallsTo("GET", "/gateway/bot")) != 1 {
		t.Errorf("GET /gateway/bot was called %d times, want once", len(fake.CallsTo("GET", "/gateway/bot")))
	}
}
