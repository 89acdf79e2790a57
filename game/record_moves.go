package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The moves format (DESIGN.md, "twixt replay"): tokens separated by white
// space, newlines or ';'. A token that starts with '#' starts a comment
// that runs to the end of the line; inside a token, "#N" is a move number
// ("j12#15"). A token is a move in the move syntax (ParseMove), "swap",
// "resign" (the side to move resigns) or "resign:red"/"resign:black" (that
// side resigns), "draw" (agreed), "privilege", or one of the results
// decided outside the board that Move.String writes: "timeout:red" (Red
// wins on time), "adjudicate:black", "adjudicate:draw", "abort".
//
// Comments before the first move that read "# key: value" are the record's
// header: size (24 or 13x24, before any handicap), ruleset (standard or
// pp), players (2 or 4), swap (sides, mirror or off), handicap, extra-moves,
// auto-draw (on or off), and the players' names: red and black (two
// players, the sides they start with), red 1, black 1, red 2 and black 2
// (Double TwixT), or seat N. Other comments are just comments.

// ParseMovesRecord reads a record in the moves format.
func ParseMovesRecord(data []byte) (*Record, error) {
	rec := &Record{Format: FormatMoves}
	p := movesReader{data: data, line: 1, col: 1}
	index := 0
	for {
		p.skipSeparators()
		if p.pos >= len(p.data) {
			break
		}
		line, col := p.line, p.col
		if p.data[p.pos] == '#' {
			text := p.restOfLine()
			if len(rec.Moves) == 0 {
				if err := rec.headerLine(text, line); err != nil {
					return nil, err
				}
			}
			continue
		}
		tok := p.token()
		index++
		m, err := parseRecordToken(tok)
		if err != nil {
			return nil, &ParseError{Format: FormatMoves, Line: line, Col: col, Index: index, Err: err}
		}
		rec.Moves = append(rec.Moves, m)
		rec.Source = append(rec.Source, Source{Token: tok, Line: line, Col: col})
	}
	return rec, nil
}

// movesReader walks the bytes of a moves record, counting lines and
// columns (in bytes) for error messages.
type movesReader struct {
	data      []byte
	pos       int
	line, col int
}

func (p *movesReader) advance() {
	if p.data[p.pos] == '\n' {
		p.line++
		p.col = 1
	} else {
		p.col++
	}
	p.pos++
}

func (p *movesReader) skipSeparators() {
	for p.pos < len(p.data) && (isSpace(p.data[p.pos]) || p.data[p.pos] == ';') {
		p.advance()
	}
}

// restOfLine returns the text up to the end of the line (not including
// it) and moves past it.
func (p *movesReader) restOfLine() string {
	start := p.pos
	for p.pos < len(p.data) && p.data[p.pos] != '\n' {
		p.advance()
	}
	return string(p.data[start:p.pos])
}

func (p *movesReader) token() string {
	start := p.pos
	for p.pos < len(p.data) && !isSpace(p.data[p.pos]) && p.data[p.pos] != ';' {
		p.advance()
	}
	return string(p.data[start:p.pos])
}

// parseRecordToken reads one move of the moves format, the words of the
// format as well as the move syntax.
func parseRecordToken(tok string) (Move, error) {
	word, arg, hasArg := strings.Cut(strings.ToLower(tok), ":")
	color := func(allowDraw bool) (Color, error) {
		if allowDraw && arg == "draw" {
			return NoColor, nil
		}
		switch arg {
		case "red", "black":
			return ParseColor(arg)
		}
		want := "red or black"
		if allowDraw {
			want = "red, black or draw"
		}
		return NoColor, &SyntaxError{Input: tok, Pos: len(word) + 1, Want: want}
	}
	switch word {
	case "resign":
		if !hasArg {
			return Move{Kind: Resign}, nil
		}
		c, err := color(false)
		return Move{Kind: Resign, Color: c}, err
	case "timeout":
		if !hasArg {
			return Move{}, &SyntaxError{Input: tok, Pos: len(tok), Want: "':' and the winner, as in timeout:red"}
		}
		c, err := color(false)
		return Move{Kind: Conclude, Color: c, Reason: Timeout}, err
	case "adjudicate":
		if !hasArg {
			return Move{}, &SyntaxError{Input: tok, Pos: len(tok), Want: "':' and the result, as in adjudicate:red or adjudicate:draw"}
		}
		c, err := color(true)
		return Move{Kind: Conclude, Color: c, Reason: Adjudication}, err
	}
	if !hasArg {
		switch word {
		case "draw":
			return Move{Kind: Draw}, nil
		case "privilege":
			return Move{Kind: Privilege}, nil
		case "abort":
			return Move{Kind: Conclude, Reason: Aborted}, nil
		}
	}
	m, err := ParseMove(tok)
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) && se.Pos == 0 {
			se.Want = "a move such as j12, j12-i12/k11 or j12+, or swap, resign, draw, privilege"
		}
		return Move{}, err
	}
	return m, nil
}

// seatKeys maps the header's name keys to seats.
var seatKeys = map[string]Seat{
	"red": 1, "black": 2, "red 1": 1, "black 1": 2, "red 2": 3, "black 2": 4,
	"red1": 1, "black1": 2, "red2": 3, "black2": 4,
	"seat 1": 1, "seat 2": 2, "seat 3": 3, "seat 4": 4,
}

