package render

import (
	"fmt"
	"image"
	"io"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
)

// ZoomHoles is how many holes wide and high a zoomed picture shows: at
// the default scale about 400 pixels, which a phone's chat preview shows
// at about its own size.
const ZoomHoles = 17

// Window is the part of a board a zoomed picture shows: columns
// [Col0, Col1) and rows [Row0, Row1).
type Window struct {
	Col0, Col1, Row0, Row1 int
}

// String names the window's corners, e.g. "H11-X27".
func (w Window) String() string {
	return game.Hole{Col: w.Col0, Row: w.Row0}.Upper() + "-" + game.Hole{Col: w.Col1 - 1, Row: w.Row1 - 1}.Upper()
}

// Contains reports whether hole h is in the window.
func (w Window) Contains(h game.Hole) bool {
	return h.Col >= w.Col0 && h.Col < w.Col1 && h.Row >= w.Row0 && h.Row < w.Row1
}

// ZoomWindow returns the window of at most ZoomHoles x ZoomHoles holes
// centred on the view's last move (on the board's centre before the
// first), moved inside the board where it would stick out.
func ZoomWindow(v *View) Window {
	c, r := v.Size.Cols/2, v.Size.Rows/2
	if v.Last != nil {
		c, r = v.Last.Hole.Col, v.Last.Hole.Row
	}
	span := func(mid, n int) (int, int) {
		w := min(ZoomHoles, n)
		lo := min(max(mid-w/2, 0), n-w)
		return lo, lo + w
	}
	var w Window
	w.Col0, w.Col1 = span(c, v.Size.Cols)
	w.Row0, w.Row1 = span(r, v.Size.Rows)
	return w
}

// ZoomLayout tells where things are in a zoomed picture: the layout of
// the whole picture, and how the part shown moved.
type ZoomLayout struct {
	Full   Layout
	Window Window
	// Offset moves a point of the window's holes in the whole picture to
	// the zoomed one (add it).
	Offset image.Point
	// Width and Height are the zoomed picture's size.
	Width, Height int
}

// Pixel returns the pixel of the zoomed picture that holds hole h's
// centre (h must be in the window).
func (z ZoomLayout) Pixel(h game.Hole) image.Point { return z.Full.Pixel(h).Add(z.Offset) }

// Source returns the pixel of the whole picture that pixel p of the
// zoomed one shows: a hole of the window, a coordinate beside it, or a
// corner of bare board.
func (z ZoomLayout) Source(p image.Point) image.Point {
	l, s := z.Full, z.Full.Spacing
	cols, rows := (z.Window.Col1-z.Window.Col0)*s, (z.Window.Row1-z.Window.Row0)*s
	x := p.X
	switch {
	case p.X >= l.Grid.Min.X+cols:
		x = p.X - l.Grid.Min.X - cols + l.Grid.Max.X
	case p.X >= l.Grid.Min.X:
		x = p.X - z.Offset.X
	}
	top := l.Grid.Min.Y - l.Header.Max.Y
	y := p.Y + l.Header.Max.Y
	switch {
	case p.Y >= top+rows:
		y = p.Y - top - rows + l.Grid.Max.Y
	case p.Y >= top:
		y = p.Y - z.Offset.Y
	}
	return image.Pt(x, y)
}

// NewZoomLayout computes the layout of the zoomed picture of window w of
// a board of the given size.
func NewZoomLayout(size game.Size, w Window, o Options) (ZoomLayout, error) {
	l, err := NewLayout(size, o)
	if err != nil {
		return ZoomLayout{}, err
	}
	if w.Col0 < 0 || w.Row0 < 0 || w.Col1 > size.Cols || w.Row1 > size.Rows || w.Col0 >= w.Col1 || w.Row0 >= w.Row1 {
		return ZoomLayout{}, &ViewError{Field: "Window", Detail: fmt.Sprintf("%+v is not a part of a %s board", w, size)}
	}
	s := l.Spacing
	left, right := l.Grid.Min.X, l.Width-l.Grid.Max.X
	top, bottom := l.Grid.Min.Y-l.Header.Max.Y, l.Height-l.Grid.Max.Y
	return ZoomLayout{
		Full:   l,
		Window: w,
		Offset: image.Pt(-w.Col0*s, -l.Header.Max.Y-w.Row0*s),
		Width:  left + (w.Col1-w.Col0)*s + right,
		Height: top + (w.Row1-w.Row0)*s + bottom,
	}, nil
}

// ZoomPNG draws the part of the board around the last move (ZoomWindow)
// at the same scale as the whole picture, with the coordinates of its
// columns and rows on all four sides, and writes it to w as a PNG. It has
// no header: the message it goes with says whose turn it is. It is for
// boards too big to read whole on a phone.
func ZoomPNG(w io.Writer, v *View, o Options) error {
	b, err := prepare(v, o)
	if err != nil {
		return err
	}
	z, err := NewZoomLayout(v.Size, ZoomWindow(v), o)
	if err != nil {
		return err
	}
	return b.writePicture(w, v, wordsFor(o), func(full *image.Paletted) *image.Paletted { return zoomCrop(full, z) })
}

// zoomCrop copies the zoomed picture out of the whole one: the window's
// holes, with the strips of coordinates beside them (the window's columns
// from the top and bottom margins, its rows from the left and right ones)
// and bare board in the corners.
func zoomCrop(full *image.Paletted, z ZoomLayout) *image.Paletted {
	l, w := z.Full, z.Window
	s := l.Spacing
	out := image.NewPaletted(image.Rect(0, 0, z.Width, z.Height), full.Palette)
	// Columns of the whole picture: the left margin, the window's
	// columns, the right margin. Rows: the top margin (below the header),
	// the window's rows, the bottom margin.
	xs := [][2]int{{0, l.Grid.Min.X}, {l.Grid.Min.X + w.Col0*s, l.Grid.Min.X + w.Col1*s}, {l.Grid.Max.X, l.Width}}
	ys := [][2]int{{l.Header.Max.Y, l.Grid.Min.Y}, {l.Grid.Min.Y + w.Row0*s, l.Grid.Min.Y + w.Row1*s}, {l.Grid.Max.Y, l.Height}}
	// The corners hold no labels: bare board, as in the whole picture's
	// own corners.
	bare := full.Pix[full.PixOffset(0, l.Header.Max.Y)]
	for i := range out.Pix {
		out.Pix[i] = bare
	}
	oy := 0
	for j, yr := range ys {
		ox := 0
		for i, xr := range xs {
			if i == 1 || j == 1 {
				for y := yr[0]; y < yr[1]; y++ {
					src := full.Pix[full.PixOffset(xr[0], y):full.PixOffset(xr[1], y)]
					copy(out.Pix[out.PixOffset(ox, oy+y-yr[0]):], src)
				}
			}
			ox += xr[1] - xr[0]
		}
		oy += yr[1] - yr[0]
	}
	return out
}

// ZoomAltText describes a zoomed picture: which part of the board it
// shows, then the position as AltText does.
func ZoomAltText(v *View, o Options) string {
	if v == nil {
		return ""
	}
	win := ZoomWindow(v)
	args := l10n.Args{"FromCol": strings.ToUpper(game.ColumnName(win.Col0)), "ToCol": strings.ToUpper(game.ColumnName(win.Col1 - 1)),
		"FromRow": win.Row0 + 1, "ToRow": win.Row1}
	head := "alt.zoom"
	if v.Last != nil {
		head, args["Hole"] = "alt.zoom_last", v.Last.Hole.Upper()
	}
	return truncateRunes(wordsFor(o).text(head, args)+". "+AltText(v, o), MaxAltText)
}
