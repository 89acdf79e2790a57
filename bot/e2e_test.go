package bot

import (
	"fmt"
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/render"
)

// TestTwoPlayerGameHTTP plays a whole game through the HTTP interactions
// endpoint with signed interactions: a challenge, answers by the wrong
// person and the right one, moves with autolinks, a bare '+', explicit
// link lists and an unlink, the pie rule by button, refusals out of turn,
// by a stranger and for illegal moves, and a win by connection.
func TestTwoPlayerGameHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, carol := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol")
	size := game.Size{Cols: 12, Rows: 12}

	if n := len(fake.Commands(fake.GuildID())); n != 2 {
		t.Fatalf("%d commands registered, want /twixt and /twixtadmin", n)
	}
	r.refused(alice, "twixt challenge", "cannot challenge yourself", discordtest.UserOpt(optOpponent, alice))
	robot := fake.NewUser("robot")
	robot.Bot = true
	r.refused(alice, "twixt challenge", "is a bot", discordtest.UserOpt(optOpponent, robot))

	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optSize, "12"),
		discordtest.Str(optColor, "red"), discordtest.Bool(optSwap, true)).Message
	if ch.Ephemeral() || !strings.Contains(ch.Content, "challenges you to **TwixT** (g1)") || !strings.Contains(ch.Content, "12x12 standard, swap:sides") {
		t.Fatalf("challenge answered %q", ch.Content)
	}
	pings(t, ch, bob)
	if res := r.press(carol, ch, "accept/g1").Message; !res.Ephemeral() || !strings.Contains(res.Content, "not for you") {
		t.Fatalf("carol pressed Accept: %q", res.Content)
	}
	start := r.press(bob, ch, "accept/g1").Message
	if !strings.Contains(start.Content, "g1 has started") || !strings.Contains(start.Content, "Red (<@"+alice.ID+">) moves first") {
		t.Fatalf("accept answered %q", start.Content)
	}
	pings(t, start, alice)
	for _, b := range start.Buttons() {
		if !b.Disabled {
			t.Errorf("button %s still enabled after the challenge was accepted", b.CustomID)
		}
	}
	boardImage(t, start)

	r.refused(bob, "twixt move", "Not your turn: it is <@"+alice.ID+">'s move (Red)", discordtest.Str(optAt, "e5"))
	r.refused(carol, "twixt move", "You do not play in g1", discordtest.Str(optAt, "e5"), discordtest.Str(optGame, "g1"))
	r.refused(alice, "twixt move", "A5 is in Black's border column", discordtest.Str(optAt, "a5"))
	r.refused(alice, "twixt move", "cannot read", discordtest.Str(optAt, "f 6"))

	m := r.move(alice, "f6")
	pings(t, m, bob)
	if !strings.Contains(m.Content, "1. Red (<@"+alice.ID+">) played F6") {
		t.Errorf("move answered %q", m.Content)
	}
	if got := pegAt(t, boardImage(t, m), size, "f6"); got != "red" {
		t.Errorf("the board shows %q on F6, want red", got)
	}
	swap, ok := findButton(m, "swap/g1/")
	if !ok {
		t.Fatalf("no Swap button on %q", m.Content)
	}
	if res := r.press(alice, m, swap.CustomID).Message; !res.Ephemeral() || !strings.Contains(res.Content, "Not your turn") {
		t.Fatalf("alice pressed Swap: %q", res.Content)
	}
	sw := r.press(bob, m, swap.CustomID).Message
	if !strings.Contains(sw.Content, "swapped: they now play Red") {
		t.Fatalf("swap answered %q", sw.Content)
	}
	pings(t, sw, alice)
	r.flush()
	if old, _ := fake.Message(m.ID); old.Buttons()[0].Disabled != true {
		t.Error("the Swap button is still enabled after the swap")
	}
	// Bob now plays Red (top to bottom) and alice Black; he owns F6.
	r.refused(alice, "twixt move", "Red's border row", discordtest.Str(optAt, "e1"))
	moves := []struct {
		who  discordtest.User
		at   string
		want string
	}{
		{alice, "k3", "played K3"},
		{bob, "e4+", "played E4."},
		{alice, "k5", "played K5"},
		{bob, "d2+d2/e4,e4/f6", "played D2, linking E4 and E4-F6"},
		{alice, "k7", "played K7"},
		{bob, "f1", "played F1, linking D2"},
		{alice, "j9", "played J9, linking K7"},
		{bob, "g8", "played G8, linking F6"},
		{alice, "k11", "played K11, linking J9"},
		{bob, "f10-f6/g8+f6/g8,g8/f10", "played F10, removing F6-G8, linking F6-G8 and G8"},
		{alice, "b10", "played B10"},
	}
	for i, mv := range moves {
		got := r.move(mv.who, mv.at)
		if !strings.Contains(got.Content, mv.want) {
			t.Fatalf("move %d %s answered %q, want %q", i+3, mv.at, got.Content, mv.want)
		}
	}
	r.refused(bob, "twixt move", "Cannot link E11-G12: E11 is not a red peg", discordtest.Str(optAt, "g12+g12/e11"))
	win := r.move(bob, "g12")
	if !strings.Contains(win.Content, "Game over: Red wins by connection (Red: <@"+bob.ID+"> · Black: <@"+alice.ID+">)") {
		t.Fatalf("the winning move answered %q", win.Content)
	}
	pings(t, win, alice, bob)
	img := boardImage(t, win)
	for _, h := range []string{"f1", "d2", "e4", "f6", "g8", "f10", "g12"} {
		if got := pegAt(t, img, size, h); got != "red" {
			t.Errorf("the final board shows %q on %s, want red", got, h)
		}
	}
	if got := pegAt(t, img, size, "k3"); got != "black" {
		t.Errorf("the final board shows %q on K3, want black", got)
	}
	r.refused(alice, "twixt move", "no running game", discordtest.Str(optAt, "c5"))
	// The finished game can still be looked at and exported.
	hist := r.do(alice, "twixt history").Message
	if !hist.Ephemeral() || !strings.Contains(hist.Content, "f10-f6/g8+f6/g8,g8/f10") || !strings.Contains(hist.Content, "Red wins by connection") {
		t.Errorf("history: %q", hist.Content)
	}
	// The swap is Black's turn in the history as in the SGF (B[swap]),
	// and says who plays which colour from then on.
	if !strings.Contains(hist.Content, "  2. Black    swap     (bob now plays Red with the peg on F6, alice plays Black)") {
		t.Errorf("history of the swap: %q", hist.Content)
	}
	exp := r.do(alice, "twixt export").Message
	f, ok := exp.File("g1.sgf")
	if !ok || !strings.Contains(string(f.Data), "GM[21]") {
		t.Fatalf("export: %q, files %v", exp.Content, exp.Attachments)
	}
	rec, err := game.ReadRecord(f.Data, game.FormatSGF, "g1.sgf")
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay(game.Settings{})
	if err != nil || g.Result() != (game.Result{Winner: game.Red, Reason: game.Connection}) || g.Turns() != 14 {
		t.Errorf("the exported record replays to %v after %d turns (%v)", g.Result(), g.Turns(), err)
	}
	// Bob swapped, plays White (Red) and won: PW names him, so RE[W+]
	// credits him in any SGF reader; read back, each seat has its name.
	if sgf := string(f.Data); !strings.Contains(sgf, "PW[bob]PB[alice]RE[W+]") || !strings.Contains(sgf, ";B[swap]") {
		t.Errorf("the SGF names the players by seat, not by colour:\n%s", sgf)
	}
	if rec.Name(1) != "alice" || rec.Name(2) != "bob" {
		t.Errorf("read back, seat 1 is %q and seat 2 %q", rec.Name(1), rec.Name(2))
	}
}

