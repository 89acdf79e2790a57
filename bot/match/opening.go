package match

import (
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// kosmosCentre is the built-in preset of the Kosmos centre handicap (seed
// 004): no pie rule, and Red's first peg in the middle. The weaker player
// takes Red (color:red); extra_moves:2 or 3 adds the head start.
var kosmosCentre = Preset{Name: "kosmos-centre", Opening: game.OpeningCentre}

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
				return refuseValue(NotOpening, f)
			}
		}
		if strings.TrimSpace(v) == "" {
			return refuse(NoOpenings)
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
		return &PolicyError{What: "the cut-the-pie opening", Allowed: "the plain opening only (the openings setting)", Rule: RulePie3Off}
	case o == game.OpeningCentre:
		return &PolicyError{What: "opening:centre", Allowed: "the Kosmos centre handicap through handicap_preset:kosmos-centre", Rule: RuleOpeningCentre}
	}
	s.Opening = o
	return nil
}

// AllPresets are the server's presets and the built-in ones it allows
// (unless the server has its own of the same name), for lists and
// autocomplete.
func (p Policy) AllPresets() []Preset {
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

// checkCut refuses several placements at once except for the pegs the
// cutter of a pie3 opening has still to place.
func checkCut(g *storage.Game, pos *game.Game, act Action) error {
	if len(act.Then) == 0 {
		return nil
	}
	if g.Settings.Opening != game.OpeningPie3 || pos.Turns()+1+len(act.Then) > 3 {
		return refuse(NotTogether)
	}
	return nil
}
