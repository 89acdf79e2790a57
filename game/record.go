package game

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
)

// The errors of reading and writing records. (They sit here rather than in
// errors.go because the record formats came later; they work the same way.)
var (
	// ErrBadRecord is a record that cannot be read: a *ParseError says where
	// and what was expected there.
	ErrBadRecord = errors.New("bad game record")
	// ErrUnknownFormat is a format name that is not one of auto, moves,
	// sgf, lg and t1.
	ErrUnknownFormat = errors.New("unknown record format")
)

// Format is a kind of game record.
type Format uint8

const (
	// FormatAuto asks ReadRecord to tell the format by content and name.
	FormatAuto Format = iota
	// FormatMoves is the bot's own text format: moves in the move syntax,
	// separated by white space, newlines or ';', with '#' comments; leading
	// comments of the form "# key: value" state the settings and names.
	FormatMoves
	// FormatSGF is SGF FF[4] for TwixT, GM[21] (red-bean.com, 2021).
	FormatSGF
	// FormatLG is Little Golem's .tsgf: SGF syntax, moves b[..] and r[..]
	// with two-letter coordinates, TwixT PP and the mirror swap.
	FormatLG
	// FormatT1 is the .T1 text format of T1j and twixtbot-ui: thirteen
	// header lines, then one move a line.
	FormatT1
)

var formatNames = [...]string{"auto", "moves", "sgf", "lg", "t1"}

// String returns "auto", "moves", "sgf", "lg" or "t1".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "format(" + strconv.Itoa(int(f)) + ")"
}

// ParseFormat reads a format name as String writes it (any case; "tsgf"
// is LG).
func ParseFormat(s string) (Format, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "tsgf" {
		return FormatLG, nil
	}
	for i, n := range formatNames {
		if n == t {
			return Format(i), nil
		}
	}
	return FormatAuto, fmt.Errorf("%w: %q (want auto, moves, sgf, lg or t1)", ErrUnknownFormat, s)
}

// Fields is a set of the fields of Settings: the ones a record's header
// states.
type Fields uint8

// The fields of Settings.
const (
	FieldSize Fields = 1 << iota
	FieldRuleset
	FieldPlayers
	FieldSwap
	FieldHandicap
	FieldExtraMoves
	FieldAutoDraw
	FieldOpening

	AllFields = FieldSize | FieldRuleset | FieldPlayers | FieldSwap | FieldHandicap | FieldExtraMoves | FieldAutoDraw | FieldOpening
)

// Has reports whether every field of x is in f.
func (f Fields) Has(x Fields) bool { return f&x == x }

