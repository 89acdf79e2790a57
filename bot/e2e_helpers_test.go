package bot

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/bot/internal/testclock"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/render"
	"github.com/twixtbot/twixtbot/storage"
)

// botRun is a twixtbot running against a fake Discord: the real App,
// router, storage and renderer, over the HTTP interactions endpoint or the
// gateway.
type botRun struct {
	t       *testing.T
	fake    *discordtest.Fake
	store   *storage.Store
	bot     *Bot
	metrics *discord.Metrics
	sleeps  *discordtest.Sleeps // the REST client's waits, recorded instead of slept
	url     string              // the HTTP server: interactions at /, and /metrics, /healthz
	stop    func() error
}

type runOpts struct {
	gateway  bool
	shards   string // TWIXTBOT_SHARDS, with gateway
	db       string
	clock    *testClock
	wrap     func(match.Store) match.Store
	readOnly bool                         // open the database read-only
	client   func(*discord.ClientOptions) // adjust the REST client: its retry policy
	dispatch discord.DispatcherOptions    // tune the dispatcher: Observe, Clock, DeferAfter
	limiter  *discord.UserLimiter
	logs     io.Writer // the bot's log, as JSON; default none
	// computer, if set, runs the computer player (its User defaults to
	// the fake's bot user).
	computer *ComputerOptions
}

// startBot starts the bot on the database at o.db and points the fake at
// it. The test stops it at cleanup, or earlier with stop.
func startBot(t *testing.T, fake *discordtest.Fake, o runOpts) *botRun {
	t.Helper()
	if o.db == "" {
		o.db = filepath.Join(t.TempDir(), "twixt.db")
	}
	now := time.Now
	if o.clock != nil {
		now = o.clock.Now
	}
	st, err := storage.Open(o.db, &storage.Options{Now: now, ReadOnly: o.readOnly})
	if err != nil {
		t.Fatal(err)
	}
	var store match.Store = st
	if o.wrap != nil {
		store = o.wrap(st)
	}
	logs := o.logs
	if logs == nil {
		logs = io.Discard
	}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	m := discord.NewMetrics("twixtbot")
	sleeps := &discordtest.Sleeps{}
	co := discord.ClientOptions{Token: fake.Token(), APIBase: fake.URL(), Logger: log, Metrics: m, Sleep: sleeps.Sleep}
	if o.client != nil {
		o.client(&co)
	}
	client, err := discord.NewClient(co)
	if err != nil {
		t.Fatal(err)
	}
	bo := Options{Store: store, Notifier: client, Logger: log, Now: now, Intn: func(int) int { return 0 }, Metrics: m, Limiter: o.limiter}
	if o.computer != nil {
		bo.Computer = *o.computer
		if bo.Computer.User == "" {
			bo.Computer.User = storage.UserID(fake.BotUserID())
		}
	}
	b := New(bo)
	cfg := discord.Config{Token: fake.Token(), AppID: fake.AppID(), GuildID: fake.GuildID(), APIBase: fake.URL(), Shards: o.shards}
	var ln net.Listener
	if !o.gateway {
		cfg.HTTPAddr, cfg.PublicKey = "127.0.0.1:0", fake.PublicKeyHex()
		if ln, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
			t.Fatal(err)
		}
	}
	// The fake's answers wait until the bot has finished each interaction:
	// counted it, logged it. Its reply reaches the fake a little earlier.
	fake.ExpectFinished()
	observe := o.dispatch.Observe
	o.dispatch.Observe = func(rec discord.Record) {
		if observe != nil {
			observe(rec)
		}
		fake.Finished(rec.InteractionID)
	}
	ready := make(chan net.Addr, 1)
	app := &discord.App{Config: cfg, Router: b.Router(), Commands: Commands(), Client: client, Logger: log, Metrics: m,
		Health: st.Ping, Listener: ln, Ready: func(a net.Addr) { ready <- a }, Dispatch: o.dispatch, Self: b.SetComputerUser}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx) }()
	computerDone := make(chan struct{})
	if o.computer != nil {
		go func() { defer close(computerDone); b.RunComputer(ctx) }()
	} else {
		close(computerDone)
	}
	select {
	case addr := <-ready:
		if addr != nil {
			fake.UseEndpoint("http://" + addr.String() + "/")
		} else {
			fake.UseEndpoint("")
		}
	case err := <-done:
		cancel()
		st.Close()
		t.Fatalf("the bot did not start: %v", err)
	case <-time.After(15 * time.Second):
		t.Fatal("the bot did not get ready")
	}
	r := &botRun{t: t, fake: fake, store: st, bot: b, metrics: m, sleeps: sleeps}
	if ln != nil {
		r.url = "http://" + ln.Addr().String()
	}
	stopped := false
	r.stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		err := <-done
		<-computerDone
		b.Wait()
		if cerr := st.Close(); err == nil {
			err = cerr
		}
		return err
	}
	t.Cleanup(func() {
		if err := r.stop(); err != nil {
			t.Errorf("stopping the bot: %v", err)
		}
	})
	return r
}

