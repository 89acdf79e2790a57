package bot

import (
	"bufio"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/discordtest"
)

// What an operator sees: /healthz, /metrics and the log.

// get fetches a path of the bot's HTTP server.
func (r *botRun) get(path string) (int, string, http.Header) {
	r.t.Helper()
	resp, body, err := discordtest.Get(waitCtx(r.t), r.url+path)
	if err != nil {
		r.t.Fatal(err)
	}
	return resp.StatusCode, body, resp.Header
}

// TestHealthzFollowsTheStore: /healthz, on the interactions server, is
// healthy while the database answers and unhealthy once it does not.
func TestHealthzFollowsTheStore(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	if code, body, h := r.get("/healthz"); code != 200 || strings.TrimSpace(body) != "ok" || h.Get("Cache-Control") != "no-store" {
		t.Fatalf("healthy: %d %q %v", code, body, h)
	}
	if err := r.store.Close(); err != nil {
		t.Fatal(err)
	}
	if code, body, _ := r.get("/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "unhealthy") || !strings.Contains(body, "closed") {
		t.Fatalf("with the store closed: %d %q", code, body)
	}
}

// metricLine is a sample line of Prometheus' text format.
var metricLine = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\]|\\.)*",?)*\})? -?[0-9.eE+-]+$|^[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? (\+Inf|-Inf|NaN)$`)

// checkExposition checks that every line of a scrape is a comment or a
// sample, and that every metric family has its HELP and TYPE.
func checkExposition(t *testing.T, text string) {
	t.Helper()
	typed := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# TYPE "):
			typed[strings.Fields(line)[2]] = true
		case strings.HasPrefix(line, "# HELP "):
		case !metricLine.MatchString(line):
			t.Errorf("not a sample: %q", line)
		default:
			name := line[:strings.IndexAny(line, "{ ")]
			base := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(name, "_bucket"), "_sum"), "_count")
			if !typed[name] && !typed[base] {
				t.Errorf("%s has no TYPE", name)
			}
		}
	}
}

// TestMetricsOverHTTP scrapes /metrics after a game's first moves, a
// refused move and a reply Discord first answered 503: interactions by
// route and outcome, latency histograms, active games, Discord's errors
// and the retries.
func TestMetricsOverHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1")
	fake.Inject(discordtest.Fault{Method: "POST", Path: "/callback", Status: 503})
	r.move(alice, "f6")
	r.refused(alice, "twixt move", "Not your turn", discordtest.Str(optAt, "g8"))

	code, _, h := r.get("/metrics")
	if code != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/plain; version=0.0.4") {
		t.Fatalf("/metrics: %d %s", code, h.Get("Content-Type"))
	}
	wants := []string{
		`twixtbot_interactions_total{route="twixt challenge",outcome="ok"} 1`,
		`twixtbot_interactions_total{route="accept/{game}",outcome="ok"} 1`,
		`twixtbot_interactions_total{route="twixt move",outcome="ok"} 1`,
		`twixtbot_interactions_total{route="twixt move",outcome="user_error"} 1`,
		`twixtbot_interaction_seconds_bucket{route="twixt move",le="+Inf"} 2`,
		`twixtbot_interaction_seconds_count{route="twixt move"} 2`,
		`twixtbot_interaction_ack_seconds_count{route="twixt move"} 2`,
		`twixtbot_interaction_seconds_bucket{route="twixt move",le="0.005"} `,
		`twixtbot_discord_requests_total{route="POST /interactions/{id}/{token}/callback",status="503"} 1`,
		`twixtbot_discord_requests_total{route="POST /interactions/{id}/{token}/callback",status="200"} 4`,
		`twixtbot_discord_retries_total{route="POST /interactions/{id}/{token}/callback"} 1`,
		"twixtbot_active_games 1\n",
		"twixtbot_interactions_in_flight 0\n",
		"# TYPE twixtbot_interaction_seconds histogram",
	}
	// Every interaction is counted by now (the fake waits for that), but
	// the gauge in flight drops to 0 a little later.
	_, text, err := discordtest.WaitGet(waitCtx(t), r.url+"/metrics", func(_ int, text string) bool {
		return strings.Contains(text, "twixtbot_interactions_in_flight 0\n")
	})
	if err != nil {
		t.Errorf("in flight never 0: %v", err)
	}
	checkExposition(t, text)
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	// The game ends: no game is active.
	conf := r.do(bob, "twixt resign").Message
	r.press(bob, conf, "resign/g1")
	r.flush()
	if _, text, _ := r.get("/metrics"); !strings.Contains(text, "twixtbot_active_games 0\n") {
		t.Errorf("after the resignation:\n%s", text)
	}
}

