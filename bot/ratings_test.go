package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"path/filepath"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/rating"
	"github.com/twixtbot/twixtbot/storage"
)

// standingOf reads a player's rating in this server's scope.
func (r *botRun) standingOf(u discordtest.User, pool storage.Pool) storage.Standing {
	r.t.Helper()
	st, err := r.store.Standing(context.Background(), storage.ServerRatings(storage.GuildID(r.fake.GuildID())), pool, storage.UserSubject(storage.UserID(u.ID)))
	if err != nil {
		r.t.Fatal(err)
	}
	return st
}

// announced waits for the bot's posts and returns the last message in the
// channel that says want.
func (r *botRun) announced(want string) discordtest.Message {
	r.t.Helper()
	r.flush()
	msgs := r.fake.ChannelMessages(r.fake.ChannelID())
	for i := len(msgs) - 1; i >= 0; i-- {
		if strings.Contains(msgs[i].Content, want) {
			return msgs[i]
		}
	}
	r.t.Fatalf("no message in the channel says %q", want)
	return discordtest.Message{}
}

// resignPress asks to resign and returns the confirming button's
// interaction, not yet delivered.
func (r *botRun) resignPress(u discordtest.User, id string) discordtest.Message {
	r.t.Helper()
	conf := r.do(u, "twixt resign").Message
	if _, ok := findButton(conf, "resign/"+id); !ok {
		r.t.Fatalf("resign asks %q", conf.Content)
	}
	return conf
}

// oneGame is the two ratings after one game between new players.
func oneGame(score rating.Score) (winner, loser rating.Rating) {
	a, b := rating.System{Tau: rating.DefaultTau}.Game([]rating.Rating{rating.New()}, []rating.Rating{rating.New()}, score)
	return a[0], b[0]
}

// TestRatedGameHTTP: a rated challenge shows both ratings and the
// expected score; a resignation changes both ratings once, shown as +N
// and -N, and a duplicate delivery of the confirming press changes
// nothing more; /twixt rating shows the record and the last result.
func TestRatedGameHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"), discordtest.Str(optSize, "12")).Message
	want := fmt.Sprintf("Rated (standard, this server): <@%s> 1500 ±350 (provisional) · <@%s> 1500 ±350 (provisional). Expected score: Red 0.50, Black 0.50.", alice.ID, bob.ID)
	if !strings.Contains(ch.Content, want) {
		t.Fatalf("challenge %q does not say %q", ch.Content, want)
	}
	r.press(bob, ch, "accept/g1")
	r.move(alice, "f6")

	conf := r.resignPress(bob, "g1")
	i := fake.MustPress(bob, conf.ID, "resign/g1")
	for range 2 {
		if err := fake.Deliver(waitCtx(t), i); err != nil {
			t.Fatal(err)
		}
	}
	won, lost := oneGame(rating.Win)
	res := r.announced("wins by resignation")
	line := fmt.Sprintf("Ratings: <@%s> %.0f (+%.0f), <@%s> %.0f (-%.0f).", alice.ID, won.Rating, won.Rating-1500, bob.ID, lost.Rating, 1500-lost.Rating)
	if !strings.Contains(res.Content, line) {
		t.Fatalf("the result %q does not say %q", res.Content, line)
	}
	if a, b := r.standingOf(alice, storage.PoolStandard), r.standingOf(bob, storage.PoolStandard); a.Rating != won || b.Rating != lost || a.Games() != 1 || b.Games() != 1 {
		t.Errorf("after one game: alice %+v, bob %+v", a, b)
	}
	// Resigning again later: refused, and nothing changes.
	if m := r.do(bob, "twixt resign", discordtest.Str(optGame, "g1")).Message; !m.Ephemeral() {
		t.Errorf("a second resignation answered %q", m.Content)
	}
	if b := r.standingOf(bob, storage.PoolStandard); b.Rating != lost || b.Games() != 1 {
		t.Errorf("bob after the second press: %+v", b)
	}

	rt := r.do(alice, "twixt rating", discordtest.UserOpt(optPlayer, bob)).Message
	for _, w := range []string{"**Ratings of <@" + bob.ID + ">** (this server)", fmt.Sprintf("**standard**: %.0f ±%.0f (provisional) · 1 game: 0 won, 1 lost, 0 drawn · streak: lost the last game", lost.Rating, lost.Deviation),
		"g1 lost against <@" + alice.ID + "> in <#" + fake.ChannelID() + ">"} {
		if !strings.Contains(rt.Content, w) {
			t.Errorf("/twixt rating says %q, not %q", rt.Content, w)
		}
	}
	if rt := r.do(alice, "twixt rating", discordtest.Str(optScope, "global")).Message; !strings.Contains(rt.Content, "(all servers)") || !strings.Contains(rt.Content, "1 won") {
		t.Errorf("/twixt rating scope:global says %q", rt.Content)
	}
	nobody := fake.NewUser("carol")
	if rt := r.do(nobody, "twixt rating").Message; !strings.Contains(rt.Content, "No rated games yet") {
		t.Errorf("a new player's rating: %q", rt.Content)
	}
	prof := r.do(nobody, "twixt profile", discordtest.UserOpt(optPlayer, alice)).Message
	if len(prof.Attachments) != 1 || prof.Attachments[0].ContentType != "image/png" || !strings.Contains(prof.Content, "1 won") {
		t.Errorf("/twixt profile: %q with %d files", prof.Content, len(prof.Attachments))
	}
}

