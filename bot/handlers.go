package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// invitee reads a user option and its display name, and whether the user
// is a bot account.
func invitee(e *discord.Event, name string) (storage.UserID, string, bool, error) {
	id, err := e.Options().RequireUser(name)
	if err != nil {
		return "", "", false, err
	}
	u, _ := e.ResolvedUser(id)
	if u.ID == "" {
		u.ID = string(id)
	}
	return id, displayName(u, ""), u.Bot, nil
}

// challengeOptions are the options of /twixt challenge and /twixt double
// that set the terms (TestChallengeOptionsAreDefined checks the names).
type challengeOptions struct {
	Size       string `option:"size"`
	Ruleset    string `option:"ruleset"`
	Preset     string `option:"handicap_preset"`
	Opening    string `option:"opening"`
	Handicap   *int   `option:"handicap"`
	ExtraMoves *int   `option:"extra_moves"`
	Swap       *bool  `option:"swap"`
	Rated      *bool  `option:"rated"`
	Color      string `option:"color"`
}

// terms reads the challenge options the player set.
func terms(e *discord.Event) (match.Terms, string, error) {
	var o challengeOptions
	if err := e.Options().Decode(&o); err != nil {
		return match.Terms{}, "", err
	}
	t := match.Terms{Size: o.Size, Ruleset: o.Ruleset, Preset: o.Preset, Opening: o.Opening,
		Handicap: o.Handicap, ExtraMoves: o.ExtraMoves, Swap: o.Swap, Rated: o.Rated}
	return t, strings.ToLower(o.Color), nil
}

func (b *Bot) challenge(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	return b.invite(ctx, e, optOpponent)
}

func (b *Bot) double(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	return b.invite(ctx, e, optPartner, optOpponent, optOpponent2)
}

// invite handles /twixt challenge and /twixt double.
func (b *Bot) invite(ctx context.Context, e *discord.Event, options ...string) (discord.Reply, error) {
	a := actorOf(e)
	t, color, err := terms(e)
	if err != nil {
		return discord.Reply{}, err
	}
	inv := match.Invitation{Color: color, Terms: t, Names: map[storage.UserID]string{}}
	nick := ""
	if m := e.Interaction().Member; m != nil {
		nick = m.Nick
	}
	inv.Names[a.User] = displayName(e.User(), nick)
	for _, name := range options {
		id, display, isBot, err := invitee(e, name)
		if err != nil {
			return discord.Reply{}, err
		}
		inv.Invited = append(inv.Invited, id)
		inv.Bots = append(inv.Bots, isBot)
		inv.Names[id] = display
	}
	g, err := b.svc.Challenge(ctx, a, inv)
	if err != nil {
		return discord.Reply{}, err
	}
	e.Annotate(slog.String("game", g.ID.String()))
	if g.State == storage.Active {
		return b.computerStarted(g) // the computer accepted at once
	}
	v := b.gameVocab(g)
	return b.withRatings(ctx, g, v, challengeMessage(g, v)), nil
}