// TestInteractionLogs reads the bot's log after a game's start, moves, a
// refusal, a reply retried after Discord's 503 and one rate-limited past
// its deadline, a stale button, a malformed body and a bad signature:
// each interaction has one structured line with its command, game,
// latency and outcome, and no line holds the bot's token or an
// interaction's token.
func TestInteractionLogs(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	logs := &discordtest.Buffer{}
	r := startBot(t, fake, runOpts{logs: logs})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	var sent []*discordgo.Interaction
	do := func(u discordtest.User, path string, opts ...discordtest.Opt) discordtest.Message {
		i := fake.Command(u, path, opts...)
		sent = append(sent, i)
		return fake.Exchange(i).Message
	}
	ch := do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"))
	accept := fake.MustPress(bob, ch.ID, "accept/g1")
	sent = append(sent, accept)
	fake.Exchange(accept)
	fake.Inject(discordtest.Fault{Method: "POST", Path: "/callback", Status: 503})
	first := do(alice, "twixt move", discordtest.Str(optAt, "f6"))
	do(alice, "twixt move", discordtest.Str(optAt, "g8"))
	fake.Inject(discordtest.Fault{Method: "POST", Path: "/callback", Status: 429, RetryAfter: time.Minute})
	late := fake.Command(bob, "twixt move", discordtest.Str(optAt, "g8"))
	sent = append(sent, late)
	if err := fake.Deliver(waitCtx(t), late); err != nil {
		t.Fatal(err)
	}
	swap, _ := findButton(first, "swap/")
	stale := fake.MustPress(bob, first.ID, swap.CustomID)
	sent = append(sent, stale)
	fake.Exchange(stale)
	if resp, _, err := fake.PostRaw(waitCtx(t), r.url+"/", []byte(`{"id":"1","token":"itok-secret-in-a-bad-body"`), time.Now(), nil); err != nil || resp.StatusCode != 400 {
		t.Fatalf("malformed: %v %v", resp, err)
	}
	if resp, _, err := fake.PostRaw(waitCtx(t), r.url+"/", []byte(`{}`), time.Now(), func(q *http.Request) { q.Header.Set("X-Signature-Ed25519", "00") }); err != nil || resp.StatusCode != 401 {
		t.Fatalf("bad signature: %v %v", resp, err)
	}
	r.flush()
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}

	text := logs.String()
	secrets := []string{fake.Token(), "itok-secret-in-a-bad-body"}
	for _, i := range sent {
		secrets = append(secrets, i.Token)
	}
	for _, s := range secrets {
		if strings.Contains(text, s) {
			t.Errorf("the log holds the secret %q", s)
		}
	}
	byID := map[string]map[string]any{}
	var warned bool
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("not a JSON log line: %q", line)
		}
		switch v["msg"] {
		case "interaction":
			byID[v["interaction"].(string)] = v
		case "discord: server error, retrying":
			warned = strings.Contains(line, `"route":"POST /interactions/{id}/{token}/callback"`)
		}
	}
	if !warned {
		t.Error("the retry after the 503 is not logged with its route")
	}
	want := []struct {
		i       *discordgo.Interaction
		path    string
		outcome discord.Outcome
	}{
		{sent[0], "twixt challenge", discord.OutcomeOK},
		{accept, "accept/g1", discord.OutcomeOK},
		{sent[2], "twixt move", discord.OutcomeOK},
		{sent[3], "twixt move", discord.OutcomeUserError},
		{late, "twixt move", discord.OutcomeUndelivered},
		{stale, swap.CustomID, discord.OutcomeUserError},
	}
	for _, w := range want {
		v := byID[w.i.ID]
		if v == nil {
			t.Errorf("no log line for %s", w.path)
			continue
		}
		if v["path"] != w.path || v["outcome"] != string(w.outcome) || v["game"] != "g1" || v["user"] == "" || v["level"] == nil {
			t.Errorf("%s: logged %v", w.path, v)
		}
		if _, ok := v["latency"].(float64); !ok {
			t.Errorf("%s: no latency in %v", w.path, v)
		}
	}
	// The cause is Discord's 429: met by the reply, or by a deferral that
	// went first (a busy machine), which leaves the reply rate limited.
	if v := byID[late.ID]; v == nil || v["level"] != "ERROR" || !strings.Contains(v["err"].(string), "429") && !strings.Contains(v["err"].(string), "rate limited") {
		t.Errorf("the undelivered reply: %v", v)
	}
}
