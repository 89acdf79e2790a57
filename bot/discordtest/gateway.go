package discordtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
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
	ready      *gatewayConn // the last session that got READY
	identifies []Identify
	heartbeats int
	seq        int64
}

func (g *gateway) closeAll() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, c := range g.conns {
		c.ws.Close()
	}
	g.conns, g.ready = nil, nil
}

type frame struct {
	Op   int             `json:"op"`
	Data json.RawMessage `json:"d,omitempty"`
	Seq  int64           `json:"s,omitempty"`
	Type string          `json:"t,omitempty"`
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// serveGateway is the gateway websocket: HELLO, then IDENTIFY (or RESUME)
// answered with READY (or RESUMED), heartbeats acknowledged, and
// dispatches sent by Dispatch.
func (f *Fake) serveGateway(w http.ResponseWriter, r *http.Request) {
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gatewayConn{ws: ws}
	g := &f.gw
	g.mu.Lock()
	g.conns = append(g.conns, c)
	g.mu.Unlock()
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
				f.mu.Lock()
				f.violate(nil, "gateway IDENTIFY with a wrong token: want \"Bot <token>\"")
				f.mu.Unlock()
				closeWith(c, 4004, "Authentication failed.")
				return
			}
			if id.Intents&privilegedIntents != 0 && !f.o.AllowPrivilegedIntents {
				f.mu.Lock()
				f.violate(nil, "gateway IDENTIFY asks for privileged intents %d", id.Intents&privilegedIntents)
				f.mu.Unlock()
				closeWith(c, 4014, "Disallowed intent(s).")
				return
			}
			if f.sendDispatch(c, "READY", map[string]any{
				"v": 9, "session_id": "fake-session", "resume_gateway_url": "ws://" + r.Host + gatewayPath,
				"user":        f.botUser(),
				"application": map[string]any{"id": f.o.AppID, "flags": 0},
				"guilds":      []any{map[string]any{"id": f.o.GuildID, "unavailable": true}},
			}) != nil {
				return
			}
			f.gatewayReady(c)
		case 6:
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
	seq := g.seq
	g.mu.Unlock()
	return c.send(frame{Op: 0, Seq: seq, Type: typ, Data: data})
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
// ready gateway session.
func (f *Fake) Dispatch(ctx context.Context, i *discordgo.Interaction) error {
	if err := f.WaitGateway(ctx); err != nil {
		return fmt.Errorf("discordtest: no gateway session is ready: %w", err)
	}
	f.mu.Lock()
	if st := f.interactions[i.ID]; st != nil {
		st.sentAt = time.Now()
	}
	f.mu.Unlock()
	f.gw.mu.Lock()
	c := f.gw.ready
	f.gw.mu.Unlock()
	if c == nil {
		return fmt.Errorf("discordtest: the gateway session closed")
	}
	return f.sendDispatch(c, "INTERACTION_CREATE", i)
}
