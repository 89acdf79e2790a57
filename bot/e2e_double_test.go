package bot

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/game"
)

// proposeDouble proposes a Double TwixT match of alice and bob (Red)
// against carol and dave, and has the three invited players accept.
func proposeDouble(t *testing.T, r *botRun, id string, alice, bob, carol, dave discordtest.User, opts ...discordtest.Opt) discordtest.Message {
	t.Helper()
	all := append([]discordtest.Opt{discordtest.UserOpt(optPartner, bob), discordtest.UserOpt(optOpponent, carol),
		discordtest.UserOpt(optOpponent2, dave), discordtest.Str(optColor, "red")}, opts...)
	prop := r.do(alice, "twixt double", all...).Message
	if !strings.Contains(prop.Content, "Seats, in playing order: 1 Red <@"+alice.ID+">, 2 Black <@"+carol.ID+">, 3 Red <@"+bob.ID+">, 4 Black <@"+dave.ID+">") {
		t.Fatalf("proposal: %q", prop.Content)
	}
	pings(t, prop, bob, carol, dave)
	after := r.press(bob, prop, "accept/"+id).Message
	if !strings.Contains(after.Content, "Waiting for <@"+carol.ID+"> and <@"+dave.ID+"> to accept") {
		t.Fatalf("after bob accepted: %q", after.Content)
	}
	if res := r.press(bob, prop, "accept/"+id).Message; !res.Ephemeral() || !strings.Contains(res.Content, "already accepted") {
		t.Fatalf("bob accepted twice: %q", res.Content)
	}
	r.press(carol, prop, "accept/"+id)
	start := r.press(dave, prop, "accept/"+id).Message
	for _, want := range []string{"has started", "1. Red 1 (<@" + alice.ID + ">)", "2. Black 1 (<@" + carol.ID + ">)",
		"3. Red 2 (<@" + bob.ID + ">)", "4. Black 2 (<@" + dave.ID + ">)", "Red 1 (<@" + alice.ID + ">) moves first", "Privilege"} {
		if !strings.Contains(start.Content, want) {
			t.Fatalf("start message %q does not say %q", start.Content, want)
		}
	}
	pings(t, start, alice)
	return start
}

// TestDoubleTwixTMatchHTTP plays a Double TwixT match to the end in which
// both teams claim Privilege at different times, one by the move option and
// one by the button, and checks every change of turn against the rule.
func TestDoubleTwixTMatchHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, carol, dave, erin := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol"), fake.NewUser("dave"), fake.NewUser("erin")
	proposeDouble(t, r, "g1", alice, bob, carol, dave, discordtest.Str(optSize, "5"))

	// next checks that a reply hands the turn to the right seat.
	next := func(m discordtest.Message, u discordtest.User, seat string) {
		t.Helper()
		if !strings.Contains(m.Content, seat+" (<@"+u.ID+">), your move") {
			t.Fatalf("%q does not hand the turn to %s (%s)", m.Content, seat, u.Name)
		}
		pings(t, m, u)
	}
	// Red 1 moves and claims Privilege with the move: Black 1 is skipped,
	// and Red 2 moves at once.
	m := r.move(alice, "c1", discordtest.Bool(optPrivilege, true))
	for _, want := range []string{"1. Red 1 (<@" + alice.ID + ">) played C1", "**Privilege!**", "Black 1 (<@" + carol.ID + ">) loses the turn", "Red 2 (<@" + bob.ID + ">) moves now"} {
		if !strings.Contains(m.Content, want) {
			t.Fatalf("privilege move %q does not say %q", m.Content, want)
		}
	}
	next(m, bob, "Red 2")
	if _, ok := findButton(m, "privilege/"); ok {
		t.Error("a Claim Privilege button was offered after the privilege was used")
	}
	// Out of turn: the skipped seat, the partner of the player to move, a
	// stranger.
	r.refused(carol, "twixt move", "it is <@"+bob.ID+">'s move (Red 2)", discordtest.Str(optAt, "a2"))
	r.refused(alice, "twixt move", "it is <@"+bob.ID+">'s move (Red 2)", discordtest.Str(optAt, "d3"))
	r.refused(erin, "twixt move", "You do not play in g1", discordtest.Str(optAt, "d3"), discordtest.Str(optGame, "g1"))

	m = r.move(bob, "d3")
	next(m, dave, "Black 2")
	// A second Privilege for Red is refused.
	r.refused(bob, "twixt privilege", "red team has already used its Privilege")

	m = r.move(dave, "a2")
	next(m, alice, "Red 1")
	claim, ok := findButton(m, "privilege/g1/")
	if !ok || !strings.Contains(claim.Label, "Black 2") {
		t.Fatalf("no Claim Privilege button for dave on %q (%v)", m.Content, m.Buttons())
	}
	// Only the player who just moved may press it.
	if res := r.press(carol, m, claim.CustomID).Message; !res.Ephemeral() || !strings.Contains(res.Content, "This button is for <@"+dave.ID+">") {
		t.Fatalf("carol pressed dave's button: %q", res.Content)
	}
	p := r.press(dave, m, claim.CustomID).Message
	if !strings.Contains(p.Content, "Red 1 (<@"+alice.ID+">) loses the turn") || !strings.Contains(p.Content, "Black 1 (<@"+carol.ID+">) moves now") {
		t.Fatalf("black's privilege: %q", p.Content)
	}
	next(p, carol, "Black 1")
	r.flush()
	if old, _ := fake.Message(m.ID); !allButtonsDisabled(old) {
		t.Error("the used Claim Privilege button is still enabled")
	}
	m = r.move(carol, "a3")
	next(m, bob, "Red 2")
	// Too late: a claim after the next move has been made.
	if res := r.fake.Exchange(r.fake.Component(dave, claim.CustomID, &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID})).Message; !res.Ephemeral() || !strings.Contains(res.Content, "moved on") {
		t.Fatalf("a late privilege claim: %q", res.Content)
	}
	win := r.move(bob, "c5")
	if !strings.Contains(win.Content, "Game over: Red wins by connection (Red: <@"+alice.ID+"> and <@"+bob.ID+"> · Black: <@"+carol.ID+"> and <@"+dave.ID+">)") {
		t.Fatalf("the winning move: %q", win.Content)
	}
	pings(t, win, alice, bob, carol, dave)

	hist := r.do(alice, "twixt history").Message.Content
	if strings.Count(hist, "claims Privilege") != 2 || !strings.Contains(hist, "Red 1") || !strings.Contains(hist, "Black 2") {
		t.Errorf("history does not mark both Privileges:\n%s", hist)
	}
	exp := r.do(carol, "twixt export").Message
	f, ok := exp.File("g1.twixt")
	if !ok || strings.Count(string(f.Data), "privilege") < 2 || !strings.Contains(exp.Content, "SGF has no Double TwixT") {
		t.Fatalf("export %q: %q", exp.Content, f.Data)
	}
	rec, err := game.ReadRecord(f.Data, game.FormatMoves, "g1.twixt")
	if err != nil {
		t.Fatal(err)
	}
	if g, err := rec.Replay(game.Settings{}); err != nil || g.Players() != 4 || !g.PrivilegeUsed(game.Red) || !g.PrivilegeUsed(game.Black) ||
		g.Result() != (game.Result{Winner: game.Red, Reason: game.Connection}) {
		t.Errorf("the export replays to %v (%v)", g.Result(), err)
	}
}

