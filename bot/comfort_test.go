package bot

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// wantText fails the test unless a message says every one of want.
func wantText(t *testing.T, what string, m discordtest.Message, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(m.Content, w) {
			t.Fatalf("%s: %q does not say %q", what, m.Content, w)
		}
	}
}

// allDisabled fails the test if a message still has an enabled button.
func allDisabled(t *testing.T, what string, m discordtest.Message) {
	t.Helper()
	for _, b := range m.Buttons() {
		if !b.Disabled {
			t.Errorf("%s: button %s still enabled", what, b.CustomID)
		}
	}
}

// TestTakebackHTTP asks for takebacks that are accepted (by the button on
// the move's reply), declined, lapsed by the next move, and refused to
// strangers, and checks the log, the history and the export.
func TestTakebackHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, carol := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol")
	r.begin(alice, bob, "g1")
	r.refused(alice, "twixt takeback", "no move in g1 to take back")

	r.move(alice, "f6")
	r.move(bob, "g8")
	m := r.move(alice, "c3")
	tb, ok := findButton(m, "takeback/g1/3")
	if !ok {
		t.Fatalf("no Take back button on %q", m.Content)
	}
	if res := r.press(carol, m, tb.CustomID).Message; !res.Ephemeral() || !strings.Contains(res.Content, "You do not play in g1") {
		t.Fatalf("a stranger pressed Take back: %q", res.Content)
	}
	ask := r.press(alice, m, tb.CustomID).Message
	wantText(t, "the request", ask, "asks to take back their last move in g1", "lapses with the next move")
	pings(t, ask, bob)
	r.refused(alice, "twixt takeback", "already waiting")
	for _, u := range []discordtest.User{alice, carol} {
		if res := r.press(u, ask, "tbyes/g1/3").Message; !res.Ephemeral() || !strings.Contains(res.Content, "not for you") && !strings.Contains(res.Content, "Only the other side") {
			t.Fatalf("%s pressed Accept: %q", u.Name, res.Content)
		}
	}
	r.flush()
	if old, _ := fake.Message(m.ID); len(old.Buttons()) != 1 || !old.Buttons()[0].Disabled {
		t.Errorf("the used Take back button is still enabled: %+v", old.Buttons())
	}
	done := r.press(bob, ask, "tbyes/g1/3").Message
	wantText(t, "the takeback", done, "accepted", "Taken back: `c3`", "your move (move 3)")
	pings(t, done, alice)
	allDisabled(t, "the answered request", done)
	r.wantLog(1, "f6", "g8")

	// Declined: the move stands.
	r.move(alice, "d4")
	ask = r.do(alice, "twixt takeback").Message
	no := r.press(bob, ask, "tbno/g1/3.1").Message
	wantText(t, "the decline", no, "declined: the move stands")
	allDisabled(t, "the declined request", no)
	r.wantLog(1, "f6", "g8", "d4")

	// Lapsed: bob moves instead of answering.
	ask = r.do(alice, "twixt takeback").Message
	r.move(bob, "h9")
	if res := r.press(bob, ask, "tbyes/g1/3.1").Message; !res.Ephemeral() || !strings.Contains(res.Content, "no longer standing") {
		t.Fatalf("Accept after the next move: %q", res.Content)
	}
	r.wantLog(1, "f6", "g8", "d4", "h9")
	// bob's reply is taken back with alice's move when alice asks now.
	ask = r.do(alice, "twixt takeback").Message
	done = r.press(bob, ask, "tbyes/g1/4.1").Message
	wantText(t, "the double takeback", done, "Taken back: `d4`, `h9`")
	r.wantLog(1, "f6", "g8")

	hist := r.do(bob, "twixt history").Message
	wantText(t, "history", hist, "takeback after entry 2: c3 taken back, asked by alice", "takeback after entry 2: d4 h9 taken back")
	exp := r.do(bob, "twixt export").Message
	if len(exp.Attachments) != 1 || !strings.Contains(string(exp.Attachments[0].Data), "GC[Takebacks: after entry 2: c3 taken back") {
		t.Fatalf("the export does not record the takebacks: %+v", exp.Attachments)
	}
	if _, err := game.ReadRecord(exp.Attachments[0].Data, game.FormatSGF, "g1.sgf"); err != nil {
		t.Fatalf("the export does not read back: %v", err)
	}

	// Off on this server: refused, and nothing changes.
	r.set(moderator(fake, "mod"), "takebacks", "off")
	r.refused(alice, "twixt takeback", "setting `takebacks` is off")
	if m := r.move(alice, "e5"); len(m.Buttons()) != 0 {
		t.Errorf("a Take back button with takebacks off: %+v", m.Buttons())
	}
	r.wantLog(1, "f6", "g8", "e5")
	// Never on a finished game.
	conf := r.do(alice, "twixt resign").Message
	r.press(alice, conf, "resign/g1")
	r.refused(alice, "twixt takeback", "a takeback never touches a game that is not running", discordtest.Str(optGame, "g1"))
}

