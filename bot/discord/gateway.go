package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// GatewayOptions tunes RunGateway.
type GatewayOptions struct {
	Logger *slog.Logger  // default slog.Default()
	Grace  time.Duration // how long a shutdown waits for in-flight interactions (default 30 s)
	// OnReady is called when a gateway session is ready (optional), on
	// each READY: at start, and when a session could not be resumed; with
	// shards, for each shard.
	OnReady func(r *discordgo.Ready)
	// Backoff spaces the attempts to open the gateway, at start and after
	// the connection dropped (default 1 s doubling to 2 min, with jitter).
	Backoff Backoff
	// Clock times the waits between attempts, and the pacing of the
	// shards' IDENTIFYs (default SystemClock).
	Clock Clock
	// Connection, if not nil, follows the state of the connection (of
	// each shard's), for /healthz.
	Connection *Connection
	// Shards, when it asks for sharding (TWIXTBOT_SHARDS), runs one
	// session per shard of the plan instead of the client's one session.
	Shards ShardPlan
	// Metrics, if not nil, counts the gateway's events by shard.
	Metrics *Metrics
}

// Connection is the state of the connection to Discord, for /healthz: up
// once the gateway answered READY or RESUMED, down with the reason while
// the commands are being registered, or the gateway connection dropped or
// cannot be opened. With shards, it holds the state of each shard, and is
// up when every one is. The zero value is down, "the gateway is not
// connected yet". It is safe for concurrent use.
type Connection struct {
	mu     sync.Mutex
	up     bool
	reason string
	since  time.Time
	shards []shardConnection // when sharded: these, not the fields above
}

type shardConnection struct {
	shard Shard
	conn  *Connection
}

func (c *Connection) set(up bool, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.up != up || c.since.IsZero() {
		c.since = time.Now()
	}
	c.up, c.reason = up, reason
}

// addShards makes the connection the sum of one per shard, and returns
// them.
func (c *Connection) addShards(shards []Shard) []*Connection {
	out := make([]*Connection, len(shards))
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, sh := range shards {
		out[i] = &Connection{}
		c.shards = append(c.shards, shardConnection{shard: sh, conn: out[i]})
	}
	return out
}

// check is the state of one session.
func (c *Connection) check() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.up {
		return nil
	}
	reason := c.reason
	if reason == "" {
		reason = "the gateway is not connected yet"
	}
	if c.since.IsZero() {
		return errors.New(reason)
	}
	return fmt.Errorf("%s (since %s)", reason, c.since.UTC().Format(time.RFC3339))
}

func (c *Connection) shardList() []shardConnection {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.shards
}

// Check is nil while the connection is up (with shards: every shard's),
// else an error saying why it is not and since when (with shards: which
// are not; ShardStates says why): a /healthz check (HealthHandler).
func (c *Connection) Check(context.Context) error {
	shards := c.shardList()
	if len(shards) == 0 {
		return c.check()
	}
	var down []string
	for _, s := range shards {
		if s.conn.check() != nil {
			down = append(down, s.shard.String())
		}
	}
	if len(down) > 0 {
		return fmt.Errorf("%d of %d shards not ready: %s", len(down), len(shards), strings.Join(down, ", "))
	}
	return nil
}

// ShardStates describes each shard's state, one line each, such as
// "shard 1/4: ready" or "shard 2/4: the gateway connection dropped;
// reconnecting (since ...)"; nil for an unsharded bot.
func (c *Connection) ShardStates() []string {
	var lines []string
	for _, s := range c.shardList() {
		state := "ready"
		if err := s.conn.check(); err != nil {
			state = err.Error()
		}
		lines = append(lines, "shard "+s.shard.String()+": "+state)
	}
	return lines
}

// Up reports whether the connection is up.
func (c *Connection) Up() bool { return c.Check(context.Background()) == nil }

// RunGateway receives interactions over the gateway websocket of the
// client's session (Guilds intent only; no privileged intents) and hands
// each to the dispatcher, which answers through REST. The gateway URL is
// discovered through the client's REST transport, so DISCORD_API_BASE
// redirects it too. With o.Shards it runs a session per shard instead,
// each on its own websocket, all feeding the one dispatcher (see
// runShards).
//
// It keeps the connection open: when the gateway cannot be opened (at
// start or after the connection dropped) it retries with backoff and
// jitter, logging each failure, until ctx ends. After a drop it resumes
// the session (RESUME, so nothing sent meanwhile is lost) or, if Discord
// refuses that, identifies anew. It gives up only when retrying cannot
// help: Discord refused the token (HTTP 401, close code 4004; a
// *TokenError) or closed the gateway with a code that forbids
// reconnecting (a *GatewayCloseError).
//
// It returns when ctx ends, after it has stopped taking interactions,
// closed the websocket and waited for the interactions in flight.
func RunGateway(ctx context.Context, c *Client, d *Dispatcher, o GatewayOptions) error {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Grace <= 0 {
		o.Grace = 30 * time.Second
	}
	if o.Clock == nil {
		o.Clock = SystemClock
	}
	LogLibrary(o.Logger)
	if o.Connection == nil {
		o.Connection = &Connection{}
	}
	var err error
	if o.Shards.Sharded() {
		err = runShards(ctx, c, d, o.Connection, o)
	} else {
		err = runSession(ctx, c.Session(), d, o.Connection, o, sessionShard{})
	}
	o.Logger.Info("discord: gateway closed; finishing interactions in flight", "in_flight", d.InFlight())
	sctx, cancel := context.WithTimeout(context.Background(), o.Grace)
	defer cancel()
	return errors.Join(err, d.Shutdown(sctx))
}

