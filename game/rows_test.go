package game

import "testing"

// TestRowGap checks the row gap on small positions: an empty board leaves
// every row but the first to fill; a chain of linked pegs fills the rows
// it spans, a double link does not; the opponent's linked wall across the
// board closes every column.
func TestRowGap(t *testing.T) {
	tests := []struct {
		name       string
		red, black []Hole
		c          Color
		want       int // in rows; -1: Unreachable
	}{
		{"empty, Red", nil, nil, Red, 23},
		{"empty, Black", nil, nil, Black, 23},
		{"a lone peg saves nothing", []Hole{{10, 10}}, nil, Red, 23},
		{"two linked pegs fill two rows", []Hole{{10, 10}, {11, 12}}, nil, Red, 21},
		{"a chain of four fills six rows", []Hole{{10, 4}, {11, 6}, {10, 8}, {11, 10}}, nil, Red, 17},
		{"a double link leaves its gap", []Hole{{10, 10}, {10, 14}}, nil, Red, 23},
		{"a chain from the first row", []Hole{{10, 0}, {11, 2}, {10, 4}}, nil, Red, 19},
		{"Black's peg closes its column only", nil, []Hole{{10, 10}}, Red, 23},
		{"Black's linked wall closes every column", nil, wall(), Red, -1},
		{"a gap in the wall lets Red through", nil, wall()[:11], Red, 23},
		// Every column closed by a lone peg: a step round one costs
		// a row more.
		{"Black's lone pegs close no way", nil, scattered(), Red, 24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := NewBoard(Size{24, 24}, Standard)
			for _, h := range tc.red {
				if _, err := b.Place(h, Red); err != nil {
					t.Fatal(h, err)
				}
			}
			for _, h := range tc.black {
				if _, err := b.Place(h, Black); err != nil {
					t.Fatal(h, err)
				}
			}
			var r Rows
			got := b.RowGap(tc.c, &r)
			want := tc.want * RowUnit
			if tc.want < 0 {
				want = Unreachable
			}
			if got != want {
				t.Errorf("RowGap(%s) = %d, want %d", tc.c, got, want)
			}
		})
	}
}

// wall is a chain of Black's linked pegs across the board, along rows 10
// and 11.
func wall() []Hole {
	var w []Hole
	for col := 0; col < 24; col += 2 {
		w = append(w, Hole{Col: col, Row: 10 + col/2%2})
	}
	return w
}

// scattered is a peg of Black's in every column Red may use, none linked:
// row 3 in the even columns, row 20 in the odd ones.
func scattered() []Hole {
	var s []Hole
	for col := 1; col < 23; col++ {
		s = append(s, Hole{Col: col, Row: 3 + col%2*17})
	}
	return s
}

// BenchmarkRowGap measures the row gap of one side on a 24x24 mid-game.
func BenchmarkRowGap(b *testing.B) {
	bd := midGame(b)
	var r Rows
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		bd.RowGap(Red, &r)
	}
}
