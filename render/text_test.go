package render

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

func holes(tb testing.TB, s string) []game.Hole {
	tb.Helper()
	var out []game.Hole
	for _, f := range strings.Fields(s) {
		h, err := game.ParseHole(f)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, h)
	}
	return out
}

func links(tb testing.TB, s string) []game.Link {
	tb.Helper()
	var out []game.Link
	for _, f := range strings.Fields(s) {
		a, b, _ := strings.Cut(f, "-")
		hs := holes(tb, a+" "+b)
		out = append(out, game.NewLink(hs[0], hs[1]))
	}
	return out
}

// TestTextSeedExample draws the position after the worked example of seed
// 000 (pbmserv's help) and compares the window the help shows, H10-P14,
// with the help's own picture, character for character.
func TestTextSeedExample(t *testing.T) {
	v := &View{
		Size: game.Size{Cols: 24, Rows: 24},
		Red: Side{
			Pegs:  holes(t, "k10 m11 k12 p12 i13 m13 o14"),
			Links: links(t, "k10-m11 i13-k12 k12-m13 m13-o14 o14-p12"),
		},
		Black: Side{
			Pegs:  holes(t, "n10 h11 k11 l11 o11 p11 i12 j12 l12 m12 n12 h13 n13"),
			Links: links(t, "n10-p11 h11-j12 j12-l11 l11-n12 n12-p11 l12-n13"),
		},
	}
	got, err := Text(v, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "seed000_after.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(got, "\n")
	// Row r of the board is line 1+2r; column c starts at 3+3c (two
	// digits of row number and a space).
	const left = 3
	col := func(c int) int { return left + 3*c }
	wantLines := strings.Split(strings.TrimRight(string(want), "\n"), "\n")[1:] // skip the column letters
	for i, w := range wantLines {
		line := lines[1+2*9+i]        // row 10 is index 9
		from, to := col(7), col(15)+1 // H .. P
		if len(line) < to {
			line += strings.Repeat(" ", to-len(line))
		}
		if g, w := strings.TrimRight(line[from:to], " "), strings.TrimRight(w[10:min(len(w), 35)], " "); g != w {
			t.Errorf("line %d of the window:\n got %q\nwant %q", i, g, w)
		}
	}
}

// TestTextGolden compares whole text boards with files in testdata. Run
// with -update to rewrite them after a deliberate change, and read the diff.
func TestTextGolden(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		opts  Options
		setup game.Settings
		moves string
	}{
		{"sample12-medium", "text_sample12_medium.txt", Options{}, game.Settings{Size: game.Size{Cols: 12, Rows: 12}}, "@sample12.moves"},
		{"sample12-small", "text_sample12_small.txt", Options{Scale: Small}, game.Settings{Size: game.Size{Cols: 12, Rows: 12}}, "@sample12.moves"},
		{"5x5-kosmos", "text_5x5_kosmos.txt", Options{Theme: Kosmos}, game.Settings{Size: game.Size{Cols: 5, Rows: 5}}, "c1 a2 d3 a4 c5"},
		{"28x6-small", "text_28x6_small.txt", Options{Scale: Small}, game.Settings{Size: game.Size{Cols: 28, Rows: 6}}, "aa3 b4 z2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameOf(t, tt.setup, tt.moves)
			got, err := Text(FromGame(g, "Alice", "Bob"), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tt.file)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("text board differs from %s:\n%s", path, got)
			}
		})
	}
}

// TestTextShape checks what every text board must have: the column letters
// above and below, row numbers on both sides, a letter for every peg and a
// dot for every empty hole, and a blank for the corners.
func TestTextShape(t *testing.T) {
	for _, size := range []game.Size{{Cols: 5, Rows: 5}, {Cols: 13, Rows: 24}, {Cols: 24, Rows: 24}, {Cols: 30, Rows: 7}} {
		g := playMoves(t, game.Settings{Size: size}, "c3 b4 d5")
		v := FromGame(g)
		for _, sc := range []Scale{Small, Medium} {
			got, err := Text(v, Options{Scale: sc})
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(got, "\n")
			step, cw, left := 2, 3, len(itoa(size.Rows))+1
			if sc == Small {
				step, cw = 1, 2
				if size.Cols > 26 {
					cw = 3
				}
			}
			last := 1 + step*(size.Rows-1)
			for _, y := range []int{0, last + 1} {
				for c := 0; c < size.Cols; c++ {
					name := strings.ToUpper(game.ColumnName(c))
					x := left + cw*c
					if !strings.HasPrefix(lines[y][x:], name) {
						t.Fatalf("%s %s: line %d lacks column %s at %d: %q", size, sc, y, name, x, lines[y])
					}
				}
			}
			for r := 0; r < size.Rows; r++ {
				line := lines[1+step*r]
				n := itoa(r + 1)
				if !strings.HasPrefix(strings.TrimLeft(line, " "), n+" ") || !strings.HasSuffix(line, " "+n) {
					t.Fatalf("%s %s: row %d lacks its numbers: %q", size, sc, r+1, line)
				}
				for c := 0; c < size.Cols; c++ {
					h := game.Hole{Col: c, Row: r}
					want := byte(textHole)
					switch {
					case !exists(size, h):
						want = ' '
					case g.Peg(h) == game.Red:
						want = textRed
					case g.Peg(h) == game.Black:
						want = textBlack
					}
					if got := line[left+cw*c]; got != want {
						t.Fatalf("%s %s: hole %s is %q, want %q: %q", size, sc, h.Upper(), got, want, line)
					}
				}
			}
		}
	}
}

func TestTextBadInput(t *testing.T) {
	if _, err := Text(&View{Size: game.Size{Cols: 3, Rows: 3}}, Options{}); !errors.Is(err, ErrBadView) {
		t.Errorf("Text of a 3x3 view: %v, want ErrBadView", err)
	}
	if _, err := Text(&View{Size: game.Size{Cols: 5, Rows: 5}}, Options{Theme: 7}); !errors.Is(err, ErrBadTheme) {
		t.Errorf("Text with theme 7: %v, want ErrBadTheme", err)
	}
	if _, err := Text(nil, Options{}); !errors.Is(err, ErrBadView) {
		t.Errorf("Text(nil): %v, want ErrBadView", err)
	}
}
