package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/storage"
)

// fastEngine makes the computer's games quick and the same every run.
func fastEngine() *ComputerOptions {
	return &ComputerOptions{Engine: &ai.Config{Playouts: 200, Seed: 7}}
}

// slowEngine thinks until the bot stops: a search that never ends by
// itself, to hold the workers busy.
func slowEngine(workers int) *ComputerOptions {
	return &ComputerOptions{Workers: workers, Engine: &ai.Config{MoveTime: time.Hour}, HintWait: 50 * time.Millisecond}
}

// computerUser is the bot's own user, as a player sees it in a user option.
func computerUser(fake *discordtest.Fake) discordtest.User {
	return discordtest.User{ID: fake.BotUserID(), Name: "twixtbot", Bot: true}
}

// posts waits until the bot has posted n messages of its own (outside
// interactions) in the channel, and returns them, oldest first.
func (r *botRun) posts(n int) []discordtest.Message {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := r.fake.WaitCalls(ctx, func(calls []discordtest.Call) bool {
		got := 0
		for _, c := range calls {
			if c.Method == "POST" && c.Route == discordtest.RouteChannelMessages && c.Status == 200 {
				got++
			}
		}
		return got >= n
	})
	if err != nil {
		r.t.Fatalf("waiting for %d posts of the bot: %v", n, err)
	}
	var out []discordtest.Message
	for _, m := range r.fake.ChannelMessages(r.fake.ChannelID()) {
		if m.InteractionID == "" {
			out = append(out, m)
		}
	}
	return out
}

// load reads a game from the running bot's store.
func (r *botRun) load(id storage.GameID) (*storage.Game, *game.Game) {
	r.t.Helper()
	g, pos, err := r.store.Load(context.Background(), id)
	if err != nil {
		r.t.Fatal(err)
	}
	return g, pos
}

// waitComputer waits until the computer's counts satisfy cond.
func (r *botRun) waitComputer(cond func(waiting, thinking int) bool) {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := r.bot.WaitComputer(ctx, cond); err != nil {
		r.t.Fatalf("waiting for the computer: %v", err)
	}
}

// after reports whether message m was created after message n (the fake's
// ids grow with time).
func after(m, n discordtest.Message) bool {
	if len(m.ID) != len(n.ID) {
		return len(m.ID) > len(n.ID)
	}
	return m.ID > n.ID
}

var hintMove = regexp.MustCompile("1\\. `([a-z]+[0-9]+|swap)`")

