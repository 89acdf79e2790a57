package discord

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discordtest"
)

// syncBuffer is a log sink shared by goroutines.
type syncBuffer = discordtest.Buffer

func testLogger(buf *syncBuffer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// tinyPNG is a 2x2 image.
func tinyPNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(1, 1, color.RGBA{200, 30, 30, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// gates hold the "slow" handlers: each announces itself on started (if
// not nil), then waits for release (if not nil).
type gates struct {
	started chan string
	release chan struct{}
}

func newGates() *gates { return &gates{started: make(chan string, 16), release: make(chan struct{})} }

func (g *gates) wait(ctx context.Context, name string) error {
	if g == nil {
		return nil
	}
	if g.started != nil {
		g.started <- name
	}
	if g.release == nil {
		return nil
	}
	select {
	case <-g.release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// toyRouter is a router with toy handlers that exercise the machinery.
func toyRouter(t testing.TB, g *gates) *Router {
	r := NewRouter()
	pic := tinyPNG(t)
	r.Command("ping", func(ctx context.Context, e *Event) (Reply, error) {
		return Text("pong"), nil
	})
	r.Command("echo", func(ctx context.Context, e *Event) (Reply, error) {
		s, err := e.Options().RequireString("text")
		if err != nil {
			return Reply{}, err
		}
		return Ephemeral(s), nil
	})
	r.Command("game challenge", func(ctx context.Context, e *Event) (Reply, error) {
		opp, err := e.Options().RequireUser("opponent")
		if err != nil {
			return Reply{}, err
		}
		id, err := CustomID("accept", "g1", string(opp))
		if err != nil {
			return Reply{}, err
		}
		return Reply{
			Content:    e.UserID().Mention() + " challenges " + opp.Mention(),
			Mentions:   []UserID{opp},
			Components: []discordgo.MessageComponent{Row(Button(discordgo.SuccessButton, "Accept", id), Button(discordgo.DangerButton, "Decline", "decline/g1"))},
		}, nil
	})
	r.Component("accept/{game}/{who}", func(ctx context.Context, e *Event) (Reply, error) {
		if string(e.UserID()) != e.Param("who") {
			return Ephemeral("not for you"), nil
		}
		msg, _ := e.Message()
		return Update("accepted "+e.Param("game"), DisableAll(msg.Components)...), nil
	})
	r.Command("board", func(ctx context.Context, e *Event) (Reply, error) {
		return Text("the board").WithFiles(File{Name: "board.png", Description: "an empty board", Data: pic}), nil
	})
	r.Command("slow", func(ctx context.Context, e *Event) (Reply, error) {
		if o, _, _ := e.Options().Bool("private"); o {
			e.DeferEphemeral()
		}
		if err := g.wait(ctx, "slow"); err != nil {
			return Reply{}, err
		}
		eph, _, _ := e.Options().Bool("ephemeral")
		return Reply{Content: "done slowly", Ephemeral: eph}, nil
	})
	r.Command("menu", func(ctx context.Context, e *Event) (Reply, error) {
		return Text("pick").WithComponents(Row(
			Button(discordgo.PrimaryButton, "Update", "slowpress/update"),
			Button(discordgo.SecondaryButton, "New", "slowpress/new"),
			Button(discordgo.SecondaryButton, "Nothing", "slowpress/none"))), nil
	})
	r.Component("slowpress/{what}", func(ctx context.Context, e *Event) (Reply, error) {
		if err := g.wait(ctx, "slowpress"); err != nil {
			return Reply{}, err
		}
		switch e.Param("what") {
		case "update":
			msg, _ := e.Message()
			return Update("updated slowly", DisableAll(msg.Components)...), nil
		case "none":
			return NoReply(), nil
		}
		return Ephemeral("a new message, slowly"), nil
	})
	r.Command("boom", func(ctx context.Context, e *Event) (Reply, error) {
		panic("kaboom")
	})
	r.Command("fail", func(ctx context.Context, e *Event) (Reply, error) {
		return Reply{}, errors.New("database on fire at /secret/path")
	})
	r.Command("oops", func(ctx context.Context, e *Event) (Reply, error) {
		return Reply{}, Errorf("That hole is taken: choose another.")
	})
	r.Command("long", func(ctx context.Context, e *Event) (Reply, error) {
		return Text(strings.Repeat("x", MaxContentLength+1)), nil
	})
	r.Autocomplete("echo", func(ctx context.Context, e *Event) (Reply, error) {
		_, typed, _ := e.Options().Focused()
		return Choices(Choice(typed+"1", typed+"1"), Choice(typed+"2", typed+"2")), nil
	})
	return r
}

// harness is a fake Discord and a bot's client and dispatcher on it.
type harness struct {
	fake    *discordtest.Fake
	client  *Client
	disp    *Dispatcher
	logs    *syncBuffer
	metrics *Metrics
	sleeps  *discordtest.Sleeps // the client's waits
	alice   discordtest.User
	bob     discordtest.User
}

func newHarness(t testing.TB, r *Router, tune func(*DispatcherOptions)) *harness {
	t.Helper()
	h := &harness{fake: discordtest.New(t, discordtest.Options{}), logs: &syncBuffer{}, metrics: NewMetrics("test"), sleeps: &discordtest.Sleeps{}}
	// The client's retries record their waits instead of sleeping them.
	c, err := NewClient(ClientOptions{Token: h.fake.Token(), APIBase: h.fake.URL(), Logger: testLogger(h.logs), Metrics: h.metrics, Sleep: h.sleeps.Sleep})
	if err != nil {
		t.Fatal(err)
	}
	h.client = c
	// A clock that stands still unless a test moves it: the deferral, a
	// matter of time, happens only in the tests about it, never because the
	// machine is busy.
	o := DispatcherOptions{Router: r, Responder: c, Logger: testLogger(h.logs), Metrics: h.metrics,
		Clock: discordtest.NewClock(time.Unix(1_700_000_000, 0))}
	if tune != nil {
		tune(&o)
	}
	o.Observe = reportFinished(h.fake, o.Observe)
	h.disp = NewDispatcher(o)
	h.alice, h.bob = h.fake.NewUser("alice"), h.fake.NewUser("bob")
	t.Cleanup(func() {
		for _, tok := range h.tokens() {
			if strings.Contains(h.logs.String(), tok) {
				t.Errorf("a token appears in the logs")
			}
		}
	})
	return h
}

// reportFinished tells the fake of each interaction the dispatcher has
// finished (then observe, if not nil), so that the fake's answers wait
// for the metrics and the log.
func reportFinished(fake *discordtest.Fake, observe func(Record)) func(Record) {
	fake.ExpectFinished()
	return func(r Record) {
		if observe != nil {
			observe(r)
		}
		fake.Finished(r.InteractionID)
	}
}

// tokens are the secrets that must never be logged.
func (h *harness) tokens() []string {
	out := []string{h.fake.Token()}
	for _, c := range h.fake.Calls() {
		for _, seg := range strings.Split(c.Path, "/") {
			if strings.HasPrefix(seg, "itok-") {
				out = append(out, seg)
			}
		}
	}
	return out
}

// serveHTTP runs the interactions endpoint of h on loopback until the test
// ends, and points the fake's Deliver at it.
func (h *harness) serveHTTP(t testing.TB, o InteractionHandlerOptions) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if o.Logger == nil {
		o.Logger = testLogger(h.logs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, NewInteractionHandler(h.fake.PublicKey(), h.disp, o), 10*time.Second) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	url := "http://" + ln.Addr().String() + "/interactions"
	h.fake.UseEndpoint(url)
	return url
}

func waitCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func listen(t testing.TB) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// run dispatches the interaction directly (no transport) and awaits the
// answer.
func (h *harness) run(t testing.TB, i *discordgo.Interaction) discordtest.Result {
	t.Helper()
	if err := h.disp.Dispatch(context.Background(), i); err != nil {
		t.Fatal(err)
	}
	return h.fake.Await(i.ID)
}

// background runs run until the test stops it; stop cancels its context
// and returns its error (once; later calls return the same). done reports
// an early return.
func background(t testing.TB, run func(ctx context.Context) error) (stop func() error, done <-chan error) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan error, 1)
	go func() { ch <- run(ctx) }()
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() {
			cancel()
			err = <-ch
		})
		return err
	}
	t.Cleanup(func() { stop() })
	return stop, ch
}
