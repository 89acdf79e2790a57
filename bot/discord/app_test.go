package discord

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
)

// startApp runs the app until the test stops it; it returns the HTTP
// address given to Ready (nil in gateway mode) and a stop function.
func startApp(t *testing.T, a *App) (net.Addr, func() error) {
	t.Helper()
	ready := make(chan net.Addr, 1)
	a.Ready = func(addr net.Addr) { ready <- addr }
	stop, done := background(t, a.Run)
	select {
	case addr := <-ready:
		return addr, stop
	case err := <-done:
		t.Fatalf("Run: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the app did not get ready")
	}
	return nil, stop
}

func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, body, err := discordtest.Get(waitCtx(t), url)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, body
}

func TestAppHTTPMode(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	logs := &syncBuffer{}
	healthErr := error(nil)
	a := &App{
		Config: Config{Token: fake.Token(), AppID: fake.AppID(), GuildID: fake.GuildID(),
			HTTPAddr: "127.0.0.1:0", PublicKey: fake.PublicKeyHex(), APIBase: fake.URL()},
		Router:   toyRouter(t, nil),
		Commands: validCommands(t),
		Logger:   testLogger(logs),
		Health:   func(context.Context) error { return healthErr },
		Listener: listen(t),
		Dispatch: DispatcherOptions{Observe: reportFinished(fake, nil)},
	}
	addr, stop := startApp(t, a)
	base := "http://" + addr.String()
	registered := fake.Commands(fake.GuildID())
	if n := len(registered); n != 2 {
		t.Fatalf("%d commands registered in the server, want 2", n)
	}
	// The ids Discord gave the commands are kept, for mentions.
	if got, want := mustMention(t, a.Router, registered[0].Name), "</"+registered[0].Name+":"+registered[0].ID+">"; got != want {
		t.Errorf("the mention of %s is %q; want %q", registered[0].Name, got, want)
	}
	fake.UseEndpoint(base + "/")
	u := fake.NewUser("alice")
	if res := fake.Exchange(fake.Command(u, "ping")); res.Message.Content != "pong" {
		t.Fatalf("ping answered %q", res.Message.Content)
	}
	code, body := httpGet(t, base+"/metrics")
	if code != 200 || !strings.Contains(body, `twixtbot_interactions_total{route="ping",outcome="ok"} 1`) ||
		!strings.Contains(body, `twixtbot_discord_requests_total{route="POST /interactions/{id}/{token}/callback",status="200"} 1`) {
		t.Fatalf("metrics %d:\n%s", code, body)
	}
	if code, _ := httpGet(t, base+"/healthz"); code != 200 {
		t.Errorf("healthz %d", code)
	}
	healthErr = errors.New("disk gone")
	if code, body := httpGet(t, base+"/healthz"); code != 503 || !strings.Contains(body, "disk gone") {
		t.Errorf("healthz %d %q", code, body)
	}
	if err := stop(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if strings.Contains(logs.String(), fake.Token()) {
		t.Error("the bot token is in the logs")
	}
}

func TestAppGatewayMode(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	mln := listen(t)
	a := &App{
		Config:          Config{Token: fake.Token(), AppID: fake.AppID(), APIBase: fake.URL(), MetricsAddr: "127.0.0.1:0"},
		Router:          toyRouter(t, nil),
		Commands:        validCommands(t),
		Logger:          testLogger(&syncBuffer{}),
		Metrics:         NewMetrics("gw"),
		MetricsListener: mln,
		Dispatch:        DispatcherOptions{Observe: reportFinished(fake, nil)},
	}
	addr, stop := startApp(t, a)
	if addr != nil {
		t.Errorf("Ready got %v in gateway mode", addr)
	}
	if n := len(fake.Commands("")); n != 2 {
		t.Fatalf("%d commands registered globally, want 2", n)
	}
	u := fake.NewUser("alice")
	if res := fake.Exchange(fake.Command(u, "ping")); res.Message.Content != "pong" {
		t.Fatalf("ping answered %q", res.Message.Content)
	}
	code, body := httpGet(t, "http://"+mln.Addr().String()+"/metrics")
	if code != 200 || !strings.Contains(body, `gw_discord_requests_total{route="GET /gateway",status="200"} 1`) {
		t.Fatalf("metrics %d:\n%s", code, body)
	}
	if code, _ := httpGet(t, "http://"+mln.Addr().String()+"/healthz"); code != 200 {
		t.Errorf("healthz %d", code)
	}
	if err := stop(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	// Run has returned, so the interaction is counted.
	if n := a.Metrics.Interactions("ping", OutcomeOK); n != 1 {
		t.Errorf("ping counted %d times", n)
	}
}

func TestAppRefusesBadConfig(t *testing.T) {
	a := &App{Config: Config{}, Router: NewRouter()}
	err := a.Run(context.Background())
	if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "DISCORD_TOKEN") {
		t.Fatalf("Run: %v", err)
	}
}

func mustMention(t *testing.T, r *Router, path string) string {
	t.Helper()
	m, ok := r.CommandIDs().Mention(path)
	if !ok {
		t.Fatalf("no id for %s after registration", path)
	}
	return m
}