// TestDrawResignAndStaleButtonsHTTP covers draw offers (declined, then
// agreed), a resignation with its confirmation, and buttons pressed after
// the game moved on.
func TestDrawResignAndStaleButtonsHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	begin := func(id string) {
		t.Helper()
		ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"),
			discordtest.Str(optSize, "16")).Message
		r.press(bob, ch, "accept/"+id)
	}
	begin("g1")
	first := r.move(alice, "h8")
	swap, ok := findButton(first, "swap/")
	if !ok {
		t.Fatal("no swap button after Red's first move (the default policy has the pie rule)")
	}
	r.move(bob, "j10")
	// The swap button is stale now: refused, and disabled.
	if res := r.press(bob, first, swap.CustomID).Message; !res.Ephemeral() || !strings.Contains(res.Content, "moved on") {
		t.Fatalf("stale swap: %q", res.Content)
	}
	r.flush()
	if old, _ := fake.Message(first.ID); !allButtonsDisabled(old) {
		t.Errorf("the stale Swap button was not disabled: %+v", old)
		for _, c := range fake.Calls() {
			t.Logf("%s %s %d %s", c.Method, c.Route, c.Status, c.Body)
		}
	}

	offer := r.do(bob, "twixt draw").Message
	if offer.Ephemeral() || !strings.Contains(offer.Content, "offers a draw") {
		t.Fatalf("draw offer: %q", offer.Content)
	}
	pings(t, offer, alice)
	if res := r.press(bob, offer, "drawyes/g1/2").Message; !res.Ephemeral() || !strings.Contains(res.Content, "Only the other side") {
		t.Fatalf("the offerer accepted: %q", res.Content)
	}
	dec := r.press(alice, offer, "drawno/g1/2").Message
	if !strings.Contains(dec.Content, "declined") {
		t.Fatalf("decline: %q", dec.Content)
	}
	offer2 := r.do(alice, "twixt draw").Message
	agreed := r.press(bob, offer2, "drawyes/g1/2").Message
	if !strings.Contains(agreed.Content, "Drawn by agreement") {
		t.Fatalf("draw accepted: %q", agreed.Content)
	}
	pings(t, agreed, alice, bob)

	begin("g2")
	r.move(alice, "h8")
	conf := r.do(bob, "twixt resign").Message
	if !conf.Ephemeral() || !strings.Contains(conf.Content, "Resign g2?") {
		t.Fatalf("resign asks %q", conf.Content)
	}
	if res := r.press(bob, conf, "keep/g2").Message; !strings.Contains(res.Content, "game goes on") {
		t.Fatalf("keep playing: %q", res.Content)
	}
	conf = r.do(bob, "twixt resign").Message
	done := r.press(bob, conf, "resign/g2").Message
	if !strings.Contains(done.Content, "You resigned g2") {
		t.Fatalf("resign: %q", done.Content)
	}
	r.flush()
	var announced bool
	for _, m := range fake.ChannelMessages(fake.ChannelID()) {
		if strings.Contains(m.Content, "Red wins by resignation") && len(m.Attachments) == 1 {
			announced = true
			pings(t, m, alice, bob)
		}
	}
	if !announced {
		t.Error("the resignation was not announced in the channel")
	}
	r.refused(alice, "twixt move", "no running game", discordtest.Str(optAt, "c5"))
}

