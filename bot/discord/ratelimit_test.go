package discord

import (
	"context"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
)

func TestUserLimiter(t *testing.T) {
	clock := discordtest.NewClock(time.Unix(1_700_000_000, 0))
	l := NewUserLimiter(0.5, 2, clock) // two at once, then one every 2 s
	seq := func(u UserID, n int) []Verdict {
		var out []Verdict
		for i := 0; i < n; i++ {
			out = append(out, l.Allow(u))
		}
		return out
	}
	same := func(got []Verdict, want ...Verdict) bool {
		if len(got) != len(want) {
			return false
		}
		for i := range got {
			if got[i] != want[i] {
				return false
			}
		}
		return true
	}
	if got := seq("alice", 5); !same(got, Allow, Allow, Notify, Drop, Drop) {
		t.Fatalf("a flood: %v", got)
	}
	if got := seq("bob", 1); !same(got, Allow) {
		t.Fatalf("bob is held back by alice's flood: %v", got)
	}
	// Still flooding: a token comes back every 2 s, but no new notice.
	clock.Advance(2 * time.Second)
	if got := seq("alice", 3); !same(got, Allow, Drop, Drop) {
		t.Fatalf("flooding on: %v", got)
	}
	// Calmed down (the bucket is full again): served, and a new flood
	// gets a new notice.
	clock.Advance(4 * time.Second)
	if got := seq("alice", 4); !same(got, Allow, Allow, Notify, Drop) {
		t.Fatalf("after calming down: %v", got)
	}
	// Idle users are forgotten.
	clock.Advance(time.Hour)
	l.Allow("carol")
	if n := l.Tracked(); n != 1 {
		t.Errorf("%d users tracked, want only carol", n)
	}
}

func TestRateLimitMiddleware(t *testing.T) {
	clock := discordtest.NewClock(time.Unix(1_700_000_000, 0))
	r := toyRouter(t, nil)
	r.Use(RateLimit(NewUserLimiter(1, 2, clock)))
	h := newHarness(t, r, func(o *DispatcherOptions) { o.Clock = clock })
	var contents []string
	for i := 0; i < 4; i++ {
		in := h.fake.Command(h.alice, "ping")
		if err := h.disp.Dispatch(context.Background(), in); err != nil {
			t.Fatal(err)
		}
		if !h.fake.Answered(in.ID) {
			contents = append(contents, "(nothing)")
			continue
		}
		contents = append(contents, h.fake.Await(in.ID).Message.Content)
	}
	want := []string{"pong", "pong", SlowDown, "(nothing)"}
	for i := range want {
		if contents[i] != want[i] {
			t.Fatalf("answers %q, want %q", contents, want)
		}
	}
	if res := h.run(t, h.fake.Command(h.bob, "ping")); res.Message.Content != "pong" {
		t.Fatalf("bob got %q", res.Message.Content)
	}
	// Autocompletes are not limited.
	if res := h.run(t, h.fake.Autocomplete(h.alice, "echo", discordtest.Focused("text", "a"))); len(res.Choices) != 2 {
		t.Fatalf("alice's autocomplete was limited: %+v", res)
	}
	if got := h.metrics.Interactions("ping", OutcomeThrottled); got != 2 {
		t.Errorf("%d throttled, want 2", got)
	}
}