// crashStore commits a move and then fails, as a bot that dies between
// the result and the reply.
type crashStore struct{ match.Store }

func (s crashStore) AppendMoves(ctx context.Context, id storage.GameID, n storage.LogMark, moves []storage.SeatMove, update func(*storage.Game, game.Outcome) error) (storage.Moved, error) {
	if _, err := s.Store.AppendMoves(ctx, id, n, moves, update); err != nil {
		return storage.Moved{}, err
	}
	return storage.Moved{}, errors.New("the bot died after the commit")
}

// TestRatedResultAcrossARestart: the resignation commits, the bot fails
// before it replies and restarts, and Discord delivers the press again:
// the ratings changed once, with the result.
func TestRatedResultAcrossARestart(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	db := filepath.Join(t.TempDir(), "twixt.db")
	r := startBot(t, fake, runOpts{db: db})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1")
	conf := r.resignPress(bob, "g1")
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	r = startBot(t, fake, runOpts{db: db, wrap: func(s match.Store) match.Store { return crashStore{s} }})
	i := fake.MustPress(bob, conf.ID, "resign/g1")
	if err := fake.Deliver(waitCtx(t), i); err != nil {
		t.Fatal(err)
	}
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	r = startBot(t, fake, runOpts{db: db})
	if err := fake.Deliver(waitCtx(t), i); err != nil {
		t.Fatal(err)
	}
	won, lost := oneGame(rating.Win)
	if a, b := r.standingOf(alice, storage.PoolStandard), r.standingOf(bob, storage.PoolStandard); a.Rating != won || b.Rating != lost || a.Games() != 1 || b.Games() != 1 {
		t.Errorf("after the restart: alice %+v, bob %+v; want %v and %v", a, b, won, lost)
	}
	if rb, err := r.store.RebuildRatings(context.Background()); err != nil || rb.Changed+rb.Appeared+rb.Vanished != 0 {
		t.Errorf("a rebuild finds %+v, %v", rb, err)
	}
}

// TestDoubleTwixTRatedHTTP: a Double TwixT match updates the four
// players' team ratings, and nobody's two-player rating.
func TestDoubleTwixTRatedHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob, carol, dave := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol"), fake.NewUser("dave")
	proposeDouble(t, r, "g1", alice, bob, carol, dave, discordtest.Str(optSize, "5"))
	conf := r.resignPress(dave, "g1")
	r.press(dave, conf, "resign/g1")
	res := r.announced("wins by resignation")
	two := []rating.Rating{rating.New(), rating.New()}
	red, black := rating.System{Tau: rating.DefaultTau}.Game(two, two, rating.Win)
	for u, want := range map[discordtest.User]rating.Rating{alice: red[0], bob: red[1], carol: black[0], dave: black[1]} {
		if st := r.standingOf(u, storage.PoolDouble); st.Rating != want || st.Games() != 1 {
			t.Errorf("%s: %+v, want %v", u.Name, st, want)
		}
		if st := r.standingOf(u, storage.PoolStandard); st.Games() != 0 {
			t.Errorf("%s has a standard rating: %+v", u.Name, st)
		}
		if !strings.Contains(res.Content, fmt.Sprintf("<@%s> %.0f", u.ID, want.Rating)) {
			t.Errorf("the result %q does not give %s's new rating", res.Content, u.Name)
		}
	}
}