// runSession runs one gateway session, its events handed to the
// dispatcher, until ctx ends or it fails for good; it closes the
// websocket before it returns.
func runSession(ctx context.Context, s *discordgo.Session, d *Dispatcher, conn *Connection, o GatewayOptions, sh sessionShard) error {
	s.Identify.Intents = discordgo.IntentsGuilds
	// RunGateway reconnects itself, with jitter, and stops on the close
	// codes that forbid it; discordgo would retry those for ever.
	s.ShouldReconnectOnError = false
	// Events in order, on the goroutine that reads them: a RESUMED is never
	// handled before the disconnect that came first. Interactions still
	// run concurrently (each in its own goroutine, below).
	s.SyncEvents = true
	label := sh.label()
	var identified atomic.Bool // READY came: Open resumes from now on
	dropped := make(chan struct{}, 1)
	o.Metrics.observeGateway(label, "")
	remove := []func(){
		s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
			if identified.Swap(true) && sh.gate != nil {
				// A READY after the first: discordgo identified anew
				// by itself, Discord having refused a RESUME.
				sh.gate.identifiedOutside(sh.shard.ID)
			}
			conn.set(true, "")
			o.Metrics.observeGateway(label, "ready")
			name := ""
			if r.User != nil {
				name = r.User.Username
			}
			o.Logger.Info("discord: gateway ready", "bot", name, "guilds", len(r.Guilds))
			if o.OnReady != nil {
				o.OnReady(r)
			}
		}),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) {
			conn.set(true, "")
			o.Metrics.observeGateway(label, "resumed")
			o.Logger.Info("discord: gateway session resumed")
		}),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) {
			if ctx.Err() != nil {
				return // our own Close at shutdown
			}
			conn.set(false, "the gateway connection dropped; reconnecting")
			o.Metrics.observeGateway(label, "disconnect")
			select {
			case dropped <- struct{}{}:
			default:
			}
		}),
	}
	removeInteractions := s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		if ic == nil || ic.Interaction == nil {
			return
		}
		o.Metrics.observeGateway(label, "interaction")
		go func() {
			if err := d.Dispatch(sh.context(ctx), ic.Interaction); err != nil {
				o.Logger.Warn("discord: interaction dropped", "interaction", ic.ID, "err", err)
			}
		}()
	})
	defer func() {
		for _, f := range remove {
			f()
		}
	}()

	err := keepOpen(ctx, s, conn, dropped, o, func() (func(), error) {
		if sh.gate == nil || identified.Load() {
			return func() {}, nil // no IDENTIFY to pace: unsharded, or a RESUME
		}
		conn.set(false, fmt.Sprintf("waiting for its turn to identify (max_concurrency %d: that many shards identify per 5 s)", sh.gate.conc))
		return sh.gate.acquire(ctx, sh.shard.ID)
	})
	removeInteractions()
	if err != nil {
		conn.set(false, err.Error())
	} else {
		conn.set(false, "shutting down")
	}
	closeErr := s.Close()
	if err != nil {
		closeErr = nil // the connection was not open
	}
	o.Metrics.observeGateway(label, "")
	return errors.Join(err, closeErr)
}

// keepOpen opens the gateway and opens it again each time the connection
// drops, until ctx ends (nil) or an attempt fails in a way retrying cannot
// fix (that error).
//
// turn, before each attempt, waits until the session may open (an
// IDENTIFY paced by the shards' gate); its release runs after the
// attempt.
func keepOpen(ctx context.Context, s *discordgo.Session, conn *Connection, dropped <-chan struct{}, o GatewayOptions, turn func() (release func(), err error)) error {
	r := retrier{what: "open the gateway", backoff: o.Backoff, clock: o.Clock, log: o.Logger,
		failed: func(err error, attempt int, wait time.Duration) {
			conn.set(false, fmt.Sprintf("cannot open the gateway (attempt %d, next in %v): %v", attempt, wait.Round(time.Millisecond), redactURLError(wrap(err))))
		}}
	// A connection that drops soon after it opened counts as a failure:
	// the next attempt waits, so a flapping gateway is not hammered.
	stable := r.backoff.withDefaults().Max
	flaps := 0
	for {
		err := r.do(ctx, func() error {
			release, err := turn()
			if err != nil {
				return err
			}
			defer release()
			err = s.Open()
			if errors.Is(err, discordgo.ErrWSAlreadyOpen) {
				return nil // reopened already: a stale disconnect
			}
			return wrap(err)
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("discord: opening the gateway: %w", err)
		}
		opened := o.Clock.Now()
		select {
		case <-ctx.Done():
			return nil
		case <-dropped:
		}
		if o.Clock.Now().Sub(opened) >= stable {
			flaps = 0
			o.Logger.Warn("discord: the gateway connection dropped; reconnecting")
			continue
		}
		flaps++
		wait := r.backoff.Wait(flaps)
		o.Logger.Warn("discord: the gateway connection dropped soon after it opened; reconnecting", "drops", flaps, "retry_in", wait)
		if !sleepClock(ctx, o.Clock, wait) {
			return nil
		}
	}
}
