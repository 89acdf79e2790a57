package discord

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discordtest"
)

// dispatchAsync runs Dispatch in the background.
func dispatchAsync(h *harness, i *discordgo.Interaction) <-chan error {
	done := make(chan error, 1)
	go func() { done <- h.disp.Dispatch(context.Background(), i) }()
	return done
}

func TestAutoDeferCommand(t *testing.T) {
	tests := []struct {
		name           string
		hint, eph      bool
		deferFlags     discordgo.MessageFlags
		deleteOriginal bool
	}{
		{"public reply, public deferral: edit", false, false, 0, false},
		{"ephemeral reply, hinted: ephemeral deferral, edit", true, true, discordgo.MessageFlagsEphemeral, false},
		{"ephemeral reply, not hinted: delete and ephemeral followup", false, true, 0, true},
		{"public reply, hinted ephemeral: delete and public followup", true, false, discordgo.MessageFlagsEphemeral, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := discordtest.NewClock(time.Unix(1_700_000_000, 0))
			g := newGates()
			h := newHarness(t, toyRouter(t, g), func(o *DispatcherOptions) { o.Clock = clock })
			i := h.fake.Command(h.alice, "slow", discordtest.Bool("ephemeral", tt.eph), discordtest.Bool("private", tt.hint))
			done := dispatchAsync(h, i)
			<-g.started // the handler runs and has given its hint
			if err := clock.WaitTimers(waitCtx(t), 1); err != nil {
				t.Fatal(err)
			}
			clock.Advance(1500 * time.Millisecond)
			calls, err := h.fake.WaitCalls(waitCtx(t), func(cs []discordtest.Call) bool { return len(cs) >= 1 })
			if err != nil {
				t.Fatal(err)
			}
			var cb struct {
				Type int `json:"type"`
				Data struct {
					Flags discordgo.MessageFlags `json:"flags"`
				} `json:"data"`
			}
			if err := calls[0].Decode(&cb); err != nil || cb.Type != 5 || cb.Data.Flags != tt.deferFlags {
				t.Fatalf("deferral %s (%v), want type 5 flags %d", calls[0].Body, err, tt.deferFlags)
			}
			close(g.release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			res := h.fake.Await(i.ID)
			if res.Message.Content != "done slowly" || res.Message.Ephemeral() != tt.eph {
				t.Fatalf("final message %q ephemeral %v, want ephemeral %v", res.Message.Content, res.Message.Ephemeral(), tt.eph)
			}
			if deleted := res.Original != nil && res.Original.Deleted; deleted != tt.deleteOriginal {
				t.Errorf("original deleted: %v, want %v", deleted, tt.deleteOriginal)
			}
			if !strings.Contains(h.logs.String(), `"deferred":true`) {
				t.Errorf("the log does not say the interaction was deferred")
			}
		})
	}
}

