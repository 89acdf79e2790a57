package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// App wires a Config, a Router and the command definitions into a running
// bot: it registers the commands, then serves interactions over the HTTP
// endpoint (when Config.HTTPAddr is set, with /metrics and /healthz on the
// same server) or over the gateway (with /metrics and /healthz on
// Config.MetricsAddr when set), until its context ends.
type App struct {
	Config   Config
	Router   *Router
	Commands []*discordgo.ApplicationCommand // bulk-registered at start; nil: leave the commands alone
	Client   *Client                         // nil: built from Config
	Logger   *slog.Logger                    // default slog.Default()
	Metrics  *Metrics                        // nil: NewMetrics("twixtbot")
	Health   func(ctx context.Context) error // /healthz check (the database, say); nil: always healthy

	// Dispatch tunes the dispatcher; Run fills in its Router, Responder,
	// Logger and Metrics.
	Dispatch DispatcherOptions
	Grace    time.Duration // how long a shutdown waits for work in flight (default 30 s)

	// Listener and MetricsListener replace Config.HTTPAddr and
	// Config.MetricsAddr when set (tests listen on 127.0.0.1:0).
	Listener        net.Listener
	MetricsListener net.Listener
	// Ready, if set, is called once interactions are accepted, with the
	// HTTP endpoint's address (nil in gateway mode).
	Ready func(addr net.Addr)
	// Self, if set, is told the bot's own user id whenever the gateway
	// session is ready (gateway mode only: over HTTP the application id
	// stands for it).
	Self func(id UserID)

	// Backoff spaces the attempts to register the commands and to open
	// the gateway while Discord cannot be reached (default 1 s doubling to
	// 2 min, with jitter); Clock times them (default SystemClock).
	Backoff Backoff
	Clock   Clock
}

// opsMux serves /metrics, and /healthz: healthy when the connection (if
// any) is up and a.Health passes, followed by each shard's state.
func (a *App) opsMux(m *Metrics, conn *Connection) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/metrics", m)
	checks := []func(context.Context) error{a.Health}
	var details func() []string
	if conn != nil {
		checks = append(checks, conn.Check)
		details = conn.ShardStates
	}
	mux.Handle("/healthz", healthHandler(func(ctx context.Context) error {
		for _, c := range checks {
			if c == nil {
				continue
			}
			if err := c(ctx); err != nil {
				return err
			}
		}
		return nil
	}, details))
	return mux
}

// Run runs the bot until ctx ends (signal.NotifyContext), then stops
// taking interactions, finishes those in flight and returns, so the caller
// can close the database. While Discord cannot be reached it retries, with
// backoff, registering the commands and opening the gateway (which it
// reopens whenever the connection drops); in gateway mode /healthz is
// unhealthy meanwhile, saying why. It returns an error at once for what
// retrying cannot fix: a bad configuration, a token Discord refuses (a
// *TokenError), command definitions Discord refuses.
func (a *App) Run(ctx context.Context) error {
	if a.Router == nil {
		return fmt.Errorf("%w: App needs a Router", ErrConfig)
	}
	if err := a.Config.Validate(); err != nil {
		return err
	}
	log := a.Logger
	if log == nil {
		log = slog.Default()
	}
	grace := a.Grace
	if grace <= 0 {
		grace = 30 * time.Second
	}
	m := a.Metrics
	if m == nil {
		m = NewMetrics("twixtbot")
	}
	c := a.Client
	if c == nil {
		var err error
		c, err = NewClient(ClientOptions{Token: a.Config.Token, APIBase: a.Config.APIBase, Logger: log, Metrics: m})
		if err != nil {
			return err
		}
	}
	LogLibrary(log)

	do := a.Dispatch
	do.Router, do.Responder, do.Logger, do.Metrics = a.Router, c, log, m
	d := NewDispatcher(do)
	m.Gauge("interactions_in_flight", "Interactions being handled.", func() float64 { return float64(d.InFlight()) })

	if a.Config.HTTPMode() {
		if err := a.register(ctx, c, log, nil); err != nil {
			if ctx.Err() != nil {
				return nil // stopped while registering
			}
			return err
		}
		return a.runHTTP(ctx, d, m, log, grace)
	}
	return a.runGateway(ctx, c, d, m, log, grace)
}