// challengeMessage is the public message of a challenge, with its Accept
// and Decline buttons, in the channel's language.
func challengeMessage(g *storage.Game, v vocab) discord.Reply {
	from := match.Proposer(g)
	red, black := v.side(game.Red), v.side(game.Black)
	var sb strings.Builder
	var waiting []storage.UserID
	for i, u := range g.Seats {
		if !g.Meta.Accepted.Has(game.Seat(i + 1)) {
			waiting = append(waiting, u)
		}
	}
	if g.Settings.Players == 4 {
		m := func(i int) string { return mention(g.Seats[i]) }
		sb.WriteString(v.t("challenge.double", args{"Game": g.ID, "From": mention(from)}) + "\n")
		sb.WriteString(v.t("challenge.teams", args{"Red": red, "Black": black, "R1": m(0), "R2": m(2), "B1": m(1), "B2": m(3)}) + "\n")
		sb.WriteString(v.t("challenge.seats", args{"Red": red, "Black": black, "P1": m(0), "P2": m(1), "P3": m(2), "P4": m(3)}) + "\n")
	} else {
		opp := g.Seats[1]
		if opp == from {
			opp = g.Seats[0]
		}
		sb.WriteString(v.t("challenge.duel", args{"Opponent": mention(opp), "From": mention(from), "Game": g.ID,
			"Red": red, "Black": black, "P1": mention(g.Seats[0]), "P2": mention(g.Seats[1])}) + "\n")
	}
	sb.WriteString(v.t("challenge.terms", args{"Terms": v.terms(g), "Red": red}) + "\n")
	if len(waiting) > 0 {
		ws := make([]string, len(waiting))
		for i, u := range waiting {
			ws[i] = mention(u)
		}
		if !g.Meta.Expires.IsZero() {
			sb.WriteString(v.t("challenge.waiting_lapses", args{"Players": v.and(ws), "Lapses": timestamp(g.Meta.Expires, 'R')}))
		} else {
			sb.WriteString(v.t("challenge.waiting", args{"Players": v.and(ws)}))
		}
	}
	return discord.Text(sb.String()).WithMentions(waiting...).WithComponents(discord.Row(
		button(discordgo.SuccessButton, v.t("button.accept", nil), "accept", g.ID.String()),
		button(discordgo.DangerButton, v.t("button.decline", nil), "decline", g.ID.String()),
	))
}

// answer handles the Accept and Decline buttons of a challenge.
func (b *Bot) answer(accept bool) discord.Handler {
	return func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		id, err := gameParam(e)
		if err != nil {
			return discord.Reply{}, err
		}
		a := actorOf(e)
		msg, _ := e.Message()
		ans, err := b.svc.Respond(ctx, a, id, accept)
		if err != nil {
			return discord.Reply{}, err
		}
		g := ans.Game
		v := b.gameVocab(g)
		switch {
		case ans.Declined:
			return discord.Update(v.t("challenge.declined", args{"Player": mention(a.User), "Game": g.ID}),
				discord.DisableAll(msg.Components)...), nil
		case !ans.Started:
			r := b.withRatings(ctx, g, v, challengeMessage(g, v))
			r.Kind = discord.KindUpdate
			r.Mentions = nil // the first message already pinged them
			return r, nil
		}
		return b.started(ctx, e, g, ans.Pos, msg)
	}
}

// started announces a game that has just begun, on the challenge message
// (and in the game's own thread, when the server wants one).
func (b *Bot) started(ctx context.Context, e *discord.Event, g *storage.Game, pos *game.Game, msg discordgo.Message) (discord.Reply, error) {
	seat, _ := pos.ToMove()
	v := b.gameVocab(g)
	var sb strings.Builder
	sb.WriteString(v.t("start.head", args{"Game": g.ID, "Terms": v.terms(g)}) + "\n")
	for s := game.Seat(1); int(s) <= len(g.Seats); s++ {
		fmt.Fprintf(&sb, "%d. %s\n", s, v.who(g, pos, s))
	}
	if match.ComputerSeat(g, seat) {
		sb.WriteString(v.thinkingLine(g, pos, seat))
	} else {
		sb.WriteString(v.t("start.first", args{"Player": v.who(g, pos, seat), "Hint": v.moveHint(pos)}))
	}
	if pos.Settings().SwapAllowed() {
		sb.WriteString(" " + v.t("start.swap", args{"Black": v.side(game.Black)}))
	}
	if g.Settings.Players == 4 {
		sb.WriteString(" " + v.t("start.privilege", nil))
	}
	if d := v.deadline(g); d != "" {
		sb.WriteString("\n" + v.t("start.clock", args{"Time": v.duration(g.Clock.PerTurn), "Deadline": d}))
	}
	p, err := b.svc.GamePolicy(ctx, g)
	if err == nil && p.Threads && b.notify != nil && e.MessageID() != "" {
		th, err := b.notify.StartThread(ctx, g.Place.Channel, e.MessageID(), "TwixT "+g.ID.String()+": "+strings.Join(match.Names(g), " vs "))
		if err == nil {
			if ng, err := b.svc.SetThread(ctx, g.ID, th); err == nil {
				g = ng
			}
			file, ferr := b.boardFile(g, pos, v)
			if ferr == nil {
				r := discord.Text(sb.String()).WithFiles(file).WithMentions(g.User(seat))
				b.later("post the board in the thread", func(ctx context.Context) error {
					_, err := b.notify.Send(ctx, th, r)
					return err
				})
			}
			return discord.Update(sb.String()+"\n"+v.t("start.thread", args{"Thread": th.Mention()}),
				discord.DisableAll(msg.Components)...), nil
		}
		b.log.Warn("could not open a thread for the game", "game", g.ID, "err", err)
	}
	file, err := b.boardFile(g, pos, v)
	if err != nil {
		return discord.Reply{}, err
	}
	r := discord.Update(sb.String(), discord.DisableAll(msg.Components)...).WithFiles(file)
	return r.WithMentions(g.User(seat)), nil
}

