package discord

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/twixtbot/twixtbot/bot/discordtest"
)

// runGateway runs RunGateway until the returned stop is called; stop
// returns RunGateway's error.
func runGateway(t *testing.T, h *harness) (stop func() error) {
	t.Helper()
	ready := make(chan *discordgo.Ready, 1)
	stop, done := background(t, func(ctx context.Context) error {
		return RunGateway(ctx, h.client, h.disp, GatewayOptions{Logger: testLogger(h.logs), Grace: 10 * time.Second,
			OnReady: func(r *discordgo.Ready) { ready <- r }})
	})
	select {
	case r := <-ready:
		if r.User == nil || r.User.ID != h.fake.BotUserID() {
			t.Errorf("READY names the bot %+v", r.User)
		}
	case err := <-done:
		t.Fatalf("RunGateway: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the gateway session did not get ready")
	}
	return stop
}

func TestGatewayEndToEnd(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	stop := runGateway(t, h)

	ids := h.fake.Identifies()
	if len(ids) != 1 || ids[0].Token != "Bot "+h.fake.Token() || ids[0].Intents != discordgo.IntentsGuilds {
		t.Fatalf("IDENTIFY %+v, want the bot token and the Guilds intent only", ids)
	}
	if err := h.fake.WaitHeartbeats(waitCtx(t), 1); err != nil {
		t.Fatalf("no heartbeat: %v", err)
	}
	// GET /gateway went through the redirect to the fake.
	if n := len(h.fake.CallsTo("GET", "/gateway")); n != 1 {
		t.Errorf("%d gateway lookups through REST, want 1", n)
	}

	res := h.fake.Exchange(h.fake.Command(h.alice, "ping"))
	if res.Message.Content != "pong" {
		t.Fatalf("ping over the gateway answered %q", res.Message.Content)
	}
	res = h.fake.Exchange(h.fake.Command(h.alice, "board"))
	if a, ok := res.Message.File("board.png"); !ok || len(a.Data) == 0 {
		t.Fatalf("no board over the gateway: %+v", res.Message.Attachments)
	}
	if err := stop(); err != nil {
		t.Fatalf("RunGateway: %v", err)
	}
}

func TestGatewayShutdownFinishesInFlight(t *testing.T) {
	g := newGates()
	h := newHarness(t, toyRouter(t, g), func(o *DispatcherOptions) { o.DeferAfter = -1 })
	stop := runGateway(t, h)
	i := h.fake.Command(h.alice, "slow")
	if err := h.fake.Deliver(waitCtx(t), i); err != nil {
		t.Fatal(err)
	}
	<-g.started
	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	close(g.release)
	if err := <-stopped; err != nil {
		t.Fatalf("RunGateway: %v", err)
	}
	if !h.fake.Answered(i.ID) {
		t.Fatal("RunGateway returned before the interaction in flight was answered")
	}
}

// gatewayApp is an App in gateway mode against the fake, with /metrics and
// /healthz on a free port and its retries timed by a clock the test moves.
type gatewayApp struct {
	app    *App
	fake   *discordtest.Fake
	clock  *discordtest.Clock
	logs   *syncBuffer
	health string // the /healthz URL
	run    func() error
	done   <-chan error // an early return; never read it (run does)
	alice  discordtest.User
}

// backoffNoJitter waits 1 s, then 2 s, then 4 s at most.
var backoffNoJitter = Backoff{Min: time.Second, Max: 4 * time.Second, Rand: func() float64 { return 0 }}

func newGatewayApp(t *testing.T, fake *discordtest.Fake, token string) *gatewayApp {
	t.Helper()
	mln := listen(t)
	g := &gatewayApp{fake: fake, clock: discordtest.NewClock(time.Unix(1_700_000_000, 0)), logs: &syncBuffer{},
		health: "http://" + mln.Addr().String() + "/healthz", alice: fake.NewUser("alice")}
	g.app = &App{
		Config:          Config{Token: token, AppID: fake.AppID(), APIBase: fake.URL(), MetricsAddr: "127.0.0.1:0"},
		Router:          toyRouter(t, nil),
		Logger:          testLogger(g.logs),
		MetricsListener: mln,
		Dispatch:        DispatcherOptions{Observe: reportFinished(fake, nil)},
		Backoff:         backoffNoJitter,
		Clock:           g.clock,
	}
	return g
}

