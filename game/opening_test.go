package game

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestPie3 plays the cut-the-pie opening (seed 001): the first player
// places two red pegs and a black one, the other chooses a colour, and
// Black moves next.
func TestPie3(t *testing.T) {
	for _, tt := range []struct {
		choice     Color
		blackSeat  Seat // who plays Black after the choice
		blackFirst Seat // who moves after the choice
	}{
		{Black, 2, 2},
		{Red, 1, 1},
	} {
		t.Run("choose "+tt.choice.String(), func(t *testing.T) {
			g, err := New(Settings{Opening: OpeningPie3, Swap: SwapSides})
			if err != nil {
				t.Fatal(err)
			}
			if g.SwapAvailable() {
				t.Error("the one-peg pie rule is on beside pie3")
			}
			for i, want := range []Color{Red, Red, Black} {
				if s, c := g.ToMove(); s != 1 || c != want {
					t.Fatalf("cut peg %d: %v %v to move, want seat 1 placing %v", i+1, s, c, want)
				}
				play(t, g, []string{"j12", "k14", "m12"}[i])
			}
			if got := linkSet(g.Links(Red)); got != "j12-k14" {
				t.Errorf("red links %q: the two red pegs link as usual", got)
			}
			if g.Peg(mustHole(t, "m12")) != Black {
				t.Error("the third peg is not black")
			}
			if s, c := g.ToMove(); s != 2 || c != Black || !g.ChoiceDue() || len(g.LegalHoles()) != 0 {
				t.Fatalf("after the cut: %v %v to move, choice due %v", s, c, g.ChoiceDue())
			}
			o, err := g.PlayMove(Move{Kind: Choose, Color: tt.choice})
			if err != nil {
				t.Fatal(err)
			}
			if o.Number != 4 || o.Color != tt.choice || o.Seat != 2 {
				t.Errorf("outcome %+v", o)
			}
			if g.SeatColor(tt.blackSeat) != Black || g.SeatColor(3-tt.blackSeat) != Red {
				t.Errorf("seat %d should play Black", tt.blackSeat)
			}
			if s, c := g.ToMove(); s != tt.blackFirst || c != Black {
				t.Errorf("%v %v to move, want seat %d as Black", s, c, tt.blackFirst)
			}
			play(t, g, "p10")
			if g.Peg(mustHole(t, "p10")) != Black {
				t.Error("Black did not move after the choice")
			}
			for _, f := range []Format{FormatMoves, FormatSGF} {
				checkRoundTrip(t, g, []string{"Cutter", "Chooser"}, f)
			}
			data, _ := NewRecord(g).Marshal(FormatMoves)
			if !bytes.Contains(data, []byte("# opening: pie3\n")) || !bytes.Contains(data, []byte("choose:"+tt.choice.String()+"\n")) {
				t.Errorf("moves export:\n%s", data)
			}
			data, _ = NewRecord(g, "Cutter", "Chooser").Marshal(FormatSGF)
			if !bytes.Contains(data, []byte("XOPENING[pie3]")) {
				t.Errorf("SGF export:\n%s", data)
			}
			// PW names who plays White (our Red) from the choice on.
			pw := "PW[Cutter]"
			if tt.choice == Red {
				pw = "PW[Chooser]"
			}
			if !bytes.Contains(data, []byte(pw)) {
				t.Errorf("SGF export does not say %s:\n%s", pw, data)
			}
		})
	}
}

// TestKosmosCentre: the Kosmos centre handicap with two moves ahead: Red's
// first peg on a central hole, then two more, and no pie rule.
func TestKosmosCentre(t *testing.T) {
	g, err := New(Settings{Opening: OpeningCentre, ExtraMoves: 2, Swap: SwapSides})
	if err != nil {
		t.Fatal(err)
	}
	if got := holesString(g.LegalHoles()); got != "l12 l13 m12 m13" {
		t.Errorf("legal first holes %q", got)
	}
	play(t, g, "m13", "f5", "t20")
	if s, c := g.ToMove(); s != 2 || c != Black {
		t.Errorf("%v %v to move after Red's three pegs", s, c)
	}
	if g.SwapAvailable() {
		t.Error("a swap is offered under the Kosmos handicap")
	}
	if got := holesString(centralHoles(Size{7, 8})); got != "d4 d5" {
		t.Errorf("central holes of 7x8: %q", got)
	}
}

func TestOpeningSettings(t *testing.T) {
	for _, tt := range []struct {
		s    Settings
		want string
	}{
		{Settings{Opening: OpeningPie3, Handicap: 2}, "the cut-the-pie opening evens the game, so it takes no handicap"},
		{Settings{Opening: OpeningPie3, ExtraMoves: 1}, "takes no handicap"},
		{Settings{Opening: OpeningCentre, Players: 4}, "the Kosmos centre handicap (no pie rule; Red's first peg in the middle) is for two players"},
		{Settings{Opening: 9}, "unknown opening 9"},
	} {
		if err := tt.s.Validate(); !errors.Is(err, ErrBadSettings) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: got %v, want %q", tt.s, err, tt.want)
		}
	}
	for _, in := range []string{"pie3", "Cut-The-Pie", "centre", "center", "kosmos-centre", "plain", ""} {
		o, err := ParseOpening(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
		}
		if again, _ := ParseOpening(o.String()); again != o {
			t.Errorf("%q does not round-trip", in)
		}
	}
	if _, err := ParseOpening("pie4"); !errors.Is(err, ErrBadOpening) || !strings.Contains(err.Error(), "want plain, pie3 or centre") {
		t.Errorf("pie4: %v", err)
	}
}
