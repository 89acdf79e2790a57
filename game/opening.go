package game

import (
	"fmt"
	"strings"
)

// Opening is how a two-player game begins, beside the one-peg pie rule
// (Settings.Swap).
type Opening uint8

const (
	// OpeningPlain: Red places the first peg, and the pie rule, if on,
	// lets Black take it over.
	OpeningPlain Opening = iota
	// OpeningPie3 is "cut the pie" (seed 001): "One player puts two red
	// pegs (possibly linked) and one black peg on an otherwise empty
	// board, producing a position with black to move. The other player
	// then decides which side to play on." Seat 1 places a red, a red and
	// a black peg, as three turns (links as usual: a bare '+' keeps the
	// red pegs apart); seat 2 then chooses a colour with "choose:red" or
	// "choose:black", a turn of its own. Black moves next, whoever that
	// is now. The one-peg pie rule is off.
	OpeningPie3
	// OpeningCentre is the Kosmos handicap (seed 004): "The pie rule is
	// dropped; the weaker player plays White and may place the first peg
	// in the middle", optionally with two or three moves ahead
	// (ExtraMoves). Red's first peg goes on the centre hole, or on one of
	// the central holes of a board with an even side.
	OpeningCentre
)

var openingNames = [...]string{"plain", "pie3", "centre"}

// String returns "plain", "pie3" or "centre".
func (o Opening) String() string {
	if int(o) < len(openingNames) {
		return openingNames[o]
	}
	return fmt.Sprintf("opening(%d)", int(o))
}

// Describe names the opening for players, e.g. "the cut-the-pie opening".
func (o Opening) Describe() string {
	switch o {
	case OpeningPie3:
		return "the cut-the-pie opening (two red pegs and a black one, then the other player chooses a colour)"
	case OpeningCentre:
		return "the Kosmos centre handicap (no pie rule; Red's first peg in the middle)"
	}
	return "the plain opening"
}

// ParseOpening reads "plain" (also "none", "off" or nothing), "pie3" (also
// "cut-the-pie") and "centre" (also "center", "kosmos-centre").
func ParseOpening(s string) (Opening, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "plain", "none", "off", "":
		return OpeningPlain, nil
	case "pie3", "cut-the-pie", "cutthepie":
		return OpeningPie3, nil
	case "centre", "center", "kosmos-centre", "kosmos-center":
		return OpeningCentre, nil
	}
	return OpeningPlain, fmt.Errorf("%w: %q (want plain, pie3 or centre)", ErrBadOpening, s)
}

// validateOpening reports what is wrong with the opening of s (normalized).
func (s Settings) validateOpening() error {
	switch {
	case s.Opening > OpeningCentre:
		return fmt.Errorf("%w: unknown opening %d", ErrBadSettings, s.Opening)
	case s.Opening != OpeningPlain && s.Players != 2:
		return fmt.Errorf("%w: %s is for two players", ErrBadSettings, s.Opening.Describe())
	case s.Opening == OpeningPie3 && (s.Handicap != 0 || s.ExtraMoves != 0):
		return fmt.Errorf("%w: the cut-the-pie opening evens the game, so it takes no handicap", ErrBadSettings)
	}
	return nil
}

// pie3Colors are the colours of the cutter's three pegs, in order.
var pie3Colors = [3]Color{Red, Red, Black}

// cutting reports whether the cutter of a pie3 opening is placing its
// three pegs now.
func (g *Game) cutting() bool { return g.set.Opening == OpeningPie3 && g.turns < 3 }

// ChoiceDue reports whether the player to move must now choose a colour
// (the cut-the-pie opening, right after the three pegs).
func (g *Game) ChoiceDue() bool {
	return !g.Over() && g.set.Opening == OpeningPie3 && g.turns == 3
}

// turnColor is the colour seat s places with now: its own, or during the
// cut the colour of the peg due.
func (g *Game) turnColor(s Seat) Color {
	if g.cutting() && s == g.toMove {
		return pie3Colors[g.turns]
	}
	return g.seats[s]
}

// centralHoles returns the central holes of a board: one, two or four.
func centralHoles(b Size) []Hole {
	mid := func(n int) []int {
		if n%2 == 1 {
			return []int{n / 2}
		}
		return []int{n/2 - 1, n / 2}
	}
	var out []Hole
	for _, c := range mid(b.Cols) {
		for _, r := range mid(b.Rows) {
			out = append(out, Hole{c, r})
		}
	}
	return out
}

// openingHoles returns the only holes the player to move may peg because
// of the opening, or nil if the opening does not restrict them.
func (g *Game) openingHoles() []Hole {
	if g.set.Opening == OpeningCentre && g.turns == 0 {
		return centralHoles(g.board.Size())
	}
	return nil
}

// checkOpening reports why the opening forbids move m now, or nil.
func (g *Game) checkOpening(m Move) error {
	if g.Over() {
		return nil // (Play says the game is over)
	}
	if m.Kind == Choose && !g.ChoiceDue() {
		if g.set.Opening != OpeningPie3 {
			return stateErr(ErrOpening, "only the cut-the-pie opening has a colour choice; this game does not use it")
		}
		return stateErr(ErrOpening, "the colour is chosen once, right after the first player's three pegs: two red, one black")
	}
	if m.Kind == Place && g.ChoiceDue() {
		return stateErr(ErrOpening, "first choose your colour, as the cut-the-pie opening asks: choose:red or choose:black")
	}
	if m.Kind == Swap && g.set.Opening == OpeningPie3 {
		return stateErr(ErrOpening, "the cut-the-pie opening has no swap: after the three pegs the other player chooses a colour with choose:red or choose:black")
	}
	if hs := g.openingHoles(); m.Kind == Place && hs != nil {
		for _, h := range hs {
			if h == m.Hole {
				return nil
			}
		}
		names := make([]string, len(hs))
		for i, h := range hs {
			names[i] = h.Upper()
		}
		return stateErr(ErrOpening, "under the Kosmos centre handicap Red's first peg goes in the middle: %s, not %s", orList(names), m.Hole.Upper())
	}
	return nil
}

// orList writes "A", "A or B", "A, B or C".
func orList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// choose plays the colour choice of the cut-the-pie opening: seat s takes
// colour m.Color, and Black moves next.
func (g *Game) choose(s Seat, m Move) (Outcome, error) {
	if m.Color != Red && m.Color != Black {
		return Outcome{}, stateErr(ErrBadColor, "choose red or black")
	}
	if g.seats[s] != m.Color {
		g.seats[1], g.seats[2] = g.seats[2], g.seats[1]
	}
	o := Outcome{Move: m, Seat: s, Color: m.Color}
	g.turns++
	o.Number = g.turns
	g.toMove = g.Seats(Black)[0]
	g.last, g.hasLast = o, true
	return o, nil
}
