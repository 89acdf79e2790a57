package game

import "testing"

// TestBridgeBits checks the bitset bridge distance against the hole-by-hole
// search it replaces, on random positions of many sizes and both
// rulesets, with and without walls and races, for both sides to move.
func TestBridgeBits(t *testing.T) {
	r := NewFastRand(7)
	sizes := []Size{{5, 5}, {6, 9}, {9, 6}, {12, 12}, {13, 24}, {24, 24}, {30, 30}, {24, 13}, {48, 48}, {100, 100}}
	checked := 0
	for _, s := range sizes {
		for _, rules := range []Ruleset{Standard, PP} {
			games := 3
			if s.Cols*s.Rows > 2000 {
				games = 1
			}
			for game := 0; game < games; game++ {
				b, _ := NewBoard(s, rules)
				c := Red
				var w Walls
				every := max(1, s.Cols*s.Rows/200) // about 60 positions a game
				for move := 0; ; move++ {
					for _, col := range []Color{Red, Black} {
						if move%every != 0 {
							break
						}
						for _, strict := range []bool{false, true} {
							want := b.bridgeSearch(col, 0, nil, strict, nil)
							if got := b.bridgeBits(col, strict, nil); got != want {
								t.Fatalf("%v %v game %d move %d: %v strict=%v no walls: bits %d, search %d", s, rules, game, move, col, strict, got, want)
							}
							for _, races := range []bool{false, true} {
								for _, tm := range []Color{Red, Black} {
									w.Races, w.ToMove = races, tm
									b.walls(col, &w)
									want := b.bridgeSearch(col, 0, nil, strict, &w)
									if got := b.bridgeBits(col, strict, &w); got != want {
										t.Fatalf("%v %v game %d move %d: %v strict=%v races=%v: bits %d, search %d", s, rules, game, move, col, strict, races, got, want)
									}
									checked++
								}
							}
						}
					}
					holes := b.LegalHoles(c)
					if len(holes) == 0 || b.Connected(Red) || b.Connected(Black) || move > s.Cols*s.Rows/3 {
						break
					}
					b.Place(holes[r.IntN(len(holes))], c)
					c = c.Opponent()
				}
			}
		}
	}
	t.Logf("%d checks", checked)
}

func BenchmarkBridgeBits(b *testing.B) {
	bd := midGame(b)
	var w Walls
	w.Races, w.ToMove = true, Red
	bd.walls(Red, &w)
	b.Run("bits", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			bd.bridgeBits(Red, true, &w)
		}
	})
	b.Run("search", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			bd.bridgeSearch(Red, 0, nil, true, &w)
		}
	})
}