// TestFindingTheGameHTTP: with two games in a channel, a command that does
// not say which is refused with the candidates; game: and autocomplete
// pick one.
func TestFindingTheGameHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, carol := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol")
	for i, opp := range []discordtest.User{bob, carol} {
		ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, opp), discordtest.Str(optColor, "red")).Message
		r.press(opp, ch, fmt.Sprintf("accept/g%d", i+1))
	}
	r.refused(alice, "twixt move", "More than one game could be meant here: **g1**", discordtest.Str(optAt, "j12"))
	r.move(alice, "j12", discordtest.Str(optGame, "g2"))
	// bob has one game here: no need to say which.
	r.refused(bob, "twixt move", "Not your turn", discordtest.Str(optAt, "k14"))
	res := fake.Exchange(fake.Autocomplete(alice, "twixt move", discordtest.Focused(optGame, "")))
	if len(res.Choices) != 2 {
		t.Errorf("game autocomplete offered %v", res.Choices)
	}
	// Autocomplete of holes: legal ones matching what was typed, nearest
	// the last move first.
	res = fake.Exchange(fake.Autocomplete(carol, "twixt move", discordtest.Focused(optAt, "k1")))
	if len(res.Choices) == 0 || res.Choices[0].Value != "k12" {
		t.Errorf("hole autocomplete for k1 near J12 offered %v first, want K12", res.Choices[0].Value)
	}
	for _, c := range res.Choices {
		if !strings.HasPrefix(c.Value.(string), "k1") {
			t.Errorf("offered %v for k1", c.Value)
		}
	}
	games := r.do(alice, "twixt games").Message
	if !games.Ephemeral() || strings.Count(games.Content, "• g") != 4 {
		t.Errorf("games: %q", games.Content)
	}
	help := r.do(carol, "twixt help").Message
	if !help.Ephemeral() || !strings.Contains(help.Content, "j12-i12/k11") {
		t.Errorf("help: %q", help.Content)
	}
}

