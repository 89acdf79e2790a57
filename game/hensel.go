package game

import (
	"strconv"
	"strings"
)

// Alan Hensel's notation for long moves, which the SGF TwixT specification
// (red-bean.com, GM[21], revised December 2021) adopted, and his
// twixt-commentator writes. A long move lists the links it removes and the
// links it adds between pegs already on the board, then the hole pegged;
// every legal link to the new peg is then made, as in an ordinary move:
//
//	{ "-" MID | "\" MID | "/" MID } HOLE
//
// A link is named by its midpoint MID: the column letters and the row
// number, one of them followed by a prime ("'"), which means "half a step
// further". A link one column wide names its left column, primed, and its
// middle row: "c'5" joins C4 and D6, or D4 and C6. A link one row high
// names its middle column and its lower row, primed: "d4'" joins C4 and E5,
// or E4 and C5. An added link says which of the two with its sign: '\' when
// the end with the lower row number has the lower column (C4-D6), '/'
// otherwise (D4-C6). A removal ('-') does not: only one of the two crossing
// links can be the player's, and it is the one removed.
//
// Examples: "-c'5j12" removes the link at C'5 and pegs J12; "\d4'j12" adds
// C4-E5 and pegs J12; "j12" is an ordinary move.
//
// ParseMove reads this notation besides pbmserv's (a move that starts with
// '-', '\' or '/' is Hensel's), with the bot's extensions "#N" and, for the
// 3M rules, "--" and the pegs to remove after the hole. Move.String writes
// it for the moves pbmserv's syntax cannot express (links added, then
// every link to the new peg); the SGF export writes it whenever it can
// express the move.

// isHenselStart reports whether a move in the move syntax is written in
// Hensel's notation.
func isHenselStart(c byte) bool { return c == '-' || c == '\\' || c == '/' }

// parseHensel reads a move in Hensel's notation: body is the move without
// its "#N", in the input in.
func parseHensel(in, body string, m Move) (Move, error) {
	i := 0
	for i < len(body) && isHenselStart(body[i]) {
		sign := body[i]
		l, j, ok := scanMidpoint(body, i+1, sign)
		if !ok {
			return Move{}, &SyntaxError{Input: in, Pos: i + 1, Want: "a link's midpoint, such as c'5 (a link one column wide) or d4' (one row high)"}
		}
		if sign == '-' {
			m.Unlinks = append(m.Unlinks, []Hole{l.A, l.B})
		} else {
			m.Links = append(m.Links, []Hole{l.A, l.B})
		}
		i = j
	}
	h, j, ok := scanHole(body, i)
	if !ok {
		return Move{}, &SyntaxError{Input: in, Pos: i, Want: "another link ('-', '\\' or '/' and a midpoint such as c'5), or the hole to peg, such as j12"}
	}
	m.Kind, m.Hole, m.hensel = Place, h, true
	i = j
	var err error
	if strings.HasPrefix(body[i:], "--") {
		m.Removes, i, err = scanHoleList(in, body, i+2)
		if err != nil {
			return Move{}, err
		}
	}
	if i != len(body) {
		return Move{}, &SyntaxError{Input: in, Pos: i, Want: "the end of the move, or '#' and a move number (a move in Hensel's notation ends with its hole)"}
	}
	for _, l := range m.LinkList() {
		if l.Has(h) {
			return Move{}, &SyntaxError{Input: in, Pos: 0, Want: "links between pegs already on the board: in Hensel's notation every link to the new peg " + h.Upper() + " is made by itself"}
		}
	}
	return m, nil
}

// scanMidpoint reads a link's midpoint at s[i:] ("c'5" or "d4'"), for a
// link added with sign '\' or '/' (or removed, '-', which is read as '\').
func scanMidpoint(s string, i int, sign byte) (Link, int, bool) {
	start := i
	col := 0
	for i < len(s) && i-start < 3 && (s[i]|0x20) >= 'a' && (s[i]|0x20) <= 'z' {
		col = col*26 + int(s[i]|0x20-'a'+1)
		i++
	}
	if i == start {
		return Link{}, i, false
	}
	col--
	colPrime := i < len(s) && s[i] == '\''
	if colPrime {
		i++
	}
	digits, row := i, 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-digits < 3 {
		row = row*10 + int(s[i]-'0')
		i++
	}
	if i == digits || row == 0 {
		return Link{}, i, false
	}
	row--
	rowPrime := i < len(s) && s[i] == '\''
	if rowPrime {
		i++
	}
	var a, b Hole // a has the lower row
	switch {
	case colPrime && !rowPrime: // one column wide: columns col, col+1; rows row-1, row+1
		a, b = Hole{col, row - 1}, Hole{col + 1, row + 1}
	case rowPrime && !colPrime: // one row high: columns col-1, col+1; rows row, row+1
		a, b = Hole{col - 1, row}, Hole{col + 1, row + 1}
	default:
		return Link{}, i, false
	}
	if sign == '/' {
		a.Col, b.Col = b.Col, a.Col
	}
	if a.Col < 0 || a.Row < 0 || b.Col < 0 {
		return Link{}, i, false
	}
	return NewLink(a, b), i, true
}

