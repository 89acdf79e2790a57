package render

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

func TestZoomWindow(t *testing.T) {
	sq := func(n int) game.Size { return game.Size{Cols: n, Rows: n} }
	at := func(size game.Size, hole string) *View {
		v := &View{Size: size}
		if hole != "" {
			h, err := game.ParseHole(hole)
			if err != nil {
				t.Fatal(err)
			}
			v.Last = &LastMove{Hole: h}
		}
		return v
	}
	tests := []struct {
		name string
		v    *View
		want Window
	}{
		{"centred on the last move", at(sq(48), "x24"), Window{Col0: 15, Col1: 32, Row0: 15, Row1: 32}},
		{"moved inside at the top left", at(sq(48), "b2"), Window{Col0: 0, Col1: 17, Row0: 0, Row1: 17}},
		{"moved inside at the bottom right", at(sq(48), "av47"), Window{Col0: 31, Col1: 48, Row0: 31, Row1: 48}},
		{"the board's centre before the first move", at(sq(100), ""), Window{Col0: 42, Col1: 59, Row0: 42, Row1: 59}},
		{"a board smaller than the window", at(sq(12), "c3"), Window{Col0: 0, Col1: 12, Row0: 0, Row1: 12}},
		{"narrow and long", at(game.Size{Cols: 13, Rows: 60}, "f50"), Window{Col0: 0, Col1: 13, Row0: 41, Row1: 58}},
	}
	for _, tt := range tests {
		if got := ZoomWindow(tt.v); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
		if tt.v.Last != nil && !ZoomWindow(tt.v).Contains(tt.v.Last.Hole) {
			t.Errorf("%s: the window leaves out the last move", tt.name)
		}
	}
}

// TestZoomPNG decodes zoomed pictures of big boards in every theme: every
// pixel of the window's holes and of its coordinate strips is the whole
// picture's (which TestPNGPixels checks), the corners are bare board, and
// the last move is inside, with its ring.
func TestZoomPNG(t *testing.T) {
	views := testViews(t)
	views["corner-48"] = FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 48, Rows: 48}}, "b2 c3"), "Alice", "Bob")
	for _, name := range []string{"big-48", "monster-100", "corner-48", "odd-13x24", "empty-24"} {
		v := views[name]
		for _, th := range Themes() {
			o := Options{Theme: th}
			t.Run(name+"/"+th.String(), func(t *testing.T) {
				full, _ := decode(t, v, o)
				var buf bytes.Buffer
				if err := ZoomPNG(&buf, v, o); err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(&buf)
				if err != nil {
					t.Fatal(err)
				}
				w := ZoomWindow(v)
				z, err := NewZoomLayout(v.Size, w, o)
				if err != nil {
					t.Fatal(err)
				}
				if b := img.Bounds(); b.Dx() != z.Width || b.Dy() != z.Height {
					t.Fatalf("zoomed picture is %v, layout says %dx%d", b, z.Width, z.Height)
				}
				for y := range z.Height {
					for x := range z.Width {
						src := z.Source(image.Pt(x, y))
						if a, b := img.At(x, y), full.At(src.X, src.Y); a != b {
							t.Fatalf("zoomed pixel (%d, %d) is %v; it shows (%d, %d) of the whole picture, which is %v", x, y, a, src.X, src.Y, b)
						}
					}
				}
				// The window's labels are those of its columns and rows:
				// its first column's name sits over the zoomed picture's
				// first column of holes.
				l := z.Full
				if got := z.Source(image.Pt(l.Grid.Min.X, l.Grid.Min.Y-l.Header.Max.Y)); got != image.Pt(l.Grid.Min.X+w.Col0*l.Spacing, l.Grid.Min.Y+w.Row0*l.Spacing) {
					t.Errorf("the zoomed grid starts at %v of the whole picture", got)
				}
				th := themeFor(th)
				for _, p := range []image.Point{{1, 1}, {z.Width - 2, 1}, {1, z.Height - 2}, {z.Width - 2, z.Height - 2}} {
					if got := boardColourName(th, img.At(p.X, p.Y)); got != "board" {
						t.Errorf("corner pixel %v is %s, want bare board", p, got)
					}
				}
				if v.Last != nil {
					p := z.Pixel(v.Last.Hole)
					k := &checker{t: t, img: img, th: th, l: Layout{Header: image.Rect(0, 0, 0, 0)}, what: name}
					hits := 0
					for _, d := range []image.Point{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
						r := int(l.ringR)
						if k.at(float64(p.X+d.X*r), float64(p.Y+d.Y*r)) == nameOf(th, th.ring) {
							hits++
						}
					}
					if hits < 3 {
						t.Errorf("the last move %s at %v in the zoomed picture shows its ring at %d of 4 points", v.Last.Hole.Upper(), p, hits)
					}
				}
			})
		}
	}
}

func TestZoomBadInput(t *testing.T) {
	if _, err := NewZoomLayout(game.Size{Cols: 24, Rows: 24}, Window{Col0: 20, Col1: 30, Row0: 0, Row1: 5}, Options{}); !errors.Is(err, ErrBadView) {
		t.Errorf("a window off the board: %v, want ErrBadView", err)
	}
	var buf bytes.Buffer
	if err := ZoomPNG(&buf, &View{Size: game.Size{Cols: 3, Rows: 3}}, Options{}); !errors.Is(err, ErrBadView) || buf.Len() > 0 {
		t.Errorf("ZoomPNG of a bad view: %v, %d bytes", err, buf.Len())
	}
}

func TestZoomAltText(t *testing.T) {
	v := FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 48, Rows: 48}}, "ac40 ae44"), "alice", "bob")
	got := ZoomAltText(v, Options{})
	want := "Detail of the board, columns W to AM and rows 32 to 48, around the last move AE44. TwixT board 48x48 after move 2."
	if !strings.HasPrefix(got, want) {
		t.Errorf("got  %q\nwant %q…", got, want)
	}
}