// TestGatewayGame plays over the gateway transport: the fake gateway
// speaks HELLO, IDENTIFY and READY, and dispatches INTERACTION_CREATE, so
// discordgo's own session code runs.
func TestGatewayGame(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{gateway: true})
	if ids := fake.Identifies(); len(ids) != 1 || ids[0].Intents != 1 {
		t.Fatalf("IDENTIFY %+v, want the Guilds intent only", ids)
	}
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "black")).Message
	start := r.press(bob, ch, "accept/g1").Message
	pings(t, start, bob)
	m := r.move(bob, "m12")
	pings(t, m, alice)
	m = r.move(alice, "swap")
	if !strings.Contains(m.Content, "swapped") {
		t.Errorf("swap over the gateway: %q", m.Content)
	}
}

// TestShardedGatewayGame runs the bot in four shards (TWIXTBOT_SHARDS=auto,
// the count the fake's GET /gateway/bot recommends) and plays a game in
// each of two servers whose events Discord routes to different shards:
// every shard feeds the one dispatcher, and each game goes on over its own
// shard. (max_concurrency 4 lets the four identify at once; with 1 they
// would start 5 s apart, as Discord requires.)
func TestShardedGatewayGame(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{Shards: 4, MaxConcurrency: 4})
	r := startBot(t, fake, runOpts{gateway: true, shards: "auto"})
	if err := fake.WaitShards(waitCtx(t), 0, 1, 2, 3); err != nil {
		t.Fatal(err)
	}
	g1 := fake.GuildID()
	s1 := discordtest.ShardOf(g1, 4)
	s2 := (s1 + 1) % 4
	g2 := discordtest.GuildOnShard(s2, 4)
	ids := fake.Identifies()
	if len(ids) != 4 {
		t.Fatalf("%d IDENTIFYs, want one per shard", len(ids))
	}
	for _, id := range ids {
		if !id.Sharded || id.Shard[1] != 4 {
			t.Errorf("IDENTIFY %+v, want shard [id, 4]", id)
		}
	}
	alice, bob, carol, dave := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol"), fake.NewUser("dave")
	in2 := discordtest.InGuild(g2)
	ch1 := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red")).Message
	ch2 := r.do(carol, "twixt challenge", discordtest.UserOpt(optOpponent, dave), discordtest.Str(optColor, "red"), in2).Message
	r.press(bob, ch1, "accept/g1")
	r.fake.Exchange(r.fake.MustPress(dave, ch2.ID, "accept/g2", in2))
	r.move(alice, "j12")
	r.move(carol, "k10", in2)
	m1 := r.move(bob, "m12")
	m2 := r.move(dave, "c5", in2)
	pings(t, m1, alice)
	pings(t, m2, carol)
	games := r.do(carol, "twixt games", in2).Message
	if mine, _, _ := strings.Cut(games.Content, "**In this channel**"); !strings.Contains(mine, "g2") || strings.Contains(mine, "g1") {
		t.Errorf("carol's games: %q", games.Content)
	}
	var text strings.Builder
	if err := r.metrics.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	// Four interactions in the first server, five in the second.
	for s, n := range map[int]int{s1: 4, s2: 5} {
		want := fmt.Sprintf(`twixtbot_gateway_events_total{shard="%d",event="interaction"} %d`, s, n)
		if !strings.Contains(text.String(), want) {
			t.Errorf("the metrics lack %s: each server's interactions came over its own shard\n%s", want, text.String())
		}
	}
	if n := strings.Count(text.String(), `twixtbot_gateway_shard_up{shard=`); n != 4 {
		t.Errorf("%d shards in twixtbot_gateway_shard_up, want 4", n)
	}
}

