package bot

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// The openings beside the one-peg pie rule: the cut-the-pie opening that
// a player picks with the challenge's opening option, and the Kosmos centre
// handicap, a built-in preset (handicap_preset:kosmos-centre). Moderators
// allow either or both with the openings setting.

// optOpening is the challenge's opening option.
const optOpening = "opening"

func openingOpt() *discordgo.ApplicationCommandOption {
	return strOpt(optOpening, "How the game begins: plain, or pie3 (cut the pie: Red places 3 pegs, the other picks a colour)", maxChoiceLen, false, false,
		"plain", "plain", "cut the pie (pie3)", "pie3")
}

// choiceButtons are the colour choice of the cut-the-pie opening, for the
// player who chooses, or none when no choice is due. Their labels speak
// the game's vocabulary (Play White in a Kosmos game); their ids do not.
func choiceButtons(g *storage.Game, pos *game.Game, n string, v vocab) []discordgo.MessageComponent {
	if !pos.ChoiceDue() {
		return nil
	}
	return []discordgo.MessageComponent{
		button(discordgo.DangerButton, v.t("button.play_side", args{"Side": v.side(game.Red)}), "choose", g.ID.String(), n, "red"),
		button(discordgo.SecondaryButton, v.t("button.play_side", args{"Side": v.side(game.Black)}), "choose", g.ID.String(), n, "black"),
	}
}

// chooseButton plays the colour choice a button names.
func (b *Bot) chooseButton(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	c, err := game.ParseColor(e.Param("color"))
	if err != nil {
		return discord.Reply{}, refused(match.ErrStale, "refusal.choice_button_damaged", nil)
	}
	return b.buttonAct(ctx, e, game.Move{Kind: game.Choose, Color: c})
}

// describeChoice says what a colour choice did.
func (v vocab) describeChoice(o game.Outcome) string {
	return v.t("turn.choose", args{"Side": v.side(o.Color), "Black": v.side(game.Black)})
}

// holeNames writes holes in upper case.
func holeNames(hs []game.Hole) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.Upper()
	}
	return out
}

// parseMoves reads what /twixt move at: holds: one move, or, for the
// cut-the-pie opening, up to three placements separated by spaces
// ("f6 g8+ h5").
func parseMoves(at string) ([]game.Move, error) {
	fields := strings.Fields(at)
	if len(fields) <= 1 {
		m, err := game.ParseMove(strings.TrimSpace(at))
		return []game.Move{m}, err
	}
	if len(fields) > 3 {
		return nil, optionError("refusal.too_many_moves", args{"N": len(fields)})
	}
	out := make([]game.Move, len(fields))
	for i, f := range fields {
		m, err := game.ParseMove(f)
		if err != nil {
			return nil, err
		}
		if len(fields) > 1 && m.Kind != game.Place {
			return nil, optionError("refusal.only_pegs_together", args{"Move": f})
		}
		out[i] = m
	}
	return out, nil
}

// yourTurn says what the player to move is to do: move, or, after the
// cut of the cut-the-pie opening, choose a colour.
func yourTurn(pos *game.Game, v vocab) string {
	if pos.ChoiceDue() {
		return v.t("played.choose_colour", args{"Red": v.side(game.Red), "Black": v.side(game.Black)})
	}
	return v.t("played.your_move", nil)
}
