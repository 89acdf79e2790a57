package game

import (
	"fmt"
	"strconv"
	"strings"
)

// Color is a side of the game. Red moves first and joins the top and bottom
// border rows; Black joins the left and right border columns. (On a Kosmos
// set Red is White; the rules do not change.)
type Color uint8

// The colours. NoColor marks an empty hole, an absent link and a draw.
const (
	NoColor Color = iota
	Red
	Black
)

// Opponent returns the other side. The opponent of NoColor is NoColor.
func (c Color) Opponent() Color {
	switch c {
	case Red:
		return Black
	case Black:
		return Red
	}
	return NoColor
}

// String returns "red", "black" or "none".
func (c Color) String() string {
	switch c {
	case Red:
		return "red"
	case Black:
		return "black"
	}
	return "none"
}

// Title returns "Red", "Black" or "None", for sentences.
func (c Color) Title() string {
	s := c.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// ParseColor reads "red" or "black" (any case; "r", "b", "white" and "w"
// are accepted too, "white" being Kosmos's name for the first side).
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "red", "r", "white", "w":
		return Red, nil
	case "black", "b":
		return Black, nil
	}
	return NoColor, fmt.Errorf("%w: %q (want red or black)", ErrBadColor, s)
}

// Seat is a player's place at the table, numbered from 1. Two-player games
// have seats 1 (the first player, Red at the start) and 2. Double TwixT has
// four, in playing order: 1 Red 1, 2 Black 1, 3 Red 2, 4 Black 2; partners
// sit opposite, so seats 1 and 3 are one team and 2 and 4 the other.
type Seat int

// String returns "seat N".
func (s Seat) String() string { return "seat " + strconv.Itoa(int(s)) }

// Partner returns the seat opposite in Double TwixT (s+2 around four seats).
func (s Seat) Partner() Seat { return (s+1)%4 + 1 }

// Size is a board's width (columns) and height (rows), in holes.
type Size struct {
	Cols, Rows int
}

// The limits of a board, from seed 001: the classic 24x24 is the default,
// and the "monster game" is 100x100.
const (
	MinSize     = 5
	MaxSize     = 100
	DefaultSize = 24
)

// String returns "24x24".
func (s Size) String() string { return fmt.Sprintf("%dx%d", s.Cols, s.Rows) }

// Holes is the number of holes on the board, corners excluded.
func (s Size) Holes() int { return s.Cols*s.Rows - 4 }

// Valid reports whether both sides are within MinSize..MaxSize.
func (s Size) Valid() bool {
	return s.Cols >= MinSize && s.Cols <= MaxSize && s.Rows >= MinSize && s.Rows <= MaxSize
}

// ParseSize reads "24", "24x24" or "13x24" (columns first).
func ParseSize(s string) (Size, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	c, r, found := strings.Cut(t, "x")
	if !found {
		r = c
	}
	cols, err1 := strconv.Atoi(c)
	rows, err2 := strconv.Atoi(r)
	if err1 != nil || err2 != nil {
		return Size{}, fmt.Errorf("%w: %q (write one number like 24, or COLSxROWS like 13x24)", ErrBadSize, s)
	}
	sz := Size{cols, rows}
	if !sz.Valid() {
		return Size{}, &SizeError{Size: sz}
	}
	return sz, nil
}

// Hole is a place on the board. Col and Row count from zero: column A is 0
// and row 1 is 0. Its notation is the column letters followed by the row
// number: "a1", "j12", "aa17".
type Hole struct {
	Col, Row int
}

// String returns the hole in lowercase notation, e.g. "j12".
func (h Hole) String() string {
	return ColumnName(h.Col) + strconv.Itoa(h.Row+1)
}

// Upper returns the hole in uppercase notation, e.g. "J12", as players
// write it in sentences.
func (h Hole) Upper() string { return strings.ToUpper(h.String()) }

