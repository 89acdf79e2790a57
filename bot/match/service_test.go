package match

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/internal/testclock"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// The clock and store of the tests.
type testClock = testclock.Clock

var (
	newTestClock = testclock.New
	openStore    = testclock.OpenStore
)

type fixture struct {
	t     *testing.T
	svc   *Service
	store *storage.Store
	clock *testClock
	path  string
	ctx   context.Context
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	clock := newTestClock()
	path := filepath.Join(t.TempDir(), "twixt.db")
	st := openStore(t, path, clock)
	return &fixture{t: t, store: st, clock: clock, path: path, ctx: context.Background(),
		svc: NewService(st, clock.Now, func(int) int { return 0 })}
}

// restart closes the store and opens it again, as a restart of the bot.
func (f *fixture) restart() {
	f.t.Helper()
	if err := f.store.Close(); err != nil {
		f.t.Fatal(err)
	}
	f.store = openStore(f.t, f.path, f.clock)
	f.svc = NewService(f.store, f.clock.Now, func(int) int { return 0 })
}

func actor(user string) Actor {
	return Actor{User: storage.UserID(user), Guild: "guild", Channel: "chan"}
}

func (f *fixture) start(players ...string) *storage.Game {
	f.t.Helper()
	inv := Invitation{Color: "red"}
	for _, p := range players[1:] {
		inv.Invited = append(inv.Invited, storage.UserID(p))
	}
	g, err := f.svc.Challenge(f.ctx, actor(players[0]), inv)
	if err != nil {
		f.t.Fatal(err)
	}
	for _, p := range players[1:] {
		ans, err := f.svc.Respond(f.ctx, actor(p), g.ID, true)
		if err != nil {
			f.t.Fatal(err)
		}
		g = ans.Game
	}
	if g.State != storage.Active {
		f.t.Fatalf("game %s is %v after everyone accepted", g.ID, g.State)
	}
	return g
}

func (f *fixture) move(user string, id storage.GameID, text string) (*Played, error) {
	m, err := game.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return f.svc.Play(f.ctx, actor(user), id, Action{Move: m, Turns: -1})
}

func (f *fixture) mustMove(user string, id storage.GameID, text string) *Played {
	f.t.Helper()
	p, err := f.move(user, id, text)
	if err != nil {
		f.t.Fatalf("%s plays %s: %v", user, text, err)
	}
	return p
}

func TestChallengeRules(t *testing.T) {
	f := newFixture(t)
	_, err := f.svc.Challenge(f.ctx, actor("alice"), Invitation{Invited: []storage.UserID{"alice"}})
	if !errors.Is(err, ErrSelfChallenge) {
		t.Errorf("self challenge: %v", err)
	}
	_, err = f.svc.Challenge(f.ctx, actor("alice"), Invitation{Invited: []storage.UserID{"robot"}, Bots: []bool{true}})
	if !errors.Is(err, ErrBotChallenge) {
		t.Errorf("bot challenge: %v", err)
	}
	_, err = f.svc.Challenge(f.ctx, actor("alice"), Invitation{Invited: []storage.UserID{"bob", "carol", "bob"}})
	if !errors.Is(err, ErrBadOption) {
		t.Errorf("a player twice: %v", err)
	}
	g, err := f.svc.Challenge(f.ctx, actor("alice"), Invitation{Invited: []storage.UserID{"bob"}, Color: "black"})
	if err != nil {
		t.Fatal(err)
	}
	if g.User(1) != "bob" || g.User(2) != "alice" || !g.Meta.Accepted.Has(2) {
		t.Errorf("seats %v accepted %v", g.Seats, g.Meta.Accepted)
	}
	// Only the invited player answers.
	if _, err := f.svc.Respond(f.ctx, actor("carol"), g.ID, true); !errors.Is(err, ErrNotForYou) {
		t.Errorf("stranger accepts: %v", err)
	}
	if _, err := f.svc.Respond(f.ctx, actor("alice"), g.ID, true); !errors.Is(err, ErrWaiting) {
		t.Errorf("challenger accepts own challenge: %v", err)
	}
	if _, err := f.svc.Respond(f.ctx, actor("alice"), g.ID, false); !errors.Is(err, ErrNotForYou) {
		t.Errorf("challenger declines own challenge: %v", err)
	}
	ans, err := f.svc.Respond(f.ctx, actor("bob"), g.ID, false)
	if err != nil || !ans.Declined || ans.Game.State != storage.Cancelled {
		t.Fatalf("decline: %+v %v", ans, err)
	}
	if _, err := f.svc.Respond(f.ctx, actor("bob"), g.ID, true); !errors.Is(err, ErrAnswered) {
		t.Errorf("accept after decline: %v", err)
	}
	// A challenge lapses.
	g2, err := f.svc.Challenge(f.ctx, actor("alice"), Invitation{Invited: []storage.UserID{"bob"}})
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(25 * time.Hour)
	if _, err := f.svc.Respond(f.ctx, actor("bob"), g2.ID, true); !errors.Is(err, ErrExpired) {
		t.Errorf("accept after expiry: %v", err)
	}
	if got, _ := f.store.Get(f.ctx, g2.ID); got.State != storage.Cancelled {
		t.Errorf("expired challenge is %v", got.State)
	}
}

