package discordtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

const gatewayPath = "/gateway-ws"

// Privileged gateway intents, which Discord refuses unless the
// application enabled them.
const privilegedIntents = discordgo.IntentsGuildMembers | discordgo.IntentsGuildPresences | discordgo.IntentsMessageContent

// Identify is what a gateway client sent in its IDENTIFY.
type Identify struct {
	Token   string
	Intents discordgo.Intent
	// Shard is the [shard_id, num_shards] pair, when Sharded; a client
	// that sends none runs the only shard, [0, 1].
	Shard   [2]int
	Sharded bool
	// At is when the fake received it, on Options.IdentifyClock (or the
	// system clock without one).
	At time.Time
}

type gatewayConn struct {
	ws    *websocket.Conn
	wmu   sync.Mutex
	shard int // the shard of the session it identified or resumed; -1 before
}

func (c *gatewayConn) send(v any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.WriteJSON(v)
}

// shardSession is the session of one shard: Discord numbers the events of
// each session on its own, and a RESUME replays them.
type shardSession struct {
	ready *gatewayConn // the connection that got READY or RESUMED; nil while down
	id    string       // the session id a RESUME may name
	seq   int64
	sent  []frame // the session's latest dispatches, replayed on RESUME
}

type gateway struct {
	mu         sync.Mutex
	conns      []*gatewayConn
	shards     map[int]*shardSession // by shard id
	count      int                   // the shard count of the latest IDENTIFY; 0 before any
	identifies []Identify
	heartbeats int
	sessions   int
	refuse     bool              // answer connection attempts 503
	invalidate bool              // answer the next RESUME with op 9
	lastByKey  map[int]time.Time // the latest IDENTIFY of each rate-limit key
	stats      GatewayStats
}

// replayKept is how many dispatches a session keeps for a RESUME.
const replayKept = 256

// identifyWindow is the period of Discord's identify rate limit:
// max_concurrency IDENTIFYs per 5 seconds, one per rate-limit key
// (shard_id % max_concurrency).
const identifyWindow = 5 * time.Second

// GatewayStats counts what the fake gateway saw.
type GatewayStats struct {
	Connections int // websocket connections opened
	Refused     int // connection attempts refused (RefuseGateway)
	Identifies  int // IDENTIFYs answered with READY
	Resumes     int // RESUMEs answered with RESUMED
	Invalidated int // RESUMEs answered with op 9, invalid session
	RateLimited int // IDENTIFYs refused with op 9 for breaking the identify rate limit
	BadShards   int // IDENTIFYs refused with close code 4010 or 4011
	Drops       int // connections closed by DropGateway or DropShard
}

func (g *gateway) closeAll() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, c := range g.conns {
		c.ws.Close()
	}
	g.conns = nil
	for _, s := range g.shards {
		s.ready = nil
	}
}

// gone forgets a connection that closed.
func (f *Fake) gatewayGone(c *gatewayConn) {
	g := &f.gw
	g.mu.Lock()
	g.conns = slices.DeleteFunc(g.conns, func(x *gatewayConn) bool { return x == c })
	if s := g.shards[c.shard]; s != nil && s.ready == c {
		s.ready = nil
	}
	g.mu.Unlock()
	f.mu.Lock()
	f.broadcast()
	f.mu.Unlock()
}

// gatewayCount changes the stats and wakes the waiters.
func (f *Fake) gatewayCount(change func(*gateway)) {
	f.gw.mu.Lock()
	change(&f.gw)
	f.gw.mu.Unlock()
	f.mu.Lock()
	f.broadcast()
	f.mu.Unlock()
}