func TestAutoDeferComponent(t *testing.T) {
	tests := []struct {
		what     string
		check    func(t *testing.T, h *harness, menu string, res discordtest.Result)
		followup bool
	}{
		{"update", func(t *testing.T, h *harness, menu string, res discordtest.Result) {
			m, _ := h.fake.Message(menu)
			if m.Content != "updated slowly" || len(m.Buttons()) != 3 || !m.Buttons()[0].Disabled {
				t.Errorf("menu after the update: %q %+v", m.Content, m.Buttons())
			}
		}, false},
		{"new", func(t *testing.T, h *harness, menu string, res discordtest.Result) {
			if len(res.Followups) != 1 || res.Message.Content != "a new message, slowly" || !res.Message.Ephemeral() {
				t.Errorf("followups %+v", res.Followups)
			}
			if m, _ := h.fake.Message(menu); m.Content != "pick" || m.Edits != 0 {
				t.Errorf("the menu changed: %+v", m)
			}
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.what, func(t *testing.T) {
			clock := discordtest.NewClock(time.Unix(1_700_000_000, 0))
			g := newGates()
			h := newHarness(t, toyRouter(t, g), func(o *DispatcherOptions) { o.Clock = clock })
			menu := h.run(t, h.fake.Command(h.alice, "menu")).Message.ID
			i := h.fake.MustPress(h.alice, menu, "slowpress/"+tt.what)
			done := dispatchAsync(h, i)
			<-g.started
			if err := clock.WaitTimers(waitCtx(t), 1); err != nil {
				t.Fatal(err)
			}
			clock.Advance(2 * time.Second)
			if _, err := h.fake.WaitCalls(waitCtx(t), func(cs []discordtest.Call) bool {
				return len(cs) == 2 // the menu's callback, and the deferral
			}); err != nil {
				t.Fatal(err)
			}
			close(g.release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			res := h.fake.Await(i.ID)
			if res.Callback != discordgo.InteractionResponseDeferredMessageUpdate {
				t.Fatalf("callback type %d, want 6", res.Callback)
			}
			tt.check(t, h, menu, res)
		})
	}
}

func TestFastHandlerIsNotDeferred(t *testing.T) {
	clock := discordtest.NewClock(time.Unix(1_700_000_000, 0))
	h := newHarness(t, toyRouter(t, nil), func(o *DispatcherOptions) { o.Clock = clock })
	i := h.fake.Command(h.alice, "ping")
	if err := h.disp.Dispatch(context.Background(), i); err != nil {
		t.Fatal(err)
	}
	res := h.fake.Await(i.ID)
	if res.Deferred || res.Callback != 4 || clock.Pending() != 0 {
		t.Fatalf("callback %d deferred %v, %d timers left", res.Callback, res.Deferred, clock.Pending())
	}
}

func TestDispatchFailuresGetClearReplies(t *testing.T) {
	tests := []struct {
		name    string
		build   func(h *harness) *discordgo.Interaction
		content string // a part of the reply
		outcome Outcome
		logged  string // a part of the log
		hidden  string // must not reach the user
	}{
		{"panic", func(h *harness) *discordgo.Interaction { return h.fake.Command(h.alice, "boom") },
			"Something went wrong", OutcomePanic, "kaboom", "kaboom"},
		{"internal error", func(h *harness) *discordgo.Interaction { return h.fake.Command(h.alice, "fail") },
			"Something went wrong", OutcomeError, "database on fire", "/secret/path"},
		{"error for the user", func(h *harness) *discordgo.Interaction { return h.fake.Command(h.alice, "oops") },
			"That hole is taken: choose another.", OutcomeUserError, `"outcome":"user_error"`, ""},
		{"unknown command", func(h *harness) *discordgo.Interaction { return h.fake.Command(h.alice, "nope") },
			"I don't know the command `/nope`", OutcomeUnknown, `"outcome":"unknown"`, ""},
		{"unknown subcommand", func(h *harness) *discordgo.Interaction { return h.fake.Command(h.alice, "game resign") },
			"`/game resign`", OutcomeUnknown, `"path":"game resign"`, ""},
		{"unknown button", func(h *harness) *discordgo.Interaction { return h.fake.Component(h.alice, "zzz/1", nil) },
			"This button no longer works", OutcomeUnknown, `"type":"component"`, ""},
		{"missing option", func(h *harness) *discordgo.Interaction { return h.fake.Command(h.alice, "echo") },
			`the option "text" is missing`, OutcomeUserError, "", ""},
		{"option of the wrong type", func(h *harness) *discordgo.Interaction {
			return h.fake.Command(h.alice, "echo", discordtest.Raw("text", discordgo.ApplicationCommandOptionInteger, 5.0))
		}, `the option "text" should be text, but it is the number 5`, OutcomeUserError, "", ""},
		{"reply over the limits", func(h *harness) *discordgo.Interaction { return h.fake.Command(h.alice, "long") },
			"Something went wrong", OutcomeInvalidReply, "2001 characters", "xxxx"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, toyRouter(t, nil), nil)
			i := tt.build(h)
			if err := h.disp.Dispatch(context.Background(), i); err != nil {
				t.Fatal(err)
			}
			res := h.fake.Await(i.ID)
			if !strings.Contains(res.Message.Content, tt.content) || !res.Message.Ephemeral() {
				t.Errorf("reply %q (ephemeral %v), want it ephemeral with %q", res.Message.Content, res.Message.Ephemeral(), tt.content)
			}
			if tt.hidden != "" && strings.Contains(res.Message.Content, tt.hidden) {
				t.Errorf("the reply leaks %q", tt.hidden)
			}
			logs := h.logs.String()
			if !strings.Contains(logs, `"outcome":"`+string(tt.outcome)+`"`) || !strings.Contains(logs, tt.logged) {
				t.Errorf("logs lack outcome %q or %q:\n%s", tt.outcome, tt.logged, logs)
			}
		})
	}
}