func TestPlayTurnsAndErrors(t *testing.T) {
	f := newFixture(t)
	g := f.start("alice", "bob")
	if _, err := f.move("bob", g.ID, "e5"); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("bob out of turn: %v", err)
	}
	var te *TurnError
	if _, err := f.move("bob", g.ID, "e5"); !errors.As(err, &te) || te.ToMove != "alice" || te.Color != game.Red {
		t.Errorf("turn error names %+v", te)
	}
	if _, err := f.move("carol", g.ID, "e5"); !errors.Is(err, ErrNotInGame) {
		t.Errorf("stranger moves: %v", err)
	}
	if _, err := f.move("alice", g.ID, "a5"); !errors.Is(err, game.ErrOpponentBorder) {
		t.Errorf("illegal move: %v", err)
	}
	p := f.mustMove("alice", g.ID, "j12")
	if p.Last().Hole.String() != "j12" || len(p.Game.Log) != 1 {
		t.Errorf("after j12: %+v", p.Last())
	}
	// A stale action (a button from before the move) is refused.
	m, _ := game.ParseMove("k14")
	if _, err := f.svc.Play(f.ctx, actor("bob"), g.ID, Action{Move: m, Turns: 0}); !errors.Is(err, ErrStale) {
		t.Errorf("stale action: %v", err)
	}
	f.mustMove("bob", g.ID, "k14")
	// Swap after the first move only.
	if _, err := f.move("alice", g.ID, "swap"); !errors.Is(err, game.ErrSwapNotNow) {
		t.Errorf("late swap: %v", err)
	}
	// Resignation, at any time, by either player.
	p, err := f.svc.Play(f.ctx, actor("bob"), g.ID, Action{Move: game.Move{Kind: game.Resign}, Turns: -1})
	if err != nil || p.Game.State != storage.Finished || p.Game.Result != (game.Result{Winner: game.Red, Reason: game.Resignation}) {
		t.Fatalf("resign: %v %+v", err, p)
	}
	if _, err := f.move("alice", g.ID, "e5"); !errors.Is(err, ErrNotRunning) {
		t.Errorf("move after the end: %v", err)
	}
}

func TestDraws(t *testing.T) {
	f := newFixture(t)
	g := f.start("alice", "bob")
	f.mustMove("alice", g.ID, "j12")
	off, err := f.svc.OfferDraw(f.ctx, actor("alice"), g.ID)
	if err != nil || off.Seat != 1 || off.Played != nil {
		t.Fatalf("offer: %+v %v", off, err)
	}
	if _, err := f.svc.OfferDraw(f.ctx, actor("alice"), g.ID); !errors.Is(err, ErrAnswered) {
		t.Errorf("second offer: %v", err)
	}
	if _, err := f.svc.AcceptDraw(f.ctx, actor("alice"), g.ID, storage.LogMark{Len: 1}); !errors.Is(err, ErrNotForYou) {
		t.Errorf("offerer accepts: %v", err)
	}
	// A move withdraws the offer.
	f.mustMove("bob", g.ID, "k14")
	if _, err := f.svc.AcceptDraw(f.ctx, actor("bob"), g.ID, storage.LogMark{Len: 1}); !errors.Is(err, ErrNoDrawOffer) {
		t.Errorf("accept a lapsed offer: %v", err)
	}
	if _, err := f.svc.OfferDraw(f.ctx, actor("bob"), g.ID); err != nil {
		t.Fatal(err)
	}
	// The other side's /twixt draw accepts.
	off, err = f.svc.OfferDraw(f.ctx, actor("alice"), g.ID)
	if err != nil || off.Played == nil || off.Played.Game.Result != (game.Result{Reason: game.Agreement}) {
		t.Fatalf("mutual draw: %+v %v", off, err)
	}
}