type frame struct {
	Op   int             `json:"op"`
	Data json.RawMessage `json:"d,omitempty"`
	Seq  int64           `json:"s,omitempty"`
	Type string          `json:"t,omitempty"`
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// serveGateway is the gateway websocket: HELLO, then IDENTIFY (or RESUME)
// answered with READY (or RESUMED; op 9, invalid session, when the RESUME
// names another session or InvalidateSession asked for it), heartbeats
// acknowledged, and dispatches sent by Dispatch. While RefuseGateway is
// on, connections are refused with 503.
func (f *Fake) serveGateway(w http.ResponseWriter, r *http.Request) {
	g := &f.gw
	g.mu.Lock()
	refuse := g.refuse
	g.mu.Unlock()
	if refuse {
		f.gatewayCount(func(g *gateway) { g.stats.Refused++ })
		http.Error(w, "503: the gateway is down (RefuseGateway)", http.StatusServiceUnavailable)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gatewayConn{ws: ws, shard: -1}
	f.gatewayCount(func(g *gateway) {
		g.conns = append(g.conns, c)
		g.stats.Connections++
	})
	defer f.gatewayGone(c)
	defer ws.Close()

	// A long interval: the client's first heartbeat goes out at once
	// anyway, and each is acknowledged.
	if c.send(map[string]any{"op": 10, "d": map[string]int{"heartbeat_interval": 41250}}) != nil {
		return
	}
	for {
		var fr frame
		if err := ws.ReadJSON(&fr); err != nil {
			return
		}
		switch fr.Op {
		case 1:
			if c.send(map[string]any{"op": 11}) != nil {
				return
			}
			f.gatewayCount(func(g *gateway) { g.heartbeats++ })
		case 2:
			if !f.identify(c, r, fr.Data) {
				return
			}
		case 6:
			if !f.resume(c, fr.Data) {
				return
			}
		}
	}
}

// identify answers an IDENTIFY: READY, or Discord's refusal. It reports
// whether the connection stays open.
func (f *Fake) identify(c *gatewayConn, r *http.Request, data json.RawMessage) bool {
	g := &f.gw
	var id struct {
		Token   string           `json:"token"`
		Intents discordgo.Intent `json:"intents"`
		Shard   *[2]int          `json:"shard"`
	}
	_ = json.Unmarshal(data, &id)
	got := Identify{Token: id.Token, Intents: id.Intents, Shard: [2]int{0, 1}, At: f.identifyNow()}
	if id.Shard != nil {
		got.Shard, got.Sharded = *id.Shard, true
	}
	g.mu.Lock()
	g.identifies = append(g.identifies, got)
	g.mu.Unlock()
	if id.Token != "Bot "+f.o.Token {
		f.refuseSession(c, 4004, "Authentication failed.", "gateway IDENTIFY with a wrong token: want \"Bot <token>\"")
		return false
	}
	if id.Intents&privilegedIntents != 0 && !f.o.AllowPrivilegedIntents {
		f.refuseSession(c, 4014, "Disallowed intent(s).", "gateway IDENTIFY asks for privileged intents %d", id.Intents&privilegedIntents)
		return false
	}
	shard, count := got.Shard[0], got.Shard[1]
	if count < 1 || shard < 0 || shard >= count {
		f.gatewayCount(func(g *gateway) { g.stats.BadShards++ })
		f.refuseSession(c, 4010, "Invalid shard.", "gateway IDENTIFY with shard %v: want [id, count] with 0 <= id < count", got.Shard)
		return false
	}
	if f.o.RequireSharding && count < f.o.Shards {
		f.gatewayCount(func(g *gateway) { g.stats.BadShards++ })
		f.refuseSession(c, 4011, "Sharding required.", "gateway IDENTIFY with %d shard(s), and the bot is in too many servers: GET /gateway/bot recommends %d", count, f.o.Shards)
		return false
	}
	if !f.identifyAllowed(shard, got.At) {
		// Discord's gateway documentation, "Rate Limiting"
		// (https://discord.com/developers/docs/events/gateway#rate-limiting):
		// "Clients also have limit of concurrent Identify requests
		// allowed per 5 seconds. If you hit this limit, the Gateway will
		// respond with an Opcode 9 Invalid Session." (Close code 4008 is
		// for sending too many payloads, not for identifies.) The fake
		// then closes the connection, so that a client that identifies
		// again at once (discordgo does) does not spin.
		f.gatewayCount(func(g *gateway) { g.stats.RateLimited++ })
		f.mu.Lock()
		f.violate(nil, "gateway IDENTIFY of shard %d/%d less than %v after another of rate-limit key %d (shard_id %% max_concurrency %d)", shard, count, identifyWindow, shard%f.maxConcurrency(), f.maxConcurrency())
		f.mu.Unlock()
		_ = c.send(map[string]any{"op": 9, "d": false})
		return false
	}
	g.mu.Lock()
	g.sessions++
	s := &shardSession{id: fmt.Sprintf("fake-session-%d", g.sessions)}
	if g.shards == nil {
		g.shards = map[int]*shardSession{}
	}
	if old := g.shards[shard]; old != nil && old.ready != nil && old.ready != c {
		old.ready.ws.Close() // a new session of the shard ends the old one
	}
	g.shards[shard], g.count, c.shard = s, count, shard
	g.stats.Identifies++
	g.mu.Unlock()
	if f.sendDispatch(c, s, "READY", map[string]any{
		"v": 9, "session_id": s.id, "resume_gateway_url": "ws://" + r.Host + gatewayPath,
		"user":        f.botUser(),
		"application": map[string]any{"id": f.o.AppID, "flags": 0},
		"guilds":      []any{map[string]any{"id": f.o.GuildID, "unavailable": true}},
		"shard":       got.Shard,
	}) != nil {
		return false
	}
	f.gatewayReady(c, s)
	return true
}

// identifyNow is the time of an IDENTIFY.
func (f *Fake) identifyNow() time.Time {
	if f.o.IdentifyClock != nil {
		return f.o.IdentifyClock.Now()
	}
	return time.Now()
}

// identifyAllowed applies Discord's identify rate limit, when
// Options.IdentifyClock asks for it, and counts the IDENTIFY if allowed.
func (f *Fake) identifyAllowed(shard int, now time.Time) bool {
	if f.o.IdentifyClock == nil {
		return true
	}
	key := shard % f.maxConcurrency()
	g := &f.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	if last, ok := g.lastByKey[key]; ok && now.Sub(last) < identifyWindow {
		return false
	}
	if g.lastByKey == nil {
		g.lastByKey = map[int]time.Time{}
	}
	g.lastByKey[key] = now
	return true
}

// resume answers a RESUME: the events the session missed, then RESUMED;
// op 9 if the session cannot be resumed. It reports whether the
// connection stays open.
func (f *Fake) resume(c *gatewayConn, data json.RawMessage) bool {
	g := &f.gw
	var res struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(data, &res)
	if res.Token != "Bot "+f.o.Token {
		f.refuseSession(c, 4004, "Authentication failed.", "gateway RESUME with a wrong token: want \"Bot <token>\"")
		return false
	}
	g.mu.Lock()
	var s *shardSession
	shard := -1
	for id, x := range g.shards {
		if res.SessionID != "" && x.id == res.SessionID {
			s, shard = x, id
		}
	}
	valid := !g.invalidate && s != nil && res.Seq <= s.seq
	g.invalidate = false
	if valid {
		g.stats.Resumes++
	} else {
		g.stats.Invalidated++
	}
	// As Discord does: the events the client missed, then RESUMED.
	var missed []frame
	if valid {
		c.shard = shard
		for _, fr := range s.sent {
			if fr.Seq > res.Seq {
				missed = append(missed, fr)
			}
		}
	}
	g.mu.Unlock()
	if !valid {
		// Invalid session, not resumable: the client must IDENTIFY.
		return c.send(map[string]any{"op": 9, "d": false}) == nil
	}
	for _, fr := range missed {
		if c.send(fr) != nil {
			return false
		}
	}
	if f.sendDispatch(c, s, "RESUMED", map[string]any{}) != nil {
		return false
	}
	f.gatewayReady(c, s)
	return true
}

// gatewayReady makes c the connection of the shard's session, which
// Dispatch uses.
func (f *Fake) gatewayReady(c *gatewayConn, s *shardSession) {
	f.gatewayCount(func(*gateway) { s.ready = c })
}

// refuseSession records the broken rule and closes the connection with
// Discord's close code.
func (f *Fake) refuseSession(c *gatewayConn, code int, text, format string, args ...any) {
	f.mu.Lock()
	f.violate(nil, format, args...)
	f.mu.Unlock()
	closeWith(c, code, text)
}

func closeWith(c *gatewayConn, code int, text string) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(code, text))
}