// TestTakebackDoubleTwixtHTTP takes a move back in Double TwixT: either
// player of the other team answers, the asker's partner cannot, and a move
// the asker's partner has answered stands.
func TestTakebackDoubleTwixtHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, carol, dave := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol"), fake.NewUser("dave")
	proposeDouble(t, r, "g1", alice, bob, carol, dave, discordtest.Str(optSize, "8"))
	r.move(alice, "c3")
	ask := r.do(alice, "twixt takeback").Message
	pings(t, ask, carol, dave)
	wantText(t, "the request", ask, "either of you may answer for your team")
	if res := r.press(bob, ask, "tbyes/g1/1").Message; !res.Ephemeral() || !strings.Contains(res.Content, "Only the other side") {
		t.Fatalf("the asker's partner pressed Accept: %q", res.Content)
	}
	done := r.press(dave, ask, "tbyes/g1/1").Message
	wantText(t, "the takeback", done, "Taken back: `c3`", "Red 1 (<@"+alice.ID+">), your move")
	r.wantLog(1)
	// A move with its Privilege claim goes back whole: the Privilege is
	// the team's to use again.
	r.move(alice, "c3", discordtest.Bool(optPrivilege, true))
	ask = r.do(alice, "twixt takeback").Message
	done = r.press(carol, ask, "tbyes/g1/2.1").Message
	wantText(t, "the takeback of a Privilege", done, "Taken back: `c3`, `privilege`", "Red 1 (<@"+alice.ID+">), your move")
	r.wantLog(1)
	if _, pos := r.load(1); pos.PrivilegeUsed(game.Red) {
		t.Fatal("Red's Privilege is still used after its takeback")
	}
	r.move(alice, "c3")
	r.move(carol, "d5")
	r.move(bob, "e3")
	r.refused(alice, "twixt takeback", "Your side has moved since")
}

// crashingStore makes the bot die (panic) right after a takeback commits,
// before any reply is written, once armed.
type crashingStore struct {
	match.Store
	armed atomic.Bool
}

var errCrash = errors.New("the process died here")

func (s *crashingStore) TakeBack(ctx context.Context, id storage.GameID, n storage.LogMark, keep int, asker game.Seat, update func(*storage.Game, *game.Game) error) (storage.Moved, error) {
	m, err := s.Store.TakeBack(ctx, id, n, keep, asker, update)
	if err == nil && s.armed.Load() {
		panic(errCrash)
	}
	return m, err
}

