package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// A picture is checked by decoding the PNG and looking at the pixels where
// things must be. Positions come from the Layout; a pixel is named by the
// theme colour nearest to it, so anti-aliasing does not matter.

// colourName returns the name of the theme colour nearest to c.
func colourName(th *theme, c color.Color) string { return nearestName(th.named(), c) }

// boardColourName returns the name of the nearest colour that can be on
// the board (not the header's).
func boardColourName(th *theme, c color.Color) string {
	if n, ok := boardNamedCache.Load(th); ok {
		return nearestName(n.([]namedColour), c)
	}
	var list []namedColour
	for _, n := range th.named() {
		switch n.name {
		case "header", "tint", "text", "text-dim", "header-line":
		default:
			list = append(list, n)
		}
	}
	boardNamedCache.Store(th, list)
	return nearestName(list, c)
}

var boardNamedCache sync.Map // *theme -> []namedColour

// headerColourName returns the name of the nearest colour of the header.
func headerColourName(th *theme, c color.Color) string {
	return nearestName([]namedColour{
		{"header", th.header}, {"tint", th.tint}, {"win", th.win}, {"text", th.text},
		{"text-dim", th.textDim}, {"header-line", th.headerLine},
	}, c)
}

func nearestName(named []namedColour, c color.Color) string {
	r, g, b, _ := c.RGBA()
	best, bestD := "", math.MaxFloat64
	for _, n := range named {
		dr, dg, db := float64(n.c.R)-float64(r>>8), float64(n.c.G)-float64(g>>8), float64(n.c.B)-float64(b>>8)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = n.name, d
		}
	}
	return best
}

type namedColour struct {
	name string
	c    color.RGBA
}

var namedCache sync.Map // *theme -> []namedColour

// named lists the theme's colours by role. Roles with the same colour get
// the first role's name.
func (th *theme) named() []namedColour {
	if n, ok := namedCache.Load(th); ok {
		return n.([]namedColour)
	}
	n := th.makeNamed()
	namedCache.Store(th, n)
	return n
}

func (th *theme) makeNamed() []namedColour {
	list := []namedColour{
		{"board", th.board}, {"hole", th.hole}, {"label", th.label}, {"header", th.header},
		{"tint", th.tint}, {"ring", th.ring}, {"win", th.win},
		{"red", th.side[1].fill}, {"red-edge", th.side[1].edge}, {"red-border", th.side[1].border},
		{"black", th.side[2].fill}, {"black-edge", th.side[2].edge}, {"black-border", th.side[2].border},
		{"text", th.text}, {"text-dim", th.textDim}, {"header-line", th.headerLine},
		{"red-shine", th.side[1].shine}, {"black-shine", th.side[2].shine},
	}
	if th.side[2].stripe {
		list = append(list, namedColour{"black-stripe", th.side[2].stripeColor})
	}
	var out []namedColour
	for _, n := range list {
		if !slices.ContainsFunc(out, func(o namedColour) bool { return o.c == n.c }) {
			out = append(out, n)
		}
	}
	return out
}

// nameOf is the name colourName gives to colour c of the theme.
func nameOf(th *theme, c color.RGBA) string { return colourName(th, c) }

// checker looks at one decoded picture.
type checker struct {
	t    *testing.T
	img  image.Image
	th   *theme
	l    Layout
	what string
}

// at names the colour of the pixel holding (x, y): among the board's
// colours below the header, among the header's in it.
func (k *checker) at(x, y float64) string {
	px, py := int(math.Floor(x)), int(math.Floor(y))
	if py >= k.l.Header.Max.Y {
		return boardColourName(k.th, k.img.At(px, py))
	}
	return headerColourName(k.th, k.img.At(px, py))
}

// among names the colour of the pixel holding (x, y), nearest among the
// colours given.
func (k *checker) among(x, y float64, cs ...color.RGBA) string {
	var list []namedColour
	for _, c := range cs {
		list = append(list, namedColour{nameOf(k.th, c), c})
	}
	return nearestName(list, k.img.At(int(math.Floor(x)), int(math.Floor(y))))
}

