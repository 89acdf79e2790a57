package bot

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
)

// says fails the test unless text holds every one of want.
func says(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s %q does not say %q", what, text, w)
		}
	}
}

// deadline writes the Discord timestamps of a deadline, as the bot shows
// them.
func deadline(at time.Time) string {
	return fmt.Sprintf("Time runs out <t:%d:R> (<t:%d:f>).", at.Unix(), at.Unix())
}

// TestTurnClockShownHTTP: with a turn clock, the players see it in the
// terms of a challenge and of a Double TwixT proposal, the deadline of
// every turn as a Discord timestamp in the start message, the move
// replies, the board's status and the reminders, and the time left in
// their list of games and the moderators'.
func TestTurnClockShownHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	clock := newTestClock()
	r := startBot(t, fake, runOpts{clock: clock})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	carol, dave := fake.NewUser("carol"), fake.NewUser("dave")

	// Without a clock, the terms say so.
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optSize, "12")).Message
	says(t, "a challenge without a clock", ch.Content, "Terms: 12x12 standard, swap:sides, no clock.")
	r.press(bob, ch, "decline/g1")

	r.set(mod, "clock", "1h")
	ch = r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"), discordtest.Str(optSize, "12")).Message
	says(t, "the challenge", ch.Content, "Terms: 12x12 standard, swap:sides, clock: 1 hour per move.")
	dbl := r.do(carol, "twixt double", discordtest.UserOpt(optPartner, dave), discordtest.UserOpt(optOpponent, alice),
		discordtest.UserOpt(optOpponent2, bob)).Message
	says(t, "the Double TwixT proposal", dbl.Content, "clock: 1 hour per move")

	clock.Advance(5 * time.Minute)
	start := r.press(bob, ch, "accept/g2").Message
	says(t, "the start message", start.Content, "(12x12 standard, swap:sides, clock: 1 hour per move)",
		"Each move has 1 hour. "+deadline(clock.Now().Add(time.Hour)))

	clock.Advance(10 * time.Minute)
	m := r.move(alice, "f6", discordtest.Str(optGame, "g2"))
	due := clock.Now().Add(time.Hour)
	says(t, "the move reply", m.Content, "Black (<@"+bob.ID+">), your move (move 2). "+deadline(due))

	clock.Advance(20 * time.Minute)
	left := fmt.Sprintf("40 minutes left, until <t:%d:f>", due.Unix())
	says(t, "bob's games", r.do(bob, "twixt games").Message.Content, "g2: <@"+alice.ID+"> vs <@"+bob.ID+">, 12x12", "**your move** (move 2) · "+left)
	says(t, "alice's games", r.do(alice, "twixt games").Message.Content, "<@"+bob.ID+"> to move · "+left)
	says(t, "the moderators' games", r.do(mod, "twixtadmin games").Message.Content, "g2: ", left)
	says(t, "the board", r.do(alice, "twixt board", discordtest.Str(optGame, "g2")).Message.Content, "move 2 · Black (<@"+bob.ID+">) to move. "+deadline(due))

	// The reminder at half time gives the deadline too.
	clock.Advance(11 * time.Minute)
	r.bot.Sweep(context.Background())
	r.flush()
	reminded := false
	for _, msg := range fake.ChannelMessages(fake.ChannelID()) {
		if strings.Contains(msg.Content, "your move in g2 is waiting") {
			reminded = true
			says(t, "the reminder", msg.Content, "29 minutes left. "+deadline(due))
		}
	}
	if !reminded {
		t.Error("no reminder at half time")
	}
}

// TestDoubleProposalNamesTheProposerHTTP: a Double TwixT proposal keeps
// naming whoever proposed it as the others accept, whichever colour the
// proposer chose.
func TestDoubleProposalNamesTheProposerHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, carol, dave := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol"), fake.NewUser("dave")
	for i, color := range []string{"red", "black"} {
		id := fmt.Sprintf("g%d", i+1)
		prop := r.do(alice, "twixt double", discordtest.UserOpt(optPartner, bob), discordtest.UserOpt(optOpponent, carol),
			discordtest.UserOpt(optOpponent2, dave), discordtest.Str(optColor, color)).Message
		proposes := "<@" + alice.ID + "> proposes a team match"
		says(t, "the proposal", prop.Content, proposes)
		for _, u := range []discordtest.User{carol, bob} {
			after := r.press(u, prop, "accept/"+id).Message
			says(t, "the proposal after "+u.Name+" accepted", after.Content, proposes)
			if strings.Contains(after.Content, "<@"+u.ID+"> proposes") {
				t.Errorf("the proposal names %s, who accepted, as its proposer: %q", u.Name, after.Content)
			}
		}
	}
}

