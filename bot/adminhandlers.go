package bot

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// channelOption reads an optional channel option.
func channelOption(e *discord.Event) (storage.ChannelID, error) {
	v, ok, err := e.Options().String(optChannel)
	if err != nil || !ok {
		return "", err
	}
	return storage.ChannelID(strings.Trim(v, "<#>")), nil
}

func (b *Bot) adminSettings(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	a := actorOf(e)
	ch, err := channelOption(e)
	if err != nil {
		return discord.Reply{}, err
	}
	if ch == "" {
		ch = a.Channel
	}
	p, src, err := b.svc.Policy(ctx, a.Guild, ch)
	if err != nil {
		return discord.Reply{}, err
	}
	v := userVocab(e)
	var sb strings.Builder
	sb.WriteString(v.t("admin.settings_head", args{"Channel": "<#" + string(ch) + ">"}) + "\n")
	for _, s := range match.Settings {
		fmt.Fprintf(&sb, "• `%s` = **%s** (%s) · %s\n", s.Name, s.Get(p), v.t("admin.source."+string(src[s.Name]), nil), v.t("setting."+s.Name, nil))
	}
	if len(p.Presets) == 0 {
		sb.WriteString(v.t("admin.presets_none", nil) + "\n")
	} else {
		sb.WriteString(v.t("admin.presets", nil) + "\n")
		for _, pr := range p.Presets {
			fmt.Fprintf(&sb, "• %s\n", pr)
		}
	}
	return discord.Ephemeral(truncate(sb.String(), discord.MaxContentLength)), nil
}

func (b *Bot) adminSet(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	name, err := e.Options().RequireString(optSetting)
	if err != nil {
		return discord.Reply{}, err
	}
	value, err := e.Options().RequireString(optValue)
	if err != nil {
		return discord.Reply{}, err
	}
	ch, err := channelOption(e)
	if err != nil {
		return discord.Reply{}, err
	}
	c, err := b.svc.Set(ctx, actorOf(e), name, value, ch)
	if err != nil {
		return discord.Reply{}, err
	}
	v := userVocab(e)
	a := args{"Setting": c.Setting, "Value": c.Value, "Old": c.Old, "Channel": "<#" + string(ch) + ">"}
	if ch != "" {
		return discord.Ephemeral(v.t("admin.set_channel", a)), nil
	}
	return discord.Ephemeral(v.t("admin.set_server", a)), nil
}

func (b *Bot) adminUnset(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	name, err := e.Options().RequireString(optSetting)
	if err != nil {
		return discord.Reply{}, err
	}
	ch, err := channelOption(e)
	if err != nil {
		return discord.Reply{}, err
	}
	c, err := b.svc.Unset(ctx, actorOf(e), name, ch)
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Ephemeral(userVocab(e).t("admin.unset", args{"Setting": c.Setting, "Value": c.Value})), nil
}

func (b *Bot) adminLog(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	changes, err := b.svc.History(ctx, actorOf(e), 20)
	if err != nil {
		return discord.Reply{}, err
	}
	v := userVocab(e)
	var sb strings.Builder
	sb.WriteString(v.t("admin.log_head", nil) + "\n")
	if len(changes) == 0 {
		sb.WriteString(v.t("admin.log_none", nil) + "\n")
	}
	for _, c := range changes {
		where := v.t("admin.log_server", nil)
		if c.Scope.Channel != "" {
			where = fmt.Sprintf("<#%s>", c.Scope.Channel)
		}
		fmt.Fprintf(&sb, "• <t:%d:f> %s, %s: %s\n", c.At.Unix(), mention(c.By), where, c.Note)
	}
	return discord.Ephemeral(truncate(sb.String(), discord.MaxContentLength)), nil
}

func (b *Bot) presetAdd(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	name, err := e.Options().RequireString(optName)
	if err != nil {
		return discord.Reply{}, err
	}
	t, _, err := terms(e)
	if err != nil {
		return discord.Reply{}, err
	}
	pr := match.Preset{Name: name}
	if t.Handicap != nil {
		pr.Handicap = *t.Handicap
	}
	if t.ExtraMoves != nil {
		pr.ExtraMoves = *t.ExtraMoves
	}
	if t.Swap != nil {
		pr.Swap = *t.Swap
	}
	if t.Size != "" {
		if pr.Size, err = game.ParseSize(t.Size); err != nil {
			return discord.Reply{}, err
		}
	}
	if t.Ruleset != "" {
		r, err := game.ParseRuleset(t.Ruleset)
		if err != nil {
			return discord.Reply{}, err
		}
		pr.Ruleset = &r
	}
	pr, err = b.svc.SavePreset(ctx, actorOf(e), pr)
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Ephemeral(userVocab(e).t("admin.preset_saved", args{"Preset": pr, "Name": pr.Name})), nil
}

