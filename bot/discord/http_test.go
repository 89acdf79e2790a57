package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discordtest"
)

func TestHTTPCommandEndToEnd(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	h.serveHTTP(t, InteractionHandlerOptions{})

	res := h.fake.Exchange(h.fake.Command(h.alice, "ping"))
	if res.Callback != discordgo.InteractionResponseChannelMessageWithSource || res.Message.Content != "pong" || res.Message.Ephemeral() {
		t.Fatalf("ping answered %+v", res)
	}

	res = h.fake.Exchange(h.fake.Command(h.alice, "echo", discordtest.Str("text", "psst")))
	if res.Message.Content != "psst" || !res.Message.Ephemeral() {
		t.Fatalf("echo answered %q, ephemeral %v", res.Message.Content, res.Message.Ephemeral())
	}
	if got := h.metrics.Interactions("echo", OutcomeOK); got != 1 {
		t.Errorf("echo ok counted %d times, want 1", got)
	}
}

func TestHTTPChallengeAcceptFlow(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	h.serveHTTP(t, InteractionHandlerOptions{})
	carol := h.fake.NewUser("carol")

	res := h.fake.Exchange(h.fake.Command(h.alice, "game challenge", discordtest.UserOpt("opponent", h.bob)))
	msg := res.Message
	if want := []string{h.bob.ID}; !slices.Equal(msg.Pings(), want) {
		t.Errorf("challenge pings %v, want only bob %v (alice is mentioned, not pinged)", msg.Pings(), want)
	}
	accept := "accept/g1/" + h.bob.ID
	if b, ok := msg.Button(accept); !ok || b.Disabled {
		t.Fatalf("no enabled Accept button %q in %+v", accept, msg.Buttons())
	}

	// Someone else presses: ephemeral refusal, the message is unchanged.
	res = h.fake.Exchange(h.fake.MustPress(carol, msg.ID, accept))
	if res.Message.Content != "not for you" || !res.Message.Ephemeral() {
		t.Fatalf("carol's press answered %+v", res.Message)
	}
	// Bob presses: the challenge message is updated in place, buttons off.
	res = h.fake.Exchange(h.fake.MustPress(h.bob, msg.ID, accept))
	if res.Callback != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("accept answered with callback type %d, want an update (7)", res.Callback)
	}
	after, _ := h.fake.Message(msg.ID)
	if after.Content != "accepted g1" {
		t.Errorf("the challenge now reads %q", after.Content)
	}
	for _, b := range after.Buttons() {
		if !b.Disabled {
			t.Errorf("button %q still enabled after accept", b.CustomID)
		}
	}
	if _, err := h.fake.Press(h.bob, msg.ID, accept); err == nil {
		t.Errorf("the fake let a disabled button be pressed")
	}
}

func TestHTTPFilesAreMultipartWithAltText(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	h.serveHTTP(t, InteractionHandlerOptions{})
	res := h.fake.Exchange(h.fake.Command(h.alice, "board"))
	a, ok := res.Message.File("board.png")
	if !ok {
		t.Fatalf("no board.png attached: %+v", res.Message.Attachments)
	}
	if a.Description != "an empty board" {
		t.Errorf("alt text %q", a.Description)
	}
	img, err := png.Decode(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatalf("the attachment is not a PNG: %v", err)
	}
	if r, _, _, _ := img.At(1, 1).RGBA(); r>>8 != 200 {
		t.Errorf("pixel (1,1) red is %d, want 200", r>>8)
	}
	calls := h.fake.CallsTo("POST", discordtest.RouteCallback)
	if len(calls) != 1 || !calls[0].Multipart || len(calls[0].Files) != 1 || calls[0].Files[0].ContentType != "image/png" {
		t.Fatalf("callback calls %+v", calls)
	}
}

func TestHTTPCallbackBeforeAccepted(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	url := h.serveHTTP(t, InteractionHandlerOptions{})
	i := h.fake.Command(h.alice, "ping")
	resp, _, err := h.fake.Post(waitCtx(t), url, i)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("status %d, want 202", resp.StatusCode)
	}
	// No waiting: the callback must already be there when 202 arrives.
	if !h.fake.Answered(i.ID) {
		t.Fatalf("202 came before the callback was sent")
	}
}