// do runs a slash command and returns the answer.
func (r *botRun) do(u discordtest.User, path string, opts ...discordtest.Opt) discordtest.Result {
	r.t.Helper()
	return r.fake.Exchange(r.fake.Command(u, path, opts...))
}

// press presses a button on a message and returns the answer.
func (r *botRun) press(u discordtest.User, msg discordtest.Message, customID string) discordtest.Result {
	r.t.Helper()
	return r.fake.Exchange(r.fake.MustPress(u, msg.ID, customID))
}

// move plays a move and requires it to be answered publicly with a board.
func (r *botRun) move(u discordtest.User, at string, opts ...discordtest.Opt) discordtest.Message {
	r.t.Helper()
	res := r.do(u, "twixt move", append([]discordtest.Opt{discordtest.Str(optAt, at)}, opts...)...)
	m := res.Message
	if m.Ephemeral() || len(m.Attachments) != 1 {
		r.t.Fatalf("%s plays %s: answered %q (ephemeral %v, %d files)", u.Name, at, m.Content, m.Ephemeral(), len(m.Attachments))
	}
	return m
}

// refused runs a command that must be refused privately, with a reply
// saying want.
func (r *botRun) refused(u discordtest.User, path, want string, opts ...discordtest.Opt) {
	r.t.Helper()
	res := r.do(u, path, opts...)
	if !res.Message.Ephemeral() || !strings.Contains(res.Message.Content, want) {
		r.t.Fatalf("%s %s: answered %q (ephemeral %v), want a private reply saying %q", u.Name, path, res.Message.Content, res.Message.Ephemeral(), want)
	}
	if len(res.Message.Pings()) > 0 {
		r.t.Errorf("a refusal pinged %v", res.Message.Pings())
	}
}

// flush waits until what the bot sends after its replies has arrived.
func (r *botRun) flush() { r.bot.Wait() }

// pings checks whom a message notifies.
func pings(t *testing.T, m discordtest.Message, users ...discordtest.User) {
	t.Helper()
	want := make([]string, len(users))
	for i, u := range users {
		want[i] = u.ID
	}
	got := m.Pings()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("message %q pings %v, want %v", m.Content, got, want)
	}
}

// boardImage decodes the board picture attached to a message, checking
// that its alt text is there.
func boardImage(t *testing.T, m discordtest.Message) image.Image {
	t.Helper()
	if len(m.Attachments) != 1 {
		t.Fatalf("message %q has %d attachments, want the board", m.Content, len(m.Attachments))
	}
	a := m.Attachments[0]
	if a.ContentType != "image/png" || !strings.HasSuffix(a.Filename, ".png") || len(a.Description) < 20 {
		t.Errorf("attachment %s (%s) with alt text %q", a.Filename, a.ContentType, a.Description)
	}
	img, err := png.Decode(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatalf("the board is not a PNG: %v", err)
	}
	return img
}

// pegAt reads which colour of peg the picture shows in a hole: "red",
// "black" or "" for none (classic theme, default scale).
func pegAt(t *testing.T, img image.Image, size game.Size, hole string) string {
	t.Helper()
	l, err := render.NewLayout(size, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h, err := game.ParseHole(hole)
	if err != nil {
		t.Fatal(err)
	}
	// Beside the centre: the last move's peg carries a dot there.
	p := l.Pixel(h).Add(image.Pt(int(l.PegRadius()*0.65), 0))
	r, g, b, _ := img.At(p.X, p.Y).RGBA()
	R, G, B := int(r>>8), int(g>>8), int(b>>8)
	switch {
	case R > G+60 && R > B+60:
		return "red"
	case R < 90 && G < 90 && B < 90:
		return "black"
	}
	return ""
}

// findButton returns the custom_id of the first button whose id starts
// with prefix.
func findButton(m discordtest.Message, prefix string) (discordgo.Button, bool) {
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.CustomID, prefix) {
			return b, true
		}
	}
	return discordgo.Button{}, false
}

// The clock and store of the tests.
type testClock = testclock.Clock

var newTestClock = testclock.New
