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
type scaleSpec struct {
	grid       float64 // the hole grid's longer side aimed for, in pixels
	minS, maxS int     // bounds of the spacing between holes
	labelMax   float64 // the largest coordinate font
	headerFont float64 // the header's font size
	minWidth   int     // the narrowest picture (room for the header)
}

var scaleSpecs = [...]scaleSpec{
	Medium: {grid: 480, minS: 8, maxS: 34, labelMax: 15, headerFont: 14, minWidth: 360},
	Small:  {grid: 360, minS: 5, maxS: 26, labelMax: 12, headerFont: 12, minWidth: 300},
	Large:  {grid: 720, minS: 10, maxS: 50, labelMax: 20, headerFont: 19, minWidth: 520},
}

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
	colStep, rowStep            int     // label every n-th column and row
	labelGap                    float64 // between the grid and the labels
	pegR, holeR, linkW, borderW float64
	ringR, ringW, haloW, edgeW  float64
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
	fs := float64(s)
	l := Layout{Spacing: s, size: size}
	l.labelFont = math.Round(min(max(fs*0.66, 8), sp.labelMax))
	l.headerFont = sp.headerFont
	l.lineH = math.Round(sp.headerFont * 1.5)
	l.pegR = fs * 0.36
	l.holeR = max(fs*0.11, 1.5)
	l.linkW = max(fs*0.26, 2.5)
	l.borderW = max(fs*0.15, 2)
	l.edgeW = max(fs*0.06, 1)
	// The ring around the last move stays clear of the neighbouring pegs,
	// however small the board is drawn.
	l.ringW = max(fs*0.13, min(2, fs*0.2))
	l.ringR = min(l.pegR+l.ringW/2+max(fs*0.05, 1), fs-l.pegR-0.5-l.ringW/2)
	l.haloW = max(fs*0.16, 2)

	// Coordinates: the widest row number and column name decide the
	// margins, and on dense boards only every n-th label is written.
	var rowW, colW, capH float64
	withFace(true, l.labelFont, func(f font.Face) {
		rowW = textWidth(f, strconv.Itoa(size.Rows))
		colW = textWidth(f, strings.ToUpper(game.ColumnName(size.Cols-1)))
		capH = math.Ceil(l.labelFont * 0.72)
	})
	l.colStep = labelStep(colW+3, fs)
	l.rowStep = labelStep(capH+3, fs)
	l.labelGap = math.Round(max(fs*0.3, 3))
	pad := math.Round(max(fs*0.35, 4))

	headerH := int(3*l.lineH + math.Round(sp.headerFont*0.9))
	side := int(pad + rowW + l.labelGap)
	top := int(pad + capH + l.labelGap)
	gridW, gridH := size.Cols*s, size.Rows*s
	l.Width = max(2*side+gridW, sp.minWidth)
	left := (l.Width - gridW) / 2
	l.Header = image.Rect(0, 0, l.Width, headerH)
	l.Grid = image.Rect(left, headerH+top, left+gridW, headerH+top+gridH)
	l.Height = l.Grid.Max.Y + top
	return l, nil
}

// labelStep returns how many cells apart labels need room of w pixels.
func labelStep(w, s float64) int {
	for _, n := range []int{1, 2, 3, 4, 5, 10, 20, 25, 50} {
		if float64(n)*s >= w {
			return n
		}
	}
	return 100
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