func TestDoubleTwixTPrivilegeAndSubstitute(t *testing.T) {
	f := newFixture(t)
	// alice and bob against carol and dave; alice's team is Red.
	inv := Invitation{Invited: []storage.UserID{"bob", "carol", "dave"}, Color: "red"}
	g, err := f.svc.Challenge(f.ctx, actor("alice"), inv)
	if err != nil {
		t.Fatal(err)
	}
	want := []storage.UserID{"alice", "carol", "bob", "dave"}
	for i, u := range want {
		if g.User(game.Seat(i+1)) != u {
			t.Fatalf("seats %v, want %v", g.Seats, want)
		}
	}
	for i, p := range []string{"bob", "carol", "dave"} {
		ans, err := f.svc.Respond(f.ctx, actor(p), g.ID, true)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Started != (i == 2) {
			t.Errorf("after %s accepted: started %v", p, ans.Started)
		}
	}
	// A partner cannot move for alice.
	if _, err := f.move("bob", g.ID, "e5"); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("partner moves: %v", err)
	}
	m, _ := game.ParseMove("e5")
	p, err := f.svc.Play(f.ctx, actor("alice"), g.ID, Action{Move: m, Privilege: true, Turns: -1})
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := p.Pos.ToMove(); s != 3 || p.Last().Skipped != 2 {
		t.Errorf("after privilege: seat %v to move, skipped %v", s, p.Last().Skipped)
	}
	f.mustMove("bob", g.ID, "f7")
	// Too late for carol's team? No: dave moves, then claims with the button.
	f.mustMove("dave", g.ID, "k10")
	p, err = f.svc.Play(f.ctx, actor("dave"), g.ID, Action{Move: game.Move{Kind: game.Privilege}, Turns: 4})
	if err != nil {
		t.Fatalf("dave's privilege: %v", err)
	}
	if s, _ := p.Pos.ToMove(); s != 2 {
		t.Errorf("after black's privilege seat %v to move, want 2 (carol)", s)
	}
	// Substitute: only the partner of the seat agrees.
	if _, _, err := f.svc.Substitute(f.ctx, actor("alice"), g.ID, 2, "erin", "Erin", false); !errors.Is(err, ErrNotForYou) {
		t.Errorf("opponent substitutes: %v", err)
	}
	ng, old, err := f.svc.Substitute(f.ctx, actor("dave"), g.ID, 2, "erin", "Erin", false)
	if err != nil || ng.User(2) != "erin" || old != "carol" || ng.Meta.Names[1] != "Erin" {
		t.Fatalf("substitute: %v %v", err, ng)
	}
	f.mustMove("erin", g.ID, "m12")
}

func TestClockAfterRestart(t *testing.T) {
	f := newFixture(t)
	if _, err := f.svc.Set(f.ctx, Actor{User: "mod", Guild: "guild", Moderator: true}, "clock", "1h", ""); err != nil {
		t.Fatal(err)
	}
	g := f.start("alice", "bob")
	f.mustMove("alice", g.ID, "j12")
	// Half an hour later: one reminder (50%), and only one.
	f.clock.Advance(31 * time.Minute)
	n, err := f.svc.Sweep(f.ctx, f.clock.Now())
	if err != nil || len(n) != 1 || n[0].Kind != Reminder || n[0].Percent != 50 || n[0].Game.User(n[0].Seat) != "bob" {
		t.Fatalf("first sweep: %+v %v", n, err)
	}
	if n, _ := f.svc.Sweep(f.ctx, f.clock.Now()); len(n) != 0 {
		t.Errorf("a second sweep reminded again: %+v", n)
	}
	// The bot is down while the time runs out; after the restart the
	// first sweep ends the game, once.
	f.restart()
	f.clock.Advance(2 * time.Hour)
	n, err = f.svc.Sweep(f.ctx, f.clock.Now())
	if err != nil || len(n) != 1 || n[0].Kind != Timeout {
		t.Fatalf("sweep after restart: %+v %v", n, err)
	}
	if r := n[0].Game.Result; r != (game.Result{Winner: game.Red, Reason: game.Timeout}) {
		t.Errorf("result %v", r)
	}
	if n, _ := f.svc.Sweep(f.ctx, f.clock.Now()); len(n) != 0 {
		t.Errorf("timeout acted on twice: %+v", n)
	}
}

