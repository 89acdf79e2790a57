package render

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/twixtbot/twixtbot/game"
)

func TestAltText(t *testing.T) {
	sq := func(n int) game.Settings { return game.Settings{Size: game.Size{Cols: n, Rows: n}} }
	tests := []struct {
		name  string
		set   game.Settings
		moves string
		names []string
		opts  Options
		want  string
	}{
		{"new game", game.Settings{}, "", []string{"Alice", "Bob"}, Options{},
			"TwixT board 24x24, no moves yet. Alice (Red) to move. Red (Alice): 0 pegs, 0 links. Black (Bob): 0 pegs, 0 links."},
		{"links made", sq(12), "g6 g8 c8 g4 c4 b8 e7", []string{"Alice", "Bob"}, Options{},
			"TwixT board 12x12 after move 7. Bob (Black) to move. Last move: Alice (Red) at E7, linked to C8 and G6. Red (Alice): 4 pegs, 2 links. Black (Bob): 3 pegs, 0 links."},
		{"no names", sq(12), "g6 g8", nil, Options{},
			"TwixT board 12x12 after move 2. Seat 1 (Red) to move. Last move: Black G8, no new links. Red (Seat 1): 1 peg, 0 links. Black (Seat 2): 1 peg, 0 links."},
		{"kosmos names the first side White", sq(12), "g6 g8 e7", []string{"Alice", "Bob"}, Options{Theme: Kosmos},
			"TwixT board 12x12 after move 3. Bob (Black) to move. Last move: Alice (White) at E7, linked to G6. White (Alice): 2 pegs, 1 link. Black (Bob): 1 peg, 0 links."},
		{"sides swap", game.Settings{Swap: game.SwapSides}, "j12 swap", []string{"Alice", "Bob"}, Options{},
			"TwixT board 24x24 after move 2. Alice (Black) to move. Last move: Bob swapped sides and now plays Red, taking the peg on J12. Red (Bob): 1 peg, 0 links. Black (Alice): 0 pegs, 0 links."},
		{"mirror swap", game.Settings{Swap: game.SwapMirror}, "e15 swap", []string{"Alice", "Bob"}, Options{},
			"TwixT board 24x24 after move 2. Alice (Red) to move. Last move: Bob swapped; the first peg moved to O5 and is now Black's. Red (Alice): 0 pegs, 0 links. Black (Bob): 1 peg, 0 links."},
		{"double with privilege", game.Settings{Players: 4}, "j12 k10 l11 privilege m9 n10", []string{"Alice", "Bob", "Carol", "Dave"}, Options{},
			"Double TwixT board 24x24 after move 5. Carol (Red, seat 3) to move. Last move: Bob (Black) at N10, no new links. Red (Alice and Carol): 3 pegs, 2 links, Privilege used. Black (Bob and Dave): 2 pegs, 0 links, Privilege available."},
		{"win by connection", sq(5), "c1 a2 d3 a4 c5", []string{"Alice", "Bob"}, Options{},
			"TwixT board 5x5 after move 5. Red wins by connection, with a chain of 3 pegs from C1 to C5. Last move: Alice (Red) at C5, linked to D3. Red (Alice): 3 pegs, 2 links. Black (Bob): 2 pegs, 0 links."},
		{"resignation", sq(12), "@sample12.moves", []string{"Alice", "Bob"}, Options{},
			"TwixT board 12x12 after move 15. Red wins by resignation. Last move: Alice (Red) at B2, linked to C4. Red (Alice): 8 pegs, 7 links. Black (Bob): 7 pegs, 4 links."},
		{"3M removal", game.Settings{Size: game.Size{Cols: 12, Rows: 12}, Ruleset: game.ThreeM}, "e5 j10 f7 j8 d6--f7", []string{"Alice", "Bob"}, Options{},
			"TwixT board 12x12 after move 5. Bob (Black) to move. Last move: Alice (Red) at D6, no new links; removed the links E5 to F7; first took up the peg on F7. Red (Alice): 2 pegs, 0 links. Black (Bob): 2 pegs, 0 links."},
		{"colour chosen after the cut", game.Settings{Size: game.Size{Cols: 12, Rows: 12}, Opening: game.OpeningPie3}, "f6 g8 h5 choose:red", []string{"Alice", "Bob"}, Options{},
			"TwixT board 12x12 after move 4. Alice (Black) to move. Red (Bob): 2 pegs, 1 link. Black (Alice): 1 peg, 0 links."},
		{"names keep their case", sq(12), "g6 g8 e7", []string{"alice", "élodie"}, Options{},
			"TwixT board 12x12 after move 3. élodie (Black) to move. Last move: alice (Red) at E7, linked to G6. Red (alice): 2 pegs, 1 link. Black (élodie): 1 peg, 0 links."},
		{"draw", sq(12), "g6 g8 draw", []string{"Alice", "Bob"}, Options{},
			"TwixT board 12x12 after move 2. Drawn by agreement. Last move: Bob (Black) at G8, no new links. Red (Alice): 1 peg, 0 links. Black (Bob): 1 peg, 0 links."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameOf(t, tt.set, tt.moves)
			if got := AltText(FromGame(g, tt.names...), tt.opts); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestAltTextRemovedLinks: a move that removes links says so.
func TestAltTextRemovedLinks(t *testing.T) {
	// Red links e7-g6, then removes it with the next peg (the cleanup
	// rule), placing g8's neighbour without linking.
	g := playMoves(t, game.Settings{Size: game.Size{Cols: 12, Rows: 12}}, "g6 a2 e7 a4 f9-e7/g6")
	got := AltText(FromGame(g, "Alice", "Bob"), Options{})
	if !strings.Contains(got, "removed the links E7 to G6") || !strings.Contains(got, "linked to E7") {
		t.Errorf("alt text %q should say the link E7-G6 was removed and F9 linked to E7", got)
	}
}

// TestAltTextLimit: however long the names, the text fits Discord's
// description field, and each name is shortened on its own.
func TestAltTextLimit(t *testing.T) {
	long := strings.Repeat("Ω", 300)
	g := playMoves(t, game.Settings{Players: 4}, "j12 k10 l11 m9")
	v := FromGame(g, long, long, long, long)
	got := AltText(v, Options{})
	if n := utf8.RuneCountInString(got); n > MaxAltText {
		t.Errorf("alt text is %d characters, over %d", n, MaxAltText)
	}
	if strings.Contains(got, strings.Repeat("Ω", maxAltName)) {
		t.Errorf("a name was not shortened to %d characters: %q", maxAltName, got)
	}
	if !strings.Contains(got, "Black (") || !strings.Contains(got, "pegs") {
		t.Errorf("the counts were cut off: %q", got)
	}
	if AltText(nil, Options{}) != "" {
		t.Error("AltText(nil) should be empty")
	}
	if got := truncateRunes(strings.Repeat("ab", 600), MaxAltText); utf8.RuneCountInString(got) != MaxAltText || !strings.HasSuffix(got, "…") {
		t.Errorf("truncateRunes: %d characters, ends %q", utf8.RuneCountInString(got), got[len(got)-4:])
	}
}

// TestAltTextFollowsGame: a screen-reader user can follow a game from the
// alt texts alone: each names the move just made.
func TestAltTextFollowsGame(t *testing.T) {
	g, err := game.New(game.Settings{Size: game.Size{Cols: 12, Rows: 12}})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields("g6 g8 c8 g4 c4 b8 e7 d9 g10 h6 f8 e4 d6 c3 b2") {
		if _, err := g.PlayString(m); err != nil {
			t.Fatal(err)
		}
		alt := AltText(FromGame(g), Options{})
		if !strings.Contains(alt, "at "+strings.ToUpper(m)) && !strings.Contains(alt, " "+strings.ToUpper(m)+",") {
			t.Errorf("after %s the alt text does not name it: %q", m, alt)
		}
	}
}
