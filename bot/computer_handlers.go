package bot

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/storage"
)

// optLevel is the computer's level in /twixt computer.
const optLevel = "level"

// computerCommand is /twixt computer.
func computerCommand() *discordgo.ApplicationCommandOption {
	var levels []string
	for l := ai.MinLevel; l <= ai.MaxLevel; l++ {
		levels = append(levels, fmt.Sprintf("%d %s", l, l), strconv.Itoa(int(l)))
	}
	return sub("computer", "Play a game against the computer (twixtbot itself), starting now",
		strOpt(optLevel, "How strongly it plays (default: 3, or the strongest the server allows below that)", maxChoiceLen, false, false, levels...),
		colorOpt(), sizeOpt(), rulesetOpt(),
		ratedOpt("Rated (the computer is rated per level) or casual (default: the server's)"),
	)
}

// hintCommand is /twixt hint.
func hintCommand() *discordgo.ApplicationCommandOption {
	return sub("hint", "Ask the computer for good moves (only you see them)", gameOpt())
}

// computerCmd handles /twixt computer: a game against the computer, which
// starts at once.
func (b *Bot) computerCmd(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	self := b.comp.user.Get()
	if self == "" {
		return discord.Reply{}, optionError("refusal.no_computer", nil)
	}
	o := e.Options()
	inv := match.Invitation{Invited: []storage.UserID{self}, Names: map[storage.UserID]string{self: "twixtbot"}}
	var err error
	if inv.Terms.Size, _, err = o.String(optSize); err != nil {
		return discord.Reply{}, err
	}
	if inv.Terms.Ruleset, _, err = o.String(optRuleset); err != nil {
		return discord.Reply{}, err
	}
	color, _, err := o.String(optColor)
	if err != nil {
		return discord.Reply{}, err
	}
	inv.Color = strings.ToLower(color)
	if rated, ok, err := o.Bool(optRated); err != nil {
		return discord.Reply{}, err
	} else if ok {
		inv.Terms.Rated = &rated
	}
	if lv, ok, err := o.String(optLevel); err != nil {
		return discord.Reply{}, err
	} else if ok {
		if inv.Level, err = ai.ParseLevel(lv); err != nil {
			return discord.Reply{}, optionError("refusal.computer_level", args{"Value": fmt.Sprintf("%q", lv), "Max": int(ai.MaxLevel), "MaxName": ai.MaxLevel.String()})
		}
	}
	nick := ""
	if m := e.Interaction().Member; m != nil {
		nick = m.Nick
	}
	a := actorOf(e)
	inv.Names[a.User] = displayName(e.User(), nick)
	g, err := b.svc.Challenge(ctx, a, inv)
	if err != nil {
		return discord.Reply{}, err
	}
	e.Annotate(slog.String("game", g.ID.String()))
	r, err := b.computerStarted(g)
	return b.withRatings(ctx, g, b.gameVocab(g), r), err
}

// computerStarted is the public message of a game against the computer
// that has just started, with the board; the computer's first move, if it
// is to move, follows as its own message.
func (b *Bot) computerStarted(g *storage.Game) (discord.Reply, error) {
	pos, err := g.Replay()
	if err != nil {
		return discord.Reply{}, err
	}
	v := b.gameVocab(g)
	var sb strings.Builder
	sb.WriteString(v.t("start.computer_head", args{"Game": g.ID, "Settings": v.settings(g.Settings)}) + "\n")
	for s := game.Seat(1); int(s) <= len(g.Seats); s++ {
		fmt.Fprintf(&sb, "%d. %s\n", s, v.who(g, pos, s))
	}
	seat, _ := pos.ToMove()
	var ping []storage.UserID
	if match.ComputerSeat(g, seat) {
		sb.WriteString(v.thinkingLine(g, pos, seat))
	} else {
		ping = append(ping, g.User(seat))
		sb.WriteString(v.t("start.first", args{"Player": v.who(g, pos, seat), "Hint": v.moveHint(pos)}))
	}
	if pos.Settings().SwapAllowed() {
		sb.WriteString(" " + v.t("start.swap", args{"Black": v.side(game.Black)}))
	}
	sb.WriteString(" " + v.t("start.ask_hint", nil))
	file, err := b.boardFile(g, pos, v)
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Text(sb.String()).WithFiles(file).WithMentions(ping...), nil
}

