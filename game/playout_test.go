package game

import "testing"

// TestSaveBridge checks the bridge-saving reply of PlayoutSaving on the
// double link e5–e9 of Red (its two ways through are d7 and f7).
func TestSaveBridge(t *testing.T) {
	tests := []struct {
		name                 string
		red, black           string
		redLinks, blackLinks string
		cut                  string // Black's intrusion
		want                 string // Red's save, or "" for none
	}{
		{name: "cut on the left, saved on the right", red: "e5 e9", black: "d7", cut: "d7", want: "f7"},
		{name: "cut on the right, saved on the left", red: "e5 e9", black: "f7", cut: "f7", want: "d7"},
		{name: "a long double link", red: "e5 h8", black: "g6", cut: "g6", want: "f7"},
		{name: "already joined another way", red: "e5 g6 h8 g10 e9", black: "d7", redLinks: "e5-g6 g6-h8 h8-g10 g10-e9", cut: "d7"},
		{name: "the other way is blocked by a link", red: "e5 e9", black: "d7 e7 f5", blackLinks: "e7-f5", cut: "d7"},
		{name: "the other way is taken", red: "e5 e9", black: "d7 f7", cut: "d7"},
		{name: "no double link: one peg only", red: "e5", black: "d7", cut: "d7"},
		{name: "cramped pair is left alone", red: "e5 f6", black: "d7", cut: "d7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := position(t, Settings{}, tt.red, tt.black, tt.redLinks, tt.blackLinks, Red)
			b := g.board
			got := b.saveBridge(b.g.index(mustHole(t, tt.cut)), Red)
			want := -1
			if tt.want != "" {
				want = b.g.index(mustHole(t, tt.want))
			}
			if got != want {
				t.Fatalf("save = %v, want %v", b.g.hole(max(got, 0)), tt.want)
			}
			if h, ok := b.SaveBridge(mustHole(t, tt.cut), Red); ok != (tt.want != "") || ok && h.String() != tt.want {
				t.Fatalf("SaveBridge = %v, %v; want %q", h, ok, tt.want)
			}
			if _, ok := b.SaveBridge(mustHole(t, tt.cut), Black); ok {
				t.Fatal("Black saves a bridge of Red's")
			}
			if tt.want == "" {
				return
			}
			// In a whole playout, the save is the first move, every time.
			for seed := range uint64(20) {
				p := b.Clone()
				winner, _ := p.PlayoutSaving(Red, mustHole(t, tt.cut), NewFastRand(seed), nil)
				if p.Peg(mustHole(t, tt.want)) != Red {
					t.Fatalf("seed %d: %s not pegged by Red", seed, tt.want)
				}
				checkPlayout(t, b, p, winner)
			}
		})
	}
}

// TestPlayoutSaving plays whole playouts with bridge saving from random
// positions of both rulesets and checks that each is a game that could be
// played: alternating pegs on distinct legal holes, ending in a win for the
// side that connected, or a full board.
func TestPlayoutSaving(t *testing.T) {
	r := NewFastRand(11)
	var scratch []int32
	for _, rules := range []Ruleset{Standard, PP, ThreeM} {
		for k := 0; k < 40; k++ {
			b, _ := NewBoard(Size{Cols: 8 + k%17, Rows: 8 + k%13}, rules)
			c := Red
			var last Hole
			for range k % 15 {
				holes := b.LegalHoles(c)
				last = holes[r.IntN(len(holes))]
				b.Place(last, c)
				c = c.Opponent()
			}
			if b.Connected(Red) || b.Connected(Black) {
				continue
			}
			p := b.Clone()
			var winner Color
			winner, scratch = p.PlayoutSaving(c, last, r, scratch)
			checkPlayout(t, b, p, winner)
		}
	}
}

// checkPlayout checks that after, the end of a playout from before, holds
// before's pegs and alternating new ones on legal holes, and that winner
// agrees with the board.
func checkPlayout(t *testing.T, before, after *Board, winner Color) {
	t.Helper()
	for c := Red; c <= Black; c++ {
		for _, h := range before.Pegs(c) {
			if after.Peg(h) != c {
				t.Fatalf("%s peg %s lost", c, h)
			}
		}
		for _, h := range after.Pegs(c) {
			if before.Peg(h) == NoColor && !before.g.usable(before.g.index(h), c) {
				t.Fatalf("%s pegged %s, a hole it may not use", c, h)
			}
		}
	}
	dr := after.PegCount(Red) - before.PegCount(Red)
	db := after.PegCount(Black) - before.PegCount(Black)
	if dr-db < -1 || dr-db > 1 {
		t.Fatalf("the playout did not alternate: %d red and %d black pegs", dr, db)
	}
	switch {
	case winner != NoColor && !after.Connected(winner):
		t.Fatalf("%s said to win, but is not connected", winner)
	case winner == NoColor && (after.Connected(Red) || after.Connected(Black)):
		t.Fatal("a side connected, but the playout reported no winner")
	case winner == NoColor && after.Free(Red) > 0 && after.Free(Black) > 0:
		t.Fatal("no winner, but both sides still had holes")
	}
}
