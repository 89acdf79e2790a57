package game

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// SGF's syntax (FF[4]): a collection of game trees; a tree is '(', a
// sequence of nodes, then its variations, then ')'; a node is ';' and
// properties; a property is an identifier of letters and one or more
// values in brackets, where '\' escapes the next character and '\' before
// a line break removes it. A record is the main line of the first game:
// its first variation at every branch. Both GM[21] and Little Golem's
// .tsgf are read through it.

type sgfValue struct {
	text      string
	line, col int
}

type sgfProp struct {
	id        string
	vals      []sgfValue
	line, col int
}

type sgfNode struct {
	props     []sgfProp
	line, col int
	more      bool // the main line goes on past this node, unread (maxSGFNodes)
}

// maxSGFNodes bounds the nodes of the main line that are kept: room for
// the longest game with a node of comments for every move. The rest of a
// longer file is only checked for syntax, so memory stays proportional
// to a real game.
var maxSGFNodes = 2 * (Size{MaxSize, MaxSize}.Holes() + maxOtherEntries)

// maxSGFDepth bounds the nesting of variations.
const maxSGFDepth = 1000

type sgfParser struct {
	cursor
	format Format
	kept   int  // main-line nodes kept
	full   bool // maxSGFNodes reached
}

// parseSGFMainLine reads an SGF collection and returns the nodes of the
// main line of its first game.
func parseSGFMainLine(data []byte, f Format) ([]sgfNode, error) {
	p := &sgfParser{cursor: newCursor(data), format: f}
	if bytes.HasPrefix(p.data, []byte{0xEF, 0xBB, 0xBF}) {
		p.pos = 3
	}
	p.skipSpace()
	if p.pos >= len(p.data) {
		return nil, p.errorf("", "the file is empty: expected an SGF game, '(;' and its properties")
	}
	nodes, err := p.gameTree(0, true)
	if err != nil || p.full {
		return nodes, err // (past maxSGFNodes the rest is not read)
	}
	for {
		p.skipSpace()
		if p.pos >= len(p.data) {
			return nodes, nil
		}
		if p.data[p.pos] != '(' {
			return nil, p.errorf(p.peekText(), "expected '(' and another game, or the end of the file")
		}
		if _, err := p.gameTree(0, false); err != nil {
			return nil, err
		}
	}
}

func (p *sgfParser) errorf(tok, format string, args ...any) error {
	return &ParseError{Format: p.format, Line: p.line, Col: p.col, Token: tok, Msg: fmt.Sprintf(format, args...)}
}

// peekText returns a little of the text at the current position, for
// error messages.
func (p *sgfParser) peekText() string {
	end := min(p.pos+12, len(p.data))
	if i := bytes.IndexAny(p.data[p.pos:end], "\r\n"); i >= 0 {
		end = p.pos + i
	}
	return string(p.data[p.pos:end])
}

func (p *sgfParser) skipSpace() { p.skipWhile(isSpace) }

