package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
)

// Peg letters of the text board, as on pbmserv: O for the first side (Red,
// or White in the Kosmos theme), # for Black.
const (
	textRed   = 'O'
	textBlack = '#'
	textHole  = '.'
)

// Text draws the view as a monospace board for a code block, in the spirit
// of pbmserv's display. At the medium and large scales every hole takes
// three characters and links are drawn between the rows (_--- and ---_ for
// the flat ones, \ | / for the steep ones); at the small scale the board is
// compact, two characters a hole, and the links are listed below it. Under
// the board a legend tells which letter is which side, whose turn it is and
// what the last move was. A 24x24 board takes about 3,800 characters at
// medium scale and about 1,300 (plus the link lists) at small scale; a
// Discord message holds 2,000.
func Text(v *View, o Options) (string, error) {
	if err := o.check(); err != nil {
		return "", err
	}
	if err := v.Validate(); err != nil {
		return "", err
	}
	w := wordsFor(o)
	var b strings.Builder
	if o.Scale == Small {
		compactBoard(&b, v)
	} else {
		artBoard(&b, v)
	}
	fmt.Fprintf(&b, "%c %s (%s)   %c %s (%s)\n", textRed, w.side(game.Red), w.text("textboard.top_bottom", nil),
		textBlack, w.side(game.Black), w.text("textboard.left_right", nil))
	b.WriteString(strings.Join(statusParts(v, w), " · "))
	b.WriteByte('\n')
	if o.Scale == Small {
		for _, c := range []game.Color{game.Red, game.Black} {
			ls := v.Side(c).Links
			if len(ls) == 0 {
				continue
			}
			names := make([]string, len(ls))
			for i, l := range ls {
				names[i] = l.Upper()
			}
			b.WriteString(w.text("textboard.links", l10n.Args{"Side": w.side(c), "Links": strings.Join(names, " ")}) + "\n")
		}
	}
	return b.String(), nil
}

// grid is a rectangle of characters.
type grid [][]byte

func newGrid(w, h int) grid {
	g := make(grid, h)
	for i := range g {
		g[i] = []byte(strings.Repeat(" ", w))
	}
	return g
}

func (g grid) set(x, y int, c byte) {
	if y >= 0 && y < len(g) && x >= 0 && x < len(g[y]) {
		g[y][x] = c
	}
}

func (g grid) text(x, y int, s string) {
	for i := range len(s) {
		g.set(x+i, y, s[i])
	}
}

// art draws a piece of a link. Where two links meet, a dash gives way to
// the other link's character, as on pbmserv ("---_--_").
func (g grid) art(x, y int, s string) {
	for i := range len(s) {
		if s[i] == '-' && y >= 0 && y < len(g) && x+i >= 0 && x+i < len(g[y]) && g[y][x+i] != ' ' && g[y][x+i] != ':' {
			continue
		}
		g.set(x+i, y, s[i])
	}
}

func (g grid) write(b *strings.Builder) {
	for _, line := range g {
		b.WriteString(strings.TrimRight(string(line), " "))
		b.WriteByte('\n')
	}
}

// pegs writes every hole at (x(col), y(row)): a dot, or the letter of
// the peg in it. Corners stay blank.
func (g grid) pegs(v *View, x, y func(int) int) {
	for c := 0; c < v.Size.Cols; c++ {
		for r := 0; r < v.Size.Rows; r++ {
			if exists(v.Size, game.Hole{Col: c, Row: r}) {
				g.set(x(c), y(r), textHole)
			}
		}
	}
	for _, h := range v.Red.Pegs {
		g.set(x(h.Col), y(h.Row), textRed)
	}
	for _, h := range v.Black.Pegs {
		g.set(x(h.Col), y(h.Row), textBlack)
	}
}

// artBoard draws pbmserv's medium display: three characters a hole, one
// line between rows for the links.
func artBoard(b *strings.Builder, v *View) {
	size := v.Size
	lw := len(strconv.Itoa(size.Rows))
	left := lw + 1 // the row number, a space, then column A
	w := left + 3*(size.Cols-1) + 1 + 2 + lw
	h := 2*size.Rows - 1 + 2 // the rows, the lines between, two label lines
	g := newGrid(w, h)
	x := func(c int) int { return left + 3*c }
	y := func(r int) int { return 1 + 2*r }
	for c := 0; c < size.Cols; c++ {
		name := strings.ToUpper(game.ColumnName(c))
		g.text(x(c), 0, name)
		g.text(x(c), h-1, name)
	}
	for r := 0; r < size.Rows; r++ {
		n := strconv.Itoa(r + 1)
		g.text(lw-len(n), y(r), n)
		g.text(x(size.Cols-1)+3, y(r), n)
	}
	// Border lines, where links leave room: Red's between the first two
	// and the last two rows, Black's between the first two and the last
	// two columns.
	for cx := x(1) - 1; cx <= x(size.Cols-2)+1; cx++ {
		g.set(cx, y(0)+1, '-')
		g.set(cx, y(size.Rows-1)-1, '-')
	}
	for cy := y(1) - 1; cy <= y(size.Rows-2)+1; cy++ {
		g.set(x(0)+2, cy, ':')
		g.set(x(size.Cols-1)-2, cy, ':')
	}
	for _, c := range []game.Color{game.Red, game.Black} {
		for _, l := range v.Side(c).Links {
			l = game.NewLink(l.A, l.B)
			ax, ay := x(l.A.Col), y(l.A.Row)
			switch [2]int{l.B.Col - l.A.Col, l.B.Row - l.A.Row} {
			case [2]int{2, 1}:
				g.art(ax+1, ay, "_")
				g.art(ax+2, ay+1, "---_")
			case [2]int{2, -1}:
				g.art(ax+1, ay-1, "_---")
				g.art(ax+5, ay-2, "_")
			case [2]int{1, 2}:
				g.art(ax+1, ay+1, "\\")
				g.art(ax+1, ay+2, "|")
				g.art(ax+2, ay+3, "\\")
			case [2]int{1, -2}:
				g.art(ax+1, ay-1, "/")
				g.art(ax+2, ay-2, "|")
				g.art(ax+2, ay-3, "/")
			}
		}
	}
	g.pegs(v, x, y)
	g.write(b)
}

// compactBoard draws two characters a hole and no links.
func compactBoard(b *strings.Builder, v *View) {
	size := v.Size
	lw := len(strconv.Itoa(size.Rows))
	left := lw + 1
	cw := 2
	if size.Cols > 26 {
		cw = 3 // room for two-letter columns
	}
	w := left + cw*size.Cols + lw
	g := newGrid(w, size.Rows+2)
	x := func(c int) int { return left + cw*c }
	for c := 0; c < size.Cols; c++ {
		name := strings.ToUpper(game.ColumnName(c))
		g.text(x(c), 0, name)
		g.text(x(c), size.Rows+1, name)
	}
	for r := 0; r < size.Rows; r++ {
		n := strconv.Itoa(r + 1)
		g.text(lw-len(n), r+1, n)
		g.text(x(size.Cols-1)+cw, r+1, n)
	}
	g.pegs(v, x, func(r int) int { return r + 1 })
	g.write(b)
}
