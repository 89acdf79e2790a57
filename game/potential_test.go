package game

import (
	"math/rand/v2"
	"testing"
)

// TestDistanceMaps checks the distance maps and the bridge distances on
// random games: from the first row a map returns what Distance does, and
// the best connection through a hole is Distance; a map is Unreachable on
// every hole c may not use and 0 on c's pegs in the first row; a double
// link never costs a peg, and walls only take ways away.
func TestDistanceMaps(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for game := 0; game < 40; game++ {
		s := Size{5 + r.IntN(20), 5 + r.IntN(20)}
		rules := Ruleset(r.IntN(2))
		b, _ := NewBoard(s, rules)
		fwd, back := make([]int32, s.Cols*s.Rows), make([]int32, s.Cols*s.Rows)
		var walls, races Walls
		races.Races = true
		c := Red
		for !b.Connected(Red) && !b.Connected(Black) && b.Free(c) > 0 {
			for _, col := range []Color{Red, Black} {
				if got, want := b.DistanceMap(col, 0, fwd), b.Distance(col); got != want {
					t.Fatalf("%s %s: distance map says %d, Distance %d", s, col, got, want)
				}
				b.DistanceMap(col, 1, back)
				best := Unreachable
				for i := range fwd {
					if fwd[i] < Unreachable && back[i] < Unreachable {
						through := int(fwd[i] + back[i])
						if b.pegs[i] == NoColor {
							through--
						}
						best = min(best, through)
					}
				}
				if want := b.Distance(col); best != want {
					t.Fatalf("%s %s: best through a hole %d, Distance %d", s, col, best, want)
				}
				// A double link saves a peg, never costs one; it is
				// a path only where a plain path is.
				bd, pd := b.BridgeDistance(col), b.Distance(col)
				if bd > pd || (bd == Unreachable) != (pd == Unreachable) || b.Connected(col) && bd != 0 {
					t.Fatalf("%s %s %s: bridge distance %d, distance %d", s, rules, col, bd, pd)
				}
				// Walls and the stricter double links only take
				// ways away.
				if wd := b.WalledBridgeDistance(col, &walls); wd < bd || (wd == Unreachable) != (bd == Unreachable) {
					t.Fatalf("%s %s %s: walled %d, bridge distance %d", s, rules, col, wd, bd)
				} else if rd := b.WalledBridgeDistance(col, &races); rd < wd && rd+WallPenalty != wd || (rd == Unreachable) != (wd == Unreachable) {
					t.Fatalf("%s %s %s: walled with races %d, without %d", s, rules, col, rd, wd)
				}
				if got := b.BridgeDistanceMap(col, 0, fwd); got != bd {
					t.Fatalf("%s %s: bridge map says %d, BridgeDistance %d", s, col, got, bd)
				}
				b.DistanceMap(col, 0, fwd)
				b.DistanceMap(col, 1, back)
				for i := range fwd {
					h := Hole{i % s.Cols, i / s.Cols}
					usable := b.Peg(h) == col || b.CanPeg(h, col)
					if !usable && (fwd[i] != Unreachable || back[i] != Unreachable) {
						t.Fatalf("%s %s: hole %s not %s's, map %d/%d", s, rules, h, col, fwd[i], back[i])
					}
					if b.Peg(h) == col && b.g.inBorder(i, col) == 1 && fwd[i] != 0 {
						t.Fatalf("%s: own peg %s in the first row at %d", s, h, fwd[i])
					}
				}
			}
			holes := b.LegalHoles(c)
			b.Place(holes[r.IntN(len(holes))], c)
			c = c.Opponent()
		}
	}
}

// BenchmarkBridgeDistance measures the bridge distance of one side on a
// 24x24 mid-game, to the other row and as a full map.
func BenchmarkBridgeDistance(b *testing.B) {
	bd := midGame(b)
	out := make([]int32, 24*24)
	b.ReportAllocs()
	b.Run("one", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			bd.BridgeDistance(Red)
		}
	})
	var w Walls
	b.Run("walled", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			bd.WalledBridgeDistance(Red, &w)
		}
	})
	b.Run("map", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			bd.BridgeDistanceMap(Red, i&1, out)
		}
	})
}
