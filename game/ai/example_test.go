package ai_test

import (
	"context"
	"fmt"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
)

// The computer answers a move. With a playout budget and a seed the search
// is deterministic; in play a time budget (Config.MoveTime or the level's
// default) is the usual choice.
func ExampleChoose() {
	g, _ := game.New(game.Settings{Size: game.Size{Cols: 12, Rows: 12}})
	g.PlayString("f6")
	d, err := ai.Choose(context.Background(), g, ai.Config{Level: ai.MaxLevel, Playouts: 500, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = g.PlayMove(d.Move)
	fmt.Println(d.Move.Kind, err, d.Playouts)
	// Output: place <nil> 500
}

// A bot keeps one Engine for all its games: a search then starts from the
// subtree of the reply the opponent played, when an earlier search of the
// engine looked at it, and grows its tree in recycled memory.
func ExampleEngine() {
	en := ai.NewEngine(ai.EngineOptions{})
	g, _ := game.New(game.Settings{Size: game.Size{Cols: 12, Rows: 12}, Swap: game.SwapOff})
	for g.Turns() < 4 {
		d, err := en.Choose(context.Background(), g, ai.Config{Playouts: 300, Seed: uint64(g.Turns())})
		if err != nil {
			fmt.Println(err)
			return
		}
		if _, err := g.PlayMove(d.Move); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.Turns())
	// Output: 4
}

func ExampleParseLevel() {
	l, _ := ai.ParseLevel("2")
	fmt.Println(l, l.MoveTime())
	// Output: casual 500ms
}