// headerLine reads a comment line before the first move: "# key: value"
// with a known key sets a setting or a name; anything else is a comment.
func (rec *Record) headerLine(text string, line int) error {
	body := strings.TrimSpace(strings.TrimLeft(text, "#"))
	k, v, ok := strings.Cut(body, ":")
	if !ok {
		return nil
	}
	key := strings.Join(strings.Fields(strings.ToLower(k)), " ")
	v = strings.TrimSpace(v)
	bad := func(want string, err error) error {
		return &ParseError{Format: FormatMoves, Line: line, Col: 1, Token: v, Msg: fmt.Sprintf("the header's %s: expected %s", key, want), Err: err}
	}
	s := &rec.Settings
	switch key {
	case "size":
		sz, err := ParseSize(v)
		if err != nil {
			return bad("a board size such as 24 or 13x24", err)
		}
		s.Size = sz
		rec.Stated |= FieldSize
	case "ruleset", "rules":
		r, err := ParseRuleset(v)
		if err != nil || v == "" {
			return bad("standard or pp", err)
		}
		s.Ruleset = r
		rec.Stated |= FieldRuleset
	case "players":
		n, ok := parsePlayersValue(v)
		if !ok {
			return bad("2 or 4", nil)
		}
		s.Players = n
		rec.Stated |= FieldPlayers
	case "swap":
		sw, err := ParseSwapStyle(v)
		if err != nil || v == "" {
			return bad("sides, mirror or off", err)
		}
		s.Swap = sw
		rec.Stated |= FieldSwap
	case "handicap":
		n, ok := parseHandicapValue(v)
		if !ok {
			return bad(wantHandicap, nil)
		}
		s.Handicap = n
		rec.Stated |= FieldHandicap
	case "extra-moves", "extra moves":
		n, ok := parseExtraValue(v)
		if !ok {
			return bad(wantExtra, nil)
		}
		s.ExtraMoves = n
		rec.Stated |= FieldExtraMoves
	case "auto-draw", "auto draw":
		off, ok := parseAutoDrawValue(v)
		if !ok {
			return bad("on or off", nil)
		}
		s.NoAutoDraw = off
		rec.Stated |= FieldAutoDraw
	default:
		if seat, ok := seatKeys[key]; ok {
			rec.setName(seat, v)
		}
	}
	return nil
}

// The values of settings, as the moves header and SGF's private
// properties write them.
var (
	wantHandicap = "a number of columns (N > 0) or rows (N < 0) taken off the board"
	wantExtra    = fmt.Sprintf("a number of extra moves from 0 to %d", MaxExtraMoves)
)

func parsePlayersValue(v string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	return n, err == nil && (n == 2 || n == 4)
}

func parseHandicapValue(v string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	return n, err == nil && n >= -MaxSize && n <= MaxSize
}

func parseExtraValue(v string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	return n, err == nil && n >= 0 && n <= MaxExtraMoves
}

// parseAutoDrawValue reads "on" or "off"; it returns true for off (the
// NoAutoDraw setting).
func parseAutoDrawValue(v string) (off, ok bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "on", "yes", "true":
		return false, true
	case "off", "no", "false":
		return true, true
	}
	return false, false
}

func autoDrawValue(noAutoDraw bool) string {
	if noAutoDraw {
		return "off"
	}
	return "on"
}

// setName sets the name of seat s, growing Names as needed. A name is
// kept on one line and in valid UTF-8.
func (rec *Record) setName(s Seat, name string) {
	for len(rec.Names) < int(s) {
		rec.Names = append(rec.Names, "")
	}
	rec.Names[s-1] = oneLine(strings.ToValidUTF8(name, "\uFFFD"))
}

// MarshalMoves writes the record in the moves format: a header of the
// settings it states and the players' names, then one move a line.
func (r *Record) MarshalMoves() []byte {
	var sb strings.Builder
	sb.WriteString("# TwixT game record (moves format)\n")
	s, st := r.Settings.normalized(), r.Stated
	if st.Has(FieldSize) {
		fmt.Fprintf(&sb, "# size: %s\n", s.Size)
	}
	if st.Has(FieldRuleset) {
		fmt.Fprintf(&sb, "# ruleset: %s\n", s.Ruleset)
	}
	if st.Has(FieldPlayers) {
		fmt.Fprintf(&sb, "# players: %d\n", s.Players)
	}
	if st.Has(FieldSwap) {
		fmt.Fprintf(&sb, "# swap: %s\n", s.Swap)
	}
	if st.Has(FieldHandicap) {
		fmt.Fprintf(&sb, "# handicap: %d\n", s.Handicap)
	}
	if st.Has(FieldExtraMoves) {
		fmt.Fprintf(&sb, "# extra-moves: %d\n", s.ExtraMoves)
	}
	if st.Has(FieldAutoDraw) {
		fmt.Fprintf(&sb, "# auto-draw: %s\n", autoDrawValue(s.NoAutoDraw))
	}
	keys := []string{"red", "black"}
	if len(r.Names) > 2 || st.Has(FieldPlayers) && s.Players == 4 {
		keys = []string{"red 1", "black 1", "red 2", "black 2"}
	}
	for i, name := range r.Names {
		name = oneLine(name)
		if name == "" {
			continue
		}
		key := fmt.Sprintf("seat %d", i+1)
		if i < len(keys) {
			key = keys[i]
		}
		fmt.Fprintf(&sb, "# %s: %s\n", key, name)
	}
	for _, m := range r.Moves {
		sb.WriteString(m.String())
		sb.WriteByte('\n')
	}
	return []byte(sb.String())
}

// oneLine makes a name fit on a line: line breaks, tabs and other
// vertical space become spaces, and the ends are trimmed.
func oneLine(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		switch r {
		case '\n', '\r', '\t', '\v', '\f':
			return ' '
		}
		return r
	}, s))
}
