package game

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestParseMoveRemovals: the 3M syntax "--HOLE{,HOLE}" after the hole, and
// that every pbmserv move still reads as before.
func TestParseMoveRemovals(t *testing.T) {
	h := func(s string) Hole { return mustHole(t, s) }
	tests := []struct {
		in   string
		want Move
	}{
		{"j12--c4", Move{Kind: Place, Hole: h("j12"), Removes: []Hole{h("c4")}}},
		{"J12--C4,D6", Move{Kind: Place, Hole: h("j12"), Removes: []Hole{h("c4"), h("d6")}}},
		{"j12--c4,d6-i12/k11+h11/j12#9", Move{Kind: Place, Hole: h("j12"), Removes: []Hole{h("c4"), h("d6")},
			Unlinks: [][]Hole{{h("i12"), h("k11")}}, Explicit: true, Links: [][]Hole{{h("h11"), h("j12")}}, Number: 9}},
		{"j12--j12+", Move{Kind: Place, Hole: h("j12"), Removes: []Hole{h("j12")}, Explicit: true}},
		// pbmserv's moves are unchanged.
		{"j12-i12/k11", Move{Kind: Place, Hole: h("j12"), Unlinks: [][]Hole{{h("i12"), h("k11")}}}},
		{"j12+", Move{Kind: Place, Hole: h("j12"), Explicit: true}},
	}
	for _, tt := range tests {
		m, err := ParseMove(tt.in)
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(m, tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.in, m, tt.want)
		}
		if got := m.String(); got != strings.ToLower(tt.in) {
			t.Errorf("%s: String %q", tt.in, got)
		}
	}
	bad := []struct{ in, want string }{
		{"j12--", `cannot read "j12--": expected a hole to free after '--', such as c4 (3M: own pegs to remove, separated by ',', like j12--c4,d6) at the end`},
		{"j12---c4", `cannot read "j12---c4" at "-c4": expected a hole to free after '--'`},
		{"j12--c4,", `expected a hole to free after '--'`},
		{"j12--c4/d6", `cannot read "j12--c4/d6" at "/d6": expected ',' and another hole to free, '-' and an unlink list, '+' and a link list, or '#' and a move number`},
		{"j12-i12/k11--c4", `at "--c4": expected ',' and another chain`},
	}
	for _, tt := range bad {
		_, err := ParseMove(tt.in)
		if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want a syntax error saying %q", tt.in, err, tt.want)
		}
	}
}

// TestThreeMReusesFreedHole: a 3M game in which removed pegs' holes are
// pegged again, by the remover in the same move and by the opponent later,
// and the links of removed pegs go with them.
func TestThreeMReusesFreedHole(t *testing.T) {
	g, err := New(Settings{Ruleset: ThreeM})
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, "e5", "k10", "f7", "l12", "g9", "m14")
	if got := linkSet(g.Links(Red)); got != normLinks(t, "e5-f7 f7-g9") {
		t.Fatalf("red links %s", got)
	}
	free := g.board.Free(Black)
	// Red takes up F7 (and its two links) and pegs D6.
	o, err := g.PlayString("d6--f7")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(o.Freed, []Hole{mustHole(t, "f7")}) || linkSet(o.Removed) != normLinks(t, "e5-f7 f7-g9") {
		t.Errorf("freed %v removed %v", o.Freed, o.Removed)
	}
	if g.Peg(mustHole(t, "f7")) != NoColor || g.board.Free(Black) != free {
		t.Errorf("F7 is not free again (black has %d free holes, had %d before d6 and f7's removal)", g.board.Free(Black), free)
	}
	// Black pegs the freed hole.
	play(t, g, "f7")
	if g.Peg(mustHole(t, "f7")) != Black {
		t.Fatal("black could not peg the freed F7")
	}
	// Red takes up G9 and puts it straight back with no links: the hole
	// it frees is usable in the same move.
	o, err = g.PlayString("g9--g9+")
	if err != nil {
		t.Fatal(err)
	}
	if g.Peg(mustHole(t, "g9")) != Red || len(o.Added) != 0 {
		t.Errorf("g9--g9+: peg %v, added %v", g.Peg(mustHole(t, "g9")), o.Added)
	}
	last, _ := g.Last()
	if len(last.Freed) != 1 || last.Freed[0] != mustHole(t, "g9") {
		t.Errorf("Last().Freed = %v", last.Freed)
	}
	checkInvariants(t, g)
	again, err := Replay(g.Settings(), g.Log())
	if err != nil || snap(again) != snap(g) {
		t.Fatalf("the log does not replay to the same game: %v", err)
	}
	for _, f := range []Format{FormatMoves, FormatSGF} {
		checkRoundTrip(t, g, []string{"Ann", "Bob"}, f)
	}
	data, _ := NewRecord(g).Marshal(FormatMoves)
	if !bytes.Contains(data, []byte("# ruleset: 3m\n")) || !bytes.Contains(data, []byte("d6--f7\n")) {
		t.Errorf("moves export lacks the ruleset or the removal:\n%s", data)
	}
	data, _ = NewRecord(g).Marshal(FormatSGF)
	if !bytes.Contains(data, []byte("RU[3M]")) {
		t.Errorf("SGF export lacks RU[3M]:\n%s", data)
	}
}

