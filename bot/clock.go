package bot

import (
	"context"
	"time"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
)

// RunClock sweeps for reminders, timeouts and lapsed challenges every
// interval until ctx ends, posting what it finds in the games' channels.
// It sweeps once at once, so deadlines that passed while the bot was down
// are acted on at start. With a Leader, it sweeps only while this
// process leads.
func (b *Bot) RunClock(ctx context.Context, interval time.Duration) {
	b.whileLeading(ctx, "the clock", func(ctx context.Context) {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			b.Sweep(ctx)
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	})
}

// Sweep runs one sweep of the clock and posts its notices.
func (b *Bot) Sweep(ctx context.Context) {
	notices, err := b.svc.Sweep(ctx, b.now())
	if err != nil {
		b.log.Error("clock sweep", "err", err)
	}
	for _, n := range notices {
		b.post(n)
	}
}

// post announces a clock notice in the game's channel.
func (b *Bot) post(n match.Notice) {
	g := n.Game
	v := b.gameVocab(g)
	var r discord.Reply
	switch n.Kind {
	case match.Expired:
		var ws []string
		for i, u := range g.Seats {
			if !g.Meta.Accepted.Has(game.Seat(i + 1)) {
				ws = append(ws, mention(u))
			}
		}
		r = discord.Text(v.t("clock.lapsed", args{"Game": g.ID, "Players": v.and(ws)}))
	case match.Reminder:
		u := g.User(n.Seat)
		b.postReminder(n, discord.Text(v.reminder(g, n)).WithMentions(u))
		return // as the player chose: notify.go
	case match.Timeout:
		p := &match.Played{Game: g, Pos: n.Pos, Outcomes: []game.Outcome{{Move: game.Move{Kind: game.Conclude}}}}
		rr, err := b.playedReply(p)
		if err != nil {
			b.log.Warn("could not draw the board", "err", err)
			return
		}
		rr.Content = v.t("clock.timeout", args{"Player": v.who(g, n.Pos, n.Seat), "Game": g.ID}) + " " + rr.Content
		r = rr
		b.moved(context.Background(), g, n.Pos) // followers, and the channel of a game in a thread
	}
	ch := place(g)
	b.later("post a clock notice", func(ctx context.Context) error {
		_, err := b.notify.Send(ctx, ch, r)
		return err
	})
}