// around returns the names of the colours in the (2r+1)^2 pixels around
// (x, y).
func (k *checker) around(x, y float64, r int) map[string]bool {
	out := map[string]bool{}
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			out[k.at(x+float64(dx), y+float64(dy))] = true
		}
	}
	return out
}

func (k *checker) want(x, y float64, want color.RGBA, what string, args ...any) {
	k.t.Helper()
	if got, w := k.at(x, y), nameOf(k.th, want); got != w {
		k.t.Errorf("%s: %s at (%.1f, %.1f) is %s, want %s", k.what, fmt.Sprintf(what, args...), x, y, got, w)
	}
}

func sideOf(c game.Color) int { return sideIndex(c) }

// checkPicture checks everything the view says must be visible.
func checkPicture(t *testing.T, v *View, o Options, what string) {
	t.Helper()
	img, n := decode(t, v, o)
	th := themeFor(o.Theme)
	l, err := NewLayout(v.Size, o)
	if err != nil {
		t.Fatal(err)
	}
	k := &checker{t: t, img: img, th: th, l: l, what: what}
	if b := img.Bounds(); b.Dx() != l.Width || b.Dy() != l.Height {
		t.Fatalf("%s: picture is %v, layout says %dx%d", what, b, l.Width, l.Height)
	}
	s := float64(l.Spacing)

	// Holes: empty ones show the hole, corners the bare board.
	occupied := map[game.Hole]bool{}
	for _, c := range []game.Color{game.Red, game.Black} {
		for _, h := range v.Side(c).Pegs {
			occupied[h] = true
		}
	}
	near := func(h game.Hole) bool { // a link passes within a peg's reach
		for _, c := range []game.Color{game.Red, game.Black} {
			for _, lk := range v.Side(c).Links {
				if distToLink(l, h, lk) < l.linkW/2+l.haloW+1 {
					return true
				}
			}
		}
		if v.Last != nil {
			for _, r := range append([]game.Hole{v.Last.Hole}, v.Last.Freed...) { // under a ring
				if math.Hypot(float64(h.Col-r.Col), float64(h.Row-r.Row)) < 1.5 {
					return true
				}
			}
		}
		return false
	}
	for c := 0; c < v.Size.Cols; c++ {
		for r := 0; r < v.Size.Rows; r++ {
			h := game.Hole{Col: c, Row: r}
			if occupied[h] || near(h) || inChain(v.WinPegs, h) {
				continue
			}
			x, y := l.Center(h)
			if exists(v.Size, h) {
				k.want(x, y, th.hole, "empty hole %s", h.Upper())
			} else {
				k.want(x, y, th.board, "corner %s", h.Upper())
			}
		}
	}

	// Border lines, each in its side's colour: solid, or dashed with
	// gaps where the theme says so. They are sampled between the holes of
	// the rows and columns that have no pegs or links nearby.
	for _, c := range []game.Color{game.Red, game.Black} {
		st := th.side[sideOf(c)]
		for which := range 2 {
			x0, y0, x1, y1 := l.BorderLine(c, which)
			on, off, total := 0, 0, 0
			steps := int(math.Max(x1-x0, y1-y0))
			end := int(l.borderW) + 2 // where the lines meet, one covers the other
			for i := end; i < steps-end; i++ {
				x := x0 + (x1-x0)*float64(i)/float64(steps)
				y := y0 + (y1-y0)*float64(i)/float64(steps)
				if nearPiece(l, v, x, y) {
					continue
				}
				total++
				switch k.at(x, y) {
				case nameOf(th, st.border):
					on++
				case nameOf(th, th.board):
					off++
				}
			}
			if total < 10 {
				continue // too crowded to tell
			}
			if st.dashedBorder {
				if on < total/3 || off < total/8 {
					t.Errorf("%s: %s's border line %d should be dashed: %d of %d pixels in its colour, %d bare", what, c, which, on, total, off)
				}
			} else if on != total {
				t.Errorf("%s: %s's border line %d: only %d of %d pixels in its colour", what, c, which, on, total)
			}
		}
	}

	// Pegs, each in its side's colour.
	for _, c := range []game.Color{game.Red, game.Black} {
		for _, h := range v.Side(c).Pegs {
			x, y := l.Center(h)
			k.want(x, y, th.side[sideOf(c)].fill, "%s peg %s", c, h.Upper())
		}
	}
	// The two sides differ in shape where the theme says so: a square peg
	// fills the corners of its box, a round one does not.
	for _, c := range []game.Color{game.Red, game.Black} {
		st := th.side[sideOf(c)]
		for _, h := range v.Side(c).Pegs {
			if l.pegR < 5 || h == lastHole(v) || inChain(v.WinPegs, h) {
				continue
			}
			x, y := l.Center(h)
			d := l.pegR * 0.78 // inside a square's corner, outside a circle
			got := k.among(x+d, y+d, th.board, th.hole, st.fill, st.edge)
			isPeg := got == nameOf(th, st.fill) || got == nameOf(th, st.edge)
			if st.shape == square && !isPeg {
				t.Errorf("%s: square %s peg %s: its corner is %s", what, c, h.Upper(), got)
			}
			if st.shape == round && isPeg && !nearLink(l, v, x+d, y+d) {
				t.Errorf("%s: round %s peg %s: its box's corner is %s", what, c, h.Upper(), got)
			}
		}
	}

	// Links as bars in their side's colour, sampled around the middle
	// between the two pegs: the side's colour is there and the other
	// side's is not; a striped side shows its stripe too.
	for _, c := range []game.Color{game.Red, game.Black} {
		st, other := th.side[sideOf(c)], th.side[sideOf(c.Opponent())]
		for _, lk := range v.Side(c).Links {
			ax, ay := l.Center(lk.A)
			bx, by := l.Center(lk.B)
			mx, my := (ax+bx)/2, (ay+by)/2
			if lh := lastHole(v); lh.Col >= 0 {
				if lx, ly := l.Center(lh); math.Hypot(mx-lx, my-ly) < l.ringR+l.ringW+2 {
					continue // under the last move's ring
				}
			}
			got := k.around(mx, my, 1)
			if !got[nameOf(th, st.fill)] || l.linkW >= 4 && got[nameOf(th, other.fill)] {
				t.Errorf("%s: %s link %s around its middle (%.1f, %.1f) shows %v", what, c, lk.Upper(), mx, my, got)
			}
			if st.stripe && l.linkW >= 4 && !k.around(mx, my, 2)[nameOf(th, st.stripeColor)] {
				t.Errorf("%s: %s link %s should be striped, and shows %v", what, c, lk.Upper(), got)
			}
		}
	}

	// The last move: a ring around its peg and around the holes of the
	// pegs it took up first (3M), and its new links marked.
	if m := v.Last; m != nil {
		for _, h := range append([]game.Hole{m.Hole}, m.Freed...) {
			x, y := l.Center(h)
			hits := 0
			for i := range 8 {
				a := float64(i) * math.Pi / 4
				if k.at(x+l.ringR*math.Cos(a), y+l.ringR*math.Sin(a)) == nameOf(th, th.ring) {
					hits++
				}
			}
			if hits < 5 {
				t.Errorf("%s: the last move's ring around %s shows at %d of 8 points", what, h.Upper(), hits)
			}
		}
		if !m.Swap {
			for _, lk := range m.Added {
				if got := k.beside(lk, l.linkW/2+l.ringW/2); got != nameOf(th, th.ring) {
					t.Errorf("%s: the last move's new link %s is not marked: beside it is %s", what, lk.Upper(), got)
				}
			}
		}
	}

	// The winning chain glows.
	for _, lk := range v.WinLinks {
		want := th.win
		if v.Last != nil && slices.Contains(v.Last.Added, lk) {
			want = th.ring
		}
		if got := k.beside(lk, l.linkW/2+l.haloW/2); got != nameOf(th, want) {
			t.Errorf("%s: winning link %s: beside it is %s, want %s", what, lk.Upper(), got, nameOf(th, want))
		}
	}
	for _, h := range v.WinPegs {
		if h == lastHole(v) {
			continue
		}
		x, y := l.Center(h)
		found := false
		for i := range 8 {
			a := float64(i)*math.Pi/4 + math.Pi/8
			if k.at(x+(l.pegR+l.haloW/2)*math.Cos(a), y+(l.pegR+l.haloW/2)*math.Sin(a)) == nameOf(th, th.win) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: winning peg %s does not glow", what, h.Upper())
		}
	}

	// Coordinates on all four sides: some ink in the label colour beside
	// every labelled column and row, and none beside the others.
	k.checkLabels(v)

	// The header: the line of the side to move (or of the winner) is
	// highlighted, the other is not.
	for i, c := range []game.Color{game.Red, game.Black} {
		y := math.Round(l.headerFont*0.45) + (float64(i)+0.5)*l.lineH
		x := float64(l.Width) * 0.55
		want := th.header
		switch {
		case v.Result.Over() && v.Result.Winner == c:
			want = th.win
		case !v.Result.Over() && v.Turn == c:
			want = th.tint
		}
		k.want(x, y, want, "header line of %s", c)
	}
	_ = s
	_ = n
}

