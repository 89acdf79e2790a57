package match

import (
	"fmt"
	"slices"
	"strings"

	"github.com/twixtbot/twixtbot/game"
)

// Terms are what a player asks for in a challenge; empty fields take the
// server's defaults.
type Terms struct {
	Size       string // "24", "12x16"
	Handicap   *int
	ExtraMoves *int
	Ruleset    string
	Swap       *bool
	Preset     string
	Opening    string // "plain" or "pie3"; empty for plain
	Players    int    // 2 or 4
	Rated      *bool  // nil: the server's default
}

// PolicyError is a challenge term the server does not allow.
type PolicyError struct {
	What    string // what was asked, e.g. "a 30x30 board"
	Allowed string // what is allowed, e.g. "sides from 5 to 24"
	// Rule names the rule refused, for the bot to word it in the
	// player's language, with Data: what was asked and what is allowed,
	// by name. What and Allowed are the English words.
	Rule PolicyRule
	Data map[string]any
}

// PolicyRule names a rule of a server's policy that refuses something.
type PolicyRule string

// The rules a PolicyError names, and the Data each carries.
const (
	RuleComputerOff     PolicyRule = "computer_off"
	RuleComputerLevel   PolicyRule = "computer_level"    // Level, LevelName, Lo, LoName, Max, MaxName
	RuleComputerLevelLo PolicyRule = "computer_level_lo" // Level, LevelName, Lo, LoName: only the weakest level
	RuleComputerSize    PolicyRule = "computer_size"     // Size, Max
	RulePie3Off         PolicyRule = "pie3_off"
	RuleOpeningCentre   PolicyRule = "opening_centre"
	RuleRatedHandicap   PolicyRule = "rated_handicap"
	RuleTakebacksOff    PolicyRule = "takebacks_off"
	RuleTakebacksCasual PolicyRule = "takebacks_casual"
	RuleNoSuchPreset    PolicyRule = "no_such_preset" // Preset, Presets
	RuleNoPresets       PolicyRule = "no_presets"     // Preset
	RuleOtherRuleset    PolicyRule = "other_ruleset"  // Ruleset, ServerRuleset
	RuleNoDouble        PolicyRule = "no_double"
	RuleHandicap        PolicyRule = "handicap"    // Handicap, Lo, Hi
	RuleExtraMoves      PolicyRule = "extra_moves" // N, Max
	RuleExtraDouble     PolicyRule = "extra_double"
	RuleSize            PolicyRule = "size"     // Size, Lo, Hi
	RuleChannels        PolicyRule = "channels" // Channels
	RuleRoles           PolicyRule = "roles"    // Roles ([]string)
)

// PolicyRules lists every PolicyRule, for the bot's tests.
var PolicyRules = []PolicyRule{RuleComputerOff, RuleComputerLevel, RuleComputerLevelLo, RuleComputerSize, RulePie3Off,
	RuleOpeningCentre, RuleRatedHandicap, RuleTakebacksOff, RuleTakebacksCasual, RuleNoSuchPreset, RuleNoPresets,
	RuleOtherRuleset, RuleNoDouble, RuleHandicap, RuleExtraMoves, RuleExtraDouble, RuleSize, RuleChannels, RuleRoles}

func (e *PolicyError) Error() string {
	return fmt.Sprintf("%s is not allowed here: %s", e.What, e.Allowed)
}

func (e *PolicyError) Unwrap() error { return ErrNotAllowed }