// String lists the fields, e.g. "size,ruleset", or "none".
func (f Fields) String() string {
	var out []string
	for _, sf := range settingFields {
		if f.Has(sf.field) {
			out = append(out, sf.name)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ",")
}

// settingField is a field of Settings as records state it: its name (the
// key of the moves header), what its values look like, and how to read,
// write and copy it. The moves header and SGF's properties share it.
type settingField struct {
	field  Fields
	name   string
	want   string                           // what a value must be, for errors
	parse  func(v string, s *Settings) bool // sets the field from v; false if v is not a value
	format func(s Settings) string
	copy   func(dst *Settings, src Settings)
}

// settingFields are the fields of Settings, in the order records write them.
var settingFields = []settingField{
	{FieldSize, "size", "a board size such as 24 or 13x24 (each side from 5 to 100)",
		func(v string, s *Settings) bool { sz, err := ParseSize(v); s.Size = sz; return err == nil },
		func(s Settings) string { return s.Size.String() },
		func(d *Settings, s Settings) { d.Size = s.Size }},
	{FieldRuleset, "ruleset", "standard, pp or 3m",
		func(v string, s *Settings) bool {
			r, err := ParseRuleset(v)
			s.Ruleset = r
			return err == nil && v != ""
		},
		func(s Settings) string { return s.Ruleset.String() },
		func(d *Settings, s Settings) { d.Ruleset = s.Ruleset }},
	{FieldPlayers, "players", "2 or 4",
		func(v string, s *Settings) bool {
			n, err := strconv.Atoi(v)
			s.Players = n
			return err == nil && (n == 2 || n == 4)
		},
		func(s Settings) string { return strconv.Itoa(s.Players) },
		func(d *Settings, s Settings) { d.Players = s.Players }},
	{FieldSwap, "swap", "sides, mirror or off",
		func(v string, s *Settings) bool {
			sw, err := ParseSwapStyle(v)
			s.Swap = sw
			return err == nil && v != ""
		},
		func(s Settings) string { return s.Swap.String() },
		func(d *Settings, s Settings) { d.Swap = s.Swap }},
	{FieldHandicap, "handicap", "a number of columns (N > 0) or rows (N < 0) taken off the board",
		func(v string, s *Settings) bool {
			n, err := strconv.Atoi(v)
			s.Handicap = n
			return err == nil && n >= -MaxSize && n <= MaxSize
		},
		func(s Settings) string { return strconv.Itoa(s.Handicap) },
		func(d *Settings, s Settings) { d.Handicap = s.Handicap }},
	{FieldExtraMoves, "extra-moves", fmt.Sprintf("a number of extra moves from 0 to %d", MaxExtraMoves),
		func(v string, s *Settings) bool {
			n, err := strconv.Atoi(v)
			s.ExtraMoves = n
			return err == nil && n >= 0 && n <= MaxExtraMoves
		},
		func(s Settings) string { return strconv.Itoa(s.ExtraMoves) },
		func(d *Settings, s Settings) { d.ExtraMoves = s.ExtraMoves }},
	{FieldAutoDraw, "auto-draw", "on or off",
		func(v string, s *Settings) bool {
			switch strings.ToLower(v) {
			case "on", "yes", "true":
				s.NoAutoDraw = false
			case "off", "no", "false":
				s.NoAutoDraw = true
			default:
				return false
			}
			return true
		},
		func(s Settings) string {
			if s.NoAutoDraw {
				return "off"
			}
			return "on"
		},
		func(d *Settings, s Settings) { d.NoAutoDraw = s.NoAutoDraw }},
	{FieldOpening, "opening", "plain, pie3 (cut the pie) or centre (the Kosmos centre handicap)",
		func(v string, s *Settings) bool {
			o, err := ParseOpening(v)
			s.Opening = o
			return err == nil && v != ""
		},
		func(s Settings) string { return s.Opening.String() },
		func(d *Settings, s Settings) { d.Opening = s.Opening }},
}

// omitted reports whether records leave the field out although it is
// stated: the plain opening, which every record written before openings
// existed means, so that those exports stay as they were.
func (sf settingField) omitted(s Settings) bool {
	return sf.field == FieldOpening && s.Opening == OpeningPlain
}

// settingFieldOf returns the entry of settingFields for f.
func settingFieldOf(f Fields) settingField {
	for _, sf := range settingFields {
		if sf.field == f {
			return sf
		}
	}
	panic("game: no such setting field")
}

// stateSetting reads v as the value of field f: it sets the field in the
// record's settings and marks it stated, or reports false.
func (r *Record) stateSetting(f Fields, v string) bool {
	if !settingFieldOf(f).parse(strings.TrimSpace(v), &r.Settings) {
		return false
	}
	r.Stated |= f
	return true
}

// Record is a game as a record file holds it: the settings its header
// states, the players' names, and the log of moves, not yet checked
// against the rules. Read one with ReadRecord, make one from a game with
// NewRecord, play it with Replay, write it with Marshal.
type Record struct {
	// Format is the format the record was read from (FormatAuto for a
	// record made from a game).
	Format Format
	// Settings holds the settings the record states; Stated says which
	// of its fields those are. The others are zero and left to whoever
	// replays the record (Effective).
	Settings Settings
	Stated   Fields
	// Names are the players' names by seat: Names[0] is seat 1, the first
	// player (Red at the start). A name may be empty, and the slice may be
	// shorter than the number of seats.
	Names []string
	// Moves is the move log.
	Moves []Move
	// Result is a result the record's header states (SGF's RE). Replay
	// applies it at the end if the moves leave the game going: a record
	// can say that a player resigned or lost on time without a move for it.
	Result Result
	// Source says where each move stands in the file it was read from,
	// index for index with Moves; nil for a record made from a game.
	Source []Source
	// Stop is why reading stopped before the end of the file, or nil. It
	// is a *ParseError, for a token after the moves that is not a move
	// (or not one that any game could have, because the record has gone
	// past the longest game its board allows). Replay treats it as a move
	// the rules refuse, at index len(Moves): the moves before it are
	// played, and the rest of the file is not read.
	Stop error

	count recordCount // what the moves so far could put on a board
}

// recordCount counts a record's moves as they are read, to stop reading
// where no game could go on.
type recordCount struct {
	pegs  int // placements less the pegs they remove
	other int // entries that are not placements
}

// maxOtherEntries bounds the entries of a record that are not placements.
// A game has at most four (one swap, two Privileges, one a team, and the
// entry that ends it); the bound leaves room for records that carry more,
// such as refused ones, while keeping a file of nothing else small.
const maxOtherEntries = 16

// maxPegs is the most pegs the record's board can hold: the holes of the
// size it states (before any handicap, which only takes holes away), or
// of the largest board.
func (r *Record) maxPegs() int {
	if r.Stated.Has(FieldSize) && r.Settings.Size.Valid() {
		return r.Settings.Size.Holes()
	}
	return Size{MaxSize, MaxSize}.Holes()
}

// add appends move m, read at src, to the record. A game cannot have more
// placements than its board has holes (a 3M removal frees one again), nor
// more than maxOtherEntries other entries: a move past that bound sets Stop
// instead, and add reports false: stop reading. Memory then stays
// proportional to a real game whatever the size of the file.
func (r *Record) add(m Move, src Source) bool {
	c := r.count
	if m.Kind == Place {
		c.pegs = max(0, c.pegs+1-len(m.Removes))
	} else {
		c.other++
	}
	if c.pegs > r.maxPegs() || c.other > maxOtherEntries {
		size := "the largest board"
		if r.Stated.Has(FieldSize) {
			size = "a " + r.Settings.Size.String() + " board"
		}
		r.Stop = &ParseError{Format: r.Format, Line: src.Line, Col: src.Col, Token: src.Token,
			Msg: fmt.Sprintf("no game goes on this long (%s holds at most %d pegs, and a game has at most %d turns that are not placements); the rest of the file was not read", size, r.maxPegs(), maxOtherEntries)}
		return false
	}
	r.count = c
	r.Moves = append(r.Moves, m)
	r.Source = append(r.Source, src)
	return true
}

// stopAt handles a token that is not a move (err, a *ParseError). If a
// move was read before it, or the token begins like a move (its syntax
// error lies past its first character), the file is a record with a bad
// move: reading stops, Stop is set, and stopAt returns nil. Otherwise the
// file is not a record at all, and stopAt returns err.
func (r *Record) stopAt(err error) error {
	var se *SyntaxError
	if len(r.Moves) == 0 && !(errors.As(err, &se) && se.Pos > 0) {
		return err
	}
	r.Stop = err
	return nil
}

// Source is where a move stands in a record file.
type Source struct {
	Token     string // the move as written, e.g. "H18", "cu", "j12-i12/k11"
	Line, Col int    // from 1
	// Side is the colour the record says made the move, or NoColor if the
	// format does not say. Replay refuses a turn given to the wrong side.
	Side Color
}

// SidesSwapped reports whether the players of the record exchange
// colours in it: a swap among its moves under the sides swap (pbmserv,
// Kosmos). A record that does not state its swap style is taken to use
// the sides swap, the default of every tool here; under the mirror swap
// (Little Golem) the players keep their colours.
//
// The exports name the players by the colour they play from the swap on,
// which is the colour every later move, the result and the history refer
// to: after a sides swap SGF's PW (and the moves format's "red") names
// seat 2, who swapped, and PB ("black") seat 1. The readers map them back
// to seats.
//
// The colour choice of the cut-the-pie opening exchanges colours too when
// the chooser (seat 2) takes Red: choose:red.
func (r *Record) SidesSwapped() bool {
	for _, m := range r.Moves {
		switch m.Kind {
		case Choose:
			return m.Color == Red
		case Swap:
			return !r.Stated.Has(FieldSwap) || r.Settings.Swap == SwapSides
		}
	}
	return false
}

// colourNames exchanges the names of seats 1 and 2 when the sides are
// swapped: it turns names by the colour played from the swap on into
// names by seat, and back.
func (r *Record) colourNames(names []string) []string {
	out := slices.Clone(names)
	if r.SidesSwapped() {
		for len(out) < 2 {
			out = append(out, "")
		}
		out[0], out[1] = out[1], out[0]
	}
	return out
}

// Name returns the name of seat s, or "".
func (r *Record) Name(s Seat) string {
	if s < 1 || int(s) > len(r.Names) {
		return ""
	}
	return r.Names[s-1]
}

// Token returns move i as the record writes it: its source token, or
// the move syntax.
func (r *Record) Token(i int) string {
	if i >= 0 && i < len(r.Source) && r.Source[i].Token != "" {
		return r.Source[i].Token
	}
	if i >= 0 && i < len(r.Moves) {
		return r.Moves[i].String()
	}
	if i == len(r.Moves) {
		var pe *ParseError
		if errors.As(r.Stop, &pe) {
			return pe.Token
		}
		if r.Result.Over() {
			return resultMove(r.Result).String()
		}
	}
	return ""
}

// Effective returns the settings to replay the record with: the fields the
// record states, and base for the rest. ("A record's own header sets what
// it states; flags set the rest.")
func (r *Record) Effective(base Settings) Settings {
	s := base
	for _, sf := range settingFields {
		if r.Stated.Has(sf.field) {
			sf.copy(&s, r.Settings)
		}
	}
	return s
}

// NewRecord makes the record of a game, finished or still going, for
// export: all its settings, the players' names by seat (seat 1 first), and
// its log.
func NewRecord(g *Game, names ...string) *Record {
	return &Record{
		Settings: g.Settings(),
		Stated:   AllFields,
		Names:    append([]string(nil), names...),
		Moves:    g.Log(),
	}
}

// SideError is a turn that a record gives to one side while the other is
// to move.
type SideError struct {
	Said, ToMove Color
}

func (e *SideError) Error() string {
	return fmt.Sprintf("the record gives this move to %s, but %s is to move", e.Said.Title(), e.ToMove.Title())
}

func (e *SideError) Unwrap() error { return ErrNotYourTurn }

// Replay plays the record through the rules, with the settings Effective
// gives for base. Settings that are not valid return their error and no
// game. A move the rules refuse stops the replay: Replay returns the game
// as it stood before that move, with a *ReplayError whose Index is the
// move's index in Moves (len(Moves) for the header's Result). Turns that
// the record gives to a side (Source.Side) must be that side's.
func (r *Record) Replay(base Settings) (*Game, error) {
	g, err := New(r.Effective(base))
	if err != nil {
		return nil, err
	}
	g.log = make([]Move, 0, len(r.Moves)+1)
	for i, m := range r.Moves {
		if i < len(r.Source) && m.IsTurn() && r.Source[i].Side != NoColor && !g.Over() {
			if _, c := g.ToMove(); c != r.Source[i].Side {
				return g, &ReplayError{Index: i, Move: m, Err: &SideError{Said: r.Source[i].Side, ToMove: c}}
			}
		}
		if _, err := g.PlayMove(m); err != nil {
			return g, &ReplayError{Index: i, Move: m, Err: err}
		}
	}
	if r.Stop != nil {
		return g, &ReplayError{Index: len(r.Moves), Err: r.Stop}
	}
	if r.Result.Over() && !g.Over() {
		m := resultMove(r.Result)
		if _, err := g.PlayMove(m); err != nil {
			return g, &ReplayError{Index: len(r.Moves), Move: m, Err: err}
		}
	}
	return g, nil
}

// resultMove is the move that ends a game with result res: a resignation,
// an agreed draw, or a result decided outside the board.
func resultMove(res Result) Move {
	switch res.Reason {
	case Resignation:
		return Move{Kind: Resign, Color: res.Winner.Opponent()}
	case Agreement:
		return Move{Kind: Draw}
	}
	return Move{Kind: Conclude, Color: res.Winner, Reason: res.Reason}
}

// ParseError is a record that cannot be read. It says where (line and
// column from 1, 0 if unknown; for the moves format also the token's
// index, from 1) and what was expected there.
type ParseError struct {
	Format    Format
	Line, Col int
	Index     int    // the token's index among the record's tokens, or 0
	Token     string // the text that could not be read, if any
	Msg       string // what is wrong, and what was expected
	Err       error  // the underlying error, if any (such as a *SyntaxError)
}

func (e *ParseError) Error() string {
	var sb strings.Builder
	if e.Format != FormatAuto { // (a file refused before its format is known is just a record)
		sb.WriteString(e.Format.String())
		sb.WriteByte(' ')
	}
	sb.WriteString("record")
	if e.Line > 0 {
		fmt.Fprintf(&sb, ", line %d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&sb, " column %d", e.Col)
		}
	}
	if e.Index > 0 {
		fmt.Fprintf(&sb, " (token %d)", e.Index)
	}
	sb.WriteString(": ")
	if e.Token != "" && e.Err == nil {
		fmt.Fprintf(&sb, "cannot read %q: ", clip(e.Token))
	}
	sb.WriteString(e.Msg)
	if e.Err != nil {
		if e.Msg != "" {
			sb.WriteString(": ")
		}
		sb.WriteString(e.Err.Error())
	}
	return sb.String()
}

func (e *ParseError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrBadRecord, e.Err}
	}
	return []error{ErrBadRecord}
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// maxRecordSize bounds what ReadRecord accepts: far more than any game
// (a 100x100 board has under 10,000 holes), little enough to read at once.
const maxRecordSize = 16 << 20

