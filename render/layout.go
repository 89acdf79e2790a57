package render

import (
	"image"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"

	"github.com/twixtbot/twixtbot/game"
)

// scaleSpec is what a Scale means in pixels.
//
// The spacing between holes (the pitch) aims at a grid of about grid
// pixels, and never goes below minS, whatever the board's size: a board
// too big for the aimed grid makes a bigger picture rather than smaller
// holes. At the medium scale's 16 pixels a peg is 11.5 pixels across and
// a label at least 10 pixels high: about the size of small print on a
// phone once the picture is opened at one picture pixel to one screen
// point, the smallest at which neighbouring pegs and their colours are
// still told apart at a glance. (Half that, the old 8-pixel pitch of a
// 48x48 board, leaves 3-pixel pegs that only zooming can separate.) The
// pitch also grows until every column's name fits over its column at the
// scale's smallest label font (minLabel): two-letter columns (boards wider
// than 26) need 18 pixels at the medium scale. So every column and every
// row is labelled, on every board.
type scaleSpec struct {
	grid       float64 // the hole grid's longer side aimed for, in pixels
	minS, maxS int     // bounds of the spacing between holes
	minLabel   float64 // the smallest coordinate font
	labelMax   float64 // the largest coordinate font
	headerFont float64 // the header's font size on a picture headerW wide or narrower
	headerW    float64 // wider pictures get a proportionally bigger header
	minWidth   int     // the narrowest picture (room for the header)
}

var scaleSpecs = [...]scaleSpec{
	Medium: {grid: 480, minS: 16, maxS: 34, minLabel: 10, labelMax: 15, headerFont: 14, headerW: 540, minWidth: 360},
	Small:  {grid: 360, minS: 12, maxS: 26, minLabel: 9, labelMax: 12, headerFont: 12, headerW: 400, minWidth: 300},
	Large:  {grid: 720, minS: 20, maxS: 50, minLabel: 13, labelMax: 20, headerFont: 19, headerW: 760, minWidth: 520},
}

// labelRoom is the least room, in pixels, between two neighbouring
// coordinate labels.
const labelRoom = 2

// Layout is where things are in a picture. It depends only on the board
// size and the options, so tests and callers can find any hole's pixel.
type Layout struct {
	// Width and Height are the picture's size in pixels.
	Width, Height int
	// Header is the strip above the board with the players and the state
	// of the game.
	Header image.Rectangle
	// Grid is the area of the holes: hole (col, row) is centred in the
	// Spacing x Spacing cell at Grid.Min + (col, row) * Spacing. Row 1 is
	// at the top and column A on the left.
	Grid image.Rectangle
	// Spacing is the distance between neighbouring holes, in pixels.
	Spacing int

	size                        game.Size
	labelFont, headerFont       float64
	lineH                       float64 // the header's line height
	labelGap                    float64 // between the grid and the labels
	pegR, holeR, linkW, borderW float64
	ringR, ringW, haloW, edgeW  float64
	dotR, markW                 float64 // the last move's dot, and the glow of its links
}

