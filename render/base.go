package render

import (
	"container/list"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/twixtbot/twixtbot/game"
)

// A sprite is a small pre-drawn piece with transparency, laid over the
// picture at a hole: its top-left corner goes at the pixel holding the
// hole's centre plus off. Every hole centre has the same fraction of a
// pixel, so one sprite fits every hole exactly. Only the pixels with ink
// are kept, as one span per row, so laying a sprite touches nothing else.
type sprite struct {
	w, h  int
	pix   []uint8  // premultiplied RGBA, w*h*4
	spans [][2]int // per row, the columns [x0, x1) that have ink
	off   image.Point
}

// newSpriteFrom trims img to its ink and records the spans. (ax, ay) is
// the anchor's pixel in img.
func newSpriteFrom(img *image.RGBA, ax, ay int) sprite {
	b := img.Rect
	box := image.Rectangle{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.Pix[img.PixOffset(x, y)+3] != 0 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	sp := sprite{w: box.Dx(), h: box.Dy(), off: image.Pt(box.Min.X-ax, box.Min.Y-ay)}
	sp.pix = make([]uint8, 4*sp.w*sp.h)
	sp.spans = make([][2]int, sp.h)
	for y := 0; y < sp.h; y++ {
		i := img.PixOffset(box.Min.X, box.Min.Y+y)
		copy(sp.pix[4*sp.w*y:4*sp.w*(y+1)], img.Pix[i:i+4*sp.w])
		x0, x1 := sp.w, 0
		for x := 0; x < sp.w; x++ {
			if sp.pix[4*(sp.w*y+x)+3] != 0 {
				x0, x1 = min(x0, x), x+1
			}
		}
		if x0 < x1 {
			sp.spans[y] = [2]int{x0, x1}
		}
	}
	return sp
}

// over lays sp over dst with its anchor at pixel p, and returns the
// rectangle it touched.
func (sp *sprite) over(dst *image.RGBA, p image.Point) image.Rectangle {
	p = p.Add(sp.off)
	r := image.Rect(p.X, p.Y, p.X+sp.w, p.Y+sp.h).Intersect(dst.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		span := sp.spans[y-p.Y]
		x0, x1 := max(span[0]+p.X, r.Min.X), min(span[1]+p.X, r.Max.X)
		if x0 >= x1 {
			continue
		}
		src := sp.pix[4*(sp.w*(y-p.Y)+x0-p.X) : 4*(sp.w*(y-p.Y)+x1-p.X)]
		d := dst.Pix[dst.PixOffset(x0, y) : dst.PixOffset(x0, y)+len(src)]
		for i := 0; i+3 < len(src); i += 4 {
			a := uint32(src[i+3])
			switch a {
			case 0:
			case 0xff:
				copy(d[i:i+4], src[i:i+4])
			default:
				k := 0xff - a
				d[i] = src[i] + uint8((uint32(d[i])*k+0x7f)/0xff)
				d[i+1] = src[i+1] + uint8((uint32(d[i+1])*k+0x7f)/0xff)
				d[i+2] = src[i+2] + uint8((uint32(d[i+2])*k+0x7f)/0xff)
				d[i+3] = uint8(a + (uint32(d[i+3])*k+0x7f)/0xff)
			}
		}
	}
	return r
}

// dirs are the four directions of a link from its end with the smaller
// column (game.Link's A), as (columns, rows).
var dirs = [4][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}}

// dirOf returns the index in dirs of link l, or -1.
func dirOf(l game.Link) int {
	dc, dr := l.B.Col-l.A.Col, l.B.Row-l.A.Row
	for i, d := range dirs {
		if d[0] == dc && d[1] == dr {
			return i
		}
	}
	return -1
}

// base is everything about a (size, theme, scale) that does not depend on
// the position: the empty board and the sprites. Once built it is only
// read, so any number of goroutines share it.
type base struct {
	layout Layout
	theme  *theme
	img    *image.RGBA // the empty board with its header strip
	peg    [3]sprite   // per side
	ring   sprite      // the last move's ring
	dot    sprite      // the last move's dot
	// The last move's coordinates, highlighted: light text on the ring's
	// colour, drawn on first use. Keys are column and row labels
	// ("c3", "r12"), values sprites anchored at the label's centre.
	marks   sync.Map
	winPeg  sprite // the winning chain's glow around a peg
	link    [3][4]sprite
	mark    [4]sprite // the glow under the last move's new links
	winLink [4]sprite
	pill    [2]sprite // the header's highlight of a line: to move, and won
	swatch  [3]sprite // per side, a peg sized for the header
	pal     []uint8   // img mapped to the palette
	frames  sync.Pool // *frame: pictures drawn over this base, for reuse
}

type baseKey struct {
	size  game.Size
	theme Theme
	scale Scale
}