// gameOption finds the game a command means.
func (b *Bot) gameOption(ctx context.Context, e *discord.Event, mustPlay bool) (*storage.Game, error) {
	opt, _, err := e.Options().String(optGame)
	if err != nil {
		return nil, err
	}
	g, err := b.svc.Find(ctx, actorOf(e), opt, mustPlay)
	if err == nil {
		e.Annotate(slog.String("game", g.ID.String()))
	}
	return g, err
}

// loadOption finds the game a viewing command means and loads it with its
// position.
func (b *Bot) loadOption(ctx context.Context, e *discord.Event) (*storage.Game, *game.Game, error) {
	opt, _, err := e.Options().String(optGame)
	if err != nil {
		return nil, nil, err
	}
	g, pos, err := b.svc.FindLoaded(ctx, actorOf(e), opt, false)
	if err == nil {
		e.Annotate(slog.String("game", g.ID.String()))
	}
	return g, pos, err
}

func (b *Bot) move(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	at, err := e.Options().RequireString(optAt)
	if err != nil {
		return discord.Reply{}, err
	}
	priv, _, err := e.Options().Bool(optPrivilege)
	if err != nil {
		return discord.Reply{}, err
	}
	ms, err := parseMoves(at)
	if err != nil {
		return discord.Reply{}, b.notationError(ctx, e, at, err)
	}
	return b.act(ctx, e, match.Action{Move: ms[0], Then: ms[1:], Privilege: priv, Turns: -1})
}

func (b *Bot) swapCmd(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	return b.act(ctx, e, match.Action{Move: game.Move{Kind: game.Swap}, Turns: -1})
}

func (b *Bot) privilegeCmd(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	return b.act(ctx, e, match.Action{Move: game.Move{Kind: game.Privilege}, Turns: -1})
}

// notationError explains a move that cannot be read, with a hole of the
// player's board to show how moves are written, when the game is found.
func (b *Bot) notationError(ctx context.Context, e *discord.Event, at string, err error) error {
	ne := &match.NotationError{Input: strings.TrimSpace(at), Err: err}
	if g, ferr := b.gameOption(ctx, e, true); ferr == nil {
		if _, pos, lerr := b.svc.Load(ctx, g.ID); lerr == nil {
			ne.Example = exampleHole(pos)
		}
	}
	return ne
}

// act plays an action in the game the command means, and answers with the
// new board.
func (b *Bot) act(ctx context.Context, e *discord.Event, act match.Action) (discord.Reply, error) {
	opt, _, err := e.Options().String(optGame)
	if err != nil {
		return discord.Reply{}, err
	}
	p, err := b.svc.PlayFound(ctx, actorOf(e), opt, act)
	var in *match.InGame
	switch {
	case err == nil:
		e.Annotate(slog.String("game", p.Game.ID.String()))
	case errors.As(err, &in):
		e.Annotate(slog.String("game", in.Game.String()))
	}
	if err != nil {
		return discord.Reply{}, err
	}
	return b.playedReply(p)
}

