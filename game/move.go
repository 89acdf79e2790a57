package game

import (
	"strconv"
	"strings"
)

// MoveKind is what a turn or an entry of the move log does.
type MoveKind uint8

const (
	// Place puts a peg, after removing the listed links, and then makes
	// either every legal link to it or exactly the listed ones.
	Place MoveKind = iota
	// Swap is the pie rule: Black takes over Red's first peg.
	Swap
	// Privilege is claimed in Double TwixT right after one's own move.
	Privilege
	// Resign gives up the game for the resigning side (the whole team).
	Resign
	// Draw ends the game drawn by agreement.
	Draw
	// Conclude records a result decided outside the board: a loss on time,
	// an adjudication, or an abort.
	Conclude
	// Choose is the colour choice of the cut-the-pie opening (Color): a
	// turn, like a swap.
	Choose
)

var kindNames = [...]string{"place", "swap", "privilege", "resign", "draw", "conclude", "choose"}

func (k MoveKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Move is one entry of a game's log: a turn (a placement or a swap) or one
// of the other things that happen in a game. It is what the player wrote,
// read and checked for syntax, not yet for legality.
type Move struct {
	Kind MoveKind
	// Place: the hole to peg, the chains of links to remove first, and the
	// chains of links to make. A chain a/b/c names the links a-b and b-c.
	Hole Hole
	// Removes are own pegs taken off the board, with their links, before
	// anything else (the 3M rules only): "j12--c4,d6".
	Removes []Hole
	Unlinks [][]Hole
	Links   [][]Hole
	// Explicit is true when the move had a '+': exactly Links are made
	// (none for a bare '+'). Otherwise Links (links between pegs already
	// on the board, as Hensel's notation adds them) are made, and then
	// every legal link to the new peg.
	Explicit bool
	// Number is the turn number written after '#', or 0 for none.
	Number int
	// Color is who resigns (NoColor: the side to move), or with Conclude
	// the winner.
	Color Color
	// Reason is the reason of a Conclude: Timeout, Adjudication or Aborted.
	Reason Reason

	// hensel marks a move read in Hensel's notation (hensel.go): its
	// removals name a link by its midpoint, which the game resolves to
	// the player's link there when the move is played.
	hensel bool
}

// IsTurn reports whether the move is a turn: a placement or a swap. Turns
// are what move numbers count.
func (m Move) IsTurn() bool { return m.Kind == Place || m.Kind == Swap || m.Kind == Choose }

// UnlinkList returns the links to remove, in order.
func (m Move) UnlinkList() []Link { return chainLinks(m.Unlinks) }

// LinkList returns the links to make, in order.
func (m Move) LinkList() []Link { return chainLinks(m.Links) }

func chainLinks(chains [][]Hole) []Link {
	var out []Link
	for _, ch := range chains {
		for i := 1; i < len(ch); i++ {
			out = append(out, NewLink(ch[i-1], ch[i]))
		}
	}
	return out
}

// String writes the move in the syntax ParseMove and the moves record
// format read: "j12", "j12-i12/k11+h11/j12", "j12+", "swap", "resign",
// "resign:black", "draw", "privilege", "timeout:red" (red wins on time),
// "adjudicate:black", "adjudicate:draw", "abort".
func (m Move) String() string {
	var sb strings.Builder
	switch m.Kind {
	case Place:
		if m.hensel || !m.Explicit && len(m.Links) > 0 {
			// pbmserv's syntax cannot say "these links, then every
			// link to the new peg": Hensel's notation can.
			sb.WriteString(m.henselString())
			break
		}
		sb.WriteString(m.Hole.String())
		writeRemoves(&sb, m.Removes)
		if len(m.Unlinks) > 0 {
			sb.WriteByte('-')
			writeChains(&sb, m.Unlinks)
		}
		if m.Explicit {
			sb.WriteByte('+')
			writeChains(&sb, m.Links)
		}
	case Swap:
		sb.WriteString("swap")
	case Choose:
		sb.WriteString("choose:" + m.Color.String())
	case Privilege:
		return "privilege"
	case Resign:
		if m.Color == NoColor {
			return "resign"
		}
		return "resign:" + m.Color.String()
	case Draw:
		return "draw"
	case Conclude:
		switch m.Reason {
		case Aborted:
			return "abort"
		case Timeout:
			return "timeout:" + m.Color.String()
		}
		if m.Color == NoColor {
			return "adjudicate:draw"
		}
		return "adjudicate:" + m.Color.String()
	}
	if m.Number > 0 {
		sb.WriteByte('#')
		sb.WriteString(strconv.Itoa(m.Number))
	}
	return sb.String()
}

// writeRemoves writes the 3M rules' "--" list of pegs to remove, if any.
func writeRemoves(sb *strings.Builder, holes []Hole) {
	if len(holes) == 0 {
		return
	}
	sb.WriteString("--")
	for i, h := range holes {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(h.String())
	}
}

func writeChains(sb *strings.Builder, chains [][]Hole) {
	for i, ch := range chains {
		if i > 0 {
			sb.WriteByte(',')
		}
		for j, h := range ch {
			if j > 0 {
				sb.WriteByte('/')
			}
			sb.WriteString(h.String())
		}
	}
}

// ParseMove reads a move in pbmserv's syntax (seed 000), case-insensitive
// and without spaces:
//
//	COORD [ "--" COORD { "," COORD } ] [ "-" CHAIN { "," CHAIN } ] [ "+" [ CHAIN { "," CHAIN } ] ] [ "#" N ]
//	CHAIN = COORD "/" COORD { "/" COORD }
//
// The "--" list is the 3M rules' extension: own pegs removed, with their
// links, before anything else ("j12--c4,d6-i12/k11+..."). pbmserv's
// syntax never has two dashes in a row (a '-' is always followed by a
// hole), so every pbmserv move reads as before. The removals happen first,
// then the unlinks, then the placement. Without '+' every legal
// link to the new peg is made; with '+' exactly the listed links, and a bare
// '+' makes none. "#N" says that this is turn N. The word "swap" (also with
// "#N") is the pie rule, and "choose:red" or "choose:black" the colour
// choice of the cut-the-pie opening.
func ParseMove(s string) (Move, error) {
	in := s
	if len(s) > 2000 {
		return Move{}, &SyntaxError{Input: s[:40] + "...", Pos: 40, Want: "a move of reasonable length"}
	}
	var m Move
	body, num, hasNum := strings.Cut(s, "#")
	if hasNum {
		n, err := strconv.Atoi(num)
		if err != nil || n <= 0 || len(num) > 7 || num[0] == '+' {
			return Move{}, &SyntaxError{Input: in, Pos: len(body) + 1, Want: "a move number after '#', such as #15"}
		}
		m.Number = n
	}
	if strings.EqualFold(body, "swap") {
		m.Kind = Swap
		return m, nil
	}
	if body != "" && isHenselStart(body[0]) {
		return parseHensel(in, body, m)
	}
	if w, arg, ok := strings.Cut(body, ":"); ok && strings.EqualFold(w, "choose") {
		switch strings.ToLower(arg) {
		case "red", "black":
			m.Kind = Choose
			m.Color, _ = ParseColor(arg)
			return m, nil
		}
		return Move{}, &SyntaxError{Input: in, Pos: len(w) + 1, Want: "red or black, as in choose:red"}
	}
	h, i, ok := scanHole(body, 0)
	if !ok {
		return Move{}, &SyntaxError{Input: in, Pos: 0, Want: "a hole such as j12 (column letters, then the row number), or swap"}
	}
	m.Kind, m.Hole = Place, h
	var err error
	if strings.HasPrefix(body[i:], "--") {
		m.Removes, i, err = scanHoleList(in, body, i+2)
		if err != nil {
			return Move{}, err
		}
	}
	if i < len(body) && body[i] == '-' {
		m.Unlinks, i, err = scanChains(in, body, i+1, false)
		if err != nil {
			return Move{}, err
		}
	}
	if i < len(body) && body[i] == '+' {
		m.Explicit = true
		m.Links, i, err = scanChains(in, body, i+1, true)
		if err != nil {
			return Move{}, err
		}
	}
	if i != len(body) {
		want := "'-' and an unlink list, '+' and a link list, or '#' and a move number"
		if m.Explicit {
			want = "',' and another chain, or '#' and a move number"
		} else if len(m.Unlinks) > 0 {
			want = "',' and another chain, '+' and a link list, or '#' and a move number"
		} else if len(m.Removes) > 0 {
			want = "',' and another hole to free, '-' and an unlink list, '+' and a link list, or '#' and a move number"
		}
		return Move{}, &SyntaxError{Input: in, Pos: i, Want: want}
	}
	return m, nil
}

// scanHoleList reads COORD{,COORD} at body[i:]: the pegs a 3M move
// removes.
func scanHoleList(in, body string, i int) ([]Hole, int, error) {
	var out []Hole
	for {
		h, j, ok := scanHole(body, i)
		if !ok {
			return nil, i, &SyntaxError{Input: in, Pos: i, Want: "a hole to free after '--', such as c4 (3M: own pegs to remove, separated by ',', like j12--c4,d6)"}
		}
		out = append(out, h)
		i = j
		if i < len(body) && body[i] == ',' {
			i++
			continue
		}
		return out, i, nil
	}
}

// scanChains reads CHAIN{,CHAIN} at body[i:]. An empty list is allowed only
// where emptyOK (after '+').
func scanChains(in, body string, i int, emptyOK bool) ([][]Hole, int, error) {
	if emptyOK && i == len(body) {
		return nil, i, nil
	}
	var chains [][]Hole
	for {
		var ch []Hole
		for {
			h, j, ok := scanHole(body, i)
			if !ok {
				return nil, i, &SyntaxError{Input: in, Pos: i, Want: "a hole in the chain, such as k11 (a chain is holes joined by '/', like i12/k11/m12)"}
			}
			ch = append(ch, h)
			i = j
			if i < len(body) && body[i] == '/' {
				i++
				continue
			}
			break
		}
		if len(ch) < 2 {
			return nil, i, &SyntaxError{Input: in, Pos: i, Want: "'/' and a second hole: a chain names at least one link, like i12/k11"}
		}
		chains = append(chains, ch)
		if i < len(body) && body[i] == ',' {
			i++
			continue
		}
		return chains, i, nil
	}
}
