package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// What one user can make the bot do is bounded: how fast they act (the
// per-user rate limit), how large a board they play on, and how many games
// they keep open.

// TestFloodingUserIsSlowedDown runs the router with cmd/twixtbot's limit
// (8 actions at once, then 1 a second) on a clock the test moves: a user
// who floods gets one private "slow down" notice, then silence, and their
// moves do not land; another user is served all along; and once calm, the
// flooder is served again, and told once again if they flood again.
func TestFloodingUserIsSlowedDown(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	clock := discordtest.NewClock(time.Now())
	// The dispatcher's clock too: a throttled action gets no answer at all,
	// not even a deferral, however busy the machine (the test moves the
	// clock only between actions).
	r := startBot(t, fake, runOpts{limiter: discord.NewUserLimiter(1, 8, clock), dispatch: discord.DispatcherOptions{Clock: clock}})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1") // alice's first action; bob's first
	for k := 2; k <= 8; k++ {
		if m := r.do(alice, "twixt help").Message; !strings.Contains(m.Content, "j12") {
			t.Fatalf("action %d of alice's burst answered %q", k, m.Content)
		}
	}
	notice := r.do(alice, "twixt move", discordtest.Str(optAt, "f6")).Message
	if !notice.Ephemeral() || notice.Content != discord.SlowDown {
		t.Fatalf("the first action past the burst answered %q (ephemeral %v)", notice.Content, notice.Ephemeral())
	}
	for range 3 {
		i := fake.Command(alice, "twixt move", discordtest.Str(optAt, "f6"))
		if err := fake.Deliver(waitCtx(t), i); err != nil {
			t.Fatal(err)
		}
		if fake.Answered(i.ID) {
			t.Fatalf("alice was answered again: %+v", fake.Await(i.ID).Message)
		}
		if m := r.do(bob, "twixt games").Message; !strings.Contains(m.Content, "g1") {
			t.Fatalf("bob is not served while alice floods: %q", m.Content)
		}
	}
	r.wantLog(1) // none of the throttled moves landed
	if got := r.metrics.Interactions("twixt move", discord.OutcomeThrottled); got != 4 {
		t.Errorf("%d moves counted as throttled, want 4", got)
	}
	clock.Advance(time.Second)
	r.move(alice, "f6")
	r.wantLog(1, "f6")
	// Calm (the bucket full again), then a second flood: one more notice.
	clock.Advance(time.Minute)
	notices := 0
	for range 12 {
		i := fake.Command(alice, "twixt help")
		if err := fake.Deliver(waitCtx(t), i); err != nil {
			t.Fatal(err)
		}
		if fake.Answered(i.ID) && fake.Await(i.ID).Message.Content == discord.SlowDown {
			notices++
		}
	}
	if notices != 1 {
		t.Errorf("a second flood got %d notices, want 1", notices)
	}
	// Autocompletes are not counted: Discord sends them as the user types.
	if res := fake.Exchange(fake.Autocomplete(alice, "twixt move", discordtest.Focused(optAt, "g"))); len(res.Choices) == 0 {
		t.Error("a throttled user gets no autocomplete")
	}
}