// TestTakebackCrashBeforeReply accepts a takeback and kills the bot after
// the commit and before the reply: after a restart on the same database
// the takeback is there once, the Accept button is stale, and the game
// goes on from the shorter log.
func TestTakebackCrashBeforeReply(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	db := filepath.Join(t.TempDir(), "twixt.db")
	cs := &crashingStore{}
	r := startBot(t, fake, runOpts{db: db, wrap: func(s match.Store) match.Store { cs.Store = s; return cs }})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1")
	r.move(alice, "f6")
	r.move(bob, "g8")
	ask := r.do(bob, "twixt takeback").Message
	cs.armed.Store(true)
	res := r.fake.Exchange(r.fake.MustPress(alice, ask.ID, "tbyes/g1/2"))
	if strings.Contains(res.Message.Content, "Taken back") {
		t.Fatalf("the crashed takeback was answered %q", res.Message.Content)
	}
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}

	r = startBot(t, fake, runOpts{db: db})
	r.wantLog(1, "f6")
	if res := r.press(alice, ask, "tbyes/g1/2").Message; !res.Ephemeral() || !strings.Contains(res.Content, "no longer standing") {
		t.Fatalf("Accept again after the restart: %q", res.Content)
	}
	g, err := r.store.Get(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Meta.Takebacks) != 1 {
		t.Fatalf("%d takebacks recorded, want 1", len(g.Meta.Takebacks))
	}
	m := r.move(bob, "h8")
	wantText(t, "the move after the restart", m, "2. Black")
	r.wantLog(1, "f6", "h8")
}

// allButtonsDisabled reports whether a message has buttons and all of
// them are disabled (a move's reply carries Take back beside Swap or
// Claim Privilege).
func allButtonsDisabled(m discordtest.Message) bool {
	bs := m.Buttons()
	for _, b := range bs {
		if !b.Disabled {
			return false
		}
	}
	return len(bs) > 0
}

// TestRematchHTTP finishes a game by resignation and presses Rematch on
// the result: a stranger is refused, the new challenge has the same terms
// and the colours swapped, one press of Accept starts it, and the button
// proposes one rematch only.
func TestRematchHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, carol := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol")
	r.begin(alice, bob, "g1")
	r.move(alice, "f6")
	conf := r.do(bob, "twixt resign").Message
	r.press(bob, conf, "resign/g1")
	r.flush()
	var result discordtest.Message
	for _, m := range fake.ChannelMessages(fake.ChannelID()) {
		if _, ok := findButton(m, "rematch/g1"); ok {
			result = m
		}
	}
	if result.ID == "" {
		t.Fatal("no result message with a Rematch button")
	}
	wantText(t, "the result", result, "resigns")
	if res := r.press(carol, result, "rematch/g1").Message; !res.Ephemeral() || !strings.Contains(res.Content, "Only the players of g1") {
		t.Fatalf("a stranger pressed Rematch: %q", res.Content)
	}
	ch := r.press(bob, result, "rematch/g1").Message
	wantText(t, "the rematch", ch, "(g2)", "Red: <@"+bob.ID+">", "Black: <@"+alice.ID+">", "12x12 standard")
	pings(t, ch, alice)
	r.flush()
	if old, _ := fake.Message(result.ID); !allButtonsDisabled(old) {
		t.Errorf("the used Rematch button is still enabled: %+v", old.Buttons())
	}
	start := r.press(alice, ch, "accept/g2").Message
	wantText(t, "the rematch's start", start, "g2 has started", "Red (<@"+bob.ID+">) moves first")
	g1, err := r.store.Get(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := r.store.Get(context.Background(), 2)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Settings != g1.Settings || g2.Seats[0] != g1.Seats[1] || g2.Seats[1] != g1.Seats[0] {
		t.Fatalf("rematch %+v %v of %+v %v", g2.Settings, g2.Seats, g1.Settings, g1.Seats)
	}
}

