package game

import (
	"errors"
	"strings"
	"testing"
)

// TestIllegalMoves covers every way a move can be refused. Each case sets
// up a game, plays a move that must fail, and checks the error (with
// errors.Is), a phrase of its message, and that nothing changed.
func TestIllegalMoves(t *testing.T) {
	std := Settings{}
	pp := Settings{Ruleset: PP}
	threeM := Settings{Ruleset: ThreeM}
	pie3Set := Settings{Opening: OpeningPie3}
	centreSet := Settings{Opening: OpeningCentre}
	tests := []struct {
		name     string
		settings Settings
		setup    []string // moves played first, by whoever is to move
		seat     Seat     // who plays the move (0: the seat to move)
		move     string
		want     error
		phrase   string
	}{
		{"off the board, column", std, nil, 0, "z5", ErrOffBoard, "Z5 is off the board"},
		{"off the board, row", std, nil, 0, "e25", ErrOffBoard, "rows 1 to 24"},
		{"corner", std, nil, 0, "a1", ErrCorner, "corner"},
		{"corner far", std, nil, 0, "x24", ErrCorner, "corner"},
		{"red in black's border", std, nil, 0, "a5", ErrOpponentBorder, "Black's border column"},
		{"black in red's border", std, []string{"e5"}, 0, "e24", ErrOpponentBorder, "Red's border row"},
		{"occupied", std, []string{"e5"}, 0, "e5", ErrOccupied, "E5 already holds a red peg"},
		{"not your turn", std, nil, 2, "e5", ErrNotYourTurn, "not seat 2's turn"},
		{"no such seat", std, nil, 3, "e5", ErrNoSuchSeat, "no seat 3"},
		{"link not a knight's move", std, []string{"e5", "f10", "e6+"}, 0, "g12+e5/e6", ErrNotKnightMove, "E5-E6 is not a knight's move"},
		{"link end not own peg", std, []string{"e5", "f10"}, 0, "g12+e5/f7", ErrNotOwnPeg, "F7 is not a red peg"},
		{"link end is the opponent's", std, []string{"e5", "f7"}, 0, "g12+e5/f7", ErrNotOwnPeg, "F7 is not a red peg"},
		{"link already there", std, []string{"e5", "f10", "f7", "k10"}, 0, "g12+e5/f7", ErrLinkExists, "already linked"},
		{"remove a link that is not there", std, []string{"e5", "f10"}, 0, "g12-e5/f7", ErrNoSuchLink, "no red link E5-F7"},
		{"remove the opponent's link", std, []string{"e5", "f10", "e8", "g11"}, 0, "m12-f10/g12", ErrNoSuchLink, "no red link"},
		{"remove in PP", pp, []string{"e5", "f10", "f7", "k10"}, 0, "m12-e5/f7", ErrRemovalInPP, "cannot be removed in TwixT PP"},
		{"PP link crossing the opponent's", pp, []string{"e5", "d7", "f7+", "f6"}, 0, "m12+e5/f7", ErrLinkCrosses, "cross the black link D7-F6"},
		{"PP link list naming a missing peg", pp, []string{"e5", "f10"}, 0, "m12+e5/f7", ErrNotOwnPeg, "F7 is not a red peg"},
		{"stale move number", std, []string{"e5", "f10"}, 0, "g12#2", ErrStaleMove, "#2 was already played"},
		{"move number from the future", std, []string{"e5"}, 0, "f10#5", ErrStaleMove, "not the next one"},
		{"swap without the pie rule", std, []string{"e5"}, 0, "swap", ErrSwapNotNow, "without the pie rule"},
		{"swap too late", Settings{Swap: SwapSides}, []string{"e5", "f10"}, 0, "swap", ErrSwapNotNow, "Black's first move"},
		{"swap as the first move", Settings{Swap: SwapSides}, nil, 0, "swap", ErrSwapNotNow, "Black's first move"},
		{"swap with a handicap", Settings{Swap: SwapSides, Handicap: 2}, []string{"e5"}, 0, "swap", ErrSwapNotNow, "handicap"},
		{"swap with extra moves", Settings{Swap: SwapSides, ExtraMoves: 1}, []string{"e5", "f10"}, 0, "swap", ErrSwapNotNow, "handicap"},
		{"swap in Double TwixT", Settings{Swap: SwapSides, Players: 4}, []string{"e5"}, 0, "swap", ErrSwapNotNow, "Double TwixT is played without the pie rule (no swap); each team has its Privilege instead"},
		{"syntax: no hole", std, nil, 0, "5e", ErrSyntax, "expected a hole"},
		{"syntax: chain of one", std, nil, 0, "e5-f7", ErrSyntax, "a second hole"},
		{"syntax: space", std, nil, 0, "e5 +f7/g9", ErrSyntax, "'-' and an unlink list"},
		{"syntax: bad move number", std, nil, 0, "e5#x", ErrSyntax, "move number"},
		{"syntax: trailing comma", std, nil, 0, "e5+e5/f7,", ErrSyntax, "a hole in the chain"},

		// The 3M rules: what a removal may not do.
		{"standard keeps its pegs", Settings{}, []string{"e5", "k10"}, 0, "f7--e5", ErrPegRemoval,
			"cannot remove the peg in E5: only the 3M rules let a player take pegs off the board (this game's rules allow removing links only, with '-')"},
		{"PP keeps its pegs", Settings{Ruleset: PP}, []string{"e5", "k10"}, 0, "f7--e5", ErrPegRemoval, "only the 3M rules"},
		{"an empty hole", threeM, []string{"e5", "k10"}, 0, "f7--e6", ErrNoOwnPeg, "there is no peg in E6 to remove"},
		{"the opponent's peg", threeM, []string{"e5", "k10"}, 0, "f7--k10", ErrNoOwnPeg, "cannot remove the peg in K10: it is black, and a player may remove only own pegs"},
		{"the same peg twice", threeM, []string{"e5", "k10"}, 0, "f7--e5,e5", ErrNoOwnPeg, "there is no peg in E5 to remove"},
		{"off the board", threeM, []string{"e5", "k10"}, 0, "f7--z30", ErrOffBoard, "Z30 is off the board"},
		{"peg an occupied hole after removing another", threeM, []string{"e5", "k10", "f7", "l12"}, 0, "k10--e5", ErrOccupied, "K10 already holds a black peg"},
		{"unlink a link the removal took away", threeM, []string{"e5", "k10", "f7", "l12"}, 0, "g9--e5-e5/f7", ErrNoSuchLink, "there is no red link E5-F7 to remove"},
		{"link to a removed peg", threeM, []string{"e5", "k10", "f7", "l12"}, 0, "d3--e5+d3/e5", ErrNotOwnPeg, "E5 is not a red peg"},

		// The openings: cut the pie and the Kosmos centre handicap.
		{"a peg instead of the choice", pie3Set, []string{"j12", "k14", "m12"}, 0, "p10", ErrOpening,
			"first choose your colour, as the cut-the-pie opening asks: choose:red or choose:black"},
		{"a swap in pie3", pie3Set, []string{"j12", "k14", "m12"}, 0, "swap", ErrOpening, "the cut-the-pie opening has no swap"},
		{"a choice too early", pie3Set, []string{"j12"}, 0, "choose:red", ErrOpening,
			"the colour is chosen once, right after the first player's three pegs: two red, one black"},
		{"a choice by the cutter", pie3Set, []string{"j12", "k14", "m12"}, 1, "choose:red", ErrNotYourTurn, "not seat 1's turn"},
		{"a choice without pie3", Settings{}, []string{"j12"}, 0, "choose:black", ErrOpening, "only the cut-the-pie opening has a colour choice"},
		{"the cutter's black peg in Red's border", pie3Set, []string{"j12", "k14"}, 0, "m1", ErrOpponentBorder, "Black may not peg there"},
		{"centre: first peg elsewhere", centreSet, nil, 0, "c3", ErrOpening,
			"under the Kosmos centre handicap Red's first peg goes in the middle: L12, L13, M12 or M13, not C3"},
		{"centre on an odd board", Settings{Opening: OpeningCentre, Size: Size{25, 25}}, nil, 0, "l12", ErrOpening, "in the middle: M13, not L12"},
		{"centre: no swap", Settings{Opening: OpeningCentre, Swap: SwapSides}, []string{"l12"}, 0, "swap", ErrSwapNotNow, "without the pie rule"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.settings)
			if err != nil {
				t.Fatal(err)
			}
			play(t, g, tt.setup...)
			before := snap(g)
			seat := tt.seat
			if seat == 0 {
				seat, _ = g.ToMove()
			}
			m, err := ParseMove(tt.move)
			if err == nil {
				_, err = g.Play(seat, m)
			}
			if tt.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("got error %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.phrase) {
				t.Errorf("message %q does not say %q", err.Error(), tt.phrase)
			}
			if got := snap(g); got != before {
				t.Errorf("a refused move changed the game:\n before %+v\n after  %+v", before, got)
			}
		})
	}
}

