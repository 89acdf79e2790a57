package bot

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/l10n"
)

var updateCommandText = flag.Bool("update-commands", false, "rewrite locales/commands/en.toml from the command definitions")

const commandCatalogue = "locales/commands"

// englishCommandFile is en.toml as the definitions in Go make it: every
// text of every command, in the order of the definitions, grouped by
// subcommand.
func englishCommandFile(texts []commandText) string {
	var b strings.Builder
	b.WriteString(`# The names and descriptions of twixtbot's slash commands, as Discord shows
# them in the user's language. This English file is written from the
# definitions in Go (go test ./bot -run TestCommandCatalogue -update-commands); the
# other files translate it, key by key (see l10n/GLOSSARY.md for the game's
# words). Names are what users type: 1 to 32 characters, lowercase, no
# spaces (letters, digits, - and _), and different from the other names
# beside them. Descriptions and choice names take 1 to 100 characters.
`)
	group := ""
	for _, t := range texts {
		parts := strings.Split(t.Key, ".")
		g := strings.Join(parts[:min(2, len(parts)-1)], " ")
		if g != group {
			group = g
			fmt.Fprintf(&b, "\n# /%s\n", g)
		}
		fmt.Fprintf(&b, "%s = %s\n", strconv.Quote(t.Key), strconv.Quote(t.Default))
	}
	return b.String()
}

// TestCommandCatalogue: en.toml holds exactly the English of the command
// definitions, and every other language has the same keys.
func TestCommandCatalogue(t *testing.T) {
	texts := commandTextsOf(Commands())
	want := englishCommandFile(texts)
	path := filepath.Join(commandCatalogue, "en.toml")
	if *updateCommandText {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s differs from the command definitions; run go test ./bot -run TestCommandCatalogue -update-commands, then translate the changed keys", path)
	}
	if err := commandTexts.Check(); err != nil {
		t.Errorf("the command catalogue is not complete:\n%v", err)
	}
}

// TestEveryCommandTextIsTranslated walks every command, subcommand, option
// and choice, and names each text that a language lacks.
func TestEveryCommandTextIsTranslated(t *testing.T) {
	for _, tt := range commandTextsOf(Commands()) {
		for _, l := range l10n.Langs() {
			if !commandTexts.HasIn(l, tt.Key) {
				t.Errorf("%s/%s.toml has no %q (English: %q)", commandCatalogue, l, tt.Key, tt.Default)
			}
		}
		if got := commandTexts.Text(l10n.English, tt.Key, nil); got != tt.Default {
			t.Errorf("%q is %q in en.toml but %q in the definition", tt.Key, got, tt.Default)
		}
	}
}

// commandWordsAsEnglish are the names and choices each language writes
// as English does, on purpose: the commands' own names, the rulesets'
// names, and words both languages use.
var commandWordsAsEnglish = map[l10n.Lang][]string{
	l10n.German:  {"3M", "TwixT PP", "computer", "name", "partner", "text", "twixt", "twixtadmin", "zoom"},
	l10n.French:  {"3M", "TwixT PP", "double", "handicap", "page", "standard", "twixt", "twixtadmin", "zoom"},
	l10n.Italian: {"3M", "TwixT PP", "computer", "handicap", "standard", "twixt", "twixtadmin", "zoom"},
	l10n.Spanish: {"3M", "TwixT PP", "color", "twixt", "twixtadmin", "zoom"},
}

// TestNoEnglishCommandCopies: no language keeps a command's English text
// untranslated, beyond the words listed as the same on purpose (each of
// them still used, so that the list stays true).
func TestNoEnglishCommandCopies(t *testing.T) {
	for _, l := range l10n.Langs()[1:] {
		var words []string
		for _, id := range commandTexts.SameAsEnglish(l) {
			words = append(words, commandTexts.Text(l, id, nil))
		}
		slices.Sort(words)
		if words = slices.Compact(words); !slices.Equal(words, commandWordsAsEnglish[l]) {
			t.Errorf("%s: the command texts written as in English are %q; want %q (translate a new one, or list it here if the word is the same)", l, words, commandWordsAsEnglish[l])
		}
	}
}