// beside returns the colour just beside the middle of link lk, d pixels
// off its axis.
func (k *checker) beside(lk game.Link, d float64) string {
	ax, ay := k.l.Center(lk.A)
	bx, by := k.l.Center(lk.B)
	mx, my := (ax+bx)/2, (ay+by)/2
	nx, ny := -(by - ay), bx-ax
	n := math.Hypot(nx, ny)
	return k.at(mx+nx/n*d, my+ny/n*d)
}

func (k *checker) checkLabels(v *View) {
	t, l, th := k.t, k.l, k.th
	capH := math.Ceil(l.labelFont * 0.72)
	// In the margins nothing but the labels is drawn: any pixel that is
	// not bare board is ink.
	ink := func(r image.Rectangle) bool {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if boardColourName(th, k.img.At(x, y)) != "board" {
					return true
				}
			}
		}
		return false
	}
	s := l.Spacing
	for c := 0; c < v.Size.Cols; c++ {
		x, _ := l.Center(game.Hole{Col: c})
		top := int(float64(l.Grid.Min.Y) - l.labelGap)
		bottom := int(float64(l.Grid.Max.Y) + l.labelGap + capH)
		for _, yb := range []int{top, bottom} {
			r := image.Rect(int(x)-s/2+1, yb-int(capH)+1, int(x)+s/2, yb)
			if got, want := ink(r), c%l.colStep == 0; got != want && (want || l.colStep == 1) {
				t.Errorf("%s: column %s label at %v: ink %v, want %v", k.what, strings.ToUpper(game.ColumnName(c)), r, got, want)
			}
		}
	}
	for row := 0; row < v.Size.Rows; row++ {
		_, y := l.Center(game.Hole{Row: row})
		left := int(float64(l.Grid.Min.X) - l.labelGap)
		right := int(float64(l.Grid.Max.X) + l.labelGap)
		for _, r := range []image.Rectangle{
			image.Rect(left-int(l.labelFont*1.5), int(y)-s/2+1, left, int(y)+s/2),
			image.Rect(right, int(y)-s/2+1, right+int(l.labelFont*1.5), int(y)+s/2),
		} {
			if got, want := ink(r), row%l.rowStep == 0; got != want && (want || l.rowStep == 1) {
				t.Errorf("%s: row %d label at %v: ink %v, want %v", k.what, row+1, r, got, want)
			}
		}
	}
}