// TestMoveHintsFitTheBoardHTTP: on a 5x5 board, where J12 does not exist,
// the start message and the answer to an unreadable move show a hole of
// this board that the player may peg, and that move plays.
func TestMoveHintsFitTheBoardHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"),
		discordtest.Str(optSize, "5"), discordtest.Bool(optSwap, false)).Message
	start := r.press(bob, ch, "accept/g1").Message
	hint := regexp.MustCompile("a hole like `([a-z]+[0-9]+)`").FindStringSubmatch(start.Content)
	if hint == nil {
		t.Fatalf("the start message suggests no hole: %q", start.Content)
	}
	if strings.Contains(start.Content, "j12") {
		t.Errorf("the start message suggests j12 on a 5x5 board: %q", start.Content)
	}
	for _, garbage := range []string{"hello world", "f 6", "c3+c3/"} {
		res := r.do(alice, "twixt move", discordtest.Str(optAt, garbage)).Message
		if !res.Ephemeral() || !strings.HasSuffix(res.Content, ". Nothing changed.") || strings.Contains(res.Content, "cannot read \"") ||
			!strings.Contains(res.Content, "like `"+hint[1]+"`") {
			t.Errorf("%q answered %q, want a private explanation with the hole %s, ending in \"Nothing changed.\"", garbage, res.Content, hint[1])
		}
	}
	m := r.move(alice, hint[1])
	says(t, "the suggested move", m.Content, "1. Red (<@"+alice.ID+">) played "+strings.ToUpper(hint[1]))
	// Black's hint is a hole Black may peg.
	res := r.do(bob, "twixt move", discordtest.Str(optAt, "zz")).Message
	black := regexp.MustCompile("like `([a-z]+[0-9]+)`").FindStringSubmatch(res.Content)
	if black == nil || black[1] == hint[1] {
		t.Fatalf("bob's hint: %q", res.Content)
	}
	r.move(bob, black[1])
	// A move sent twice is refused in a whole sentence.
	r.refused(alice, "twixt move", "Move #1 was already played; this is move #3 (the game moved on, refresh and try again). Nothing changed.",
		discordtest.Str(optAt, "b3#1"))
}

// TestKosmosVocabularyHTTP: on a server whose theme is Kosmos, a game
// calls its first side White everywhere: the challenge, the start, the
// moves, refusals, the result, the history and the picture's alt text.
func TestKosmosVocabularyHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	r.set(mod, "theme", "kosmos")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"),
		discordtest.Str(optSize, "5"), discordtest.Bool(optSwap, false)).Message
	says(t, "the challenge", ch.Content, "White: <@"+alice.ID+"> · Black: <@"+bob.ID+">", "White moves first.")
	start := r.press(bob, ch, "accept/g1").Message
	says(t, "the start", start.Content, "1. White (<@"+alice.ID+">)", "White (<@"+alice.ID+">) moves first")
	r.refused(bob, "twixt move", "Not your turn: it is <@"+alice.ID+">'s move (White)", discordtest.Str(optAt, "b2"))
	var all []string
	for i, mv := range []struct {
		who discordtest.User
		at  string
	}{{alice, "c1"}, {bob, "b2"}, {alice, "d3"}, {bob, "b4"}} {
		m := r.move(mv.who, mv.at)
		all = append(all, m.Content, m.Attachments[0].Description)
		switch i {
		case 0:
			r.refused(bob, "twixt move", "C1 is in White's border row (rows 1 and 5 belong to White); Black may not peg there.", discordtest.Str(optAt, "c1"))
		case 2:
			r.refused(bob, "twixt move", "D3 already holds a white peg.", discordtest.Str(optAt, "d3"))
		}
	}
	r.refused(bob, "twixt move", "Not your turn", discordtest.Str(optAt, "c5"))
	r.refused(alice, "twixt move", "A3 is in Black's border column (A and E belong to Black); White may not peg there.", discordtest.Str(optAt, "a3"))
	win := r.move(alice, "c5")
	says(t, "the winning move", win.Content, "Game over: White wins by connection (White: <@"+alice.ID+"> · Black: <@"+bob.ID+">)")
	alt := win.Attachments[0].Description
	says(t, "the final picture's alt text", alt, "White wins")
	hist := r.do(alice, "twixt history").Message.Content
	says(t, "the history", hist, "White", "White wins by connection")
	all = append(all, win.Content, alt, hist, start.Content, ch.Content)
	for _, text := range all {
		if regexp.MustCompile(`\b[Rr]ed\b`).MatchString(text) {
			t.Errorf("a Kosmos game says Red: %q", text)
		}
	}
	// A board in another theme, asked for, speaks that theme's words.
	classic := r.do(alice, "twixt board", discordtest.Str(optTheme, "classic")).Message
	says(t, "the classic board", classic.Content, "Red wins by connection")
	says(t, "the classic board's alt text", classic.Attachments[0].Description, "Red wins")
}
