package bot

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/l10n"
)

// registeredID is the id the fake gave a registered command.
func registeredID(t *testing.T, fake *discordtest.Fake, name string) string {
	t.Helper()
	for _, c := range fake.Commands(fake.GuildID()) {
		if c.Name == name {
			return c.ID
		}
	}
	t.Fatalf("/%s is not registered", name)
	return ""
}

var optionInCode = regexp.MustCompile("`([^`:/ ]+):`")

// TestRefusalsNameCommandsInTheReadersLanguage: over HTTP, a refusal
// mentions the command to use instead (Discord shows a mention in its
// reader's language) and names the options as the user's own Discord
// shows them, so that a German user can type what the refusal says.
func TestRefusalsNameCommandsInTheReadersLanguage(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	hans, alice := fake.NewUser("hans"), fake.NewUser("alice")
	challenge := "</twixt challenge:" + registeredID(t, fake, cmdTwixt) + ">"

	for _, tc := range []struct {
		locale, challenge, opponent, game, unwanted string
	}{
		{"de", "twixt herausfordern", "gegner", "partie", "opponent"},
		{"en-US", "twixt challenge", "opponent", "game", "gegner"},
		{"fr", "twixt défier", "adversaire", "partie", "opponent"},
	} {
		u := hans
		if tc.locale == "en-US" {
			u = alice
		}
		// The user types the command as their Discord shows it.
		self, err := fake.LocalizedCommand(u, tc.locale, tc.challenge, discordtest.UserOpt(tc.opponent, u))
		if err != nil {
			t.Fatal(err)
		}
		m := fake.Exchange(self).Message
		if !m.Ephemeral() || !strings.Contains(m.Content, "`"+tc.opponent+":`") || strings.Contains(m.Content, tc.unwanted) {
			t.Errorf("%s: challenging oneself is answered %q; want a private refusal naming `%s:`", tc.locale, m.Content, tc.opponent)
		}
		// The option it names is one the user can type.
		for _, sub := range optionInCode.FindAllStringSubmatch(m.Content, -1) {
			if _, err := fake.LocalizedCommand(u, tc.locale, tc.challenge, discordtest.UserOpt(sub[1], u)); err != nil {
				t.Errorf("%s: the refusal names %q, which the user cannot type: %v", tc.locale, sub[1], err)
			}
		}

		m = r.do(u, "twixt board", discordtest.Locale(tc.locale)).Message
		if !strings.Contains(m.Content, challenge) || !strings.Contains(m.Content, "`"+tc.game+":`") {
			t.Errorf("%s: /twixt board without a game is answered %q; want the mention %s and `%s:`", tc.locale, m.Content, challenge, tc.game)
		}
	}

	// Help mentions the commands and lists the subcommands in the
	// reader's language.
	h := r.do(hans, "twixt help", discordtest.Locale("de")).Message.Content
	for _, want := range []string{challenge, "</twixt computer:", "`setzen`", "`aufgeben`", "`loch:`"} {
		if !strings.Contains(h, want) {
			t.Errorf("German help lacks %q:\n%s", want, h)
		}
	}
}

// Without the commands' ids (before registration, in the console), the
// texts write the commands in backticks in the reader's language, and in
// plain text without them.
func TestTextsWriteCommandsWithoutIDs(t *testing.T) {
	for _, tc := range []struct {
		v    vocab
		id   string
		want []string
	}{
		{speak(l10n.German), "refusal.no_game_here", []string{"`/twixt herausfordern`", "`partie:`"}},
		{speak(l10n.English), "refusal.no_game_here", []string{"`/twixt challenge`", "`game:`"}},
		{speak(l10n.Italian), "refusal.self_challenge", []string{"`avversario:`"}},
		{speak(l10n.Spanish).mentioning(&discord.CommandIDs{}), "hint.play_one", []string{"`/twixt jugar` `agujero:`"}},
		{speak(l10n.German), "admin.presets_empty", []string{"`/twixtadmin vorlage hinzufügen`"}},
		{speak(l10n.German).plain(), "setting.hints", []string{"wann /twixt tipp antwortet"}},
		{speak(l10n.French), "refusal.not_moderator", []string{"`/twixtadmin` nécessite"}},
	} {
		got := tc.v.t(tc.id, nil)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s %s = %q; want %q in it", tc.v.lang, tc.id, got, w)
			}
		}
	}
}

