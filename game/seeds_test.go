package game

import (
	"errors"
	"testing"
)

// The positions of seed 000 (pbmserv's TwixT help), read off its diagrams.
// In the link example "#" is to move; we let O be Red and # Black. Only
// part of the 24x24 board is shown there, which is all that matters.
const (
	pbmRed        = "k10 m11 k12 p12 i13 m13 o14"
	pbmBlack      = "n10 h11 k11 l11 o11 p11 i12 l12 m12 n12 h13 n13"
	pbmRedLinks   = "k10-m11 k12-i13 k12-m13 p12-o14 m13-o14"
	pbmBlackLinks = "n10-p11 n10-m12 k11-i12 k11-m12 o11-n13 l12-n13"
	pbmMove       = "j12-i12/k11/m12/n10,o11/n13+h11/j12/l11/n12/p11"
	// After the move: the four unlinks are gone, the four listed links are
	// made, and h13-j12, which autolinking would have made, is not.
	pbmBlackAfter = "n10-p11 l12-n13 h11-j12 j12-l11 l11-n12 n12-p11"
)

func TestSeedLinkUnlinkExample(t *testing.T) {
	g := position(t, Settings{}, pbmRed, pbmBlack, pbmRedLinks, pbmBlackLinks, Black)
	o, err := g.PlayString(pbmMove)
	if err != nil {
		t.Fatalf("seed 000's example move was refused: %v", err)
	}
	if got, want := linkSet(g.Links(Black)), normLinks(t, pbmBlackAfter); got != want {
		t.Errorf("black links after the move:\n got %s\nwant %s", got, want)
	}
	if got, want := linkSet(g.Links(Red)), normLinks(t, pbmRedLinks); got != want {
		t.Errorf("red links changed: got %s, want %s", got, want)
	}
	if got, want := linkSet(o.Removed), normLinks(t, "i12-k11 k11-m12 m12-n10 o11-n13"); got != want {
		t.Errorf("outcome removed %s, want %s", got, want)
	}
	if got, want := linkSet(o.Added), normLinks(t, "h11-j12 j12-l11 l11-n12 n12-p11"); got != want {
		t.Errorf("outcome added %s, want %s", got, want)
	}
	if g.board.LinkOwner(mustLink(t, "h13-j12")) != NoColor {
		t.Error("h13-j12 was made, but the link list did not ask for it")
	}
	if s, c := g.ToMove(); c != Red || s != 1 {
		t.Errorf("to move after the example: %v %v, want seat 1 red (\"O to move\")", s, c)
	}
}

// The same position shows what the link list is for: without the unlinks
// the listed links cross Black's own links, and without the '+' the peg
// gets its autolinks, h13-j12 included.
func TestSeedLinkUnlinkVariants(t *testing.T) {
	setup := func() *Game {
		return position(t, Settings{}, pbmRed, pbmBlack, pbmRedLinks, pbmBlackLinks, Black)
	}
	t.Run("no unlinks", func(t *testing.T) {
		g := setup()
		before := snap(g)
		_, err := g.PlayString("j12+h11/j12/l11/n12/p11")
		var ce *CrossError
		if !errors.As(err, &ce) || !errors.Is(err, ErrLinkCrosses) {
			t.Fatalf("got %v, want a crossing error", err)
		}
		if ce.Link != mustLink(t, "h11-j12") || ce.Crosses != mustLink(t, "i12-k11") || ce.Owner != Black {
			t.Errorf("crossing error names %v crossing %v (%v), want h11-j12 crossing black i12-k11", ce.Link, ce.Crosses, ce.Owner)
		}
		if snap(g) != before {
			t.Error("a refused move changed the game")
		}
	})
	t.Run("unlinks with autolinks", func(t *testing.T) {
		g := setup()
		o, err := g.PlayString("j12-i12/k11/m12/n10,o11/n13")
		if err != nil {
			t.Fatal(err)
		}
		// Every legal link to j12 is made once k11's links are gone:
		// h11, h13 and l11 (i10, k14 and l13 hold no black peg).
		if got, want := linkSet(o.Added), normLinks(t, "h11-j12 h13-j12 j12-l11"); got != want {
			t.Errorf("autolinks %s, want %s", got, want)
		}
	})
	t.Run("bare plus", func(t *testing.T) {
		g := setup()
		o, err := g.PlayString("j12+")
		if err != nil {
			t.Fatal(err)
		}
		if len(o.Added) != 0 || len(o.Removed) != 0 {
			t.Errorf("a bare + made %v and removed %v", o.Added, o.Removed)
		}
		if g.Peg(mustHole(t, "j12")) != Black {
			t.Error("no peg on j12")
		}
	})
}