func TestCrossingRules(t *testing.T) {
	// Red's e5-f7 and a later d5-f6 cross each other. In standard the
	// second link is not made (and asking for it is refused); in PP own
	// links may cross.
	for _, tt := range []struct {
		rules Ruleset
		links string
	}{
		{Standard, "e5-f7"},
		{PP, "d5-f6 e5-f7"},
	} {
		t.Run(tt.rules.String(), func(t *testing.T) {
			g, _ := New(Settings{Ruleset: tt.rules})
			play(t, g, "e5", "t20", "f7", "t18", "d5", "t16", "f6")
			if got, want := linkSet(g.Links(Red)), normLinks(t, tt.links); got != want {
				t.Errorf("red links %s, want %s", got, want)
			}
		})
	}
	t.Run("standard refuses an explicit crossing link", func(t *testing.T) {
		g, _ := New(Settings{})
		play(t, g, "e5", "t20", "f7", "t18", "d5", "t16")
		_, err := g.PlayString("f6+d5/f6")
		var ce *CrossError
		if !errors.As(err, &ce) || ce.Crosses != mustLink(t, "e5-f7") || ce.Owner != Red {
			t.Fatalf("got %v, want d5-f6 crossing red e5-f7", err)
		}
		if !strings.Contains(err.Error(), "cross the red link E5-F7") {
			t.Errorf("message %q does not name the link", err)
		}
	})
	t.Run("the opponent's links block in PP", func(t *testing.T) {
		g, _ := New(Settings{Ruleset: PP})
		play(t, g, "e5", "d5", "t20", "f6", "f7")
		if g.board.LinkOwner(mustLink(t, "e5-f7")) != NoColor {
			t.Error("e5-f7 crosses Black's d7-f6 but was made")
		}
	})
	t.Run("links that share a peg never cross", func(t *testing.T) {
		g, _ := New(Settings{})
		// e5 with f7, g6, g4, f3, d3, c4, c6, d7: all eight links at once.
		play(t, g, "f7", "t20", "g6", "t18", "g4", "t16", "f3", "t14", "d3", "t12", "c4", "t10", "c6", "t8", "d7", "t6", "e5")
		if got := len(g.Links(Red)); got != 8 {
			t.Errorf("a peg in the middle of eight made %d links, want 8", got)
		}
	})
}

