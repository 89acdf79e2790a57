package match

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

func intp(n int) *int    { return &n }
func boolp(b bool) *bool { return &b }

func TestResolve(t *testing.T) {
	server := Overrides{"size": "16", "swap": "off", "clock": "2d", "channels": "<#111> 222"}
	channel := Overrides{"size": "12x16", "clock": "10m", "channels": "333", "theme": "kosmos", "bogus": "x", "max_games": "nonsense"}
	p, src := Resolve(server, channel, nil)
	if p.Size != (game.Size{Cols: 12, Rows: 16}) || src["size"] != FromChannel {
		t.Errorf("size %v from %s", p.Size, src["size"])
	}
	if p.Swap || src["swap"] != FromServer {
		t.Errorf("swap %v from %s", p.Swap, src["swap"])
	}
	if p.Clock != 10*time.Minute || src["clock"] != FromChannel {
		t.Errorf("clock %v from %s", p.Clock, src["clock"])
	}
	// channels is server-wide only: the channel's value is ignored.
	if strings.Join(p.Channels, ",") != "111,222" || src["channels"] != FromServer {
		t.Errorf("channels %v from %s", p.Channels, src["channels"])
	}
	// A stored value that no longer parses falls back, it does not break.
	if p.MaxGames != DefaultPolicy().MaxGames || src["max_games"] != FromDefault {
		t.Errorf("max_games %v from %s", p.MaxGames, src["max_games"])
	}
	if p.Theme != "kosmos" || src["ruleset"] != FromDefault {
		t.Errorf("theme %v, ruleset from %s", p.Theme, src["ruleset"])
	}
}

func TestCheckSetting(t *testing.T) {
	tests := []struct {
		name, value string
		server      Overrides
		channel     bool
		shown       string
		err         string
	}{
		{"size", "24", nil, false, "24x24", ""},
		{"size", "13x24", nil, true, "13x24", ""},
		{"size", "200", nil, false, "", "not allowed"},
		{"size", "30", Overrides{"size_max": "24"}, false, "", "default size outside (\"30x30\", n=0 lo=5 hi=24)"},
		{"size_min", "30", Overrides{"size_max": "24"}, false, "", "size_min over size_max"},
		{"clock", "3d", nil, false, "3d", ""},
		{"clock", "90m", nil, false, "90m", ""},
		{"clock", "soon", nil, false, "", "not a time"},
		{"reminders", "90, 50", nil, false, "50%, 90%", ""},
		{"reminders", "120", nil, false, "", "bad reminders"},
		{"channels", "<#123>, <#456>", nil, false, "<#123> <#456>", ""},
		{"channels", "all", nil, true, "", "server only"},
		{"channels", "general", nil, false, "", "not a channel or role"},
		{"theme", "Kosmos", nil, false, "kosmos", ""},
		{"theme", "neon", nil, false, "", "not a theme"},
		{"swap", "maybe", nil, false, "", "not on or off"},
		{"handicap_min", "5", Overrides{"handicap_max": "2"}, false, "", "handicap_min over handicap_max"},
		{"nothing", "1", nil, false, "", "no such setting"},
	}
	for _, tt := range tests {
		shown, err := Check(tt.name, tt.value, tt.server, nil, tt.channel)
		if tt.err != "" {
			if err == nil || !errors.Is(err, ErrBadValue) && !errors.Is(err, game.ErrBadSize) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s=%q: error %v, want one saying %q", tt.name, tt.value, err, tt.err)
			}
			continue
		}
		if err != nil || shown != tt.shown {
			t.Errorf("%s=%q: %q, %v; want %q", tt.name, tt.value, shown, err, tt.shown)
		}
	}
}

