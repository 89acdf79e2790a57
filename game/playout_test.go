package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// refPlayout is Playout written with the board's public moves: the same
// draws from the same hole lists, each peg put in by Place and each win
// asked of Connected. It plays to the end (a connection or no hole left
// for the side to move) and returns the winner and how many pegs it
// placed.
func refPlayout(b *Board, first Color, r Rand) (Color, int) {
	l := b.playoutHoles(nil)
	c := first
	for placed := 0; ; placed++ {
		live := l.live(c)
		if live == 0 {
			return NoColor, placed
		}
		h := b.g.hole(l.take(r.IntN(live), c))
		if _, err := b.Place(h, c); err != nil {
			panic(fmt.Sprintf("the reference playout drew %s for %s: %v", h, c, err))
		}
		if b.Connected(c) {
			return c, placed + 1
		}
		c = c.Opponent()
	}
}

// randomStart plays up to n random pegs on b with their autolinks, and
// where the rules allow, removes some links and pegs again, so that
// playouts also start from boards whose union-find must be rebuilt.
func randomStart(t *testing.T, b *Board, n int, r *rand.Rand) Color {
	c := Red
	for k := 0; k < n; k++ {
		holes := b.LegalHoles(c)
		if len(holes) == 0 {
			break
		}
		if _, err := b.Place(holes[r.IntN(len(holes))], c); err != nil {
			t.Fatal(err)
		}
		if b.Connected(c) {
			break // a finished game: no playout from here
		}
		if b.rules != PP && r.IntN(4) == 0 {
			if links := b.Links(c); len(links) > 0 {
				if err := b.RemoveLink(links[r.IntN(len(links))], c); err != nil {
					t.Fatal(err)
				}
			}
		}
		if b.rules == ThreeM && r.IntN(6) == 0 {
			if pegs := b.Pegs(c); len(pegs) > 0 {
				if err := b.RemovePeg(pegs[r.IntN(len(pegs))], c); err != nil {
					t.Fatal(err)
				}
			}
		}
		c = c.Opponent()
	}
	return c
}

// sameBoards fails unless a and b hold the same position, down to the
// tables the board keeps for speed.
func sameBoards(t *testing.T, what string, a, b *Board) {
	t.Helper()
	if !slices.Equal(a.pegs, b.pegs) || !slices.Equal(a.links, b.links) || !slices.Equal(a.blk, b.blk) {
		t.Fatalf("%s: pegs, links or crossing counters differ:\nplayout: %v %v\nreference: %v %v",
			what, a.Pegs(Red), a.Links(Red), b.Pegs(Red), b.Links(Red))
	}
	for c := Red; c <= Black; c++ {
		if a.PegCount(c) != b.PegCount(c) || a.LinkCount(c) != b.LinkCount(c) || a.Free(c) != b.Free(c) {
			t.Fatalf("%s: %s's counts differ: pegs %d/%d, links %d/%d, free %d/%d", what, c,
				a.PegCount(c), b.PegCount(c), a.LinkCount(c), b.LinkCount(c), a.Free(c), b.Free(c))
		}
		if !slices.Equal(a.nbr[c], b.nbr[c]) || !slices.Equal(a.pegBits[c], b.pegBits[c]) {
			t.Fatalf("%s: %s's neighbour masks or peg bitset differ", what, c)
		}
		if a.Connected(c) != b.Connected(c) {
			t.Fatalf("%s: Connected(%s) is %v after the playout, %v after the reference", what, c, a.Connected(c), b.Connected(c))
		}
		// The same sets in both union-finds: every hole and border row
		// has the same root in b as its root in a has.
		for x := int32(0); x < int32(a.g.n+2); x++ {
			for _, y := range []int32{int32(a.g.n), int32(a.g.n + 1), a.find(c, x)} {
				if (a.find(c, x) == a.find(c, y)) != (b.find(c, x) == b.find(c, y)) {
					t.Fatalf("%s: %s's union-find: node %d and %d are joined in one board and not the other", what, c, x, y)
				}
			}
		}
	}
}

// TestPlayoutAgainstReference plays random playouts from random positions
// of every ruleset and many sizes, and checks each against refPlayout
// with the same draws: the same winner, and the same board at the end.
// Then both boards play on with Place, which must go on agreeing (the
// playout left no table stale).
func TestPlayoutAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	sizes := []Size{{5, 5}, {6, 9}, {8, 8}, {12, 7}, {24, 24}, {30, 30}}
	var seen [3]int
	for round := 0; round < 240; round++ {
		s := sizes[round%len(sizes)]
		rules := []Ruleset{Standard, PP, ThreeM}[round%3]
		what := fmt.Sprintf("round %d, %v %s", round, s, rules)
		b, err := NewBoard(s, rules)
		if err != nil {
			t.Fatal(err)
		}
		first := randomStart(t, b, r.IntN(s.Cols*s.Rows/3+1), r)
		if b.Connected(Red) || b.Connected(Black) {
			continue
		}
		start, ref := b.Clone(), b.Clone()
		seed := r.Uint64()
		winner, _ := b.Playout(first, NewFastRand(seed), nil)
		want, _ := refPlayout(ref, first, NewFastRand(seed))
		if winner != want {
			t.Fatalf("%s: Playout says %s won, the reference %s", what, winner, want)
		}
		seen[winner]++
		sameBoards(t, what, b, ref)
		// Any Rand, not only FastRand, gives the same game.
		x, y := start.Clone(), start.Clone()
		wx, _ := x.Playout(first, rand.New(rand.NewPCG(seed, 1)), nil)
		wy, _ := refPlayout(y, first, rand.New(rand.NewPCG(seed, 1)))
		if wx != wy {
			t.Fatalf("%s: with math/rand, Playout says %s won, the reference %s", what, wx, wy)
		}
		sameBoards(t, what+", math/rand", x, y)
		// Play on from the final boards with the ordinary moves.
		for k, c := 0, Red; k < 20 && !b.Connected(Red) && !b.Connected(Black); k++ {
			holes := b.LegalHoles(c)
			if len(holes) == 0 {
				break
			}
			h := holes[r.IntN(len(holes))]
			n1, err1 := b.Place(h, c)
			n2, err2 := ref.Place(h, c)
			if n1 != n2 || (err1 == nil) != (err2 == nil) {
				t.Fatalf("%s: placing %s after the playout: %d links (%v), after the reference %d (%v)", what, h, n1, err1, n2, err2)
			}
			c = c.Opponent()
		}
		sameBoards(t, what+", played on", b, ref)
	}
	// The rounds must reach every result, or the test proves little.
	for c, n := range seen {
		if n == 0 {
			t.Errorf("no playout ended with winner %s", Color(c))
		}
	}
}

// TestFastRandIntN checks that IntN stays in range and is uniform over a
// small range, with the rejection step taken for a range that needs it.
func TestFastRandIntN(t *testing.T) {
	r := NewFastRand(3)
	for _, n := range []int{1, 2, 3, 7, 100, 1<<31 + 12345} {
		for k := 0; k < 1000; k++ {
			if x := r.IntN(n); x < 0 || x >= n {
				t.Fatalf("IntN(%d) = %d", n, x)
			}
		}
	}
	var counts [6]int
	const draws = 60000
	for k := 0; k < draws; k++ {
		counts[r.IntN(6)]++
	}
	for v, n := range counts {
		if n < draws/6-600 || n > draws/6+600 { // about 6 standard deviations
			t.Errorf("IntN(6) gave %d %d times in %d draws", v, n, draws)
		}
	}
}