// TestPPLinkLists: in TwixT PP a '+' list may name any legal link among
// the player's own pegs (seed 003, "create any number of new links between
// pegs of their color"), so a link skipped earlier can be made later, by
// itself or beside links to the new peg.
func TestPPLinkLists(t *testing.T) {
	g, _ := New(Settings{Ruleset: PP})
	play(t, g, "e5", "t20", "f7+", "t18")
	if len(g.Links(Red)) != 0 {
		t.Fatal("a bare + made links")
	}
	o, err := g.PlayString("k12+e5/f7")
	if err != nil {
		t.Fatalf("adding a skipped link in PP: %v", err)
	}
	if linkSet(o.Added) != "e5-f7" {
		t.Errorf("added %v, want e5-f7", o.Added)
	}
	play(t, g, "t16")
	// d5-f6 crosses the own e5-f7: allowed in PP, with a link to the
	// new peg d5 and a skipped one between older pegs in the same list.
	play(t, g, "f6+")
	play(t, g, "t14")
	if _, err := g.PlayString("d5+d5/f6,f7/h8"); err == nil {
		t.Fatal("f7-h8 names an empty hole but was accepted")
	}
	o, err = g.PlayString("d5+d5/f6")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := linkSet(g.Links(Red)), normLinks(t, "d5-f6 e5-f7"); got != want {
		t.Errorf("red links %s, want %s (own links cross in PP)", got, want)
	}
	if linkSet(o.Added) != "d5-f6" {
		t.Errorf("added %v", o.Added)
	}
}