// TestTurnNotificationsHTTP has a player choose direct messages: the
// move's reply does not mention her, and a DM with the board and a link
// arrives. A player whose DMs are closed (the fake answers 50007) is
// mentioned in the channel instead, once, and not sent DMs again.
func TestTurnNotificationsHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.refused(alice, "twixt notify", "is not a choice", discordtest.Str(optHow, "loud"))
	res := r.do(alice, "twixt notify", discordtest.Str(optHow, "on")).Message
	wantText(t, "notify on", res, "direct message")
	r.begin(alice, bob, "g1")
	r.move(alice, "f6")
	m := r.move(bob, "g8")
	pings(t, m)
	r.flush()
	// The DM links to the message of bob's move 2, which showed alice
	// that it is her move.
	dm := turnDM(t, fake, alice, 3, m)
	wantText(t, "the DM", dm, "Your move in **g1** (move 3)")
	boardImage(t, dm)

	// bob's DMs are closed: he asks for DMs, and is mentioned instead.
	fake.CloseDMs(bob.ID)
	r.do(bob, "twixt notify", discordtest.Str(optHow, "on"))
	m = r.move(alice, "c3")
	pings(t, m)
	r.flush()
	var fallback []discordtest.Message
	for _, cm := range fake.ChannelMessages(fake.ChannelID()) {
		if strings.Contains(cm.Content, "<@"+bob.ID+">, your move in g1 (move 4)") {
			fallback = append(fallback, cm)
		}
	}
	if len(fallback) != 1 {
		t.Fatalf("%d fallback mentions of bob, want 1", len(fallback))
	}
	pings(t, fallback[0], bob)
	r.move(bob, "h9")
	m = r.move(alice, "d4")
	pings(t, m, bob) // the refusal is remembered: a mention, and no DM tried
	r.flush()
	tries := 0
	for _, c := range fake.CallsTo("POST", discordtest.RouteChannelMessages) {
		if c.Status == 403 {
			tries++
		}
	}
	if tries != 1 {
		t.Fatalf("%d refused DMs, want 1: the bot must not try again", tries)
	}
}

// turnDM is u's direct message for move n, which must link to the message
// shown (in the game's channel) that showed the move before.
func turnDM(t *testing.T, fake *discordtest.Fake, u discordtest.User, n int, shown discordtest.Message) discordtest.Message {
	t.Helper()
	// The DMs of different moves are posted in the background, each on
	// its own: under load they may reach Discord in any order.
	var dm *discordtest.Message
	for _, m := range fake.DMs(u.ID) {
		if strings.Contains(m.Content, fmt.Sprintf("(move %d)", n)) {
			dm = &m
		}
	}
	if dm == nil {
		t.Fatalf("%s got no direct message for move %d: %v", u.Name, n, fake.DMs(u.ID))
	}
	if shown.ID == "" {
		t.Fatal("the message that showed the move has no id")
	}
	if link := "https://discord.com/channels/" + fake.GuildID() + "/" + fake.ChannelID() + "/" + shown.ID; !slices.Contains(strings.Fields(dm.Content), link) {
		t.Fatalf("the DM for move %d does not link to the message that showed the move before (%s):\n%s", n, link, dm.Content)
	}
	return *dm
}

// TestFollowHTTP follows a game as a spectator, gets a DM after a move,
// and unfollows.
func TestFollowHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, erin := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("erin")
	r.begin(alice, bob, "g1")
	res := r.do(erin, "twixt follow", discordtest.Str(optGame, "g1")).Message
	wantText(t, "follow", res, "You follow g1")
	r.refused(erin, "twixt follow", "no game g9", discordtest.Str(optGame, "g9"))
	r.move(alice, "f6")
	r.flush()
	dms := fake.DMs(erin.ID)
	if len(dms) != 1 {
		t.Fatalf("erin got %d DMs, want 1", len(dms))
	}
	wantText(t, "the follower's DM", dms[0], "g1")
	boardImage(t, dms[0])
	res = r.do(erin, "twixt unfollow", discordtest.Str(optGame, "g1")).Message
	wantText(t, "unfollow", res, "no longer follow g1")
	r.move(bob, "g8")
	r.flush()
	if n := len(fake.DMs(erin.ID)); n != 1 {
		t.Fatalf("erin got %d DMs after unfollowing, want still 1", n)
	}
}