// TestRestartMidGame stops the bot in the middle of a game and starts it
// again on the same database: the game goes on where it was.
func TestRestartMidGame(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	db := filepath.Join(t.TempDir(), "twixt.db")
	r := startBot(t, fake, runOpts{db: db})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"),
		discordtest.Str(optSize, "5"), discordtest.Bool(optSwap, false)).Message
	r.press(bob, ch, "accept/g1")
	r.move(alice, "c1")
	r.move(bob, "a2")
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	r = startBot(t, fake, runOpts{db: db})
	r.refused(bob, "twixt move", "Not your turn", discordtest.Str(optAt, "a3"))
	r.move(alice, "d3")
	r.move(bob, "a3")
	win := r.move(alice, "c5")
	if !strings.Contains(win.Content, "Red wins by connection") {
		t.Fatalf("after the restart the win answered %q", win.Content)
	}
}

// TestBoardZoomHTTP: on a 48x48 board, /twixt board zoom:true shows the
// part around the last move at full scale, labelled, with alt text that
// says which part; the whole board stays the default.
func TestBoardZoomHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	size := game.Size{Cols: 48, Rows: 48}
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optSize, "48"),
		discordtest.Str(optColor, "red")).Message
	r.press(bob, ch, "accept/g1")
	r.move(alice, "ac40")
	r.move(bob, "ae44")

	whole := boardImage(t, r.do(alice, "twixt board").Message)
	if l, _ := render.NewLayout(size, render.Options{}); whole.Bounds().Dx() != l.Width {
		t.Errorf("the whole board is %v, want %d wide", whole.Bounds(), l.Width)
	}
	m := r.do(alice, "twixt board", discordtest.Bool(optZoom, true)).Message
	img := boardImage(t, m)
	a := m.Attachments[0]
	if !strings.HasSuffix(a.Filename, "-zoom.png") || !strings.HasPrefix(a.Description, "Detail of the board, columns W to AM and rows 32 to 48, around the last move AE44.") {
		t.Errorf("zoomed attachment %s with alt text %q", a.Filename, a.Description)
	}
	v := &render.View{Size: size, Last: &render.LastMove{Hole: game.Hole{Col: 30, Row: 43}}}
	z, err := render.NewZoomLayout(size, render.ZoomWindow(v), render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != z.Width || b.Dy() != z.Height || z.Width > 500 {
		t.Fatalf("the zoomed board is %v, want %dx%d (under 500 px wide)", b, z.Width, z.Height)
	}
	// AC40 is Red's, and it lies in the window: its pixel, moved.
	p := z.Pixel(game.Hole{Col: 28, Row: 39}).Add(image.Pt(int(z.Full.PegRadius()*0.65), 0))
	if r, g, b, _ := img.At(p.X, p.Y).RGBA(); !(r>>8 > g>>8+60 && r>>8 > b>>8+60) {
		t.Errorf("the zoomed board shows no red peg on AC40 at %v", p)
	}
}