// NewLayout computes the layout of a picture of a board of the given size.
func NewLayout(size game.Size, o Options) (Layout, error) {
	if err := o.check(); err != nil {
		return Layout{}, err
	}
	if !size.Valid() {
		return Layout{}, &ViewError{Field: "Size", Detail: size.String() + " is out of range; each side must be 5 to 100 holes"}
	}
	sp := scaleSpecs[o.Scale]
	longer := max(size.Cols, size.Rows)
	s := int(sp.grid / float64(longer))
	s = min(max(s, sp.minS), sp.maxS)
	labelFont := math.Round(min(max(float64(s)*0.66, sp.minLabel), sp.labelMax))
	// Every column's name and every row's number fits beside its
	// neighbours' at that font; the pitch grows until they do.
	var rowW, colW, capH float64
	withFace(true, labelFont, func(f font.Face) {
		rowW = textWidth(f, strconv.Itoa(size.Rows))
		colW = widestColumnName(f, size.Cols)
		capH = math.Ceil(labelFont * 0.72)
	})
	s = max(s, int(math.Ceil(colW+labelRoom)), int(math.Ceil(capH+labelRoom)))
	fs := float64(s)
	l := Layout{Spacing: s, size: size, labelFont: labelFont}
	l.pegR = fs * 0.36
	l.holeR = max(fs*0.11, 1.5)
	l.linkW = max(fs*0.26, 2.5)
	l.borderW = max(fs*0.15, 2)
	l.edgeW = max(fs*0.06, 1)
	// The last move: a thick ring just outside its peg, filling most of
	// the room to the neighbouring holes but clear of their pegs, and a
	// dot on the peg itself. Its new links are marked by a thinner glow.
	inner := l.pegR + max(fs*0.04, 1)
	outer := min(inner+max(fs*0.2, 2.5), fs-l.pegR-0.5)
	l.ringW = outer - inner
	l.ringR = inner + l.ringW/2
	l.dotR = max(fs*0.12, 1.5)
	l.markW = max(fs*0.13, min(2, fs*0.2))
	l.haloW = max(fs*0.16, 2)

	l.labelGap = math.Round(max(fs*0.3, 3))
	pad := math.Round(max(fs*0.35, 4))

	side := int(pad + rowW + l.labelGap)
	gridW, gridH := size.Cols*s, size.Rows*s
	l.Width = max(2*side+gridW, sp.minWidth)
	// The header grows with the picture, so that it stays as legible as
	// the board when a chat preview shrinks a big picture.
	l.headerFont = math.Round(sp.headerFont * max(1, float64(l.Width)/sp.headerW))
	l.lineH = math.Round(l.headerFont * 1.5)
	headerH := int(3*l.lineH + math.Round(l.headerFont*0.9))
	top := int(pad + capH + l.labelGap)
	left := (l.Width - gridW) / 2
	l.Header = image.Rect(0, 0, l.Width, headerH)
	l.Grid = image.Rect(left, headerH+top, left+gridW, headerH+top+gridH)
	l.Height = l.Grid.Max.Y + top
	return l, nil
}

// widestColumnName measures the widest name of the first cols columns.
func widestColumnName(f font.Face, cols int) float64 {
	w := 0.0
	for c := range cols {
		w = max(w, textWidth(f, strings.ToUpper(game.ColumnName(c))))
	}
	return w
}

// Center returns the centre of hole h in picture coordinates (pixel (x, y)
// covers [x, x+1) x [y, y+1)).
func (l Layout) Center(h game.Hole) (x, y float64) {
	s := float64(l.Spacing)
	return float64(l.Grid.Min.X) + (float64(h.Col)+0.5)*s, float64(l.Grid.Min.Y) + (float64(h.Row)+0.5)*s
}

// Pixel returns the pixel that holds the centre of hole h.
func (l Layout) Pixel(h game.Hole) image.Point {
	x, y := l.Center(h)
	return image.Pt(int(math.Floor(x)), int(math.Floor(y)))
}

// PegRadius is the radius of a peg, in pixels.
func (l Layout) PegRadius() float64 { return l.pegR }

// LinkWidth is the width of a link, in pixels.
func (l Layout) LinkWidth() float64 { return l.linkW }

// BorderLine returns the ends of one of c's border lines: which 0 is the
// first (top for Red, left for Black), 1 the last. The lines run halfway
// between the border rows and the playing field.
func (l Layout) BorderLine(c game.Color, which int) (x0, y0, x1, y1 float64) {
	s := float64(l.Spacing)
	gx, gy := float64(l.Grid.Min.X), float64(l.Grid.Min.Y)
	left, right := gx+s, gx+float64(l.size.Cols-1)*s
	top, bottom := gy+s, gy+float64(l.size.Rows-1)*s
	if c == game.Black {
		x := left
		if which == 1 {
			x = right
		}
		return x, top, x, bottom
	}
	y := top
	if which == 1 {
		y = bottom
	}
	return left, y, right, y
}
