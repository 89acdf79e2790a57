package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/render"
)

// TestRender draws short.moves (red c4 and d6, black e5) and checks, by
// decoding the PNG, that the pegs of the final position are where the
// layout puts them, in their sides' colours.
func TestRender(t *testing.T) {
	out := filepath.Join(t.TempDir(), "board.png")
	code, _, stderr := runCLI(t, "", "render", "--theme", "classic", "--scale", "small", "testdata/short.moves", "-o", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	l, err := render.NewLayout(game.Size{Cols: 24, Rows: 24}, render.Options{Scale: render.Small})
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != l.Width || b.Dy() != l.Height {
		t.Fatalf("picture is %v, layout says %dx%d", b, l.Width, l.Height)
	}
	at := func(hole string) (int, int, int) {
		h, _ := game.ParseHole(hole)
		p := l.Pixel(h)
		r, g, b, _ := img.At(p.X, p.Y).RGBA()
		return int(r >> 8), int(g >> 8), int(b >> 8)
	}
	if r, g, b := at("c4"); r < g+60 || r < b+60 {
		t.Errorf("c4 should hold a red peg, pixel is %d,%d,%d", r, g, b)
	}
	// D6, the last move, carries the classic theme's blue dot.
	if r, g, b := at("d6"); b < r+60 || b < g+60 {
		t.Errorf("d6, the last move, should carry a blue dot, pixel is %d,%d,%d", r, g, b)
	}
	if r, g, b := at("e5"); r > 90 || g > 90 || b > 90 {
		t.Errorf("e5 should hold a black peg, pixel is %d,%d,%d", r, g, b)
	}
	if r, g, b := at("p16"); (r < g+60 && r < 90) || r > g+60 {
		t.Errorf("p16 should be an empty hole, pixel is %d,%d,%d", r, g, b)
	}
}

func TestRenderText(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "render", "--text", "testdata/short.moves")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "24") || strings.Count(stdout, "\n") < 24 {
		t.Errorf("text board looks wrong:\n%s", stdout)
	}
	code, stdout, stderr = runCLI(t, "", "render", "--text", "--lang", "de", "--theme", "kosmos", "testdata/short.moves")
	if code != exitOK || !strings.Contains(stdout, "O Weiß (oben-unten)   # Schwarz (links-rechts)") || !strings.Contains(stdout, "zuletzt: Weiß D6") {
		t.Errorf("the German text board (exit %d, %s) has no German legend:\n%s", code, stderr, stdout)
	}
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"render", "testdata/short.moves"}, exitBad, "-o out.png"},
		{[]string{"render", "--theme", "neon", "--text", "testdata/short.moves"}, exitBad, "--theme"},
		{[]string{"render", "--scale", "huge", "--text", "testdata/short.moves"}, exitBad, "--scale"},
		{[]string{"render", "--lang", "pt", "--text", "testdata/short.moves"}, exitBad, `--lang: l10n: unknown language "pt"; twixtbot speaks en (English), de (Deutsch)`},
		{[]string{"render", "--text", "testdata/rejected.moves"}, exitRejected, "is refused"},
		{[]string{"render", "--text", "testdata/bad.moves"}, exitRejected, "move 3 (5e) is refused: moves record, line 2 column 3"},
		{[]string{"render", "--text", "--zoom", "testdata/short.moves"}, exitBad, "--zoom is for pictures"},
	} {
		var so, se bytes.Buffer
		if code := run(tc.args, strings.NewReader(""), &so, &se); code != tc.code || !strings.Contains(se.String(), tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, se.String(), tc.code, tc.stderr)
		}
	}
}

// TestRenderZoom draws the part of a 48x48 board around the last move
// (short.moves's D6): the picture has the zoomed layout's size and shows
// red C4 where that layout puts it.
func TestRenderZoom(t *testing.T) {
	out := filepath.Join(t.TempDir(), "zoom.png")
	code, _, stderr := runCLI(t, "", "render", "--zoom", "--size", "48", "testdata/short.moves", "-o", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	size := game.Size{Cols: 48, Rows: 48}
	v := &render.View{Size: size, Last: &render.LastMove{Hole: game.Hole{Col: 3, Row: 5}}}
	z, err := render.NewZoomLayout(size, render.ZoomWindow(v), render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != z.Width || b.Dy() != z.Height {
		t.Fatalf("zoomed picture is %v, want %dx%d", b, z.Width, z.Height)
	}
	p := z.Pixel(game.Hole{Col: 2, Row: 3})
	if r, g, b, _ := img.At(p.X, p.Y).RGBA(); r>>8 < g>>8+60 || r>>8 < b>>8+60 {
		t.Errorf("c4 should hold a red peg at %v, pixel is %d,%d,%d", p, r>>8, g>>8, b>>8)
	}
}