// buttonAct plays the action of a button press, which carries the game and
// the position it was posted at (turnsSegment).
func (b *Bot) buttonAct(ctx context.Context, e *discord.Event, m game.Move) (discord.Reply, error) {
	id, err := gameParam(e)
	if err != nil {
		return discord.Reply{}, err
	}
	n, err := turnsParam(e)
	if err != nil {
		return discord.Reply{}, err
	}
	p, err := b.svc.Play(ctx, actorOf(e), id, match.Action{Move: m, Turns: n.Len, Takebacks: n.Takebacks})
	if err != nil {
		return discord.Reply{}, err
	}
	// The button did its work: disable it on its message, and answer with
	// a new message carrying the new board.
	b.disableLater(e)
	return b.playedReply(p)
}

func (b *Bot) swapButton(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	return b.buttonAct(ctx, e, game.Move{Kind: game.Swap})
}

func (b *Bot) privilegeButton(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	return b.buttonAct(ctx, e, game.Move{Kind: game.Privilege})
}

// playedReply is the public answer to an action: what happened, the new
// board, the player to move (mentioned), and the buttons that apply now.
func (b *Bot) playedReply(p *match.Played) (discord.Reply, error) {
	g, pos := p.Game, p.Pos
	v := b.gameVocab(g)
	var sb strings.Builder
	for _, o := range p.Outcomes {
		switch o.Move.Kind {
		case game.Privilege:
			sb.WriteString(v.t("played.privilege", args{"Claimer": v.who(g, pos, o.Seat), "Side": v.side(pos.SeatColor(o.Seat)),
				"Skipped": v.who(g, pos, o.Skipped), "Partner": v.who(g, pos, o.Seat.Partner())}) + "\n")
		case game.Resign:
			sb.WriteString(v.t("played.resigns", args{"Player": v.who(g, pos, o.Seat)}) + "\n")
		case game.Draw:
			sb.WriteString(v.t("played.draw", nil) + "\n")
		case game.Conclude:
		default:
			sb.WriteString(v.t("played.turn", args{"Game": g.ID, "N": o.Number, "Player": v.who(g, pos, o.Seat), "Turn": v.describeTurn(o, g.Settings.Swap)}) + "\n")
		}
	}
	var ping []storage.UserID
	var comps []discordgo.MessageComponent
	if r := pos.Result(); r.Over() {
		fmt.Fprintf(&sb, "**%s**", resultLine(g, pos, v))
		if line := b.ratingChangeLine(context.Background(), g, v); line != "" {
			sb.WriteString("\n" + line)
		}
		ping = g.Seats
		comps = append(comps, discord.Row(rematchButton(g, v)))
	} else {
		seat, _ := pos.ToMove()
		thinks := match.ComputerSeat(g, seat)
		if thinks {
			sb.WriteString(v.thinkingLine(g, pos, seat))
		} else {
			ping = b.turnPing(g.User(seat))
			sb.WriteString(v.t("played.to_move", args{"Player": v.who(g, pos, seat), "Prompt": yourTurn(pos, v), "N": pos.Number()}))
			if d := v.deadline(g); d != "" {
				sb.WriteString(" " + d)
			}
		}
		n := turnsSegment(g)
		var row []discordgo.MessageComponent
		if pos.SwapAvailable() && !thinks {
			row = append(row, button(discordgo.PrimaryButton, v.t("button.swap", nil), "swap", g.ID.String(), n))
		}
		row = append(row, choiceButtons(g, pos, n, v)...)
		if s, ok := pos.PrivilegeClaimant(); ok {
			row = append(row, button(discordgo.SecondaryButton, v.t("button.claim_privilege", args{"Seat": v.seat(4, s, pos.SeatColor(s))}), "privilege", g.ID.String(), n))
		}
		if tb, ok := b.takebackButtonFor(g, pos, v); ok {
			row = append(row, tb)
		}
		if len(row) > 0 {
			comps = append(comps, discord.Row(row...))
		}
	}
	file, err := b.boardFile(g, pos, v)
	if err != nil {
		return discord.Reply{}, err
	}
	r := discord.Text(sb.String()).WithFiles(file).WithMentions(ping...)
	if len(comps) > 0 {
		r = r.WithComponents(comps...)
	}
	return r, nil
}