// unrankedLine is a review's line for a move outside the computer's
// candidates: the preferred move's percentage, then the played one's.
var unrankedLine = regexp.MustCompile(`wins about (\d+)%\), \S+ was not among its \d+ best \((\d+)%\)`)

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestComputerGameHTTP plays a whole game against the computer on a small
// board through the HTTP endpoint: /twixt computer starts it at once, each
// of the human's moves is answered with the computer "thinking", the
// computer's moves arrive as their own public messages with the board, a
// hint is given privately and its move is playable, and the game ends.
func TestComputerGameHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{computer: fastEngine()})
	alice := fake.NewUser("alice")
	bot := computerUser(fake)

	start := r.do(alice, "twixt computer", discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red"), discordtest.Str(optLevel, "2")).Message
	if start.Ephemeral() || !strings.Contains(start.Content, "g1 has started") || !strings.Contains(start.Content, "against the computer") ||
		!strings.Contains(start.Content, "Red (<@"+alice.ID+">) moves first") {
		t.Fatalf("/twixt computer answered %q", start.Content)
	}
	pings(t, start, alice)
	boardImage(t, start)
	g, _ := r.load(1)
	if g.State != storage.Active || !g.Meta.Computer.Has(2) || g.Meta.ComputerLevel != 2 || g.User(2) != storage.UserID(bot.ID) {
		t.Fatalf("stored game: state %s, computer seats %s level %d, seats %v", g.State, g.Meta.Computer, g.Meta.ComputerLevel, g.Seats)
	}
	posted, hinted := 0, false
	for turn := 0; ; turn++ {
		if turn > 80 {
			t.Fatal("the game does not end")
		}
		_, pos := r.load(1)
		if pos.Over() {
			break
		}
		at := strings.ToLower(pos.LegalHoles()[0].String())
		if turn == 1 && !hinted {
			h := r.do(alice, "twixt hint").Message
			m := hintMove.FindStringSubmatch(h.Content)
			if !h.Ephemeral() || m == nil || !strings.Contains(h.Content, "Hint") {
				t.Fatalf("/twixt hint answered %q (ephemeral %v)", h.Content, h.Ephemeral())
			}
			// It says how to play one, mentioning the command.
			if want := "</twixt move:" + registeredID(t, fake, cmdTwixt) + "> `at:`"; !strings.Contains(h.Content, want) {
				t.Errorf("/twixt hint answered %q; want it to say %q", h.Content, want)
			}
			if m[1] != "swap" {
				at = m[1]
			}
			hinted = true
		}
		reply := r.move(alice, at)
		if _, after := r.load(1); after.Over() {
			break
		}
		if !strings.Contains(reply.Content, "<@"+bot.ID+">) is thinking…") {
			t.Fatalf("the reply to %s says %q, want the computer thinking", at, reply.Content)
		}
		pings(t, reply)
		if _, ok := findButton(reply, "swap/"); ok {
			t.Errorf("a Swap button for the computer on %q", reply.Content)
		}
		posted++
		msgs := r.posts(posted)
		cm := msgs[len(msgs)-1]
		if !strings.Contains(cm.Content, "(<@"+bot.ID+">) ") || len(cm.Attachments) != 1 {
			t.Fatalf("the computer's move was posted as %q with %d files", cm.Content, len(cm.Attachments))
		}
		if !after(cm, reply) {
			t.Errorf("the computer's move %q overtook the reply %q", cm.Content, reply.Content)
		}
		if !strings.Contains(cm.Content, "Game over") {
			pings(t, cm, alice)
		}
	}
	if !hinted {
		t.Error("the game ended before the hint was asked")
	}
	g, pos := r.load(1)
	if g.State != storage.Finished || !pos.Over() {
		t.Fatalf("game over but stored as %s, result %s", g.State, pos.Result())
	}
	t.Logf("%s after %d turns", pos.Result(), pos.Turns())
	r.refused(alice, "twixt hint", "hints are for games under way", discordtest.Str(optGame, "g1"))

	// The review: alice played the first legal hole each time (but once),
	// which the computer would rarely have played.
	rv := r.do(alice, "twixt review", discordtest.Str(optGame, "g1")).Message
	if !rv.Ephemeral() || !strings.Contains(rv.Content, "Review of g1") ||
		!strings.Contains(rv.Content, fmt.Sprintf("looked at %d moves", pos.Turns())) ||
		!strings.Contains(rv.Content, "Red (<@"+alice.ID+">) played `") {
		t.Fatalf("/twixt review answered %q", rv.Content)
	}
	// A move outside the computer's candidates is listed only when the
	// position it left was worth clearly less than the preferred move.
	for _, m := range unrankedLine.FindAllStringSubmatch(rv.Content, -1) {
		best, played := atoi(t, m[1]), atoi(t, m[2])
		if best-played < 4 {
			t.Errorf("review line %q: the played move gave away %d points, under the 5-point margin", m[0], best-played)
		}
	}
	t.Log(rv.Content)
}