// TestPlayAfterTheChannelIsGone deletes a game's channel: its players
// still see and play it from another server's channel, with game:, and
// find it with /twixt games which:mine; a stranger there cannot.
func TestPlayAfterTheChannelIsGone(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, carol := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol")
	r.begin(alice, bob, "g1")
	r.move(alice, "f6")
	fake.DeleteChannel(fake.ChannelID())
	elsewhere := []discordtest.Opt{discordtest.InGuild("200000000000000077"), discordtest.InChannel("300000000000000077"), discordtest.Str(optGame, "g1")}

	mine := r.do(bob, "twixt games", discordtest.Str(optWhich, "mine")).Message
	wantText(t, "bob's games", mine, "g1", "**your move** (move 2)", "https://discord.com/channels/"+fake.GuildID()+"/"+fake.ChannelID())
	if other := r.do(alice, "twixt games", discordtest.Str(optWhich, "mine")).Message; strings.Contains(other.Content, "g1") {
		t.Fatalf("alice's move list shows g1, where bob is to move: %q", other.Content)
	}
	board := r.do(bob, "twixt board", elsewhere...).Message
	wantText(t, "the board elsewhere", board, "g1")
	if got := pegAt(t, boardImage(t, board), game.Size{Cols: 12, Rows: 12}, "f6"); got != "red" {
		t.Fatalf("the board elsewhere shows %q on F6", got)
	}
	m := r.move(bob, "g8", elsewhere...)
	wantText(t, "the move elsewhere", m, "2. Black")
	r.refused(carol, "twixt board", "no game g1 on this server", elsewhere...)
	r.flush()
	r.wantLog(1, "f6", "g8")
}

// TestGamesListPages lists a channel's games most recently active first,
// ten a page.
func TestGamesListPages(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice := fake.NewUser("alice")
	r.set(moderator(fake, "mod"), "max_games", "20")
	var opponents []discordtest.User
	for i := range 11 {
		o := fake.NewUser(fmt.Sprintf("p%d", i))
		opponents = append(opponents, o)
		r.begin(alice, o, fmt.Sprintf("g%d", i+1))
	}
	r.move(alice, "f6", discordtest.Str(optGame, "g3")) // g3 is the latest active
	first := r.do(opponents[0], "twixt games").Message
	wantText(t, "page 1", first, "page 1 of 2")
	here := first.Content[strings.Index(first.Content, "**In this channel**"):]
	if !strings.HasPrefix(here[strings.Index(here, "\n")+1:], "• g3:") {
		t.Fatalf("the most recently active game is not first: %q", here)
	}
	second := r.do(opponents[0], "twixt games", discordtest.Int(optPage, 2)).Message
	if n := strings.Count(second.Content[strings.Index(second.Content, "**In this channel**"):], "\n• "); n != 1 {
		t.Fatalf("page 2 lists %d games, want 1: %q", n, second.Content)
	}
	r.refused(alice, "twixt games", "There is no page 3", discordtest.Int(optPage, 3))
}

// TestThreadResultInChannel plays a game in its own thread, named after
// the players, and finds its result posted back in the channel.
func TestThreadResultInChannel(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.set(moderator(fake, "mod"), "threads", "on")
	r.begin(alice, bob, "g1")
	r.flush()
	threads := fake.Threads()
	if len(threads) != 1 || !strings.Contains(threads[0].Name, "alice vs bob") {
		t.Fatalf("threads %+v", threads)
	}
	in := discordtest.InChannel(threads[0].ID)
	r.move(alice, "f6", in)
	conf := r.do(bob, "twixt resign", in).Message
	r.press(bob, conf, "resign/g1")
	r.flush()
	var result []discordtest.Message
	for _, m := range fake.ChannelMessages(fake.ChannelID()) {
		if strings.Contains(m.Content, "The game was played in <#"+threads[0].ID+">") {
			result = append(result, m)
		}
	}
	if len(result) != 1 || !strings.Contains(result[0].Content, "resign") {
		t.Fatalf("%d results in the channel: %+v", len(result), result)
	}
	boardImage(t, result[0])
}