// resultLine says how a game ended, and who played which side.
func resultLine(g *storage.Game, pos *game.Game, v vocab) string {
	r := pos.Result()
	line := v.result(r)
	if r.Reason == game.Connection {
		line = v.t("result.game_over", args{"Result": line})
	}
	if r.Reason == game.Aborted {
		line = v.t("result.aborted_line", nil)
	}
	var sides []string
	for _, c := range []game.Color{game.Red, game.Black} {
		var ps []string
		for _, s := range pos.Seats(c) {
			ps = append(ps, mention(g.User(s)))
		}
		sides = append(sides, v.side(c)+": "+v.and(ps))
	}
	return sentence(v.t("result.line", args{"Result": line, "Sides": strings.Join(sides, " · ")}))
}

func (b *Bot) resign(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	g, err := b.gameOption(ctx, e, true)
	if err != nil {
		return discord.Reply{}, err
	}
	if len(g.SeatsOf(e.UserID())) == 0 {
		return discord.Reply{}, refused(match.ErrNotInGame, "refusal.not_in_game", args{"Game": g.ID})
	}
	v := userVocab(e)
	text := v.t("resign.confirm", args{"Game": g.ID})
	if g.Settings.Players == 4 {
		text = v.t("resign.confirm_team", args{"Game": g.ID})
	}
	r := discord.Ephemeral(text).WithComponents(discord.Row(
		button(discordgo.DangerButton, v.t("button.resign", nil), "resign", g.ID.String()),
		button(discordgo.SecondaryButton, v.t("button.keep_playing", nil), "keep", g.ID.String()),
	))
	return r, nil
}

func (b *Bot) resignConfirm(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	id, err := gameParam(e)
	if err != nil {
		return discord.Reply{}, err
	}
	p, err := b.svc.Play(ctx, actorOf(e), id, match.Action{Move: game.Move{Kind: game.Resign}, Turns: -1})
	if err != nil {
		return discord.Reply{}, err
	}
	b.announce(p, "announce a resignation")
	return discord.Update(userVocab(e).t("resign.done", args{"Game": id})), nil
}

func (b *Bot) resignCancel(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	return discord.Update(userVocab(e).t("resign.cancelled", nil)), nil
}

// announce posts what an action did in the game's channel, for actions
// answered privately (a confirmed resignation, a moderator's decision).
func (b *Bot) announce(p *match.Played, what string) {
	r, err := b.playedReply(p)
	if err != nil {
		b.log.Warn("could not draw the board", "err", err)
		return
	}
	if !p.Pos.Over() {
		r.Components = nil // a finished game keeps its Rematch button
	}
	ch := place(p.Game)
	b.later(what, func(ctx context.Context) error {
		_, err := b.notify.Send(ctx, ch, r)
		return err
	})
}