// TestComputerChallengeAndPolicyHTTP: challenging the bot itself starts a
// game against the computer; other bots are still refused; moderators
// turn the computer off per channel and limit its levels and boards, and
// refusals name what is allowed; hints in games between people need the
// server's leave.
func TestComputerChallengeAndPolicyHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{computer: fastEngine()})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	robot := fake.NewUser("robot")
	robot.Bot = true
	bot := computerUser(fake)

	r.refused(alice, "twixt challenge", "is a bot", discordtest.UserOpt(optOpponent, robot))
	r.set(mod, "computer_level_max", "2")
	r.set(mod, "computer_size_max", "12")
	r.refused(alice, "twixt computer", "levels 1 (beginner) to 2 (casual)", discordtest.Str(optLevel, "4"))
	r.refused(alice, "twixt computer", "boards up to 12x12 against the computer", discordtest.Str(optSize, "16"))
	r.set(mod, "computer", "off", discordtest.Str(optChannel, fake.ChannelID()))
	r.refused(alice, "twixt challenge", "Not allowed on this server: playing the computer", discordtest.UserOpt(optOpponent, bot), discordtest.Str(optSize, "8"))
	r.do(mod, "twixtadmin unset", discordtest.Str(optSetting, "computer"), discordtest.Str(optChannel, fake.ChannelID()))

	// The default level is 3, above this server's most: the computer plays
	// at the most allowed.
	start := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bot), discordtest.Str(optSize, "8"), discordtest.Str(optColor, "black")).Message
	if start.Ephemeral() || !strings.Contains(start.Content, "g1 has started") || !strings.Contains(start.Content, "is thinking… (computer, level 2: casual)") {
		t.Fatalf("challenging the bot answered %q", start.Content)
	}
	first := r.posts(1)[0]
	if !strings.Contains(first.Content, "1. Red (<@"+bot.ID+">) played") {
		t.Fatalf("the computer's first move: %q", first.Content)
	}
	// Its opening is played at once, yet it follows the start message.
	if !after(first, start) {
		t.Errorf("the computer's first move (message %s) came before the start (message %s)", first.ID, start.ID)
	}
	pings(t, first, alice)
	if g, _ := r.load(1); len(g.Log) != 1 || g.Meta.ComputerLevel != 2 {
		t.Fatalf("after the computer's first move: %d moves, level %d", len(g.Log), g.Meta.ComputerLevel)
	}

	// Hints between people: refused by default, given when the server
	// allows them, never when it forbids them.
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red")).Message
	r.press(bob, ch, "accept/g2")
	r.refused(alice, "twixt hint", "hints in games against the computer only", discordtest.Str(optGame, "g2"))
	r.set(mod, "hints", "all")
	if h := r.do(alice, "twixt hint", discordtest.Str(optGame, "g2")).Message; !h.Ephemeral() || hintMove.FindStringSubmatch(h.Content) == nil {
		t.Fatalf("a hint between people, allowed: %q", h.Content)
	}
	r.refused(bob, "twixt hint", "Not your turn", discordtest.Str(optGame, "g2"))
	r.refused(alice, "twixt review", "a review is for a game that has ended", discordtest.Str(optGame, "g1"))
	r.set(mod, "hints", "off")
	r.refused(alice, "twixt hint", "setting `hints` is off", discordtest.Str(optGame, "g1"))
}

