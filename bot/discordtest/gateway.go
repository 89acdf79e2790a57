package discordtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
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
}

type gatewayConn struct {
	ws  *websocket.Conn
	wmu sync.Mutex
}

func (c *gatewayConn) send(v any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.WriteJSON(v)
}

type gateway struct {
	mu         sync.Mutex
	conns      []*gatewayConn
	ready      *gatewayConn // the connection whose session got READY or RESUMED
	identifies []Identify
	heartbeats int
	seq        int64
	session    string // the session a RESUME may name; "" before the first READY
	sessions   int
	refuse     bool    // answer connection attempts 503
	invalidate bool    // answer the next RESUME with op 9
	sent       []frame // the session's latest dispatches, replayed on RESUME
	stats      GatewayStats
}

// replayKept is how many dispatches a session keeps for a RESUME.
const replayKept = 256

// GatewayStats counts what the fake gateway saw.
type GatewayStats struct {
	Connections int // websocket connections opened
	Refused     int // connection attempts refused (RefuseGateway)
	Identifies  int // IDENTIFYs answered with READY
	Resumes     int // RESUMEs answered with RESUMED
	Invalidated int // RESUMEs answered with op 9, invalid session
	Drops       int // connections closed by DropGateway
}

func (g *gateway) closeAll() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, c := range g.conns {
		c.ws.Close()
	}
	g.conns, g.ready = nil, nil
}

// gone forgets a connection that closed.
func (f *Fake) gatewayGone(c *gatewayConn) {
	g := &f.gw
	g.mu.Lock()
	g.conns = slices.DeleteFunc(g.conns, func(x *gatewayConn) bool { return x == c })
	if g.ready == c {
		g.ready = nil
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
	c := &gatewayConn{ws: ws}
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
			g.mu.Lock()
			g.heartbeats++
			g.mu.Unlock()
			f.mu.Lock()
			f.broadcast()
			f.mu.Unlock()
		case 2:
			var id struct {
				Token   string           `json:"token"`
				Intents discordgo.Intent `json:"intents"`
			}
			_ = json.Unmarshal(fr.Data, &id)
			g.mu.Lock()
			g.identifies = append(g.identifies, Identify{Token: id.Token, Intents: id.Intents})
			g.mu.Unlock()
			if id.Token != "Bot "+f.o.Token {
				f.refuseSession(c, 4004, "Authentication failed.", "gateway IDENTIFY with a wrong token: want \"Bot <token>\"")
				return
			}
			if id.Intents&privilegedIntents != 0 && !f.o.AllowPrivilegedIntents {
				f.refuseSession(c, 4014, "Disallowed intent(s).", "gateway IDENTIFY asks for privileged intents %d", id.Intents&privilegedIntents)
				return
			}
			g.mu.Lock()
			g.sessions++
			g.session = fmt.Sprintf("fake-session-%d", g.sessions)
			g.sent = nil
			session := g.session
			g.stats.Identifies++
			g.mu.Unlock()
			if f.sendDispatch(c, "READY", map[string]any{
				"v": 9, "session_id": session, "resume_gateway_url": "ws://" + r.Host + gatewayPath,
				"user":        f.botUser(),
				"application": map[string]any{"id": f.o.AppID, "flags": 0},
				"guilds":      []any{map[string]any{"id": f.o.GuildID, "unavailable": true}},
			}) != nil {
				return
			}
			f.gatewayReady(c)
		case 6:
			var res struct {
				Token     string `json:"token"`
				SessionID string `json:"session_id"`
				Seq       int64  `json:"seq"`
			}
			_ = json.Unmarshal(fr.Data, &res)
			if res.Token != "Bot "+f.o.Token {
				f.refuseSession(c, 4004, "Authentication failed.", "gateway RESUME with a wrong token: want \"Bot <token>\"")
				return
			}
			g.mu.Lock()
			valid := !g.invalidate && res.SessionID != "" && res.SessionID == g.session && res.Seq <= g.seq
			g.invalidate = false
			if valid {
				g.stats.Resumes++
			} else {
				g.stats.Invalidated++
			}
			g.mu.Unlock()
			if !valid {
				// Invalid session, not resumable: the client must IDENTIFY.
				if c.send(map[string]any{"op": 9, "d": false}) != nil {
					return
				}
				continue
			}
			// As Discord does: the events the client missed, then RESUMED.
			g.mu.Lock()
			var missed []frame
			for _, fr := range g.sent {
				if fr.Seq > res.Seq {
					missed = append(missed, fr)
				}
			}
			g.mu.Unlock()
			for _, fr := range missed {
				if c.send(fr) != nil {
					return
				}
			}
			if f.sendDispatch(c, "RESUMED", map[string]any{}) != nil {
				return
			}
			f.gatewayReady(c)
		}
	}
}

// gatewayReady makes c the session that Dispatch uses.
func (f *Fake) gatewayReady(c *gatewayConn) {
	f.gw.mu.Lock()
	f.gw.ready = c
	f.gw.mu.Unlock()
	f.mu.Lock()
	f.broadcast()
	f.mu.Unlock()
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

func (f *Fake) sendDispatch(c *gatewayConn, typ string, d any) error {
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
	g.seq++
	fr := frame{Op: 0, Seq: g.seq, Type: typ, Data: data}
	if typ != "READY" && typ != "RESUMED" {
		g.sent = append(g.sent, fr)
		if len(g.sent) > 2*replayKept {
			g.sent = append([]frame(nil), g.sent[len(g.sent)-replayKept:]...)
		}
	}
	g.mu.Unlock()
	return c.send(fr)
}

// WaitGateway waits until a gateway session is ready (IDENTIFY answered
// with READY).
func (f *Fake) WaitGateway(ctx context.Context) error {
	return f.wait(ctx, func() bool {
		f.gw.mu.Lock()
		defer f.gw.mu.Unlock()
		return f.gw.ready != nil
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

// Dispatch sends the interaction as an INTERACTION_CREATE event over the
// ready gateway session, waiting for one if the connection is down. If the
// connection drops as it goes, the event is still the session's: a RESUME
// replays it, as Discord does.
func (f *Fake) Dispatch(ctx context.Context, i *discordgo.Interaction) error {
	for {
		if err := f.WaitGateway(ctx); err != nil {
			return fmt.Errorf("discordtest: no gateway session is ready: %w", err)
		}
		f.gw.mu.Lock()
		c := f.gw.ready
		f.gw.mu.Unlock()
		if c == nil {
			continue // dropped meanwhile
		}
		f.mu.Lock()
		if st := f.interactions[i.ID]; st != nil {
			st.sentAt = time.Now() // the callback deadline counts from now
		}
		f.mu.Unlock()
		_ = f.sendDispatch(c, "INTERACTION_CREATE", i) // kept for a RESUME if the write fails
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

// DropGateway closes the connection of the ready session, as a network
// failure or Discord restarting a gateway node would: with the close code
// (4000, say, which allows a RESUME), or with none if code is 0 (the
// connection just ends). The session stays resumable; interactions wait
// until a session is ready again. It fails if no session is ready: a
// session is ready only once READY (or RESUMED) has gone out, which the
// client may have read already, so wait with WaitGateway first.
func (f *Fake) DropGateway(code int) error {
	g := &f.gw
	g.mu.Lock()
	c := g.ready
	g.ready = nil
	if c != nil {
		g.stats.Drops++
	}
	g.mu.Unlock()
	if c == nil {
		return fmt.Errorf("discordtest: no gateway session is ready to drop")
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