func (b *Bot) draw(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	g, err := b.gameOption(ctx, e, true)
	if err != nil {
		return discord.Reply{}, err
	}
	off, err := b.svc.OfferDraw(ctx, actorOf(e), g.ID)
	if err != nil {
		return discord.Reply{}, err
	}
	if off.Played != nil {
		return b.playedReply(off.Played)
	}
	g = off.Game
	pos, err := game.Replay(g.Settings, g.Log)
	if err != nil {
		return discord.Reply{}, err
	}
	if seat, ok := match.ComputerAnswers(g, pos, off.Seat); ok {
		return b.computerDraw(ctx, off, pos, seat)
	}
	var others []storage.UserID
	for _, s := range match.OtherSide(g, pos, off.Seat) {
		others = append(others, g.User(s))
	}
	ws := make([]string, len(others))
	for i, u := range others {
		ws[i] = mention(u)
	}
	v := b.gameVocab(g)
	id := "draw.offer"
	if len(others) > 1 {
		id = "draw.offer_team"
	}
	n := turnsSegment(g)
	text := v.t(id, args{"Player": v.who(g, pos, off.Seat), "Game": g.ID, "Others": v.and(ws)})
	return discord.Text(text).WithMentions(others...).WithComponents(discord.Row(
		button(discordgo.SuccessButton, v.t("button.accept_draw", nil), "drawyes", g.ID.String(), n),
		button(discordgo.SecondaryButton, v.t("button.decline", nil), "drawno", g.ID.String(), n),
	)), nil
}

func (b *Bot) drawAnswer(accept bool) discord.Handler {
	return func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		id, n, err := gameTurnsParams(e)
		if err != nil {
			return discord.Reply{}, err
		}
		msg, _ := e.Message()
		if !accept {
			if _, err := b.svc.DeclineDraw(ctx, actorOf(e), id, n); err != nil {
				return discord.Reply{}, err
			}
			v := b.publicVocab(ctx, e)
			return discord.Update(msg.Content+"\n"+v.t("draw.declined", args{"Player": e.UserID().Mention()}), discord.DisableAll(msg.Components)...), nil
		}
		p, err := b.svc.AcceptDraw(ctx, actorOf(e), id, n)
		if err != nil {
			return discord.Reply{}, err
		}
		r, err := b.playedReply(p)
		if err != nil {
			return discord.Reply{}, err
		}
		r.Kind = discord.KindUpdate
		r.Components = discord.DisableAll(msg.Components)
		return r, nil
	}
}

func (b *Bot) board(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	theme, _, err := e.Options().String(optTheme)
	if err != nil {
		return discord.Reply{}, err
	}
	text, _, err := e.Options().Bool(optText)
	if err != nil {
		return discord.Reply{}, err
	}
	zoom, _, err := e.Options().Bool(optZoom)
	if err != nil {
		return discord.Reply{}, err
	}
	g, pos, err := b.loadOption(ctx, e)
	if err != nil {
		return discord.Reply{}, err
	}
	// The picture's theme, the game's unless asked for another, sets the
	// words of the whole reply.
	v := vocabOf(g)
	if theme != "" {
		v = themeVocab(theme)
	}
	v = v.in(b.placeLang(ctx, g.Place.Guild, g.Place.Channel)).mentioning(e.CommandIDs())
	status := statusLine(g, pos, v)
	if text {
		return textBoard(g, b.view(g, pos), status, v)
	}
	file, err := b.boardPicture(g, pos, v, zoom)
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Text(status).WithFiles(file), nil
}

// statusLine says where a game stands, without pinging anyone.
func statusLine(g *storage.Game, pos *game.Game, v vocab) string {
	if pos.Over() || g.State == storage.Finished {
		return v.t("status.over", args{"Game": g.ID, "Terms": v.terms(g), "Result": resultLine(g, pos, v)})
	}
	seat, _ := pos.ToMove()
	line := v.t("status.running", args{"Game": g.ID, "Terms": v.terms(g), "N": pos.Number(), "Player": v.who(g, pos, seat)})
	if d := v.deadline(g); d != "" {
		line += " " + d
	}
	return line
}

