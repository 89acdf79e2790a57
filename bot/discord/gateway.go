package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// GatewayOptions tunes RunGateway.
type GatewayOptions struct {
	Logger *slog.Logger  // default slog.Default()
	Grace  time.Duration // how long a shutdown waits for in-flight interactions (default 30 s)
	// OnReady is called when the gateway session is ready (optional), on
	// each READY: at start, and when a session could not be resumed.
	OnReady func(r *discordgo.Ready)
	// Backoff spaces the attempts to open the gateway, at start and after
	// the connection dropped (default 1 s doubling to 2 min, with jitter).
	Backoff Backoff
	// Clock times the waits between attempts (default SystemClock).
	Clock Clock
	// Connection, if not nil, follows the state of the connection, for
	// /healthz.
	Connection *Connection
}

// Connection is the state of the connection to Discord, for /healthz: up
// once the gateway answered READY or RESUMED, down with the reason while
// the commands are being registered, or the gateway connection dropped or
// cannot be opened. The zero value is down, "the gateway is not connected
// yet". It is safe for concurrent use.
type Connection struct {
	mu     sync.Mutex
	up     bool
	reason string
	since  time.Time
}

func (c *Connection) set(up bool, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.up != up || c.since.IsZero() {
		c.since = time.Now()
	}
	c.up, c.reason = up, reason
}

// Check is nil while the connection is up, else an error saying why it is
// not and since when: a /healthz check (HealthHandler).
func (c *Connection) Check(context.Context) error {
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

// Up reports whether the connection is up.
func (c *Connection) Up() bool { return c.Check(context.Background()) == nil }

// RunGateway receives interactions over the gateway websocket of the
// client's session (Guilds intent only; no privileged intents) and hands
// each to the dispatcher, which answers through REST. The gateway URL is
// discovered through the client's REST transport, so DISCORD_API_BASE
// redirects it too.
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
	conn := o.Connection
	if conn == nil {
		conn = &Connection{}
	}
	s := c.Session()
	s.Identify.Intents = discordgo.IntentsGuilds
	// RunGateway reconnects itself, with jitter, and stops on the close
	// codes that forbid it; discordgo would retry those for ever.
	s.ShouldReconnectOnError = false
	// Events in order, on the goroutine that reads them: a RESUMED is never
	// handled before the disconnect that came first. Interactions still
	// run concurrently (each in its own goroutine, below).
	s.SyncEvents = true
	dropped := make(chan struct{}, 1)
	remove := []func(){
		s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
			conn.set(true, "")
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
			o.Logger.Info("discord: gateway session resumed")
		}),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) {
			if ctx.Err() != nil {
				return // our own Close at shutdown
			}
			conn.set(false, "the gateway connection dropped; reconnecting")
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
		go func() {
			if err := d.Dispatch(ctx, ic.Interaction); err != nil {
				o.Logger.Warn("discord: interaction dropped", "interaction", ic.ID, "err", err)
			}
		}()
	})
	defer func() {
		for _, f := range remove {
			f()
		}
	}()

	err := keepOpen(ctx, s, conn, dropped, o)
	removeInteractions()
	if err != nil {
		conn.set(false, err.Error())
	} else {
		conn.set(false, "shutting down")
	}
	o.Logger.Info("discord: gateway closing; finishing interactions in flight", "in_flight", d.InFlight())
	closeErr := s.Close()
	if err != nil {
		closeErr = nil // the connection was not open
	}
	sctx, cancel := context.WithTimeout(context.Background(), o.Grace)
	defer cancel()
	return errors.Join(err, d.Shutdown(sctx), closeErr)
}

// keepOpen opens the gateway and opens it again each time the connection
// drops, until ctx ends (nil) or an attempt fails in a way retrying cannot
// fix (that error).
func keepOpen(ctx context.Context, s *discordgo.Session, conn *Connection, dropped <-chan struct{}, o GatewayOptions) error {
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
			err := s.Open()
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
