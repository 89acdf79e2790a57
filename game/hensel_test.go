package game

import (
	"errors"
	"strings"
	"testing"
)

// TestHenselNotation reads and writes Alan Hensel's long-move notation, as
// twixt-commentator writes it: removals ("-c'5"), then added links
// ("\d4'", "/d4'") between pegs already on the board, then the hole.
func TestHenselNotation(t *testing.T) {
	tests := []struct {
		in      string
		unlinks string // the links removed, as read (before the position resolves them)
		links   string
		hole    string
		out     string // String
	}{
		{"-c'5j12", "c4-d6", "", "j12", "-c'5j12"},
		{"\\d4'j12", "", "c4-e5", "j12", "\\d4'j12"},
		{"/d4'j12", "", "c5-e4", "j12", "/d4'j12"},
		{"/c'5J12", "", "c6-d4", "j12", "/c'5j12"},
		{"\\C'5j12", "", "c4-d6", "j12", "\\c'5j12"},
		{"-c'5-f10'\\d4'/x'20j12#7", "c4-d6 e10-g11", "c4-e5 x21-y19", "j12", "-c'5-f10'\\d4'/x'20j12#7"},
		{"\\d4'j12--a9", "", "c4-e5", "j12", "\\d4'j12--a9"},
	}
	for _, tt := range tests {
		m, err := ParseMove(tt.in)
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if got := linkSet(m.UnlinkList()); got != normLinks(t, tt.unlinks) {
			t.Errorf("%s: removes %s, want %s", tt.in, got, tt.unlinks)
		}
		if got := linkSet(m.LinkList()); got != normLinks(t, tt.links) {
			t.Errorf("%s: adds %s, want %s", tt.in, got, tt.links)
		}
		if m.Hole != mustHole(t, tt.hole) || m.Explicit {
			t.Errorf("%s: hole %v explicit %v", tt.in, m.Hole, m.Explicit)
		}
		if got := m.String(); got != tt.out {
			t.Errorf("%s: String %q, want %q", tt.in, got, tt.out)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"-c5j12", "a link's midpoint"},
		{"-c'5'j12", "a link's midpoint"},
		{"\\d4'", "the hole to peg"},
		{"\\d4'j12+", "ends with its hole"},
		{"\\d4'e5", "every link to the new peg E5 is made by itself"},
		{"/a'1j12", "a link's midpoint"},
	} {
		if _, err := ParseMove(tt.in); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want a syntax error saying %q", tt.in, err, tt.want)
		}
	}
}

// TestHenselPlay plays long moves in Hensel's notation: a removal is the
// player's link at that midpoint, whichever of the two it is; added links
// come first, then every link to the new peg; the log holds the move as
// played, which replays without the position's help.
func TestHenselPlay(t *testing.T) {
	for _, tt := range []struct {
		red, link string
	}{
		{"e5 f7", "e5-f7"}, // "\" at e'6
		{"f5 e7", "e7-f5"}, // "/" at e'6
	} {
		g, _ := New(Settings{})
		r := strings.Fields(tt.red)
		play(t, g, r[0], "t20", r[1], "t18")
		if linkSet(g.Links(Red)) != normLinks(t, tt.link) {
			t.Fatalf("setup: red links %v", g.Links(Red))
		}
		o, err := g.PlayString("-e'6k12")
		if err != nil {
			t.Fatalf("-e'6k12 with %s: %v", tt.link, err)
		}
		if linkSet(o.Removed) != normLinks(t, tt.link) || len(g.Links(Red)) != 0 {
			t.Errorf("removed %v, red links left %v", o.Removed, g.Links(Red))
		}
		last := g.Log()[len(g.Log())-1]
		if last.hensel || linkSet(last.UnlinkList()) != normLinks(t, tt.link) {
			t.Errorf("logged %+v, want the resolved removal %s", last, tt.link)
		}
		again, err := Replay(g.Settings(), g.Log())
		if err != nil || snap(again) != snap(g) {
			t.Errorf("the log does not replay: %v", err)
		}
	}

	// Added links first, then every link to the new peg.
	g, _ := New(Settings{})
	play(t, g, "e5", "t20", "g6+", "t18", "f7+", "t16")
	o, err := g.PlayString("\\f5'h8")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := linkSet(o.Added), normLinks(t, "e5-g6 f7-h8 g6-h8"); got != want {
		t.Errorf("added %s, want %s", got, want)
	}
	if _, err := g.PlayString("t14"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.PlayString("-z'9c3"); !errors.Is(err, ErrNoSuchLink) {
		t.Errorf("removing a link that is not there: %v", err)
	}
	checkInvariants(t, g)
}

// TestSGFText: the SGF export writes Hensel's notation whenever it can say
// the move, and the bot's syntax otherwise.
func TestSGFText(t *testing.T) {
	for _, tt := range []struct{ move, want string }{
		{"j12", "j12"},
		{"j12#5", "j12"},
		{"j12-i12/k11", "-j11'j12"},
		{"j12-i12/k11/m12/n10,o11/n13", "-j11'-l11'-m'11-n'12j12"}, // pbmserv's worked example

		{"j12+", "j12+"},
		{"j12+h11/j12", "j12+h11/j12"},
		{"swap", "swap"},
		{"j12--c4", "j12--c4"},
	} {
		m, err := ParseMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.SGFText(); got != tt.want {
			t.Errorf("%s: SGF text %q, want %q", tt.move, got, tt.want)
		}
		// (A removal reads back as its midpoint, which the position
		// resolves when the move is played.)
		if back, err := ParseMove(m.SGFText()); err != nil || back.SGFText() != tt.want {
			t.Errorf("%s: %q reads back as %+v (%v)", tt.move, m.SGFText(), back, err)
		}
	}
}

// TestRandomGamesPlayLongMoves makes sure the random games of the
// invariant and round-trip tests play long moves in Hensel's sense.
func TestRandomGamesPlayLongMoves(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		for _, m := range playRandomGame(t, Settings{}, seed).Log() {
			if m.Kind == Place && !m.Explicit && len(m.Links) > 0 {
				return
			}
		}
	}
	t.Fatal("no random game played a long move (links added, then every link to the new peg)")
}

// TestSGFLongMoves: the SGF export writes long moves in Hensel's notation,
// as the specification does; a file in that notation (as twixt-commentator
// writes it) reads and replays; and the bot's older form is still read.
func TestSGFLongMoves(t *testing.T) {
	g, _ := New(Settings{})
	play(t, g, "e5", "t20", "f7", "t18", "k12-e5/f7", "t16")
	data, err := NewRecord(g).MarshalSGF()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), ";W[-e'6k12]") {
		t.Errorf("the long move is not in Hensel's notation:\n%s", data)
	}
	for _, sgf := range []string{
		"(;FF[4]GM[21]SZ[24];W[e5];B[t20];W[f7];B[t18];W[-e'6k12];B[t16];W[\\\\e'6m10])",  // '\\' escaped, as SGF wants
		"(;FF[4]GM[21]SZ[24];W[e5];B[t20];W[f7];B[t18];W[k12-e5/f7];B[t16];W[m10+e5/f7])", // older exports
	} {
		rec, err := ReadRecord([]byte(sgf), FormatAuto, "")
		if err != nil {
			t.Fatalf("%s: %v", sgf, err)
		}
		again, err := rec.Replay(Settings{})
		if err != nil {
			t.Fatalf("%s: %v", sgf, err)
		}
		if got := linkSet(again.Links(Red)); got != "e5-f7" {
			t.Errorf("%s: red links %s, want e5-f7 made again", sgf, got)
		}
	}
}
