package match

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
)

// Policy is how TwixT is played on a server: its defaults and what it
// allows. Moderators set a value for the whole server or override it for
// one channel; each value resolves channel first, then server, then the
// built-in default, which is the seeds' classic game.
type Policy struct {
	Size         game.Size    // default board size
	MinSize      int          // smallest side allowed
	MaxSize      int          // largest side allowed
	Ruleset      game.Ruleset // default ruleset
	OtherRuleset bool         // whether the other ruleset may be chosen
	Swap         bool         // pie rule on by default
	SwapStyle    game.SwapStyle
	HandicapMin  int // pbmserv handicap range
	HandicapMax  int
	ExtraMax     int  // largest Kosmos head start
	Double       bool // Double TwixT allowed
	Channels     []string
	Roles        []string
	MaxGames     int           // concurrent games per player
	Theme        string        // board theme
	Clock        time.Duration // time per move; 0 for none
	Reminders    []int         // percent of the clock after which to remind
	Threads      bool          // each game opens its own thread
	ChallengeTTL time.Duration // how long a challenge waits for an answer
	Presets      []Preset      // server-wide only
	Computer     ComputerPolicy
	Takebacks    TakebackMode // see takeback.go
	Pie3         bool         // the cut-the-pie opening may be picked
	KosmosCentre bool         // the built-in kosmos-centre preset may be picked
	// Rated: challenges are rated unless the challenger asks for a
	// casual game; RatedHandicap: handicap games may be rated.
	Rated, RatedHandicap bool
	// Language is the language of the bot's public messages, set by the
	// moderators; "" (auto) is the server's own (GuildLocale).
	Language l10n.Lang
	// GuildLocale is the server's language as Discord last sent it; it
	// is no setting, and read with the settings.
	GuildLocale string
}

// Preset is a named handicap that players pick in a challenge.
type Preset struct {
	Name       string
	Size       game.Size // zero: the policy's default
	Handicap   int
	ExtraMoves int
	Swap       bool
	Ruleset    *game.Ruleset // nil: the policy's default
	Opening    game.Opening  // plain, or the Kosmos centre handicap
}

// String describes a preset, e.g. "beginner: 6 columns narrower, no swap".
func (p Preset) String() string {
	var parts []string
	if p.Size != (game.Size{}) {
		parts = append(parts, p.Size.String())
	}
	switch {
	case p.Handicap > 0:
		parts = append(parts, fmt.Sprintf("%d columns narrower", p.Handicap))
	case p.Handicap < 0:
		parts = append(parts, fmt.Sprintf("%d rows shorter", -p.Handicap))
	}
	if p.ExtraMoves > 0 {
		parts = append(parts, fmt.Sprintf("%d extra moves for Red", p.ExtraMoves))
	}
	if p.Ruleset != nil {
		parts = append(parts, p.Ruleset.String())
	}
	if p.Opening == game.OpeningCentre {
		parts = append(parts, "Red's first peg in the middle")
	}
	if p.Swap && p.Handicap == 0 && p.ExtraMoves == 0 && p.Opening == game.OpeningPlain {
		parts = append(parts, "swap")
	} else {
		parts = append(parts, "no swap")
	}
	return p.Name + ": " + strings.Join(parts, ", ")
}

// DefaultPolicy is the policy of a server whose moderators changed nothing:
// the classic 24x24 game with the pie rule, as pbmserv and Kosmos play it.
func DefaultPolicy() Policy {
	return Policy{
		Size: game.Size{Cols: 24, Rows: 24}, MinSize: game.MinSize, MaxSize: 48,
		Ruleset: game.Standard, OtherRuleset: true, Swap: true, SwapStyle: game.SwapSides,
		HandicapMin: -12, HandicapMax: 12, ExtraMax: game.MaxExtraMoves,
		Double: true, MaxGames: 10, Theme: "classic",
		Reminders: []int{50, 90}, ChallengeTTL: 24 * time.Hour,
		Computer: defaultComputerPolicy(),
		Pie3:     true, KosmosCentre: true,
		Rated: true, RatedHandicap: true,
	}
}

// Setting is one thing moderators can set. Each knows how to read a value
// a moderator typed, apply it to a Policy, and show it.
type Setting struct {
	Name        string
	Description string
	ServerOnly  bool // cannot be overridden per channel
	set         func(p *Policy, v string) error
	get         func(p Policy) string
	examples    []string
}