func lastHole(v *View) game.Hole {
	if v.Last == nil {
		return game.Hole{Col: -9, Row: -9}
	}
	return v.Last.Hole
}

// distToLink is the distance in pixels from hole h's centre to link lk.
func distToLink(l Layout, h game.Hole, lk game.Link) float64 {
	x, y := l.Center(h)
	return distToSegment(l, x, y, lk)
}

func distToSegment(l Layout, x, y float64, lk game.Link) float64 {
	ax, ay := l.Center(lk.A)
	bx, by := l.Center(lk.B)
	dx, dy := bx-ax, by-ay
	t := ((x-ax)*dx + (y-ay)*dy) / (dx*dx + dy*dy)
	t = math.Max(0, math.Min(1, t))
	return math.Hypot(x-(ax+t*dx), y-(ay+t*dy))
}

// nearLink reports whether (x, y) is within reach of a link's drawing.
func nearLink(l Layout, v *View, x, y float64) bool {
	all := append(append(append([]game.Link{}, v.Red.Links...), v.Black.Links...), v.WinLinks...)
	for _, lk := range all {
		if distToSegment(l, x, y, lk) < l.linkW/2+l.haloW+l.ringW+1 {
			return true
		}
	}
	return false
}

// nearPiece reports whether (x, y) is within reach of any peg, link or
// highlight.
func nearPiece(l Layout, v *View, x, y float64) bool {
	if nearLink(l, v, x, y) {
		return true
	}
	for _, c := range []game.Color{game.Red, game.Black} {
		for _, h := range v.Side(c).Pegs {
			cx, cy := l.Center(h)
			if math.Hypot(x-cx, y-cy) < l.ringR+l.ringW+l.haloW+1 {
				return true
			}
		}
	}
	return false
}