// Less orders holes by column, then row.
func (h Hole) Less(o Hole) bool {
	if h.Col != o.Col {
		return h.Col < o.Col
	}
	return h.Row < o.Row
}

// ColumnName returns the letters of column c (0 -> "a", 25 -> "z",
// 26 -> "aa"), as the SGF TwixT specification writes them.
func ColumnName(c int) string {
	if c < 0 {
		return "?"
	}
	var buf [4]byte
	i := len(buf)
	for n := c + 1; n > 0; n = (n - 1) / 26 {
		i--
		buf[i] = byte('a' + (n-1)%26)
	}
	return string(buf[i:])
}

// ParseHole reads a hole such as "j12", "J12" or "aa17". It checks the
// notation only; whether the hole is on a given board is for the board.
func ParseHole(s string) (Hole, error) {
	h, n, ok := scanHole(s, 0)
	if !ok || n != len(s) {
		return Hole{}, &SyntaxError{Input: s, Pos: n, Want: "a hole such as j12 (column letters, then the row number)"}
	}
	return h, nil
}

// scanHole reads a hole at s[i:]; it returns the hole, the index after it,
// and whether a hole was there. Letters are case-insensitive.
func scanHole(s string, i int) (Hole, int, bool) {
	start := i
	col := 0
	for i < len(s) && i-start < 3 {
		ch := s[i] | 0x20
		if ch < 'a' || ch > 'z' {
			break
		}
		col = col*26 + int(ch-'a'+1)
		i++
	}
	if i == start {
		return Hole{}, i, false
	}
	digits := i
	row := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-digits < 3 {
		row = row*10 + int(s[i]-'0')
		i++
	}
	if i == digits || row == 0 {
		return Hole{}, i, false
	}
	return Hole{Col: col - 1, Row: row - 1}, i, true
}

// Link joins two pegs of one colour a knight's move apart. A is always the
// end with the smaller (column, row), so equal links compare equal.
type Link struct {
	A, B Hole
}

// NewLink returns the link between two holes with its ends in order.
func NewLink(a, b Hole) Link {
	if b.Less(a) {
		a, b = b, a
	}
	return Link{a, b}
}

// String returns "c4-d6".
func (l Link) String() string { return l.A.String() + "-" + l.B.String() }

// Upper returns "C4-D6".
func (l Link) Upper() string { return strings.ToUpper(l.String()) }

// IsKnight reports whether the two ends are a knight's move apart.
func (l Link) IsKnight() bool {
	dc, dr := abs(l.B.Col-l.A.Col), abs(l.B.Row-l.A.Row)
	return dc == 1 && dr == 2 || dc == 2 && dr == 1
}

// Has reports whether h is one of the link's ends.
func (l Link) Has(h Hole) bool { return l.A == h || l.B == h }

// Other returns the end that is not h.
func (l Link) Other(h Hole) Hole {
	if l.A == h {
		return l.B
	}
	return l.A
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Ruleset chooses how links block.
type Ruleset uint8

const (
	// Standard: a link may not cross any link, own ones included; a player
	// may remove own links and add any legal link among own pegs (the
	// cleanup rule).
	Standard Ruleset = iota
	// PP is TwixT PP (paper and pencil): own links may cross each other,
	// the opponent's links block, and nothing is ever removed.
	PP
	// ThreeM is the 3M rules of 1976 (seed 002): the standard rules, and
	// before placing a peg a player may also remove any of own pegs,
	// with their links ("j12--c4,d6" frees C4 and D6, then pegs J12).
	ThreeM
)

// String returns "standard", "pp" or "3m".
func (r Ruleset) String() string {
	switch r {
	case PP:
		return "pp"
	case ThreeM:
		return "3m"
	}
	return "standard"
}

// ParseRuleset reads "standard" (or "std"), "pp" and "3m".
func ParseRuleset(s string) (Ruleset, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "standard", "std", "":
		return Standard, nil
	case "pp", "twixtpp", "twixt-pp":
		return PP, nil
	case "3m":
		return ThreeM, nil
	}
	return Standard, fmt.Errorf("%w: %q (want standard, pp or 3m)", ErrBadRuleset, s)
}