// The cache of empty boards: a few (size, theme, scale) combinations are
// used over and over, so the most recent ones are kept.
const baseCacheSize = 16

type baseEntry struct {
	key  baseKey
	once sync.Once
	b    *base
	err  error
	elem *list.Element
}

var baseCache = struct {
	sync.Mutex
	m   map[baseKey]*baseEntry
	lru *list.List
}{m: map[baseKey]*baseEntry{}, lru: list.New()}

// getBase returns the base for the key, drawing it on first use. Callers
// waiting for the same base share one drawing.
func getBase(k baseKey) (*base, error) {
	c := &baseCache
	c.Lock()
	e, ok := c.m[k]
	if ok {
		c.lru.MoveToFront(e.elem)
	} else {
		e = &baseEntry{key: k}
		e.elem = c.lru.PushFront(e)
		c.m[k] = e
		for c.lru.Len() > baseCacheSize {
			old := c.lru.Remove(c.lru.Back()).(*baseEntry)
			delete(c.m, old.key)
		}
	}
	c.Unlock()
	e.once.Do(func() { e.b, e.err = newBase(k) })
	return e.b, e.err
}

func newBase(k baseKey) (*base, error) {
	l, err := NewLayout(k.size, Options{Theme: k.theme, Scale: k.scale})
	if err != nil {
		return nil, err
	}
	b := &base{layout: l, theme: themeFor(k.theme)}
	b.drawBoard()
	b.makeSprites()
	b.pal = make([]uint8, l.Width*l.Height)
	b.theme.quantize(b.pal, b.img, b.img.Rect)
	return b, nil
}

// drawBoard draws the empty board: header strip, holes, border lines and
// coordinates.
func (b *base) drawBoard() {
	l, th := b.layout, b.theme
	b.img = image.NewRGBA(image.Rect(0, 0, l.Width, l.Height))
	dc := gg.NewContextForRGBA(b.img)
	dc.SetColor(th.board)
	dc.Clear()
	dc.SetColor(th.header)
	dc.DrawRectangle(0, 0, float64(l.Width), float64(l.Header.Max.Y))
	dc.Fill()
	dc.SetColor(th.headerLine)
	dc.DrawRectangle(0, float64(l.Header.Max.Y)-2, float64(l.Width), 2)
	dc.Fill()

	// The holes, each laid from one sprite: one path of ten thousand
	// circles (a 100x100 board) takes the rasterizer a quarter of a second.
	n := int(math.Ceil(l.holeR)) + 2
	hole := b.newSprite(2*n+1, 2*n+1, n, n, func(dc *gg.Context, x, y float64) {
		dc.SetColor(th.hole)
		dc.DrawCircle(x, y, l.holeR)
		dc.Fill()
	})
	for c := 0; c < l.size.Cols; c++ {
		for r := 0; r < l.size.Rows; r++ {
			if h := (game.Hole{Col: c, Row: r}); exists(l.size, h) {
				hole.over(b.img, l.Pixel(h))
			}
		}
	}

	// The border lines, each in its side's colour, meeting at the corners.
	dc.SetLineCapButt()
	for _, c := range []game.Color{game.Black, game.Red} {
		st := th.side[sideIndex(c)]
		dc.SetColor(st.border)
		dc.SetLineWidth(l.borderW)
		if st.dashedBorder {
			dc.SetDash(float64(l.Spacing)*0.6, float64(l.Spacing)*0.4)
			dc.SetDashOffset(-float64(l.Spacing) * 0.2)
		} else {
			dc.SetDash()
		}
		for which := range 2 {
			x0, y0, x1, y1 := l.BorderLine(c, which)
			e := l.borderW / 2
			if c == game.Red {
				x0, x1 = x0-e, x1+e
			} else {
				y0, y1 = y0-e, y1+e
			}
			dc.DrawLine(x0, y0, x1, y1)
			dc.Stroke()
		}
	}
	dc.SetDash()

	// Coordinates on all four sides: column letters above and below, row
	// numbers left and right.
	withFace(true, l.labelFont, func(f font.Face) {
		for c := 0; c < l.size.Cols; c++ {
			for _, lb := range l.colLabels(f, c) {
				drawText(b.img, f, th.label, lb.text, lb.x, lb.y)
			}
		}
		for r := 0; r < l.size.Rows; r++ {
			for _, lb := range l.rowLabels(f, r) {
				drawText(b.img, f, th.label, lb.text, lb.x, lb.y)
			}
		}
	})
}

// label is one coordinate as drawn: its text, and where its baseline
// starts.
type label struct {
	text string
	x, y float64
}

// colLabels returns the two labels of column c, above and below the grid.
func (l Layout) colLabels(f font.Face, c int) [2]label {
	capH := math.Ceil(l.labelFont * 0.72)
	s := strings.ToUpper(game.ColumnName(c))
	x, _ := l.Center(game.Hole{Col: c})
	x -= textWidth(f, s) / 2
	return [2]label{
		{s, x, float64(l.Grid.Min.Y) - l.labelGap},
		{s, x, float64(l.Grid.Max.Y) + l.labelGap + capH},
	}
}

