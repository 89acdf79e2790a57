package game_test

import (
	"fmt"

	"github.com/twixtbot/twixtbot/game"
)

// The 3M rules: before pegging, a player may take own pegs off the board,
// with their links; the hole is free again at once.
func Example_threeM() {
	g, _ := game.New(game.Settings{Ruleset: game.ThreeM})
	for _, m := range []string{"e5", "k10", "f7", "l12"} {
		g.PlayString(m)
	}
	o, err := g.PlayString("d6--f7")
	fmt.Println(err, o.Freed, o.Removed, g.Peg(o.Freed[0]))
	_, err = g.PlayString("f7") // Black pegs the freed hole
	fmt.Println(err, g.Peg(o.Freed[0]))
	// Output:
	// <nil> [f7] [e5-f7] none
	// <nil> black
}

// The cut-the-pie opening: the first player places two red pegs and a
// black one; the other chooses a colour, and Black moves next.
func Example_pie3() {
	g, _ := game.New(game.Settings{Opening: game.OpeningPie3})
	for _, m := range []string{"j12", "k14", "m12"} {
		g.PlayString(m)
	}
	fmt.Println(g.ChoiceDue())
	g.PlayString("choose:red")
	seat, c := g.ToMove()
	fmt.Println(g.SeatColor(2), seat, c)
	// Output:
	// true
	// red seat 1 black
}

// Alan Hensel's long-move notation, which the SGF specification uses: the
// link at midpoint E'6 removed, then K12 pegged with every link.
func ExampleMove_SGFText() {
	m, _ := game.ParseMove("k12-e5/f7")
	fmt.Println(m.SGFText())
	h, _ := game.ParseMove("-e'6k12")
	fmt.Println(h.UnlinkList(), h.Hole)
	// Output:
	// -e'6k12
	// [e5-f7] k12
}
