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