// ReadRecord reads a record in format f. With FormatAuto the format is
// told by DetectFormat from the content and the file name (name may be
// empty, as for standard input). An error wraps ErrBadRecord (as a
// *ParseError that says where) or ErrUnknownFormat.
func ReadRecord(data []byte, f Format, name string) (*Record, error) {
	if len(data) > maxRecordSize {
		return nil, &ParseError{Format: f, Msg: fmt.Sprintf("the file is %d bytes; a record is at most %d", len(data), maxRecordSize)}
	}
	if f == FormatAuto {
		f = DetectFormat(data, name)
	}
	switch f {
	case FormatMoves:
		return ParseMovesRecord(data)
	case FormatSGF:
		return ParseSGF(data)
	case FormatLG:
		return ParseLG(data)
	case FormatT1:
		return ParseT1(data)
	}
	return nil, fmt.Errorf("%w: %v", ErrUnknownFormat, f)
}

// DetectFormat tells a record's format by its content and, where the
// content leaves it open, by the file name's extension. A record that
// opens with '(' is SGF: Little Golem's dialect if its moves are written
// b[..] and r[..], GM[21] otherwise. Otherwise ".t1" and ".tsgf"/".sgf"
// decide, then the shape of T1's thirteen header lines; anything else is
// the moves format.
func DetectFormat(data []byte, name string) Format {
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))
	body := skipBOMSpace(data)
	if len(body) > 0 && body[0] == '(' {
		if g := sgfGame(body); g != "" && g != "21" {
			// An SGF file of another game (Go is GM[1]): read as SGF, so
			// that the error names the game, not Little Golem's dialect.
			return FormatSGF
		}
		if looksLG(body) || ext == ".tsgf" {
			return FormatLG
		}
		return FormatSGF
	}
	switch ext {
	case ".t1":
		return FormatT1
	case ".tsgf":
		return FormatLG
	case ".sgf":
		return FormatSGF
	case ".moves", ".twixt", ".txt":
		return FormatMoves
	}
	if looksT1(data) {
		return FormatT1
	}
	return FormatMoves
}