func TestPolicySettings(t *testing.T) {
	pp := game.PP
	presets := []Preset{
		{Name: "beginner", Handicap: 6},
		{Name: "kosmos-2", ExtraMoves: 2},
		{Name: "quick", Size: game.Size{Cols: 12, Rows: 12}, Swap: true, Ruleset: &pp},
	}
	def, _ := Resolve(nil, nil, presets)
	strict, _ := Resolve(Overrides{"size_max": "24", "handicap_min": "0", "handicap_max": "2", "extra_moves_max": "1", "other_ruleset": "off", "double": "off"}, nil, presets)
	tests := []struct {
		name   string
		p      Policy
		terms  Terms
		want   game.Settings
		refuse string
	}{
		{"defaults", def, Terms{}, game.Settings{Size: game.Size{Cols: 24, Rows: 24}, Swap: game.SwapSides, Players: 2}, ""},
		{"size and no swap", def, Terms{Size: "16", Swap: boolp(false)}, game.Settings{Size: game.Size{Cols: 16, Rows: 16}, Players: 2}, ""},
		{"handicap turns swap off", def, Terms{Handicap: intp(3)}, game.Settings{Size: game.Size{Cols: 24, Rows: 24}, Handicap: 3, Players: 2, Swap: game.SwapSides}, ""},
		{"preset beginner", def, Terms{Preset: "Beginner"}, game.Settings{Size: game.Size{Cols: 24, Rows: 24}, Handicap: 6, Players: 2}, ""},
		{"preset kosmos-2", def, Terms{Preset: "kosmos-2"}, game.Settings{Size: game.Size{Cols: 24, Rows: 24}, ExtraMoves: 2, Players: 2}, ""},
		{"preset quick", def, Terms{Preset: "quick"}, game.Settings{Size: game.Size{Cols: 12, Rows: 12}, Ruleset: game.PP, Swap: game.SwapSides, Players: 2}, ""},
		{"unknown preset", def, Terms{Preset: "expert"}, game.Settings{}, "the presets are beginner, kosmos-2, quick"},
		{"too big", strict, Terms{Size: "30"}, game.Settings{}, "each side from 5 to 24 holes"},
		{"handicap too big", strict, Terms{Handicap: intp(3)}, game.Settings{}, "handicaps from 0 to 2"},
		{"negative handicap refused", strict, Terms{Handicap: intp(-1)}, game.Settings{}, "handicaps from 0 to 2"},
		{"extra moves", strict, Terms{ExtraMoves: intp(2)}, game.Settings{}, "at most 1"},
		{"other ruleset off", strict, Terms{Ruleset: "pp"}, game.Settings{}, "standard only"},
		{"double off", strict, Terms{Players: 4}, game.Settings{}, "two-player TwixT only"},
		{"double", def, Terms{Players: 4, Swap: boolp(true)}, game.Settings{Size: game.Size{Cols: 24, Rows: 24}, Players: 4}, ""},
		{"handicap leaves too small a board", def, Terms{Size: "8", Handicap: intp(4)}, game.Settings{}, "each side from 5 to 48"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.p.Settings(tt.terms)
			if tt.refuse != "" {
				if !errors.Is(err, ErrNotAllowed) || !strings.Contains(err.Error(), tt.refuse) {
					t.Fatalf("got %v, want a refusal saying %q", err, tt.refuse)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestAllowedChannelsAndRoles(t *testing.T) {
	p, _ := Resolve(Overrides{"channels": "1 2", "roles": "10"}, nil, nil)
	if err := p.Allowed("3", []string{"10"}); !errors.Is(err, ErrNotAllowed) || !strings.Contains(err.Error(), "<#1> <#2>") {
		t.Errorf("channel 3: %v", err)
	}
	if err := p.Allowed("1", []string{"11"}); !errors.Is(err, ErrNotAllowed) || !strings.Contains(err.Error(), "<@&10>") {
		t.Errorf("role 11: %v", err)
	}
	if err := p.Allowed("2", []string{"11", "10"}); err != nil {
		t.Errorf("allowed member refused: %v", err)
	}
}
