package game_test

import (
	"errors"
	"fmt"

	"github.com/twixtbot/twixtbot/game"
)

func Example() {
	g, err := game.New(game.Settings{Swap: game.SwapSides})
	if err != nil {
		panic(err)
	}
	for _, m := range []string{"j12", "swap", "l11", "k14"} {
		o, err := g.PlayString(m)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%d. %s played %s, linking %v\n", o.Number, o.Color.Title(), o.Move, o.Added)
	}
	seat, color := g.ToMove()
	fmt.Printf("%s (%s) to move\n", seat, color)
	// Output:
	// 1. Red played j12, linking []
	// 2. Red played swap, linking []
	// 3. Black played l11, linking []
	// 4. Red played k14, linking [j12-k14]
	// seat 1 (black) to move
}

func ExampleParseMove() {
	// Seed 000's worked example: remove four links, place J12, and make
	// exactly the four listed links.
	m, err := game.ParseMove("j12-i12/k11/m12/n10,o11/n13+h11/j12/l11/n12/p11")
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Hole, m.UnlinkList(), m.LinkList())
	// Output: j12 [i12-k11 k11-m12 m12-n10 n13-o11] [h11-j12 j12-l11 l11-n12 n12-p11]
}

func ExampleGame_Play() {
	g, _ := game.New(game.Settings{})
	_, err := g.Play(2, game.Move{Kind: game.Place, Hole: game.Hole{Col: 4, Row: 4}})
	var te *game.TurnError
	if errors.As(err, &te) {
		fmt.Println(errors.Is(err, game.ErrNotYourTurn), te.ToMove)
	}
	_, err = g.PlayString("a5")
	fmt.Println(err)
	// Output:
	// true seat 1
	// A5 is in Black's border column (A and X belong to Black); Red may not peg there
}
