package bot

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/storage"
)

// Rematch. A finished game's result message carries a Rematch button: a
// player of the game who presses it challenges the others to the same
// terms with the colours swapped, and they accept with one press of the
// new challenge's Accept button (against the computer the game starts at
// once). A game gives one rematch: the first press marks it.

// rematchButton is the Rematch button of a finished game's result.
func rematchButton(g *storage.Game) discordgo.Button {
	return button(discordgo.PrimaryButton, "Rematch (colours swapped)", "rematch", g.ID.String())
}

// rematchInvitation is the invitation of a rematch of g proposed by u:
// the same terms, the other colour, the same partner in Double TwixT.
func rematchInvitation(g *storage.Game, u storage.UserID) (Invitation, error) {
	mine := g.SeatsOf(u)
	if len(mine) == 0 {
		return Invitation{}, fmt.Errorf("%w: only the players of %s can ask for a rematch", ErrNotForYou, g.ID)
	}
	me := mine[0]
	s := g.Settings
	handicap, extra, swap := s.Handicap, s.ExtraMoves, s.Swap != game.SwapOff
	inv := Invitation{
		Terms: Terms{Size: s.Size.String(), Handicap: &handicap, ExtraMoves: &extra, Ruleset: s.Ruleset.String(), Swap: &swap},
		Names: map[storage.UserID]string{},
		Level: ai.Level(g.Meta.ComputerLevel),
	}
	// Seats 1 and 3 played Red: the proposer takes the other colour.
	inv.Color = "red"
	if me%2 == 1 {
		inv.Color = "black"
	}
	if s.Players == 4 {
		inv.Invited = []storage.UserID{g.User(me.Partner())}
		for st := game.Seat(1); st <= 4; st++ {
			if st%2 != me%2 {
				inv.Invited = append(inv.Invited, g.User(st))
			}
		}
	} else {
		inv.Invited = []storage.UserID{g.User(3 - me)}
	}
	if inv.Invited[0] == u {
		return Invitation{}, optionError("you played both sides of %s: challenge someone with /twixt challenge", g.ID)
	}
	for i, n := range names(g) {
		inv.Names[g.Seats[i]] = n
	}
	return inv, nil
}

// Rematch proposes a rematch of the finished game id for the caller, in
// the channel the game was played in.
func (s *Service) Rematch(ctx context.Context, a Actor, id storage.GameID) (*storage.Game, error) {
	g, err := s.store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if g.State != storage.Finished {
		return nil, fmt.Errorf("%w: game %s is %s; a rematch follows a finished game", ErrNotRunning, g.ID, stateWord(g.State))
	}
	inv, err := rematchInvitation(g, a.User)
	if err != nil {
		return nil, err
	}
	mark := func(on bool) error {
		_, err := s.store.Update(ctx, id, func(ng *storage.Game) error {
			if on && ng.Meta.Rematch {
				return fmt.Errorf("%w: a rematch of %s has already been proposed", ErrAnswered, g.ID)
			}
			ng.Meta.Rematch = on
			return nil
		})
		return err
	}
	if err := mark(true); err != nil {
		return nil, err
	}
	a.Channel = g.Place.Channel
	ng, err := s.Challenge(ctx, a, inv)
	if err != nil {
		if uerr := mark(false); uerr != nil {
			return nil, fmt.Errorf("%w (and the rematch mark stays: %v)", err, uerr)
		}
		return nil, err
	}
	return ng, nil
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
	return challengeMessage(g), nil
}