func TestCleanupRule(t *testing.T) {
	// Standard: a skipped link can be made later, and a link unblocked by
	// a removal can be made in the same move.
	g, _ := New(Settings{})
	play(t, g, "e5", "t20", "f7+", "t18")
	if len(g.Links(Red)) != 0 {
		t.Fatal("a bare + made links")
	}
	o, err := g.PlayString("k12+e5/f7")
	if err != nil {
		t.Fatalf("adding a skipped link: %v", err)
	}
	if linkSet(o.Added) != "e5-f7" {
		t.Errorf("added %v", o.Added)
	}
	play(t, g, "t16", "d5+", "t14")
	// d5-f6 would cross e5-f7: remove it and make the new one.
	o, err = g.PlayString("f6-e5/f7+d5/f6")
	if err != nil {
		t.Fatal(err)
	}
	if linkSet(o.Removed) != "e5-f7" || linkSet(o.Added) != "d5-f6" {
		t.Errorf("removed %v added %v", o.Removed, o.Added)
	}
}

func TestSwap(t *testing.T) {
	t.Run("sides", func(t *testing.T) {
		g, _ := New(Settings{Swap: SwapSides})
		play(t, g, "e15")
		if !g.SwapAvailable() {
			t.Fatal("swap not available after Red's first peg")
		}
		o, err := g.Play(2, Move{Kind: Swap})
		if err != nil {
			t.Fatal(err)
		}
		if g.SeatColor(2) != Red || g.SeatColor(1) != Black {
			t.Errorf("seat colours %v %v, want seat 2 red and seat 1 black", g.SeatColor(1), g.SeatColor(2))
		}
		if g.Peg(mustHole(t, "e15")) != Red {
			t.Error("the peg did not stay red")
		}
		if s, c := g.ToMove(); s != 1 || c != Black {
			t.Errorf("to move %v %v, want seat 1 (now Black)", s, c)
		}
		if o.Number != 2 || g.Turns() != 2 {
			t.Errorf("a swap is a turn: number %d, turns %d", o.Number, g.Turns())
		}
		if g.SwapAvailable() {
			t.Error("swap still available")
		}
		// The first player, now Black, may not peg Red's border rows.
		if _, err := g.PlayString("e1"); !errors.Is(err, ErrOpponentBorder) {
			t.Errorf("after the swap seat 1 played red's border: %v", err)
		}
	})
	t.Run("mirror", func(t *testing.T) {
		g, _ := New(Settings{Swap: SwapMirror})
		play(t, g, "e15", "swap")
		if g.Peg(mustHole(t, "e15")) != NoColor || g.Peg(mustHole(t, "o5")) != Black {
			t.Errorf("after a mirror swap of e15: e15 %v, o5 %v; want empty and black", g.Peg(mustHole(t, "e15")), g.Peg(mustHole(t, "o5")))
		}
		if s, c := g.ToMove(); s != 1 || c != Red {
			t.Errorf("to move %v %v, want seat 1 red", s, c)
		}
		if g.SeatColor(2) != Black {
			t.Error("the swapper should still be Black")
		}
		last, _ := g.Last()
		if last.Hole != mustHole(t, "o5") || last.Move.Kind != Swap {
			t.Errorf("last outcome %+v", last)
		}
	})
	t.Run("mirror on a board that is not square", func(t *testing.T) {
		// The game is allowed; only a swap that cannot be played is
		// refused, and it says why.
		s := Settings{Swap: SwapMirror, Size: Size{20, 24}}
		g, err := New(s)
		if err != nil {
			t.Fatalf("a 20x24 game with the mirror swap: %v", err)
		}
		play(t, g, "j12", "e5")
		g, _ = New(s)
		play(t, g, "j12", "swap")
		if g.Peg(mustHole(t, "l10")) != Black {
			t.Error("J12's mirror image L10 is on the board, yet the swap did not put Black there")
		}
		g, _ = New(s)
		play(t, g, "c23")
		before := snap(g)
		_, err = g.PlayString("swap")
		want := "cannot swap: the mirror image of C23 is W3, where Black may not peg (W3 is off the board: columns run A to T and rows 1 to 24); the mirror swap needs a square board, and this one is 20x24"
		if !errors.Is(err, ErrSwapNotNow) || err.Error() != want {
			t.Errorf("got %v, want %q", err, want)
		}
		if snap(g) != before {
			t.Error("the refused swap changed the game")
		}
		// With a handicap the pie rule is off, so the shape does not matter.
		if _, err := New(Settings{Swap: SwapMirror, Handicap: 3}); err != nil {
			t.Errorf("got %v", err)
		}
	})
}