// rowLabels returns the two labels of row r, left and right of the grid.
func (l Layout) rowLabels(f font.Face, r int) [2]label {
	capH := math.Ceil(l.labelFont * 0.72)
	s := strconv.Itoa(r + 1)
	_, y := l.Center(game.Hole{Row: r})
	return [2]label{
		{s, float64(l.Grid.Min.X) - l.labelGap - textWidth(f, s), y + capH/2},
		{s, float64(l.Grid.Max.X) + l.labelGap, y + capH/2},
	}
}

// markLabels highlights the labels of the last move's column and row.
func (b *base) markLabels(c *canvas, h game.Hole) {
	for _, k := range []struct {
		col bool
		i   int
	}{{true, h.Col}, {false, h.Row}} {
		key := "r" + strconv.Itoa(k.i)
		if k.col {
			key = "c" + strconv.Itoa(k.i)
		}
		v, ok := b.marks.Load(key)
		if !ok {
			v, _ = b.marks.LoadOrStore(key, b.markSprites(k.col, k.i))
		}
		ms := v.(*markedLabels)
		for i := range ms.sp {
			c.put(&ms.sp[i], ms.at[i])
		}
	}
}

// markedLabels are the two highlighted labels of a column or a row.
type markedLabels struct {
	sp [2]sprite
	at [2]image.Point
}

// markSprites draws the highlighted labels of column (or row) i: a
// rounded patch of the ring's colour under the label in light bold text.
func (b *base) markSprites(col bool, i int) *markedLabels {
	l, th := b.layout, b.theme
	ms := &markedLabels{}
	withFace(true, l.labelFont, func(f font.Face) {
		lbs := l.rowLabels(f, i)
		if col {
			lbs = l.colLabels(f, i)
		}
		capH := math.Ceil(l.labelFont * 0.72)
		pad := math.Max(math.Round(l.labelFont*0.3), 2)
		for j, lb := range lbs {
			w := textWidth(f, lb.text)
			x0, y0 := math.Floor(lb.x-pad), math.Floor(lb.y-capH-pad)
			x1, y1 := math.Ceil(lb.x+w+pad), math.Ceil(lb.y+pad)
			img := image.NewRGBA(image.Rect(0, 0, int(x1-x0), int(y1-y0)))
			dc := gg.NewContextForRGBA(img)
			dc.SetColor(th.ring)
			dc.DrawRoundedRectangle(0, 0, x1-x0, y1-y0, pad)
			dc.Fill()
			drawText(img, f, th.markText, lb.text, lb.x-x0, lb.y-y0)
			ms.sp[j] = newSpriteFrom(img, 0, 0)
			ms.at[j] = image.Pt(int(x0), int(y0))
		}
	})
	return ms
}

// drawText draws s with its baseline starting at (x, y).
func drawText(dst draw.Image, f font.Face, c color.Color, s string, x, y float64) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
	d.DrawString(s)
}

// frac is the fraction of a pixel at which every hole centre lies.
func (l Layout) frac() float64 {
	x, _ := l.Center(game.Hole{})
	return x - math.Floor(x)
}

// newSprite draws a sprite of w x h pixels whose anchor (a hole centre)
// lies at pixel (ax, ay) of the sprite.
func (b *base) newSprite(w, h, ax, ay int, paint func(dc *gg.Context, x, y float64)) sprite {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dc := gg.NewContextForRGBA(img)
	f := b.layout.frac()
	paint(dc, float64(ax)+f, float64(ay)+f)
	return newSpriteFrom(img, ax, ay)
}

