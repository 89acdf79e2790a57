package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func BenchmarkRouterComponentMatch(b *testing.B) {
	r := NewRouter()
	for _, p := range []string{"accept/{game}", "decline/{game}", "swap/{game}", "resign/{game}/{n}", "draw/{game}/{n}",
		"draw/{game}/accept", "privilege/{game}/{n}", "move/{game}/{n}", "board/{game}", "help"} {
		r.Component(p, named(p))
	}
	e := componentEvent(b, "draw/g123456/accept")
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := r.match(e); !ok {
			b.Fatal("no match")
		}
	}
}

// BenchmarkEndpoint is the bot's own cost per interaction on the HTTP
// endpoint: signature check, decoding, routing, the handler and the
// reply, with Discord replaced by memory.
func BenchmarkEndpoint(b *testing.B) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	d := NewDispatcher(DispatcherOptions{Router: toyRouter(b, nil), Responder: &memResponder{}, DeferAfter: -1, DedupeWindow: -1, Logger: testLogger(&syncBuffer{})})
	h := NewInteractionHandler(pub, d, InteractionHandlerOptions{})
	body := []byte(fuzzSeeds[1])
	ts := strconv.FormatInt(time.Now().Unix(), 10) // good for 5 minutes
	sig := hex.EncodeToString(ed25519.Sign(priv, append([]byte(ts), body...)))
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest("POST", "/", strings.NewReader(string(body)))
		req.Header.Set("X-Signature-Timestamp", ts)
		req.Header.Set("X-Signature-Ed25519", sig)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 202 {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

// BenchmarkEndToEndHTTP is one interaction over loopback: signed POST to
// the endpoint, the handler, the callback to the fake Discord (which
// checks it), and the 202.
func BenchmarkEndToEndHTTP(b *testing.B) {
	h := newHarness(b, toyRouter(b, nil), nil)
	url := h.serveHTTP(b, InteractionHandlerOptions{})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		i := h.fake.Command(h.alice, "ping")
		resp, _, err := h.fake.Post(ctx, url, i)
		if err != nil || resp.StatusCode != 202 {
			b.Fatalf("%v %v", resp, err)
		}
	}
}

func BenchmarkReplyWire(b *testing.B) {
	r := Text("Red (<@1>) played J12, linking H11 and K10. <@2> to move.").WithMentions("2").
		WithFiles(File{Name: "board.png", Description: "alt", Data: make([]byte, 60<<10)}).
		WithComponents(Row(Button(discordgo.PrimaryButton, "Swap", "swap/g1")))
	b.ReportAllocs()
	for b.Loop() {
		m, files := r.message()
		if _, _, err := discordgo.MultipartBodyWithJSON(m, files); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEndToEndHTTPParallel is BenchmarkEndToEndHTTP with many
// interactions in flight at once (8 per core).
func BenchmarkEndToEndHTTPParallel(b *testing.B) {
	h := newHarness(b, toyRouter(b, nil), nil)
	url := h.serveHTTP(b, InteractionHandlerOptions{})
	ctx := context.Background()
	b.SetParallelism(8)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := h.fake.Command(h.alice, "ping")
			resp, _, err := h.fake.Post(ctx, url, i)
			if err != nil || resp.StatusCode != 202 {
				b.Errorf("%v %v", resp, err)
				return
			}
		}
	})
}
