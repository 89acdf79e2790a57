package discord

import (
	"context"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
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
