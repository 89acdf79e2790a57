package bot

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/render"
	"github.com/twixtbot/twixtbot/storage"
)

// textBoard answers /twixt board text:true: a monospace board in a code
// block, or as a file when it is too big for a message.
func textBoard(g *storage.Game, v *render.View, status string, voc vocab) (discord.Reply, error) {
	for _, sc := range []render.Scale{render.Medium, render.Small} {
		s, err := render.Text(v, render.Options{Scale: sc, Theme: voc.theme})
		if err != nil {
			return discord.Reply{}, err
		}
		if len(status)+len(s)+10 <= discord.MaxContentLength {
			return discord.Text(status + "\n```\n" + s + "```"), nil
		}
	}
	s, err := render.Text(v, render.Options{Scale: render.Medium, Theme: voc.theme})
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Text(status + "\nThe text board is too big for a message, so it is attached.").
		WithFiles(discord.File{Name: g.ID.String() + "-board.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(s)}), nil
}

// autocomplete suggests values for the option being typed.
func (b *Bot) autocomplete(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	name, typed, ok := e.Options().Focused()
	if !ok {
		return discord.Choices(), nil
	}
	typed = strings.TrimSpace(typed)
	a := actorOf(e)
	var choices []*discordgo.ApplicationCommandOptionChoice
	switch name {
	case optAt:
		choices = b.holeChoices(ctx, e, a, typed)
	case optGame:
		choices = b.gameChoices(ctx, e, a, typed)
	case optSize:
		choices = b.sizeChoices(ctx, a, typed)
	case optPreset, optName:
		p, _, err := b.svc.Policy(ctx, a.Guild, a.Channel)
		if err == nil {
			for _, pr := range p.allPresets() {
				if strings.HasPrefix(strings.ToLower(pr.Name), strings.ToLower(typed)) {
					choices = append(choices, discord.Choice(clip(pr.String(), discord.MaxChoiceName), pr.Name))
				}
			}
		}
	case optSetting:
		// More settings than Discord's 25 fixed choices: offered as typed.
		for _, st := range Settings {
			if strings.Contains(st.Name, strings.ToLower(typed)) {
				choices = append(choices, discord.Choice(clip(st.Name+": "+st.Description, discord.MaxChoiceName), st.Name))
			}
		}
	case optValue:
		setting, _, _ := e.Options().String(optSetting)
		if st, ok := SettingByName(setting); ok {
			if typed != "" {
				choices = append(choices, discord.Choice(clip(typed, discord.MaxChoiceName), clip(typed, discord.MaxChoiceValue)))
			}
			for _, ex := range st.Examples() {
				if ex != typed && strings.HasPrefix(ex, strings.ToLower(typed)) {
					choices = append(choices, discord.Choice(ex, ex))
				}
			}
		}
	}
	if len(choices) > discord.MaxChoices {
		choices = choices[:discord.MaxChoices]
	}
	return discord.Choices(choices...), nil
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

// holeChoices suggests up to 25 holes the player may peg that start with
// what was typed, nearest the last move first. A move with link lists is
// offered back as typed.
func (b *Bot) holeChoices(ctx context.Context, e *discord.Event, a Actor, typed string) []*discordgo.ApplicationCommandOptionChoice {
	if strings.ContainsAny(typed, "-+/#,") || strings.EqualFold(typed, "swap") {
		return []*discordgo.ApplicationCommandOptionChoice{discord.Choice(clip(typed, 100), clip(typed, 100))}
	}
	opt, _, _ := e.Options().String(optGame)
	g, err := b.svc.Find(ctx, a, opt, true)
	if err != nil {
		return nil
	}
	_, pos, err := b.store.Load(ctx, g.ID)
	if err != nil || pos.Over() {
		return nil
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	if pos.SwapAvailable() && strings.HasPrefix("swap", strings.ToLower(typed)) {
		out = append(out, discord.Choice("swap (pie rule: take over "+vocabOf(g).side(game.Red)+"'s first peg)", "swap"))
	}
	prefix := strings.ToLower(typed)
	holes := slices.DeleteFunc(pos.LegalHoles(), func(h game.Hole) bool { return !strings.HasPrefix(h.String(), prefix) })
	center := game.Hole{Col: pos.Size().Cols / 2, Row: pos.Size().Rows / 2}
	if last, ok := pos.Last(); ok {
		center = last.Hole
	}
	dist := func(h game.Hole) float64 { return math.Hypot(float64(h.Col-center.Col), float64(h.Row-center.Row)) }
	slices.SortStableFunc(holes, func(x, y game.Hole) int {
		// Exact matches first (typing "j12" offers j12 before j120).
		if ex, ey := x.String() == prefix, y.String() == prefix; ex != ey {
			if ex {
				return -1
			}
			return 1
		}
		return cmp.Compare(dist(x), dist(y))
	})
	for _, h := range holes {
		if len(out) == discord.MaxChoices {
			break
		}
		out = append(out, discord.Choice(h.Upper(), h.String()))
	}
	return out
}

// gameChoices suggests the caller's games on this server (all of the
// server's, for moderators).
func (b *Bot) gameChoices(ctx context.Context, e *discord.Event, a Actor, typed string) []*discordgo.ApplicationCommandOptionChoice {
	var games []*storage.Game
	var err error
	if strings.HasPrefix(e.Path(), cmdAdmin) && a.Moderator {
		games, err = b.svc.ServerGames(ctx, a)
	} else {
		games, _, err = b.svc.Games(ctx, a)
	}
	if err != nil {
		return nil
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, g := range games {
		if !strings.HasPrefix(g.ID.String(), strings.ToLower(typed)) && !strings.HasPrefix(strings.TrimPrefix(g.ID.String(), "g"), typed) {
			continue
		}
		label := fmt.Sprintf("%s · %s · %s", g.ID, strings.Join(names(g), " vs "), g.Settings.BoardSize())
		out = append(out, discord.Choice(clip(label, discord.MaxChoiceName), g.ID.String()))
		if len(out) == discord.MaxChoices {
			break
		}
	}
	return out
}

// sizeChoices suggests board sizes the server allows.
func (b *Bot) sizeChoices(ctx context.Context, a Actor, typed string) []*discordgo.ApplicationCommandOptionChoice {
	p, _, err := b.svc.Policy(ctx, a.Guild, a.Channel)
	if err != nil {
		return nil
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	if typed != "" {
		if s, err := game.ParseSize(typed); err == nil && p.sizeAllowed(s) {
			out = append(out, discord.Choice(s.String(), s.String()))
		}
	}
	for _, n := range []int{p.Size.Cols, 24, 20, 16, 12, 30, 36, 48, 8, 100} {
		s := game.Size{Cols: n, Rows: n}
		if n == p.Size.Cols {
			s = p.Size
		}
		label := s.String()
		if s == p.Size {
			label += " (this server's default)"
		}
		if p.sizeAllowed(s) && strings.HasPrefix(s.String(), typed) && !slices.ContainsFunc(out, func(c *discordgo.ApplicationCommandOptionChoice) bool { return c.Value == s.String() }) {
			out = append(out, discord.Choice(label, s.String()))
		}
	}
	return out
}

// RunClock sweeps for reminders, timeouts and lapsed challenges every
// interval until ctx ends, posting what it finds in the games' channels.
// It sweeps once at once, so deadlines that passed while the bot was down
// are acted on at start.
func (b *Bot) RunClock(ctx context.Context, interval time.Duration) {
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
func (b *Bot) post(n Notice) {
	g := n.Game
	var r discord.Reply
	switch n.Kind {
	case Expired:
		var ws []string
		for i, u := range g.Seats {
			if !g.Meta.Accepted.Has(game.Seat(i + 1)) {
				ws = append(ws, mention(string(u)))
			}
		}
		r = discord.Text(fmt.Sprintf("The challenge %s lapsed: %s did not accept in time.", g.ID, joinAnd(ws)))
	case Reminder:
		u := g.User(n.Seat)
		b.postReminder(n, discord.Text(reminderText(g, n)).WithMentions(discord.UserID(u)))
		return // as the player chose: notify.go
	case Timeout:
		p := &Played{Game: g, Pos: n.Pos, Outcomes: []game.Outcome{{Move: game.Move{Kind: game.Conclude}}}}
		rr, err := b.playedReply(p)
		if err != nil {
			b.log.Warn("could not draw the board", "err", err)
			return
		}
		rr.Content = fmt.Sprintf("%s ran out of time in %s. %s", who(g, n.Pos, n.Seat), g.ID, rr.Content)
		r = rr
		b.moved(context.Background(), g, n.Pos) // followers, and the channel of a game in a thread
	}
	ch := place(g)
	b.later("post a clock notice", func(ctx context.Context) error {
		_, err := b.notify.Send(ctx, ch, r)
		return err
	})
}
