package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// The openings beside the one-peg pie rule: the cut-the-pie opening that
// a player picks with the challenge's opening option, and the Kosmos centre
// handicap, a built-in preset (handicap_preset:kosmos-centre). Moderators
// allow either or both with the openings setting.

// optOpening is the challenge's opening option.
const optOpening = "opening"

// kosmosCentre is the built-in preset of the Kosmos centre handicap (seed
// 004): no pie rule, and Red's first peg in the middle. The weaker player
// takes Red (color:red); extra_moves:2 or 3 adds the head start.
var kosmosCentre = Preset{Name: "kosmos-centre", Opening: game.OpeningCentre}

func openingOpt() *discordgo.ApplicationCommandOption {
	return strOpt(optOpening, "How the game begins: plain, or pie3 (cut the pie: Red places 3 pegs, the other picks a colour)", maxChoiceLen, false, false,
		"plain", "plain", "cut the pie (pie3)", "pie3")
}

// openingsSetting lets moderators allow the cut-the-pie opening and the
// kosmos-centre preset.
var openingsSetting = Setting{
	Name: "openings", Description: "openings players may pick: pie3 (cut the pie), kosmos-centre (the preset), both, or none",
	examples: []string{"pie3,kosmos-centre", "pie3", "kosmos-centre", "none"},
	set: func(p *Policy, v string) error {
		pie3, centre := false, false
		for _, f := range strings.FieldsFunc(strings.ToLower(v), func(r rune) bool { return r == ',' || r == ' ' }) {
			switch f {
			case "pie3":
				pie3 = true
			case "kosmos-centre", "kosmos-center", "centre", "center":
				centre = true
			case "none", "off":
			default:
				return badValue("%q is not an opening (pie3, kosmos-centre, both separated by a comma, or none)", f)
			}
		}
		if strings.TrimSpace(v) == "" {
			return badValue("name the openings to allow (pie3, kosmos-centre), or none")
		}
		p.Pie3, p.KosmosCentre = pie3, centre
		return nil
	},
	get: func(p Policy) string {
		var out []string
		if p.Pie3 {
			out = append(out, "pie3")
		}
		if p.KosmosCentre {
			out = append(out, "kosmos-centre")
		}
		if len(out) == 0 {
			return "none"
		}
		return strings.Join(out, ",")
	},
}

func init() { Settings = append(Settings, openingsSetting) }

// builtinPreset returns the built-in preset called name, if the policy
// allows it and the server has no preset of its own by that name.
func (p Policy) builtinPreset(name string) (Preset, bool) {
	if p.KosmosCentre && strings.EqualFold(strings.TrimSpace(name), kosmosCentre.Name) {
		return kosmosCentre, true
	}
	return Preset{}, false
}

// applyOpening sets the opening the challenge asks for, if the policy
// allows it.
func (p Policy) applyOpening(s *game.Settings, t Terms) error {
	if t.Opening == "" {
		return nil
	}
	o, err := game.ParseOpening(t.Opening)
	if err != nil {
		return err
	}
	switch {
	case o == game.OpeningPie3 && !p.Pie3:
		return &PolicyError{What: "the cut-the-pie opening", Allowed: "the plain opening only (the openings setting)"}
	case o == game.OpeningCentre:
		return &PolicyError{What: "opening:centre", Allowed: "the Kosmos centre handicap through handicap_preset:kosmos-centre"}
	}
	s.Opening = o
	return nil
}

// choiceButtons are the colour choice of the cut-the-pie opening, for the
// player who chooses, or none when no choice is due. Their labels speak
// the game's vocabulary (Play White in a Kosmos game); their ids do not.
func choiceButtons(g *storage.Game, pos *game.Game, n string, v vocab) []discordgo.MessageComponent {
	if !pos.ChoiceDue() {
		return nil
	}
	return []discordgo.MessageComponent{
		button(discordgo.DangerButton, "Play "+v.side(game.Red), "choose", g.ID.String(), n, "red"),
		button(discordgo.SecondaryButton, "Play "+v.side(game.Black), "choose", g.ID.String(), n, "black"),
	}
}

// chooseButton plays the colour choice a button names.
func (b *Bot) chooseButton(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	c, err := game.ParseColor(e.Param("color"))
	if err != nil {
		return discord.Reply{}, fmt.Errorf("%w: this button is damaged; use /twixt move at:choose:red or choose:black instead", ErrStale)
	}
	return b.buttonAct(ctx, e, game.Move{Kind: game.Choose, Color: c})
}

// describeChoice says what a colour choice did.
func describeChoice(o game.Outcome) string {
	return fmt.Sprintf("chooses to play %s; Black moves next", o.Color.Title())
}

// describeFreed says which pegs a 3M move took up first, or "".
func describeFreed(o game.Outcome) string {
	if len(o.Freed) == 0 {
		return ""
	}
	names := make([]string, len(o.Freed))
	for i, h := range o.Freed {
		names[i] = h.Upper()
	}
	return "took up " + joinAnd(names) + ", then "
}

// holeNames writes holes in upper case.
func holeNames(hs []game.Hole) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.Upper()
	}
	return out
}

// allPresets are the server's presets and the built-in ones it allows
// (unless the server has its own of the same name), for lists and
// autocomplete.
func (p Policy) allPresets() []Preset {
	out := append([]Preset(nil), p.Presets...)
	if _, own := p.ownPreset(kosmosCentre.Name); !own && p.KosmosCentre {
		out = append(out, kosmosCentre)
	}
	return out
}

// ownPreset finds a preset of the server's own, ignoring case.
func (p Policy) ownPreset(name string) (Preset, bool) {
	for _, pr := range p.Presets {
		if strings.EqualFold(pr.Name, strings.TrimSpace(name)) {
			return pr, true
		}
	}
	return Preset{}, false
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
		return nil, optionError("one move at a time (or the three pegs of the cut-the-pie opening): %d were given", len(fields))
	}
	out := make([]game.Move, len(fields))
	for i, f := range fields {
		m, err := game.ParseMove(f)
		if err != nil {
			return nil, err
		}
		if len(fields) > 1 && m.Kind != game.Place {
			return nil, optionError("only pegs can be placed several at once (the cut-the-pie opening), not %s", f)
		}
		out[i] = m
	}
	return out, nil
}

// checkCut refuses several placements at once except for the pegs the
// cutter of a pie3 opening has still to place.
func checkCut(g *storage.Game, pos *game.Game, act Action) error {
	if len(act.Then) == 0 {
		return nil
	}
	if g.Settings.Opening != game.OpeningPie3 || pos.Turns()+1+len(act.Then) > 3 {
		return optionError("one move at a time: only the cut-the-pie opening's first three pegs may be placed together")
	}
	return nil
}

// yourTurn says what the player to move is to do: move, or, after the
// cut of the cut-the-pie opening, choose a colour.
func yourTurn(pos *game.Game, v vocab) string {
	if pos.ChoiceDue() {
		return "choose your colour with Play " + v.side(game.Red) + " or Play " + v.side(game.Black)
	}
	return "your move"
}