// sgfGame returns the value of the first GM property of an SGF text (the
// game it records: 21 is TwixT, 1 is Go), or "" if there is none.
func sgfGame(data []byte) string {
	i := bytes.Index(data, []byte("GM["))
	if i < 0 || i > 0 && isLetter(data[i-1]) {
		return ""
	}
	v := data[i+3:]
	end := bytes.IndexByte(v, ']')
	if end < 0 || end > 20 {
		return ""
	}
	return strings.TrimSpace(string(v[:end]))
}

func skipBOMSpace(data []byte) []byte {
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		data = data[3:]
	}
	for len(data) > 0 && isSpace(data[0]) {
		data = data[1:]
	}
	return data
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// Marshal writes the record in format f, FormatMoves or FormatSGF (the
// formats written; the others are only read).
func (r *Record) Marshal(f Format) ([]byte, error) {
	switch f {
	case FormatMoves:
		return r.MarshalMoves(), nil
	case FormatSGF:
		return r.MarshalSGF()
	}
	return nil, fmt.Errorf("%w: %v records are read, not written (write moves or sgf)", ErrUnknownFormat, f)
}

// cursor walks the bytes of a record, counting lines and columns (in
// bytes, from 1) for error messages.
type cursor struct {
	data      []byte
	pos       int
	line, col int
}