// TestComputerRestartHTTP stops the bot while the computer thinks; the
// search ends without a move, and the restarted bot makes the move.
func TestComputerRestartHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	db := filepath.Join(t.TempDir(), "twixt.db")
	r := startBot(t, fake, runOpts{db: db, computer: slowEngine(1)})
	alice := fake.NewUser("alice")
	bot := computerUser(fake)
	r.do(alice, "twixt computer", discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red"))
	if m := r.move(alice, "d4"); !strings.Contains(m.Content, "is thinking") {
		t.Fatalf("alice's first move answered %q", m.Content)
	}
	r.waitComputer(func(_, thinking int) bool { return thinking == 1 })
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	st, err := storage.Open(db, &storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	g, err := st.Get(context.Background(), 1)
	st.Close()
	if err != nil || g.State != storage.Active || len(g.Log) != 1 {
		t.Fatalf("after the stop: %v, state %s with %d moves; want the computer still to move", err, g.State, len(g.Log))
	}

	r2 := startBot(t, fake, runOpts{db: db, computer: fastEngine()})
	moved := r2.posts(1)[0]
	if !strings.Contains(moved.Content, "2. ") || !strings.Contains(moved.Content, "(<@"+bot.ID+">)") || len(moved.Attachments) != 1 {
		t.Fatalf("after the restart the computer posted %q", moved.Content)
	}
	pings(t, moved, alice)
	g, pos := r2.load(1)
	if len(g.Log) != 2 {
		t.Fatalf("after the restart the game has %d moves", len(g.Log))
	}
	if seat, _ := pos.ToMove(); g.User(seat) != storage.UserID(alice.ID) {
		t.Fatalf("after the computer's move, seat %d (%s) is to move", seat, g.User(seat))
	}
	r2.move(alice, strings.ToLower(pos.LegalHoles()[0].String()))
}

// TestComputerBusyServesPeopleHTTP: with the only worker thinking and a
// second game queued behind it, people's commands are still answered at
// once, in a game between people and in the computer's own game, and
// those that need a worker (a hint, a draw offered to the computer) say
// that the computer is busy; a draw offered while the computer is to move
// is refused, since its move would lapse the offer.
func TestComputerBusyServesPeopleHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{computer: slowEngine(1)})
	alice, bob, carol, dave := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol"), fake.NewUser("dave")
	// The computer's first move as Red is its opening, played at once; its
	// replies to a move are searches.
	for _, u := range []discordtest.User{alice, carol} {
		r.do(u, "twixt computer", discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red"))
		r.move(u, "d4")
	}
	r.waitComputer(func(waiting, thinking int) bool { return thinking == 1 && waiting == 1 })

	ch := r.do(bob, "twixt challenge", discordtest.UserOpt(optOpponent, dave), discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red")).Message
	r.press(dave, ch, "accept/g3")
	if m := r.move(bob, "d4"); !strings.Contains(m.Content, "played D4") {
		t.Fatalf("bob's move answered %q", m.Content)
	}
	b := r.do(alice, "twixt board", discordtest.Str(optGame, "g1")).Message
	if !strings.Contains(b.Content, "g1") || len(b.Attachments) != 1 {
		t.Fatalf("the board of the computer's game: %q", b.Content)
	}
	r.refused(alice, "twixt move", "Not your turn", discordtest.Str(optAt, "d4"), discordtest.Str(optGame, "g1"))
	// A hint waits for a worker a while, then says the computer is busy.
	r.set(moderator(fake, "mod"), "hints", "all")
	r.refused(dave, "twixt hint", "The computer is busy: every one of its workers is thinking", discordtest.Str(optGame, "g3"))
	// A draw offered to the computer while it is to move would lapse with
	// its move: it is refused, and the player told to offer on their turn.
	r.refused(carol, "twixt draw", "The computer is thinking about its move in g2. Offer the draw on your turn", discordtest.Str(optGame, "g2"))
	// On the player's turn, with every worker busy elsewhere, the offer
	// cannot be judged: the player hears so, and the offer is withdrawn.
	erin := fake.NewUser("erin")
	r.do(erin, "twixt computer", discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red"))
	r.refused(erin, "twixt draw", "The computer is busy: every one of its workers is thinking", discordtest.Str(optGame, "g4"))
	for id := storage.GameID(2); id <= 4; id += 2 {
		if g, _ := r.load(id); g.Meta.DrawOffer != 0 || g.State != storage.Active {
			t.Errorf("%s after a draw offer the computer could not answer: offer by seat %d, %s", id, g.Meta.DrawOffer, g.State)
		}
	}
	if n := len(r.posts(0)); n != 0 {
		t.Errorf("the computer posted %d moves with a search that never ends", n)
	}
}

// TestComputerDoubleHTTP: a Double TwixT proposal names the bot for both
// opposing seats; it accepts at once, the match starts when the partner
// accepts, the computer moves for its seats, and it answers a draw offered
// to its team.
func TestComputerDoubleHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{computer: fastEngine()})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	bot := computerUser(fake)
	ch := r.do(alice, "twixt double", discordtest.UserOpt(optPartner, bob), discordtest.UserOpt(optOpponent, bot),
		discordtest.UserOpt(optOpponent2, bot), discordtest.Str(optSize, "10"), discordtest.Str(optColor, "red")).Message
	if ch.Ephemeral() || !strings.Contains(ch.Content, "Waiting for <@"+bob.ID+"> to accept") {
		t.Fatalf("the proposal answered %q", ch.Content)
	}
	r.press(bob, ch, "accept/g1")
	r.move(alice, "e5")
	m := r.posts(1)[0]
	if !strings.Contains(m.Content, "2. Black 1 (<@"+bot.ID+">)") {
		t.Fatalf("the computer's move in seat 2: %q", m.Content)
	}
	g, _ := r.load(1)
	if g.Meta.Computer != storage.SeatSet(0).With(2).With(4) || len(g.Log) < 2 {
		t.Fatalf("stored: computer seats %s, %d moves", g.Meta.Computer, len(g.Log))
	}
	// The computer plays the whole Black team, so it answers a draw
	// offered to it at once, for both seats, with no Accept button for
	// anyone.
	d := r.do(bob, "twixt draw").Message
	_, buttons := findButton(d, "drawyes/")
	if d.Ephemeral() || buttons || !regexp.MustCompile(`Black 1 \(<@`+bot.ID+`>\) (accepts|declines)`).MatchString(d.Content) {
		t.Fatalf("a draw offered to the computer's team was answered %q (Accept button: %v)", d.Content, buttons)
	}
	t.Log(d.Content)
}