// nameRule is Discord's naming rule for slash commands and options,
// written here apart from the fake's.
var nameRule = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// TestLocalizedCommandTexts: every localized name follows Discord's rule
// and is lowercase, every description and choice name takes 1 to 100
// characters, siblings keep distinct names in every language, and English
// keeps the default names.
func TestLocalizedCommandTexts(t *testing.T) {
	cmds := Commands()
	checkName := func(where string, locs map[discordgo.Locale]string) {
		for loc, n := range locs {
			if !nameRule.MatchString(n) || strings.ToLower(n) != n {
				t.Errorf("%s: the %s name %q is not a valid command name (1 to 32 lowercase letters, digits, - or _)", where, loc, n)
			}
		}
	}
	checkText := func(where string, locs map[discordgo.Locale]string) {
		for loc, d := range locs {
			if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
				t.Errorf("%s: the %s text %q has %d characters; Discord wants 1 to 100", where, loc, d, n)
			}
		}
	}
	siblings := func(where string, names []string, locs []map[discordgo.Locale]string) {
		for _, l := range l10n.Langs() {
			for _, loc := range l.DiscordLocales() {
				seen := map[string]string{}
				for i, def := range names {
					n, ok := locs[i][discordgo.Locale(loc)]
					if !ok {
						t.Errorf("%s %s: no %s name", where, def, loc)
						continue
					}
					if other, dup := seen[n]; dup {
						t.Errorf("%s: in %s, %s and %s are both called %q", where, loc, other, def, n)
					}
					seen[n] = def
				}
			}
		}
	}
	var walk func(where string, opts []*discordgo.ApplicationCommandOption)
	walk = func(where string, opts []*discordgo.ApplicationCommandOption) {
		var names []string
		var locs []map[discordgo.Locale]string
		for _, o := range opts {
			w := where + " " + o.Name
			checkName(w, o.NameLocalizations)
			checkText(w, o.DescriptionLocalizations)
			if got := o.NameLocalizations[discordgo.EnglishUS]; got != o.Name {
				t.Errorf("%s: the en-US name is %q", w, got)
			}
			for _, c := range o.Choices {
				checkText(fmt.Sprintf("%s choice %v", w, c.Value), c.NameLocalizations)
			}
			names, locs = append(names, o.Name), append(locs, o.NameLocalizations)
			walk(w, o.Options)
		}
		siblings(where, names, locs)
	}
	var names []string
	var locs []map[discordgo.Locale]string
	for _, c := range cmds {
		if c.NameLocalizations == nil || c.DescriptionLocalizations == nil {
			t.Fatalf("/%s has no localizations", c.Name)
		}
		checkName("/"+c.Name, *c.NameLocalizations)
		checkText("/"+c.Name, *c.DescriptionLocalizations)
		names, locs = append(names, c.Name), append(locs, *c.NameLocalizations)
		walk("/"+c.Name, c.Options)
	}
	siblings("commands", names, locs)
}

// TestLocalizedNamesAreNotOtherDefaults: Discord wants a localized option
// name distinct from the default names of the command's other options; to
// be safe this holds across the whole command, not only among siblings.
// A localized name may equal a default name only where that default is the
// option's own name (es "color", or "game" in every subcommand).
func TestLocalizedNamesAreNotOtherDefaults(t *testing.T) {
	for _, c := range Commands() {
		defaults := map[string]bool{}
		var collect func(opts []*discordgo.ApplicationCommandOption)
		collect = func(opts []*discordgo.ApplicationCommandOption) {
			for _, o := range opts {
				defaults[o.Name] = true
				collect(o.Options)
			}
		}
		collect(c.Options)
		var check func(where string, opts []*discordgo.ApplicationCommandOption)
		check = func(where string, opts []*discordgo.ApplicationCommandOption) {
			for _, o := range opts {
				for loc, n := range o.NameLocalizations {
					if n != o.Name && defaults[n] {
						t.Errorf("%s %s: the %s name %q is the default name of another option of /%s", where, o.Name, string(loc), n, c.Name)
					}
				}
				check(where+" "+o.Name, o.Options)
			}
		}
		check("/"+c.Name, c.Options)
	}
}

// TestLocalizedCommandsRoute registers the localized commands with the fake
// Discord, which checks them as Discord does, then has users type commands
// in their own language: Discord sends the default names, so they reach
// the same handlers as in English.
func TestLocalizedCommandsRoute(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	if v := fake.TakeViolations(); len(v) > 0 {
		t.Fatalf("the fake refused the localized commands: %q", v)
	}
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	tests := []struct {
		locale, path, opponent string
	}{
		{"de", "twixt herausfordern", "gegner"},
		{"fr", "twixt défier", "adversaire"},
		{"it", "twixt sfida", "avversario"},
		{"es-ES", "twixt desafiar", "rival"},
		{"es-419", "twixt desafiar", "rival"},
		{"en-GB", "twixt challenge", "opponent"},
	}
	for n, tt := range tests {
		i, err := fake.LocalizedCommand(alice, tt.locale, tt.path, discordtest.UserOpt(tt.opponent, bob))
		if err != nil {
			t.Fatal(err)
		}
		res := fake.Exchange(i)
		id := fmt.Sprintf("accept/g%d", n+1)
		if _, ok := findButton(res.Message, id); !ok {
			t.Errorf("%s: /%s %s:bob answered %q without the button %s; the challenge did not reach its handler", tt.locale, tt.path, tt.opponent, res.Message.Content, id)
		}
	}
	r.flush()
}
