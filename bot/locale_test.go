package bot

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/l10n"
	"github.com/twixtbot/twixtbot/storage"
)

// TestCatalogueIsComplete: every language has every English text, with
// the same placeholders and the plural forms its rules need.
func TestCatalogueIsComplete(t *testing.T) {
	if err := texts.Check(); err != nil {
		t.Fatal(err)
	}
}

// sameAsEnglish are the texts each language writes as English does, on
// purpose: words both languages use ("in", "page", "server").
var sameAsEnglish = map[l10n.Lang][]string{
	l10n.German:  {"line.game"},
	l10n.French:  {"duration.minutes", "leaderboard.page", "settings.handicap"},
	l10n.Italian: {"admin.log_server", "admin.source.server", "line.game", "settings.handicap"},
	l10n.Spanish: {"rating.provisional"},
}

// TestNoEnglishCopies: no language keeps an English text untranslated,
// beyond the ones listed as the same on purpose (and each of those is
// still the same, so that the list stays true).
func TestNoEnglishCopies(t *testing.T) {
	for _, l := range l10n.Langs()[1:] {
		if got := texts.SameAsEnglish(l); !slices.Equal(got, sameAsEnglish[l]) {
			t.Errorf("%s: the texts written as in English are %q; want %q (translate a new one, or list it here if the words are the same)", l, got, sameAsEnglish[l])
		}
	}
}

// keyLiteral matches what may be a text's key in the Go source:
// "refusal.not_in_game", or a prefix the code completes ("setting.").
var keyLiteral = regexp.MustCompile(`"([a-z][a-z0-9_]*\.[a-z0-9_.]*)"`)

// dynamicPrefixes are the keys the code builds from a prefix and a name.
var dynamicPrefixes = []string{"setting.", "admin.source.", "admin.decided_", "admin.done_", "policy."}

// TestEveryKeyUsedExists: every key the code names is in the catalogue
// (a missing one would show as its key), and every text in the catalogue
// is used, so that translators do not translate dead texts.
func TestEveryKeyUsedExists(t *testing.T) {
	sections := map[string]bool{}
	for _, id := range texts.IDs() {
		sections[strings.Split(id, ".")[0]] = true
	}
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range keyLiteral.FindAllStringSubmatch(string(src), -1) {
			key := m[1]
			if !sections[strings.Split(key, ".")[0]] || strings.HasSuffix(key, ".go") || strings.HasSuffix(key, ".png") {
				continue
			}
			if strings.HasSuffix(key, ".") || strings.HasSuffix(key, "_") {
				continue // a prefix: dynamicPrefixes
			}
			used[key] = true
			if !texts.Has(key) {
				t.Errorf("%s names the text %q, which en.toml does not have", p, key)
			}
		}
	}
	for _, s := range match.Settings {
		if !texts.Has("setting." + s.Name) {
			t.Errorf("the setting %s has no description setting.%s", s.Name, s.Name)
		}
	}
	for _, src := range []match.Source{match.FromDefault, match.FromServer, match.FromChannel} {
		if !texts.Has("admin.source." + string(src)) {
			t.Errorf("no text admin.source.%s", src)
		}
	}
	for _, rule := range match.PolicyRules {
		if !texts.Has("policy." + string(rule)) {
			t.Errorf("the policy rule %s has no text policy.%s", rule, rule)
		}
	}
	for _, verb := range []string{"aborted", "adjudicated"} {
		for _, p := range []string{"admin.decided_", "admin.done_"} {
			if !texts.Has(p + verb) {
				t.Errorf("no text %s%s", p, verb)
			}
		}
	}
next:
	for _, id := range texts.IDs() {
		if used[id] {
			continue
		}
		for _, p := range dynamicPrefixes {
			if strings.HasPrefix(id, p) {
				continue next
			}
		}
		t.Errorf("the text %s is not used by the code", id)
	}
}

// longest are placeholder values at their longest, to check the limits
// of Discord; a placeholder not named here is given 40 characters.
var longest = map[string]int{
	"Game": 21, "Settings": 130, "Terms": 170, "Players": 110, "Others": 110, "Changes": 200, "Sides": 120,
	"Result": 80, "Turn": 200, "Links": 90, "Removed": 90, "Holes": 40, "Line": 120, "Preset": 120,
	"What": 160, "Allowed": 160, "Languages": 90, "Themes": 40, "Value": 102, "Raw": 100, "Prompt": 80,
	"Hint": 100, "Deadline": 70, "Link": 100, "Input": 42, "From": 42, "Want": 160, "Moves": 60,
	"Place": 25, "Channel": 25, "Thread": 25, "Size": 7, "Games": 400, "Title": 80, "Streak": 40, "Rating": 30,
	"Seat": 12, "Side": 10, "Red": 10, "Black": 10, "N": 6, "Lo": 6, "Hi": 6, "Count": 6, "Page": 5, "Pages": 5,
}