// hint handles /twixt hint: a few good moves for the caller's turn, which
// only the caller sees, where the server allows hints.
func (b *Bot) hint(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	e.DeferEphemeral() // a hint may wait for a worker: only the asker sees the wait
	found, err := b.gameOption(ctx, e, true)
	if err != nil {
		return discord.Reply{}, err
	}
	g, pos, err := b.svc.Load(ctx, found.ID)
	if err != nil {
		return discord.Reply{}, err
	}
	a := actorOf(e)
	if g.State != storage.Active || pos.Over() {
		return discord.Reply{}, refused(match.ErrNotRunning, "refusal.hint_not_running", args{"Game": g.ID, "State": g.State})
	}
	if len(g.SeatsOf(a.User)) == 0 {
		return discord.Reply{}, refused(match.ErrNotInGame, "refusal.not_in_game", args{"Game": g.ID})
	}
	p, err := b.svc.GamePolicy(ctx, g)
	if err != nil {
		return discord.Reply{}, err
	}
	switch p.Computer.Hints {
	case match.HintsOff:
		return discord.Reply{}, refused(match.ErrNotAllowed, "refusal.no_hints", nil)
	case match.HintsComputer:
		if g.Meta.Computer == 0 {
			return discord.Reply{}, refused(match.ErrNotAllowed, "refusal.hints_computer_only", nil)
		}
	}
	seat, _ := pos.ToMove()
	if g.User(seat) != a.User {
		return discord.Reply{}, match.TurnErrorOf(g, pos)
	}
	cands, err := b.comp.hint(ctx, g, pos)
	if err != nil {
		return discord.Reply{}, err
	}
	return hintReply(g, pos, seat, cands, gameUserVocab(g, e)), nil
}

// drawAcceptAtMost is the computer's chance of winning, by its own
// search, up to which it accepts a draw offered to it: it takes a draw
// when it does not expect to win, as a fair human opponent would (an even
// chance included: a position where neither side can connect as its links
// stand rates exactly even), and plays on when it does.
const drawAcceptAtMost = 0.5

// computerDraw answers at once a draw offer made to a side the computer
// plays alone (seat is one of its seats): it judges the position with the
// search it moves with, for a hint's time, then accepts, ending the game,
// or declines, and says how it rates its chances. If no worker is free to
// judge, it withdraws the offer, so that nothing changed, and the player
// may ask again.
func (b *Bot) computerDraw(ctx context.Context, off *match.DrawOffer, pos *game.Game, seat game.Seat) (discord.Reply, error) {
	g := off.Game
	comp := match.Actor{User: g.User(seat), Guild: g.Place.Guild, Channel: g.Place.Channel}
	mark := g.LogMark()
	chance, err := b.comp.judge(ctx, g, pos)
	if err != nil {
		if _, werr := b.svc.DeclineDraw(context.WithoutCancel(ctx), comp, g.ID, mark); werr != nil {
			b.log.Warn("could not withdraw a draw offer the computer did not answer", "game", g.ID, "err", werr)
		}
		return discord.Reply{}, err
	}
	if mover, _ := pos.ToMove(); pos.SeatColor(mover) != pos.SeatColor(seat) {
		chance = 1 - chance
	}
	v := b.gameVocab(g)
	a := args{"Player": v.who(g, pos, off.Seat), "Game": g.ID, "Computer": v.who(g, pos, seat), "Percent": percent(chance)}
	if chance <= drawAcceptAtMost {
		p, err := b.svc.AcceptDraw(ctx, comp, g.ID, mark)
		if err != nil {
			return discord.Reply{}, err
		}
		r, err := b.playedReply(p)
		if err != nil {
			return discord.Reply{}, err
		}
		r.Content = v.t("draw.computer_accepts", a) + "\n" + r.Content
		return r, nil
	}
	if _, err := b.svc.DeclineDraw(ctx, comp, g.ID, mark); err != nil {
		return discord.Reply{}, err
	}
	return discord.Text(v.t("draw.computer_declines", a)), nil
}

// hintReply lists the candidate moves of a hint, best first.
func hintReply(g *storage.Game, pos *game.Game, seat game.Seat, cands []ai.Candidate, v vocab) discord.Reply {
	var sb strings.Builder
	sb.WriteString(v.t("hint.head", args{"N": pos.Number(), "Game": g.ID, "Seat": v.seat(g.Settings.Players, seat, pos.SeatColor(seat))}) + "\n")
	for i, c := range cands {
		fmt.Fprintf(&sb, "%d. %s\n", i+1, v.t("hint.candidate", args{"Move": "`" + moveWord(c.Move) + "`", "Percent": percent(c.Value), "Tried": c.Visits}))
	}
	if len(cands) == 0 {
		sb.WriteString(v.t("hint.none", nil) + "\n")
	}
	sb.WriteString(v.t("hint.play_one", nil))
	return discord.Ephemeral(sb.String())
}

// moveWord writes a candidate move as a player types it: the hole alone,
// unless the move also removes or adds links (the computer removes its own
// links when they block its every way through), which the move syntax
// then spells out.
func moveWord(m game.Move) string {
	switch m.Kind {
	case game.Place:
		if len(m.Unlinks) > 0 || len(m.Links) > 0 || len(m.Removes) > 0 || m.Explicit {
			return m.String()
		}
		return strings.ToLower(m.Hole.String())
	case game.Swap:
		return "swap"
	}
	return m.String()
}
