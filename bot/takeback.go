package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// Takebacks. A player asks to undo their last move (/twixt takeback, or
// the Take back button on a move's reply); the other side (in Double
// TwixT, either player of the other team) accepts or declines with
// buttons. The request lapses with the next move. What is undone is the
// asker's last turn, with its Privilege claim, and the other side's turns
// since, so the asker is to move again; once the asker's partner has
// moved, the move stands. Against the computer the computer answers at
// once: it always accepts, when the server allows the takeback at all.
// The takeback is stored by storage.Store.TakeBack in one transaction,
// like a move, and recorded with the moves it undid, which the history
// and the export show.

// TakebackMode is what the moderators allow: takebacks in every game, in
// casual games only, or none. The zero value allows them everywhere.
type TakebackMode uint8

const (
	TakebacksOn TakebackMode = iota
	TakebacksCasual
	TakebacksOff
)

var takebackModes = [...]string{"on", "casual", "off"}

func (m TakebackMode) String() string { return modeName(takebackModes[:], int(m), "takebacks") }

// ParseTakebackMode reads "on", "casual" or "off".
func ParseTakebackMode(v string) (TakebackMode, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	for i, n := range takebackModes {
		if v == n {
			return TakebackMode(i), nil
		}
	}
	if b, err := parseBool(v); err == nil {
		if b {
			return TakebacksOn, nil
		}
		return TakebacksOff, nil
	}
	return 0, badValue("%q is not on, casual or off", v)
}

// comfortSettings are the moderators' settings for the comforts of this
// file and its siblings.
var comfortSettings = []Setting{
	{Name: "takebacks", Description: "whether a player may ask to take a move back: on, casual (games that are not rated) or off", examples: []string{"on", "casual", "off"},
		set: func(p *Policy, v string) (err error) { p.Takebacks, err = ParseTakebackMode(v); return },
		get: func(p Policy) string { return p.Takebacks.String() }},
}

func init() { Settings = append(Settings, comfortSettings...) }

// isRated reports whether a game counts for ratings: every game not
// played casual (see storage's ratings); this is the one place that asks.
func isRated(g *storage.Game) bool { return !g.Meta.Casual }

// takebackAllowed checks the server's policy for a takeback in g.
func (s *Service) takebackAllowed(ctx context.Context, g *storage.Game) error {
	p, err := s.gamePolicy(ctx, g)
	if err != nil {
		return err
	}
	switch {
	case p.Takebacks == TakebacksOff:
		return &PolicyError{What: "a takeback", Allowed: "no takebacks (setting `takebacks` is off)"}
	case p.Takebacks == TakebacksCasual && isRated(g):
		return &PolicyError{What: "a takeback in a rated game", Allowed: "takebacks in casual games only"}
	}
	return nil
}

// takebackPlan finds what a takeback asked by user u undoes in g: it
// returns the asker's seat and how many log entries stay.
func takebackPlan(g *storage.Game, u storage.UserID) (game.Seat, int, error) {
	pos, err := game.New(g.Settings)
	if err != nil {
		return 0, 0, err
	}
	seats := make([]game.Seat, len(g.Log))
	for i, m := range g.Log {
		o, err := pos.PlayMove(m)
		if err != nil {
			return 0, 0, err
		}
		seats[i] = o.Seat
	}
	mine := g.SeatsOf(u)
	last := -1
	for i := len(g.Log) - 1; i >= 0; i-- {
		if g.Log[i].IsTurn() && slices.Contains(mine, seats[i]) {
			last = i
			break
		}
	}
	if last < 0 {
		return 0, 0, optionError("you have made no move in %s to take back", g.ID)
	}
	asker := seats[last]
	for j := last + 1; j < len(g.Log); j++ {
		own := seats[j] == asker || g.Settings.Players == 4 && seats[j] == asker.Partner() || slices.Contains(mine, seats[j])
		if own && !(g.Log[j].Kind == game.Privilege && j == last+1 && seats[j] == asker) {
			return 0, 0, optionError("your side has moved since your last move, so it stands")
		}
	}
	return asker, last, nil
}

// otherSide lists the seats that answer a takeback asked from seat s.
func otherSide(g *storage.Game, pos *game.Game, s game.Seat) []game.Seat {
	var out []game.Seat
	for st := game.Seat(1); int(st) <= len(g.Seats); st++ {
		if pos.SeatColor(st) != pos.SeatColor(s) {
			out = append(out, st)
		}
	}
	return out
}