// TestLargestBoardIsServed: a moderator allows the engine's largest board,
// 100x100 (and no larger), and a game on it, with a long move list, is
// answered like any other: the board as a picture, the history as a file.
// No timing is asserted; the figures are in the load harness's report.
func TestLargestBoardIsServed(t *testing.T) {
	// Pictures of 100x100 boards take long under the race detector on a
	// busy machine (more than 10 s was seen): a generous bound.
	fake := discordtest.New(t, discordtest.Options{WaitTimeout: 2 * time.Minute})
	var outcomes []discord.Record
	r := startBot(t, fake, runOpts{dispatch: discord.DispatcherOptions{Observe: func(rec discord.Record) {
		outcomes = append(outcomes, rec)
	}}})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	r.refused(mod, "twixtadmin set", "from 5 to 100", discordtest.Str(optSetting, "size_max"), discordtest.Str(optValue, "101"))
	if m := r.set(mod, "size_max", "100"); !strings.Contains(m, "**100**") {
		t.Fatalf("size_max 100: %q", m)
	}
	r.refused(alice, "twixt challenge", "101x101 board is not allowed", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optSize, "101"))
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optSize, "100"), discordtest.Str(optColor, "red")).Message
	if !strings.Contains(ch.Content, "100x100") {
		t.Fatalf("challenge: %q", ch.Content)
	}
	r.press(bob, ch, "accept/g1")

	// 400 turns of random legal moves, straight through the match logic.
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	players := map[game.Color]match.Actor{}
	g, pos, err := r.store.Load(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	for s, u := range g.Seats {
		players[pos.SeatColor(game.Seat(s+1))] = match.Actor{User: u, Guild: g.Place.Guild, Channel: g.Place.Channel}
	}
	for range 400 {
		_, c := pos.ToMove()
		holes := pos.LegalHoles()
		p, err := r.bot.Service().Play(ctx, players[c], 1, match.Action{Move: game.Move{Kind: game.Place, Hole: holes[rng.IntN(len(holes))]}, Turns: -1})
		if err != nil {
			t.Fatal(err)
		}
		pos = p.Pos
	}
	_, c := pos.ToMove()
	u := alice
	if string(players[c].User) == bob.ID {
		u = bob
	}
	hole := pos.LegalHoles()[0]
	outcomes = nil
	m := r.move(u, hole.String())
	if !strings.Contains(m.Content, "401. ") || len(m.Attachments) != 1 || m.Attachments[0].Size == 0 {
		t.Fatalf("move 401 answered %q with %d files", m.Content, len(m.Attachments))
	}
	hist := r.do(alice, "twixt history").Message
	if f, ok := hist.File("g1-history.txt"); !ok || strings.Count(string(f.Data), "\n") < 401 {
		t.Fatalf("history: %q", hist.Content)
	}
	for _, rec := range outcomes {
		if rec.Outcome != discord.OutcomeOK {
			t.Errorf("%s ended %s (%v)", rec.Path, rec.Outcome, rec.Err)
		}
	}
}

// TestMaxGamesIsEnforced: with max_games 2, nobody can start a third game,
// nor be drawn into one, until one of their games is over.
func TestMaxGamesIsEnforced(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	mod := moderator(fake, "mod")
	u := map[string]discordtest.User{}
	for _, n := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		u[n] = fake.NewUser(n)
	}
	r.set(mod, "max_games", "2")
	challenge := func(from, to string) discordtest.Message {
		return r.do(u[from], "twixt challenge", discordtest.UserOpt(optOpponent, u[to])).Message
	}
	g1 := challenge("alice", "bob")
	challenge("alice", "carol") // g2
	r.refused(u["alice"], "twixt challenge", fmt.Sprintf("<@%s> already plays 2 games, the most this server allows. Finish a game first", u["alice"].ID),
		discordtest.UserOpt(optOpponent, u["dave"]))
	g3 := challenge("erin", "bob")
	r.press(u["bob"], g3, "accept/g3") // bob now in g1 (waiting) and g3 (running)
	r.refused(u["frank"], "twixt challenge", fmt.Sprintf("<@%s> already plays 2 games", u["bob"].ID),
		discordtest.UserOpt(optOpponent, u["bob"]))
	active, err := r.store.ActiveByUser(context.Background(), storage.UserID(u["bob"].ID))
	if err != nil || len(active) != 2 {
		t.Fatalf("bob has %d games (%v)", len(active), err)
	}
	// bob declines g1: he has room again.
	r.press(u["bob"], g1, "decline/g1")
	if m := challenge("frank", "bob"); !strings.Contains(m.Content, "challenges you") {
		t.Errorf("after a game ended, the challenge answered %q", m.Content)
	}
}