func parseBool(v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "on", "yes", "true", "y", "1", "allowed", "allow":
		return true, nil
	case "off", "no", "false", "n", "0", "forbidden", "deny":
		return false, nil
	}
	return false, refuseValue(NotOnOff, v)
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func parseInt(v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < lo || n > hi {
		return 0, &Refusal{Reason: NotWholeNumber, Value: v, Lo: lo, Hi: hi}
	}
	return n, nil
}

// parseDuration reads "off", "90m", "2h", "3d" (days are allowed, which
// time.ParseDuration does not know).
func parseDuration(v string) (time.Duration, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "off" || v == "none" || v == "0" {
		return 0, nil
	}
	if d, ok := strings.CutSuffix(v, "d"); ok {
		n, err := strconv.ParseFloat(d, 64)
		if err == nil && n > 0 && n <= 60 {
			return time.Duration(n * float64(24*time.Hour)), nil
		}
	}
	if dur, err := time.ParseDuration(v); err == nil && dur >= time.Minute && dur <= 60*24*time.Hour {
		return dur, nil
	}
	return 0, refuseValue(NotTime, v)
}

func formatDuration(d time.Duration) string {
	switch {
	case d == 0:
		return "off"
	case d%(24*time.Hour) == 0:
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	case d%time.Hour == 0:
		return fmt.Sprintf("%dh", d/time.Hour)
	case d%time.Minute == 0:
		return fmt.Sprintf("%dm", d/time.Minute)
	}
	return d.String()
}

