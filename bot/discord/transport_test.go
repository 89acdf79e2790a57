package discord

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discordtest"
)

func newRetryClient(t *testing.T, fake *discordtest.Fake, p RetryPolicy) (*Client, *discordtest.Sleeps) {
	t.Helper()
	w := &discordtest.Sleeps{}
	c, err := NewClient(ClientOptions{Token: fake.Token(), APIBase: fake.URL(), Retry: p, Sleep: w.Sleep, Logger: testLogger(&syncBuffer{})})
	if err != nil {
		t.Fatal(err)
	}
	return c, w
}

func TestTransportRedirectsAndAuthorises(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	c, _ := newRetryClient(t, fake, RetryPolicy{})
	id, err := c.Send(waitCtx(t), ChannelID(fake.ChannelID()), Text("hello"))
	if err != nil {
		t.Fatal(err)
	}
	calls := fake.Calls()
	if len(calls) != 1 {
		t.Fatalf("%d calls", len(calls))
	}
	got := calls[0]
	if got.Path != "/api/v9/channels/"+fake.ChannelID()+"/messages" || got.Header.Get("Authorization") != "Bot "+fake.Token() ||
		!strings.HasPrefix(got.Header.Get("User-Agent"), "DiscordBot") {
		t.Fatalf("call %s %s auth %q ua %q", got.Method, got.Path, got.Header.Get("Authorization"), got.Header.Get("User-Agent"))
	}
	if m, ok := fake.Message(string(id)); !ok || m.Content != "hello" {
		t.Fatalf("message %s: %+v", id, m)
	}
}

func TestTransportRetries(t *testing.T) {
	p := RetryPolicy{BaseBackoff: 20 * time.Millisecond, AttemptTimeout: 200 * time.Millisecond}
	tests := []struct {
		name  string
		fault discordtest.Fault
		wait  time.Duration // the wait before the retry
	}{
		{"429 retry_after", discordtest.Fault{Status: 429, RetryAfter: 1500 * time.Millisecond}, 1500 * time.Millisecond},
		{"429 global", discordtest.Fault{Status: 429, RetryAfter: 250 * time.Millisecond, Global: true}, 250 * time.Millisecond},
		{"500", discordtest.Fault{Status: 500}, 20 * time.Millisecond},
		{"502", discordtest.Fault{Status: 502}, 20 * time.Millisecond},
		{"503", discordtest.Fault{Status: 503}, 20 * time.Millisecond},
		{"dropped connection", discordtest.Fault{Drop: true}, 20 * time.Millisecond},
		{"slow answer past the attempt timeout", discordtest.Fault{Delay: 10 * time.Second}, 20 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := discordtest.New(t, discordtest.Options{})
			c, w := newRetryClient(t, fake, p)
			fake.Inject(tt.fault)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			if _, err := c.Send(ctx, ChannelID(fake.ChannelID()), Text("hi")); err != nil {
				t.Fatalf("Send: %v", err)
			}
			if got := w.List(); len(got) != 1 || got[0] != tt.wait {
				t.Errorf("waits %v, want [%v]", got, tt.wait)
			}
			if n := len(fake.ChannelMessages(fake.ChannelID())); n != 1 {
				t.Errorf("%d messages posted, want 1", n)
			}
		})
	}
}

func TestTransportGivesUpBeforeTheDeadline(t *testing.T) {
	// The deadlines are far longer than the calls take on any machine, and
	// the waits that do not fit far longer than the deadlines: what is
	// tested is the arithmetic, not the machine's speed. The waits that
	// fit are recorded, not slept.
	tests := []struct {
		name     string
		fault    discordtest.Fault
		backoff  time.Duration
		deadline time.Duration
		attempts int
		status   int // of the *APIError; 0: another error
	}{
		{"429 longer than the deadline", discordtest.Fault{Status: 429, RetryAfter: time.Hour}, 100 * time.Millisecond, 30 * time.Second, 1, 429},
		{"503 with no time for a backoff", discordtest.Fault{Status: 503}, time.Hour, 30 * time.Second, 1, 503},
		{"503 every time", discordtest.Fault{Status: 503, Times: 10}, 100 * time.Millisecond, 30 * time.Second, 4, 503},
		{"dropped every time", discordtest.Fault{Drop: true, Times: 10}, 100 * time.Millisecond, 30 * time.Second, 4, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := discordtest.New(t, discordtest.Options{})
			c, _ := newRetryClient(t, fake, RetryPolicy{BaseBackoff: tt.backoff, MaxBackoff: tt.backoff})
			fake.Inject(tt.fault)
			ctx, cancel := context.WithTimeout(context.Background(), tt.deadline)
			defer cancel()
			_, err := c.Send(ctx, ChannelID(fake.ChannelID()), Text("hi"))
			if err == nil {
				t.Fatal("Send succeeded")
			}
			var ae *APIError
			if tt.status != 0 && (!errors.As(err, &ae) || ae.Status != tt.status) {
				t.Fatalf("error %v, want an APIError with status %d", err, tt.status)
			}
			if n := len(fake.Calls()); n != tt.attempts {
				t.Errorf("%d attempts, want %d", n, tt.attempts)
			}
			if ctx.Err() != nil && tt.status == 429 {
				t.Errorf("the call waited until its deadline instead of giving up at once")
			}
		})
	}
}

