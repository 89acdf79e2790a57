package discord

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestNotifier(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	ctx := waitCtx(t)
	ch := ChannelID(h.fake.ChannelID())
	var n Notifier = h.client
	id, err := n.Send(ctx, ch, Text("Game g1: "+UserID(h.alice.ID).Mention()+" ran out of time").
		WithMentions(UserID(h.alice.ID)).
		WithFiles(File{Name: "board.png", Description: "final position", Data: tinyPNG(t)}).
		WithComponents(Row(Button(discordgo.PrimaryButton, "Rematch", "rematch/g1"))))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := h.fake.Message(string(id))
	if a, ok := m.File("board.png"); !ok || a.Description != "final position" || len(m.Pings()) != 1 {
		t.Fatalf("posted %+v", m)
	}
	// Disable the stale button; the board stays.
	if err := n.Edit(ctx, ch, id, Text("Game g1 is over").WithComponents(DisableAll(m.Components)...)); err != nil {
		t.Fatal(err)
	}
	m, _ = h.fake.Message(string(id))
	if b, _ := m.Button("rematch/g1"); !b.Disabled || m.Content != "Game g1 is over" || len(m.Attachments) != 1 {
		t.Fatalf("edited %+v", m)
	}
	thread, err := n.StartThread(ctx, ch, id, "Game g1: alice vs bob")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := n.StartThread(ctx, ch, "", "Game g2"); err != nil {
		t.Fatal(err)
	}
	ths := h.fake.Threads()
	if len(ths) != 2 || ths[0].ID != string(thread) || ths[0].MessageID != string(id) || ths[0].Name != "Game g1: alice vs bob" || ths[1].MessageID != "" {
		t.Fatalf("threads %+v", ths)
	}
	if _, err := n.Send(ctx, thread, Text("first move?")); err != nil {
		t.Fatalf("posting in the thread: %v", err)
	}
	// What Discord cannot do is refused before any call.
	calls := len(h.fake.Calls())
	if _, err := n.Send(ctx, ch, Ephemeral("psst")); !errors.Is(err, ErrInvalidReply) {
		t.Errorf("ephemeral channel message: %v", err)
	}
	if _, err := n.StartThread(ctx, ch, id, strings.Repeat("n", 101)); !errors.Is(err, ErrInvalidReply) {
		t.Errorf("long thread name: %v", err)
	}
	if len(h.fake.Calls()) != calls {
		t.Errorf("refused messages were sent")
	}
	// Discord's refusals come back as APIError.
	_, err = n.Send(ctx, ch, Reply{Content: "x", Files: []File{{Name: "a.png", Data: []byte{1}}}, Components: []discordgo.MessageComponent{Row(Button(1, "b", "x"))}})
	if err != nil {
		t.Fatalf("valid message: %v", err)
	}
	err = n.Edit(ctx, ch, "123", Text("gone"))
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != 404 || ae.Code != 10008 || ae.Route != "PATCH /channels/{id}/messages/{id}" {
		t.Fatalf("editing an unknown message: %v", err)
	}
	h.fake.TakeViolations()
}

func TestOriginalMessage(t *testing.T) {
	h := newHarness(t, toyRouter(t, nil), nil)
	i := h.fake.Command(h.alice, "ping")
	res := h.run(t, i)
	m, err := h.client.OriginalMessage(waitCtx(t), i)
	if err != nil || m.ID != res.Message.ID || m.Content != "pong" {
		t.Fatalf("OriginalMessage: %+v %v", m, err)
	}
}