func TestPanicIsLoggedWithStack(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	i := h.fake.Command(h.alice, "boom")
	if err := h.disp.Dispatch(context.Background(), i); err != nil {
		t.Fatal(err)
	}
	if logs := h.logs.String(); !strings.Contains(logs, "goroutine") || !strings.Contains(logs, "toyRouter") {
		t.Errorf("the panic's stack is not logged:\n%s", logs)
	}
}

func TestAutocomplete(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	i := h.fake.Autocomplete(h.alice, "echo", discordtest.Focused("text", "ab"))
	if err := h.disp.Dispatch(context.Background(), i); err != nil {
		t.Fatal(err)
	}
	res := h.fake.Await(i.ID)
	if res.Callback != discordgo.InteractionApplicationCommandAutocompleteResult || len(res.Choices) != 2 || res.Choices[0].Name != "ab1" {
		t.Fatalf("autocomplete answered %d %+v", res.Callback, res.Choices)
	}
	// An autocomplete with no route gets no choices, never an error message.
	i = h.fake.Autocomplete(h.alice, "nope", discordtest.Focused("x", ""))
	if err := h.disp.Dispatch(context.Background(), i); err != nil {
		t.Fatal(err)
	}
	if res := h.fake.Await(i.ID); res.Callback != 8 || len(res.Choices) != 0 {
		t.Fatalf("unknown autocomplete answered %d %+v", res.Callback, res.Choices)
	}
}

func TestHandlerTimeout(t *testing.T) {
	g := newGates() // never released
	h := newHarness(t, toyRouter(t, g), func(o *DispatcherOptions) {
		o.DeferAfter = -1
		o.HandlerTimeout = 50 * time.Millisecond
	})
	i := h.fake.Command(h.alice, "slow")
	if err := h.disp.Dispatch(context.Background(), i); err != nil {
		t.Fatal(err)
	}
	res := h.fake.Await(i.ID)
	if !strings.Contains(res.Message.Content, "took too long") || !strings.Contains(h.logs.String(), `"outcome":"timeout"`) {
		t.Fatalf("reply %q; logs:\n%s", res.Message.Content, h.logs.String())
	}
}

// An ErrorReply hook can tell a timeout apart, to say so in the user's
// language.
func TestHandlerTimeoutReachesErrorReply(t *testing.T) {
	g := newGates() // never released
	r := toyRouter(t, g)
	r.ErrorReply(func(e *Event, err error) Reply {
		if errors.Is(err, ErrTimedOut) {
			return Ephemeral("Das hat zu lange gedauert.")
		}
		return Ephemeral("other: " + fmt.Sprint(err))
	})
	h := newHarness(t, r, func(o *DispatcherOptions) {
		o.DeferAfter = -1
		o.HandlerTimeout = 50 * time.Millisecond
	})
	i := h.fake.Command(h.alice, "slow")
	if err := h.disp.Dispatch(context.Background(), i); err != nil {
		t.Fatal(err)
	}
	if res := h.fake.Await(i.ID); res.Message.Content != "Das hat zu lange gedauert." {
		t.Fatalf("reply %q; want the hook's reply to ErrTimedOut", res.Message.Content)
	}
}

func TestLostCallbackAnswerIsNotAFailure(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	// Discord takes the callback but the answer is lost; the retry meets
	// "already acknowledged", which proves the first landed.
	h.fake.Inject(discordtest.Fault{Path: "/callback", DropAfter: true})
	i := h.fake.Command(h.alice, "ping")
	if err := h.disp.Dispatch(context.Background(), i); err != nil {
		t.Fatal(err)
	}
	res := h.fake.Await(i.ID)
	if res.Message.Content != "pong" {
		t.Fatalf("reply %q", res.Message.Content)
	}
	calls := h.fake.CallsTo("POST", discordtest.RouteCallback)
	if len(calls) != 2 || calls[0].Status != 0 || calls[1].Status != 400 {
		t.Fatalf("callback calls: %+v", calls)
	}
	if !strings.Contains(h.logs.String(), `"outcome":"ok"`) {
		t.Errorf("a delivered reply was logged as failed:\n%s", h.logs.String())
	}
}

