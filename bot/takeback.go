package bot

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// takebackLines describes a game's takebacks, one a line, for the
// history and the export: "after entry 4: j12 k10 taken back, asked by
// alice (2026-11-24 17:00 UTC)".
func takebackLines(g *storage.Game, v vocab) []string {
	var out []string
	who := match.Names(g)
	for _, t := range g.Meta.Takebacks {
		moves := make([]string, len(t.Moves))
		for i, m := range t.Moves {
			moves[i] = m.String()
		}
		asker := v.t("takeback.seat", args{"Seat": int(t.Asker)})
		if int(t.Asker) >= 1 && int(t.Asker) <= len(who) {
			asker = who[t.Asker-1]
		}
		out = append(out, v.t("takeback.line", args{"Entry": t.Turns, "Moves": strings.Join(moves, " "), "Asker": asker,
			"At": t.At.UTC().Format("2006-01-02 15:04 MST")}))
	}
	return out
}

// takebackRecord adds a game's takebacks to an exported record: in the
// moves format as comment lines "# takeback: after N: <moves>", which
// every reader of the format skips (game/record_moves.go), and in
// SGF as a game comment, GC[], on the root node.
func takebackRecord(g *storage.Game, data []byte, f game.Format) []byte {
	lines := takebackLines(g, vocab{}) // records are in English
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
	return b.askTakeback(ctx, e, g.ID, storage.LogMark{Len: storage.AnyLen})
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

func (b *Bot) askTakeback(ctx context.Context, e *discord.Event, id storage.GameID, at storage.LogMark) (discord.Reply, error) {
	ask, err := b.svc.AskTakeback(ctx, actorOf(e), id, at)
	if err != nil {
		return discord.Reply{}, err
	}
	if ask.Taken != nil {
		return b.takenBackReply(ask.Taken, func(v vocab) string { return v.t("takeback.computer_agrees", nil) })
	}
	g, pos := ask.Game, ask.Pos
	var others []storage.UserID
	for _, st := range match.OtherSide(g, pos, ask.Seat) {
		if u := g.User(st); !slices.Contains(others, u) {
			others = append(others, u)
		}
	}
	ws := make([]string, len(others))
	for i, u := range others {
		ws[i] = mention(u)
	}
	v := b.gameVocab(g)
	key := "takeback.ask"
	if len(others) > 1 {
		key = "takeback.ask_team"
	}
	n := turnsSegment(g)
	text := v.t(key, args{"Player": v.who(g, pos, ask.Seat), "Game": g.ID, "Others": v.and(ws)})
	return discord.Text(text).WithMentions(others...).WithComponents(discord.Row(
		button(discordgo.SuccessButton, v.t("button.accept_takeback", nil), "tbyes", g.ID.String(), n),
		button(discordgo.SecondaryButton, v.t("button.decline", nil), "tbno", g.ID.String(), n),
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
			v := b.publicVocab(ctx, e)
			return discord.Update(msg.Content+"\n"+v.t("takeback.declined", args{"Player": e.UserID().Mention()}), discord.DisableAll(msg.Components)...), nil
		}
		r, err := b.takenBackReply(tb, func(v vocab) string { return v.t("takeback.accepted", args{"Player": e.UserID().Mention()}) })
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
func (b *Bot) takenBackReply(tb *match.TakenBack, who func(vocab) string) (discord.Reply, error) {
	g, pos := tb.Game, tb.Pos
	v := b.gameVocab(g)
	moves := make([]string, len(tb.Undone))
	for i, m := range tb.Undone {
		moves[i] = "`" + m.String() + "`"
	}
	var sb strings.Builder
	sb.WriteString(v.t("takeback.done", args{"Game": g.ID, "Who": who(v), "Moves": strings.Join(moves, ", ")}) + "\n")
	seat, _ := pos.ToMove()
	ping := b.turnPing(g.User(seat))
	if match.ComputerSeat(g, seat) {
		sb.WriteString(v.thinkingLine(g, pos, seat))
		ping = nil
	} else {
		sb.WriteString(v.t("played.to_move", args{"Player": v.who(g, pos, seat), "Prompt": v.t("played.your_move", nil), "N": pos.Number()}))
		if d := v.deadline(g); d != "" {
			sb.WriteString(" " + d)
		}
	}
	file, err := b.boardFile(g, pos, v)
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Text(sb.String()).WithFiles(file).WithMentions(ping...), nil
}

// takebackButtonFor is the Take back button a move's reply carries, when
// the game goes on and the server allows takebacks in it.
func (b *Bot) takebackButtonFor(g *storage.Game, pos *game.Game, v vocab) (discordgo.MessageComponent, bool) {
	if pos.Over() || len(g.Log) == 0 {
		return nil, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := b.svc.TakebackAllowed(ctx, g); err != nil {
		return nil, false
	}
	return button(discordgo.SecondaryButton, v.t("button.take_back", nil), "takeback", g.ID.String(), turnsSegment(g)), true
}

// gameTurnsParams reads the game and the position a button carries.
func gameTurnsParams(e *discord.Event) (storage.GameID, storage.LogMark, error) {
	id, err := gameParam(e)
	if err != nil {
		return 0, storage.LogMark{}, err
	}
	n, err := turnsParam(e)
	return id, n, err
}
