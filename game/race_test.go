package game

import "testing"

// TestRaceWalls checks that Walls.Races walls off a race the opponent wins,
// and only such a race: Black's straight chain runs up and left, a knight
// step (-2,-1) at a time, beside Red's peg at the head of a chain from
// Red's far row. Carried on, Black's line reaches its own border column
// before Red's border row, so Red cannot pass in front of it; if the line
// runs into Red's border row first, Red escapes and nothing changes.
func TestRaceWalls(t *testing.T) {
	redChain := []Hole{{5, 7}, {6, 9}, {5, 11}, {6, 13}, {5, 15}, {6, 17}, {5, 19}, {6, 21}}
	tests := []struct {
		name   string
		black  []Hole
		longer bool
	}{
		{"black wins the race", []Hole{{12, 10}, {10, 9}, {8, 8}}, true},
		// (-1,-2) steps from (7,8): (6,6), (5,4), (4,2), (3,0) is Red's row.
		{"the line runs into Red's row", []Hole{{9, 12}, {8, 10}, {7, 8}}, false},
		{"no chain, no race", []Hole{{12, 10}, {8, 8}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := NewBoard(Size{24, 24}, Standard)
			for _, h := range redChain {
				if _, err := b.Place(h, Red); err != nil {
					t.Fatal(h, err)
				}
			}
			for _, h := range tc.black {
				if _, err := b.Place(h, Black); err != nil {
					t.Fatal(h, err)
				}
			}
			var plain, races Walls
			races.Races = true
			without, with := b.WalledBridgeDistance(Red, &plain), b.WalledBridgeDistance(Red, &races)
			if tc.longer && with <= without || !tc.longer && with != without {
				t.Errorf("Red's distance: %d with races, %d without; want longer %v", with, without, tc.longer)
			}
			// Black's own distance does not change: Red has no race.
			if bw, bp := b.WalledBridgeDistance(Black, &races), b.WalledBridgeDistance(Black, &plain); bw != bp {
				t.Errorf("Black's distance: %d with races, %d without", bw, bp)
			}
		})
	}
}