// TestCasualGameHTTP: a casual game changes no rating, and says so.
func TestCasualGameHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Bool(optRated, false)).Message
	if !strings.Contains(ch.Content, "Casual game: ratings will not change.") {
		t.Fatalf("casual challenge: %q", ch.Content)
	}
	r.press(bob, ch, "accept/g1")
	r.press(bob, r.resignPress(bob, "g1"), "resign/g1")
	if res := r.announced("wins by resignation"); !strings.Contains(res.Content, "Casual game: ratings unchanged.") {
		t.Errorf("result %q", res.Content)
	}
	for _, u := range []discordtest.User{alice, bob} {
		if st := r.standingOf(u, storage.PoolStandard); st.Games() != 0 || st.Rating != rating.New() {
			t.Errorf("%s after a casual game: %+v", u.Name, st)
		}
	}
	if lb := r.do(alice, "twixt leaderboard").Message; !strings.Contains(lb.Content, "No rated standard games yet") {
		t.Errorf("leaderboard after a casual game: %q", lb.Content)
	}
}

// TestRatingSettingsHTTP: a server that plays casual by default, and one
// that keeps handicap games casual.
func TestRatingSettingsHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	// More settings than Discord's 25 fixed choices: the setting option
	// completes what is typed.
	for _, path := range []string{"twixtadmin set", "twixtadmin unset"} {
		res := fake.Exchange(fake.Autocomplete(mod, path, discordtest.Focused(optSetting, "rated")))
		if len(res.Choices) != 2 || res.Choices[0].Value != "rated" || res.Choices[1].Value != "rated_handicap" {
			t.Errorf("%s: the settings completing %q: %v", path, "rated", res.Choices)
		}
	}
	if res := fake.Exchange(fake.Autocomplete(mod, "twixtadmin set", discordtest.Focused(optSetting, ""))); len(res.Choices) != min(len(match.Settings), 25) {
		t.Errorf("%d settings offered for nothing typed, want %d", len(res.Choices), min(len(match.Settings), 25))
	}
	r.set(mod, "rated_handicap", "off")
	if ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Int(optHandicap, 2)).Message; !strings.Contains(ch.Content, "Casual game") {
		t.Errorf("a handicap challenge on a server without rated handicap games: %q", ch.Content)
	}
	r.refused(alice, "twixt challenge", "Not allowed on this server: a rated game with a handicap", discordtest.UserOpt(optOpponent, bob),
		discordtest.Int(optExtraMoves, 1), discordtest.Bool(optRated, true))
	if ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob)).Message; !strings.Contains(ch.Content, "Rated (standard") {
		t.Errorf("an even challenge: %q", ch.Content)
	}
	r.set(mod, "rated", "off")
	if ch := r.do(bob, "twixt challenge", discordtest.UserOpt(optOpponent, alice)).Message; !strings.Contains(ch.Content, "Casual game") {
		t.Errorf("a challenge on a casual server: %q", ch.Content)
	}
	if ch := r.do(bob, "twixt challenge", discordtest.UserOpt(optOpponent, alice), discordtest.Bool(optRated, true)).Message; !strings.Contains(ch.Content, "Rated (standard") {
		t.Errorf("a rated challenge on a casual server: %q", ch.Content)
	}
}