// TestTextsFitDiscordLimits: no text, its placeholders filled in at their
// longest, is longer than what Discord takes where the bot puts it: 80
// characters for a button, 100 for an autocomplete choice, 2,000 for a
// message.
func TestTextsFitDiscordLimits(t *testing.T) {
	for _, l := range l10n.Langs() {
		for _, id := range texts.IDs() {
			if strings.HasPrefix(id, "button.") || strings.HasPrefix(id, "autocomplete.") || strings.HasPrefix(id, "setting.") {
				// plain text: a setting's text is also in a message,
				// whose length the handler's tests check.
				checkTextFits(t, plainTexts, "written plainly", l, id)
				continue
			}
			checkTextFits(t, texts, "written", l, id)
			checkTextFits(t, mentioningTexts(t), "mentioned", l, id)
		}
	}
}

// mentioningTexts are the texts mentioning commands with ids as long as
// Discord's (19 digits), the longest way they name commands.
var plainTexts = baseTexts.WithRefs(commandRefs(nil, plainRefs))

func mentioningTexts(t *testing.T) *l10n.Catalogue {
	t.Helper()
	ids := &discord.CommandIDs{}
	ids.Set([]*discordgo.ApplicationCommand{{ID: "1234567890123456789", Name: cmdTwixt}, {ID: "1234567890123456789", Name: cmdAdmin}})
	return baseTexts.WithRefs(commandRefs(ids, codeRefs))
}

func checkTextFits(t *testing.T, texts *l10n.Catalogue, how string, l l10n.Lang, id string) {
	t.Helper()
	{
		{
			a := args{}
			for _, p := range texts.Placeholders(id) {
				n, ok := longest[p]
				if !ok {
					n = 40
				}
				a[p] = strings.Repeat("x", n)
			}
			limit := discord.MaxContentLength
			switch {
			case strings.HasPrefix(id, "button."):
				limit = 80
			case strings.HasPrefix(id, "autocomplete.") || strings.HasPrefix(id, "setting."):
				limit = discord.MaxChoiceName
			}
			for _, n := range []int{1, 2, 5, 1000000} {
				s := texts.Count(l, id, n, a)
				if c := utf8.RuneCountInString(s); c > limit {
					t.Errorf("%s %s, commands %s: %d characters, more than %d", l, id, how, c, limit)
				}
			}
		}
	}
}

// TestLanguageOfPlace: public messages speak the language setting, else
// the server's language as Discord last sent it, else English.
func TestLanguageOfPlace(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "twixt.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	b, ctx := New(Options{Store: st}), context.Background()
	if got := b.placeLang(ctx, "1", "2"); got != l10n.English {
		t.Errorf("an unknown server speaks %s", got)
	}
	if err := b.svc.NoteGuildLocale(ctx, "1", "es-ES"); err != nil {
		t.Fatal(err)
	}
	if got := b.placeLang(ctx, "1", "2"); got != l10n.Spanish {
		t.Errorf("a server with guild_locale es-ES speaks %s", got)
	}
	if _, err := b.svc.Set(ctx, match.Actor{User: "9", Guild: "1", Channel: "2", Moderator: true}, "language", "Deutsch", "2"); err != nil {
		t.Fatal(err)
	}
	if got := b.placeLang(ctx, "1", "2"); got != l10n.German {
		t.Errorf("a channel set to Deutsch speaks %s", got)
	}
	if got := b.placeLang(ctx, "1", "3"); got != l10n.Spanish {
		t.Errorf("another channel of the server speaks %s", got)
	}
}

// BenchmarkText measures one text of a move's announcement, filled in, in
// German: every public message is made of a few of these.
func BenchmarkText(b *testing.B) {
	v := speak(l10n.German)
	a := args{"Game": "g12", "N": 17, "Player": "Rot (<@123456789012345678>)", "Turn": "setzt J12 und verbindet mit H11 und K10"}
	for b.Loop() {
		_ = v.t("played.turn", a)
	}
}

// BenchmarkTextMentioningCommand measures a refusal that mentions a
// command and names an option, in German, with the commands' ids known:
// the catalogue view is made and the references resolved on each call.
func BenchmarkTextMentioningCommand(b *testing.B) {
	ids := &discord.CommandIDs{}
	ids.Set([]*discordgo.ApplicationCommand{{ID: "1234567890123456789", Name: cmdTwixt}})
	v := speak(l10n.German).mentioning(ids)
	b.ReportAllocs()
	for b.Loop() {
		_ = v.t("refusal.no_game_here", nil)
	}
}

// BenchmarkPlaceLang measures finding the language of a channel's public
// messages: a read of its settings and of the server's kept language.
func BenchmarkPlaceLang(b *testing.B) {
	st, err := storage.Open(filepath.Join(b.TempDir(), "twixt.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	bot, ctx := New(Options{Store: st}), context.Background()
	if err := bot.svc.NoteGuildLocale(ctx, "1", "fr"); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if bot.placeLang(ctx, "1", "2") != l10n.French {
			b.Fatal("not French")
		}
	}
}
