package discord

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discordtest"
)

// memResponder keeps replies in memory and checks each against Discord's
// limits.
type memResponder struct {
	mu      sync.Mutex
	calls   int
	invalid []error
}

func (m *memResponder) check(r Reply) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	if err := r.Validate(); err != nil {
		m.invalid = append(m.invalid, err)
	}
}

func (m *memResponder) Callback(_ context.Context, _ *discordgo.Interaction, typ discordgo.InteractionResponseType, r Reply) (MessageID, error) {
	if typ != discordgo.InteractionResponseDeferredChannelMessageWithSource && typ != discordgo.InteractionResponseDeferredMessageUpdate {
		m.check(r)
	}
	return "", nil
}
func (m *memResponder) EditOriginal(_ context.Context, _ *discordgo.Interaction, r Reply) (MessageID, error) {
	m.check(r)
	return "", nil
}
func (m *memResponder) DeleteOriginal(context.Context, *discordgo.Interaction) error { return nil }
func (m *memResponder) Followup(_ context.Context, _ *discordgo.Interaction, r Reply) (MessageID, error) {
	m.check(r)
	return "", nil
}

var fuzzSeeds = []string{
	`{"id":"1","token":"t","type":2,"data":{"name":"echo","options":[{"name":"text","type":3,"value":"hi"}]}}`,
	`{"id":"1","token":"t","type":2,"data":{"name":"game","options":[{"name":"challenge","type":1,"options":[{"name":"opponent","type":6,"value":"99"}]}]},"member":{"user":{"id":"5"},"permissions":"2147483647"},"guild_id":"7"}`,
	`{"id":"1","token":"t","type":2,"data":{"name":"a","options":[{"name":"b","type":2,"options":[{"name":"c","type":1,"options":[{"name":"x","type":4,"value":1e300}]}]}]}}`,
	`{"id":"1","token":"t","type":4,"data":{"name":"echo","options":[{"name":"text","type":3,"value":"a","focused":true}]}}`,
	`{"id":"1","token":"t","type":3,"data":{"custom_id":"accept/g1/5","component_type":2},"message":{"id":"9","components":[{"type":1,"components":[{"type":2,"custom_id":"accept/g1/5","label":"A"}]}]}}`,
	`{"id":"1","token":"t","type":5,"data":{"custom_id":"m","components":[{"type":1,"components":[{"type":4,"custom_id":"x","value":"v"}]}]}}`,
	`{"id":"1","token":"t","type":1}`,
	`{"id":"1","token":"t","type":2,"data":null}`,
	`{"id":"1","token":"t","type":3,"data":{"custom_id":"` + strings.Repeat("/", 120) + `"}}`,
	`{"type":2,"data":{"options":[{"type":1}]}}`,
	`[]`, `{}`, `null`, `{"id":1}`,
}

// FuzzDecodeAndRoute feeds arbitrary bytes through decoding, every
// accessor of the event, routing and the dispatcher: nothing may panic,
// and every reply sent must be within Discord's limits.
func FuzzDecodeAndRoute(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	resp := &memResponder{}
	var panics atomic.Int64 // of handlers other than "boom", which panics on purpose
	d := NewDispatcher(DispatcherOptions{
		Router: toyRouter(f, nil), Responder: resp, DeferAfter: -1, DedupeWindow: -1,
		Logger: testLogger(&syncBuffer{}),
		Observe: func(r Record) {
			if r.Outcome == OutcomePanic && r.Path != "boom" {
				panics.Add(1)
			}
		},
	})
	f.Fuzz(func(t *testing.T, body []byte) {
		i, err := DecodeInteraction(body)
		if err != nil {
			return
		}
		e, err := NewEvent(i, time.Time{})
		if err != nil {
			return
		}
		touch(e)
		if err := d.Dispatch(context.Background(), i); err != nil {
			t.Fatal(err)
		}
		if panics.Load() != 0 {
			t.Fatalf("a handler panicked on %s", body)
		}
		resp.mu.Lock()
		defer resp.mu.Unlock()
		if len(resp.invalid) > 0 {
			t.Fatalf("invalid reply %v for %s", resp.invalid, body)
		}
	})
}

// touch calls every accessor of e.
func touch(e *Event) {
	_, _, _, _ = e.User(), e.UserID(), e.GuildID(), e.ChannelID()
	_, _ = e.InGuild(), e.HasPermission(discordgo.PermissionManageGuild)
	_, _, _, _ = e.Path(), e.CustomID(), e.Values(), e.ModalValues()
	_, _ = e.Message()
	_ = e.MessageID()
	o := e.Options()
	_, _, _ = o.Focused()
	for _, n := range append(o.Names(), "missing") {
		_, _, _ = o.String(n)
		_, _, _ = o.Int(n)
		_, _, _ = o.Number(n)
		_, _, _ = o.Bool(n)
		_, _, _ = o.User(n)
		_, _ = o.RequireUser(n)
	}
}

// FuzzInteractionEndpoint posts arbitrary signed bodies to the HTTP
// endpoint: it answers 200, 202, 400 or 413, and never panics.
func FuzzInteractionEndpoint(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	fake := discordtest.New(f, discordtest.Options{})
	d := NewDispatcher(DispatcherOptions{Router: toyRouter(f, nil), Responder: &memResponder{}, DeferAfter: -1, DedupeWindow: -1, Logger: testLogger(&syncBuffer{})})
	h := NewInteractionHandler(fake.PublicKey(), d, InteractionHandlerOptions{MaxBody: 1 << 16, Logger: testLogger(&syncBuffer{})})
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := fake.ServeSigned(h, body)
		switch rec.Code {
		case http.StatusOK, http.StatusAccepted, http.StatusBadRequest, http.StatusRequestEntityTooLarge:
		default:
			t.Fatalf("status %d for %q", rec.Code, body)
		}
	})
}