// gameTree reads '(' nodes variations ')'. With keep it returns the main
// line; otherwise it only checks the syntax.
func (p *sgfParser) gameTree(depth int, keep bool) ([]sgfNode, error) {
	if depth > maxSGFDepth {
		return nil, p.errorf("", "variations nested more than %d deep", maxSGFDepth)
	}
	if p.peek() != '(' {
		return nil, p.errorf(p.peekText(), "expected '(' to open a game tree")
	}
	p.advance()
	p.skipSpace()
	if p.peek() != ';' {
		return nil, p.errorf(p.peekText(), "expected ';' and the first node of the game tree")
	}
	var nodes []sgfNode
	for p.skipSpace(); p.peek() == ';' && !p.full; p.skipSpace() {
		n, err := p.node()
		if err != nil {
			return nil, err
		}
		if keep && len(n.props) > 0 && !p.full {
			// (Empty nodes say nothing, and are not kept.)
			p.kept++
			n.more = p.kept > maxSGFNodes
			p.full = n.more
			nodes = append(nodes, n)
		}
	}
	if p.full {
		return nodes, nil
	}
	first := true
	for p.peek() == '(' {
		sub, err := p.gameTree(depth+1, keep && first)
		if err != nil {
			return nil, err
		}
		nodes = append(nodes, sub...)
		first = false
		p.skipSpace()
	}
	if p.pos >= len(p.data) {
		return nil, p.errorf("", "the file ends inside a game tree: expected ')'")
	}
	if p.peek() != ')' {
		return nil, p.errorf(p.peekText(), "expected ';' and a node, '(' and a variation, or ')' to close the game tree")
	}
	p.advance()
	return nodes, nil
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// node reads ';' and the node's properties.
func (p *sgfParser) node() (sgfNode, error) {
	n := sgfNode{line: p.line, col: p.col}
	p.advance() // ';'
	for p.skipSpace(); isLetter(p.peek()); p.skipSpace() {
		pr := sgfProp{line: p.line, col: p.col}
		start := p.pos
		for isLetter(p.peek()) {
			p.advance()
		}
		pr.id = string(p.data[start:p.pos])
		p.skipSpace()
		if p.peek() != '[' {
			return n, p.errorf(p.peekText(), "expected '[' and a value for property %s", clip(pr.id))
		}
		for p.peek() == '[' {
			v, err := p.value()
			if err != nil {
				return n, err
			}
			pr.vals = append(pr.vals, v)
			p.skipSpace()
		}
		n.props = append(n.props, pr)
	}
	return n, nil
}

// value reads '[' text ']' with SGF's escapes.
func (p *sgfParser) value() (sgfValue, error) {
	p.advance() // '['
	v := sgfValue{line: p.line, col: p.col}
	// The common value has no escapes: take it as it stands.
	if end := bytes.IndexByte(p.data[p.pos:], ']'); end >= 0 && bytes.IndexByte(p.data[p.pos:p.pos+end], '\\') < 0 {
		v.text = string(p.data[p.pos : p.pos+end])
		for range end + 1 {
			p.advance()
		}
		return v, nil
	}
	var sb strings.Builder
	for {
		if p.pos >= len(p.data) {
			return v, &ParseError{Format: p.format, Line: v.line, Col: v.col, Msg: "the value that starts here never closes: expected ']'"}
		}
		c := p.data[p.pos]
		p.advance()
		switch c {
		case ']':
			v.text = sb.String()
			return v, nil
		case '\\':
			if p.pos >= len(p.data) {
				continue
			}
			e := p.data[p.pos]
			p.advance()
			switch e {
			case '\n': // a soft line break
				if p.peek() == '\r' {
					p.advance()
				}
			case '\r':
				if p.peek() == '\n' {
					p.advance()
				}
			default:
				sb.WriteByte(e)
			}
		default:
			sb.WriteByte(c)
		}
	}
}

func (pr *sgfProp) value() sgfValue {
	if len(pr.vals) == 0 {
		return sgfValue{line: pr.line, col: pr.col}
	}
	return pr.vals[0]
}

// sgfError is an error about a property value.
func sgfError(f Format, v sgfValue, want string, err error) error {
	return &ParseError{Format: f, Line: v.line, Col: v.col, Token: v.text, Msg: want, Err: err}
}

// parseSGFSize reads SZ: "24", or "30:24" for 30 columns and 24 rows.
func parseSGFSize(f Format, v sgfValue) (Size, error) {
	t := strings.TrimSpace(v.text)
	c, r, pair := strings.Cut(t, ":")
	if !pair {
		r = c
	}
	cols, err1 := strconv.Atoi(strings.TrimSpace(c))
	rows, err2 := strconv.Atoi(strings.TrimSpace(r))
	if err1 != nil || err2 != nil {
		return Size{}, sgfError(f, v, "the board size SZ: expected a number such as 24, or columns:rows such as 30:24", nil)
	}
	sz := Size{cols, rows}
	if !sz.Valid() {
		return Size{}, sgfError(f, v, "the board size SZ", &SizeError{Size: sz})
	}
	return sz, nil
}

// The private properties of twixtbot's SGF: what GM[21] has no property
// for. (FF[4] lets applications add their own properties; other programs
// keep or ignore them.)
const (
	sgfSeat3    = "XPW" // the name of seat 3 (Red 2) in Double TwixT
	sgfSeat4    = "XPB" // the name of seat 4 (Black 2)
	sgfConclude = "XRE" // a node's result decided outside the board: timeout:red, adjudicate:draw, abort
)

// sgfSettings are the properties of the settings in the order they are
// written: SZ (with HA) and RU of the specification, then the private
// XPLAYERS (2 or 4), XSWAP (sides, mirror or off), XEXTRA (Kosmos extra
// moves, 0-3) and XAUTODRAW (on, or off to play on after a dead draw),
// whose values are those of the moves header.
var sgfSettings = []struct {
	prop  string
	field Fields
}{
	{"XPLAYERS", FieldPlayers}, {"XSWAP", FieldSwap}, {"XEXTRA", FieldExtraMoves}, {"XAUTODRAW", FieldAutoDraw}, {"XOPENING", FieldOpening},
}

// ParseSGF reads a TwixT record in SGF, GM[21], after the red-bean.com
// specification (2021): W is the first player (our Red, top and bottom), B
// the second; SZ[n] or SZ[columns:rows] is the board played on; HA[n]
// takes n columns (n > 0) or -n rows (n < 0) off a board that SZ then
// shows without them (pbmserv's handicap); RU is STD, PP or 3M. A move is a
// hole ("j12", "aa17"), a long move in Alan Hensel's notation as the
// specification writes it ("-c'5\d4'j12": links removed and added by
// their midpoints, then the peg with every link; see hensel.go) or in the
// bot's move syntax, as older exports wrote it ("j12-i12/k11+h11/j12"),
// "swap",
// "resign", "forfeit" (a loss on time), "draw" or "accept-draw" (an agreed
// draw; "propose-draw" is only an offer and is skipped), or "privilege"
// (Double TwixT). MN gives a move its number. RE is used only when the
// moves leave the game going (as a resignation, a loss on time, an
// adjudication, a draw or an abort). twixtbot adds the private properties
// XPLAYERS, XSWAP, XEXTRA, XAUTODRAW (sgfSettings), XPW, XPB and XRE (the
// constants above). Without XSWAP, a swap's style is read from the colour of the
// move after it: B (the first player, now Black) for sides, W for mirror.
// PW and PB name the players by the colour they play from the swap on: after
// a sides swap PW is seat 2, who swapped (see Record.SidesSwapped).
// Setup properties (AB, AW, AE) are not supported.
func ParseSGF(data []byte) (*Record, error) {
	const f = FormatSGF
	nodes, err := parseSGFMainLine(data, f)
	if err != nil {
		return nil, err
	}
	rec := &Record{Format: f}
	var board Size
	hasSZ, hasHA := false, false
nodes:
	for ni, n := range nodes {
		if n.more {
			rec.stopLong(n)
			break
		}
		var (
			move   Move
			have   bool
			src    Source
			number int
		)
		for _, pr := range n.props {
			v := pr.value()
			if len(pr.vals) > 1 && (pr.id == "W" || pr.id == "B" || pr.id == "MN" || pr.id == sgfConclude) {
				return nil, sgfError(f, pr.vals[1], fmt.Sprintf("property %s takes one value", pr.id), nil)
			}
			if ni == 0 {
				done, err := rec.sgfRootProp(pr, v, &board, &hasSZ, &hasHA)
				if err != nil {
					return nil, err
				}
				if done {
					continue
				}
			}
			switch pr.id {
			case "W", "B":
				if have {
					return nil, &ParseError{Format: f, Line: pr.line, Col: pr.col, Msg: "a node holds one move: expected ';' before another W or B"}
				}
				side := Red
				if pr.id == "B" {
					side = Black
				}
				m, skip, err := parseSGFMove(v.text, side)
				if err != nil {
					msg := ""
					if isLGHole([]byte(v.text)) {
						msg = "two letters are a hole in Little Golem's dialect (read the file as lg)"
					}
					if err := rec.stopAt(sgfMoveError(f, pr.id, v, msg, err)); err != nil {
						return nil, err
					}
					break nodes
				}
				if skip {
					continue
				}
				move, have = m, true
				src = Source{Token: strings.TrimSpace(v.text), Line: v.line, Col: v.col}
				if m.IsTurn() {
					src.Side = side
				}
			case sgfConclude:
				if have {
					return nil, &ParseError{Format: f, Line: pr.line, Col: pr.col, Msg: "a node holds one move: expected ';' before " + sgfConclude}
				}
				m, err := parseRecordToken(strings.TrimSpace(v.text))
				if err == nil && m.Kind != Conclude {
					err = fmt.Errorf("%w: %s holds a result decided outside the board", ErrSyntax, sgfConclude)
				}
				if err != nil {
					return nil, sgfError(f, v, "expected timeout:red, timeout:black, adjudicate:red, adjudicate:black, adjudicate:draw or abort", err)
				}
				move, have = m, true
				src = Source{Token: strings.TrimSpace(v.text), Line: v.line, Col: v.col}
			case "MN":
				k, err := strconv.Atoi(strings.TrimSpace(v.text))
				if err != nil || k <= 0 {
					return nil, sgfError(f, v, "the move number MN: expected a number from 1", nil)
				}
				number = k
			case "AB", "AW", "AE":
				return nil, &ParseError{Format: f, Line: pr.line, Col: pr.col, Token: pr.id, Msg: "setup properties (AB, AW, AE) are not supported: a TwixT record must reach its position by moves"}
			default:
				if strings.ToUpper(pr.id) != pr.id && strings.ToLower(pr.id) == pr.id {
					return nil, &ParseError{Format: f, Line: pr.line, Col: pr.col, Token: pr.id, Msg: "GM[21] properties are upper case; moves written b[..] and r[..] are Little Golem's dialect (read the file as lg)"}
				}
			}
		}
		if have {
			if number > 0 && move.IsTurn() {
				move.Number = number
			}
			if !rec.add(move, src) {
				break
			}
		}
	}
	if hasSZ || hasHA {
		if !hasSZ {
			board = Size{DefaultSize, DefaultSize}
		}
		rec.Settings.Size = board
		if h := rec.Settings.Handicap; h > 0 {
			rec.Settings.Size.Cols += h
		} else {
			rec.Settings.Size.Rows -= h
		}
		rec.Stated |= FieldSize | FieldHandicap
	}
	rec.inferSwap()
	// PW and PB name the players by the colour they play from the swap
	// on (SidesSwapped); Names are by seat.
	if rec.SidesSwapped() && len(rec.Names) > 0 {
		rec.Names = rec.colourNames(rec.Names)
	}
	return rec, nil
}

// inferSwap reads the swap style from the colours of the moves when the
// header does not state it: after a swap, the first player moves next, as
// Black after a sides swap (B) and still as Red after a mirror swap (W).
func (rec *Record) inferSwap() {
	if rec.Stated.Has(FieldSwap) {
		return
	}
	for i, m := range rec.Moves {
		if m.Kind != Swap {
			continue
		}
		for _, src := range rec.Source[i+1:] {
			switch src.Side {
			case Black:
				rec.Settings.Swap = SwapSides
			case Red:
				rec.Settings.Swap = SwapMirror
			default:
				continue
			}
			rec.Stated |= FieldSwap
			return
		}
		return
	}
}

// sgfRootProp reads a property of the root node. It reports whether the
// property was one of the root's.
func (rec *Record) sgfRootProp(pr sgfProp, v sgfValue, board *Size, hasSZ, hasHA *bool) (bool, error) {
	const f = FormatSGF
	s := &rec.Settings
	switch pr.id {
	case "GM":
		if strings.TrimSpace(v.text) != "21" {
			return true, sgfError(f, v, sgfOtherGame(v.text), nil)
		}
	case "SZ":
		sz, err := parseSGFSize(f, v)
		if err != nil {
			return true, err
		}
		*board, *hasSZ = sz, true
	case "HA":
		if !rec.stateSetting(FieldHandicap, v.text) {
			return true, sgfError(f, v, "the handicap HA: expected "+settingFieldOf(FieldHandicap).want, nil)
		}
		*hasHA = true
	case "RU":
		switch strings.ToUpper(strings.TrimSpace(v.text)) {
		case "STD", "STANDARD":
			s.Ruleset = Standard
		case "PP", "TWIXTPP":
			s.Ruleset = PP
		case "3M":
			s.Ruleset = ThreeM
		default:
			return true, sgfError(f, v, "the ruleset RU: expected STD, PP or 3M", nil)
		}
		rec.Stated |= FieldRuleset
	case "PW":
		rec.setName(1, v.text)
	case "PB":
		rec.setName(2, v.text)
	case sgfSeat3:
		rec.setName(3, v.text)
	case sgfSeat4:
		rec.setName(4, v.text)
	case "RE":
		rec.Result = parseSGFResult(v.text)
	default:
		for _, p := range sgfSettings {
			if pr.id == p.prop {
				if !rec.stateSetting(p.field, v.text) {
					return true, sgfError(f, v, p.prop+": expected "+settingFieldOf(p.field).want, nil)
				}
				return true, nil
			}
		}
		return false, nil
	}
	return true, nil
}

// parseSGFMove reads the value of a W or B move. skip is true for a value
// that is no move of the game (a draw offer).
func parseSGFMove(v string, side Color) (m Move, skip bool, err error) {
	t := strings.TrimSpace(v)
	switch strings.ToLower(t) {
	case "":
		return Move{}, false, fmt.Errorf("%w: an empty move is a pass, and TwixT has none", ErrSyntax)
	case "resign":
		return Move{Kind: Resign, Color: side}, false, nil
	case "forfeit":
		return Move{Kind: Conclude, Color: side.Opponent(), Reason: Timeout}, false, nil
	case "draw", "accept-draw":
		return Move{Kind: Draw}, false, nil
	case "propose-draw", "offer-draw":
		return Move{}, true, nil
	case "privilege":
		return Move{Kind: Privilege}, false, nil
	}
	m, err = ParseMove(t)
	var se *SyntaxError
	if errors.As(err, &se) && se.Pos == 0 {
		se.Want = "a hole such as j12, a long move such as -c'5\\d4'j12 or j12-i12/k11+h11/j12, or swap, resign, forfeit, draw, privilege"
	}
	return m, false, err
}

// parseSGFResult reads RE: "W+R" (White, our Red, wins by resignation),
// "B+T" or "B+F" (on time, by forfeit), "W+" (other wins, taken as decided
// outside the board when the moves do not show them), "0" or "Draw",
// "Void". Anything else ("?", a score) says nothing.
func parseSGFResult(v string) Result {
	t := strings.ToLower(strings.TrimSpace(v))
	switch t {
	case "0", "draw", "d", "jigo":
		return Result{Reason: Agreement}
	case "void":
		return Result{Reason: Aborted}
	}
	if len(t) < 2 || t[1] != '+' || t[0] != 'w' && t[0] != 'b' {
		return Result{}
	}
	winner := Red
	if t[0] == 'b' {
		winner = Black
	}
	switch t[2:] {
	case "r", "resign":
		return Result{Winner: winner, Reason: Resignation}
	case "t", "time", "f", "forfeit":
		return Result{Winner: winner, Reason: Timeout}
	}
	return Result{Winner: winner, Reason: Adjudication}
}

// sgfResult writes a result as RE's value; "" for a game still going.
func sgfResult(res Result) string {
	if !res.Over() {
		return ""
	}
	if res.Reason == Aborted {
		return "Void"
	}
	if res.Winner == NoColor {
		return "0"
	}
	s := sgfColor(res.Winner) + "+"
	switch res.Reason {
	case Resignation:
		s += "R"
	case Timeout:
		s += "T"
	}
	return s
}

// sgfColor is the SGF colour of a side: W for Red, who moves first and
// joins top and bottom, B for Black.
func sgfColor(c Color) string {
	if c == Black {
		return "B"
	}
	return "W"
}

func sgfEscape(s string) string {
	if !strings.ContainsAny(s, `]\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == ']' || s[i] == '\\' {
			sb.WriteByte('\\')
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// MarshalSGF writes the record as SGF, GM[21], in the dialect ParseSGF
// reads: the settings the record states (SZ, HA and RU, and the private
// XPLAYERS, XSWAP, XEXTRA and XAUTODRAW), the names (PW the Red player and
// PB the Black one, from the swap on: seats 1 and 2, or 2 and 1 after a
// sides swap; XPW and XPB seats 3 and 4), RE, then one node a move, long
// moves in Hensel's notation where it can say them (Move.SGFText); the
// swap is written B[swap], the turn Black takes to swap. It replays the
// record to know who made each move, so a record the rules refuse returns
// the *ReplayError of Replay.
func (r *Record) MarshalSGF() ([]byte, error) {
	s := r.Effective(Settings{}).normalized()
	g, err := New(s)
	if err != nil {
		return nil, err
	}
	var body strings.Builder
	node := func(prop, val string, number int) {
		fmt.Fprintf(&body, "\n;%s[%s]", prop, sgfEscape(val))
		if number > 0 {
			fmt.Fprintf(&body, "MN[%d]", number)
		}
	}
	play := func(i int, m Move) error {
		_, toMove := g.ToMove()
		switch m.Kind {
		case Place, Swap, Choose:
			node(sgfColor(toMove), m.SGFText(), m.Number)
		case Resign:
			c := m.Color
			if c == NoColor {
				c = toMove
			}
			node(sgfColor(c), "resign", 0)
		case Draw:
			node(sgfColor(toMove), "draw", 0)
		case Privilege:
			c := toMove
			if o, ok := g.Last(); ok {
				c = o.Color
			}
			node(sgfColor(c), "privilege", 0)
		case Conclude:
			if m.Reason == Timeout && (m.Color == Red || m.Color == Black) {
				node(sgfColor(m.Color.Opponent()), "forfeit", 0)
			} else {
				node(sgfConclude, m.String(), 0)
			}
		}
		if _, err := g.PlayMove(m); err != nil {
			return &ReplayError{Index: i, Move: m, Err: err}
		}
		return nil
	}
	for i, m := range r.Moves {
		if err := play(i, m); err != nil {
			return nil, err
		}
	}
	if r.Result.Over() && !g.Over() {
		if err := play(len(r.Moves), resultMove(r.Result)); err != nil {
			return nil, err
		}
	}

	var sb strings.Builder
	sb.WriteString("(;FF[4]GM[21]CA[UTF-8]AP[twixtbot]")
	st := r.Stated
	if st.Has(FieldSize) || st.Has(FieldHandicap) {
		if b := s.BoardSize(); b.Cols == b.Rows {
			fmt.Fprintf(&sb, "SZ[%d]", b.Cols)
		} else {
			fmt.Fprintf(&sb, "SZ[%d:%d]", b.Cols, b.Rows)
		}
		fmt.Fprintf(&sb, "HA[%d]", s.Handicap)
	}
	if st.Has(FieldRuleset) {
		rs := "STD"
		switch s.Ruleset {
		case PP:
			rs = "PP"
		case ThreeM:
			rs = "3M"
		}
		fmt.Fprintf(&sb, "RU[%s]", rs)
	}
	for _, p := range sgfSettings {
		if sf := settingFieldOf(p.field); st.Has(p.field) && !sf.omitted(s) {
			fmt.Fprintf(&sb, "%s[%s]", p.prop, settingFieldOf(p.field).format(s))
		}
	}
	// PW and PB name the players by the colour they play from the swap
	// on, the colour RE refers to (SidesSwapped).
	byColour := r.colourNames(r.Names)
	for i, prop := range []string{"PW", "PB", sgfSeat3, sgfSeat4} {
		if i < len(byColour) && oneLine(byColour[i]) != "" {
			name := oneLine(byColour[i])
			fmt.Fprintf(&sb, "%s[%s]", prop, sgfEscape(name))
		}
	}
	if re := sgfResult(g.Result()); re != "" {
		fmt.Fprintf(&sb, "RE[%s]", re)
	}
	sb.WriteString(body.String())
	sb.WriteString(")\n")
	return []byte(sb.String()), nil
}

// ParseLG reads a Little Golem record (.tsgf): SGF syntax, the first
// player's moves b[..] and the second's r[..], each a column letter and a
// row letter ("cu" is column C, row 21; a-z count 1-26 and A-Z 27-52), or
// "swap", "resign" (that player resigns), "draw" (agreed), or a hole
// followed by "|draw" (a move with a draw offer, which is not yet a draw).
// PB names the first player, PW the second, SZ the board. Little Golem
// plays TwixT PP with the mirror swap, two players, no handicap; the
// record states all that.
func ParseLG(data []byte) (*Record, error) {
	const f = FormatLG
	nodes, err := parseSGFMainLine(data, f)
	if err != nil {
		return nil, err
	}
	rec := &Record{
		Format:   f,
		Settings: Settings{Ruleset: PP, Swap: SwapMirror, Players: 2},
		Stated:   FieldRuleset | FieldSwap | FieldPlayers | FieldHandicap | FieldExtraMoves | FieldOpening,
	}
nodes:
	for ni, n := range nodes {
		if n.more {
			rec.stopLong(n)
			break
		}
		for _, pr := range n.props {
			v := pr.value()
			if ni == 0 {
				switch pr.id {
				case "SZ":
					sz, err := parseSGFSize(f, v)
					if err != nil {
						return nil, err
					}
					rec.Settings.Size = sz
					rec.Stated |= FieldSize
					continue
				case "PB":
					rec.setName(1, v.text)
					continue
				case "PW":
					rec.setName(2, v.text)
					continue
				case "GM":
					if strings.TrimSpace(v.text) != "21" {
						return nil, sgfError(f, v, sgfOtherGame(v.text), nil)
					}
					continue
				}
			}
			var side Color
			switch pr.id {
			case "b", "B":
				side = Red
			case "r", "R", "W", "w":
				side = Black
			default:
				continue
			}
			if len(pr.vals) > 1 {
				return nil, sgfError(f, pr.vals[1], fmt.Sprintf("a move %s takes one value", pr.id), nil)
			}
			m, err := parseLGMove(v.text, side)
			if err != nil {
				if err := rec.stopAt(sgfMoveError(f, pr.id, v, "", err)); err != nil {
					return nil, err
				}
				break nodes
			}
			src := Source{Token: v.text, Line: v.line, Col: v.col}
			if m.IsTurn() {
				src.Side = side
			}
			if !rec.add(m, src) {
				break nodes
			}
		}
	}
	return rec, nil
}

// lgCoord reads one of Little Golem's coordinate letters: a-z are 0-25
// and A-Z 26-51.
func lgCoord(c byte) (int, bool) {
	switch {
	case c >= 'a' && c <= 'z':
		return int(c - 'a'), true
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 26, true
	}
	return 0, false
}

func parseLGMove(v string, side Color) (Move, error) {
	t := strings.TrimSpace(v)
	switch strings.ToLower(t) {
	case "swap":
		return Move{Kind: Swap}, nil
	case "resign":
		return Move{Kind: Resign, Color: side}, nil
	case "draw":
		return Move{Kind: Draw}, nil
	}
	if i := strings.IndexByte(t, '|'); i >= 0 {
		if !strings.EqualFold(t[i+1:], "draw") {
			return Move{}, &SyntaxError{Input: t, Pos: i + 1, Want: "draw after '|' (a move with a draw offer)"}
		}
		t = t[:i]
	}
	if len(t) != 2 {
		return Move{}, &SyntaxError{Input: t, Pos: min(len(t), 2), Want: "a hole as two letters, column then row (cu is column C, row 21), or swap, resign, draw"}
	}
	c, ok1 := lgCoord(t[0])
	r, ok2 := lgCoord(t[1])
	if !ok1 || !ok2 {
		pos := 0
		if ok1 {
			pos = 1
		}
		return Move{}, &SyntaxError{Input: t, Pos: pos, Want: "a coordinate letter, a-z for 1-26 or A-Z for 27-52"}
	}
	return Move{Kind: Place, Hole: Hole{Col: c, Row: r}}, nil
}

// looksLG reports whether an SGF text is Little Golem's dialect: a move
// written b[..] or r[..], a move B[..] or W[..] whose value is two letters
// (a hole in GM[21] always has a row number), or a source (SO, EV or PC) on
// Little Golem. It
// scans the text once, skipping the values' contents, without parsing it.
func looksLG(data []byte) bool {
	ident := 0 // where the last property identifier started
	identEnd := 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case isLetter(c):
			if i == 0 || !isLetter(data[i-1]) {
				ident = i
			}
			identEnd = i + 1
		case c == '[':
			id := string(data[ident:identEnd])
			if id == "b" || id == "r" {
				return true
			}
			start := i + 1
			for i++; i < len(data) && data[i] != ']'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
			v := data[start:min(i, len(data))]
			if (id == "SO" || id == "EV" || id == "PC") && bytes.Contains(bytes.ToLower(v), []byte("littlegolem")) {
				return true
			}
			if (id == "B" || id == "W") && isLGHole(v) {
				return true
			}
		}
	}
	return false
}

// isLGHole reports whether v is two letters, a hole as Little Golem writes
// it.
func isLGHole(v []byte) bool {
	return len(v) == 2 && isLetter(v[0]) && isLetter(v[1])
}
