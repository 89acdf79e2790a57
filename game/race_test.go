package game

import "testing"

// TestRaceWalls checks that Walls.Races walls off a race the opponent wins,
// and only such a race. Black's straight chain runs up and left, a knight
// step (-2,-1) at a time, towards its border column; Red's chain comes up
// from its far row to a peg just below Black's line. Carried on, the line
// reaches Black's column before Red's row, so once Black is ahead Red
// cannot pass in front of it; so too when the line ends a knight step
// short of the column, at the board's edge, with a free way into it. If
// the line runs into Red's row first, Red escapes and nothing changes.
func TestRaceWalls(t *testing.T) {
	line := []Hole{{12, 10}, {10, 9}, {8, 8}}
	tests := []struct {
		name   string
		black  []Hole
		red    Hole // the head of Red's chain
		toMove Color
		longer bool
		// redRace: Red's chain also runs straight beside Black's
		// pegs to its own row, so Black's distance may change too.
		redRace bool
	}{
		{"beside the last link", line, Hole{9, 9}, NoColor, true, false},
		{"beside the next hole, Black to move", line, Hole{7, 8}, Black, true, false},
		{"beside the next hole, Red to move", line, Hole{7, 8}, Red, false, false},
		// (-2,-1) steps from (9,8): (7,7), (5,6), (3,5), (1,4), and the
		// next is off the board; (1,4) steps into (0,2) and (0,6).
		{"the line ends a step from Black's column", []Hole{{13, 10}, {11, 9}, {9, 8}}, Hole{10, 9}, NoColor, true, false},
		// (-1,-2) steps from (7,8): (6,6), (5,4), (4,2), (3,0) is Red's
		// row. Red's (8,11)-(7,9) runs beside it up to (3,1), a step
		// from its row: Red's race.
		{"the line runs into Red's row", []Hole{{9, 12}, {8, 10}, {7, 8}}, Hole{7, 9}, Black, false, true},
		{"no chain, no race", []Hole{{12, 10}, {8, 8}}, Hole{9, 9}, Black, false, false},
		// A single link with Red's peg beside both of its pegs is where
		// a ladder may begin, and where any contact fight does: no race.
		{"one link is no line yet", []Hole{{10, 9}, {8, 8}}, Hole{9, 9}, NoColor, false, false},
		{"one link is no line yet, Black to move", []Hole{{10, 9}, {8, 8}}, Hole{7, 8}, Black, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := NewBoard(Size{24, 24}, Standard)
			for _, h := range tc.black {
				if _, err := b.Place(h, Black); err != nil {
					t.Fatal(h, err)
				}
			}
			h, dc := tc.red, 1
			for h.Row < 24 {
				if _, err := b.Place(h, Red); err != nil {
					t.Fatal(h, err)
				}
				h, dc = Hole{Col: h.Col + dc, Row: h.Row + 2}, -dc
			}
			var plain, races Walls
			races.Races, races.ToMove = true, tc.toMove
			without, with := b.WalledBridgeDistance(Red, &plain), b.WalledBridgeDistance(Red, &races)
			if tc.longer && with <= without || !tc.longer && with != without {
				t.Errorf("Red's distance: %d with races, %d without; want longer %v", with, without, tc.longer)
			}
			// Red has no race, so Black's distance does not change.
			if bw, bp := b.WalledBridgeDistance(Black, &races), b.WalledBridgeDistance(Black, &plain); bw != bp && !tc.redRace {
				t.Errorf("Black's distance: %d with races, %d without", bw, bp)
			}
		})
	}
}
