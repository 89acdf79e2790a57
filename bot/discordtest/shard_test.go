package discordtest

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// gatewayClient speaks the gateway protocol by hand, for the fake's own
// tests.
type gatewayClient struct {
	t  *testing.T
	f  *Fake
	ws *websocket.Conn
}

func dialGateway(t *testing.T, f *Fake) *gatewayClient {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(f.gatewayURL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	c := &gatewayClient{t: t, f: f, ws: ws}
	if hello := c.read(); hello.Op != 10 {
		t.Fatalf("HELLO %+v", hello)
	}
	return c
}

func (c *gatewayClient) read() frame {
	c.t.Helper()
	var fr frame
	if err := c.ws.ReadJSON(&fr); err != nil {
		c.t.Fatal(err)
	}
	return fr
}

// identify sends an IDENTIFY for shard (nil: none) and returns the answer.
func (c *gatewayClient) identify(shard *[2]int) frame {
	c.t.Helper()
	d := map[string]any{"token": "Bot " + c.f.Token(), "intents": discordgo.IntentsGuilds}
	if shard != nil {
		d["shard"] = shard
	}
	if err := c.ws.WriteJSON(map[string]any{"op": 2, "d": d}); err != nil {
		c.t.Fatal(err)
	}
	return c.read()
}

// closeCode reads until the connection closes and returns its close code.
func (c *gatewayClient) closeCode() int {
	c.t.Helper()
	for {
		_, _, err := c.ws.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if !errors.As(err, &ce) {
			c.t.Fatalf("the connection ended without a close code: %v", err)
		}
		return ce.Code
	}
}

// TestFakeGatewayBot: GET /gateway/bot tells the recommended shard count
// and the session start limit the fake was given.
func TestFakeGatewayBot(t *testing.T) {
	zero := 0
	f := New(t, Options{Shards: 4, MaxConcurrency: 16, StartsRemaining: &zero, ResetAfter: 90 * time.Second})
	status, body := call(t, f, "GET", "/api/v10/gateway/bot", "", nil, true)
	if status != 200 {
		t.Fatalf("GET /gateway/bot: %d %s", status, body)
	}
	var got discordgo.GatewayBotResponse
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	want := discordgo.SessionInformation{Total: 1000, Remaining: 0, ResetAfter: 90000, MaxConcurrency: 16}
	if got.Shards != 4 || got.SessionStartLimit != want || !strings.HasPrefix(got.URL, "ws://") {
		t.Errorf("GET /gateway/bot answered %+v", got)
	}
}

// TestFakeShardRouting: with four shards identified, an interaction of a
// server goes only to the shard (guild_id >> 22) % 4, and a DM to shard 0.
func TestFakeShardRouting(t *testing.T) {
	f := New(t, Options{Shards: 4})
	clients := make([]*gatewayClient, 4)
	for id := range clients {
		clients[id] = dialGateway(t, f)
		if ready := clients[id].identify(&[2]int{id, 4}); ready.Type != "READY" {
			t.Fatalf("shard %d: %+v", id, ready)
		}
	}
	if err := f.WaitShards(ctxT(t), 0, 1, 2, 3); err != nil {
		t.Fatal(err)
	}
	u := f.NewUser("u")
	for _, tc := range []struct {
		guild string
		want  int
	}{
		{"", 0},
		{"1", 0},
		{"4194304", 1},            // 1 << 22
		{"12582912", 3},           // 3 << 22
		{"16777216", 0},           // 4 << 22
		{"175928847299117063", 0}, // 41944705796 % 4
	} {
		opt := InGuild(tc.guild)
		if tc.guild == "" {
			opt = InDM()
		}
		i := f.Command(u, "ping", opt)
		if got := f.ShardFor(i); got != tc.want {
			t.Errorf("guild %q: shard %d, want %d", tc.guild, got, tc.want)
		}
		if err := f.Dispatch(ctxT(t), i); err != nil {
			t.Fatal(err)
		}
		fr := clients[tc.want].read()
		if fr.Type != "INTERACTION_CREATE" || !strings.Contains(string(fr.Data), i.ID) {
			t.Fatalf("guild %q: shard %d read %+v", tc.guild, tc.want, fr)
		}
	}
	// Nothing went to another shard: each one's next frame is the
	// heartbeat ACK asked for now.
	for id, c := range clients {
		c.ws.WriteJSON(map[string]any{"op": 1, "d": nil})
		if fr := c.read(); fr.Op != 11 {
			t.Errorf("shard %d got %+v, meant for another shard", id, fr)
		}
	}
	if got := ShardOf("175928847299117063", 16); got != 4 { // (id >> 22) = 41944705796
		t.Errorf("ShardOf with 16 shards: %d, want 4", got)
	}
}

// TestFakeBadShard: Discord closes the gateway with 4010 for a shard
// outside [0, count), and with 4011 for too few shards when sharding is
// required.
func TestFakeBadShard(t *testing.T) {
	f := New(t, Options{Shards: 4, RequireSharding: true})
	for _, tc := range []struct {
		shard *[2]int
		code  int
	}{
		{&[2]int{4, 4}, 4010},
		{&[2]int{-1, 4}, 4010},
		{&[2]int{0, 0}, 4010},
		{nil, 4011},
		{&[2]int{0, 2}, 4011},
	} {
		c := dialGateway(t, f)
		if err := c.ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot " + f.Token(), "intents": 1, "shard": tc.shard}}); err != nil {
			t.Fatal(err)
		}
		if code := c.closeCode(); code != tc.code {
			t.Errorf("shard %v: close code %d, want %d", tc.shard, code, tc.code)
		}
	}
	if v := f.TakeViolations(); len(v) != 5 {
		t.Errorf("violations %q, want one per refused IDENTIFY", v)
	}
	if st := f.GatewayStats(); st.BadShards != 5 || st.Identifies != 0 {
		t.Errorf("stats %+v", st)
	}
	if ready := dialGateway(t, f).identify(&[2]int{3, 4}); ready.Type != "READY" {
		t.Errorf("a good shard got %+v", ready)
	}
}

