package discord

import (
	"context"
	"testing"
)

// TestAfterReplyRunsOnceTheReplyIsOut: what a handler defers with
// AfterReply runs after the fake has the interaction's answer, and a
// function given once the reply is out runs at once.
func TestAfterReplyRunsOnceTheReplyIsOut(t *testing.T) {
	r := NewRouter()
	type seen struct {
		answered bool
		late     bool
	}
	got := make(chan seen, 1)
	var h *harness
	r.Command("ping", func(ctx context.Context, e *Event) (Reply, error) {
		e.AfterReply(func() {
			s := seen{answered: h.fake.Answered(e.ID())}
			e.AfterReply(func() { s.late = true })
			got <- s
		})
		return Text("pong"), nil
	})
	h = newHarness(t, r, nil)
	i := h.fake.Command(h.alice, "ping")
	if err := h.disp.Dispatch(context.Background(), i); err != nil {
		t.Fatal(err)
	}
	s := <-got
	if !s.answered || !s.late {
		t.Fatalf("after the reply: answered %v, a later AfterReply ran %v", s.answered, s.late)
	}
	if res := h.fake.Await(i.ID); res.Message.Content != "pong" {
		t.Fatalf("reply %q", res.Message.Content)
	}
}

// TestReplyMessage: once the reply is out, the event knows the message
// that shows it, as Discord reported it in the callback's response; an
// ephemeral reply shows in no message everyone sees.
func TestReplyMessage(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reply Reply
		shown bool
	}{
		{"message", Text("pong"), true},
		{"ephemeral", Ephemeral("pong"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRouter()
			got := make(chan MessageID, 1)
			r.Command("ping", func(ctx context.Context, e *Event) (Reply, error) {
				if id := e.ReplyMessage(); id != "" {
					t.Errorf("ReplyMessage before the reply: %q", id)
				}
				e.AfterReply(func() { got <- e.ReplyMessage() })
				return tc.reply, nil
			})
			h := newHarness(t, r, nil)
			res := h.run(t, h.fake.Command(h.alice, "ping"))
			id := <-got
			switch {
			case tc.shown && (id == "" || string(id) != res.Message.ID):
				t.Fatalf("ReplyMessage %q, the reply shows in message %q", id, res.Message.ID)
			case !tc.shown && id != "":
				t.Fatalf("ReplyMessage %q for an ephemeral reply", id)
			}
		})
	}
}