func TestHandicaps(t *testing.T) {
	tests := []struct {
		s    Settings
		size Size
	}{
		{Settings{Handicap: 2}, Size{22, 24}},
		{Settings{Handicap: -3}, Size{24, 21}},
		{Settings{Size: Size{13, 24}}, Size{13, 24}},
		{Settings{Size: Size{100, 100}}, Size{100, 100}},
		{Settings{Size: Size{5, 5}}, Size{5, 5}},
	}
	for _, tt := range tests {
		g, err := New(tt.s)
		if err != nil {
			t.Fatalf("%v: %v", tt.s, err)
		}
		if g.Size() != tt.size {
			t.Errorf("%v: size %v, want %v", tt.s, g.Size(), tt.size)
		}
	}
	for _, bad := range []Settings{
		{Size: Size{4, 24}}, {Size: Size{24, 101}}, {Handicap: 20}, {Handicap: -20},
		{ExtraMoves: 4}, {ExtraMoves: -1}, {Players: 3}, {Players: 4, ExtraMoves: 1},
	} {
		if _, err := New(bad); err == nil {
			t.Errorf("%+v: accepted", bad)
		}
	}
	t.Run("extra moves", func(t *testing.T) {
		g, _ := New(Settings{ExtraMoves: 2})
		for i, want := range []Color{Red, Red, Red, Black, Red, Black} {
			_, c := g.ToMove()
			if c != want {
				t.Fatalf("turn %d: %v to move, want %v", i+1, c, want)
			}
			play(t, g, []string{"e5", "e10", "e15", "j12", "e20", "l12"}[i])
		}
	})
}

func TestWin(t *testing.T) {
	g, _ := New(Settings{Size: Size{5, 5}})
	play(t, g, "c1", "a2", "d3", "a3")
	if g.Over() {
		t.Fatal("over too soon")
	}
	o, err := g.PlayString("c5")
	if err != nil {
		t.Fatal(err)
	}
	if o.Result != (Result{Winner: Red, Reason: Connection}) || !g.Over() {
		t.Fatalf("result %v", o.Result)
	}
	holes, links := g.WinningChain()
	if holesString(holes) != "c1 d3 c5" || len(links) != 2 {
		t.Errorf("winning chain %v %v", holes, links)
	}
	if s, c := g.ToMove(); s != 0 || c != NoColor {
		t.Errorf("to move after the end: %v %v", s, c)
	}
	if _, err := g.PlayString("b2"); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after the end: %v", err)
	}
	if g.LegalHoles() != nil {
		t.Error("legal holes after the end")
	}
}