// The positions of the tests.
func testViews(t *testing.T) map[string]*View {
	t.Helper()
	sq := func(n int) game.Settings { return game.Settings{Size: game.Size{Cols: n, Rows: n}} }
	v := map[string]*View{
		"empty-24":    FromGame(playMoves(t, game.Settings{}, ""), "Alice", "Bob"),
		"midgame-24":  midgame(t),
		"win-5x5":     FromGame(playMoves(t, sq(5), "c1 a2 d3 a4 c5"), "Alice", "Bob"),
		"sample-12":   FromGame(loadGame(t, sq(12), "sample12.moves"), "Alice", "Bob"),
		"odd-13x24":   FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 13, Rows: 24}}, "f10 h12 g12 i10 e8 h14 f6 b23 e4 l2"), "Alice", "Bob"),
		"double-24":   FromGame(playMoves(t, game.Settings{Players: 4}, "j12 k10 l11 privilege m9 n10 l13"), "Alice", "Bob", "Carol", "Dave"),
		"swap-24":     FromGame(playMoves(t, game.Settings{Swap: game.SwapSides}, "j12 swap m10"), "Alice", "Bob"),
		"3m-24":       FromGame(playMoves(t, game.Settings{Ruleset: game.ThreeM}, "e5 k10 f7 l12 g9 m14 d6--f7,g9"), "Alice", "Bob"),
		"monster-100": FromGame(loadGame(t, sq(100), "midgame24.moves"), "Alice", "Bob"),
	}
	// A win on a big board, with a long chain and the last move inside it.
	v["win-24"] = FromGame(playMoves(t, game.Settings{},
		"k1 a5 l3 a7 k5 a9 l7 a11 k9 a13 l11 a15 k13 a17 l15 a19 k17 a21 l19 a3 k21 b9 l23 b11 n24"), "Alice", "Bob")
	return v
}

// TestPNGPixels draws each position in every theme and checks the pixels.
func TestPNGPixels(t *testing.T) {
	views := testViews(t)
	if w := views["win-24"]; len(w.WinPegs) < 10 {
		t.Fatalf("the win-24 position should be won by a long chain, got %v (%s)", w.WinPegs, w.Result)
	}
	for name, v := range views {
		for _, th := range Themes() {
			o := Options{Theme: th}
			t.Run(name+"/"+th.String(), func(t *testing.T) {
				checkPicture(t, v, o, name+"/"+th.String())
			})
		}
	}
}

// TestPNGScales checks the mid-game, the 5x5 win and the monster board at
// every scale.
func TestPNGScales(t *testing.T) {
	views := testViews(t)
	for _, name := range []string{"midgame-24", "win-5x5", "monster-100", "odd-13x24"} {
		for _, sc := range Scales() {
			o := Options{Scale: sc, Theme: Colorblind}
			t.Run(name+"/"+sc.String(), func(t *testing.T) {
				checkPicture(t, views[name], o, name+"/"+sc.String())
			})
		}
	}
}