// TestDoubleTwixTResignRestartDecline: a match goes on after a restart and
// ends by one partner's resignation, which loses for the team; another
// proposal is declined.
func TestDoubleTwixTResignRestartDecline(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	db := filepath.Join(t.TempDir(), "twixt.db")
	r := startBot(t, fake, runOpts{db: db})
	alice, bob, carol, dave := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol"), fake.NewUser("dave")
	proposeDouble(t, r, "g1", alice, bob, carol, dave, discordtest.Str(optSize, "12"))
	r.move(alice, "f6")
	r.move(carol, "h8")
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	r = startBot(t, fake, runOpts{db: db})
	r.refused(dave, "twixt move", "it is <@"+bob.ID+">'s move (Red 2)", discordtest.Str(optAt, "k3"))
	m := r.move(bob, "g8")
	if !strings.Contains(m.Content, "Black 2 (<@"+dave.ID+">), your move") {
		t.Fatalf("after the restart: %q", m.Content)
	}
	// The team loses when one partner resigns, after confirming.
	conf := r.do(dave, "twixt resign").Message
	if !strings.Contains(conf.Content, "for your whole team") {
		t.Fatalf("resign asks %q", conf.Content)
	}
	r.press(dave, conf, "resign/g1")
	r.flush()
	var found bool
	for _, msg := range fake.ChannelMessages(fake.ChannelID()) {
		if strings.Contains(msg.Content, "Red wins by resignation") {
			found = true
			pings(t, msg, alice, bob, carol, dave)
		}
	}
	if !found {
		t.Error("the team's resignation was not announced")
	}
	r.refused(carol, "twixt move", "no running game", discordtest.Str(optAt, "k3"))

	// A proposal any invited player declines is cancelled.
	prop := r.do(alice, "twixt double", discordtest.UserOpt(optPartner, bob), discordtest.UserOpt(optOpponent, carol),
		discordtest.UserOpt(optOpponent2, dave)).Message
	r.press(carol, prop, "accept/g2")
	dec := r.press(dave, prop, "decline/g2").Message
	if !strings.Contains(dec.Content, "declined the challenge g2") {
		t.Fatalf("decline: %q", dec.Content)
	}
	for _, b := range dec.Buttons() {
		if !b.Disabled {
			t.Errorf("button %s is still enabled after the decline", b.CustomID)
		}
	}
	// A press that raced the decline is told so.
	if res := r.fake.Exchange(r.fake.Component(bob, "accept/g2", &discordgo.Message{ID: prop.ID, ChannelID: prop.ChannelID})).Message; !res.Ephemeral() || !strings.Contains(res.Content, "The challenge g2 is already cancelled") {
		t.Fatalf("accept after a decline: %q", res.Content)
	}
}

// TestDoubleTwixTSubstitute: a team replaces a player who left, agreed by
// the remaining partner, and the substitute plays the seat.
func TestDoubleTwixTSubstitute(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, carol, dave, erin := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol"), fake.NewUser("dave"), fake.NewUser("erin")
	proposeDouble(t, r, "g1", alice, bob, carol, dave, discordtest.Str(optSize, "12"))
	r.move(alice, "f6")
	// carol (seat 2) left; only her partner dave (seat 4) may agree.
	r.refused(alice, "twixt substitute", "Only <@"+dave.ID+">, the partner of seat 2", discordtest.Int(optSeat, 2), discordtest.UserOpt(optPlayer, erin))
	res := r.do(dave, "twixt substitute", discordtest.Int(optSeat, 2), discordtest.UserOpt(optPlayer, erin)).Message
	if res.Ephemeral() || !strings.Contains(res.Content, "<@"+erin.ID+"> takes seat 2 of g1") {
		t.Fatalf("substitute: %q", res.Content)
	}
	pings(t, res, erin)
	r.refused(carol, "twixt move", "no running game", discordtest.Str(optAt, "h8"))
	m := r.move(erin, "h8")
	if !strings.Contains(m.Content, "Black 1 (<@"+erin.ID+">) played H8") {
		t.Errorf("the substitute's move: %q", m.Content)
	}
}