// TestComputerSelfFromGateway: over the gateway the bot learns its own
// user from READY, even when it is not the application id it was given,
// and challenging that user plays the computer.
func TestComputerSelfFromGateway(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{BotUserID: "100000000000000777"})
	o := fastEngine()
	o.User = storage.UserID(fake.AppID()) // what cmd/twixtbot starts with
	r := startBot(t, fake, runOpts{gateway: true, computer: o})
	alice := fake.NewUser("alice")
	start := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, computerUser(fake)), discordtest.Str(optSize, "8")).Message
	if !strings.Contains(start.Content, "g1 has started") || !strings.Contains(start.Content, "<@100000000000000777>") {
		t.Fatalf("challenging the bot's own user over the gateway answered %q", start.Content)
	}
}

// TestComputerSeatGivenToAPersonHTTP: a moderator gives the computer's
// seat to a person, who then plays it; the computer no longer does.
func TestComputerSeatGivenToAPersonHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{computer: fastEngine()})
	mod, alice, carol := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("carol")
	r.do(alice, "twixt computer", discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red"))
	r.move(alice, "d4")
	r.posts(1)
	res := r.do(mod, "twixtadmin substitute", discordtest.Str(optGame, "g1"), discordtest.Int(optSeat, 2), discordtest.UserOpt(optPlayer, carol)).Message
	if !strings.Contains(res.Content, "now sits in seat 2") {
		t.Fatalf("the substitution answered %q", res.Content)
	}
	g, pos := r.load(1)
	if g.Meta.Computer != 0 || g.Meta.ComputerLevel != 0 || g.User(2) != storage.UserID(carol.ID) {
		t.Fatalf("after the substitution: seats %v, computer seats %s level %d", g.Seats, g.Meta.Computer, g.Meta.ComputerLevel)
	}
	players := map[storage.UserID]discordtest.User{storage.UserID(alice.ID): alice, storage.UserID(carol.ID): carol}
	for range 2 {
		seat, _ := pos.ToMove()
		mover := players[g.User(seat)]
		m := r.move(mover, strings.ToLower(pos.LegalHoles()[0].String()), discordtest.Str(optGame, "g1"))
		if strings.Contains(m.Content, "thinking") {
			t.Fatalf("after the substitution the computer still thinks: %q", m.Content)
		}
		g, pos = r.load(1)
		next, _ := pos.ToMove()
		pings(t, m, players[g.User(next)])
	}
	if len(g.Log) != 4 {
		t.Errorf("%d moves in the log, want the two before the substitution and two by the people", len(g.Log))
	}
}

// TestComputerHasNoClockHTTP: in a game with a turn clock, the computer's
// turn is neither reminded nor lost on time, even when it thinks past the
// deadline; the person's next turn has the clock again.
func TestComputerHasNoClockHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	clock := newTestClock()
	r := startBot(t, fake, runOpts{clock: clock, computer: slowEngine(1)})
	mod, alice := moderator(fake, "mod"), fake.NewUser("alice")
	r.set(mod, "clock", "10m")
	r.do(alice, "twixt computer", discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red"))
	r.move(alice, "d4")
	r.waitComputer(func(_, thinking int) bool { return thinking == 1 })
	if g, _ := r.load(1); g.Clock.Deadline.IsZero() {
		t.Fatal("the clock did not start")
	}
	clock.Advance(time.Hour)
	r.bot.Sweep(context.Background())
	r.flush()
	g, pos := r.load(1)
	if g.State != storage.Active || pos.Over() || !g.Clock.Deadline.IsZero() || !g.Clock.Wake.IsZero() {
		t.Fatalf("after the computer's deadline: state %s, result %s, deadline %v, wake %v", g.State, pos.Result(), g.Clock.Deadline, g.Clock.Wake)
	}
	if n := len(r.posts(0)); n != 0 {
		t.Errorf("the sweep posted %d messages about the computer's turn", n)
	}
}

