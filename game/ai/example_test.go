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

func ExampleParseLevel() {
	l, _ := ai.ParseLevel("2")
	fmt.Println(l, l.MoveTime())
	// Output: casual 500ms
}
