package ai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestFarBlocks: the blocks ahead of the opponent's chain stand farAhead
// rows (for Black, columns) beyond each end of it, in the end's line and
// one nearer the centre, and are among the candidates.
func TestFarBlocks(t *testing.T) {
	size := game.Size{Cols: 24, Rows: 24}
	for _, tc := range []struct {
		name  string
		mover game.Color // the side that blocks
		chain []game.Hole
		want  []game.Hole
	}{
		{
			name:  "Black's chain across the middle",
			mover: game.Red,
			chain: []game.Hole{{Col: 9, Row: 6}, {Col: 11, Row: 7}, {Col: 13, Row: 8}},
			want:  []game.Hole{{Col: 5, Row: 6}, {Col: 5, Row: 7}, {Col: 17, Row: 8}, {Col: 17, Row: 9}},
		},
		{
			name:  "Red's chain down the left",
			mover: game.Black,
			chain: []game.Hole{{Col: 4, Row: 10}, {Col: 5, Row: 12}},
			want:  []game.Hole{{Col: 4, Row: 6}, {Col: 5, Row: 6}, {Col: 5, Row: 16}, {Col: 6, Row: 16}},
		},
	} {
		b, err := game.NewBoard(size, game.Standard)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range tc.chain {
			if _, err := b.Place(h, tc.mover.Opponent()); err != nil {
				t.Fatal(err)
			}
		}
		o := newOrderer(b)
		hist := make([]int32, size.Cols*size.Rows)
		moves := o.candidates(b, tc.mover, 12, hist, nil)
		var got []game.Hole
		for _, i := range o.far {
			got = append(got, o.hole(int(i)))
		}
		for _, h := range tc.want {
			if !slices.Contains(got, h) {
				t.Errorf("%s: the far blocks %v miss %v", tc.name, got, h)
			}
			if !slices.Contains(moves, int32(h.Row*size.Cols+h.Col)) {
				t.Errorf("%s: %v is not among the candidates", tc.name, h)
			}
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: far blocks %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestCandidateOrder: on random mid-game positions the candidates come in
// order of the two sides' potentials through them and, of equal ones,
// the moves that cut the opponent's connection first (the blocks ahead
// of its chain come before all).
func TestCandidateOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 21))
	checked := 0
	for k := 0; k < 30; k++ {
		g := randomGame(t, game.Settings{Swap: game.SwapOff}, 10+r.IntN(40), r)
		if g.Over() {
			continue
		}
		_, c := g.ToMove()
		b := g.Board()
		o := newOrderer(b)
		hist := make([]int32, b.Size().Cols*b.Size().Rows)
		moves := o.candidates(b, c, 1000, hist, nil)
		if o.forced {
			continue // the blocks of a threat to win, not ranked
		}
		minC, minO := int32(game.Unreachable), int32(game.Unreachable)
		for i := range o.fc {
			if b.Peg(o.hole(i)) == game.NoColor {
				minC = min(minC, o.fc[i]+o.bc[i])
				minO = min(minO, o.fo[i]+o.bo[i])
			}
		}
		rank := func(m int32) [2]int32 {
			if slices.Contains(o.far, m) {
				return [2]int32{-1, 0}
			}
			sc := min(o.fc[m]+o.bc[m]-minC, orderCap)
			so := min(o.fo[m]+o.bo[m]-minO, orderCap)
			ext := int32(0)
			if so > sc {
				ext = 1
			}
			return [2]int32{min(sc, so)*4*orderCap + sc + so, ext}
		}
		for j := 1; j < len(moves); j++ {
			p, q := rank(moves[j-1]), rank(moves[j])
			if p[0] > q[0] || p[0] == q[0] && p[1] > q[1] {
				t.Fatalf("position %d: %v (rank %v) before %v (rank %v)", k, o.hole(int(moves[j-1])), p, o.hole(int(moves[j])), q)
			}
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d positions checked", checked)
	}
}