func (f *Fake) sendDispatch(c *gatewayConn, s *shardSession, typ string, d any) error {
	var data []byte
	var err error
	if i, ok := d.(*discordgo.Interaction); ok {
		data, err = MarshalInteraction(i)
	} else {
		data, err = json.Marshal(d)
	}
	if err != nil {
		return err
	}
	g := &f.gw
	g.mu.Lock()
	s.seq++
	fr := frame{Op: 0, Seq: s.seq, Type: typ, Data: data}
	if typ != "READY" && typ != "RESUMED" {
		s.sent = append(s.sent, fr)
		if len(s.sent) > 2*replayKept {
			s.sent = append([]frame(nil), s.sent[len(s.sent)-replayKept:]...)
		}
	}
	g.mu.Unlock()
	return c.send(fr)
}

// ShardOf is the shard that receives the events of a server, as Discord
// routes them: (guild_id >> 22) % count. Direct messages (guild "") go to
// shard 0.
func ShardOf(guild string, count int) int {
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil || count < 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// GuildOnShard is a server id (a snowflake) whose events go to shard, of
// count: for tests that need servers on different shards.
func GuildOnShard(shard, count int) string {
	for k := uint64(0); ; k++ {
		g := strconv.FormatUint(300000000000000000+k<<22, 10)
		if ShardOf(g, count) == shard%max(count, 1) {
			return g
		}
	}
}

// readyShard is the session of shard, if it is ready; g.mu is held.
func (g *gateway) readyShard(shard int) *shardSession {
	if s := g.shards[shard]; s != nil && s.ready != nil {
		return s
	}
	return nil
}

// WaitGateway waits until the session of shard 0 is ready (IDENTIFY
// answered with READY): the only session of a bot that does not shard.
func (f *Fake) WaitGateway(ctx context.Context) error { return f.WaitShards(ctx, 0) }

// WaitShards waits until the sessions of the shards are ready.
func (f *Fake) WaitShards(ctx context.Context, shards ...int) error {
	return f.wait(ctx, func() bool {
		f.gw.mu.Lock()
		defer f.gw.mu.Unlock()
		for _, id := range shards {
			if f.gw.readyShard(id) == nil {
				return false
			}
		}
		return true
	})
}

// Identifies lists the IDENTIFY payloads received.
func (f *Fake) Identifies() []Identify {
	f.gw.mu.Lock()
	defer f.gw.mu.Unlock()
	return append([]Identify(nil), f.gw.identifies...)
}

// Heartbeats is the number of heartbeats received and acknowledged.
func (f *Fake) Heartbeats() int {
	f.gw.mu.Lock()
	defer f.gw.mu.Unlock()
	return f.gw.heartbeats
}

// WaitHeartbeats waits until n heartbeats have been acknowledged.
func (f *Fake) WaitHeartbeats(ctx context.Context, n int) error {
	return f.wait(ctx, func() bool {
		f.gw.mu.Lock()
		defer f.gw.mu.Unlock()
		return f.gw.heartbeats >= n
	})
}

// ShardFor is the shard the gateway sends the interaction to: that of its
// server (ShardOf) among the shards the bot identified with; shard 0 for a
// direct message, or before any IDENTIFY.
func (f *Fake) ShardFor(i *discordgo.Interaction) int {
	f.gw.mu.Lock()
	count := f.gw.count
	f.gw.mu.Unlock()
	return ShardOf(i.GuildID, count)
}

// Dispatch sends the interaction as an INTERACTION_CREATE event over the
// session of the shard it belongs to (ShardFor), waiting for that session
// if its connection is down. If the connection drops as it goes, the
// event is still the session's: a RESUME replays it, as Discord does.
func (f *Fake) Dispatch(ctx context.Context, i *discordgo.Interaction) error {
	for {
		shard := f.ShardFor(i)
		if err := f.WaitShards(ctx, shard); err != nil {
			return fmt.Errorf("discordtest: the session of shard %d is not ready: %w", shard, err)
		}
		f.gw.mu.Lock()
		var c *gatewayConn
		s := f.gw.readyShard(shard)
		if s != nil {
			c = s.ready
		}
		f.gw.mu.Unlock()
		if c == nil || f.ShardFor(i) != shard {
			continue // dropped, or sharded anew, meanwhile
		}
		f.mu.Lock()
		if st := f.interactions[i.ID]; st != nil {
			st.sentAt = time.Now() // the callback deadline counts from now
		}
		f.mu.Unlock()
		_ = f.sendDispatch(c, s, "INTERACTION_CREATE", i) // kept for a RESUME if the write fails
		return nil
	}
}

// GatewayStats counts the gateway's connections, refusals, sessions and
// resumes so far.
func (f *Fake) GatewayStats() GatewayStats {
	f.gw.mu.Lock()
	defer f.gw.mu.Unlock()
	return f.gw.stats
}

// WaitGatewayStats waits until cond holds for the gateway's stats, and
// returns them.
func (f *Fake) WaitGatewayStats(ctx context.Context, cond func(GatewayStats) bool) (GatewayStats, error) {
	var st GatewayStats
	err := f.wait(ctx, func() bool {
		f.gw.mu.Lock()
		defer f.gw.mu.Unlock()
		st = f.gw.stats
		return cond(st)
	})
	return st, err
}

// DropGateway drops the connection of shard 0 (DropShard), the only
// session of a bot that does not shard.
func (f *Fake) DropGateway(code int) error { return f.DropShard(0, code) }

// DropShard closes the connection of the shard's ready session, as a
// network failure or Discord restarting a gateway node would: with the
// close code (4000, say, which allows a RESUME), or with none if code is 0
// (the connection just ends). The session stays resumable; its
// interactions wait until it is ready again, and the other shards carry
// on. It fails if the shard's session is not ready: a session is ready
// only once READY (or RESUMED) has gone out, which the client may have
// read already, so wait with WaitShards (or WaitGateway) first.
func (f *Fake) DropShard(shard, code int) error {
	g := &f.gw
	g.mu.Lock()
	var c *gatewayConn
	if s := g.readyShard(shard); s != nil {
		c, s.ready = s.ready, nil
		g.stats.Drops++
	}
	g.mu.Unlock()
	if c == nil {
		return fmt.Errorf("discordtest: the session of shard %d is not ready to drop", shard)
	}
	if code != 0 {
		closeWith(c, code, "dropped by the test")
	}
	c.ws.Close()
	f.mu.Lock()
	f.broadcast()
	f.mu.Unlock()
	return nil
}

// RefuseGateway makes the gateway refuse new connections (HTTP 503 to the
// websocket upgrade) while on is true, as when Discord or the network is
// down; connections already open stay open.
func (f *Fake) RefuseGateway(on bool) {
	f.gw.mu.Lock()
	defer f.gw.mu.Unlock()
	f.gw.refuse = on
}

// InvalidateSession makes the next RESUME fail with op 9 (invalid
// session, not resumable), so that the client must IDENTIFY again.
func (f *Fake) InvalidateSession() {
	f.gw.mu.Lock()
	defer f.gw.mu.Unlock()
	f.gw.invalidate = true
}
