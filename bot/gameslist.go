package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/storage"
)

// The lists of /twixt games: the caller's games and the channel's running
// games, most recently active first, in pages (option page:), and with
// which:mine every game across channels and servers where it is the
// caller's move, with links to jump to each.

const (
	optWhich = "which"
	optPage  = "page"
	// gamesPage is how many games a page of the channel's list shows.
	gamesPage = 10
)

// gamesOptions are the options of /twixt games.
func gamesOptions() []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		strOpt(optWhich, "mine: every game where it is your move, in any channel", maxChoiceLen, false, false,
			"this channel's games and yours (default)", "channel", "mine: where it is your move", "mine"),
		intOpt(optPage, "Page of this channel's list (10 games a page)", false, 1, 1000),
	}
}

// lastMoveAt is when a game's current turn began: its last move (or
// takeback), or its start.
func lastMoveAt(g *storage.Game) time.Time {
	if !g.Clock.TurnStart.IsZero() {
		return g.Clock.TurnStart
	}
	return g.Updated
}

// byActivity sorts games by their last change, the latest first.
func byActivity(gs []*storage.Game) {
	slices.SortStableFunc(gs, func(a, b *storage.Game) int { return cmp.Compare(b.Updated.UnixNano(), a.Updated.UnixNano()) })
}

// pageOf returns page p (from 1) of gs and the number of pages.
func pageOf(gs []*storage.Game, p int) ([]*storage.Game, int, error) {
	pages := max(1, (len(gs)+gamesPage-1)/gamesPage)
	if p < 1 || p > pages {
		return nil, pages, optionError("refusal.no_such_page", args{"Page": p, "Pages": pages})
	}
	lo := (p - 1) * gamesPage
	return gs[lo:min(len(gs), lo+gamesPage)], pages, nil
}

// gamesOpts reads which list /twixt games shows, and which page.
func gamesOpts(e *discord.Event) (mine bool, page int, err error) {
	o := struct {
		Which string `option:"which"`
		Page  int    `option:"page"`
	}{Page: 1}
	if err := e.Options().Decode(&o); err != nil {
		return false, 0, err
	}
	switch o.Which {
	case "", "channel":
	case "mine":
		mine = true
	default:
		return false, 0, optionError("refusal.not_list", args{"Value": fmt.Sprintf("%q", o.Which)})
	}
	return mine, o.Page, nil
}

// yourMove lists every running game, in any channel, where it is the
// caller's move, the longest waiting first, with a link to each.
func (b *Bot) yourMove(ctx context.Context, u storage.UserID, v vocab) (discord.Reply, error) {
	all, err := b.svc.ActiveOf(ctx, u)
	if err != nil {
		return discord.Reply{}, err
	}
	var waiting []*storage.Game
	for _, g := range all {
		if g.State != storage.Active {
			continue
		}
		_, pos, err := b.svc.Load(ctx, g.ID)
		if err != nil {
			return discord.Reply{}, err
		}
		if seat, _ := pos.ToMove(); g.User(seat) == u {
			waiting = append(waiting, g)
		}
	}
	byActivity(waiting)
	slices.Reverse(waiting)
	var sb strings.Builder
	sb.WriteString(v.t("games.your_move_head", nil) + "\n")
	if len(waiting) == 0 {
		sb.WriteString(v.t("games.your_move_none", nil) + "\n")
	}
	for _, g := range waiting {
		sb.WriteString(b.gameLine(ctx, g, u, v) + " · " + gameLink(g, "") + "\n")
	}
	return discord.Ephemeral(truncate(sb.String(), discord.MaxContentLength)), nil
}
