package bot

import (
	"context"
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/storage"
)

// Rematch. A finished game's result message carries a Rematch button: a
// player of the game who presses it challenges the others to the same
// terms with the colours swapped, and they accept with one press of the
// new challenge's Accept button (against the computer the game starts at
// once). A game gives one rematch: the first press marks it.

// rematchButton is the Rematch button of a finished game's result.
func rematchButton(g *storage.Game, v vocab) discordgo.Button {
	return button(discordgo.PrimaryButton, v.t("button.rematch", nil), "rematch", g.ID.String())
}

// rematch is the Rematch button.
func (b *Bot) rematch(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	id, err := gameParam(e)
	if err != nil {
		return discord.Reply{}, err
	}
	g, err := b.svc.Rematch(ctx, actorOf(e), id)
	if err != nil {
		return discord.Reply{}, err
	}
	e.Annotate(slog.String("rematch", g.ID.String()))
	b.disableLater(e)
	if g.State == storage.Active {
		return b.computerStarted(g)
	}
	return challengeMessage(g, b.gameVocab(g)), nil
}
