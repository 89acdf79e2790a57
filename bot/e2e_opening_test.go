package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/game"
)

// TestPie3HTTP: a cut-the-pie game over HTTP against the fake Discord.
// Alice places two red pegs and a black one; Bob chooses a colour with a
// button; Black moves next.
func TestPie3HTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	var logs strings.Builder
	r := startBot(t, fake, runOpts{logs: &logs})
	defer func() {
		if t.Failed() {
			t.Log(logs.String())
		}
	}()
	alice, bob := startPie3(t, r, fake)
	r.move(alice, "f6")
	r.move(alice, "g8")
	r.refused(bob, "twixt move", "Not your turn", discordtest.Str(optAt, "c3"))
	m := r.move(alice, "h5")
	if got := pegAt(t, boardImage(t, m), game.Size{Cols: 12, Rows: 12}, "h5"); got != "black" {
		t.Errorf("the cutter's third peg shows %q, want black", got)
	}
	red, ok := findButton(m, "choose/g1/3/red")
	if _, okb := findButton(m, "choose/g1/3/black"); !ok || !okb {
		t.Fatalf("no colour buttons on %q: %v", m.Content, m.Buttons())
	}
	pings(t, m, bob)
	if !strings.Contains(m.Content, "Black (<@"+bob.ID+">), choose your colour with Play Red or Play Black (move 4).") {
		t.Errorf("after the cut: %q", m.Content)
	}
	r.refused(bob, "twixt move", "First choose your colour, as the cut-the-pie opening asks: choose:red or choose:black. Nothing changed", discordtest.Str(optAt, "c3"))
	if res := r.press(alice, m, red.CustomID).Message; !res.Ephemeral() || !strings.Contains(res.Content, "Not your turn") {
		t.Fatalf("alice pressed Play Red: %q", res.Content)
	}
	chosen := r.press(bob, m, red.CustomID).Message
	if !strings.Contains(chosen.Content, "chooses to play Red; Black moves next") {
		t.Fatalf("the choice answered %q", chosen.Content)
	}
	pings(t, chosen, alice) // Alice now plays Black, and moves
	r.flush()
	if old, _ := fake.Message(m.ID); !old.Buttons()[0].Disabled {
		t.Error("the colour buttons are still enabled after the choice")
	}
	r.refused(bob, "twixt move", "Not your turn", discordtest.Str(optAt, "c3"))
	r.move(alice, "c3")
	g, err := r.store.Get(context.Background(), 1)
	if err != nil || g.Settings.Opening != game.OpeningPie3 || len(g.Log) != 5 || g.Log[3].String() != "choose:red" {
		t.Fatalf("stored game: %+v %v", g, err)
	}
	hist := r.do(bob, "twixt history", discordtest.Str(optGame, "g1")).Message
	if !strings.Contains(hist.Content, "choose:red") {
		t.Errorf("history lacks the choice: %q", hist.Content)
	}
}

// TestKosmosCentreHTTP: the built-in kosmos-centre preset: no swap, and
// Red's first peg in the middle; moderators can turn it off.
func TestKosmosCentreHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"),
		discordtest.Str(optPreset, "kosmos-centre"), discordtest.Int(optExtraMoves, 2)).Message
	if !strings.Contains(ch.Content, "opening:centre") || strings.Contains(ch.Content, "swap") {
		t.Fatalf("challenge: %q", ch.Content)
	}
	r.press(bob, ch, "accept/g1")
	r.refused(alice, "twixt move", "Red's first peg goes in the middle: L12, L13, M12 or M13, not C3", discordtest.Str(optAt, "c3"))
	r.move(alice, "m13")
	r.move(alice, "c3")
	m := r.move(alice, "t20")
	if _, ok := findButton(m, "swap/"); ok {
		t.Error("a Swap button under the Kosmos handicap")
	}
	r.do(mod, "twixtadmin set", discordtest.Str(optSetting, "openings"), discordtest.Str(optValue, "none"))
	r.refused(alice, "twixt challenge", "the preset \"kosmos-centre\"", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optPreset, "kosmos-centre"))
	r.refused(alice, "twixt challenge", "Not allowed on this server: the cut-the-pie opening. The moderators allow the plain opening only (the openings setting).", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optOpening, "pie3"))
}

// Test3MHTTP: a 3M game: a removal shows in the reply and the history,
// and the freed hole is pegged again.
func Test3MHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"),
		discordtest.Str(optRuleset, "3m"), discordtest.Bool(optSwap, false)).Message
	if !strings.Contains(ch.Content, "3m") {
		t.Fatalf("challenge: %q", ch.Content)
	}
	r.press(bob, ch, "accept/g1")
	r.move(alice, "e5")
	r.move(bob, "k10")
	r.move(alice, "f7")
	r.move(bob, "l12")
	m := r.move(alice, "d6--f7")
	if !strings.Contains(m.Content, "took up F7, then played D6") {
		t.Errorf("the removal answered %q", m.Content)
	}
	if got := pegAt(t, boardImage(t, m), game.Size{Cols: 24, Rows: 24}, "f7"); got != "" {
		t.Errorf("the board still shows %q on F7", got)
	}
	m = r.move(bob, "f7")
	if got := pegAt(t, boardImage(t, m), game.Size{Cols: 24, Rows: 24}, "f7"); got != "black" {
		t.Errorf("the freed F7 shows %q, want Black's peg", got)
	}
	hist := r.do(bob, "twixt history", discordtest.Str(optGame, "g1")).Message
	if !strings.Contains(hist.Content, "d6--f7  (takes up F7)") {
		t.Errorf("history: %q", hist.Content)
	}
}

// TestPie3OneCommandHTTP: the cutter may place the three pegs in one
// command; elsewhere several moves at once are refused.
func TestPie3OneCommandHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := startPie3(t, r, fake)
	r.refused(alice, "twixt move", "One move at a time (or the three pegs of the cut-the-pie opening): 4 were given.", discordtest.Str(optAt, "f6 g8 h5 c3"))
	m := r.move(alice, "f6 g8+ h5")
	if !strings.Contains(m.Content, "1. Red") || !strings.Contains(m.Content, "3. ") {
		t.Errorf("the three pegs answered %q", m.Content)
	}
	if _, ok := findButton(m, "choose/g1/3/black"); !ok {
		t.Fatalf("no colour buttons after the cut in one command: %q", m.Content)
	}
	chosen := r.press(bob, m, "choose/g1/3/black").Message
	if !strings.Contains(chosen.Content, "chooses to play Black") {
		t.Fatalf("choice: %q", chosen.Content)
	}
	pings(t, chosen, bob) // Bob keeps Black, and moves
	r.refused(bob, "twixt move", "One move at a time: only the cut-the-pie opening's first three pegs may be placed together.", discordtest.Str(optAt, "c3 c5"))
}

// startPie3 starts game g1, a 12x12 cut-the-pie game in which alice cuts
// (she takes Red) and bob chooses.
func startPie3(t *testing.T, r *botRun, fake *discordtest.Fake) (alice, bob discordtest.User) {
	t.Helper()
	alice, bob = fake.NewUser("alice"), fake.NewUser("bob")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"),
		discordtest.Str(optOpening, "pie3"), discordtest.Str(optSize, "12")).Message
	if !strings.Contains(ch.Content, "opening:pie3") {
		t.Fatalf("challenge: %q", ch.Content)
	}
	r.press(bob, ch, "accept/g1")
	return alice, bob
}