func TestCommandRefs(t *testing.T) {
	ids := &discord.CommandIDs{}
	ids.Set([]*discordgo.ApplicationCommand{{ID: "77", Name: cmdTwixt}, {ID: "88", Name: cmdAdmin}})
	refs := commandRefs(ids, codeRefs)
	for _, tc := range []struct {
		ref, arg string
		l        l10n.Lang
		want     string // or the error's words
		fails    bool
	}{
		{"cmd", "twixt challenge", l10n.German, "</twixt challenge:77>", false},
		{"cmd", "twixtadmin preset add", l10n.French, "</twixtadmin preset add:88>", false},
		// A command with subcommands cannot be mentioned: it is written.
		{"cmd", "twixtadmin", l10n.German, "`/twixtadmin`", false},
		{"cmd", "twixtadmin preset", l10n.German, "`/twixtadmin vorlage`", false},
		{"sub", "twixt move", l10n.German, "setzen", false},
		{"sub", "twixt move", l10n.English, "move", false},
		{"opt", "twixt challenge opponent", l10n.German, "gegner:", false},
		{"opt", "twixt move at", l10n.Spanish, "agujero:", false},
		{"cmd", "twixt chalenge", l10n.English, `/twixt has no subcommand or option "chalenge": there are `, true},
		{"cmd", "twixtt move", l10n.English, `there is no command "twixtt": there are twixt, twixtadmin`, true},
		{"opt", "twixt challenge", l10n.English, `"twixt challenge" is a command, not an option: use {{cmd "twixt challenge"}}`, true},
		{"cmd", "twixt move at", l10n.English, `"twixt move at" is an option, not a command: use {{opt "twixt move at"}}`, true},
		{"sub", "twixt", l10n.English, `"twixt" is a command, not a subcommand`, true},
		{"opt", "twixt move at nothing", l10n.English, `/twixt move at has no subcommand or option "nothing"`, true},
		{"cmd", " ", l10n.English, "an empty command path", true},
	} {
		got, err := refs[tc.ref](tc.l, tc.arg)
		switch {
		case tc.fails && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("{{%s %q}}: %q, %v; want an error saying %q", tc.ref, tc.arg, got, err, tc.want)
		case !tc.fails && (err != nil || got != tc.want):
			t.Errorf("{{%s %q}} in %s = %q, %v; want %q", tc.ref, tc.arg, tc.l, got, err, tc.want)
		}
	}
}

// A text naming a command or option that does not exist fails the check,
// which names the text; the catalogue's own check is TestCatalogueIsComplete.
func TestCheckNamesABadReference(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, l := range l10n.Langs() {
		fsys["c/"+string(l)+".toml"] = &fstest.MapFile{Data: []byte(`[refusal]
good = """Start one with {{cmd "twixt challenge"}}, naming ` + "`" + `{{opt "twixt challenge opponent"}}` + "`" + `."""
typo = """Start one with {{cmd "twixt chalenge"}}."""
no_option = """Name one with {{opt "twixt move gmae"}}."""
`)}
	}
	c, err := l10n.Load(fsys, "c")
	if err != nil {
		t.Fatal(err)
	}
	err = c.WithRefs(commandRefs(nil, codeRefs)).Check()
	if err == nil {
		t.Fatal("Check passed texts naming commands that do not exist")
	}
	for _, want := range []string{
		`en: key "refusal.typo": {{cmd "twixt chalenge"}}: /twixt has no subcommand or option "chalenge"`,
		`de: key "refusal.no_option": {{opt "twixt move gmae"}}: /twixt move has no subcommand or option "gmae"`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Check error lacks %q; got:\n%v", want, err)
		}
	}
	if strings.Contains(err.Error(), "refusal.good") {
		t.Errorf("Check reports a good text:\n%v", err)
	}
}

// The router's timeout reply speaks the user's language, as its other
// replies do.
func TestTimeoutSpeaksTheUsersLanguage(t *testing.T) {
	for locale, want := range map[string]string{"de": "Das hat zu lange gedauert", "en-GB": "That took too long", "es-ES": "Ha tardado demasiado"} {
		e, err := discord.NewEvent(&discordgo.Interaction{ID: "1", Token: "t", Type: discordgo.InteractionApplicationCommand, Locale: discordgo.Locale(locale),
			Member: &discordgo.Member{User: &discordgo.User{ID: "42"}}, GuildID: "7", ChannelID: "8",
			Data: discordgo.ApplicationCommandInteractionData{Name: "twixt"}}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if got := errorReply(e, discord.Visible(discord.ErrTimedOut)); !strings.Contains(got.Content, want) || !got.Ephemeral {
			t.Errorf("%s: the timeout reply is %q; want a private %q", locale, got.Content, want)
		}
	}
}

// An option Discord sent wrong is named as the user's Discord shows it,
// when the command is known.
func TestOptionErrorNamesTheOptionInTheUsersLanguage(t *testing.T) {
	missing := &discord.OptionError{Option: optAt, Want: "text", Kind: discord.ErrMissingOption}
	for _, tc := range []struct {
		l       l10n.Lang
		command string
		want    string
	}{
		{l10n.German, "twixt move", `"loch"`},
		{l10n.German, "twixt move", "loch:<text>"},
		{l10n.French, "twixt move", "trou:<text>"},
		{l10n.English, "twixt move", "at:<text>"},
		{l10n.German, "accept/g1", "at:<text>"}, // a button names no command
	} {
		got, ok := userMessage(speak(tc.l), tc.command, missing)
		if !ok || !strings.Contains(got, tc.want) {
			t.Errorf("%s %s: %q; want %q in it", tc.l, tc.command, got, tc.want)
		}
	}
}
