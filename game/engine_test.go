package game

import (
	"maps"
	"math/rand/v2"
	"testing"
)

// TestDistanceEmpty: on an empty board a side needs one peg per two rows
// (or columns) it must cross, plus the first.
func TestDistanceEmpty(t *testing.T) {
	for _, s := range []Size{{5, 5}, {24, 24}, {7, 12}, {100, 30}} {
		b, _ := NewBoard(s, Standard)
		if got, want := b.Distance(Red), (s.Rows-1+1)/2+1; got != want {
			t.Errorf("%s: red distance %d, want %d", s, got, want)
		}
		if got, want := b.Distance(Black), (s.Cols-1+1)/2+1; got != want {
			t.Errorf("%s: black distance %d, want %d", s, got, want)
		}
		if s.Cols >= 8 && s.Rows >= 8 {
			if got, want := b.TwoDistance(Red), b.Distance(Red); got != want {
				t.Errorf("%s: red two-distance %d, want %d", s, got, want)
			}
		}
	}
}

// TestEngineQueries checks Distance, Wins, Autolinks and CanPeg against the
// rules on random games: Distance is Unreachable when CanConnect says no
// (in PP exactly then), 0 once connected, falls by at most one per own peg
// and never falls for an opponent's; Wins agrees with placing the peg and asking
// Connected; Autolinks with the links Place makes.
func TestEngineQueries(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for game := 0; game < 60; game++ {
		s := Size{5 + r.IntN(12), 5 + r.IntN(12)}
		rules := Ruleset(r.IntN(2))
		b, _ := NewBoard(s, rules)
		c := Red
		for !b.Connected(Red) && !b.Connected(Black) && b.Free(c) > 0 {
			holes := b.LegalHoles(c)
			for _, h := range holes {
				try := b.Clone()
				n, _ := try.Place(h, c)
				if got := b.Autolinks(h, c); got != n {
					t.Fatalf("%s %s at %s: Autolinks %d, Place made %d", s, rules, h, got, n)
				}
				if got, want := b.Wins(h, c), try.Connected(c); got != want {
					t.Fatalf("%s %s at %s: Wins %v, Connected after Place %v", s, rules, h, got, want)
				}
				if !b.CanPeg(h, c) {
					t.Fatalf("CanPeg(%s) false for a legal hole", h)
				}
			}
			mine, theirs := b.Distance(c), b.Distance(c.Opponent())
			for _, col := range []Color{c, c.Opponent()} {
				d := b.Distance(col)
				if rules == PP && (d == Unreachable) == b.CanConnect(col) || d != Unreachable && !b.CanConnect(col) {
					t.Fatalf("distance %d, CanConnect %v", d, b.CanConnect(col))
				}
				if td := b.TwoDistance(col); td < d || b.Connected(col) && td != 0 {
					t.Fatalf("%s two-distance %d, distance %d, connected %v", col, td, d, b.Connected(col))
				}
			}
			b.Place(holes[r.IntN(len(holes))], c)
			// In standard a peg's own links may block its other paths.
			if d := b.Distance(c); d < mine-1 || rules == PP && d > mine {
				t.Fatalf("own peg took the distance from %d to %d", mine, d)
			}
			if d := b.Distance(c.Opponent()); d < theirs {
				t.Fatalf("an opponent's peg took the distance from %d to %d", theirs, d)
			}
			if b.Connected(c) && b.Distance(c) != 0 {
				t.Fatalf("connected at distance %d", b.Distance(c))
			}
			c = c.Opponent()
		}
	}
}

// midGame returns the 24x24 standard board the distance benchmarks
// measure: 60 pegs placed at random, with a fixed seed.
func midGame(tb testing.TB) *Board {
	tb.Helper()
	bd, err := NewBoard(Size{24, 24}, Standard)
	if err != nil {
		tb.Fatal(err)
	}
	r := NewFastRand(5)
	c := Red
	for k := 0; k < 60; k++ {
		holes := bd.LegalHoles(c)
		bd.Place(holes[r.IntN(len(holes))], c)
		c = c.Opponent()
	}
	return bd
}

// BenchmarkDistance measures one distance search on a 24x24 mid-game:
// to the other row, the two-distance, and a full map from either row.
func BenchmarkDistance(b *testing.B) {
	bd := midGame(b)
	b.ReportAllocs()
	b.Run("one", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			bd.Distance(Red)
		}
	})
	b.Run("two", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			bd.TwoDistance(Red)
		}
	})
	out := make([]int32, 24*24)
	b.Run("map", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			bd.DistanceMap(Red, i&1, out)
		}
	})
}