func TestTransportGlobalLimitHoldsBotRoutesOnly(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	c, w := newRetryClient(t, fake, RetryPolicy{MaxAttempts: 1})
	fake.Inject(discordtest.Fault{Status: 429, RetryAfter: time.Minute, Global: true})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := c.Send(ctx, ChannelID(fake.ChannelID()), Text("one")); err == nil {
		t.Fatal("the rate-limited call succeeded")
	}
	// Another bot route waits for the global limit: it cannot within the
	// deadline, so it gives up without calling Discord.
	_, err := c.Send(ctx, "300000000000000009", Text("two"))
	if !errors.Is(err, ErrDeadline) {
		t.Fatalf("second call: %v, want ErrDeadline", err)
	}
	if n := len(fake.Calls()); n != 1 || len(w.List()) != 0 {
		t.Fatalf("%d calls, waits %v; want 1 call and no wait", n, w.List())
	}
	// Interaction routes are exempt from the global limit.
	u := fake.NewUser("u")
	i := fake.Command(u, "ping")
	if _, err := c.Callback(ctx, i, discordgo.InteractionResponseChannelMessageWithSource, Text("pong")); err != nil {
		t.Fatalf("callback during a global limit: %v", err)
	}
}

func TestTransportHonoursBucketsAndHidesHeaders(t *testing.T) {
	var mu sync.Mutex
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls++
		mu.Unlock()
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset-After", "2.5")
		w.Header().Set("X-RateLimit-Bucket", "abc")
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	w := &discordtest.Sleeps{}
	tr := &Transport{Sleep: w.Sleep}
	hc := &http.Client{Transport: tr}
	get := func(path string) *http.Response {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+path, nil)
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	resp := get("/api/v9/channels/1/messages")
	for k := range resp.Header {
		if strings.HasPrefix(k, "X-Ratelimit") {
			t.Errorf("header %s reached the caller (discordgo's limiter would sleep on it)", k)
		}
	}
	get("/api/v9/channels/1/messages")
	get("/api/v9/channels/2/messages") // another bucket: no wait
	if got := w.List(); len(got) != 1 || got[0] < 2*time.Second || got[0] > 2500*time.Millisecond {
		t.Fatalf("waits %v, want one of about 2.5 s", got)
	}
}

func TestRouteOf(t *testing.T) {
	tests := []struct{ method, path, want string }{
		{"POST", "/api/v9/interactions/123456789012345678/itok-abc/callback", "POST /interactions/{id}/{token}/callback"},
		{"PATCH", "/api/v10/webhooks/1234/aW50ZXJhY3Rpb24.token/messages/@original", "PATCH /webhooks/{app}/{token}/messages/@original"},
		{"POST", "/api/v9/webhooks/1234/tok", "POST /webhooks/{app}/{token}"},
		{"POST", "/api/v9/channels/300000000000000001/messages", "POST /channels/{id}/messages"},
		{"PUT", "/api/v9/applications/1/guilds/2/commands", "PUT /applications/{id}/guilds/{id}/commands"},
		{"GET", "/api/v9/gateway", "GET /gateway"},
	}
	for _, tt := range tests {
		if got := RouteOf(tt.method, tt.path); got != tt.want {
			t.Errorf("RouteOf(%s %s) = %q, want %q", tt.method, tt.path, got, tt.want)
		}
	}
}

func TestErrorsDoNotCarryTokens(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	c, _ := newRetryClient(t, fake, RetryPolicy{MaxAttempts: 2, BaseBackoff: time.Millisecond})
	u := fake.NewUser("u")
	i := fake.Command(u, "ping")
	fake.Inject(discordtest.Fault{Drop: true, Times: 2})
	_, err := c.Callback(waitCtx(t), i, discordgo.InteractionResponseChannelMessageWithSource, Text("pong"))
	if err == nil {
		t.Fatal("the callback succeeded through dropped connections")
	}
	if strings.Contains(err.Error(), i.Token) || !strings.Contains(err.Error(), "{token}") {
		t.Fatalf("error %q: want the route template, not the token", err)
	}
}

// TestTransportReusesConnections sends two waves of calls, each with many
// in flight at once: the second wave finds the first wave's connections
// idle and reuses them all, instead of opening (and, for Discord, doing a
// TLS handshake on) a new one for nearly every call.
func TestTransportReusesConnections(t *testing.T) {
	const inFlight = 24
	var (
		mu      sync.Mutex
		opened  int
		arrived int
		release = make(chan struct{})
	)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		arrived++
		rel := release
		if arrived%inFlight == 0 {
			close(rel) // the whole wave is in flight: answer them all
		}
		mu.Unlock()
		<-rel
		w.WriteHeader(http.StatusNoContent)
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			mu.Lock()
			opened++
			mu.Unlock()
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	c, err := NewClient(ClientOptions{Token: "t", APIBase: srv.URL, Logger: testLogger(&syncBuffer{})})
	if err != nil {
		t.Fatal(err)
	}
	i := &discordgo.Interaction{ID: "1", Token: "tok"}
	wave := func() int {
		var wg sync.WaitGroup
		for range inFlight {
			wg.Go(func() {
				if _, err := c.Callback(waitCtx(t), i, discordgo.InteractionResponseChannelMessageWithSource, Text("x")); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		release = make(chan struct{})
		return opened
	}
	first := wave()
	second := wave() - first
	if first != inFlight || second != 0 {
		t.Errorf("the first wave opened %d connections and the second %d more; want %d, then none", first, second, inFlight)
	}
}