func TestNoReplyAfterDeferralRemovesThinking(t *testing.T) {
	clock := discordtest.NewClock(time.Unix(1_700_000_000, 0))
	g := newGates()
	r := toyRouter(t, g)
	r.Command("quiet", func(ctx context.Context, e *Event) (Reply, error) {
		if err := g.wait(ctx, "quiet"); err != nil {
			return Reply{}, err
		}
		return NoReply(), nil
	})
	h := newHarness(t, r, func(o *DispatcherOptions) { o.Clock = clock })
	i := h.fake.Command(h.alice, "quiet")
	done := dispatchAsync(h, i)
	<-g.started
	if err := clock.WaitTimers(waitCtx(t), 1); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Minute)
	if _, err := h.fake.WaitCalls(waitCtx(t), func(cs []discordtest.Call) bool { return len(cs) == 1 }); err != nil {
		t.Fatal(err)
	}
	close(g.release)
	<-done
	if calls := h.fake.CallsTo("DELETE", discordtest.RouteOriginal); len(calls) != 1 {
		t.Fatalf("%d deletes of the deferred message, want 1", len(calls))
	}
}

func TestCallbackRetriedWithinTheDeadline(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	h.fake.Inject(discordtest.Fault{Path: "/callback", Status: 429, RetryAfter: 100 * time.Millisecond})
	h.fake.Inject(discordtest.Fault{Path: "/callback", Status: 502})
	i := h.fake.Command(h.alice, "ping")
	res := h.run(t, i)
	if res.Message.Content != "pong" {
		t.Fatalf("reply %q", res.Message.Content)
	}
	if n := len(h.fake.CallsTo("POST", discordtest.RouteCallback)); n != 3 {
		t.Errorf("%d callback attempts, want 3 (429, 502, ok)", n)
	}
	if w := h.sleeps.List(); len(w) < 2 || w[0] != 100*time.Millisecond {
		t.Errorf("the client waited %v, want Discord's retry_after (100ms), then a backoff", w)
	}
	if !strings.Contains(h.logs.String(), `"outcome":"ok"`) {
		t.Errorf("not logged as ok:\n%s", h.logs.String())
	}
}

func TestCallbackGivenUpWhenRetryWouldMissTheDeadline(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	h.fake.Inject(discordtest.Fault{Path: "/callback", Status: 429, RetryAfter: 5 * time.Second})
	i := h.fake.Command(h.alice, "ping")
	if err := h.disp.Dispatch(context.Background(), i); err != nil {
		t.Fatal(err)
	}
	// The client's waits are recorded, not slept: no timing is asserted.
	if w := h.sleeps.List(); len(w) > 0 {
		t.Errorf("the client waited %v instead of giving up", w)
	}
	if n := len(h.fake.CallsTo("POST", discordtest.RouteCallback)); n != 1 {
		t.Errorf("%d callback attempts, want 1", n)
	}
	if logs := h.logs.String(); !strings.Contains(logs, `"outcome":"undelivered"`) || !strings.Contains(logs, "429") {
		t.Errorf("the lost reply is not logged as undelivered:\n%s", logs)
	}
}

func TestDuplicateDeliveryRunsOnce(t *testing.T) {
	clock := discordtest.NewClock(time.Unix(1_700_000_000, 0))
	runs := 0
	r := NewRouter()
	r.Command("count", func(context.Context, *Event) (Reply, error) {
		runs++
		return Text("counted"), nil
	})
	h := newHarness(t, r, func(o *DispatcherOptions) { o.Clock = clock })
	h.serveHTTP(t, InteractionHandlerOptions{})
	i := h.fake.Command(h.alice, "count")
	for k := 0; k < 2; k++ {
		if err := h.fake.Deliver(waitCtx(t), i); err != nil {
			t.Fatal(err)
		}
	}
	if runs != 1 || len(h.fake.CallsTo("POST", discordtest.RouteCallback)) != 1 {
		t.Fatalf("handler ran %d times, %d callbacks; want 1 and 1", runs, len(h.fake.CallsTo("POST", discordtest.RouteCallback)))
	}
	if !strings.Contains(h.logs.String(), `"outcome":"duplicate"`) {
		t.Errorf("the duplicate is not logged")
	}
	// Past the window the id is forgotten (Discord would not send it again).
	clock.Advance(16 * time.Minute)
	if !h.disp.firstDelivery(i.ID, clock.Now()) {
		t.Errorf("the id is remembered past the window")
	}
}

