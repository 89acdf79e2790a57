package discord

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discordtest"
)

// validCommands loads a valid set of definitions from testdata.
func validCommands(t testing.TB) []*discordgo.ApplicationCommand {
	t.Helper()
	b, err := os.ReadFile("testdata/commands.json")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(b, &cmds); err != nil {
		t.Fatal(err)
	}
	return cmds
}

func TestValidateCommands(t *testing.T) {
	challenge := func(c []*discordgo.ApplicationCommand) *discordgo.ApplicationCommandOption { return c[0].Options[0] }
	tests := []struct {
		name   string
		change func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand
		where  string // "" when valid
	}{
		{"as in testdata", nil, ""},
		{"uppercase name", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand { c[0].Name = "Game"; return c }, "commands[0] (Game).name"},
		{"name of 33", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c[0].Name = strings.Repeat("g", 33)
			return c
		}, "name"},
		{"name with a space", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c[0].Name = "my game"
			return c
		}, "name"},
		{"non-latin lowercase name", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c[0].Name = "игра"
			return c
		}, ""},
		{"no description", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c[0].Description = ""
			return c
		}, "commands[0] (game).description"},
		{"description of 101", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c[0].Description = strings.Repeat("d", 101)
			return c
		}, "description"},
		{"option without description", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			challenge(c).Options[1].Description = ""
			return c
		}, "options[1] (color).description"},
		{"26 options", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			o := challenge(c)
			for i := 0; i < 22; i++ {
				o.Options = append(o.Options, &discordgo.ApplicationCommandOption{Type: 5, Name: "o" + string(rune('a'+i)), Description: "d"})
			}
			return c
		}, "26 options"},
		{"26 choices", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			o := challenge(c).Options[1]
			for i := 0; i < 24; i++ {
				o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: "c", Value: "v"})
			}
			return c
		}, "26 choices"},
		{"choice value of 101", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			challenge(c).Options[1].Choices[0].Value = strings.Repeat("v", 101)
			return c
		}, "choices[0].value"},
		{"choices and autocomplete", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			challenge(c).Options[1].Autocomplete = true
			return c
		}, "not both"},
		{"required after optional", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			challenge(c).Options[3].Required = true
			return c
		}, "before the optional"},
		{"same option twice", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			challenge(c).Options[2].Name = "color"
			return c
		}, "used twice"},
		{"subcommand beside an option", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c[0].Options = append(c[0].Options, &discordgo.ApplicationCommandOption{Type: 3, Name: "x", Description: "d"})
			return c
		}, "cannot be mixed"},
		{"group in a group", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			g := c[0].Options[2]
			g.Options = append(g.Options, &discordgo.ApplicationCommandOption{Type: 2, Name: "deep", Description: "d"})
			return c
		}, "holds only subcommands"},
		{"command twice", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			return append(c, &discordgo.ApplicationCommand{Name: "game", Description: "again"})
		}, "defined twice"},
		{"user command with a description", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c[1].Description = "no"
			return c
		}, "no description"},
		{"too long in all", func(c []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			for i := 0; i < 25; i++ {
				opt := &discordgo.ApplicationCommandOption{Type: 3, Name: "o" + strings.Repeat("x", i), Description: strings.Repeat("d", 100)}
				for k := 0; k < 25; k++ {
					opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: strings.Repeat("n", 100), Value: "v"})
				}
				c[0].Options[1].Options = append(c[0].Options[1].Options, opt)
			}
			c[0].Options[1].Options = c[0].Options[1].Options[1:]
			return c
		}, "more than Discord's 8000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := validCommands(t)
			if tt.change != nil {
				c = tt.change(c)
			}
			err := ValidateCommands(c)
			if tt.where == "" {
				if err != nil {
					t.Fatalf("valid definitions refused: %v", err)
				}
				return
			}
			var le *LimitError
			if !errors.Is(err, ErrInvalidCommand) || !errors.As(err, &le) || !strings.Contains(err.Error(), tt.where) {
				t.Fatalf("error %v, want ErrInvalidCommand about %q", err, tt.where)
			}
		})
	}
}

func TestRegisterCommands(t *testing.T) {
	h := newHarness(t, NewRouter(), nil)
	got, err := h.client.RegisterCommands(waitCtx(t), h.fake.AppID(), GuildID(h.fake.GuildID()), validCommands(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID == "" || len(h.fake.Commands(h.fake.GuildID())) != 2 || len(h.fake.Commands("")) != 0 {
		t.Fatalf("registered %d, fake has %d in the server and %d globally", len(got), len(h.fake.Commands(h.fake.GuildID())), len(h.fake.Commands("")))
	}
	if _, err := h.client.RegisterCommands(waitCtx(t), h.fake.AppID(), "", validCommands(t)); err != nil || len(h.fake.Commands("")) != 2 {
		t.Fatalf("global registration: %v", err)
	}
	bad := validCommands(t)
	bad[0].Name = "Bad"
	if _, err := h.client.RegisterCommands(waitCtx(t), h.fake.AppID(), "", bad); !errors.Is(err, ErrInvalidCommand) {
		t.Fatalf("invalid definitions: %v", err)
	}
	if n := len(h.fake.Calls()); n != 2 {
		t.Errorf("%d calls: invalid definitions must not be sent", n)
	}
}

// TestClearCommands removes the server's commands, leaving the global
// ones, then the global ones; with nothing registered it sends nothing.
func TestClearCommands(t *testing.T) {
	h := newHarness(t, NewRouter(), nil)
	guild := GuildID(h.fake.GuildID())
	for _, g := range []GuildID{guild, ""} {
		if _, err := h.client.RegisterCommands(waitCtx(t), h.fake.AppID(), g, validCommands(t)); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := h.client.ClearCommands(waitCtx(t), h.fake.AppID(), guild)
	if err != nil || len(removed) != 2 || len(h.fake.Commands(string(guild))) != 0 || len(h.fake.Commands("")) != 2 {
		t.Fatalf("clearing the server: removed %d (%v); the fake has %d there, %d globally", len(removed), err, len(h.fake.Commands(string(guild))), len(h.fake.Commands("")))
	}
	if removed, err := h.client.ClearCommands(waitCtx(t), h.fake.AppID(), ""); err != nil || len(removed) != 2 || len(h.fake.Commands("")) != 0 {
		t.Fatalf("clearing globally: removed %d (%v)", len(removed), err)
	}
	puts := len(h.fake.CallsTo("PUT", discordtest.RouteGuildCommands)) + len(h.fake.CallsTo("PUT", discordtest.RouteGlobalCommands))
	if removed, err := h.client.ClearCommands(waitCtx(t), h.fake.AppID(), guild); err != nil || len(removed) != 0 {
		t.Fatalf("clearing nothing: removed %d (%v)", len(removed), err)
	}
	if n := len(h.fake.CallsTo("PUT", discordtest.RouteGuildCommands)) + len(h.fake.CallsTo("PUT", discordtest.RouteGlobalCommands)); n != puts {
		t.Errorf("clearing nothing sent %d overwrites", n-puts)
	}
	for _, bad := range []struct{ app, guild string }{{"app", ""}, {h.fake.AppID(), "my server"}} {
		if _, err := h.client.ClearCommands(waitCtx(t), bad.app, GuildID(bad.guild)); !errors.Is(err, ErrConfig) {
			t.Errorf("ClearCommands(%q, %q): %v, want ErrConfig", bad.app, bad.guild, err)
		}
	}
}