// TestAdjudicationRatedHTTP: a moderator's adjudication counts for the
// ratings only when the moderator says so.
func TestAdjudicationRatedHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	mod, alice, bob, carol := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol")
	r.begin(alice, bob, "g1")
	r.begin(alice, carol, "g2")
	r.do(mod, "twixtadmin adjudicate", discordtest.Str(optGame, "g1"), discordtest.Str(optWinner, "black"))
	if res := r.announced("adjudicated g1"); !strings.Contains(res.Content, "Adjudicated without rating: ratings unchanged.") {
		t.Errorf("adjudicated, not counted: %q", res.Content)
	}
	if st := r.standingOf(bob, storage.PoolStandard); st.Games() != 0 {
		t.Errorf("bob after an adjudication that does not count: %+v", st)
	}
	r.do(mod, "twixtadmin adjudicate", discordtest.Str(optGame, "g2"), discordtest.Str(optWinner, "black"), discordtest.Bool(optRated, true))
	won, lost := oneGame(rating.Win)
	if res := r.announced("adjudicated g2"); !strings.Contains(res.Content, fmt.Sprintf("<@%s> %.0f (+", carol.ID, won.Rating)) {
		t.Errorf("adjudicated and counted: %q", res.Content)
	}
	if c, a := r.standingOf(carol, storage.PoolStandard), r.standingOf(alice, storage.PoolStandard); c.Rating != won || a.Rating != lost {
		t.Errorf("after a counted adjudication: carol %+v, alice %+v", c, a)
	}
}

