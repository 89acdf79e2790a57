package bot

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
	"github.com/twixtbot/twixtbot/storage"
)

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
		choices = b.sizeChoices(ctx, a, typed, userLang(e))
	case optPreset, optName:
		p, _, err := b.svc.Policy(ctx, a.Guild, a.Channel)
		if err == nil {
			for _, pr := range p.AllPresets() {
				if strings.HasPrefix(strings.ToLower(pr.Name), strings.ToLower(typed)) {
					choices = append(choices, discord.Choice(clip(pr.String(), discord.MaxChoiceName), pr.Name))
				}
			}
		}
	case optSetting:
		// More settings than Discord's 25 fixed choices: offered as typed.
		for _, st := range match.Settings {
			if strings.Contains(st.Name, strings.ToLower(typed)) {
				choices = append(choices, discord.Choice(clip(st.Name+": "+userVocab(e).t("setting."+st.Name, nil), discord.MaxChoiceName), st.Name))
			}
		}
	case optValue:
		setting, _, _ := e.Options().String(optSetting)
		if st, ok := match.SettingByName(setting); ok {
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
func (b *Bot) holeChoices(ctx context.Context, e *discord.Event, a match.Actor, typed string) []*discordgo.ApplicationCommandOptionChoice {
	if strings.ContainsAny(typed, "-+/#,") || strings.EqualFold(typed, "swap") {
		return []*discordgo.ApplicationCommandOptionChoice{discord.Choice(clip(typed, 100), clip(typed, 100))}
	}
	opt, _, _ := e.Options().String(optGame)
	g, err := b.svc.Find(ctx, a, opt, true)
	if err != nil {
		return nil
	}
	_, pos, err := b.svc.Load(ctx, g.ID)
	if err != nil || pos.Over() {
		return nil
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	if pos.SwapAvailable() && strings.HasPrefix("swap", strings.ToLower(typed)) {
		out = append(out, discord.Choice(clip(vocabOf(g).in(userLang(e)).t("autocomplete.swap", args{"Red": vocabOf(g).side(game.Red)}), discord.MaxChoiceName), "swap"))
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
func (b *Bot) gameChoices(ctx context.Context, e *discord.Event, a match.Actor, typed string) []*discordgo.ApplicationCommandOptionChoice {
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
		label := fmt.Sprintf("%s · %s · %s", g.ID, strings.Join(match.Names(g), " vs "), g.Settings.BoardSize())
		out = append(out, discord.Choice(clip(label, discord.MaxChoiceName), g.ID.String()))
		if len(out) == discord.MaxChoices {
			break
		}
	}
	return out
}

// sizeChoices suggests board sizes the server allows.
func (b *Bot) sizeChoices(ctx context.Context, a match.Actor, typed string, lang l10n.Lang) []*discordgo.ApplicationCommandOptionChoice {
	p, _, err := b.svc.Policy(ctx, a.Guild, a.Channel)
	if err != nil {
		return nil
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	if typed != "" {
		if s, err := game.ParseSize(typed); err == nil && p.SizeAllowed(s) {
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
			label += " " + speak(lang).t("autocomplete.default_size", nil)
		}
		if p.SizeAllowed(s) && strings.HasPrefix(s.String(), typed) && !slices.ContainsFunc(out, func(c *discordgo.ApplicationCommandOptionChoice) bool { return c.Value == s.String() }) {
			out = append(out, discord.Choice(label, s.String()))
		}
	}
	return out
}