func TestHTTPRefusesBadRequests(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	url := h.serveHTTP(t, InteractionHandlerOptions{MaxBody: 64 << 10})
	good, err := json.Marshal(h.fake.Command(h.alice, "ping"))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	tests := []struct {
		name   string
		body   []byte
		ts     time.Time
		edit   func(*http.Request)
		status int
	}{
		{"good", good, now, nil, http.StatusAccepted},
		{"signature of another body", good, now, func(r *http.Request) {
			r.Header.Set("X-Signature-Ed25519", h.fake.Sign(r.Header.Get("X-Signature-Timestamp"), []byte("{}")))
		}, http.StatusUnauthorized},
		{"no signature", good, now, func(r *http.Request) { r.Header.Del("X-Signature-Ed25519") }, http.StatusUnauthorized},
		{"signature not hex", good, now, func(r *http.Request) { r.Header.Set("X-Signature-Ed25519", "zz") }, http.StatusUnauthorized},
		{"timestamp changed after signing", good, now, func(r *http.Request) {
			r.Header.Set("X-Signature-Timestamp", r.Header.Get("X-Signature-Timestamp")+"1")
		}, http.StatusUnauthorized},
		{"stale timestamp", good, now.Add(-6 * time.Minute), nil, http.StatusUnauthorized},
		{"timestamp from the future", good, now.Add(6 * time.Minute), nil, http.StatusUnauthorized},
		{"malformed JSON", []byte(`{"type":2,"id":`), now, nil, http.StatusBadRequest},
		{"no token", []byte(`{"type":2,"id":"1","data":{"name":"ping"}}`), now, nil, http.StatusBadRequest},
		{"command data of the wrong shape", []byte(`{"type":2,"id":"1","token":"t","data":{"name":5}}`), now, nil, http.StatusBadRequest},
		{"too large", append(append([]byte(`{"x":"`), bytes.Repeat([]byte("a"), 70<<10)...), `"}`...), now, nil, http.StatusRequestEntityTooLarge},
		{"GET", nil, now, func(r *http.Request) { r.Method = http.MethodGet }, http.StatusMethodNotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body, err := h.fake.PostRaw(waitCtx(t), url, tt.body, tt.ts, tt.edit)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, strings.TrimSpace(string(body)), tt.status)
			}
		})
	}
	// Only the good request reached Discord.
	if n := len(h.fake.CallsTo("POST", discordtest.RouteCallback)); n != 1 {
		t.Errorf("%d callbacks, want 1", n)
	}
}

func TestHTTPPingPong(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	url := h.serveHTTP(t, InteractionHandlerOptions{})
	resp, body, err := h.fake.Post(waitCtx(t), url, h.fake.Ping())
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" || strings.TrimSpace(string(body)) != `{"type":1}` {
		t.Fatalf("PING answered %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	if n := len(h.fake.Calls()); n != 0 {
		t.Errorf("a PING made %d REST calls", n)
	}
}

func TestHTTPShutdownFinishesInFlight(t *testing.T) {
	g := newGates()
	h := newHarness(t, toyRouter(t, g), func(o *DispatcherOptions) { o.DeferAfter = -1 })
	ln := listen(t)
	url := "http://" + ln.Addr().String() + "/"
	h.fake.UseEndpoint(url)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() {
		err := Serve(ctx, ln, NewInteractionHandler(h.fake.PublicKey(), h.disp, InteractionHandlerOptions{}), 10*time.Second)
		sctx, c := context.WithTimeout(context.Background(), 10*time.Second)
		defer c()
		if derr := h.disp.Shutdown(sctx); err == nil {
			err = derr
		}
		served <- err
	}()

	i := h.fake.Command(h.alice, "slow")
	delivered := make(chan error, 1)
	go func() { delivered <- h.fake.Deliver(context.Background(), i) }()
	<-g.started
	cancel() // SIGTERM
	close(g.release)
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	// Serve returned only after the in-flight interaction was answered.
	if !h.fake.Answered(i.ID) {
		t.Fatalf("shut down before answering the interaction in flight")
	}
	if err := <-delivered; err != nil {
		t.Fatalf("the in-flight request got %v", err)
	}
	if err := h.disp.Dispatch(context.Background(), h.fake.Command(h.alice, "ping")); err != ErrShuttingDown {
		t.Fatalf("Dispatch after shutdown: %v, want ErrShuttingDown", err)
	}
}