// midpoint writes link l's midpoint, and the sign that adds it.
func midpoint(l Link) (string, byte) {
	a, b := l.A, l.B
	if b.Row < a.Row {
		a, b = b, a
	}
	sign := byte('/')
	if a.Col < b.Col {
		sign = '\\'
	}
	lo := min(a.Col, b.Col)
	if b.Col-a.Col == 1 || a.Col-b.Col == 1 {
		return ColumnName(lo) + "'" + strconv.Itoa(a.Row+2), sign
	}
	return ColumnName(lo+1) + strconv.Itoa(a.Row+1) + "'", sign
}

// twin returns the other link with the same midpoint as l: the one that
// crosses it there.
func (l Link) twin() Link {
	a, b := l.A, l.B
	return NewLink(Hole{b.Col, a.Row}, Hole{a.Col, b.Row})
}

// henselText writes m in Hensel's notation (without its "#N"), or reports
// that it cannot: a placement whose every link to the new peg is made, with
// its removals and its links between other pegs, and no pegs removed.
func (m Move) henselText() (string, bool) {
	if m.Kind != Place || m.Explicit || len(m.Removes) > 0 {
		return "", false
	}
	for _, l := range m.UnlinkList() {
		if !l.IsKnight() {
			return "", false
		}
	}
	for _, l := range m.LinkList() {
		if !l.IsKnight() || l.Has(m.Hole) {
			return "", false
		}
	}
	return m.henselString(), true
}

// SGFText is the move as the SGF export writes it: in Hensel's notation,
// the specification's, whenever it can express the move, and otherwise in
// the bot's move syntax (a link list that leaves out some links to the new
// peg, say, which Hensel's notation cannot say).
func (m Move) SGFText() string {
	if m.Kind == Place {
		if s, ok := m.henselText(); ok {
			return s
		}
	}
	m.Number = 0
	return m.String()
}

// resolveHensel returns m with each removal read from Hensel's notation
// made the one of the two links at its midpoint that colour c owns (only
// one can be: they cross). The result no longer depends on the position.
func (b *Board) resolveHensel(m Move, c Color) Move {
	if !m.hensel {
		return m
	}
	m = m.clone()
	for _, ch := range m.Unlinks {
		if len(ch) != 2 {
			continue
		}
		l := NewLink(ch[0], ch[1])
		if t := l.twin(); b.LinkOwner(l) != c && b.LinkOwner(t) == c {
			ch[0], ch[1] = t.A, t.B
		}
	}
	m.hensel = false
	return m
}

// autolinkRest makes every legal link to c's peg in hole h that is not
// there yet: the links to the new peg after a long move's added links.
func (b *Board) autolinkRest(h Hole, c Color) {
	for _, k := range knight {
		o := Hole{h.Col + k[0], h.Row + k[1]}
		if !b.g.onBoard(o) || b.pegs[b.g.index(o)] != c {
			continue
		}
		if id, err := b.checkLink(NewLink(h, o), c); err == nil {
			b.addLink(id, c)
		}
	}
}

// henselString writes a move that pbmserv's syntax cannot express in
// Hensel's notation, with the bot's "--" list of pegs to remove after the
// hole if it has one, and without its "#N" (which String adds). Links
// Hensel's midpoints cannot name are left out; no move read or played has
// them.
func (m Move) henselString() string {
	var sb strings.Builder
	for _, l := range m.UnlinkList() {
		if l.IsKnight() {
			mid, _ := midpoint(l)
			sb.WriteByte('-')
			sb.WriteString(mid)
		}
	}
	for _, l := range m.LinkList() {
		if l.IsKnight() {
			mid, sign := midpoint(l)
			sb.WriteByte(sign)
			sb.WriteString(mid)
		}
	}
	sb.WriteString(m.Hole.String())
	writeRemoves(&sb, m.Removes)
	return sb.String()
}
