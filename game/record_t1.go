package game

import (
	"bytes"
	"strconv"
	"strings"
)

// The T1 format of T1j and twixtbot-ui: thirteen header lines read by
// position, on each of which text after '#' is a comment and an empty
// value keeps its default; then one move a line. The header lines:
//
//	1-2   comments
//	3     format version (1)
//	4, 5  the names of player 1 and player 2
//	6, 7  rows and columns (24 each by default)
//	8, 9  player 1 and player 2 human (H) or computer (C)
//	10    the starting player: 1 (player 1 starts and plays top-down) or 2
//	11    the direction of the letters (V)
//	12    the pie rule, Y or N (Y by default)
//	13    whether the game is over, Y or N
//
// A move is a hole, a column letter and a row number in any case ("I9",
// "e15"), or "swap" or "resign" (the player to move resigns). The game is
// the standard ruleset played without link removals, two players, no
// handicap, and its swap is Little Golem's mirror swap.
const t1HeaderLines = 13

// t1Header returns the values of the header lines (text before '#',
// trimmed), or false if there are not thirteen lines.
func t1Header(lines [][]byte) ([t1HeaderLines]string, bool) {
	var h [t1HeaderLines]string
	if len(lines) < t1HeaderLines {
		return h, false
	}
	for i := range h {
		v, _, _ := bytes.Cut(lines[i], []byte("#"))
		h[i] = strings.TrimSpace(string(v))
	}
	return h, true
}

// lineReader walks the lines of a text one at a time ("\n" or "\r\n"),
// so that a huge file is never split whole: a text with n line breaks has
// n+1 lines, the last perhaps empty.
type lineReader struct {
	data []byte
	pos  int
	n    int // lines read
	done bool
}

func newLineReader(data []byte) *lineReader {
	if bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}) {
		data = data[3:]
	}
	return &lineReader{data: data}
}

// next returns the next line, without its line break, or false at the end.
func (l *lineReader) next() ([]byte, bool) {
	if l.done {
		return nil, false
	}
	rest := l.data[l.pos:]
	line := rest
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		line = rest[:i]
		l.pos += i + 1
	} else {
		l.pos, l.done = len(l.data), true
	}
	l.n++
	return bytes.TrimSuffix(line, []byte("\r")), true
}

// firstLines reads up to n lines.
func (l *lineReader) firstLines(n int) [][]byte {
	var out [][]byte
	for len(out) < n {
		line, ok := l.next()
		if !ok {
			break
		}
		out = append(out, line)
	}
	return out
}

// ParseT1 reads a T1 record.
func ParseT1(data []byte) (*Record, error) {
	const f = FormatT1
	lr := newLineReader(data)
	lines := lr.firstLines(t1HeaderLines)
	h, ok := t1Header(lines)
	if !ok {
		return nil, &ParseError{Format: f, Line: len(lines), Msg: "the file ends in its header: a T1 record has 13 header lines, then the moves"}
	}
	rec := &Record{
		Format:   f,
		Settings: Settings{Ruleset: Standard, Players: 2, Swap: SwapMirror},
		Stated:   FieldRuleset | FieldPlayers | FieldSwap | FieldHandicap | FieldExtraMoves | FieldOpening,
	}
	bad := func(line int, want string) error {
		return &ParseError{Format: f, Line: line, Col: 1, Token: h[line-1], Msg: want}
	}
	if v := h[2]; v != "" && v != "1" {
		return nil, bad(3, "the format version: expected 1 (or nothing)")
	}
	size := Size{DefaultSize, DefaultSize}
	for i, dim := range []*int{&size.Rows, &size.Cols} {
		line := 6 + i
		if v := h[line-1]; v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < MinSize || n > MaxSize {
				return nil, bad(line, "the board's rows and columns: expected a number from 5 to 100 (or nothing for 24)")
			}
			*dim = n
			rec.Stated |= FieldSize
		}
	}
	rec.Settings.Size = size
	for line := 8; line <= 9; line++ {
		if v := strings.ToUpper(h[line-1]); v != "" && v != "H" && v != "C" {
			return nil, bad(line, "H (human) or C (computer)")
		}
	}
	first, second := h[3], h[4]
	switch h[9] {
	case "", "1":
	case "2":
		first, second = second, first
	default:
		return nil, bad(10, "the starting player: expected 1 or 2")
	}
	if v := strings.ToUpper(h[10]); v != "" && v != "V" {
		return nil, bad(11, "the direction of the letters: only V (letters name the columns) is supported")
	}
	switch strings.ToUpper(h[11]) {
	case "", "Y":
	case "N":
		rec.Settings.Swap = SwapOff
	default:
		return nil, bad(12, "the pie rule: expected Y or N")
	}
	if v := strings.ToUpper(h[12]); v != "" && v != "Y" && v != "N" {
		return nil, bad(13, "whether the game is over: expected Y or N")
	}
	if first != "" || second != "" {
		rec.setName(1, first)
		rec.setName(2, second)
	}
	for {
		text, more := lr.next()
		if !more {
			break
		}
		line := lr.n // from 1
		v, _, _ := bytes.Cut(text, []byte("#"))
		tok := strings.TrimSpace(string(v))
		if tok == "" {
			continue
		}
		col := 1 + bytes.Index(text, []byte(tok))
		var m Move
		switch strings.ToLower(tok) {
		case "swap":
			m = Move{Kind: Swap}
		case "resign":
			m = Move{Kind: Resign}
		default:
			hole, err := ParseHole(tok)
			if err != nil {
				if err := rec.stopAt(&ParseError{Format: f, Line: line, Col: col, Token: tok, Msg: "expected a hole such as I9 (column letter, row number), swap or resign", Err: err}); err != nil {
					return nil, err
				}
				return rec, nil
			}
			m = Move{Kind: Place, Hole: hole}
		}
		if !rec.add(m, Source{Token: tok, Line: line, Col: col}) {
			break
		}
	}
	return rec, nil
}

// looksT1 reports whether a text has T1's header: thirteen lines whose
// values fit their places, at least one of them not empty, and none of
// them a header line of the moves format.
func looksT1(data []byte) bool {
	lines := newLineReader(data).firstLines(t1HeaderLines)
	h, ok := t1Header(lines)
	if !ok {
		return false
	}
	for i := 0; i < t1HeaderLines; i++ {
		body := strings.TrimSpace(strings.TrimLeft(string(lines[i]), "# \t"))
		if k, _, found := strings.Cut(body, ":"); found {
			key := strings.ToLower(strings.TrimSpace(k))
			if _, isSeat := seatKeys[key]; isSeat || key == "size" || key == "ruleset" || key == "players" || key == "swap" || key == "handicap" || key == "extra-moves" || key == "auto-draw" {
				return false
			}
		}
	}
	isNum := func(s string) bool { _, err := strconv.Atoi(s); return s == "" || err == nil }
	oneOf := func(s string, set ...string) bool {
		for _, x := range set {
			if strings.EqualFold(s, x) {
				return true
			}
		}
		return false
	}
	if !isNum(h[2]) || !isNum(h[5]) || !isNum(h[6]) || !oneOf(h[7], "", "H", "C") || !oneOf(h[8], "", "H", "C") ||
		!oneOf(h[9], "", "1", "2") || !oneOf(h[10], "", "V", "H") || !oneOf(h[11], "", "Y", "N") || !oneOf(h[12], "", "Y", "N") {
		return false
	}
	for _, v := range h {
		if v != "" {
			return true
		}
	}
	return false
}