func (b *Bot) presetRemove(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	name, err := e.Options().RequireString(optName)
	if err != nil {
		return discord.Reply{}, err
	}
	if err := b.svc.RemovePreset(ctx, actorOf(e), name); err != nil {
		return discord.Reply{}, err
	}
	return discord.Ephemeral(userVocab(e).t("admin.preset_removed", args{"Name": fmt.Sprintf("%q", name)})), nil
}

func (b *Bot) presetList(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	a := actorOf(e)
	p, _, err := b.svc.Policy(ctx, a.Guild, "")
	if err != nil {
		return discord.Reply{}, err
	}
	if len(p.Presets) == 0 {
		return discord.Ephemeral(userVocab(e).t("admin.presets_empty", nil)), nil
	}
	lines := make([]string, len(p.Presets))
	for i, pr := range p.Presets {
		lines[i] = "• " + pr.String()
	}
	return discord.Ephemeral(userVocab(e).t("admin.presets_list_head", nil) + "\n" + strings.Join(lines, "\n")), nil
}

func (b *Bot) adminGames(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	games, err := b.svc.ServerGames(ctx, actorOf(e))
	if err != nil {
		return discord.Reply{}, err
	}
	v := userVocab(e)
	var sb strings.Builder
	sb.WriteString(v.n("admin.games_head", len(games), nil) + "\n")
	for _, g := range games {
		sb.WriteString(b.gameLine(ctx, g, "", v) + "\n")
	}
	return discord.Ephemeral(truncate(sb.String(), discord.MaxContentLength)), nil
}

func (b *Bot) adminAbort(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	return b.conclude(ctx, e, game.Aborted, game.NoColor)
}

func (b *Bot) adminAdjudicate(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	w, err := e.Options().RequireString(optWinner)
	if err != nil {
		return discord.Reply{}, err
	}
	winner := game.NoColor
	if w != "draw" {
		if winner, err = game.ParseColor(w); err != nil {
			return discord.Reply{}, optionError("refusal.not_winner", args{"Value": fmt.Sprintf("%q", w)})
		}
	}
	return b.conclude(ctx, e, game.Adjudication, winner)
}

// conclude ends a game by a moderator's decision and announces it in the
// game's channel.
func (b *Bot) conclude(ctx context.Context, e *discord.Event, reason game.Reason, winner game.Color) (discord.Reply, error) {
	opt, err := e.Options().RequireString(optGame)
	if err != nil {
		return discord.Reply{}, err
	}
	a := actorOf(e)
	counts, _, err := e.Options().Bool(optRated)
	if err != nil {
		return discord.Reply{}, err
	}
	p, err := b.svc.ConcludeRated(ctx, a, opt, reason, winner, counts)
	if err != nil {
		return discord.Reply{}, err
	}
	g := p.Game
	e.Annotate(slog.String("game", g.ID.String()))
	verb := "aborted"
	if reason == game.Adjudication {
		verb = "adjudicated"
	}
	pv := b.gameVocab(g)
	if p.Pos != nil {
		r, err := b.playedReply(p)
		if err == nil {
			r.Content = pv.t("admin.decided_"+verb, args{"Moderator": mention(a.User), "Game": g.ID}) + " " + r.Content
			r.Components = nil
			ch := place(g)
			b.later("announce a moderator's decision", func(ctx context.Context) error {
				_, err := b.notify.Send(ctx, ch, r)
				return err
			})
		}
	} else {
		ch := place(g)
		text := pv.t("admin.cancelled", args{"Moderator": mention(a.User), "Game": g.ID})
		b.later("announce a moderator's decision", func(ctx context.Context) error {
			_, err := b.notify.Send(ctx, ch, discord.Text(text))
			return err
		})
	}
	return discord.Ephemeral(userVocab(e).t("admin.done_"+verb, args{"Game": g.ID, "Place": place(g).Mention()})), nil
}

func (b *Bot) adminSubstitute(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	opt, err := e.Options().RequireString(optGame)
	if err != nil {
		return discord.Reply{}, err
	}
	seat, id, name, isBot, err := seatAndPlayer(e)
	if err != nil {
		return discord.Reply{}, err
	}
	a := actorOf(e)
	g, old, err := b.svc.Reseat(ctx, a, opt, seat, id, name, isBot)
	if err != nil {
		return discord.Reply{}, err
	}
	text := b.gameVocab(g).t("admin.reseated", args{"Moderator": mention(a.User), "Seat": int(seat), "Game": g.ID, "New": mention(id), "Old": mention(old)})
	ch := place(g)
	b.later("announce a substitution", func(ctx context.Context) error {
		_, err := b.notify.Send(ctx, ch, discord.Text(text).WithMentions(id))
		return err
	})
	return discord.Ephemeral(userVocab(e).t("admin.reseat_done", args{"Player": mention(id), "Seat": int(seat), "Game": g.ID})), nil
}