// makeSprites draws the pegs, links and highlights.
func (b *base) makeSprites() {
	l, th := b.layout, b.theme
	s := float64(l.Spacing)
	half := int(math.Ceil(max(l.ringR+l.ringW, l.pegR+l.haloW))) + 2
	n := 2*half + 1
	for _, c := range []game.Color{game.Red, game.Black} {
		st := th.side[sideIndex(c)]
		b.peg[sideIndex(c)] = b.newSprite(n, n, half, half, func(dc *gg.Context, x, y float64) {
			drawPeg(dc, st, x, y, l.pegR, l.edgeW)
		})
	}
	b.ring = b.newSprite(n, n, half, half, func(dc *gg.Context, x, y float64) {
		dc.SetColor(th.ring)
		dc.SetLineWidth(l.ringW)
		dc.DrawCircle(x, y, l.ringR)
		dc.Stroke()
	})
	// The dot on the last move's peg: the ring's colour in a light rim, so
	// that it shows on either side's pegs.
	b.dot = b.newSprite(n, n, half, half, func(dc *gg.Context, x, y float64) {
		dc.SetColor(th.markText)
		dc.DrawCircle(x, y, l.dotR+max(l.dotR*0.35, 1))
		dc.Fill()
		dc.SetColor(th.ring)
		dc.DrawCircle(x, y, l.dotR)
		dc.Fill()
	})
	b.winPeg = b.newSprite(n, n, half, half, func(dc *gg.Context, x, y float64) {
		dc.SetColor(th.win)
		dc.DrawCircle(x, y, l.pegR+l.haloW)
		dc.Fill()
	})
	// The header's highlights: a pill behind the line of the side to move,
	// or of the winner.
	fs := l.headerFont
	pw, ph := l.Width-int(math.Round(fs*0.6)), int(l.lineH)-2
	for i, c := range []color.Color{th.tint, th.win} {
		b.pill[i] = b.newSprite(pw, ph, 0, 0, func(dc *gg.Context, _, _ float64) {
			dc.SetColor(c)
			dc.DrawRoundedRectangle(0, 0, float64(pw), float64(ph), float64(ph)/2)
			dc.Fill()
		})
	}
	sr := math.Round(fs * 0.5)
	sn := int(2*sr) + 3
	for _, c := range []game.Color{game.Red, game.Black} {
		st := th.side[sideIndex(c)]
		b.swatch[sideIndex(c)] = b.newSprite(sn, sn, sn/2, sn/2, func(dc *gg.Context, x, y float64) {
			drawPeg(dc, st, x, y, sr, max(sr*0.15, 1))
		})
	}
	pad := int(math.Ceil(l.linkW/2+l.haloW)) + 2
	for d, v := range dirs {
		w := v[0]*l.Spacing + 2*pad + 1
		h := abs(v[1])*l.Spacing + 2*pad + 1
		ax, ay := pad, pad
		if v[1] < 0 {
			ay += -v[1] * l.Spacing
		}
		dx, dy := float64(v[0])*s, float64(v[1])*s
		bar := func(c color.Color, width float64) func(dc *gg.Context, x, y float64) {
			return func(dc *gg.Context, x, y float64) {
				dc.SetColor(c)
				dc.SetLineWidth(width)
				dc.SetLineCapRound()
				dc.DrawLine(x, y, x+dx, y+dy)
				dc.Stroke()
			}
		}
		b.mark[d] = b.newSprite(w, h, ax, ay, bar(th.ring, l.linkW+2*l.markW))
		b.winLink[d] = b.newSprite(w, h, ax, ay, bar(th.win, l.linkW+2*l.haloW))
		for _, c := range []game.Color{game.Red, game.Black} {
			st := th.side[sideIndex(c)]
			b.link[sideIndex(c)][d] = b.newSprite(w, h, ax, ay, func(dc *gg.Context, x, y float64) {
				drawLink(dc, st, x, y, x+dx, y+dy, l.linkW, l.edgeW)
			})
		}
	}
}

// drawPeg draws a peg of radius r centred on (x, y): a rim, the body and a
// small shine, round or square by the side's style.
func drawPeg(dc *gg.Context, st sideStyle, x, y, r, edge float64) {
	shape := func(r float64) {
		if st.shape == square {
			a := r * 0.9
			dc.DrawRoundedRectangle(x-a, y-a, 2*a, 2*a, a*0.3)
		} else {
			dc.DrawCircle(x, y, r)
		}
	}
	dc.SetColor(st.edge)
	shape(r)
	dc.Fill()
	dc.SetColor(st.fill)
	shape(r - edge)
	dc.Fill()
	if r >= 4 {
		dc.SetColor(st.shine)
		dc.DrawCircle(x-r*0.42, y-r*0.42, r*0.2)
		dc.Fill()
	}
}

// drawLink draws a link as a thick bar from (x0, y0) to (x1, y1): a rim
// and the body, or for striped sides (when the link is wide enough for
// it) the body with a light stripe along its middle and no rim, so that
// the body keeps a clear pixel or two either side of the stripe.
func drawLink(dc *gg.Context, st sideStyle, x0, y0, x1, y1, w, edge float64) {
	dc.SetLineCapButt()
	stroke := func(c color.Color, w float64) {
		dc.SetColor(c)
		dc.SetLineWidth(w)
		dc.DrawLine(x0, y0, x1, y1)
		dc.Stroke()
	}
	switch {
	case st.stripe && stripeFits(w):
		stroke(st.fill, w)
		stroke(st.stripeColor, max(w*0.3, 1))
	case w-2*edge >= 1.5:
		stroke(st.edge, w)
		stroke(st.fill, w-2*edge)
	default:
		stroke(st.fill, w)
	}
}

// stripeFits reports whether a link w wide is wide enough for a stripe.
func stripeFits(w float64) bool { return w >= 4 }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