// TestComputerResignsHTTP: in a lost position (Red has more threats to
// connect than Black can block, which the engine proves), found waiting
// in the store at start, the computer resigns, which ends the game like a person's
// resignation and is posted with the board.
func TestComputerResignsHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	alice, bot := fake.NewUser("alice"), computerUser(fake)
	set := game.Settings{Size: game.Size{Cols: 8, Rows: 8}, Swap: game.SwapOff}
	pos := played(t, set, lostForBlack...)
	cfg := ai.Config{Playouts: 6000, Seed: 7}
	probe := cfg
	probe.Level = 2
	if d, err := ai.Choose(context.Background(), pos, probe); err != nil || d.Move.Kind != game.Resign {
		t.Skipf("the engine plays %v (%v) here now: find a lost position for this test", d, err)
	}
	db := computerGames(t, fake, alice, set, pos.Log())
	r := startBot(t, fake, runOpts{db: db, computer: &ComputerOptions{Engine: &cfg}})
	m := r.posts(1)[0]
	if !strings.Contains(m.Content, "Black (<@"+bot.ID+">) resigns") || !strings.Contains(m.Content, "Red wins") || len(m.Attachments) != 1 {
		t.Fatalf("the computer's resignation was posted as %q", m.Content)
	}
	pings(t, m, alice, bot)
	g, after := r.load(1)
	if g.State != storage.Finished || after.Result().Winner != game.Red || after.Result().Reason != game.Resignation {
		t.Fatalf("after the resignation: %s, %s", g.State, after.Result())
	}
}

// TestComputerMoveDMLinksItsPostHTTP: a player who hears of their turns by
// direct message, after the computer's move, gets a link to the message in
// which the computer posted that move.
func TestComputerMoveDMLinksItsPostHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{computer: fastEngine()})
	alice := fake.NewUser("alice")
	r.do(alice, "twixt notify", discordtest.Str(optHow, "on"))
	r.do(alice, "twixt computer", discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red"), discordtest.Str(optLevel, "2"))
	_, pos := r.load(1)
	r.move(alice, strings.ToLower(pos.LegalHoles()[0].String()))
	// The bot's posts are alice's direct messages and the computer's move
	// in the channel, in an order of their own: wait for the move.
	var cm discordtest.Message
	for n := 1; cm.ID == ""; n++ {
		if n > 3 {
			t.Fatal("the computer's move was not posted")
		}
		if msgs := r.posts(n); len(msgs) > 0 {
			cm = msgs[len(msgs)-1]
		}
	}
	r.flush()
	turnDM(t, fake, alice, 3, cm)
}

// TestMoveWord: a hint or a review shows a move as a player types it,
// with the links it removes and adds when it has any, so that typing it
// plays the same move.
func TestMoveWord(t *testing.T) {
	h := func(s string) game.Hole {
		m, err := game.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m.Hole
	}
	for _, tc := range []struct {
		move game.Move
		want string
	}{
		{game.Move{Kind: game.Place, Hole: h("j12")}, "j12"},
		{game.Move{Kind: game.Swap}, "swap"},
		{game.Move{Kind: game.Place, Hole: h("i15"), Unlinks: [][]game.Hole{{h("h16"), h("j15")}}}, "i15-h16/j15"},
	} {
		got := moveWord(tc.move)
		if got != tc.want {
			t.Errorf("moveWord(%v) = %q, want %q", tc.move, got, tc.want)
		}
		back, err := game.ParseMove(got)
		if err != nil {
			t.Errorf("%q does not parse: %v", got, err)
			continue
		}
		if tc.move.Kind == game.Place && (back.Hole != tc.move.Hole || len(back.UnlinkList()) != len(tc.move.UnlinkList())) {
			t.Errorf("%q reads back as %v, not %v", got, back, tc.move)
		}
	}
	// A long move, as the computer plays it when a link between its older
	// pegs can cross the one it removes, reads back the same too.
	long := game.Move{Kind: game.Place, Hole: h("b3"), Unlinks: [][]game.Hole{{h("d5"), h("e3")}}, Links: [][]game.Hole{{h("c5"), h("e4")}}}
	back, err := game.ParseMove(moveWord(long))
	if err != nil || back.Hole != long.Hole || len(back.UnlinkList()) != 1 || len(back.LinkList()) != 1 || back.LinkList()[0] != long.LinkList()[0] {
		t.Errorf("long move %v written %q reads back as %v (%v)", long, moveWord(long), back, err)
	}
}