func (g *gatewayApp) start(t *testing.T) {
	g.run, g.done = background(t, g.app.Run)
}

// waitHealth waits until /healthz answers code with a body holding want.
func (g *gatewayApp) waitHealth(t *testing.T, code int, want string) {
	t.Helper()
	got, body, err := discordtest.WaitGet(waitCtx(t), g.health, func(c int, body string) bool {
		return c == code && strings.Contains(body, want)
	})
	if err != nil {
		t.Fatalf("/healthz never answered %d with %q; it answered %d %q: %v", code, want, got, body, err)
	}
}

// drop drops the gateway connection and waits until /healthz says so.
func (g *gatewayApp) drop(t *testing.T, code int) {
	t.Helper()
	// The fake counts the session ready only after READY has gone out,
	// which the bot may have read already.
	if err := g.fake.WaitGateway(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	if err := g.fake.DropGateway(code); err != nil {
		t.Fatal(err)
	}
	g.waitHealth(t, 503, "the gateway connection dropped")
}

// reconnect lets the bot's backoff after a drop pass: the connection
// dropped right after it opened (the test's clock stands still), so the
// bot waits before reconnecting.
func (g *gatewayApp) reconnect(t *testing.T) {
	t.Helper()
	if err := g.clock.WaitTimers(waitCtx(t), 1); err != nil {
		t.Fatal(err)
	}
	g.clock.Advance(time.Second)
}

// stop stops the bot, which must return no error.
func (g *gatewayApp) stop(t *testing.T) {
	t.Helper()
	if err := g.run(); err != nil {
		t.Fatalf("Run: %v", err)
	}
}

func (g *gatewayApp) ping(t *testing.T) {
	t.Helper()
	if res := g.fake.Exchange(g.fake.Command(g.alice, "ping")); res.Message.Content != "pong" {
		t.Fatalf("ping answered %q", res.Message.Content)
	}
}

// TestGatewayRetriedAtStart: Discord's gateway is down when the bot
// starts. The bot does not exit: it retries with growing waits, logging
// each failure, /healthz says why it is unhealthy; once the gateway is
// back the bot connects and serves.
func TestGatewayRetriedAtStart(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	fake.RefuseGateway(true)
	g := newGatewayApp(t, fake, fake.Token())
	g.start(t)
	for n := 1; n <= 3; n++ {
		if _, err := fake.WaitGatewayStats(waitCtx(t), func(s discordtest.GatewayStats) bool { return s.Refused >= n }); err != nil {
			t.Fatalf("attempt %d never came: %v", n, err)
		}
		if err := g.clock.WaitTimers(waitCtx(t), 1); err != nil {
			t.Fatalf("no wait after attempt %d: %v", n, err)
		}
		g.waitHealth(t, 503, fmt.Sprintf("cannot open the gateway (attempt %d, next in %v)", n, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}[n-1]))
		g.clock.Advance(4 * time.Second)
	}
	if len(g.done) > 0 {
		t.Fatal("the bot stopped while the gateway was down")
	}
	fake.RefuseGateway(false)
	if err := fake.WaitGateway(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	g.waitHealth(t, 200, "ok")
	g.ping(t)
	if n := strings.Count(g.logs.String(), "cannot open the gateway; retrying"); n < 3 {
		t.Errorf("%d failures logged, want each of the 3 at least:\n%s", n, g.logs)
	}
	g.stop(t)
}

// TestGatewayDropAndResume: the connection drops under the bot. /healthz
// turns unhealthy, the bot reconnects and RESUMEs its session (no new
// IDENTIFY), /healthz is healthy again, an interaction sent during the
// outage is served after it, and so are new ones.
func TestGatewayDropAndResume(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	g := newGatewayApp(t, fake, fake.Token())
	g.start(t)
	g.waitHealth(t, 200, "ok")
	g.ping(t)

	g.drop(t, 4000)
	// Sent while the connection is down: it waits for the session.
	late := fake.Command(g.alice, "ping")
	sent := make(chan error, 1)
	go func() { sent <- fake.Deliver(context.Background(), late) }()
	g.reconnect(t)
	st, err := fake.WaitGatewayStats(waitCtx(t), func(s discordtest.GatewayStats) bool { return s.Resumes == 1 })
	if err != nil {
		t.Fatal(err)
	}
	if st.Identifies != 1 || st.Connections != 2 {
		t.Errorf("gateway %+v: want one IDENTIFY, then a RESUME on a second connection", st)
	}
	g.waitHealth(t, 200, "ok")
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	if m := fake.Await(late.ID).Message; m.Content != "pong" {
		t.Fatalf("the interaction sent during the outage answered %q", m.Content)
	}
	g.ping(t)
	logs := g.logs.String()
	for _, want := range []string{`"msg":"discord: gateway session resumed"`, `"lib":"discordgo"`} {
		if !strings.Contains(logs, want) {
			t.Errorf("the log lacks %s:\n%s", want, logs)
		}
	}
	g.stop(t)
}

// TestGatewaySessionNotResumable: Discord refuses the RESUME (op 9,
// invalid session); the bot identifies anew and serves.
func TestGatewaySessionNotResumable(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	g := newGatewayApp(t, fake, fake.Token())
	g.start(t)
	g.waitHealth(t, 200, "ok")
	fake.InvalidateSession()
	g.drop(t, 0)
	g.reconnect(t)
	st, err := fake.WaitGatewayStats(waitCtx(t), func(s discordtest.GatewayStats) bool { return s.Identifies == 2 })
	if err != nil {
		t.Fatal(err)
	}
	if st.Invalidated != 1 || st.Resumes != 0 {
		t.Errorf("gateway %+v: want the RESUME refused, then a second IDENTIFY", st)
	}
	g.waitHealth(t, 200, "ok")
	g.ping(t)
	g.stop(t)
}

// TestGatewayBadTokenStops: Discord closes the gateway with 4004 (bad
// token). Retrying cannot help: the bot stops at once with a message that
// says what to do.
func TestGatewayBadTokenStops(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	g := newGatewayApp(t, fake, "not-the-token")
	// Run returns by itself; had it kept retrying, it would have returned
	// no error at the deadline.
	err := g.app.Run(waitCtx(t))
	var te *TokenError
	if !errors.Is(err, ErrBadToken) || !errors.As(err, &te) || !strings.Contains(err.Error(), "4004") || !strings.Contains(err.Error(), "Reset Token") {
		t.Fatalf("Run: %v, want a TokenError for close code 4004", err)
	}
	if st := fake.GatewayStats(); st.Connections != 1 {
		t.Errorf("%d connections, want 1: no retry", st.Connections)
	}
	if v := fake.TakeViolations(); len(v) != 1 || !strings.Contains(v[0], "wrong token") {
		t.Errorf("violations %q", v)
	}
	if strings.Contains(g.logs.String(), "not-the-token") {
		t.Error("the token is in the log")
	}
}

// TestRegistrationBadTokenStops: the commands' registration meets 401:
// the bot stops at once, saying the token is refused.
func TestRegistrationBadTokenStops(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	g := newGatewayApp(t, fake, "not-the-token")
	g.app.Commands = validCommands(t)
	err := g.app.Run(waitCtx(t))
	if !errors.Is(err, ErrBadToken) || !strings.Contains(err.Error(), "401") {
		t.Fatalf("Run: %v, want ErrBadToken after a 401", err)
	}
	if n := len(fake.CallsTo("PUT", discordtest.RouteGlobalCommands)); n != 1 {
		t.Errorf("%d registrations, want 1: no retry", n)
	}
	fake.TakeViolations()
}

// TestRegistrationRetried: Discord answers 503 to the registration (past
// the REST client's own retries); the bot waits and tries again, /healthz
// saying why it is not up, then registers and connects.
func TestRegistrationRetried(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	for range 4 { // the client's 4 attempts
		fake.Inject(discordtest.Fault{Method: "PUT", Path: "/commands", Status: 503})
	}
	g := newGatewayApp(t, fake, fake.Token())
	g.app.Commands = validCommands(t)
	g.app.Client = nil
	g.start(t)
	g.waitHealth(t, 503, "cannot register the commands (attempt 1")
	if err := g.clock.WaitTimers(waitCtx(t), 1); err != nil {
		t.Fatal(err)
	}
	g.clock.Advance(time.Second)
	g.waitHealth(t, 200, "ok")
	if n := len(fake.Commands("")); n != 2 {
		t.Fatalf("%d commands registered, want 2", n)
	}
	g.ping(t)
	g.stop(t)
}

func TestBackoffWait(t *testing.T) {
	for _, tt := range []struct {
		b       Backoff
		attempt int
		want    time.Duration
	}{
		{backoffNoJitter, 1, time.Second},
		{backoffNoJitter, 2, 2 * time.Second},
		{backoffNoJitter, 3, 4 * time.Second},
		{backoffNoJitter, 50, 4 * time.Second},
		{Backoff{Min: time.Second, Max: 4 * time.Second, Rand: func() float64 { return 0.5 }}, 3, 3 * time.Second},
		{Backoff{Min: time.Second, Max: 4 * time.Second, Rand: func() float64 { return 0.999999 }}, 1, 500*time.Millisecond + 500},
		{Backoff{Rand: func() float64 { return 0 }}, 1, time.Second},       // defaults: 1 s
		{Backoff{Rand: func() float64 { return 0 }}, 100, 2 * time.Minute}, // to 2 min
	} {
		if got := tt.b.Wait(tt.attempt); got != tt.want {
			t.Errorf("%+v.Wait(%d) = %v, want %v", tt.b, tt.attempt, got, tt.want)
		}
	}
	// With the real jitter, waits stay within [d/2, d].
	for range 100 {
		if w := (Backoff{}).Wait(3); w < 2*time.Second || w > 4*time.Second {
			t.Fatalf("Wait(3) = %v, want 2 s to 4 s", w)
		}
	}
}

func TestPermanentErrors(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want error // nil: worth retrying
	}{
		{&websocket.CloseError{Code: 4004, Text: "Authentication failed."}, ErrBadToken},
		{&websocket.CloseError{Code: 4014, Text: "Disallowed intent(s)."}, ErrGatewayClosed},
		{&websocket.CloseError{Code: 4012}, ErrGatewayClosed},
		{&websocket.CloseError{Code: 4000, Text: "Unknown error."}, nil},
		{&websocket.CloseError{Code: 4009, Text: "Session timed out."}, nil},
		{&websocket.CloseError{Code: 1006}, nil},
		{&APIError{Route: "GET /gateway", Status: 401}, ErrBadToken},
		{&APIError{Route: "PUT /applications/{id}/commands", Status: 400}, ErrAPI},
		{&APIError{Route: "GET /gateway", Status: 503}, nil},
		{&APIError{Route: "GET /gateway", Status: 429}, nil},
		{&DeadlineError{Route: "GET /gateway"}, nil},
		{fmt.Errorf("dial tcp: connection refused"), nil},
		{&LimitError{Kind: ErrInvalidCommand}, ErrInvalidCommand},
	} {
		got := permanent(tt.err)
		if (got == nil) != (tt.want == nil) || (tt.want != nil && !errors.Is(got, tt.want)) {
			t.Errorf("permanent(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
}