// TestUndeliveredReplyGoesToTheHook: a public reply that Discord did not
// take reaches the router's Undelivered hook, once; an ephemeral reply, an
// error reply and a delivered reply do not; a hook that panics is logged.
func TestUndeliveredReplyGoesToTheHook(t *testing.T) {
	type got struct {
		path string
		r    Reply
		err  error
	}
	var hooked []got
	r := toyRouter(t, nil)
	r.Undelivered(func(e *Event, reply Reply, err error) {
		hooked = append(hooked, got{e.Path(), reply, err})
		if e.Path() == "board" {
			panic("hook trouble")
		}
	})
	h := newHarness(t, r, nil)
	refuse := func() {
		// Too long a wait for the deadline: the callback is given up.
		h.fake.Inject(discordtest.Fault{Path: "/callback", Status: 429, RetryAfter: 5 * time.Second})
	}
	for _, tc := range []struct {
		i      *discordgo.Interaction
		refuse bool
		hooked bool
	}{
		{h.fake.Command(h.alice, "ping"), true, true},
		{h.fake.Command(h.alice, "echo", discordtest.Str("text", "secret")), true, false},
		{h.fake.Command(h.alice, "echo"), true, false}, // a missing option: an error reply
		{h.fake.Command(h.alice, "ping"), false, false},
		{h.fake.Command(h.alice, "board"), true, true},
	} {
		if tc.refuse {
			refuse()
		}
		before := len(hooked)
		if err := h.disp.Dispatch(context.Background(), tc.i); err != nil {
			t.Fatal(err)
		}
		if n := h.fake.PendingFaults(); n != 0 {
			t.Fatalf("%d faults not met", n)
		}
		if n := len(hooked) - before; (n == 1) != tc.hooked || n > 1 {
			t.Errorf("%s (refused %v): hook called %d times", tc.i.ApplicationCommandData().Name, tc.refuse, n)
		}
	}
	if len(hooked) > 0 && (hooked[0].r.Content != "pong" || !errors.Is(hooked[0].err, ErrAPI) && !errors.Is(hooked[0].err, ErrDeadline)) {
		t.Errorf("hook got %q, %v", hooked[0].r.Content, hooked[0].err)
	}
	if logs := h.logs.String(); !strings.Contains(logs, "Undelivered hook panicked") {
		t.Errorf("the hook's panic is not logged:\n%s", logs)
	}
}

// TestInteractionWithBadIDsIsMalformed: every interaction but a PING
// names its user, and Discord's ids are snowflakes; one without a user,
// or with an id that is not a snowflake, is refused before any handler
// runs (found by fuzzing the bot: its store refuses such ids, and the
// user would get an apology).
func TestInteractionWithBadIDsIsMalformed(t *testing.T) {
	ran := false
	r := NewRouter()
	r.Command("admin", func(context.Context, *Event) (Reply, error) {
		ran = true
		return Text("done"), nil
	})
	h := newHarness(t, r, nil)
	for _, tc := range []struct {
		name  string
		spoil func(i *discordgo.Interaction)
	}{
		{"no user", func(i *discordgo.Interaction) {
			i.Member.User, i.Member.Permissions = nil, discordgo.PermissionAdministrator
		}},
		{"user id", func(i *discordgo.Interaction) { i.Member.User.ID = "alice" }},
		{"server id", func(i *discordgo.Interaction) { i.GuildID = " 0000000000000000" }},
		{"channel id", func(i *discordgo.Interaction) { i.ChannelID = "#general" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i := h.fake.Command(h.alice, "admin")
			tc.spoil(i)
			res := h.run(t, i)
			if ran || !res.Message.Ephemeral() || !strings.Contains(res.Message.Content, "could not read this interaction") {
				t.Fatalf("ran %v, answered %q", ran, res.Message.Content)
			}
		})
	}
	if n := strings.Count(h.logs.String(), `"outcome":"malformed"`); n != 4 {
		t.Errorf("%d logged as malformed, want 4:\n%s", n, h.logs.String())
	}
	// A DM has no server: that is fine.
	if res := h.run(t, h.fake.Command(h.alice, "admin", discordtest.InDM())); !ran || res.Message.Content != "done" {
		t.Errorf("a DM command: ran %v, answered %q", ran, res.Message.Content)
	}
}
