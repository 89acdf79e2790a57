package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// Turn notifications. Each player chooses with /twixt notify how they hear
// that it is their move: a mention in the game's channel (the default), a
// direct message with the board and a link to the game, or both. The
// turn clock's reminders follow the same choice. A direct message that
// Discord refuses (the player closed their DMs) falls back to a mention in
// the channel, once: the refusal is remembered, and the bot mentions the
// player from then on until they choose again. Nothing is retried.

// NotifyMode is how a player hears that it is their move.
type NotifyMode uint8

const (
	NotifyMention NotifyMode = iota // a mention in the channel (the default)
	NotifyDM                        // a direct message
	NotifyBoth                      // both
)

var notifyModes = [...]string{"mentions", "on", "both"}

// String returns "mentions", "on" (direct messages) or "both".
func (m NotifyMode) String() string { return match.ModeName(notifyModes[:], int(m), "notify") }

// ParseNotifyMode reads the /twixt notify choice: "on" (direct
// messages), "off" or "mentions" (mentions only, the default), or "both".
func ParseNotifyMode(v string) (NotifyMode, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "mentions", "mention", "off":
		return NotifyMention, nil
	case "on", "dm", "dms":
		return NotifyDM, nil
	case "both":
		return NotifyBoth, nil
	}
	return 0, optionError("refusal.not_notify_choice", args{"Value": fmt.Sprintf("%q", v)})
}

// notifyMode is the mode in force for a user's choices: a refused direct
// message turns direct messages off until the user chooses again.
func notifyMode(p storage.Prefs) NotifyMode {
	m := NotifyMode(p.Notify)
	if m > NotifyBoth || p.DMRefused {
		return NotifyMention
	}
	return m
}

const optHow = "how"

// notifyCmd is /twixt notify.
func (b *Bot) notifyCmd(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	how, err := e.Options().RequireString(optHow)
	if err != nil {
		return discord.Reply{}, err
	}
	m, err := ParseNotifyMode(how)
	if err != nil {
		return discord.Reply{}, err
	}
	u := e.UserID()
	if _, err := b.svc.UpdatePrefs(ctx, u, func(p *storage.Prefs) error {
		p.Notify, p.DMRefused = uint8(m), false
		return nil
	}); err != nil {
		return discord.Reply{}, err
	}
	v := userVocab(e)
	what := v.t("notify.mention", nil)
	switch m {
	case NotifyDM:
		what = v.t("notify.dm", nil)
	case NotifyBoth:
		what = v.t("notify.both", nil)
	}
	return discord.Ephemeral(what + " " + v.t("notify.reminders", nil)), nil
}

// prefsOf reads a user's choices, with a short deadline of its own: it is
// asked while building a reply. An error reads as no choice.
func (b *Bot) prefsOf(u storage.UserID) storage.Prefs {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	p, err := b.svc.Prefs(ctx, u)
	if err != nil {
		b.log.Warn("could not read a player's choices", "user", string(u), "err", err)
	}
	return p
}

// turnPing is whom a reply that hands the turn to u mentions: u, unless u
// hears of their turns by direct message only.
func (b *Bot) turnPing(u storage.UserID) []storage.UserID {
	if notifyMode(b.prefsOf(u)) == NotifyDM {
		return nil
	}
	return []storage.UserID{u}
}

// gameLink is the link to jump to a game from a direct message: to the
// message that shows the move when its id is known, else to the game's
// channel (or thread).
func gameLink(g *storage.Game, msg discord.MessageID) string {
	guild := string(g.Place.Guild)
	if guild == "" {
		guild = "@me"
	}
	link := fmt.Sprintf("https://discord.com/channels/%s/%s", guild, place(g))
	if msg != "" {
		link += "/" + string(msg)
	}
	return link
}

// moved hears of every action that changed a running game (a move, a
// takeback, the start): it tells the player to move by direct message if
// they asked for that, and the game's followers. The direct messages link
// to the message that shows the action (the interaction's reply, or the
// computer's post), so they wait until it is out.
func (b *Bot) moved(ctx context.Context, g *storage.Game, pos *game.Game) {
	g, pos = g.Clone(), pos.Clone()
	shown := postedOf(ctx)
	b.later("send turn notifications", func(ctx context.Context) error {
		msg := shown.message(ctx)
		if err := b.notifyTurn(ctx, g, pos, msg); err != nil {
			b.log.Warn("could not notify the player to move", "game", g.ID.String(), "err", err)
		}
		if err := b.resultToChannel(ctx, g, pos); err != nil {
			b.log.Warn("could not post the result in the game's channel", "game", g.ID.String(), "err", err)
		}
		return b.notifyFollowers(ctx, g, pos, msg)
	})
}