// parseIDs reads a list of Discord mentions or IDs ("<#123> <#456>",
// "123,456") or "all".
func parseIDs(v string) ([]string, error) {
	v = strings.TrimSpace(v)
	if strings.EqualFold(v, "all") || strings.EqualFold(v, "any") || v == "" {
		return nil, nil
	}
	var out []string
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
		id := strings.Trim(f, "<#@&!>")
		if _, err := strconv.ParseUint(id, 10, 64); err != nil {
			return nil, refuseValue(NotChannelOrRole, f)
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

func formatIDs(ids []string, prefix string) string {
	if len(ids) == 0 {
		return "all"
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = "<" + prefix + id + ">"
	}
	return strings.Join(parts, " ")
}

// Themes are the board themes the renderer offers.
var Themes = []string{"classic", "kosmos", "colorblind"}

// Settings lists everything moderators can set, in the order
// /twixtadmin settings shows them.
var Settings = []Setting{
	{Name: "size", Description: "default board size", examples: []string{"24", "16", "12x16"},
		set: func(p *Policy, v string) error {
			s, err := game.ParseSize(v)
			if err != nil {
				return &Refusal{Reason: BadSize, Value: v, Err: err}
			}
			p.Size = s
			return nil
		},
		get: func(p Policy) string { return p.Size.String() }},
	{Name: "size_min", Description: "smallest board side allowed", examples: []string{"5", "12"},
		set: func(p *Policy, v string) (err error) {
			p.MinSize, err = parseInt(v, game.MinSize, game.MaxSize)
			return
		},
		get: func(p Policy) string { return strconv.Itoa(p.MinSize) }},
	{Name: "size_max", Description: "largest board side allowed", examples: []string{"24", "48", "100"},
		set: func(p *Policy, v string) (err error) {
			p.MaxSize, err = parseInt(v, game.MinSize, game.MaxSize)
			return
		},
		get: func(p Policy) string { return strconv.Itoa(p.MaxSize) }},
	{Name: "ruleset", Description: "default ruleset", examples: []string{"standard", "pp", "3m"},
		set: func(p *Policy, v string) error {
			r, err := game.ParseRuleset(v)
			if err != nil || strings.TrimSpace(v) == "" {
				return refuseValue(NotRuleset, v)
			}
			p.Ruleset = r
			return nil
		},
		get: func(p Policy) string { return p.Ruleset.String() }},
	{Name: "other_ruleset", Description: "whether players may choose the other ruleset", examples: []string{"on", "off"},
		set: func(p *Policy, v string) (err error) { p.OtherRuleset, err = parseBool(v); return },
		get: func(p Policy) string { return onOff(p.OtherRuleset) }},
	{Name: "swap", Description: "pie rule on by default", examples: []string{"on", "off"},
		set: func(p *Policy, v string) (err error) { p.Swap, err = parseBool(v); return },
		get: func(p Policy) string { return onOff(p.Swap) }},
	{Name: "swap_style", Description: "how a swap is played: sides (pbmserv, Kosmos) or mirror (Little Golem)", examples: []string{"sides", "mirror"},
		set: func(p *Policy, v string) error {
			s, err := game.ParseSwapStyle(v)
			if err != nil || s == game.SwapOff {
				return refuseValue(NotSwapStyle, v)
			}
			p.SwapStyle = s
			return nil
		},
		get: func(p Policy) string { return p.SwapStyle.String() }},
	{Name: "handicap_min", Description: "lowest pbmserv handicap allowed (negative: rows removed)", examples: []string{"0", "-6"},
		set: func(p *Policy, v string) (err error) {
			p.HandicapMin, err = parseInt(v, -game.MaxSize, game.MaxSize)
			return
		},
		get: func(p Policy) string { return strconv.Itoa(p.HandicapMin) }},
	{Name: "handicap_max", Description: "highest pbmserv handicap allowed (columns removed)", examples: []string{"0", "6"},
		set: func(p *Policy, v string) (err error) {
			p.HandicapMax, err = parseInt(v, -game.MaxSize, game.MaxSize)
			return
		},
		get: func(p Policy) string { return strconv.Itoa(p.HandicapMax) }},
	{Name: "extra_moves_max", Description: "largest Kosmos head start (extra pegs for Red)", examples: []string{"0", "3"},
		set: func(p *Policy, v string) (err error) { p.ExtraMax, err = parseInt(v, 0, game.MaxExtraMoves); return },
		get: func(p Policy) string { return strconv.Itoa(p.ExtraMax) }},
	{Name: "double", Description: "whether Double TwixT team matches are allowed", examples: []string{"on", "off"},
		set: func(p *Policy, v string) (err error) { p.Double, err = parseBool(v); return },
		get: func(p Policy) string { return onOff(p.Double) }},
	{Name: "channels", Description: "channels where games may be started", ServerOnly: true, examples: []string{"all"},
		set: func(p *Policy, v string) (err error) { p.Channels, err = parseIDs(v); return },
		get: func(p Policy) string { return formatIDs(p.Channels, "#") }},
	{Name: "roles", Description: "roles allowed to start games", examples: []string{"all"},
		set: func(p *Policy, v string) (err error) { p.Roles, err = parseIDs(v); return },
		get: func(p Policy) string { return formatIDs(p.Roles, "@&") }},
	{Name: "max_games", Description: "most active games per player", examples: []string{"3", "10"},
		set: func(p *Policy, v string) (err error) { p.MaxGames, err = parseInt(v, 1, 100); return },
		get: func(p Policy) string { return strconv.Itoa(p.MaxGames) }},
	{Name: "theme", Description: "board theme", examples: Themes,
		set: func(p *Policy, v string) error {
			v = strings.ToLower(strings.TrimSpace(v))
			if !slices.Contains(Themes, v) {
				return refuseValue(NotTheme, v)
			}
			p.Theme = v
			return nil
		},
		get: func(p Policy) string { return p.Theme }},
	{Name: "language", Description: "language of the bot's messages in the channel (auto: the server's Discord language)",
		examples: []string{"auto", "en", "de", "fr", "it", "es"},
		set: func(p *Policy, v string) error {
			if strings.EqualFold(strings.TrimSpace(v), "auto") {
				p.Language = ""
				return nil
			}
			l, err := l10n.ParseLang(v)
			if err != nil {
				return refuseValue(NotLanguage, v)
			}
			p.Language = l
			return nil
		},
		get: func(p Policy) string {
			if p.Language == "" {
				return "auto"
			}
			return string(p.Language)
		}},
	{Name: "clock", Description: "time allowed per move", examples: []string{"off", "10m", "1d", "3d"},
		set: func(p *Policy, v string) (err error) { p.Clock, err = parseDuration(v); return },
		get: func(p Policy) string { return formatDuration(p.Clock) }},
	{Name: "reminders", Description: "when to remind the player to move, in percent of the clock", examples: []string{"50", "50,90", "off"},
		set: func(p *Policy, v string) error {
			v = strings.TrimSpace(v)
			if strings.EqualFold(v, "off") || v == "" {
				p.Reminders = nil
				return nil
			}
			var out []int
			for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '%' }) {
				n, err := parseInt(f, 1, 99)
				if err != nil {
					return refuseValue(BadReminders, v)
				}
				out = append(out, n)
			}
			slices.Sort(out)
			p.Reminders = slices.Compact(out)
			return nil
		},
		get: func(p Policy) string {
			if len(p.Reminders) == 0 {
				return "off"
			}
			parts := make([]string, len(p.Reminders))
			for i, r := range p.Reminders {
				parts[i] = strconv.Itoa(r) + "%"
			}
			return strings.Join(parts, ", ")
		}},
	{Name: "threads", Description: "each game opens its own thread", examples: []string{"on", "off"},
		set: func(p *Policy, v string) (err error) { p.Threads, err = parseBool(v); return },
		get: func(p Policy) string { return onOff(p.Threads) }},
	{Name: "challenge_expiry", Description: "how long a challenge waits for an answer", examples: []string{"1h", "1d"},
		set: func(p *Policy, v string) error {
			d, err := parseDuration(v)
			if err != nil || d == 0 {
				return refuseValue(NotExpiry, v)
			}
			p.ChallengeTTL = d
			return nil
		},
		get: func(p Policy) string { return formatDuration(p.ChallengeTTL) }},
}