// TakebackAsked is what /twixt takeback did: a request put to the other
// side, or, against the computer, the takeback made.
type TakebackAsked struct {
	Game  *storage.Game
	Pos   *game.Game
	Seat  game.Seat // the asker
	Taken *TakenBack
}

// TakenBack is a takeback made.
type TakenBack struct {
	Game   *storage.Game
	Pos    *game.Game // after it
	Asker  game.Seat
	Undone []game.Move
}

// AskTakeback asks the other side to undo the caller's last move. turns,
// if not negative, is the log length a button carried: if the game has
// moved on the request is stale.
func (s *Service) AskTakeback(ctx context.Context, a Actor, id storage.GameID, turns int) (*TakebackAsked, error) {
	g, pos, err := s.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if g.State != storage.Active {
		return nil, fmt.Errorf("%w: game %s is %s, and a takeback never touches a game that is not running", ErrNotRunning, g.ID, stateWord(g.State))
	}
	if turns >= 0 && turns != len(g.Log) {
		return nil, fmt.Errorf("%w: the game has moved on since that move; ask with /twixt takeback", ErrStale)
	}
	if len(g.SeatsOf(a.User)) == 0 {
		return nil, fmt.Errorf("%w: you do not play in %s", ErrNotInGame, g.ID)
	}
	if err := s.takebackAllowed(ctx, g); err != nil {
		return nil, err
	}
	seat, keep, err := takebackPlan(g, a.User)
	if err != nil {
		return nil, err
	}
	if ask := g.Meta.TakebackAsk; ask != 0 && g.Meta.TakebackTurns == len(g.Log) {
		if pos.SeatColor(ask) == pos.SeatColor(seat) {
			return nil, fmt.Errorf("%w: your side's takeback request is already waiting for an answer", ErrWaiting)
		}
		return nil, fmt.Errorf("%w: the other side has asked for a takeback; answer it first", ErrWaiting)
	}
	others := otherSide(g, pos, seat)
	if !slices.ContainsFunc(others, func(st game.Seat) bool { return !computerSeat(g, st) }) {
		// The computer answers at once, and accepts.
		tb, err := s.takeBack(ctx, g, seat, keep)
		if err != nil {
			return nil, err
		}
		return &TakebackAsked{Game: tb.Game, Pos: tb.Pos, Seat: seat, Taken: tb}, nil
	}
	n := len(g.Log)
	ng, err := s.store.Update(ctx, id, func(ng *storage.Game) error {
		if len(ng.Log) != n || ng.State != storage.Active {
			return fmt.Errorf("%w: the game moved on; look at the board and ask again", ErrStale)
		}
		ng.Meta.TakebackAsk, ng.Meta.TakebackTurns = seat, n
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &TakebackAsked{Game: ng, Pos: pos, Seat: seat}, nil
}

// takeBack undoes the log after entry keep, as one transaction, restarting
// the turn's clock and withdrawing any draw offer.
func (s *Service) takeBack(ctx context.Context, g *storage.Game, asker game.Seat, keep int) (*TakenBack, error) {
	now := s.now()
	m, err := s.store.TakeBack(ctx, g.ID, len(g.Log), keep, asker, func(ng *storage.Game, _ *game.Game) error {
		ng.Meta.DrawOffer = 0
		startClock(ng, now)
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.turnTaken(ctx, m.Game, m.Pos)
	tbs := m.Game.Meta.Takebacks
	return &TakenBack{Game: m.Game, Pos: m.Pos, Asker: asker, Undone: tbs[len(tbs)-1].Moves}, nil
}

// AnswerTakeback accepts or declines the standing takeback request made
// when the log had turns entries; only the other side may answer.
func (s *Service) AnswerTakeback(ctx context.Context, a Actor, id storage.GameID, turns int, accept bool) (*TakenBack, error) {
	g, pos, err := s.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	ask, err := takebackAnswerer(g, pos, a, turns)
	if err != nil {
		return nil, err
	}
	if !accept {
		ng, err := s.store.Update(ctx, id, func(ng *storage.Game) error {
			if ng.Meta.TakebackAsk != ask || ng.Meta.TakebackTurns != turns || len(ng.Log) != turns {
				return fmt.Errorf("%w: the takeback request is no longer standing", ErrStale)
			}
			ng.Meta.TakebackAsk, ng.Meta.TakebackTurns = 0, 0
			return nil
		})
		if err != nil {
			return nil, err
		}
		return &TakenBack{Game: ng, Pos: pos, Asker: ask}, nil
	}
	if err := s.takebackAllowed(ctx, g); err != nil {
		return nil, err
	}
	_, keep, err := takebackPlan(g, g.User(ask))
	if err != nil {
		return nil, err
	}
	return s.takeBack(ctx, g, ask, keep)
}

// takebackAnswerer checks that the caller may answer the standing
// takeback request, and returns the asking seat.
func takebackAnswerer(g *storage.Game, pos *game.Game, a Actor, turns int) (game.Seat, error) {
	if g.State != storage.Active {
		return 0, fmt.Errorf("%w: game %s is %s", ErrNotRunning, g.ID, stateWord(g.State))
	}
	ask := g.Meta.TakebackAsk
	if ask == 0 || g.Meta.TakebackTurns != turns || len(g.Log) != turns {
		return 0, fmt.Errorf("%w: the takeback request is no longer standing (a move was made, or it was answered)", ErrStale)
	}
	for _, st := range g.SeatsOf(a.User) {
		if pos.SeatColor(st) != pos.SeatColor(ask) {
			return ask, nil
		}
	}
	return 0, fmt.Errorf("%w: only the other side can answer this takeback request", ErrNotForYou)
}

// takebackLines describes a game's takebacks, one a line, for the
// history and the export: "after entry 4: j12 k10 taken back, asked by
// alice (2026-11-24 17:00 UTC)".
func takebackLines(g *storage.Game) []string {
	var out []string
	who := names(g)
	for _, t := range g.Meta.Takebacks {
		moves := make([]string, len(t.Moves))
		for i, m := range t.Moves {
			moves[i] = m.String()
		}
		asker := "seat " + fmt.Sprint(t.Asker)
		if int(t.Asker) >= 1 && int(t.Asker) <= len(who) {
			asker = who[t.Asker-1]
		}
		out = append(out, fmt.Sprintf("after entry %d: %s taken back, asked by %s (%s)",
			t.Turns, strings.Join(moves, " "), asker, t.At.UTC().Format("2006-01-02 15:04 MST")))
	}
	return out
}

// takebackRecord adds a game's takebacks to an exported record: in the
// moves format as comment lines "# takeback: after N: <moves>", which
// every reader of the format skips (DESIGN.md, the moves format), and in
// SGF as a game comment, GC[], on the root node.
func takebackRecord(g *storage.Game, data []byte, f game.Format) []byte {
	lines := takebackLines(g)
	if len(lines) == 0 {
		return data
	}
	switch f {
	case game.FormatMoves:
		var sb strings.Builder
		sb.Write(data)
		for _, l := range lines {
			sb.WriteString("# takeback: " + strings.ReplaceAll(l, "\n", " ") + "\n")
		}
		return []byte(sb.String())
	case game.FormatSGF:
		root := "(;FF[4]"
		if !strings.HasPrefix(string(data), root) {
			return data
		}
		esc := strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace("Takebacks: " + strings.Join(lines, "; "))
		return []byte(root + "GC[" + esc + "]" + string(data[len(root):]))
	}
	return data
}

// takebackCmd is /twixt takeback.
func (b *Bot) takebackCmd(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	g, err := b.gameOption(ctx, e, true)
	if err != nil {
		return discord.Reply{}, err
	}
	return b.askTakeback(ctx, e, g.ID, -1)
}

// takebackButton is the Take back button on a move's reply.
func (b *Bot) takebackButton(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	id, n, err := gameTurnsParams(e)
	if err != nil {
		return discord.Reply{}, err
	}
	r, err := b.askTakeback(ctx, e, id, n)
	if err == nil {
		b.disablePressed(e)
	}
	return r, err
}

// disablePressed disables, after the reply, the one button pressed (the
// others on its message still apply).
func (b *Bot) disablePressed(e *discord.Event) {
	msg, ok := e.Message()
	if !ok || msg.Flags&discordgo.MessageFlagsEphemeral != 0 {
		return
	}
	ch, id := e.ChannelID(), e.MessageID()
	r := discord.Reply{Kind: discord.KindUpdate, Content: msg.Content, Components: discord.Disable(msg.Components, e.CustomID())}
	b.later("disable a used button", func(ctx context.Context) error { return b.notify.Edit(ctx, ch, id, r) })
}

func (b *Bot) askTakeback(ctx context.Context, e *discord.Event, id storage.GameID, turns int) (discord.Reply, error) {
	ask, err := b.svc.AskTakeback(ctx, actorOf(e), id, turns)
	if err != nil {
		return discord.Reply{}, err
	}
	if ask.Taken != nil {
		return b.takenBackReply(ask.Taken, "The computer agrees.")
	}
	g, pos := ask.Game, ask.Pos
	var others []storage.UserID
	for _, st := range otherSide(g, pos, ask.Seat) {
		if u := g.User(st); !slices.Contains(others, u) {
			others = append(others, u)
		}
	}
	ws := make([]string, len(others))
	for i, u := range others {
		ws[i] = mention(string(u))
	}
	accepter := "do you accept?"
	if len(others) > 1 {
		accepter = "either of you may answer for your team."
	}
	n := fmt.Sprint(len(g.Log))
	text := fmt.Sprintf("%s asks to take back their last move in %s. %s, %s The request lapses with the next move.",
		who(g, pos, ask.Seat), g.ID, joinAnd(ws), accepter)
	return discord.Text(text).WithMentions(mentionsOf(others...)...).WithComponents(discord.Row(
		button(discordgo.SuccessButton, "Accept takeback", "tbyes", g.ID.String(), n),
		button(discordgo.SecondaryButton, "Decline", "tbno", g.ID.String(), n),
	)), nil
}

func (b *Bot) takebackAnswer(accept bool) discord.Handler {
	return func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		id, n, err := gameTurnsParams(e)
		if err != nil {
			return discord.Reply{}, err
		}
		msg, _ := e.Message()
		tb, err := b.svc.AnswerTakeback(ctx, actorOf(e), id, n, accept)
		if err != nil {
			return discord.Reply{}, err
		}
		if !accept {
			return discord.Update(msg.Content+fmt.Sprintf("\n%s declined: the move stands.", mention(string(e.UserID()))), discord.DisableAll(msg.Components)...), nil
		}
		r, err := b.takenBackReply(tb, mention(string(e.UserID()))+" accepted.")
		if err != nil {
			return discord.Reply{}, err
		}
		r.Kind = discord.KindUpdate
		r.Components = discord.DisableAll(msg.Components)
		return r, nil
	}
}

// takenBackReply shows a takeback made: what was undone, the board, and
// whose move it is now.
func (b *Bot) takenBackReply(tb *TakenBack, who string) (discord.Reply, error) {
	g, pos := tb.Game, tb.Pos
	v := vocabOf(g)
	moves := make([]string, len(tb.Undone))
	for i, m := range tb.Undone {
		moves[i] = "`" + m.String() + "`"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s** · %s Taken back: %s.\n", g.ID, who, strings.Join(moves, ", "))
	seat, _ := pos.ToMove()
	ping := b.turnPing(g.User(seat))
	if computerSeat(g, seat) {
		sb.WriteString(thinkingLine(g, pos, seat))
		ping = nil
	} else {
		fmt.Fprintf(&sb, "%s, your move (move %d).", v.who(g, pos, seat), pos.Number())
		if d := deadlineText(g); d != "" {
			sb.WriteString(" " + d)
		}
	}
	file, err := b.boardFile(g, pos, v)
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Text(sb.String()).WithFiles(file).WithMentions(mentionsOf(ping...)...), nil
}

// takebackButtonFor is the Take back button a move's reply carries, when
// the game goes on and the server allows takebacks in it.
func (b *Bot) takebackButtonFor(g *storage.Game, pos *game.Game) (discordgo.MessageComponent, bool) {
	if pos.Over() || len(g.Log) == 0 {
		return nil, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := b.svc.takebackAllowed(ctx, g); err != nil {
		return nil, false
	}
	return button(discordgo.SecondaryButton, "Take back", "takeback", g.ID.String(), fmt.Sprint(len(g.Log))), true
}

// gameTurnsParams reads the game and the log length a button carries.
func gameTurnsParams(e *discord.Event) (storage.GameID, int, error) {
	id, err := gameParam(e)
	if err != nil {
		return 0, 0, err
	}
	n, err := turnsParam(e)
	return id, n, err
}