// SwapStyle is how the pie rule is played.
type SwapStyle uint8

const (
	// SwapOff: no pie rule.
	SwapOff SwapStyle = iota
	// SwapSides (pbmserv, Kosmos): the players exchange colours, the peg
	// stays, and the first player, now Black, moves next.
	SwapSides
	// SwapMirror (Little Golem): the first peg moves to its mirror image
	// across the diagonal, (column, row) -> (row, column), and becomes the
	// swapper's; the first player, still Red, moves next.
	SwapMirror
)

// String returns "off", "sides" or "mirror".
func (s SwapStyle) String() string {
	switch s {
	case SwapSides:
		return "sides"
	case SwapMirror:
		return "mirror"
	}
	return "off"
}

// ParseSwapStyle reads "sides", "mirror" or "off" (also "on"/"yes"/"true"
// for sides and "no"/"false"/"none" for off).
func ParseSwapStyle(s string) (SwapStyle, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "sides", "on", "yes", "true", "y":
		return SwapSides, nil
	case "mirror":
		return SwapMirror, nil
	case "off", "no", "false", "none", "n", "":
		return SwapOff, nil
	}
	return SwapOff, fmt.Errorf("%w: %q (want sides, mirror or off)", ErrBadSwap, s)
}

// Reason says how a game ended.
type Reason uint8

const (
	NotOver      Reason = iota
	Connection          // a chain joined the winner's border rows
	Resignation         // the loser (or the loser's team) resigned
	Agreement           // the players agreed a draw
	NoPath              // neither side can still connect
	BoardFull           // the player to move has no hole left
	Timeout             // the loser ran out of time
	Adjudication        // a moderator decided the result
	Aborted             // a moderator ended the game with no result
)

var reasonNames = [...]string{"", "connection", "resignation", "agreement", "no-path", "board-full", "timeout", "adjudication", "aborted"}

// String returns the reason's name as the replay JSON spells it, or "" for
// NotOver.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason(" + strconv.Itoa(int(r)) + ")"
}

// ParseReason is the inverse of Reason.String.
func ParseReason(s string) (Reason, bool) {
	for i, n := range reasonNames {
		if i > 0 && n == s {
			return Reason(i), true
		}
	}
	return NotOver, false
}

// Result is how a game stands: not over, won by a side, drawn, or aborted.
type Result struct {
	Winner Color  // NoColor for a draw or an aborted game
	Reason Reason // NotOver while the game goes on
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Reason != NotOver }

// Draw reports whether the game ended drawn.
func (r Result) Draw() bool { return r.Over() && r.Winner == NoColor && r.Reason != Aborted }

// Code returns "red", "black", "draw" or "" (not over, or aborted), as the
// replay JSON writes the result.
func (r Result) Code() string {
	switch {
	case !r.Over() || r.Reason == Aborted:
		return ""
	case r.Winner == NoColor:
		return "draw"
	}
	return r.Winner.String()
}

// String describes the result in words, e.g. "Red wins by connection".
func (r Result) String() string {
	switch {
	case !r.Over():
		return "in progress"
	case r.Reason == Aborted:
		return "aborted"
	case r.Winner == NoColor:
		switch r.Reason {
		case Agreement:
			return "drawn by agreement"
		case NoPath:
			return "drawn: neither side can still connect"
		case BoardFull:
			return "drawn: the board is full"
		}
		return "drawn by " + r.Reason.String()
	}
	switch r.Reason {
	case Timeout:
		return r.Winner.Title() + " wins on time"
	case Resignation:
		return r.Winner.Title() + " wins by resignation"
	case Adjudication:
		return r.Winner.Title() + " wins by adjudication"
	}
	return r.Winner.Title() + " wins by " + r.Reason.String()
}