func newCursor(data []byte) cursor { return cursor{data: data, line: 1, col: 1} }

// advance moves past one byte.
func (c *cursor) advance() {
	if c.data[c.pos] == '\n' {
		c.line++
		c.col = 1
	} else {
		c.col++
	}
	c.pos++
}

// peek returns the byte at the cursor, or 0 at the end.
func (c *cursor) peek() byte {
	if c.pos < len(c.data) {
		return c.data[c.pos]
	}
	return 0
}

// skipWhile moves past the bytes for which in is true.
func (c *cursor) skipWhile(in func(byte) bool) {
	for c.pos < len(c.data) && in(c.data[c.pos]) {
		c.advance()
	}
}

// sgfOtherGame says that an SGF file with GM[gm] records another game.
func sgfOtherGame(gm string) string {
	return fmt.Sprintf("this is an SGF file for another game (GM[%s]), not a TwixT record (TwixT is GM[21])", clip(strings.TrimSpace(gm)))
}

// stopLong stops an SGF record at node n, past maxSGFNodes.
func (r *Record) stopLong(n sgfNode) {
	r.Stop = &ParseError{Format: r.Format, Line: n.line, Col: n.col,
		Msg: fmt.Sprintf("the main line goes on past %d nodes, longer than any game; the rest of the file was not read", maxSGFNodes)}
}

// sgfMoveError is a move property whose value is not a move. Its token is
// the value, or the property as written when the value is empty ("B[]"),
// so that a replay can name it.
func sgfMoveError(f Format, prop string, v sgfValue, want string, err error) error {
	e := sgfError(f, v, want, err).(*ParseError)
	if strings.TrimSpace(e.Token) == "" {
		e.Token = prop + "[" + v.text + "]"
	}
	return e
}
