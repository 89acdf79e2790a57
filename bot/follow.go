package bot

import (
	"context"
	"slices"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// Spectators. /twixt follow game: sends the follower a direct message with
// the board after each move of that game, until /twixt unfollow, or the
// game ends (the result is the last message). A follower whose direct
// messages are closed is unfollowed at the first refusal, and told so in
// no loop: they can follow again once their DMs are open.

func (b *Bot) follow(on bool) func(context.Context, *discord.Event) (discord.Reply, error) {
	return func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		opt, _, err := e.Options().String(optGame)
		if err != nil {
			return discord.Reply{}, err
		}
		g, changed, err := b.svc.Follow(ctx, actorOf(e), opt, on)
		if err != nil {
			return discord.Reply{}, err
		}
		v, a := userVocab(e), args{"Game": g.ID}
		switch {
		case on && changed:
			return discord.Ephemeral(v.t("follow.on", a)), nil
		case on:
			return discord.Ephemeral(v.t("follow.already", a)), nil
		case changed:
			return discord.Ephemeral(v.t("follow.off", a)), nil
		}
		return discord.Ephemeral(v.t("follow.not_following", a) + " " + v.t("refusal.nothing_changed", nil)), nil
	}
}

// notifyFollowers sends each follower of g who does not play in it a
// direct message with the board after a move, with a link to msg, the
// message that shows the move ("" for unknown: the game's channel).
func (b *Bot) notifyFollowers(ctx context.Context, g *storage.Game, pos *game.Game, msg discord.MessageID) error {
	fs, err := b.svc.Followers(ctx, g.ID)
	if err != nil || len(fs) == 0 {
		return err
	}
	pv := b.gameVocab(g)
	for _, u := range fs {
		if slices.Contains(g.Seats, u) {
			continue // a player hears of the game as a player
		}
		v := pv.in(b.dmLang(ctx, u, pv.lang))
		file, err := b.boardFile(g, pos, v)
		if err != nil {
			return err
		}
		text := statusLine(g, pos, v) + "\n" + gameLink(g, msg)
		err = b.dm(ctx, u, discord.Text(text).WithFiles(file))
		switch {
		case discord.IsDMClosed(err):
			if uerr := b.svc.Unfollow(ctx, g.ID, u); uerr != nil {
				b.log.Warn("could not unfollow a follower with closed DMs", "user", string(u), "err", uerr)
			}
		case err != nil:
			b.log.Warn("could not send a follower the move", "user", string(u), "game", g.ID.String(), "err", err)
		}
	}
	return nil
}