func (b *Bot) history(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	g, pos, err := b.loadOption(ctx, e)
	if err != nil {
		return discord.Reply{}, err
	}
	v := gameUserVocab(g, e)
	text, err := historyText(g, v)
	if err != nil {
		return discord.Reply{}, err
	}
	head := statusLine(g, pos, v) + "\n"
	if len(head)+len(text)+8 <= discord.MaxContentLength {
		return discord.Ephemeral(head + "```\n" + text + "```"), nil
	}
	r := discord.Ephemeral(head + v.t("history.attached", nil))
	return r.WithFiles(discord.File{Name: g.ID.String() + "-history.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(text)}), nil
}

// historyText lists a game's moves in notation, one turn a line, marking
// Privilege, resignations and draws.
func historyText(g *storage.Game, v vocab) (string, error) {
	pos, err := game.New(g.Settings)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	for _, m := range g.Log {
		_, turn := pos.ToMove()
		o, err := pos.PlayMove(m)
		if err != nil {
			return "", err
		}
		name := v.seat(g.Settings.Players, o.Seat, o.Color)
		switch m.Kind {
		case game.Swap:
			// A swap is Black's turn, as the SGF export writes it
			// (B[swap]); after a sides swap the players exchange colours.
			fmt.Fprintf(&sb, "%3d. %-8s swap     (%s)\n", o.Number, v.seat(g.Settings.Players, o.Seat, turn), swapNote(g, pos, o, v))
		case game.Place, game.Choose:
			fmt.Fprintf(&sb, "%3d. %-8s %s", o.Number, name, m.String())
			if len(o.Freed) > 0 {
				sb.WriteString("  " + v.t("history.takes_up", args{"Holes": strings.Join(holeNames(o.Freed), ", ")}))
			}
			if len(o.Added) > 0 {
				sb.WriteString("  " + v.t("history.links", args{"Links": strings.Join(otherEnds(o.Added, o.Hole), ", ")}))
			}
			sb.WriteString("\n")
		case game.Privilege:
			fmt.Fprintf(&sb, "     %-8s %s\n", name, v.t("history.privilege", args{"Seat": v.seat(g.Settings.Players, o.Skipped, pos.SeatColor(o.Skipped))}))
		case game.Resign:
			fmt.Fprintf(&sb, "     %s\n", v.t("history.resigns", args{"Side": v.side(o.Color)}))
		case game.Draw:
			fmt.Fprintf(&sb, "     %s\n", v.t("history.draw", nil))
		case game.Conclude:
			fmt.Fprintf(&sb, "     %s\n", v.result(pos.Result()))
		}
	}
	if sb.Len() == 0 {
		sb.WriteString(v.t("history.none", nil) + "\n")
	}
	for _, l := range takebackLines(g, v) {
		sb.WriteString("     " + v.t("history.takeback", args{"Line": l}) + "\n")
	}
	return sb.String(), nil
}

// swapNote says what a swap did: who plays which colour from then on
// (sides), or where the peg went (mirror). The pie rule is for two
// players only.
func swapNote(g *storage.Game, pos *game.Game, o game.Outcome, v vocab) string {
	if g.Settings.Swap == game.SwapMirror {
		return v.t("history.swap_mirror", args{"Red": v.side(game.Red), "Hole": o.Hole.Upper(), "Black": v.side(game.Black)})
	}
	n, other := match.Names(g), 3-o.Seat
	return v.t("history.swap_sides", args{"P1": n[o.Seat-1], "C1": v.side(o.Color), "Hole": o.Hole.Upper(),
		"P2": n[other-1], "C2": v.side(pos.SeatColor(other))})
}

func (b *Bot) export(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	g, pos, err := b.loadOption(ctx, e)
	if err != nil {
		return discord.Reply{}, err
	}
	rec := game.NewRecord(pos, match.Names(g)...)
	name, format, note := g.ID.String()+".sgf", game.FormatSGF, "export.sgf"
	if g.Settings.Players == 4 {
		// GM[21] has no four-player form: the moves format, with its
		// privilege tokens, records Double TwixT.
		name, format, note = g.ID.String()+".twixt", game.FormatMoves, "export.moves"
	}
	data, err := rec.Marshal(format)
	if err != nil {
		return discord.Reply{}, err
	}
	data = takebackRecord(g, data, format)
	return discord.Ephemeral(userVocab(e).t(note, args{"Game": g.ID, "File": name})).
		WithFiles(discord.File{Name: name, ContentType: "text/plain; charset=utf-8", Data: data}), nil
}

func (b *Bot) games(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	onlyMine, page, err := gamesOpts(e)
	if err != nil {
		return discord.Reply{}, err
	}
	u := e.UserID()
	if onlyMine {
		return b.yourMove(ctx, u, userVocab(e))
	}
	mine, here, err := b.svc.Games(ctx, actorOf(e))
	if err != nil {
		return discord.Reply{}, err
	}
	byActivity(here)
	here, pages, err := pageOf(here, page)
	if err != nil {
		return discord.Reply{}, err
	}
	v := userVocab(e)
	var sb strings.Builder
	sb.WriteString(v.t("games.yours", nil) + "\n")
	if len(mine) == 0 {
		sb.WriteString(v.t("games.none_start", nil) + "\n")
	}
	for _, g := range mine {
		sb.WriteString(b.gameLine(ctx, g, u, v) + "\n")
	}
	if pages > 1 {
		sb.WriteString(v.t("games.channel_page", args{"Page": page, "Pages": pages}))
	} else {
		sb.WriteString(v.t("games.channel", nil))
	}
	sb.WriteString("\n")
	if len(here) == 0 {
		sb.WriteString(v.t("games.none", nil) + "\n")
	}
	for _, g := range here {
		sb.WriteString(b.gameLine(ctx, g, u, v) + "\n")
	}
	return discord.Ephemeral(truncate(sb.String(), discord.MaxContentLength)), nil
}

// gameLine describes a game in a list.
func (b *Bot) gameLine(ctx context.Context, g *storage.Game, u storage.UserID, v vocab) string {
	players := make([]string, len(g.Seats))
	for i, p := range g.Seats {
		players[i] = mention(p)
	}
	line := v.t("line.game", args{"Game": g.ID, "Players": strings.Join(players, v.t("list.versus", nil)), "Size": g.Settings.BoardSize(), "Place": "<#" + string(place(g)) + ">"})
	if g.State == storage.Proposed {
		return line + " " + v.t("line.waiting", nil)
	}
	pos, err := game.Replay(g.Settings, g.Log)
	if err != nil {
		return line + " " + v.t("line.unreadable", nil)
	}
	seat, _ := pos.ToMove()
	if g.User(seat) == u {
		line += " · " + v.t("line.your_move", args{"N": pos.Number()})
	} else {
		line += " · " + v.t("line.to_move", args{"Player": mention(g.User(seat))})
	}
	if left := v.timeLeft(g, b.now()); left != "" {
		line += " · " + left
	}
	if len(g.Log) > 0 {
		line += " · " + v.t("line.last_move", args{"When": timestamp(lastMoveAt(g), 'R')})
	}
	return line
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n-2], '\n')
	if cut < 0 {
		cut = n - 2
	}
	return s[:cut] + "\n…"
}

func (b *Bot) substitute(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	g, err := b.gameOption(ctx, e, false)
	if err != nil {
		return discord.Reply{}, err
	}
	seat, id, name, isBot, err := seatAndPlayer(e)
	if err != nil {
		return discord.Reply{}, err
	}
	ng, old, err := b.svc.Substitute(ctx, actorOf(e), g.ID, seat, id, name, isBot)
	if err != nil {
		return discord.Reply{}, err
	}
	text := b.gameVocab(ng).t("substitute.agreed", args{"New": mention(id), "Seat": int(seat), "Game": ng.ID, "Old": mention(old), "By": e.UserID().Mention()})
	return discord.Text(text).WithMentions(id), nil
}

// seatAndPlayer reads the seat and player options of a substitution.
func seatAndPlayer(e *discord.Event) (game.Seat, storage.UserID, string, bool, error) {
	seat, err := e.Options().RequireInt(optSeat)
	if err != nil {
		return 0, "", "", false, err
	}
	id, name, isBot, err := invitee(e, optPlayer)
	return game.Seat(seat), id, name, isBot, err
}

func (b *Bot) help(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	return discord.Ephemeral(userVocab(e).t("help.text", nil)), nil
}