// TestDefaultSizeForPhones pins the sizes that matter in a chat preview: a
// 24x24 board at the default scale is 500-560 pixels wide, and the scales
// grow in order.
func TestDefaultSizeForPhones(t *testing.T) {
	l, err := NewLayout(game.Size{Cols: 24, Rows: 24}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l.Width < 500 || l.Width > 560 {
		t.Errorf("24x24 at the default scale is %d pixels wide, want 500-560", l.Width)
	}
	if l.labelFont < 12 {
		t.Errorf("coordinates at the default scale are %.0f px, too small to read on a phone", l.labelFont)
	}
	prev := 0
	for _, sc := range Scales() {
		l, err := NewLayout(game.Size{Cols: 24, Rows: 24}, Options{Scale: sc})
		if err != nil {
			t.Fatal(err)
		}
		if l.Width <= prev {
			t.Errorf("scale %s is %d pixels wide, not wider than the one before (%d)", sc, l.Width, prev)
		}
		prev = l.Width
	}
	for _, size := range []game.Size{{Cols: 5, Rows: 5}, {Cols: 13, Rows: 24}, {Cols: 100, Rows: 100}, {Cols: 100, Rows: 5}} {
		for _, sc := range Scales() {
			l, err := NewLayout(size, Options{Scale: sc})
			if err != nil {
				t.Fatal(err)
			}
			if !l.Grid.In(image.Rect(0, l.Header.Max.Y, l.Width, l.Height)) {
				t.Errorf("%s %s: grid %v does not fit below the header in %dx%d", size, sc, l.Grid, l.Width, l.Height)
			}
			if l.Width > 1600 || l.Height > 1600 {
				t.Errorf("%s %s: %dx%d is too big to send", size, sc, l.Width, l.Height)
			}
		}
	}
}

// TestPNGSize checks the size target of issue 8: the mid-game in at most
// 40 KB, in every theme.
func TestPNGSize(t *testing.T) {
	v := midgame(t)
	for _, th := range Themes() {
		var buf bytes.Buffer
		if err := PNG(&buf, v, Options{Theme: th}); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > 40<<10 {
			t.Errorf("%s: the mid-game PNG is %d bytes, over 40 KB", th, buf.Len())
		}
	}
}

// TestPNGBadInput: bad views and options return errors and write nothing.
func TestPNGBadInput(t *testing.T) {
	good := func() *View { return FromGame(playMoves(t, game.Settings{}, "c3 d5 e5"), "A", "B") }
	tests := []struct {
		name  string
		edit  func(v *View)
		opts  Options
		want  error
		field string
	}{
		{"size 4", func(v *View) { v.Size = game.Size{Cols: 4, Rows: 24} }, Options{}, ErrBadView, "Size"},
		{"size 101", func(v *View) { v.Size = game.Size{Cols: 24, Rows: 101} }, Options{}, ErrBadView, "Size"},
		{"peg off board", func(v *View) { v.Red.Pegs = append(v.Red.Pegs, game.Hole{Col: 24, Row: 3}) }, Options{}, ErrBadView, "Red.Pegs"},
		{"negative peg", func(v *View) { v.Black.Pegs = append(v.Black.Pegs, game.Hole{Col: -1, Row: 3}) }, Options{}, ErrBadView, "Black.Pegs"},
		{"corner peg", func(v *View) { v.Red.Pegs = append(v.Red.Pegs, game.Hole{Col: 23, Row: 23}) }, Options{}, ErrBadView, "Red.Pegs"},
		{"long link", func(v *View) {
			v.Red.Links = append(v.Red.Links, game.NewLink(game.Hole{Col: 2, Row: 2}, game.Hole{Col: 5, Row: 5}))
		}, Options{}, ErrBadView, "Red.Links"},
		{"last off board", func(v *View) { v.Last.Hole = game.Hole{Col: 30, Row: 1} }, Options{}, ErrBadView, "Last.Hole"},
		{"chain off board", func(v *View) { v.WinPegs = []game.Hole{{Col: 0, Row: 0}} }, Options{}, ErrBadView, "WinPegs"},
		{"theme", func(*View) {}, Options{Theme: 3}, ErrBadTheme, ""},
		{"scale", func(*View) {}, Options{Scale: 200}, ErrBadScale, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := good()
			tt.edit(v)
			var buf bytes.Buffer
			err := PNG(&buf, v, tt.opts)
			if !errors.Is(err, tt.want) {
				t.Fatalf("PNG: %v, want %v", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("PNG wrote %d bytes despite the error", buf.Len())
			}
			if img, err := Image(v, tt.opts); !errors.Is(err, tt.want) || img != nil {
				t.Errorf("Image: %v, %v; want nil and %v", img, err, tt.want)
			}
			var ve *ViewError
			if tt.field != "" && (!errors.As(err, &ve) || ve.Field != tt.field) {
				t.Errorf("error %v: want a *ViewError about %s", err, tt.field)
			}
		})
	}
	if err := PNG(&bytes.Buffer{}, nil, Options{}); !errors.Is(err, ErrBadView) {
		t.Errorf("PNG(nil view): %v, want ErrBadView", err)
	}
}

// TestImageMatchesPNG: Image and PNG draw the same picture, and Image's
// result belongs to the caller (drawing again does not change it).
func TestImageMatchesPNG(t *testing.T) {
	v := midgame(t)
	img, err := Image(v, Options{Theme: Kosmos})
	if err != nil {
		t.Fatal(err)
	}
	keep := slices.Clone(img.Pix)
	dec, _ := decode(t, v, Options{Theme: Kosmos})
	for y := 0; y < img.Rect.Dy(); y += 3 {
		for x := 0; x < img.Rect.Dx(); x += 3 {
			r1, g1, b1, _ := img.At(x, y).RGBA()
			r2, g2, b2, _ := dec.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				t.Fatalf("pixel (%d, %d) differs between Image and PNG", x, y)
			}
		}
	}
	if _, err := Image(FromGame(playMoves(t, game.Settings{}, "b2")), Options{Theme: Kosmos}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keep, img.Pix) {
		t.Error("drawing another picture changed an image already returned")
	}
}