// TestLeaderboardHTTP: the empty leaderboard, then pages of ranked
// players with the provisional ones apart, turned by the buttons.
func TestLeaderboardHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice := fake.NewUser("alice")
	if lb := r.do(alice, "twixt leaderboard").Message; !strings.Contains(lb.Content, "No rated standard games yet") || len(lb.Buttons()) != 0 {
		t.Fatalf("the empty leaderboard: %q", lb.Content)
	}
	// Through the store: alice plays 15 players twice each and gets an
	// established rating; they stay provisional.
	ctx := context.Background()
	for i := range 30 {
		opp := storage.UserID(fmt.Sprintf("9000%02d", i%15))
		g, err := r.store.Create(ctx, &storage.Game{Seats: []storage.UserID{storage.UserID(alice.ID), opp},
			Place: storage.Place{Guild: storage.GuildID(fake.GuildID()), Channel: storage.ChannelID(fake.ChannelID())}, State: storage.Active})
		if err != nil {
			t.Fatal(err)
		}
		seat := game.Seat(2 - i%3/2) // alice wins two in three
		if _, err := r.store.AppendMove(ctx, g.ID, storage.AnyLen, seat, game.Move{Kind: game.Resign}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if st := r.standingOf(alice, storage.PoolStandard); st.Provisional() {
		t.Fatalf("alice is still provisional after 30 games: %+v", st)
	}
	lb := r.do(alice, "twixt leaderboard", discordtest.Str(optScope, "server"), discordtest.Str(optRuleset, "standard")).Message
	if !strings.Contains(lb.Content, "page 1") || !strings.Contains(lb.Content, "1. <@"+alice.ID+">") || !strings.Contains(lb.Content, "*Provisional") ||
		strings.Index(lb.Content, "<@"+alice.ID+">") > strings.Index(lb.Content, "*Provisional") {
		t.Fatalf("page 1: %q", lb.Content)
	}
	if n := strings.Count(lb.Content, "<@"); n != leaderboardPage {
		t.Errorf("page 1 lists %d players", n)
	}
	prev, _ := findButton(lb, "lb/server/standard/0")
	next, ok := findButton(lb, "lb/server/standard/2")
	if !ok || next.Disabled || !prev.Disabled {
		t.Fatalf("page 1 buttons: %+v", lb.Buttons())
	}
	p2 := r.press(alice, lb, next.CustomID).Message
	if !strings.Contains(p2.Content, "page 2") || strings.Count(p2.Content, "<@") != 16-leaderboardPage || p2.ID != lb.ID {
		t.Fatalf("page 2 (message %s, was %s): %q", p2.ID, lb.ID, p2.Content)
	}
	if n, _ := findButton(p2, "lb/server/standard/3"); !n.Disabled {
		t.Errorf("Next is enabled on the last page")
	}
	back, _ := findButton(p2, "lb/server/standard/1")
	if p1 := r.press(alice, p2, back.CustomID).Message; !strings.Contains(p1.Content, "page 1") {
		t.Errorf("back to page 1: %q", p1.Content)
	}
	r.refused(alice, "twixt leaderboard", "has no page 3", discordtest.Int(optPage, 3))
	if g := r.do(alice, "twixt leaderboard", discordtest.Str(optScope, "global"), discordtest.Str(optRuleset, "pp")).Message; !strings.Contains(g.Content, "No rated pp games yet") {
		t.Errorf("the global PP leaderboard: %q", g.Content)
	}
}

func TestSigned(t *testing.T) {
	for _, c := range []struct {
		d    float64
		want string
	}{{14.4, "+14"}, {-9.6, "-10"}, {0.2, "±0"}, {-0.4, "±0"}, {162, "+162"}} {
		if got := signed(c.d); got != c.want {
			t.Errorf("signed(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func FuzzParseScope(f *testing.F) {
	for _, s := range []string{"", "server", "global", "GLOBAL ", "all", "servers", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc, err := parseScope(s, "123")
		if err != nil {
			if !errors.Is(err, match.ErrBadOption) {
				t.Errorf("%q: %v is not ErrBadOption", s, err)
			}
			return
		}
		if sc != storage.Global && sc != storage.ServerRatings("123") {
			t.Errorf("%q gave %v", s, sc)
		}
	})
}

// TestRatingGraph decodes the graph of a rising rating and finds the red
// line lower on the left than on the right.
func TestRatingGraph(t *testing.T) {
	var hist []storage.RatedResult // newest first
	r := rating.New()
	for i := 0; i < 12; i++ {
		next := rating.Rating{Rating: r.Rating + 20, Deviation: r.Deviation * 0.9, Volatility: r.Volatility}
		hist = append([]storage.RatedResult{{Game: storage.GameID(i + 1), Score: rating.Win, Before: r, After: next}}, hist...)
		r = next
	}
	f, err := ratingGraph(hist, storage.PoolStandard, vocab{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.Description, "from 1500 to 1740") {
		t.Errorf("alt text %q", f.Description)
	}
	img, err := png.Decode(bytes.NewReader(f.Data))
	if err != nil {
		t.Fatal(err)
	}
	// redAt is the topmost red pixel of a column, or -1.
	redAt := func(x int) int {
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if c.R > 150 && c.G < 80 && c.B < 80 {
				return y
			}
		}
		return -1
	}
	left, right := redAt(40), redAt(img.Bounds().Dx()-40)
	if left < 0 || right < 0 || right >= left {
		t.Errorf("the rating line is at y=%d on the left and y=%d on the right; want it rising", left, right)
	}
}

// TestComputerRatedHTTP: a game against the computer shows its rating as
// "computer level N" and rates it per level, not as its user.
func TestComputerRatedHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{computer: fastEngine()})
	alice := fake.NewUser("alice")
	start := r.do(alice, "twixt computer", discordtest.Str(optSize, "8"), discordtest.Str(optColor, "red"), discordtest.Str(optLevel, "2")).Message
	want := fmt.Sprintf("Rated (standard, this server): <@%s> 1500 ±350 (provisional) · computer level 2 1500 ±350 (provisional).", alice.ID)
	if !strings.Contains(start.Content, want) {
		t.Fatalf("the start %q does not say %q", start.Content, want)
	}
	r.press(alice, r.resignPress(alice, "g1"), "resign/g1")
	won, lost := oneGame(rating.Win)
	if res := r.announced("wins by resignation"); !strings.Contains(res.Content, fmt.Sprintf("computer level 2 %.0f (+", won.Rating)) {
		t.Errorf("the result %q does not give the computer's new rating", res.Content)
	}
	sc := storage.ServerRatings(storage.GuildID(fake.GuildID()))
	if st, err := r.store.Standing(context.Background(), sc, storage.PoolStandard, storage.ComputerSubject(2)); err != nil || st.Rating != won {
		t.Errorf("computer level 2: %+v, %v; want %v", st, err, won)
	}
	if st := r.standingOf(alice, storage.PoolStandard); st.Rating != lost {
		t.Errorf("alice: %+v, want %v", st, lost)
	}
	if st := r.standingOf(computerUser(fake), storage.PoolStandard); st.Games() != 0 {
		t.Errorf("the computer's user is rated: %+v", st)
	}
	if c := r.do(alice, "twixt computer", discordtest.Str(optSize, "8"), discordtest.Bool(optRated, false)).Message; !strings.Contains(c.Content, "Casual game") {
		t.Errorf("a casual game against the computer: %q", c.Content)
	}
}
