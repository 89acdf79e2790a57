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
		return discord.Reply{}, optionError("this bot runs without its computer player; challenge a person with `/twixt challenge` instead")
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
			return discord.Reply{}, optionError("%q is not a level: choose 1 (beginner) to %d (%s)", lv, ai.MaxLevel, ai.MaxLevel)
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
	return b.withRatings(ctx, g, r), err
}

// computerStarted is the public message of a game against the computer
// that has just started, with the board; the computer's first move, if it
// is to move, follows as its own message.
func (b *Bot) computerStarted(g *storage.Game) (discord.Reply, error) {
	pos, err := g.Replay()
	if err != nil {
		return discord.Reply{}, err
	}
	v := vocabOf(g)
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s has started** (%s): a game against the computer.\n", g.ID, g.Settings)
	for s := game.Seat(1); int(s) <= len(g.Seats); s++ {
		fmt.Fprintf(&sb, "%d. %s\n", s, who(g, pos, s))
	}
	seat, _ := pos.ToMove()
	var ping []storage.UserID
	if match.ComputerSeat(g, seat) {
		sb.WriteString(thinkingLine(g, pos, seat))
	} else {
		ping = append(ping, g.User(seat))
		fmt.Fprintf(&sb, "%s moves first: %s.", who(g, pos, seat), moveHint(pos))
	}
	if pos.Settings().SwapAllowed() {
		fmt.Fprintf(&sb, " %s may then swap (pie rule).", v.side(game.Black))
	}
	sb.WriteString(" Ask `/twixt hint` for ideas.")
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
		return discord.Reply{}, refused(match.ErrNotRunning, "game %s is %s; hints are for games under way", g.ID, match.StateWord(g.State))
	}
	if len(g.SeatsOf(a.User)) == 0 {
		return discord.Reply{}, refused(match.ErrNotInGame, "you do not play in %s", g.ID)
	}
	p, err := b.svc.GamePolicy(ctx, g)
	if err != nil {
		return discord.Reply{}, err
	}
	switch p.Computer.Hints {
	case match.HintsOff:
		return discord.Reply{}, &match.PolicyError{What: "a hint", Allowed: "no hints (setting `hints` is off)"}
	case match.HintsComputer:
		if g.Meta.Computer == 0 {
			return discord.Reply{}, &match.PolicyError{What: "a hint in a game between people", Allowed: "hints in games against the computer only"}
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
	return hintReply(g, pos, seat, cands), nil
}

// hintReply lists the candidate moves of a hint, best first.
func hintReply(g *storage.Game, pos *game.Game, seat game.Seat, cands []ai.Candidate) discord.Reply {
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Hint** for your move %d in %s (%s):\n", pos.Number(), g.ID, vocabOf(g).seat(g.Settings.Players, seat, pos.SeatColor(seat)))
	for i, c := range cands {
		fmt.Fprintf(&sb, "%d. `%s`: wins about %d%% of the computer's trials (%d tried)\n", i+1, moveWord(c.Move), percent(c.Value), c.Visits)
	}
	if len(cands) == 0 {
		sb.WriteString("The computer sees no move worth suggesting.\n")
	}
	sb.WriteString("Play one with `/twixt move at:`.")
	return discord.Ephemeral(sb.String())
}

// moveWord writes a candidate move as a player types it.
func moveWord(m game.Move) string {
	switch m.Kind {
	case game.Place:
		return strings.ToLower(m.Hole.String())
	case game.Swap:
		return "swap"
	}
	return m.String()
}