// TestThreeMRevivesDeadDraw: a 5x5 position in which neither side can
// connect is a dead draw under the standard rules, but not under 3M, where
// a removal reopens a path: here Red takes up C4, and Black wins through
// the hole.
func TestThreeMRevivesDeadDraw(t *testing.T) {
	moves := []string{"c4", "a2", "b3", "a4", "c2", "c3", "d2", "d3"}
	std, _ := New(Settings{Size: Size{5, 5}})
	play(t, std, moves...)
	if r := std.Result(); r.Reason != NoPath {
		t.Fatalf("standard: %v, want a dead draw", r)
	}
	g, _ := New(Settings{Size: Size{5, 5}, Ruleset: ThreeM})
	play(t, g, moves...)
	if g.Over() {
		t.Fatalf("3M: %v, but removals can still open a path", g.Result())
	}
	if g.board.openPath(Red, nil) || g.board.openPath(Black, nil) {
		t.Fatal("the position is not dead by the standard test; the test proves nothing")
	}
	if !g.CanConnect(Red) || !g.CanConnect(Black) {
		t.Error("under 3M every side can still connect")
	}
	play(t, g, "b1--c4")
	if !g.board.openPath(Black, nil) {
		t.Fatal("removing C4 did not reopen Black's path")
	}
	play(t, g, "e4")
	if r := g.Result(); r != (Result{Winner: Black, Reason: Connection}) {
		t.Fatalf("after e4: %v, want Black to win by connection", r)
	}
}

// TestThreeMNoHoleLeft: under 3M a player whose holes are all taken is not
// out of moves while it has a peg to take up, so the board-full draw does
// not apply; a random 5x5 game shows both.
func TestThreeMNoHoleLeft(t *testing.T) {
	g, _ := New(Settings{Size: Size{5, 5}, Ruleset: ThreeM})
	for _, m := range []string{"b1+", "a2+", "c1+", "a3+", "d1+", "a4+", "b5+", "e2+", "c5+", "e3+", "d5+", "e4+"} {
		play(t, g, m)
	}
	// Red has used its border rows; now fill the middle, bare.
	for !g.Over() && g.board.Free(Black) > 0 {
		_, c := g.ToMove()
		hs := g.board.LegalHoles(c)
		if len(hs) == 0 {
			break
		}
		if _, err := g.PlayMove(Move{Kind: Place, Hole: hs[0], Explicit: true}); err != nil {
			t.Fatal(err)
		}
	}
	if g.Over() {
		t.Skipf("the fill ended the game: %v", g.Result())
	}
	_, c := g.ToMove()
	if len(g.LegalHoles()) != 0 {
		t.Fatalf("%s still has holes %v", c, g.LegalHoles())
	}
	p := g.Pegs(c)[0]
	if _, err := g.PlayMove(Move{Kind: Place, Hole: p, Removes: []Hole{p}, Explicit: true}); err != nil {
		t.Fatalf("%s with no free hole could not take up %s and peg it again: %v", c, p, err)
	}
}

// TestThreeMRandomGamesRemove makes sure the random games that the
// invariant and round-trip tests play under 3M do remove pegs.
func TestThreeMRandomGamesRemove(t *testing.T) {
	removals := 0
	for seed := uint64(0); seed < 5; seed++ {
		g := playRandomGame(t, Settings{Ruleset: ThreeM}, seed)
		for _, m := range g.Log() {
			removals += len(m.Removes)
		}
	}
	if removals == 0 {
		t.Fatal("no random 3M game removed a peg")
	}
}

// TestLogEncodingRemovals: removals survive the binary log, and a log
// without them is byte for byte what earlier versions wrote.
func TestLogEncodingRemovals(t *testing.T) {
	old := []byte{logVersion, byte(Place), 9, 11, 0, byte(Place), 2, 3, flagNumber, 2}
	log, err := UnmarshalLog(old)
	if err != nil || len(log) != 2 || log[0].String() != "j12" || log[1].String() != "c4#2" {
		t.Fatalf("old log: %v %v", log, err)
	}
	if got := MarshalLog(log); !bytes.Equal(got, old) {
		t.Errorf("a log without removals encodes as % x, want % x", got, old)
	}
	m, _ := ParseMove("j12--c4,d6-i12/k11+h11/j12#9")
	got, err := UnmarshalLog(MarshalLog([]Move{m}))
	if err != nil || !reflect.DeepEqual(got, []Move{m}) {
		t.Errorf("round trip of %v: %v %v", m, got, err)
	}
	if _, err := UnmarshalLog([]byte{logVersion, byte(Place), 9, 11, flagRemoves, 0}); !errors.Is(err, ErrBadEncoding) {
		t.Errorf("an empty removal list decoded: %v", err)
	}
}