func TestModeration(t *testing.T) {
	f := newFixture(t)
	mod := Actor{User: "mod", Guild: "guild", Channel: "chan", Moderator: true}
	if _, err := f.svc.Set(f.ctx, actor("alice"), "size", "12", ""); !errors.Is(err, ErrNotModerator) {
		t.Errorf("non-moderator sets: %v", err)
	}
	// The maximum cannot go below the default size in force.
	if _, err := f.svc.Set(f.ctx, mod, "size_max", "20", ""); !errors.Is(err, ErrBadValue) || !strings.Contains(err.Error(), "default size outside (\"24x24\", n=0 lo=5 hi=20)") {
		t.Errorf("size_max below the default size: %v", err)
	}
	if _, err := f.svc.Set(f.ctx, mod, "size", "20", ""); err != nil {
		t.Fatal(err)
	}
	c, err := f.svc.Set(f.ctx, mod, "size_max", "20", "")
	if err != nil || c.Old != "48" || c.Value != "20" {
		t.Fatalf("set size_max: %+v %v", c, err)
	}
	if _, err := f.svc.Set(f.ctx, mod, "size", "16", "chan"); err != nil {
		t.Fatal(err)
	}
	g, err := f.svc.Challenge(f.ctx, actor("alice"), Invitation{Invited: []storage.UserID{"bob"}})
	if err != nil || g.Settings.Size != (game.Size{Cols: 16, Rows: 16}) {
		t.Fatalf("challenge in chan: %v %v", err, g)
	}
	other := actor("erin")
	other.Channel = "elsewhere"
	if _, err := f.svc.Challenge(f.ctx, other, Invitation{Invited: []storage.UserID{"frank"}, Terms: Terms{Size: "24"}}); !errors.Is(err, ErrNotAllowed) || !strings.Contains(err.Error(), "from 5 to 20") {
		t.Errorf("24x24 with size_max 20: %v", err)
	}
	if _, err := f.svc.SavePreset(f.ctx, mod, Preset{Name: "beginner", Handicap: 6}); err != nil {
		t.Fatal(err)
	}
	g2, err := f.svc.Challenge(f.ctx, actor("carol"), Invitation{Invited: []storage.UserID{"dave"}, Terms: Terms{Preset: "beginner"}})
	if err != nil || g2.Settings.BoardSize() != (game.Size{Cols: 10, Rows: 16}) || g2.Settings.SwapAllowed() {
		t.Fatalf("preset challenge: %v %+v", err, g2)
	}
	hist, err := f.svc.History(f.ctx, mod, 10)
	if err != nil || len(hist) != 4 || hist[0].By != "mod" {
		t.Errorf("history %+v %v", hist, err)
	}
	// Abort and adjudicate.
	ans, err := f.svc.Respond(f.ctx, actor("bob"), g.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Conclude(f.ctx, actor("bob"), ans.Game.ID.String(), game.Adjudication, game.Black); !errors.Is(err, ErrNotModerator) {
		t.Errorf("player adjudicates: %v", err)
	}
	p, err := f.svc.Conclude(f.ctx, mod, ans.Game.ID.String(), game.Adjudication, game.Black)
	if err != nil || p.Game.Result != (game.Result{Winner: game.Black, Reason: game.Adjudication}) {
		t.Fatalf("adjudicate: %v %+v", err, p)
	}
	p, err = f.svc.Conclude(f.ctx, mod, g2.ID.String(), game.Aborted, game.NoColor)
	if err != nil || p.Game.State != storage.Cancelled {
		t.Fatalf("abort a proposal: %v %+v", err, p)
	}
}
