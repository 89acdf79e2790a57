package discord

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"
)

// GatewayOptions tunes RunGateway.
type GatewayOptions struct {
	Logger *slog.Logger  // default slog.Default()
	Grace  time.Duration // how long a shutdown waits for in-flight interactions (default 30 s)
	// OnReady is called when the gateway session is ready (optional).
	OnReady func(r *discordgo.Ready)
}

// RunGateway receives interactions over the gateway websocket of the
// client's session (Guilds intent only; no privileged intents) and hands
// each to the dispatcher, which answers through REST. The gateway URL is
// discovered through the client's REST transport, so DISCORD_API_BASE
// redirects it too. discordgo reconnects and resumes on its own.
//
// It returns when ctx ends, after it has stopped taking interactions,
// closed the websocket and waited for the interactions in flight; or at
// once if the connection cannot be opened.
func RunGateway(ctx context.Context, c *Client, d *Dispatcher, o GatewayOptions) error {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Grace <= 0 {
		o.Grace = 30 * time.Second
	}
	s := c.Session()
	s.Identify.Intents = discordgo.IntentsGuilds
	removeReady := s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		name := ""
		if r.User != nil {
			name = r.User.Username
		}
		o.Logger.Info("discord: gateway ready", "bot", name, "guilds", len(r.Guilds))
		if o.OnReady != nil {
			o.OnReady(r)
		}
	})
	defer removeReady()
	removeInteractions := s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		if ic == nil || ic.Interaction == nil {
			return
		}
		if err := d.Dispatch(ctx, ic.Interaction); err != nil {
			o.Logger.Warn("discord: interaction dropped", "interaction", ic.ID, "err", err)
		}
	})
	if err := s.Open(); err != nil {
		removeInteractions()
		return fmt.Errorf("discord: opening the gateway: %w", redactURLError(wrap(err)))
	}
	<-ctx.Done()
	removeInteractions()
	o.Logger.Info("discord: gateway closing; finishing interactions in flight", "in_flight", d.InFlight())
	closeErr := s.Close()
	sctx, cancel := context.WithTimeout(context.Background(), o.Grace)
	defer cancel()
	if err := d.Shutdown(sctx); err != nil {
		return err
	}
	return closeErr
}
