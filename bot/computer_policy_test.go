package bot

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/storage"
)

func TestComputerSettings(t *testing.T) {
	tests := []struct {
		name, value string
		shown       string
		err         string
	}{
		{"computer", "off", "off", ""},
		{"computer", "maybe", "", "not on or off"},
		{"computer_level_max", "2", "2 (casual)", ""},
		{"computer_level_max", "strong", "4 (strong)", ""},
		{"computer_level_max", "0", "", "a number from 1 to 5"},
		{"computer_level_max", "6", "", "a number from 1 to 5"},
		{"computer_size_max", "16", "16", ""},
		{"computer_size_max", "4", "", "from 5 to 100"},
		{"hints", "ALL", "all", ""},
		{"hints", "off", "off", ""},
		{"hints", "sometimes", "", "off, computer"},
	}
	for _, tc := range tests {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			shown, err := Check(tc.name, tc.value, nil, nil, true)
			if tc.err != "" {
				if !errors.Is(err, ErrBadValue) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Check: %v, want an ErrBadValue saying %q", err, tc.err)
				}
				return
			}
			if err != nil || shown != tc.shown {
				t.Fatalf("Check: %q, %v; want %q", shown, err, tc.shown)
			}
		})
	}
	def := DefaultPolicy().Computer
	if !def.On || def.LevelMax != ai.MaxLevel || def.Hints != HintsComputer {
		t.Errorf("default computer policy %+v", def)
	}
	p, src := Resolve(Overrides{"computer": "off", "hints": "all"}, Overrides{"computer": "on"}, nil)
	if !p.Computer.On || src["computer"] != FromChannel || p.Computer.Hints != HintsAll || src["hints"] != FromServer {
		t.Errorf("resolved %+v from %v", p.Computer, src)
	}
}

// TestComputerTerms checks challenges of the computer against a policy.
func TestComputerTerms(t *testing.T) {
	s := &Service{computer: &selfUser{}}
	s.computer.set("bot")
	p := DefaultPolicy()
	p.Computer.LevelMax, p.Computer.SizeMax = 3, 16
	small := game.Settings{Size: game.Size{Cols: 12, Rows: 12}}
	tests := []struct {
		name    string
		inv     Invitation
		set     game.Settings
		off     bool
		level   ai.Level
		err     error
		message string
	}{
		{"people only", Invitation{Invited: []storage.UserID{"bob"}, Level: 5}, small, false, 0, nil, ""},
		{"default level", Invitation{Invited: []storage.UserID{"bot"}}, small, false, ai.DefaultLevel, nil, ""},
		{"chosen level", Invitation{Invited: []storage.UserID{"bot"}, Level: 1}, small, false, 1, nil, ""},
		{"level above the most", Invitation{Invited: []storage.UserID{"bot"}, Level: 4}, small, false, 0, ErrNotAllowed, "levels 1 (beginner) to 3 (club)"},
		{"no such level", Invitation{Invited: []storage.UserID{"bot"}, Level: 9}, small, false, 0, ErrBadOption, "no level 9"},
		{"board too big", Invitation{Invited: []storage.UserID{"bot"}}, game.Settings{Size: game.Size{Cols: 16, Rows: 20}}, false, 0, ErrNotAllowed, "boards up to 16x16"},
		{"computer off", Invitation{Invited: []storage.UserID{"bot"}}, small, true, 0, ErrNotAllowed, "setting `computer`"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := p
			q.Computer.On = !tc.off
			level, err := s.computerTerms(q, tc.inv, tc.set)
			if tc.err != nil {
				if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.message) {
					t.Fatalf("computerTerms: %v, want %v saying %q", err, tc.err, tc.message)
				}
				return
			}
			if err != nil || level != tc.level {
				t.Fatalf("computerTerms: level %d, %v; want %d", level, err, tc.level)
			}
		})
	}
	// A server whose strongest level is below the default plays at it.
	q := p
	q.Computer.LevelMax = 2
	if l, err := s.computerTerms(q, Invitation{Invited: []storage.UserID{"bot"}}, small); err != nil || l != 2 {
		t.Errorf("default level under computer_level_max 2: %d, %v", l, err)
	}
}

func FuzzParseHintMode(f *testing.F) {
	for _, s := range []string{"off", "computer", "all", " ALL ", "", "hints(7)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHintMode(s)
		if err != nil {
			if !errors.Is(err, ErrBadValue) {
				t.Fatalf("ParseHintMode(%q): %v is not an ErrBadValue", s, err)
			}
			return
		}
		if back, err := ParseHintMode(h.String()); err != nil || back != h {
			t.Fatalf("ParseHintMode(%q) = %s, which reads back as %s, %v", s, h, back, err)
		}
	})
}

func ExampleParseHintMode() {
	for _, v := range []string{"computer", "ALL", "sometimes"} {
		h, err := ParseHintMode(v)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(h)
	}
	// Output:
	// computer
	// all
	// bad setting value: "sometimes" is not a hint mode: off, computer (in games against the computer only) or all
}