// Settings turns a challenge's terms into game settings under policy p,
// filling what the player left out with the server's defaults, and refuses
// what the server does not allow, naming what it does allow.
func (p Policy) Settings(t Terms) (game.Settings, error) {
	players := t.Players
	if players == 0 {
		players = 2
	}
	s := game.Settings{Size: p.Size, Ruleset: p.Ruleset, Players: players}
	swap := p.Swap
	handicap, extra := 0, 0
	if t.Preset != "" {
		pr, ok := p.PresetByName(t.Preset)
		if !ok {
			all := p.AllPresets()
			names := make([]string, len(all))
			for i, x := range all {
				names[i] = x.Name
			}
			allowed, rule := "this server has no presets", RuleNoPresets
			if len(names) > 0 {
				allowed, rule = "the presets are "+strings.Join(names, ", "), RuleNoSuchPreset
			}
			return s, &PolicyError{What: fmt.Sprintf("the preset %q", t.Preset), Allowed: allowed, Rule: rule,
				Data: map[string]any{"Preset": fmt.Sprintf("%q", t.Preset), "Presets": strings.Join(names, ", ")}}
		}
		if pr.Size != (game.Size{}) {
			s.Size = pr.Size
		}
		if pr.Ruleset != nil {
			s.Ruleset = *pr.Ruleset
		}
		s.Opening = pr.Opening
		handicap, extra, swap = pr.Handicap, pr.ExtraMoves, pr.Swap
	}
	if t.Size != "" {
		sz, err := game.ParseSize(t.Size)
		if err != nil {
			return s, err
		}
		s.Size = sz
	}
	if t.Ruleset != "" {
		r, err := game.ParseRuleset(t.Ruleset)
		if err != nil {
			return s, err
		}
		if r != p.Ruleset && !p.OtherRuleset {
			return s, &PolicyError{What: "TwixT " + r.String(), Allowed: "this server plays " + p.Ruleset.String() + " only",
				Rule: RuleOtherRuleset, Data: map[string]any{"Ruleset": r.String(), "ServerRuleset": p.Ruleset.String()}}
		}
		s.Ruleset = r
	}
	if err := p.applyOpening(&s, t); err != nil {
		return s, err
	}
	if t.Handicap != nil {
		handicap = *t.Handicap
	}
	if t.ExtraMoves != nil {
		extra = *t.ExtraMoves
	}
	if t.Swap != nil {
		swap = *t.Swap
	}
	if players == 4 && !p.Double {
		return s, &PolicyError{What: "Double TwixT", Allowed: "this server plays two-player TwixT only", Rule: RuleNoDouble}
	}
	if handicap < p.HandicapMin || handicap > p.HandicapMax {
		return s, &PolicyError{What: fmt.Sprintf("handicap %d", handicap), Allowed: fmt.Sprintf("handicaps from %d to %d", p.HandicapMin, p.HandicapMax),
			Rule: RuleHandicap, Data: map[string]any{"Handicap": handicap, "Lo": p.HandicapMin, "Hi": p.HandicapMax}}
	}
	if extra > p.ExtraMax {
		return s, &PolicyError{What: fmt.Sprintf("%d extra moves", extra), Allowed: fmt.Sprintf("at most %d", p.ExtraMax),
			Rule: RuleExtraMoves, Data: map[string]any{"N": extra, "Max": p.ExtraMax}}
	}
	if players == 4 && extra > 0 {
		return s, &PolicyError{What: "extra moves in Double TwixT", Allowed: "extra moves are a two-player handicap", Rule: RuleExtraDouble}
	}
	s.Handicap, s.ExtraMoves = handicap, extra
	if swap && players == 2 {
		s.Swap = p.SwapStyle
	}
	// The pie rule is off under any handicap (game.Settings.SwapAllowed);
	// a mirror swap needs a square board, so fall back to a sides swap.
	if s.Swap == game.SwapMirror && s.BoardSize().Cols != s.BoardSize().Rows {
		s.Swap = game.SwapSides
	}
	if b := s.BoardSize(); !p.SizeAllowed(s.Size) || !p.SizeAllowed(b) {
		what := "a " + b.String() + " board"
		return s, &PolicyError{What: what, Allowed: fmt.Sprintf("each side from %d to %d holes", p.MinSize, p.MaxSize),
			Rule: RuleSize, Data: map[string]any{"Size": b.String(), "Lo": p.MinSize, "Hi": p.MaxSize}}
	}
	if err := s.Validate(); err != nil {
		return s, err
	}
	return s, nil
}

// Allowed reports whether a member with these roles may start games in
// this channel, and if not, why.
func (p Policy) Allowed(channel string, roles []string) error {
	if len(p.Channels) > 0 && !slices.Contains(p.Channels, channel) {
		return &PolicyError{What: "starting a game in this channel", Allowed: "games are played in " + formatIDs(p.Channels, "#"),
			Rule: RuleChannels, Data: map[string]any{"Channels": formatIDs(p.Channels, "#")}}
	}
	if len(p.Roles) > 0 && !slices.ContainsFunc(roles, func(r string) bool { return slices.Contains(p.Roles, r) }) {
		roles := strings.Split(formatIDs(p.Roles, "@&"), " ")
		return &PolicyError{What: "starting a game without one of the player roles", Allowed: "you need " + strings.Join(roles, " or "),
			Rule: RuleRoles, Data: map[string]any{"Roles": roles}}
	}
	return nil
}
