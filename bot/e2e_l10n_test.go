package bot

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/storage"
)

// TestLanguagesHTTP plays a game over HTTP in a Spanish server
// (guild_locale es-ES) between a German and a French player: each one's
// private replies come in their own language, the public announcements in
// the server's, direct messages in their receiver's, and the moderators'
// language setting overrides the server's.
func TestLanguagesHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{GuildLocale: "es-ES"})
	r := startBot(t, fake, runOpts{})
	hans, marie := fake.NewUser("hans"), fake.NewUser("marie")
	de, fr := discordtest.Locale("de"), discordtest.Locale("fr")
	public := func(what string, m discordtest.Message, want ...string) {
		t.Helper()
		if m.Ephemeral() {
			t.Fatalf("%s: a private reply %q, want a public one", what, m.Content)
		}
		for _, w := range want {
			if !strings.Contains(m.Content, w) {
				t.Errorf("%s: %q does not say %q", what, m.Content, w)
			}
		}
	}

	ch := r.do(hans, "twixt challenge", de, discordtest.UserOpt(optOpponent, marie), discordtest.Str(optColor, "red"),
		discordtest.Str(optSize, "12")).Message
	public("the challenge", ch, "te reta a **TwixT**", "Condiciones:")
	if b, ok := findButton(ch, "accept/"); !ok || b.Label != "Aceptar" {
		t.Errorf("the challenge's Accept button is %+v", b)
	}
	start := r.press(marie, ch, "accept/g1").Message
	public("the start", start, "**g1 ha empezado**")

	r.refused(marie, "twixt move", "Ce n'est pas ton tour", fr, discordtest.Str(optAt, "f6"))
	r.refused(marie, "twixt move", "Rien n'a changé.", fr, discordtest.Str(optAt, "f6"))
	m := r.move(hans, "f6", de)
	public("the first move", m, "juega F6", "te toca (jugada 2)", "Rojo")
	if len(m.Attachments) != 1 || !strings.Contains(m.Attachments[0].Description, "Rojo") || strings.Contains(m.Attachments[0].Description, "Red") {
		t.Errorf("the first move's picture is not described in Spanish: %+v", m.Attachments)
	}
	r.refused(hans, "twixt move", "Du bist nicht am Zug", de, discordtest.Str(optAt, "g8"))
	r.refused(marie, "twixt move", "Je ne comprends pas", fr, discordtest.Str(optAt, "zz!"))
	r.refused(marie, "twixt move", "porte déjà un pilier", fr, discordtest.Str(optAt, "f6"))
	if h := r.do(marie, "twixt help", fr).Message; !h.Ephemeral() || !strings.Contains(h.Content, "est un jeu de connexion") {
		t.Errorf("/twixt help for a French player: %q", h.Content)
	}

	r.refused(hans, "twixt nosuch", "Den Befehl `/twixt nosuch` kenne ich nicht", de)

	// Direct messages speak their receiver's language.
	if n := r.do(hans, "twixt notify", de, discordtest.Str(optHow, "on")).Message; !strings.Contains(n.Content, "Direktnachricht") {
		t.Errorf("/twixt notify for a German player: %q", n.Content)
	}
	public("marie's move", r.move(marie, "g8", fr), "juega G8")
	r.flush()
	dms := fake.DMs(hans.ID)
	if len(dms) != 1 || !strings.Contains(dms[0].Content, "Du bist am Zug in **g1**") {
		t.Errorf("hans's direct messages: %+v", dms)
	}

	// The server's language is kept for messages without an interaction.
	if info, err := r.store.Guild(context.Background(), storage.GuildID(fake.GuildID())); err != nil || info.Locale != "es-ES" {
		t.Errorf("the server's kept language: %+v, %v", info, err)
	}

	// The moderators' setting overrides the server's language.
	mod := moderator(fake, "mod")
	if reply := r.set(mod, "language", "italiano", fr); !strings.Contains(reply, "pour tout le serveur") {
		t.Errorf("setting the language, a French moderator reads %q", reply)
	}
	public("a move after language:it", r.move(hans, "j5", de), "gioca J5", "tocca a te (mossa 4)")
	r.refused(hans, "twixt move", "Du bist nicht am Zug", de, discordtest.Str(optAt, "k5"))
	if s := r.do(mod, "twixtadmin settings", fr).Message; !strings.Contains(s.Content, "`language` = **it**") {
		t.Errorf("the settings list: %q", s.Content)
	}
	r.refused(mod, "twixtadmin set", "n'est pas une langue", fr, discordtest.Str(optSetting, "language"), discordtest.Str(optValue, "klingon"))
}

// TestClockSpeaksTheServersLanguageAfterRestart: a turn clock's timeout,
// posted without an interaction by a bot restarted since the server was
// last heard of, speaks the server's language (kept in the store), and the
// reminder sent by direct message speaks its receiver's.
func TestClockSpeaksTheServersLanguageAfterRestart(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{GuildLocale: "de"})
	db := filepath.Join(t.TempDir(), "twixt.db")
	clock := newTestClock()
	r := startBot(t, fake, runOpts{db: db, clock: clock})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	r.set(mod, "clock", "1h")
	it := discordtest.Locale("it")
	if n := r.do(bob, "twixt notify", it, discordtest.Str(optHow, "both")).Message; !strings.Contains(n.Content, "messaggio diretto") {
		t.Errorf("/twixt notify in Italian: %q", n.Content)
	}
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"), discordtest.Str(optSize, "12")).Message
	fake.Exchange(fake.MustPress(bob, ch.ID, "accept/g1", it))
	r.move(alice, "f6")
	r.flush()
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}

	r = startBot(t, fake, runOpts{db: db, clock: clock})
	clock.Advance(40 * time.Minute)
	r.bot.Sweep(context.Background())
	r.flush()
	clock.Advance(30 * time.Minute)
	r.bot.Sweep(context.Background())
	r.flush()
	var reminder, timeout bool
	for _, m := range fake.ChannelMessages(fake.ChannelID()) {
		reminder = reminder || strings.Contains(m.Content, "dein Zug in g1 wartet")
		timeout = timeout || strings.Contains(m.Content, "hat in g1 die Zeit überschritten")
	}
	if !reminder || !timeout {
		t.Errorf("after a restart, the reminder in German: %v, the timeout in German: %v", reminder, timeout)
	}
	dms := fake.DMs(bob.ID)
	found := false
	for _, m := range dms {
		found = found || strings.Contains(m.Content, "la tua mossa in g1 ti aspetta")
	}
	if !found {
		t.Errorf("bob's direct messages, want the reminder in Italian: %+v", dms)
	}
}