// SettingByName finds a setting.
func SettingByName(name string) (Setting, bool) {
	for _, s := range Settings {
		if s.Name == name {
			return s, true
		}
	}
	return Setting{}, false
}

// Get shows the setting's value in p.
func (s Setting) Get(p Policy) string { return s.get(p) }

// Examples are values to suggest while a moderator types.
func (s Setting) Examples() []string { return s.examples }

// Overrides are the values moderators set on one level (the server, or
// one channel): setting name to the value as typed and accepted.
type Overrides map[string]string

// Source says where an effective value comes from.
type Source string

const (
	FromDefault Source = "default"
	FromServer  Source = "server"
	FromChannel Source = "channel"
)

// Resolve builds the effective policy from the server's and the channel's
// overrides, and says where each value came from. A stored value that no
// longer parses is skipped, so a bad value can never lock a server out.
func Resolve(server, channel Overrides, presets []Preset) (Policy, map[string]Source) {
	p := DefaultPolicy()
	src := make(map[string]Source, len(Settings))
	// A value is applied to a copy and kept only if it parses, so a
	// failed parse cannot leave a half-set field behind.
	apply := func(s Setting, v string) bool {
		q := p
		if s.set(&q, v) != nil {
			return false
		}
		p = q
		return true
	}
	for _, s := range Settings {
		src[s.Name] = FromDefault
		if v, ok := server[s.Name]; ok && apply(s, v) {
			src[s.Name] = FromServer
		}
		if s.ServerOnly {
			continue
		}
		if v, ok := channel[s.Name]; ok && apply(s, v) {
			src[s.Name] = FromChannel
		}
	}
	p.Presets = presets
	return p, src
}

// Check validates value for setting name against the other values in force
// (e.g. size_min may not exceed size_max), and returns the value as it will
// be stored and shown.
func Check(name, value string, server, channel Overrides, channelLevel bool) (string, error) {
	s, ok := SettingByName(name)
	if !ok {
		return "", refuseValue(NoSuchSetting, name)
	}
	if s.ServerOnly && channelLevel {
		return "", refuseValue(ServerOnly, name)
	}
	var probe Policy
	if err := s.set(&probe, value); err != nil {
		return "", err
	}
	shown := s.get(probe)
	// Apply it on top of the current values and check the whole policy.
	server2, channel2 := maps.Clone(server), maps.Clone(channel)
	if server2 == nil {
		server2 = Overrides{}
	}
	if channel2 == nil {
		channel2 = Overrides{}
	}
	if channelLevel {
		channel2[name] = value
	} else {
		server2[name] = value
	}
	p, _ := Resolve(server2, channel2, nil)
	if err := p.Validate(); err != nil {
		return "", err
	}
	return shown, nil
}

// Validate reports values that contradict each other.
func (p Policy) Validate() error {
	switch {
	case p.MinSize > p.MaxSize:
		return &Refusal{Reason: SizeMinOverMax, Lo: p.MinSize, Hi: p.MaxSize}
	case !p.SizeAllowed(p.Size):
		return &Refusal{Reason: DefaultSizeOutside, Value: p.Size.String(), Lo: p.MinSize, Hi: p.MaxSize}
	case p.HandicapMin > p.HandicapMax:
		return &Refusal{Reason: HandicapMinOverMax, Lo: p.HandicapMin, Hi: p.HandicapMax}
	}
	return nil
}

func (p Policy) SizeAllowed(s game.Size) bool {
	return s.Cols >= p.MinSize && s.Cols <= p.MaxSize && s.Rows >= p.MinSize && s.Rows <= p.MaxSize
}

// PresetByName finds a preset, ignoring case.
func (p Policy) PresetByName(name string) (Preset, bool) {
	if pr, ok := p.ownPreset(name); ok {
		return pr, true
	}
	return p.builtinPreset(name)
}
