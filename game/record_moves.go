package game

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// The moves format (the bot's records, read by twixt replay): tokens separated by white
// space, newlines or ';'. A token that starts with '#' starts a comment
// that runs to the end of the line; inside a token, "#N" is a move number
// ("j12#15"). A token is a move in the move syntax (ParseMove: pbmserv's,
// with the 3M rules' "--" removals, or Alan Hensel's long moves), "swap",
// "choose:red"/"choose:black" (the cut-the-pie opening's colour choice),
// "resign" (the side to move resigns) or "resign:red"/"resign:black" (that
// side resigns), "draw" (agreed), "privilege", or one of the results
// decided outside the board that Move.String writes: "timeout:red" (Red
// wins on time), "adjudicate:black", "adjudicate:draw", "abort".
//
// Comments before the first move that read "# key: value" are the record's
// header: size (24 or 13x24, before any handicap), ruleset (standard, pp
// or 3m), players (2 or 4), swap (sides, mirror or off), handicap,
// extra-moves, auto-draw (on or off), opening (plain, pie3 or centre;
// written only when not plain), and the players' names: red and black (two
// players, by the colour they play from the swap on: after a sides swap
// "red" is the second player, who swapped), red 1, black 1, red 2 and
// black 2 (Double TwixT), or seat N (by seat). Other comments are just
// comments; twixtbot's export writes a takeback as one after the moves,
// "# takeback: after entry N: <moves> taken back, asked by <name> (<time>)".

// ParseMovesRecord reads a record in the moves format.
func ParseMovesRecord(data []byte) (*Record, error) {
	rec := &Record{Format: FormatMoves}
	p := movesReader{newCursor(data)}
	if bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}) { // a UTF-8 byte order mark
		p.pos = 3
	}
	index, byColour := 0, false
	for {
		p.skipSeparators()
		if p.pos >= len(p.data) {
			break
		}
		line, col := p.line, p.col
		if p.data[p.pos] == '#' {
			text := p.restOfLine()
			if len(rec.Moves) == 0 {
				c, err := rec.headerLine(text, line)
				if err != nil {
					return nil, err
				}
				byColour = byColour || c
			}
			continue
		}
		tok := p.token()
		index++
		m, err := parseRecordToken(tok)
		if err != nil {
			if err := rec.stopAt(&ParseError{Format: FormatMoves, Line: line, Col: col, Index: index, Token: tok, Err: err}); err != nil {
				return nil, err
			}
			break
		}
		if !rec.add(m, Source{Token: tok, Line: line, Col: col}) {
			break
		}
	}
	if byColour {
		rec.Names = rec.colourNames(rec.Names)
	}
	return rec, nil
}

// movesReader reads the tokens of a moves record.
type movesReader struct{ cursor }

func isMovesSeparator(c byte) bool { return isSpace(c) || c == ';' }

func (p *movesReader) skipSeparators() { p.skipWhile(isMovesSeparator) }

// restOfLine returns the text up to the end of the line (not including
// it) and moves past it.
func (p *movesReader) restOfLine() string {
	start := p.pos
	p.skipWhile(func(c byte) bool { return c != '\n' })
	return string(p.data[start:p.pos])
}

func (p *movesReader) token() string {
	start := p.pos
	p.skipWhile(func(c byte) bool { return !isMovesSeparator(c) })
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

// headerKeys maps the moves header's keys, and their other spellings, to
// the fields of Settings.
var headerKeys = map[string]Fields{
	"rules": FieldRuleset, "extra moves": FieldExtraMoves, "auto draw": FieldAutoDraw,
}

func init() {
	for _, sf := range settingFields {
		headerKeys[sf.name] = sf.field
	}
}

// headerLine reads a comment line before the first move: "# key: value"
// with a known key sets a setting or a name; anything else is a comment.
// It reports whether the line named a player by colour ("red", "black"),
// which names the colour played from the swap on (Record.SidesSwapped).
func (rec *Record) headerLine(text string, line int) (bool, error) {
	body := strings.TrimSpace(strings.TrimLeft(text, "#"))
	k, v, ok := strings.Cut(body, ":")
	if !ok {
		return false, nil
	}
	key := strings.Join(strings.Fields(strings.ToLower(k)), " ")
	v = strings.TrimSpace(v)
	if f, ok := headerKeys[key]; ok {
		if !rec.stateSetting(f, v) {
			return false, &ParseError{Format: FormatMoves, Line: line, Col: 1, Token: v, Msg: fmt.Sprintf("the header's %s: expected %s", key, settingFieldOf(f).want)}
		}
	} else if seat, ok := seatKeys[key]; ok {
		rec.setName(seat, v)
		return key == "red" || key == "black", nil
	}
	return false, nil
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
	for _, sf := range settingFields {
		if st.Has(sf.field) && !sf.omitted(s) {
			fmt.Fprintf(&sb, "# %s: %s\n", sf.name, sf.format(s))
		}
	}
	keys, names := []string{"red", "black"}, r.colourNames(r.Names)
	if len(r.Names) > 2 || st.Has(FieldPlayers) && s.Players == 4 {
		keys, names = []string{"red 1", "black 1", "red 2", "black 2"}, r.Names
	}
	for i, name := range names {
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