// Examples A and B of seed 000, moved onto a 6x14 board so that their walls
// span it: columns G..L of the diagrams become A..F (Black's border columns
// are then G and L, where its walls end), and O (Red) gets a chain from I6
// up to row 1 and from J13 down to row 14, as the text says its groups are
// "connected to the top" and "to the bottom".
const (
	exRedTop       = "d4 c2 e1"
	exRedTopLinks  = "c6-d4 d4-c2 c2-e1"
	exRedBot       = "b14"
	exRedBotLinks  = "d13-b14"
	exRed          = "c6 d8 e10 d9 e11 d13"
	exRedLinks     = "c6-d8 d8-e10 d9-e11 e11-d13"
	exBlackA       = "a6 d6 c7 f7 b8 e8 e9 c10 f11 d12 b13 e13"
	exBlackALinks  = "a6-c7 a6-b8 d6-f7 d6-e8 f7-e9 b8-c10 e9-f11 c10-d12 f11-e13 b13-d12"
	exBlackB       = "a6 d6 c7 f7 b8 e8 e9 c10 b11 f11 c13 e13"
	exBlackBLinks  = "a6-c7 a6-b8 d6-f7 d6-e8 f7-e9 b8-c10 e9-f11 b11-c13 f11-e13"
	exampleBoard   = 6
	exampleBoardHt = 14
)

func exampleSettings() Settings {
	return Settings{Size: Size{exampleBoard, exampleBoardHt}}
}

func TestSeedExampleA(t *testing.T) {
	g := position(t, exampleSettings(), exRed+" "+exRedTop+" "+exRedBot, exBlackA,
		exRedLinks+" "+exRedTopLinks+" "+exRedBotLinks, exBlackALinks, Red)
	if g.CanConnect(Red) {
		t.Error("Example A: O (Red) can still connect, but Black's wall blocks it: a draw")
	}
	if g.CanConnect(Black) {
		t.Error("Example A: Black can still connect across O's chains")
	}
}

func TestSeedExampleB(t *testing.T) {
	g := position(t, exampleSettings(), exRed+" "+exRedTop+" "+exRedBot, exBlackB,
		exRedLinks+" "+exRedTopLinks+" "+exRedBotLinks, exBlackBLinks, Red)
	if !g.CanConnect(Red) {
		t.Fatal("Example B: O can connect by removing J9-K11 and playing I11")
	}
	// Without the removal, I11 (c11 here) links to J13 and J9 but not to
	// K10: J9-K11 is in the way.
	t.Run("without the removal", func(t *testing.T) {
		g := position(t, exampleSettings(), exRed+" "+exRedTop+" "+exRedBot, exBlackB,
			exRedLinks+" "+exRedTopLinks+" "+exRedBotLinks, exBlackBLinks, Red)
		o, err := g.PlayString("c11")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := linkSet(o.Added), normLinks(t, "c11-d13 c11-d9"); got != want {
			t.Errorf("links %s, want %s", got, want)
		}
		if g.Over() {
			t.Errorf("game over: %v", g.Result())
		}
	})
	o, err := g.PlayString("c11-d9/e11")
	if err != nil {
		t.Fatal(err)
	}
	// The seed names the two links that join O's groups, K10 and J13;
	// autolinking also makes the (harmless) link back to J9.
	if got, want := linkSet(o.Added), normLinks(t, "c11-e10 c11-d13 c11-d9"); got != want {
		t.Errorf("I11 links %s, want %s (K10 and J13, and J9)", got, want)
	}
	if r := g.Result(); r != (Result{Winner: Red, Reason: Connection}) {
		t.Errorf("result %v, want Red wins by connection", r)
	}
	holes, links := g.WinningChain()
	if len(holes) == 0 || holes[0].Row != 0 || holes[len(holes)-1].Row != exampleBoardHt-1 || len(links) != len(holes)-1 {
		t.Errorf("winning chain %v %v does not run from row 1 to row %d", holes, links, exampleBoardHt)
	}
}

// TestSeedSampleGame replays seed 000's 12x12 sample game, which was played
// without swap, and checks the links its annotations name.
func TestSeedSampleGame(t *testing.T) {
	g, err := New(Settings{Size: Size{12, 12}})
	if err != nil {
		t.Fatal(err)
	}
	moves := []struct {
		move  string
		links string // the links the annotations say the move made
	}{
		{"g6", ""}, {"g8", ""}, {"c8", ""}, {"g4", ""}, {"c4", ""}, {"b8", ""},
		{"e7", "e7-g6 c8-e7"}, {"d9", "b8-d9"}, {"g10", ""}, {"h6", "g4-h6 g8-h6"},
		{"f8", "f8-g10 f8-g6"}, {"e4", ""}, {"d6", "c4-d6 c8-d6"}, {"c3", "c3-e4"},
		{"b2", "b2-c4"},
	}
	for i, m := range moves {
		o, err := g.PlayString(m.move)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, m.move, err)
		}
		if got, want := linkSet(o.Added), normLinks(t, m.links); got != want {
			t.Errorf("move %d %s linked %q, want %q", i+1, m.move, got, want)
		}
		if o.Number != i+1 {
			t.Errorf("move %d numbered %d", i+1, o.Number)
		}
	}
	if g.Over() {
		t.Fatalf("game over before Black resigns: %v", g.Result())
	}
	if _, err := g.PlayMove(Move{Kind: Resign}); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r != (Result{Winner: Red, Reason: Resignation}) {
		t.Errorf("result %v, want Red wins by resignation", r)
	}
	if got := len(g.Links(Red)); got != 7 {
		t.Errorf("red has %d links, want 7", got)
	}
	if got := len(g.Links(Black)); got != 4 {
		t.Errorf("black has %d links, want 4", got)
	}
}