func (a *App) retrier(what string, log *slog.Logger) retrier {
	clock := a.Clock
	if clock == nil {
		clock = SystemClock
	}
	return retrier{what: what, backoff: a.Backoff, clock: clock, log: log}
}

// register registers the commands (if any), retrying while Discord cannot
// be reached; conn, if not nil, shows the failures on /healthz.
func (a *App) register(ctx context.Context, c *Client, log *slog.Logger, conn *Connection) error {
	if a.Commands == nil {
		return nil
	}
	var got []*discordgo.ApplicationCommand
	r := a.retrier("register the commands", log)
	if conn != nil {
		conn.set(false, "registering the commands")
		r.failed = func(err error, attempt int, wait time.Duration) {
			conn.set(false, fmt.Sprintf("cannot register the commands (attempt %d, next in %v): %v", attempt, wait.Round(time.Millisecond), err))
		}
	}
	err := r.do(ctx, func() error {
		rctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		var err error
		got, err = c.RegisterCommands(rctx, a.Config.AppID, GuildID(a.Config.GuildID), a.Commands)
		return err
	})
	if err != nil {
		return fmt.Errorf("registering the commands: %w", err)
	}
	where := "globally"
	if a.Config.GuildID != "" {
		where = "in server " + a.Config.GuildID
	}
	log.Info("discord: commands registered", "count", len(got), "where", where)
	return nil
}

func (a *App) runHTTP(ctx context.Context, d *Dispatcher, m *Metrics, log *slog.Logger, grace time.Duration) error {
	key, err := a.Config.Key()
	if err != nil {
		return err
	}
	ln := a.Listener
	if ln == nil {
		if ln, err = net.Listen("tcp", a.Config.HTTPAddr); err != nil {
			return fmt.Errorf("listening for interactions: %w", err)
		}
	}
	mux := a.opsMux(m, nil)
	mux.Handle("/", NewInteractionHandler(key, d, InteractionHandlerOptions{Logger: log}))
	log.Info("discord: serving HTTP interactions", "addr", ln.Addr().String())
	if a.Ready != nil {
		a.Ready(ln.Addr())
	}
	serveErr := Serve(ctx, ln, mux, grace)
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	return errors.Join(serveErr, d.Shutdown(sctx))
}

func (a *App) runGateway(ctx context.Context, c *Client, d *Dispatcher, m *Metrics, log *slog.Logger, grace time.Duration) error {
	ln := a.MetricsListener
	if ln == nil && a.Config.MetricsAddr != "" {
		var err error
		if ln, err = net.Listen("tcp", a.Config.MetricsAddr); err != nil {
			return fmt.Errorf("listening for metrics: %w", err)
		}
	}
	gctx, stop := context.WithCancel(ctx)
	defer stop()
	// /healthz is unhealthy until the gateway is up, and while it is down.
	conn := &Connection{}
	opsDone := make(chan error, 1)
	if ln != nil {
		log.Info("discord: serving /metrics and /healthz", "addr", ln.Addr().String())
		go func() { opsDone <- Serve(gctx, ln, a.opsMux(m, conn), grace) }()
	} else {
		opsDone <- nil
	}
	plan, err := a.Config.ShardPlan()
	if err == nil {
		err = a.register(gctx, c, log, conn)
	}
	if err == nil {
		var once sync.Once
		err = RunGateway(gctx, c, d, GatewayOptions{Logger: log, Grace: grace, Backoff: a.Backoff, Clock: a.Clock, Connection: conn,
			Shards: plan, Metrics: m,
			OnReady: func(r *discordgo.Ready) {
				if a.Self != nil && r.User != nil && r.User.ID != "" {
					a.Self(UserID(r.User.ID))
				}
				if a.Ready != nil && conn.Up() {
					once.Do(func() { a.Ready(nil) }) // once every shard is up; not again on reconnects
				}
			}})
	} else if gctx.Err() != nil {
		err = nil // stopped while registering
	}
	stop()
	return errors.Join(err, <-opsDone)
}