func TestLegalHoles(t *testing.T) {
	g, _ := New(Settings{})
	if got := len(g.LegalHoles()); got != 24*24-4-2*22 {
		t.Errorf("red has %d legal holes on an empty board, want %d", got, 24*24-4-2*22)
	}
	play(t, g, "e5")
	for _, h := range g.LegalHoles() {
		if h.Row == 0 || h.Row == 23 || h == mustHole(t, "e5") {
			t.Fatalf("black may not play %v", h)
		}
	}
}

func TestDoubleTwixT(t *testing.T) {
	g, err := New(Settings{Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	expect := func(seat Seat, c Color) {
		t.Helper()
		s, col := g.ToMove()
		if s != seat || col != c {
			t.Fatalf("to move %v %v, want %v %v", s, col, seat, c)
		}
	}
	// Normal order: Red 1, Black 1, Red 2, Black 2.
	for i, h := range []string{"e5", "j10", "f12", "k14"} {
		expect(Seat(i+1), []Color{Red, Black, Red, Black}[i])
		play(t, g, h)
	}
	expect(1, Red)
	// A partner may not move for seat 1.
	if _, err := g.Play(3, Move{Kind: Place, Hole: mustHole(t, "g7")}); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("partner moved: %v", err)
	}
	play(t, g, "g7")
	// Only the seat that just moved may claim, and only now.
	if _, err := g.Play(3, Move{Kind: Privilege}); !errors.Is(err, ErrPrivilegeTooLate) {
		t.Fatalf("partner claimed: %v", err)
	}
	o, err := g.Play(1, Move{Kind: Privilege})
	if err != nil {
		t.Fatal(err)
	}
	if o.Skipped != 2 {
		t.Errorf("skipped %v, want seat 2", o.Skipped)
	}
	if !g.PrivilegeUsed(Red) || g.PrivilegeUsed(Black) {
		t.Error("privilege state wrong")
	}
	expect(3, Red) // the partner moves at once
	play(t, g, "h9")
	expect(4, Black) // then the usual order: the skipped seat's partner
	if _, err := g.Play(3, Move{Kind: Privilege}); !errors.Is(err, ErrPrivilegeUsed) {
		t.Fatalf("second red privilege: %v", err)
	}
	play(t, g, "l16")
	expect(1, Red)
	// Black claims later, right after its own move; a late claim fails.
	play(t, g, "e9")
	play(t, g, "m18")
	if _, err := g.Play(2, Move{Kind: Privilege}); err != nil {
		t.Fatalf("black privilege: %v", err)
	}
	expect(4, Black)
	play(t, g, "n20")
	expect(1, Red)
	if _, err := g.Play(4, Move{Kind: Privilege}); !errors.Is(err, ErrPrivilegeUsed) {
		t.Fatalf("second black privilege: %v", err)
	}
	// Resignation by one partner loses for the team.
	if _, err := g.Play(3, Move{Kind: Resign}); err != nil {
		t.Fatal(err)
	}
	if g.Result() != (Result{Winner: Black, Reason: Resignation}) {
		t.Errorf("result %v", g.Result())
	}
	// No swap in Double TwixT, and privilege only in Double TwixT.
	g4, _ := New(Settings{Players: 4, Swap: SwapSides})
	play(t, g4, "e5")
	if _, err := g4.PlayString("swap"); !errors.Is(err, ErrSwapNotNow) {
		t.Errorf("swap in Double TwixT: %v", err)
	}
	g2, _ := New(Settings{})
	play(t, g2, "e5")
	if _, err := g2.Play(1, Move{Kind: Privilege}); !errors.Is(err, ErrNotDouble) {
		t.Errorf("privilege in a two-player game: %v", err)
	}
}

func TestPrivilegeTooLate(t *testing.T) {
	g, _ := New(Settings{Players: 4})
	play(t, g, "e5", "j10")
	before := snap(g)
	if _, err := g.Play(1, Move{Kind: Privilege}); !errors.Is(err, ErrPrivilegeTooLate) {
		t.Fatalf("claim after the next move: %v", err)
	}
	if snap(g) != before {
		t.Error("refused claim changed the game")
	}
}

func TestResultsFromOutside(t *testing.T) {
	for _, tt := range []struct {
		m    Move
		want Result
	}{
		{Move{Kind: Draw}, Result{Reason: Agreement}},
		{Move{Kind: Conclude, Reason: Timeout, Color: Black}, Result{Winner: Black, Reason: Timeout}},
		{Move{Kind: Conclude, Reason: Adjudication, Color: Red}, Result{Winner: Red, Reason: Adjudication}},
		{Move{Kind: Conclude, Reason: Adjudication}, Result{Reason: Adjudication}},
		{Move{Kind: Conclude, Reason: Aborted}, Result{Reason: Aborted}},
		{Move{Kind: Resign, Color: Black}, Result{Winner: Red, Reason: Resignation}},
	} {
		g, _ := New(Settings{})
		play(t, g, "e5")
		if _, err := g.PlayMove(tt.m); err != nil {
			t.Fatalf("%v: %v", tt.m, err)
		}
		if g.Result() != tt.want {
			t.Errorf("%v: result %v, want %v", tt.m, g.Result(), tt.want)
		}
	}
	g, _ := New(Settings{})
	if _, err := g.PlayMove(Move{Kind: Conclude, Reason: Timeout}); err == nil {
		t.Error("a loss on time without a winner was accepted")
	}
}

// TestReasonPrecedence: a move that fills the board and leaves neither
// side a path ends the game as no-path, the stronger fact (README, "Which
// reason wins"). The game is the one the issue found ending board-full.
func TestReasonPrecedence(t *testing.T) {
	moves := strings.Fields("b2+ d4+#2 b5 e2 c2#5 d3 d2 b4 d1+b2/d1 a4#10 c1 a3 b1 e3+#14 c4+ b3 d5 e4+ c5 a2+a2/b4 c3+")
	g, err := New(Settings{Size: Size{5, 5}, Ruleset: PP, Swap: SwapSides})
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, moves[:len(moves)-1]...)
	if g.Over() {
		t.Fatalf("over before the last move: %v", g.Result())
	}
	play(t, g, moves[len(moves)-1])
	next := g.seats[g.toMove]
	if g.board.Free(next) != 0 {
		t.Fatalf("the last move did not fill the board for %s; the test proves nothing", next)
	}
	if g.board.CanConnect(Red) || g.board.CanConnect(Black) {
		t.Fatal("a side can still connect; the test proves nothing")
	}
	if r := g.Result(); r != (Result{Reason: NoPath}) {
		t.Errorf("result %v (%s), want a no-path draw", r, r.Reason)
	}
}

// TestNoBarrierWithoutLink: seed 002, "No barrier exists where a player
// could have linked but did not" and "A row of unlinked pegs is not a
// barrier": Red's unlinked E5 and F7 let Black's D7-F6 through, in every
// ruleset; linked, they stop it.
func TestNoBarrierWithoutLink(t *testing.T) {
	for _, r := range []Ruleset{Standard, PP, ThreeM} {
		g, _ := New(Settings{Ruleset: r})
		play(t, g, "e5", "d7", "f7+")
		if _, err := g.PlayString("f6+d7/f6"); err != nil {
			t.Errorf("%s: black's d7-f6 between unlinked red pegs: %v", r, err)
		}
		g, _ = New(Settings{Ruleset: r})
		play(t, g, "e5", "d7", "f7")
		if _, err := g.PlayString("f6+d7/f6"); !errors.Is(err, ErrLinkCrosses) {
			t.Errorf("%s: black's d7-f6 across red's e5-f7: %v", r, err)
		}
	}
}
