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

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"

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

	// Pegs, each in its side's colour (the last move's beside its dot).
	for _, c := range []game.Color{game.Red, game.Black} {
		for _, h := range v.Side(c).Pegs {
			x, y := l.Center(h)
			if h != lastHole(v) {
				k.want(x, y, th.side[sideOf(c)].fill, "%s peg %s", c, h.Upper())
				continue
			}
			// The last move's peg shows its colour around its dot.
			st, fill := th.side[sideOf(c)], 0
			d := (l.dotR + max(l.dotR*0.35, 1) + l.pegR - l.edgeW) / 2
			for _, dir := range [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				if k.among(x+dir[0]*d, y+dir[1]*d, th.board, th.ring, th.markText, st.fill, st.edge) == nameOf(th, st.fill) {
					fill++
				}
			}
			if fill < 2 {
				t.Errorf("%s: the last move's %s peg %s shows its colour at %d of 4 points around its dot", what, c, h.Upper(), fill)
			}
		}
	}
	// The two sides differ in shape where the theme says so: a square peg
	// fills the corners of its box, a round one does not. The pixels
	// looked at lie on the diagonals, outside the round peg's rim and
	// inside the square's rounded corner.
	for _, c := range []game.Color{game.Red, game.Black} {
		st := th.side[sideOf(c)]
		for _, h := range v.Side(c).Pegs {
			if l.pegR < 5 || h == lastHole(v) || inChain(v.WinPegs, h) {
				continue
			}
			x, y := l.Center(h)
			a := l.pegR * 0.9 // the square's half side, and its corner's radius
			cornerR := (a-a*0.3)*math.Sqrt2 + a*0.3
			var inked, looked int
			for _, dir := range [][2]float64{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
				for d := l.pegR; d < cornerR; d += 0.25 {
					px := math.Floor(x+dir[0]*d/math.Sqrt2) + 0.5
					py := math.Floor(y+dir[1]*d/math.Sqrt2) + 0.5
					if r := math.Hypot(px-x, py-y); r < l.pegR+1 || r > cornerR-0.7 || nearLink(l, v, px, py) {
						continue
					}
					looked++
					got := k.among(px, py, th.board, th.hole, st.fill, st.edge)
					if got == nameOf(th, st.fill) || got == nameOf(th, st.edge) {
						inked++
					}
				}
			}
			if st.shape == square && looked > 0 && inked == 0 {
				t.Errorf("%s: square %s peg %s: its corners are bare", what, c, h.Upper())
			}
			if st.shape == round && inked > 0 {
				t.Errorf("%s: round %s peg %s: %d pixels of its box's corners are inked", what, c, h.Upper(), inked)
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
			reach := 1
			if st.stripe && stripeFits(l.linkW) {
				reach = 2 // the stripe covers the middle
			}
			got := k.around(mx, my, reach)
			if !got[nameOf(th, st.fill)] || l.linkW >= 4 && got[nameOf(th, other.fill)] {
				t.Errorf("%s: %s link %s around its middle (%.1f, %.1f) shows %v", what, c, lk.Upper(), mx, my, got)
			}
			if st.stripe && stripeFits(l.linkW) && !k.around(mx, my, 2)[nameOf(th, st.stripeColor)] {
				t.Errorf("%s: %s link %s should be striped, and shows %v", what, c, lk.Upper(), got)
			}
		}
	}

	// The last move: a ring around its peg and around the holes of the
	// pegs it took up first (3M), and its new links marked.
	if m := v.Last; m != nil {
		k.checkLastMove(m.Hole)
		for _, h := range m.Freed { // 3M: a ring where each peg was taken up
			x, y := l.Center(h)
			hits := 0
			for i := range 16 {
				a := float64(i) * math.Pi / 8
				if k.at(x+l.ringR*math.Cos(a), y+l.ringR*math.Sin(a)) == nameOf(th, th.ring) {
					hits++
				}
			}
			if hits < 14 {
				t.Errorf("%s: no ring around %s, where the last move took up a peg: %d of 16 points", what, h.Upper(), hits)
			}
		}
		if !m.Swap {
			for _, lk := range m.Added {
				if got := k.beside(lk, l.linkW/2+l.markW/2); got != nameOf(th, th.ring) {
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

// checkLastMove checks that the last move at h stands out: a thick ring
// around its peg, a dot on it, and its column's and row's labels in light
// text on the ring's colour.
func (k *checker) checkLastMove(h game.Hole) {
	t, l, th := k.t, k.l, k.th
	t.Helper()
	x, y := l.Center(h)
	ring := nameOf(th, th.ring)
	if l.ringW < 0.18*float64(l.Spacing) && l.ringW < 2.5 {
		t.Errorf("%s: the last move's ring is %.1f px wide at a pitch of %d", k.what, l.ringW, l.Spacing)
	}
	// The ring, all the way round and across its width.
	for _, r := range []float64{l.ringR - l.ringW*0.3, l.ringR, l.ringR + l.ringW*0.3} {
		hits := 0
		for i := range 16 {
			a := float64(i) * math.Pi / 8
			if k.at(x+r*math.Cos(a), y+r*math.Sin(a)) == ring {
				hits++
			}
		}
		if hits < 14 {
			t.Errorf("%s: the last move's ring around %s shows at %d of 16 points at radius %.1f", k.what, h.Upper(), hits, r)
		}
	}
	// The dot on the peg.
	if got := k.at(x, y); got != ring {
		t.Errorf("%s: the last move %s has no dot: its centre is %s", k.what, h.Upper(), got)
	}
	// The labels: the ring's colour around them, light ink in them.
	withFace(true, l.labelFont, func(f font.Face) {
		lc, lr := l.colLabels(f, h.Col), l.rowLabels(f, h.Row)
		for _, lb := range append(lc[:], lr[:]...) {
			capH := math.Ceil(l.labelFont * 0.72)
			w := textWidth(f, lb.text)
			if got := k.at(lb.x-1, lb.y-capH/2); got != ring {
				t.Errorf("%s: label %s of the last move: beside it is %s, want the ring's colour", k.what, lb.text, got)
			}
			light := 0
			for px := lb.x; px < lb.x+w; px++ {
				for py := lb.y - capH; py < lb.y; py++ {
					if k.among(px, py, th.ring, th.markText) == nameOf(th, th.markText) {
						light++
					}
				}
			}
			if light < int(capH) {
				t.Errorf("%s: label %s of the last move has %d light pixels, want its text in light ink", k.what, lb.text, light)
			}
		}
	})
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
			if !ink(r) {
				t.Errorf("%s: column %s has no label at %v", k.what, strings.ToUpper(game.ColumnName(c)), r)
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
			if !ink(r) {
				t.Errorf("%s: row %d has no label at %v", k.what, row+1, r)
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
			reach := l.pegR + l.haloW + 2
			if h == lastHole(v) {
				reach = l.ringR + l.ringW/2 + 2
			}
			if math.Hypot(x-cx, y-cy) < reach {
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
	// A 48x48 board, the biggest the default policy allows, with pegs and
	// links out among the two-letter columns.
	v["big-48"] = FromGame(playMoves(t, sq(48), readTestdata(t, "midgame24.moves")+" as40 ac45 au46 aa2 aq41 ae44"), "Alice", "Bob")
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
	for _, name := range []string{"midgame-24", "win-5x5", "monster-100", "big-48", "odd-13x24"} {
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
			// The biggest picture, 100x100 at the large scale, is about
			// 2,400 x 2,700 pixels and 100 KB: far inside Discord's 10 MB
			// for an attachment.
			if l.Width > 2600 || l.Height > 2900 {
				t.Errorf("%s %s: %dx%d is bigger than the pitch rule needs", size, sc, l.Width, l.Height)
			}
		}
	}
}

// TestPitchRule pins the rule that keeps big boards readable: whatever the
// board's size, the holes are at least the scale's minimum pitch apart,
// the coordinates are at least the scale's smallest font, and every
// column's name fits over its column, so that every column and row is
// labelled (checkLabels looks at the pixels).
func TestPitchRule(t *testing.T) {
	sizes := []game.Size{{Cols: 5, Rows: 5}, {Cols: 24, Rows: 24}, {Cols: 26, Rows: 26}, {Cols: 27, Rows: 27},
		{Cols: 32, Rows: 32}, {Cols: 48, Rows: 48}, {Cols: 64, Rows: 30}, {Cols: 100, Rows: 100}, {Cols: 5, Rows: 100}}
	for _, size := range sizes {
		for _, sc := range Scales() {
			sp := scaleSpecs[sc]
			l, err := NewLayout(size, Options{Scale: sc})
			if err != nil {
				t.Fatal(err)
			}
			if l.Spacing < sp.minS {
				t.Errorf("%s %s: pitch %d, below the scale's %d", size, sc, l.Spacing, sp.minS)
			}
			if l.labelFont < sp.minLabel {
				t.Errorf("%s %s: coordinates at %.0f px, below the scale's %.0f", size, sc, l.labelFont, sp.minLabel)
			}
			withFace(true, l.labelFont, func(f font.Face) {
				for c := range size.Cols {
					if w := textWidth(f, strings.ToUpper(game.ColumnName(c))); w+labelRoom > float64(l.Spacing) {
						t.Errorf("%s %s: column %s's name is %.0f px wide, with a pitch of %d", size, sc, game.ColumnName(c), w, l.Spacing)
					}
				}
			})
		}
	}
	// The medium scale on the sizes the issue named: 48x48 was 510 px
	// wide with 10-pixel holes and every other column labelled.
	for _, tc := range []struct {
		size     game.Size
		minPitch int
	}{{game.Size{Cols: 48, Rows: 48}, 18}, {game.Size{Cols: 100, Rows: 100}, 18}} {
		l, err := NewLayout(tc.size, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if l.Spacing < tc.minPitch || l.pegR*2 < 12 {
			t.Errorf("%s: pitch %d and pegs %.1f px across; want a pitch of at least %d and pegs of 12 px", tc.size, l.Spacing, 2*l.pegR, tc.minPitch)
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
	// The biggest board is a big picture, but its flat board compresses
	// well: far below Discord's 10 MB for an attachment.
	big := midgame(t)
	big.Size = game.Size{Cols: 100, Rows: 100}
	for _, sc := range Scales() {
		var buf bytes.Buffer
		if err := PNG(&buf, big, Options{Scale: sc}); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > 256<<10 {
			t.Errorf("%s: the 100x100 PNG is %d bytes, over 256 KB", sc, buf.Len())
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
		b.render(fresh, empty, wordsFor(Options{}))
		want := slices.Clone(fresh.pal.Pix)

		f := b.getFrame()
		b.render(f, busy, wordsFor(Options{}))
		b.frames.Put(f)
		again := b.getFrame()
		if again != f {
			t.Skip("the pool did not hand the frame back; nothing to check")
		}
		b.render(again, empty, wordsFor(Options{}))
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

// TestLastMoveStandsOut: the last move is unmistakable at phone size, in
// every theme. At the default scale it has a thick ring, a dot and its
// coordinates highlighted (checkLastMove); and once the picture is shrunk
// to 300 pixels wide, as a phone's chat preview shows it, the ring's
// colour is still there around the last move and beside its labels, and
// nowhere else on the board.
func TestLastMoveStandsOut(t *testing.T) {
	views := map[string]*View{
		"black-last": midgame(t), // M16, a black peg among links of both sides
		"red-last":   FromGame(playMoves(t, game.Settings{}, readTestdata(t, "midgame24.moves")+" t20"), "Alice", "Bob"),
	}
	for name, v := range views {
		for _, th := range Themes() {
			t.Run(name+"/"+th.String(), func(t *testing.T) {
				o := Options{Theme: th}
				img, _ := decode(t, v, o)
				l, err := NewLayout(v.Size, o)
				if err != nil {
					t.Fatal(err)
				}
				tt := themeFor(th)
				k := &checker{t: t, img: img, th: tt, l: l, what: name + "/" + th.String()}
				k.checkLastMove(v.Last.Hole)

				const phone = 300
				f := float64(phone) / float64(l.Width)
				small := image.NewRGBA(image.Rect(0, 0, phone, int(float64(l.Height)*f)))
				xdraw.ApproxBiLinear.Scale(small, small.Rect, img, img.Bounds(), xdraw.Src, nil)
				ring := nameOf(tt, tt.ring)
				lx, ly := l.Center(v.Last.Hole)
				var atMove, atLabels, elsewhere int
				for y := int(float64(l.Grid.Min.Y) * f); y < small.Rect.Max.Y; y++ {
					for x := 0; x < phone; x++ {
						if boardColourName(tt, small.At(x, y)) != ring {
							continue
						}
						bx, by := (float64(x)+0.5)/f, (float64(y)+0.5)/f
						switch {
						case math.Hypot(bx-lx, by-ly) < 2.5*float64(l.Spacing):
							atMove++
						case math.Abs(bx-lx) < float64(l.Spacing) || math.Abs(by-ly) < float64(l.Spacing):
							if !(image.Pt(int(bx), int(by)).In(l.Grid)) {
								atLabels++
							}
						default:
							elsewhere++
						}
					}
				}
				if atMove < 8 || atLabels < 8 || elsewhere > 0 {
					t.Errorf("at %d px wide, the ring's colour shows at %d pixels around the last move (want 8 or more), %d beside its labels (want 8 or more) and %d elsewhere (want none)",
						phone, atMove, atLabels, elsewhere)
				}
			})
		}
	}
}