// TestFrameReuse draws a busy position, then an empty one in the same
// (reused) frame: the second picture must be exactly the one a fresh frame
// gives, so nothing of the first is left behind.
func TestFrameReuse(t *testing.T) {
	busy := midgame(t)
	busy.Players = []Player{{Seat: 1, Color: game.Red, Name: "A very long name, with descenders: gjpqy"}, {Seat: 2, Color: game.Black, Name: "Ágnes Ýgg"}}
	empty := FromGame(gameOf(t, game.Settings{}, ""), "x", "y")
	for _, th := range Themes() {
		o := Options{Theme: th}
		b, err := prepare(busy, o)
		if err != nil {
			t.Fatal(err)
		}
		fresh := b.getFrame()
		b.render(fresh, empty)
		want := slices.Clone(fresh.pal.Pix)

		f := b.getFrame()
		b.render(f, busy)
		b.frames.Put(f)
		again := b.getFrame()
		if again != f {
			t.Skip("the pool did not hand the frame back; nothing to check")
		}
		b.render(again, empty)
		if !slices.Equal(again.pal.Pix, want) {
			t.Errorf("%v: a reused frame differs from a fresh one", th)
		}
		if !slices.Equal(again.Pix, fresh.Pix) {
			t.Errorf("%v: a reused frame's colours differ from a fresh one", th)
		}
	}
}

// TestWritePNG checks the hand-written PNG chunks: the standard decoder
// reads back exactly the picture's palette and every pixel's index, with
// transparency where the palette has it.
func TestWritePNG(t *testing.T) {
	pal := image.NewPaletted(image.Rect(0, 0, 37, 11), color.Palette{
		color.RGBA{0xff, 0, 0, 0xff}, color.RGBA{0, 0x80, 0, 0x80}, color.RGBA{0, 0, 0, 0}, color.RGBA{1, 2, 3, 0xff},
	})
	for i := range pal.Pix {
		pal.Pix[i] = uint8(i*7%5) % 4
	}
	var buf bytes.Buffer
	if err := writePNG(&buf, pal); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	gp, ok := got.(*image.Paletted)
	if !ok || gp.Rect != pal.Rect || len(gp.Palette) != len(pal.Palette) {
		t.Fatalf("decoded %T %v", got, got.Bounds())
	}
	for i, c := range pal.Palette {
		if a, b := color.NRGBAModel.Convert(c), color.NRGBAModel.Convert(gp.Palette[i]); a != b {
			t.Errorf("palette %d: %v, decoded %v", i, a, b)
		}
	}
	if !bytes.Equal(gp.Pix, pal.Pix) {
		t.Error("the decoded pixels differ")
	}
}