// TestTakebackAgainstTheComputerHTTP: the computer answers a takeback at
// once and accepts it, undoing its own reply too.
func TestTakebackAgainstTheComputerHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{computer: fastEngine()})
	alice := fake.NewUser("alice")
	r.do(alice, "twixt computer", discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red"), discordtest.Str(optLevel, "1"))
	r.move(alice, "c3")
	// The computer's move is posted in the channel once it has landed.
	if _, err := fake.WaitCalls(waitCtx(t), func(cs []discordtest.Call) bool {
		for _, c := range cs {
			if c.Method == "POST" && c.Route == discordtest.RouteChannelMessages && c.Status == 200 {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatal(err)
	}
	if g, _ := r.load(1); len(g.Log) != 2 {
		t.Fatalf("the computer has not answered: log %d", len(g.Log))
	}
	done := r.do(alice, "twixt takeback").Message
	wantText(t, "the takeback", done, "The computer agrees.", "Taken back: `c3`", "Red (<@"+alice.ID+">), your move (move 1)")
	r.wantLog(1)
}

// TestComfortRoutesMeteredAndLogged: every new route goes through the
// router's middleware: it is counted in the metrics and has its log line.
func TestComfortRoutesMeteredAndLogged(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	logs := &discordtest.Buffer{}
	r := startBot(t, fake, runOpts{logs: logs})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1")
	m := r.move(alice, "f6")
	ask := r.press(alice, m, "takeback/g1/1").Message
	r.press(bob, ask, "tbno/g1/1")
	ask = r.do(alice, "twixt takeback").Message
	r.press(bob, ask, "tbyes/g1/1")
	r.do(alice, "twixt notify", discordtest.Str(optHow, "both"))
	r.do(bob, "twixt follow", discordtest.Str(optGame, "g1"))
	r.do(bob, "twixt unfollow", discordtest.Str(optGame, "g1"))
	conf := r.do(bob, "twixt resign").Message
	r.press(bob, conf, "resign/g1")
	r.flush()
	var result discordtest.Message
	for _, cm := range fake.ChannelMessages(fake.ChannelID()) {
		if _, ok := findButton(cm, "rematch/g1"); ok {
			result = cm
		}
	}
	r.press(alice, result, "rematch/g1")
	_, text, _ := r.get("/metrics")
	routes := []string{"takeback/{game}/{n}", "tbno/{game}/{n}", "twixt takeback", "tbyes/{game}/{n}", "twixt notify", "twixt follow", "twixt unfollow", "rematch/{game}"}
	for _, route := range routes {
		if want := `twixtbot_interactions_total{route="` + route + `",outcome="ok"} `; !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	r.flush()
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	for _, route := range routes {
		if !strings.Contains(logs.String(), `"`+route+`"`) {
			t.Errorf("no log line names %q", route)
		}
	}
}

// TestReminderByDirectMessage: a player who chose direct messages gets
// the turn clock's reminder as one, and no mention in the channel.
func TestReminderByDirectMessage(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	clock := newTestClock()
	r := startBot(t, fake, runOpts{clock: clock})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.set(moderator(fake, "mod"), "clock", "1h")
	r.do(bob, "twixt notify", discordtest.Str(optHow, "on"))
	r.begin(alice, bob, "g1")
	r.move(alice, "f6")
	clock.Advance(40 * time.Minute)
	r.bot.Sweep(context.Background())
	r.flush()
	for _, m := range fake.ChannelMessages(fake.ChannelID()) {
		if strings.Contains(m.Content, "your move in g1 is waiting") {
			t.Fatalf("a reminder in the channel: %q", m.Content)
		}
	}
	n := 0
	for _, m := range fake.DMs(bob.ID) {
		if strings.Contains(m.Content, "your move in g1 is waiting") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d reminders by DM, want 1", n)
	}
}

// FuzzComfortModes: the takeback and notify choices read back what they
// write, and refuse anything else without panicking.
func FuzzComfortModes(f *testing.F) {
	for _, s := range []string{"on", "off", "casual", "mentions", "both", "dm", "", "ON ", "yes"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if m, err := match.ParseTakebackMode(s); err == nil {
			if back, err := match.ParseTakebackMode(m.String()); err != nil || back != m {
				t.Fatalf("takebacks %q -> %v -> %v, %v", s, m, back, err)
			}
		} else if !errors.Is(err, match.ErrBadValue) {
			t.Fatalf("takebacks %q: %v", s, err)
		}
		if m, err := ParseNotifyMode(s); err == nil {
			if back, err := ParseNotifyMode(m.String()); err != nil || back != m {
				t.Fatalf("notify %q -> %v -> %v, %v", s, m, back, err)
			}
		} else if !errors.Is(err, match.ErrBadOption) {
			t.Fatalf("notify %q: %v", s, err)
		}
	})
}
