package bot

import (
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

func TestDescribeTurn(t *testing.T) {
	h := func(s string) game.Hole { x, _ := game.ParseHole(s); return x }
	l := func(a, b string) game.Link { return game.NewLink(h(a), h(b)) }
	tests := []struct {
		o    game.Outcome
		want string
	}{
		{game.Outcome{Move: game.Move{Kind: game.Place}, Hole: h("j12"), Added: []game.Link{l("h11", "j12"), l("j12", "k10")}},
			"played J12, linking H11 and K10"},
		{game.Outcome{Move: game.Move{Kind: game.Place}, Hole: h("j12")}, "played J12"},
		{game.Outcome{Move: game.Move{Kind: game.Place}, Hole: h("j12"), Removed: []game.Link{l("i12", "k11")},
			Added: []game.Link{l("h11", "j12"), l("l11", "n12")}},
			"played J12, removing I12-K11, linking H11 and L11-N12"},
		{game.Outcome{Move: game.Move{Kind: game.Swap}, Hole: h("e15")}, "swapped: they now play Red, with the peg on E15"},
	}
	for _, tt := range tests {
		if got := (vocab{}).describeTurn(tt.o, game.SwapSides); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
	if len(helpText) > 2000 {
		t.Errorf("help text is %d characters; Discord allows 2000", len(helpText))
	}
}
