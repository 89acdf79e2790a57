package storage

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

var ctx = context.Background()

func TestCreateLoadRoundTrip(t *testing.T) {
	s, _ := openTest(t)
	deadline := time.Date(2025, 3, 2, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		g    *Game
	}{
		{"proposed default", newGame(Proposed)},
		{"active pp handicap", &Game{
			Settings: game.Settings{Size: game.Size{Cols: 18, Rows: 20}, Ruleset: game.PP, Handicap: -2, NoAutoDraw: true},
			Seats:    []UserID{"u1", "u2"}, Place: Place{Guild: "g", Channel: "c", Thread: "th"}, State: Active,
			Clock: Clock{PerTurn: 24 * time.Hour, TurnStart: deadline.Add(-time.Hour), Deadline: deadline, Reminded: ReminderSet(0).With(1), Points: []uint8{50, 90}, Wake: deadline.Add(-time.Minute)},
			Meta:  Meta{BoardMessage: "m1", ChallengeMessage: "m0", Accepted: SeatSet(0).With(1).With(2), DrawOffer: 2, Theme: "kosmos", Names: []string{"Ünïcode", "bob"}},
		}},
		{"double twixt", &Game{
			Settings: game.Settings{Players: 4, Size: game.Size{Cols: 30, Rows: 30}},
			Seats:    []UserID{"a", "b", "c", "d"}, Place: Place{Channel: "dm"}, State: Proposed,
			Meta: Meta{Expires: deadline, Proposer: 2},
		}},
		{"imported log", &Game{
			Settings: game.Settings{Swap: game.SwapSides}, Seats: []UserID{"x", "y"}, Place: Place{Guild: "g", Channel: "c"}, State: Active,
			Log: []game.Move{{Kind: game.Place, Hole: game.Hole{Col: 5, Row: 5}}, {Kind: game.Swap}, {Kind: game.Place, Hole: game.Hole{Col: 9, Row: 9}}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := create(t, s, tt.g)
			if c.ID == 0 || c.Created.IsZero() || !c.Updated.Equal(c.Created) {
				t.Fatalf("created %+v: want an ID and timestamps", c)
			}
			if (c.State == Active) == c.Started.IsZero() {
				t.Errorf("state %s, started %v", c.State, c.Started)
			}
			if c.Settings.Size.Cols == 0 || c.Settings.Players == 0 {
				t.Errorf("settings %+v: want defaults filled in", c.Settings)
			}
			got, pos, err := s.Load(ctx, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c) {
				t.Errorf("loaded\n%+v\nwant\n%+v", got, c)
			}
			if pos.Turns() != countTurns(c.Log) {
				t.Errorf("position has %d turns, log %d entries", pos.Turns(), len(c.Log))
			}
		})
	}
	mustCheck(t, s)
}

func countTurns(log []game.Move) int {
	n := 0
	for _, m := range log {
		if m.IsTurn() {
			n++
		}
	}
	return n
}

func TestCreateRefuses(t *testing.T) {
	s, _ := openTest(t)
	tests := []struct {
		name string
		edit func(*Game)
		want error
	}{
		{"an ID", func(g *Game) { g.ID = 7 }, ErrBadRecord},
		{"finished", func(g *Game) { g.State = Finished }, ErrBadRecord},
		{"one seat", func(g *Game) { g.Seats = g.Seats[:1] }, ErrBadRecord},
		{"empty user", func(g *Game) { g.Seats[1] = "" }, ErrBadID},
		{"user with space", func(g *Game) { g.Seats[1] = "bo b" }, ErrBadID},
		{"no channel", func(g *Game) { g.Place.Channel = "" }, ErrBadID},
		{"bad size", func(g *Game) { g.Settings.Size = game.Size{Cols: 3, Rows: 3} }, game.ErrBadSize},
		{"proposed with moves", func(g *Game) { g.Log = []game.Move{{Kind: game.Place, Hole: game.Hole{Col: 3, Row: 3}}} }, ErrBadRecord},
		{"illegal log", func(g *Game) {
			g.State = Active
			g.Log = []game.Move{{Kind: game.Place, Hole: game.Hole{Col: 0, Row: 3}}}
		}, game.ErrOpponentBorder},
		{"draw offer from seat 3", func(g *Game) { g.Meta.DrawOffer = 3 }, ErrBadRecord},
		{"accepted seat 4", func(g *Game) { g.Meta.Accepted = SeatSet(0).With(4) }, ErrBadRecord},
		{"proposed by seat 3", func(g *Game) { g.Meta.Proposer = 3 }, ErrBadRecord},
		{"theme with newline", func(g *Game) { g.Meta.Theme = "a\nb" }, ErrBadRecord},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(Proposed)
			tt.edit(g)
			_, err := s.Create(ctx, g)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
	if all, err := s.Active(ctx); err != nil || len(all) != 0 {
		t.Errorf("after refusals: %d games stored, err %v", len(all), err)
	}
}

func TestAppendMovePlaysToTheEnd(t *testing.T) {
	s, _ := openTest(t)
	g := create(t, s, newGame(Active))
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 10; i++ {
		m := play(t, s, g.ID, r)
		if len(m.Game.Log) != i+1 || m.Pos.Turns() != i+1 || m.Outcome.Number != i+1 {
			t.Fatalf("after move %d: log %d, turns %d, outcome #%d", i+1, len(m.Game.Log), m.Pos.Turns(), m.Outcome.Number)
		}
	}
	// Bob (seat 2) resigns out of turn: Red is to move, and the
	// resignation must still count as Black's.
	before, _ := s.Player(ctx, "alice")
	m, err := s.AppendMove(ctx, g.ID, AnyLen, 2, game.Move{Kind: game.Resign}, func(g *Game, o game.Outcome) error {
		g.Meta.BoardMessage = "final"
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	fin := m.Game
	if fin.State != Finished || fin.Result != (game.Result{Winner: game.Red, Reason: game.Resignation}) || fin.Winners != SeatSet(0).With(1) {
		t.Fatalf("after resignation: %s %v winners %s", fin.State, fin.Result, fin.Winners)
	}
	if fin.Ended.IsZero() || fin.Meta.BoardMessage != "final" {
		t.Errorf("ended %v, board message %q", fin.Ended, fin.Meta.BoardMessage)
	}
	got, pos, err := s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if pos.Result() != fin.Result || !reflect.DeepEqual(got, fin) {
		t.Errorf("reloaded %+v (position %v), want %+v", got, pos.Result(), fin)
	}
	alice, _ := s.Player(ctx, "alice")
	bob, _ := s.Player(ctx, "bob")
	if alice.Wins != before.Wins+1 || bob.Losses != 1 || alice.Games() != 1 {
		t.Errorf("alice %+v, bob %+v", alice, bob)
	}
	if act, _ := s.ActiveByUser(ctx, "alice"); len(act) != 0 {
		t.Errorf("finished game still active: %v", ids(act))
	}
	fins, _, err := s.FinishedByGuild(ctx, "g1", Cursor{}, 10)
	if err != nil || !slices.Equal(ids(fins), []GameID{g.ID}) {
		t.Errorf("finished in g1: %v, %v", ids(fins), err)
	}
	if _, err := s.AppendMove(ctx, g.ID, AnyLen, 1, game.Move{Kind: game.Draw}, nil); !errors.Is(err, ErrWrongState) {
		t.Errorf("move after the end: %v, want ErrWrongState", err)
	}
	mustCheck(t, s)
}

func TestAppendMoveRefuses(t *testing.T) {
	s, _ := openTest(t)
	prop := create(t, s, newGame(Proposed))
	g := create(t, s, newGame(Active))
	j12 := game.Move{Kind: game.Place, Hole: game.Hole{Col: 9, Row: 11}}
	if _, err := s.AppendMove(ctx, g.ID, 0, 1, j12, nil); err != nil {
		t.Fatal(err)
	}
	k10 := game.Move{Kind: game.Place, Hole: game.Hole{Col: 10, Row: 9}}
	boom := errors.New("boom")
	tests := []struct {
		name   string
		id     GameID
		len    int
		seat   game.Seat
		m      game.Move
		update func(*Game, game.Outcome) error
		want   error
	}{
		{"no such game", 999, AnyLen, 2, k10, nil, ErrNotFound},
		{"proposed", prop.ID, 0, 1, j12, nil, ErrWrongState},
		{"stale length", g.ID, 0, 2, k10, nil, ErrConflict},
		{"ahead of the log", g.ID, 5, 2, k10, nil, ErrConflict},
		{"not your turn", g.ID, 1, 1, k10, nil, game.ErrNotYourTurn},
		{"occupied", g.ID, 1, 2, j12, nil, game.ErrOccupied},
		{"wrong move number", g.ID, 1, 2, game.Move{Kind: game.Place, Hole: k10.Hole, Number: 5}, nil, game.ErrStaleMove},
		{"update fails", g.ID, 1, 2, k10, func(*Game, game.Outcome) error { return boom }, boom},
		{"update edits the log", g.ID, 1, 2, k10, func(g *Game, _ game.Outcome) error { g.Log = g.Log[:1]; return nil }, ErrBadRecord},
		{"update edits the result", g.ID, 1, 2, k10, func(g *Game, _ game.Outcome) error { g.Result.Reason = game.Agreement; return nil }, ErrBadRecord},
		{"update sets a bad ID", g.ID, 1, 2, k10, func(g *Game, _ game.Outcome) error { g.Meta.BoardMessage = "a b"; return nil }, ErrBadID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.AppendMove(ctx, tt.id, tt.len, tt.seat, tt.m, tt.update)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			got, _ := s.Get(ctx, g.ID)
			if len(got.Log) != 1 {
				t.Fatalf("a refused move changed the log: %d entries", len(got.Log))
			}
		})
	}
	var ce *ConflictError
	_, err := s.AppendMove(ctx, g.ID, 0, 2, k10, nil)
	if !errors.As(err, &ce) || ce.Game != g.ID || ce.Expected != (LogMark{0, AnyTakebacks}) || ce.Actual != (LogMark{1, 0}) {
		t.Errorf("conflict error %#v", err)
	}
	mustCheck(t, s)
}

func TestAppendMoveCallbackPanicIsNotDamage(t *testing.T) {
	s, _ := openTest(t)
	g := create(t, s, newGame(Active))
	defer func() {
		if r := recover(); r != "callback bug" {
			t.Fatalf("recovered %v, want the callback's own panic", r)
		}
		got, err := s.Get(ctx, g.ID)
		if err != nil || len(got.Log) != 0 {
			t.Fatalf("after the panic: %v, log %d", err, len(got.Log))
		}
	}()
	s.AppendMove(ctx, g.ID, 0, 1, game.Move{Kind: game.Place, Hole: game.Hole{Col: 5, Row: 5}}, func(*Game, game.Outcome) error {
		panic("callback bug")
	})
}

func TestUpdateRules(t *testing.T) {
	tests := []struct {
		name  string
		start State
		moves int
		edit  func(*Game)
		want  error
		check func(t *testing.T, old, g *Game)
	}{
		{"accept", Proposed, 0, func(g *Game) { g.State = Active; g.Meta.Accepted = 6 }, nil, func(t *testing.T, old, g *Game) {
			if g.Started.IsZero() || !g.Updated.After(old.Updated) {
				t.Errorf("started %v updated %v", g.Started, g.Updated)
			}
		}},
		{"decline", Proposed, 0, func(g *Game) { g.State = Cancelled }, nil, func(t *testing.T, old, g *Game) {
			if g.Ended.IsZero() {
				t.Error("no end time")
			}
		}},
		{"counter-offer", Proposed, 0, func(g *Game) { g.Settings.Size = game.Size{Cols: 12, Rows: 12}; g.Seats[1] = "carol" }, nil, nil},
		{"move to a thread", Active, 2, func(g *Game) { g.Place.Thread = "t9" }, nil, nil},
		{"set a deadline", Active, 2, func(g *Game) { g.Clock.Deadline = time.Now(); g.Clock.Reminded = 1 }, nil, nil},
		{"settings after start", Active, 0, func(g *Game) { g.Settings.Ruleset = game.PP }, ErrBadRecord, nil},
		{"substitute after start", Active, 2, func(g *Game) { g.Seats[0] = "mallory" }, nil, nil},
		{"drop a seat after start", Active, 0, func(g *Game) { g.Seats = g.Seats[:1] }, ErrBadRecord, nil},
		{"finish by hand", Active, 2, func(g *Game) { g.State = Finished }, ErrBadRecord, nil},
		{"cancel a running game", Active, 2, func(g *Game) { g.State = Cancelled }, ErrBadRecord, nil},
		{"back to proposed", Active, 0, func(g *Game) { g.State = Proposed }, ErrBadRecord, nil},
		{"touch timestamps", Active, 0, func(g *Game) { g.Created = g.Created.Add(time.Hour) }, ErrBadRecord, nil},
		{"touch the ID", Active, 0, func(g *Game) { g.ID++ }, ErrBadRecord, nil},
		{"add a move", Active, 0, func(g *Game) { g.Log = append(g.Log, game.Move{Kind: game.Draw}) }, ErrBadRecord, nil},
		{"unplayable settings", Proposed, 0, func(g *Game) { g.Settings.Players = 3 }, game.ErrBadSettings, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := openTest(t)
			g := create(t, s, newGame(tt.start))
			r := rand.New(rand.NewPCG(3, 4))
			for i := 0; i < tt.moves; i++ {
				play(t, s, g.ID, r)
			}
			old, _ := s.Get(ctx, g.ID)
			got, err := s.Update(ctx, g.ID, func(g *Game) error { tt.edit(g); return nil })
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			stored, _ := s.Get(ctx, g.ID)
			if err != nil {
				if !reflect.DeepEqual(stored, old) {
					t.Errorf("a refused update changed the game:\n%+v\nwas\n%+v", stored, old)
				}
				return
			}
			if !reflect.DeepEqual(stored, got) {
				t.Errorf("stored\n%+v\nreturned\n%+v", stored, got)
			}
			if tt.check != nil {
				tt.check(t, old, got)
			}
			mustCheck(t, s)
		})
	}
}

func TestIndexes(t *testing.T) {
	s, _ := openTest(t)
	mk := func(guild GuildID, ch ChannelID, state State, users ...UserID) *Game {
		return create(t, s, &Game{Seats: users, Place: Place{Guild: guild, Channel: ch}, State: state})
	}
	a := mk("g1", "c1", Active, "alice", "bob")
	b := mk("g1", "c1", Proposed, "carol", "alice")
	c := mk("g1", "c2", Active, "bob", "carol")
	d := mk("g2", "c3", Active, "alice", "alice") // playing oneself
	e := mk("g1", "c10", Active, "dave", "erin")  // "c10" must not match prefix "c1"

	check := func(name string, got []*Game, err error, want ...*Game) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.Equal(ids(got), ids(want)) {
			t.Errorf("%s = %v, want %v", name, ids(got), ids(want))
		}
	}
	got, err := s.ActiveByChannel(ctx, "c1")
	check("c1", got, err, a, b)
	got, err = s.ActiveByUser(ctx, "alice")
	check("alice", got, err, a, b, d)
	got, err = s.ActiveByUser(ctx, "ali")
	check("ali", got, err)

	// A thread is an alias of its game's channel in the channel index.
	if _, err := s.Update(ctx, c.ID, func(g *Game) error { g.Place.Thread = "t1"; return nil }); err != nil {
		t.Fatal(err)
	}
	got, err = s.ActiveByChannel(ctx, "t1")
	check("t1", got, err, c)
	got, err = s.ActiveByChannel(ctx, "c2")
	check("c2", got, err, c)

	// Cancelling b takes it out of every index.
	if _, err := s.Update(ctx, b.ID, func(g *Game) error { g.State = Cancelled; return nil }); err != nil {
		t.Fatal(err)
	}
	got, err = s.ActiveByUser(ctx, "carol")
	check("carol", got, err, c)
	got, err = s.Active(ctx)
	check("all", got, err, a, c, d, e)

	// Due times: the earliest of Wake, Deadline and Expires.
	t0 := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	setClock := func(g *Game, wake, deadline time.Duration) {
		t.Helper()
		_, err := s.Update(ctx, g.ID, func(g *Game) error {
			g.Clock.Wake, g.Clock.Deadline = t0.Add(wake), t0.Add(deadline)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	setClock(a, 3*time.Hour, 5*time.Hour)
	setClock(c, 2*time.Hour, time.Hour)
	got, err = s.Due(ctx, t0.Add(90*time.Minute))
	check("due 1:30", got, err, c)
	got, err = s.Due(ctx, t0.Add(3*time.Hour))
	check("due 3:00", got, err, c, a)

	// Finishing: finished index newest first, in pages.
	var fin []*Game
	for _, g := range []*Game{e, a, c, d} {
		m, err := s.AppendMove(ctx, g.ID, AnyLen, 1, game.Move{Kind: game.Resign}, nil)
		if err != nil {
			t.Fatal(err)
		}
		fin = append(fin, m.Game)
	}
	got, err = s.Due(ctx, t0.Add(24*time.Hour))
	check("due after the end", got, err)
	var pages [][]GameID
	cur := Cursor{}
	for {
		page, next, err := s.FinishedByGuild(ctx, "g1", cur, 2)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, ids(page))
		if next.IsZero() {
			break
		}
		cur = next
	}
	want := [][]GameID{{c.ID, a.ID}, {e.ID}}
	if !reflect.DeepEqual(pages, want) {
		t.Errorf("finished pages %v, want %v", pages, want)
	}
	got, _, err = s.FinishedByGuild(ctx, "g2", Cursor{}, 0)
	check("g2", got, err, fin[3])
	if p, _ := s.Player(ctx, "alice"); p.Losses != 2 || p.Wins != 1 {
		// a: alice (seat 1) resigned; d: alice on both sides, one loss and one win.
		t.Errorf("alice %+v", p)
	}
	mustCheck(t, s)

	// Deleting a finished game takes back its tallies.
	if err := s.Delete(ctx, d.ID); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Player(ctx, "alice"); p.Losses != 1 || p.Wins != 0 {
		t.Errorf("alice after delete %+v", p)
	}
	if _, err := s.Get(ctx, d.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleted game: %v", err)
	}
	mustCheck(t, s)
}

func TestParseGameID(t *testing.T) {
	tests := []struct {
		in   string
		want GameID
		ok   bool
	}{
		{"g42", 42, true}, {"G7", 7, true}, {"42", 42, true}, {" g1 ", 1, true},
		{"g0", 0, false}, {"", 0, false}, {"g", 0, false}, {"g+4", 0, false}, {"-3", 0, false},
		{"#4", 0, false}, {"g18446744073709551616", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseGameID(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseGameID(%q) = %v, %v", tt.in, got, err)
		}
		if err != nil && !errors.Is(err, ErrBadID) {
			t.Errorf("ParseGameID(%q) error %v does not wrap ErrBadID", tt.in, err)
		}
		if err == nil {
			if back, err := ParseGameID(got.String()); err != nil || back != got {
				t.Errorf("ParseGameID(%q) = %v, %v: no round trip", got.String(), back, err)
			}
		}
	}
}

func TestClosedStore(t *testing.T) {
	s, path := openTest(t)
	if s.db != nil && s.db.NoSync {
		t.Fatal("NoSync is on: commits would not be durable")
	}
	g := create(t, s, newGame(Active))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second close: %v", err)
	}
	if _, err := s.Create(ctx, newGame(Active)); !errors.Is(err, ErrClosed) {
		t.Errorf("create after close: %v, want ErrClosed", err)
	}
	if _, err := s.Get(ctx, g.ID); !errors.Is(err, ErrClosed) {
		t.Errorf("get after close: %v, want ErrClosed", err)
	}
	// The file is free again.
	s2, err := openPath(path, &Options{Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
}

func TestReadOnlyStore(t *testing.T) {
	s, path := openTest(t)
	g := create(t, s, newGame(Active))
	s.Close()
	ro, err := openPath(path, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := ro.Get(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := ro.Update(ctx, g.ID, func(*Game) error { return nil }); !errors.Is(err, ErrReadOnly) {
		t.Error("a read-only store took a change")
	}
	if _, err := Open(filepath.Join(t.TempDir(), "none.db"), &Options{ReadOnly: true}); err == nil && !onEtcd() {
		t.Error("read-only open of a missing file succeeded")
	}
}

func TestCanceledContext(t *testing.T) {
	s, _ := openTest(t)
	c, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Create(c, newGame(Active)); !errors.Is(err, context.Canceled) {
		t.Errorf("create: %v", err)
	}
	if _, err := s.Active(c); !errors.Is(err, context.Canceled) {
		t.Errorf("list: %v", err)
	}
}

// TestSubstituteAndMoves: a substitute takes a seat of a running game, the
// user index follows, and a move and Privilege land together or not at
// all.
func TestSubstituteAndMoves(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(Active)
	g.Settings.Players = 4
	g.Seats = []UserID{"alice", "bob", "carol", "dave"}
	g = create(t, s, g)
	if _, err := s.Update(ctx, g.ID, func(g *Game) error { g.Seats[2] = "erin"; return nil }); err != nil {
		t.Fatal(err)
	}
	for user, want := range map[UserID]int{"carol": 0, "erin": 1, "alice": 1} {
		games, err := s.ActiveByUser(ctx, user)
		if err != nil || len(games) != want {
			t.Errorf("%s has %d active games (%v), want %d", user, len(games), err, want)
		}
	}
	hole := func(h string) game.Hole { x, _ := game.ParseHole(h); return x }
	moved, err := s.AppendMoves(ctx, g.ID, LogMark{0, 0}, []SeatMove{
		{1, game.Move{Kind: game.Place, Hole: hole("e5")}},
		{1, game.Move{Kind: game.Privilege}},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if seat, _ := moved.Pos.ToMove(); seat != 3 || len(moved.Outcomes) != 2 || moved.Outcomes[1].Skipped != 2 {
		t.Errorf("after a move with Privilege: seat %v to move, outcomes %+v", seat, moved.Outcomes)
	}
	// A second claim by the same team fails, and takes its move with it.
	_, err = s.AppendMoves(ctx, g.ID, LogMark{2, 0}, []SeatMove{
		{3, game.Move{Kind: game.Place, Hole: hole("f9")}},
		{3, game.Move{Kind: game.Privilege}},
	}, nil)
	if !errors.Is(err, game.ErrPrivilegeUsed) {
		t.Fatalf("second privilege: %v", err)
	}
	got, err := s.Get(ctx, g.ID)
	if err != nil || len(got.Log) != 2 {
		t.Fatalf("log has %d moves after a refused pair, want 2 (%v)", len(got.Log), err)
	}
}

// Position gives, for a record a listing read, the position Load gives,
// and refuses a record whose log does not give its stored result.
func TestPositionOfListedRecord(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := create(t, s, newGame(Active))
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 6; i++ {
		play(t, s, g.ID, r)
	}
	listed, err := s.ActiveByUser(ctx, "alice")
	if err != nil || len(listed) != 1 {
		t.Fatalf("alice's games: %v, %v", ids(listed), err)
	}
	pos, err := s.Position(listed[0])
	if err != nil {
		t.Fatal(err)
	}
	_, want, err := s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if pos.Turns() != 6 || !reflect.DeepEqual(pos, want) {
		t.Errorf("position of the listed record: %d turns, %+v; Load gives %+v", pos.Turns(), pos, want)
	}
	bad := listed[0].Clone()
	bad.State, bad.Result = Finished, game.Result{Winner: game.Red, Reason: game.Resignation}
	var de *DecodeError
	if _, err := s.Position(bad); !errors.As(err, &de) || de.Game != g.ID {
		t.Errorf("position of a record finished while its log is not: %v, want a *DecodeError naming %s", err, g.ID)
	}
}