// resultToChannel posts the result of a game played in its own thread
// back in the channel the thread hangs from, with the final board.
func (b *Bot) resultToChannel(ctx context.Context, g *storage.Game, pos *game.Game) error {
	if g.State != storage.Finished || g.Place.Thread == "" {
		return nil
	}
	v := b.gameVocab(g)
	file, err := b.boardFile(g, pos, v)
	if err != nil {
		return err
	}
	text := statusLine(g, pos, v) + "\n" + v.t("notify.played_in_thread", args{"Thread": "<#" + string(g.Place.Thread) + ">"})
	_, err = b.notify.Send(ctx, g.Place.Channel, discord.Text(text).WithFiles(file).WithComponents(discord.Row(rematchButton(g, v))))
	return err
}

// notifyTurn sends the player to move their direct message, if they chose
// one, with a link to msg, the message that shows the move ("" for
// unknown: the game's channel).
func (b *Bot) notifyTurn(ctx context.Context, g *storage.Game, pos *game.Game, msg discord.MessageID) error {
	if pos.Over() || g.State != storage.Active {
		return nil
	}
	seat, _ := pos.ToMove()
	if match.ComputerSeat(g, seat) {
		return nil
	}
	u := g.User(seat)
	p, err := b.svc.Prefs(ctx, u)
	if err != nil {
		return err
	}
	mode := notifyMode(p)
	if mode == NotifyMention {
		return nil
	}
	pv := b.gameVocab(g)
	v := pv.in(b.dmLang(ctx, u, pv.lang))
	text := v.t("notify.dm_turn", args{"Game": g.ID, "N": pos.Number(), "Seat": v.seat(g.Settings.Players, seat, pos.SeatColor(seat)), "Link": gameLink(g, msg)})
	if d := v.deadline(g); d != "" {
		text += "\n" + d
	}
	file, err := b.boardFile(g, pos, v)
	if err != nil {
		return err
	}
	fallback := discord.Text(pv.t("notify.fallback", args{"Player": mention(u), "Game": g.ID, "N": pos.Number()})).WithMentions(u)
	return b.sendDM(ctx, u, discord.Text(text).WithFiles(file), mode == NotifyDM, place(g), fallback)
}

// sendDM sends user u a direct message. If Discord refuses it (closed
// DMs), the refusal is remembered, and when mentionInstead is set the
// fallback is posted in channel ch instead. It never tries again.
func (b *Bot) sendDM(ctx context.Context, u storage.UserID, r discord.Reply, mentionInstead bool, ch discord.ChannelID, fallback discord.Reply) error {
	err := b.dm(ctx, u, r)
	if err == nil {
		return nil
	}
	if discord.IsDMClosed(err) {
		if _, perr := b.svc.UpdatePrefs(ctx, u, func(p *storage.Prefs) error { p.DMRefused = true; return nil }); perr != nil {
			b.log.Warn("could not remember closed direct messages", "user", string(u), "err", perr)
		}
	} else {
		b.log.Warn("could not send a direct message", "user", string(u), "err", err)
	}
	if !mentionInstead {
		return nil
	}
	_, ferr := b.notify.Send(ctx, ch, fallback)
	return ferr
}

// dmOpener is the part of the Discord client that opens direct message
// channels; *discord.Client is one.
type dmOpener interface {
	OpenDM(ctx context.Context, user discord.UserID) (discord.ChannelID, error)
}

// dm sends a direct message.
func (b *Bot) dm(ctx context.Context, u storage.UserID, r discord.Reply) error {
	o, ok := b.notify.(dmOpener)
	if !ok {
		return fmt.Errorf("this Discord client cannot send direct messages")
	}
	ch, err := o.OpenDM(ctx, u)
	if err != nil {
		return err
	}
	_, err = b.notify.Send(ctx, ch, r)
	return err
}

// postReminder delivers a turn clock reminder as the player chose: in the
// channel, by direct message, or both.
func (b *Bot) postReminder(n match.Notice, r discord.Reply) {
	g := n.Game
	u := g.User(n.Seat)
	ch := place(g)
	b.later("post a reminder", func(ctx context.Context) error {
		p, err := b.svc.Prefs(ctx, u)
		if err != nil {
			b.log.Warn("could not read a player's choices", "user", string(u), "err", err)
		}
		mode := notifyMode(p)
		if mode != NotifyDM {
			if _, err := b.notify.Send(ctx, ch, r); err != nil {
				return err
			}
		}
		if mode == NotifyMention {
			return nil
		}
		pv := b.gameVocab(g)
		dm := discord.Text(pv.in(b.dmLang(ctx, u, pv.lang)).reminder(g, n) + " " + gameLink(g, ""))
		return b.sendDM(ctx, u, dm, mode == NotifyDM, ch, r)
	})
}

// notifyCommands are the /twixt subcommands of notifications and
// following.
func notifyCommands() []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		sub("notify", "Choose how you hear that it is your move: a mention, a direct message, or both",
			strOpt(optHow, "on: a direct message with the board; off or mentions: a mention in the channel; both", maxChoiceLen, true, false,
				"mentions in the channel (default)", "mentions", "on: direct messages", "on", "both", "both", "off: no direct messages", "off")),
		sub("follow", "Follow a game as a spectator: a direct message after each move", gameOpt()),
		sub("unfollow", "Stop following a game", gameOpt()),
	}
}