// TestFakeIdentifyRateLimit: with max_concurrency 2, shards 0 and 1 (keys
// 0 and 1) identify together; shard 2 (key 0 again) in the same 5 s is
// refused with op 9, as Discord does, and accepted 5 s later.
func TestFakeIdentifyRateLimit(t *testing.T) {
	clock := NewClock(time.Unix(1_700_000_000, 0))
	f := New(t, Options{Shards: 4, MaxConcurrency: 2, IdentifyClock: clock})
	for id := range 2 {
		if fr := dialGateway(t, f).identify(&[2]int{id, 4}); fr.Type != "READY" {
			t.Fatalf("shard %d: %+v", id, fr)
		}
	}
	clock.Advance(4999 * time.Millisecond)
	c := dialGateway(t, f)
	if fr := c.identify(&[2]int{2, 4}); fr.Op != 9 || string(fr.Data) != "false" {
		t.Fatalf("an IDENTIFY that breaks the limit got %+v, want op 9 (invalid session, not resumable)", fr)
	}
	if v := f.TakeViolations(); len(v) != 1 || !strings.Contains(v[0], "rate-limit key 0") {
		t.Errorf("violations %q", v)
	}
	clock.Advance(time.Millisecond)
	if fr := dialGateway(t, f).identify(&[2]int{2, 4}); fr.Type != "READY" {
		t.Fatalf("5 s later: %+v", fr)
	}
	st := f.GatewayStats()
	if st.RateLimited != 1 || st.Identifies != 3 {
		t.Errorf("stats %+v", st)
	}
	ids := f.Identifies()
	if len(ids) != 4 || !ids[3].Sharded || ids[3].Shard != [2]int{2, 4} || !ids[3].At.Equal(time.Unix(1_700_000_005, 0)) {
		t.Errorf("identifies %+v", ids)
	}
}
