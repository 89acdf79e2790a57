package discordtest

import (
	"fmt"
	"strings"
	"testing"
)

// TestFakeChecksLocalizations: the fake refuses each kind of bad command
// localization as Discord does (Application Commands, Localization; the
// locales of Reference, Locales), and takes a well localized command.
func TestFakeChecksLocalizations(t *testing.T) {
	f := New(t, Options{})
	path := "/api/v10/applications/" + f.AppID() + "/commands"
	type obj = map[string]any
	// opt is a text option with the given extra fields.
	opt := func(name string, extra obj) obj {
		o := obj{"type": 3, "name": name, "description": "d", "max_length": 10}
		for k, v := range extra {
			o[k] = v
		}
		return o
	}
	cmd := func(extra obj, opts ...obj) []obj {
		c := obj{"name": "play", "description": "Play a game"}
		for k, v := range extra {
			c[k] = v
		}
		if len(opts) > 0 {
			c["options"] = opts
		}
		return []obj{c}
	}
	names := func(kv ...string) obj {
		m := obj{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	choice := func(name string, locs obj) obj {
		return obj{"name": name, "value": "v" + name, "name_localizations": locs}
	}
	long := strings.Repeat("é", 101)
	tests := []struct {
		name    string
		body    []obj
		problem string // "" when the fake must accept the commands
	}{
		{"well localized", cmd(obj{
			"name_localizations":        names("de", "spielen", "fr", "jouer", "es-ES", "jugar", "es-419", "jugar", "en-US", "play", "en-GB", "play", "it", "giocare"),
			"description_localizations": names("de", "Eine Partie spielen", "fr", "Jouer une partie", "th", "เล่น"),
		}, opt("größe", obj{"name_localizations": names("fr", "taille", "hi", "आकार"), "choices": []obj{choice("a", names("de", "Ä"))}}),
			opt("farbe", obj{"name_localizations": names("fr", "couleur")})), ""},
		{"unknown locale in names", cmd(obj{"name_localizations": names("de-DE", "spielen")}), `"de-DE", which is not a Discord locale`},
		{"unknown locale in descriptions", cmd(obj{"description_localizations": names("es", "Jugar")}), `"es", which is not a Discord locale`},
		{"Portuguese of Portugal", cmd(obj{"name_localizations": names("pt-PT", "jogar")}), `"pt-PT", which is not a Discord locale`},
		{"capital letters", cmd(obj{"name_localizations": names("de", "Spielen")}), `the de name "Spielen" breaks Discord's naming rule`},
		{"a space", cmd(obj{"name_localizations": names("fr", "jouer une")}), `the fr name "jouer une" breaks`},
		{"too long a name", cmd(obj{"name_localizations": names("it", strings.Repeat("a", 33))}), "breaks Discord's naming rule"},
		{"empty name", cmd(obj{"name_localizations": names("it", "")}), "breaks Discord's naming rule"},
		{"empty description", cmd(obj{"description_localizations": names("de", "")}), "de description of 0 characters"},
		{"too long a description", cmd(obj{"description_localizations": names("fr", long)}), "fr description of 101 characters"},
		{"option name in capitals", cmd(nil, opt("x", obj{"name_localizations": names("de", "Größe")})), `the de name "Größe" breaks`},
		{"option description too long", cmd(nil, opt("x", obj{"description_localizations": names("es-419", long)})), "es-419 description of 101 characters"},
		{"option locale unknown", cmd(nil, opt("x", obj{"name_localizations": names("xx", "y")})), `"xx", which is not a Discord locale`},
		{"choice name too long", cmd(nil, opt("x", obj{"choices": []obj{choice("a", names("de", long))}})), "de name of 101 characters"},
		{"choice name empty", cmd(nil, opt("x", obj{"choices": []obj{choice("a", names("fr", ""))}})), "fr name of 0 characters"},
		{"choice locale unknown", cmd(nil, opt("x", obj{"choices": []obj{choice("a", names("klingon", "b"))}})), `"klingon", which is not a Discord locale`},
		{"two options with one localized name", cmd(nil,
			opt("size", obj{"name_localizations": names("de", "größe")}),
			opt("width", obj{"name_localizations": names("de", "größe")})), `in de, "size" and "width" are both called "größe"`},
		{"a localized name that is a sibling's default", cmd(nil,
			opt("size", obj{"name_localizations": names("fr", "width")}),
			opt("width", obj{"name_localizations": names("de", "breite")})), `the fr name of "size" is "width", the default name of another`},
		{"8000 characters with the longest localizations", cmd(nil, func() (out []obj) {
			for i := range 25 {
				out = append(out, opt(fmt.Sprintf("o%d", i), obj{"description_localizations": names("fr", strings.Repeat("x", 100)),
					"choices": func() (cs []obj) {
						for j := range 25 {
							cs = append(cs, obj{"name": "c", "value": fmt.Sprint(j), "name_localizations": names("fr", strings.Repeat("y", 100))})
						}
						return cs
					}()}))
			}
			return out
		}()...), "characters in all, counting each text's longest localization, more than 8000"},
		{"two commands with one localized name", append(cmd(obj{"name_localizations": names("es-ES", "jugar")}),
			obj{"name": "game", "description": "d", "name_localizations": names("es-ES", "jugar")}), `in es-ES, "play" and "game" are both called "jugar"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := callJSON(t, f, "PUT", path, tt.body, true)
			v := f.TakeViolations()
			if tt.problem == "" {
				if status != 200 || len(v) > 0 {
					t.Fatalf("status %d (%s), violations %q; want the commands taken", status, body, v)
				}
				return
			}
			if status != 400 || !strings.Contains(strings.Join(v, "\n"), tt.problem) {
				t.Fatalf("status %d (%s), violations %q; want 400 and %q", status, body, v, tt.problem)
			}
		})
	}
}

// TestLocalizedCommand: a user types a command in their language, and the
// fake, as Discord, sends it with the default names and the user's locale.
func TestLocalizedCommand(t *testing.T) {
	f := New(t, Options{})
	path := "/api/v10/applications/" + f.AppID() + "/guilds/" + f.GuildID() + "/commands"
	body := []map[string]any{{
		"name": "game", "description": "Games", "name_localizations": map[string]string{"de": "spiel", "es-ES": "partida"},
		"options": []any{map[string]any{
			"type": 1, "name": "start", "description": "Start one", "name_localizations": map[string]string{"de": "starten", "es-ES": "empezar"},
			"options": []any{map[string]any{"type": 3, "name": "size", "description": "Size", "max_length": 5,
				"name_localizations": map[string]string{"de": "größe", "es-ES": "tamaño"}}},
		}},
	}}
	if status, resp := callJSON(t, f, "PUT", path, body, true); status != 200 {
		t.Fatalf("registering: %d %s", status, resp)
	}
	u := f.NewUser("ute")
	tests := []struct {
		locale, path, opt string
		problem           string
	}{
		{"de", "spiel starten", "größe", ""},
		{"es-ES", "partida empezar", "tamaño", ""},
		{"es-419", "partida empezar", "tamaño", ""}, // Discord falls back to es-ES
		{"fr", "game start", "size", ""},            // no French: the default names
		{"en-US", "spiel starten", "größe", "no command /spiel; the user sees [game]"},
		{"de", "spiel start", "größe", `no subcommand "start"; the user sees [starten]`},
		{"de", "spiel starten", "size", `no option "size"; the user sees [größe]`},
	}
	for _, tt := range tests {
		i, err := f.LocalizedCommand(u, tt.locale, tt.path, Str(tt.opt, "12"))
		if tt.problem != "" {
			if err == nil || !strings.Contains(err.Error(), tt.problem) {
				t.Errorf("%s /%s %s: error %v, want %q", tt.locale, tt.path, tt.opt, err, tt.problem)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s /%s %s: %v", tt.locale, tt.path, tt.opt, err)
			continue
		}
		d := i.ApplicationCommandData()
		if d.Name != "game" || len(d.Options) != 1 || d.Options[0].Name != "start" || len(d.Options[0].Options) != 1 ||
			d.Options[0].Options[0].Name != "size" || d.Options[0].Options[0].StringValue() != "12" || string(i.Locale) != tt.locale {
			t.Errorf("%s /%s %s: sent %+v in %s, want /game start size:12 in %s", tt.locale, tt.path, tt.opt, d, i.Locale, tt.locale)
		}
	}
}