// TestDistanceAgainstReference checks the bitset searches of Distance,
// DistanceMap (from both rows, every hole) and TwoDistance against the
// reference searches, one hole at a time, that they replaced
// (engine_ref_test.go): on random positions of many sizes
// and both rulesets, with pegs placed bare and linked by hand, links and
// pegs removed, so that groups of pegs touch without a link and crossing
// links of one's own block.
func TestDistanceAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 13))
	sizes := []Size{{5, 5}, {6, 9}, {24, 24}, {13, 7}, {30, 30}, {65, 12}, {12, 70}}
	for trial := 0; trial < 49; trial++ {
		s := sizes[trial%len(sizes)]
		rules := []Ruleset{Standard, PP, ThreeM}[r.IntN(3)]
		b, _ := NewBoard(s, rules)
		gotMap, wantMap := make([]int32, s.Cols*s.Rows), make([]int32, s.Cols*s.Rows)
		c := Red
		for step := 0; b.Free(c) > 0 && step < s.Cols*s.Rows; step++ {
			for _, col := range []Color{Red, Black} {
				if got, want := b.Distance(col), b.distanceRef(col); got != want {
					t.Fatalf("%s %s step %d: %s distance %d, reference %d", s, rules, step, col, got, want)
				}
				if got, want := b.TwoDistance(col), b.twoDistanceRef(col); got != want {
					t.Fatalf("%s %s step %d: %s two-distance %d, reference %d", s, rules, step, col, got, want)
				}
				for from := range 2 {
					got, want := b.DistanceMap(col, from, gotMap), b.distanceMapRef(col, from, wantMap)
					if got != want {
						t.Fatalf("%s %s step %d: %s distance map from %d says %d, reference %d", s, rules, step, col, from, got, want)
					}
					for i := range wantMap {
						if gotMap[i] != wantMap[i] {
							t.Fatalf("%s %s step %d: %s distance map from %d: hole %s at %d, reference %d",
								s, rules, step, col, from, Hole{i % s.Cols, i / s.Cols}, gotMap[i], wantMap[i])
						}
					}
				}
			}
			if b.Connected(Red) || b.Connected(Black) {
				break
			}
			holes := b.LegalHoles(c)
			h := holes[r.IntN(len(holes))]
			switch x := r.IntN(20); {
			case x == 0 && rules != PP:
				// Take away a random link or peg of c.
				if links := b.Links(c); len(links) > 0 {
					if err := b.RemoveLink(links[r.IntN(len(links))], c); err != nil {
						t.Fatal(err)
					}
				} else if pegs := b.Pegs(c); len(pegs) > 0 && rules == ThreeM {
					if err := b.RemovePeg(pegs[r.IntN(len(pegs))], c); err != nil {
						t.Fatal(err)
					}
				}
			case x <= 2:
				// A bare peg, linked by hand to some of its neighbours.
				if err := b.PlaceBare(h, c); err != nil {
					t.Fatal(err)
				}
				for _, k := range knight {
					o := Hole{h.Col + k[0], h.Row + k[1]}
					if r.IntN(2) == 0 && b.Exists(o) && b.Peg(o) == c {
						b.AddLink(NewLink(h, o), c) // refused if blocked: fine
					}
				}
			default:
				if _, err := b.Place(h, c); err != nil {
					t.Fatal(err)
				}
			}
			c = c.Opponent()
		}
	}
}

// TestCrossTemplate: every link that nine links cross, away from the
// edges, is crossed by the same nine, shifted: the template addLink uses.
func TestCrossTemplate(t *testing.T) {
	for _, s := range []Size{{5, 5}, {8, 8}, {24, 24}, {7, 40}, {100, 100}} {
		g := geometryFor(s)
		for id, nc := range g.ncross {
			if nc != crossStride {
				continue
			}
			d := id % 4
			if !g.hasRel[d] {
				t.Fatalf("%s: link %d has nine crossings but no template", s, id)
			}
			for k, x := range g.crosses(id) {
				if int32(x)-int32(id) != g.crossRel[d][k] {
					t.Fatalf("%s: link %s: crossing %d is %s, the template says %d", s, g.link(id), k, g.link(int(x)), g.crossRel[d][k])
				}
			}
			// The template by holes adds one to the same nine
			// counters, and to no other.
			want := map[int]int{}
			for _, x := range g.crosses(id) {
				want[int(x)]++
			}
			got := map[int]int{}
			for _, a := range g.crossWide[d] {
				for lane := 0; lane < 4; lane++ {
					if n := int(a.lanes >> (16 * lane) & 0xFFFF); n != 0 {
						got[(id/4+int(a.hole))*4+lane] += n
					}
				}
			}
			if !maps.Equal(got, want) {
				t.Fatalf("%s: link %s: the template by holes adds to %v, the crossings are %v", s, g.link(id), got, want)
			}
		}
	}
}

// TestPegsByIndex: the copy agrees with Peg on every hole, and is a copy.
func TestPegsByIndex(t *testing.T) {
	b, _ := NewBoard(Size{9, 7}, Standard)
	b.Place(Hole{3, 2}, Red)
	b.Place(Hole{4, 4}, Black)
	got := b.PegsByIndex(nil)
	for i, c := range got {
		if h := (Hole{i % 9, i / 9}); b.Peg(h) != c {
			t.Fatalf("%s: %s, Peg says %s", h, c, b.Peg(h))
		}
	}
	got[3+2*9] = Black
	if b.Peg(Hole{3, 2}) != Red {
		t.Error("changing the copy changed the board")
	}
}