// lostForBlack is an 8x8 game (no swap) that Black has lost: Red
// connects next move, with two ways to do it.
var lostForBlack = strings.Fields("g8 b5 e5 e2 d4 f7 e6 g5 f2 e3 b3 h4 f6 g3 f5 b7 b4 d3 c7 h6 c1 h3 g1 a3 b8 a6 g7 c3 g4")

// played returns a new game of settings set with moves played.
func played(t *testing.T, set game.Settings, moves ...string) *game.Game {
	t.Helper()
	pos, err := game.New(set)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if _, err := pos.PlayString(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return pos
}

// computerGames stores running games of alice (Red) against the computer
// (Black, level 2) in a new database, one for each log (g1, g2, ...), and
// returns its path.
func computerGames(t *testing.T, fake *discordtest.Fake, alice discordtest.User, set game.Settings, logs ...[]game.Move) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "twixt.db")
	st, err := storage.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, log := range logs {
		_, err = st.Create(context.Background(), &storage.Game{
			Settings: set, Seats: []storage.UserID{storage.UserID(alice.ID), storage.UserID(computerUser(fake).ID)},
			Place: storage.Place{Guild: storage.GuildID(fake.GuildID()), Channel: storage.ChannelID(fake.ChannelID())},
			State: storage.Active, Meta: storage.Meta{Computer: storage.SeatSet(0).With(2), ComputerLevel: 2}, Log: log,
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// TestComputerAnswersDrawHTTP: a draw offered to the computer is answered
// at once. Where Black (the computer) will win, it declines, says how it
// rates its chances, and the game goes on as it was, with no offer left
// on the table; where it is lost, it accepts and the game ends drawn.
func TestComputerAnswersDrawHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	alice, bot := fake.NewUser("alice"), computerUser(fake)
	set := game.Settings{Size: game.Size{Cols: 8, Rows: 8}, Swap: game.SwapOff}
	// g1: Black's chain a4-c5-e4-g5 reaches h3 or h7 next, and Red, to
	// move, can stop only one. g2: Red, to move, is one peg from its
	// connection with two ways to it (the game the computer resigns in
	// TestComputerResignsHTTP, before Red's last move).
	winning := played(t, set, strings.Fields("b2 a4 g2 c5 b7 e4 g7 g5")...).Log()
	lost := played(t, set, lostForBlack[:len(lostForBlack)-1]...).Log()
	r := startBot(t, fake, runOpts{db: computerGames(t, fake, alice, set, winning, lost), computer: fastEngine()})

	no := r.do(alice, "twixt draw", discordtest.Str(optGame, "g1")).Message
	pct := regexp.MustCompile(`about (\d+)%`).FindStringSubmatch(no.Content)
	if no.Ephemeral() || !strings.Contains(no.Content, "Black (<@"+bot.ID+">) declines") || pct == nil || len(no.Components) != 0 {
		t.Fatalf("the computer, winning, answered the offer with %q (%d rows of buttons)", no.Content, len(no.Components))
	}
	t.Log(no.Content)
	if p, _ := strconv.Atoi(pct[1]); p < 50 {
		t.Errorf("the computer declined with its chances at %d%%: %q", p, no.Content)
	}
	g, pos := r.load(1)
	if g.State != storage.Active || g.Meta.DrawOffer != 0 || len(g.Log) != len(winning) || pos.Over() {
		t.Fatalf("after the computer declined: %s, offer %d, %d moves, over %v", g.State, g.Meta.DrawOffer, len(g.Log), pos.Over())
	}

	yes := r.do(alice, "twixt draw", discordtest.Str(optGame, "g2")).Message
	if yes.Ephemeral() || !strings.Contains(yes.Content, "Black (<@"+bot.ID+">) accepts") || !strings.Contains(yes.Content, "Drawn by agreement") ||
		len(yes.Attachments) != 1 {
		t.Fatalf("the computer, lost, answered the offer with %q (%d files)", yes.Content, len(yes.Attachments))
	}
	g, pos = r.load(2)
	if g.State != storage.Finished || pos.Result().Winner != game.NoColor || pos.Result().Reason != game.Agreement {
		t.Fatalf("after the computer accepted: %s, %s", g.State, pos.Result())
	}
}
