package game_test

import (
	"fmt"

	"github.com/twixtbot/twixtbot/game"
)

func ExampleReadRecord() {
	// A Little Golem record states its board, TwixT PP and the mirror swap
	// (the swap moves d11 across the diagonal to k4);
	// the settings given to Replay fill in only what a record leaves open.
	data := []byte("(;FF[4]PB[Ann]PW[Bob]SZ[24];b[dk];r[swap];b[kj];r[resign])")
	rec, err := game.ReadRecord(data, game.FormatAuto, "")
	if err != nil {
		panic(err)
	}
	g, err := rec.Replay(game.Settings{Ruleset: game.Standard})
	if err != nil {
		panic(err)
	}
	fmt.Println(rec.Format, g.Settings())
	fmt.Println(rec.Name(1), "has", g.Pegs(game.Red), "and", rec.Name(2), "has", g.Pegs(game.Black))
	fmt.Println(g.Result())
	// Output:
	// lg 24x24 pp, swap:mirror
	// Ann has [k10] and Bob has [k4]
	// Red wins by resignation
}

func ExampleNewRecord() {
	// Export a game in progress, and read it back. Bob swapped, so he plays
	// White (Red) from then on and PW names him; the swap itself is Black's
	// turn, B[swap].
	g, _ := game.New(game.Settings{Swap: game.SwapSides})
	for _, m := range []string{"j12", "swap", "l11"} {
		if _, err := g.PlayString(m); err != nil {
			panic(err)
		}
	}
	sgf, err := game.NewRecord(g, "Ann", "Bob").MarshalSGF()
	if err != nil {
		panic(err)
	}
	fmt.Print(string(sgf))
	rec, _ := game.ReadRecord(sgf, game.FormatAuto, "")
	again, _ := rec.Replay(game.Settings{})
	seat, color := again.ToMove()
	fmt.Println(again.Turns(), "turns;", seat, "to move as", color)
	fmt.Println(rec.Name(1), "plays", again.SeatColor(1), "and", rec.Name(2), "plays", again.SeatColor(2))
	// Output:
	// (;FF[4]GM[21]CA[UTF-8]AP[twixtbot]SZ[24]HA[0]RU[STD]XPLAYERS[2]XSWAP[sides]XEXTRA[0]XAUTODRAW[on]PW[Bob]PB[Ann]
	// ;W[j12]
	// ;B[swap]
	// ;B[l11])
	// 3 turns; seat 2 to move as red
	// Ann plays black and Bob plays red
}
