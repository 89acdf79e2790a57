package game

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// moveStrings writes a record's moves in the move syntax, space-separated.
func moveStrings(moves []Move) string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return strings.Join(out, " ")
}

// parseErrorAt checks that err is a *ParseError wrapping ErrBadRecord at
// line:col, whose message holds each of want.
func parseErrorAt(t *testing.T, err error, line, col int, want ...string) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrBadRecord) {
		t.Fatalf("got %v (%T), want a *ParseError", err, err)
	}
	if pe.Line != line || col != 0 && pe.Col != col {
		t.Errorf("error at %d:%d, want %d:%d: %v", pe.Line, pe.Col, line, col, err)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not say %q", err, w)
		}
	}
}

func TestParseMovesRecord(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"spaces, newlines and semicolons", "e5 f7;g9\n\th11 ;; swap", "e5 f7 g9 h11 swap"},
		{"comments", "# a game\ne5 # the first move\n#f7\ng9#3 #4 is a comment\n", "e5 g9#3"},
		{"move syntax", "j12-i12/k11/m12/n10,o11/n13+h11/j12/l11/n12/p11 e5+ E6#2 SWAP#2", "j12-i12/k11/m12/n10,o11/n13+h11/j12/l11/n12/p11 e5+ e6#2 swap#2"},
		{"words", "e5 privilege Draw resign resign:RED resign:black", "e5 privilege draw resign resign:red resign:black"},
		{"results from outside", "timeout:red adjudicate:black adjudicate:draw abort", "timeout:red adjudicate:black adjudicate:draw abort"},
		{"empty", "  \n# nothing\n", ""},
		{"CRLF", "e5\r\nf7\r\n", "e5 f7"},
		{"byte order mark", "\xEF\xBB\xBFe5 f7", "e5 f7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := ParseMovesRecord([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := moveStrings(rec.Moves); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if len(rec.Source) != len(rec.Moves) {
				t.Errorf("%d sources for %d moves", len(rec.Source), len(rec.Moves))
			}
		})
	}
}

func TestParseMovesRecordErrors(t *testing.T) {
	tests := []struct {
		in        string
		line, col int
		index     int
		want      []string
	}{
		{"e5 f7 5e", 1, 7, 3, []string{"line 1 column 7", "token 3", `"5e"`, "a move such as j12"}},
		{"e5\n  f7\n   g9-", 3, 4, 3, []string{"line 3 column 4", "a hole in the chain"}},
		{"resign:green", 1, 1, 1, []string{"red or black"}},
		{"e5 timeout", 1, 4, 2, []string{"timeout:red"}},
		{"adjudicate:", 1, 1, 1, []string{"red, black or draw"}},
		{"e5#0", 1, 1, 1, []string{"move number"}},
		{"# size: 3\ne5", 1, 1, 0, []string{"line 1", "board size", "from 5 to 100"}},
		{"# players: 3", 1, 1, 0, []string{"2 or 4"}},
		{"#\n# swap: maybe", 2, 1, 0, []string{"sides, mirror or off"}},
		{"# ruleset: chess", 1, 1, 0, []string{"standard, pp or 3m"}},
		{"# extra-moves: 9", 1, 1, 0, []string{"0 to 3"}},
		{"# auto-draw: perhaps", 1, 1, 0, []string{"on or off"}},
		{"# handicap: many", 1, 1, 0, []string{"columns"}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			rec, err := ParseMovesRecord([]byte(tc.in))
			// A token that is not a move stops the record there (Stop),
			// to be reported as a refused move; a bad header refuses the
			// whole file.
			if tc.index > 0 {
				if err != nil {
					t.Fatalf("a bad move token refused the whole file: %v", err)
				}
				err = rec.Stop
			}
			parseErrorAt(t, err, tc.line, tc.col, tc.want...)
			var pe *ParseError
			if errors.As(err, &pe) && pe.Index != tc.index {
				t.Errorf("token index %d, want %d", pe.Index, tc.index)
			}
		})
	}
}

func TestMovesHeader(t *testing.T) {
	in := `# TwixT game record
# size: 13x24
#  Ruleset :  PP
# players: 4
# swap: mirror
# handicap: -2
# extra-moves: 0
# auto-draw: off
# red 1: Ann: the first
# black 1: Bob # not a comment
# seat 3: Cy
# note: a comment that says nothing
e5
# size: 30
`
	rec, err := ParseMovesRecord([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := Settings{Size: Size{13, 24}, Ruleset: PP, Players: 4, Swap: SwapMirror, Handicap: -2, NoAutoDraw: true}
	if rec.Settings != want || rec.Stated != AllFields&^FieldOpening {
		t.Errorf("settings %+v stating %v, want %+v stating all but the opening", rec.Settings, rec.Stated, want)
	}
	if got := strings.Join(rec.Names, "|"); got != "Ann: the first|Bob # not a comment|Cy" {
		t.Errorf("names %q", got)
	}

	rec, err = ParseMovesRecord([]byte("# ruleset: pp\n# red: Ann\ne5"))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Stated != FieldRuleset || rec.Name(1) != "Ann" || rec.Name(2) != "" {
		t.Errorf("stated %v, names %q", rec.Stated, rec.Names)
	}
	s := rec.Effective(Settings{Size: Size{12, 12}, Ruleset: Standard, Swap: SwapSides})
	if s != (Settings{Size: Size{12, 12}, Ruleset: PP, Swap: SwapSides}) {
		t.Errorf("the header's ruleset and the flags' rest: got %+v", s)
	}
}

func TestParseSGF(t *testing.T) {
	tests := []struct {
		name, in string
		moves    string
		settings Settings
		stated   Fields
		names    string
		result   Result
	}{
		{
			name:  "plain game",
			in:    "(;FF[4]GM[21]SZ[24]RU[STD]PW[Ann]PB[Bob]\n;W[e5];B[f7]\n;W[G9])",
			moves: "e5 f7 g9", settings: Settings{Size: Size{24, 24}}, stated: FieldSize | FieldRuleset | FieldHandicap,
			names: "Ann|Bob",
		},
		{
			name:  "non-square handicap board",
			in:    "(;GM[21]SZ[20:24]HA[4]RU[pp];W[e5])",
			moves: "e5", settings: Settings{Size: Size{24, 24}, Handicap: 4, Ruleset: PP}, stated: FieldSize | FieldRuleset | FieldHandicap,
		},
		{
			name:  "rows taken off",
			in:    "(;GM[21]SZ[24:21]HA[-3];W[e5])",
			moves: "e5", settings: Settings{Size: Size{24, 24}, Handicap: -3}, stated: FieldSize | FieldHandicap,
		},
		{
			name:  "long moves, numbers and words",
			in:    "(;GM[21];W[e5]MN[1];B[f7];W[e7-e5/f7+];B[privilege];W[resign])",
			moves: "e5#1 f7 e7-e5/f7+ privilege resign:red",
		},
		{
			name:  "sides swap read from the colours",
			in:    "(;GM[21];W[e5];B[swap];B[f7];W[g9])",
			moves: "e5 swap f7 g9", settings: Settings{Swap: SwapSides}, stated: FieldSwap,
		},
		{
			name:  "mirror swap read from the colours",
			in:    "(;GM[21];W[e5];B[swap];W[f7])",
			moves: "e5 swap f7", settings: Settings{Swap: SwapMirror}, stated: FieldSwap,
		},
		{
			name:  "draw offers, draws, forfeits",
			in:    "(;GM[21];W[e5];B[propose-draw];W[accept-draw])(;W[f7])",
			moves: "e5 draw",
		},
		{
			name:  "forfeit and private properties",
			in:    "(;GM[21]XPLAYERS[4]XSWAP[off]XEXTRA[0]XAUTODRAW[off]XPW[Cy]XPB[Di\\]]PW[A\\\\B]C[a comment];W[e5];B[forfeit])",
			moves: "e5 timeout:red", settings: Settings{Players: 4, NoAutoDraw: true},
			stated: FieldPlayers | FieldSwap | FieldExtraMoves | FieldAutoDraw, names: `A\B||Cy|Di]`,
		},
		{
			name:  "results decided outside the board",
			in:    "(;GM[21]RE[B+];W[e5];XRE[adjudicate:draw])",
			moves: "e5 adjudicate:draw", result: Result{Winner: Black, Reason: Adjudication},
		},
		{
			name:  "main line of variations, soft line breaks",
			in:    "(;GM[21]PW[An\\\nn];W[e5](;B[f7](;W[g9])(;W[h9]))(;B[x1]))\n(;GM[21];W[a1])",
			moves: "e5 f7 g9", names: "Ann",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := ReadRecord([]byte(tc.in), FormatAuto, "")
			if err != nil {
				t.Fatal(err)
			}
			if rec.Format != FormatSGF {
				t.Errorf("read as %v", rec.Format)
			}
			if got := moveStrings(rec.Moves); got != tc.moves {
				t.Errorf("moves %q, want %q", got, tc.moves)
			}
			if rec.Settings != tc.settings || rec.Stated != tc.stated {
				t.Errorf("settings %+v stating %v, want %+v stating %v", rec.Settings, rec.Stated, tc.settings, tc.stated)
			}
			if got := strings.Join(rec.Names, "|"); got != tc.names {
				t.Errorf("names %q, want %q", got, tc.names)
			}
			if rec.Result != tc.result {
				t.Errorf("result %v, want %v", rec.Result, tc.result)
			}
		})
	}
}

func TestParseSGFErrors(t *testing.T) {
	tests := []struct {
		in        string
		line, col int
		want      []string
	}{
		{"", 1, 1, []string{"empty"}},
		{"(;GM[1]SZ[19];B[pd])", 1, 6, []string{"not a TwixT record"}},
		{"(;GM[21]\n;W[e5];B[f7]", 2, 13, []string{"ends inside a game tree"}},
		{"(;GM[21];W[e5", 1, 12, []string{"never closes"}},
		{"(;GM[21];W[e5]B[f7])", 1, 15, []string{"one move"}},
		{"(;GM[21];W[])", 1, 12, []string{"pass"}},
		{"(;GM[21];W[5e])", 1, 12, []string{`"5e"`, "forfeit"}},
		{"(;GM[21];W[e5];B[hd])", 1, 18, []string{"read the file as lg"}},
		{"(;GM[21]AB[e5])", 1, 9, []string{"setup"}},
		{"(;GM[21];b[dd])", 1, 10, []string{"Little Golem"}},
		{"(;GM[21]SZ[4])", 1, 12, []string{"SZ", "from 5 to 100"}},
		{"(;GM[21]SZ[big])", 1, 12, []string{"columns:rows"}},
		{"(;GM[21]RU[4M])", 1, 12, []string{"STD, PP or 3M"}},
		{"(;GM[21]HA[x])", 1, 12, []string{"HA"}},
		{"(;GM[21]XPLAYERS[3])", 1, 18, []string{"2 or 4"}},
		{"(;GM[21];W[e5]MN[-1])", 1, 18, []string{"MN"}},
		{"(;GM[21];XRE[resign])", 1, 14, []string{"timeout:red"}},
		{"(;GM[21];W[e5]W[f7])", 1, 15, []string{"one move"}},
		{"(;GM[21];W[e5][f7])", 1, 16, []string{"one value"}},
		{"(;GM[21];W)", 1, 11, []string{"expected '['"}},
		{"(GM[21])", 1, 2, []string{"expected ';'"}},
		{"(;GM[21]) junk", 1, 11, []string{"another game"}},
		{"(;GM[21]" + strings.Repeat("(;", 1100), 1, 0, []string{"nested"}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			rec, err := ParseSGF([]byte(tc.in))
			if err == nil {
				err = rec.Stop // a move that cannot be read stops the record there
			}
			parseErrorAt(t, err, tc.line, tc.col, tc.want...)
		})
	}
}

func TestParseLG(t *testing.T) {
	rec, err := ReadRecord([]byte("(;FF[4]PB[first]PW[second]SZ[30];b[cu];r[swap];b[aD|draw];r[BA];b[draw])"), FormatAuto, "x.tsgf")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := moveStrings(rec.Moves), "c21 swap a30 ab27 draw"; got != want {
		t.Errorf("moves %q, want %q", got, want)
	}
	want := Settings{Size: Size{30, 30}, Ruleset: PP, Swap: SwapMirror, Players: 2}
	if rec.Format != FormatLG || rec.Settings != want || rec.Stated != AllFields&^FieldAutoDraw {
		t.Errorf("%v %+v stating %v", rec.Format, rec.Settings, rec.Stated)
	}
	if sides := [3]Color{rec.Source[0].Side, rec.Source[1].Side, rec.Source[4].Side}; sides != [3]Color{Red, Black, NoColor} {
		t.Errorf("sides %v: want b Red, r Black, and none for a draw", sides)
	}
	for _, tc := range []struct {
		in   string
		col  int
		want string
	}{
		{"(;SZ[24];b[c])", 12, "two letters"},
		{"(;SZ[24];b[c1])", 12, "coordinate letter"},
		{"(;SZ[24];b[cd|offer])", 12, "draw after '|'"},
		{"(;SZ[24];b[cd][ef])", 16, "one value"},
		{"(;SZ[1];b[cd])", 6, "SZ"},
	} {
		rec, err := ParseLG([]byte(tc.in))
		if err == nil {
			err = rec.Stop // a move that cannot be read stops the record there
		}
		parseErrorAt(t, err, 1, tc.col, tc.want)
	}
}

func TestParseT1(t *testing.T) {
	header := func(lines ...string) string {
		h := []string{"# comment", "# comment", "1", "Ann", "Bob", "", "", "H", "C", "1", "V", "Y", "N"}
		for i := 0; i+1 < len(lines); i += 2 {
			var n int
			for _, c := range lines[i] {
				n = n*10 + int(c-'0')
			}
			h[n-1] = lines[i+1]
		}
		return strings.Join(h, " # x\n") + "\n"
	}
	rec, err := ParseT1([]byte(header("6", "20", "10", "2", "12", "N") + "E5\n\n  f7 # a comment\nRESIGN\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := moveStrings(rec.Moves); got != "e5 f7 resign" {
		t.Errorf("moves %q", got)
	}
	want := Settings{Size: Size{24, 20}, Players: 2}
	if rec.Settings != want || !rec.Stated.Has(FieldSize|FieldSwap|FieldRuleset) {
		t.Errorf("settings %+v stating %v, want %+v", rec.Settings, rec.Stated, want)
	}
	if rec.Name(1) != "Bob" || rec.Name(2) != "Ann" {
		t.Errorf("player 2 starts, so seat 1 is Bob: %q", rec.Names)
	}
	if rec.Source[1].Line != 16 || rec.Source[1].Col != 3 {
		t.Errorf("f7 at %d:%d, want 16:3", rec.Source[1].Line, rec.Source[1].Col)
	}
	for _, tc := range []struct {
		in         string
		line, col  int
		want       string
		wantNoLine bool
	}{
		{"# only\n# three\nlines\n", 4, 0, "13 header lines", false},
		{header("3", "2"), 3, 1, "version", false},
		{header("6", "200"), 6, 1, "5 to 100", false},
		{header("8", "X"), 8, 1, "H (human)", false},
		{header("10", "3"), 10, 1, "starting player", false},
		{header("11", "H"), 11, 1, "only V", false},
		{header("12", "maybe"), 12, 1, "Y or N", false},
		{header("13", "maybe"), 13, 1, "Y or N", false},
		{header() + "e5\n  draw\n", 15, 3, "swap or resign", false},
	} {
		rec, err := ParseT1([]byte(tc.in))
		if err == nil {
			err = rec.Stop // a bad move stops the record there
		}
		parseErrorAt(t, err, tc.line, tc.col, tc.want)
	}
}

func TestDetectFormat(t *testing.T) {
	corpus := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("testdata", "corpus", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	tests := []struct {
		name string
		data []byte
		file string
		want Format
	}{
		{"LG by content", corpus("game2206555.tsgf"), "", FormatLG},
		{"LG by content, whatever the name", corpus("game2206555.tsgf"), "x.sgf", FormatLG},
		{"GM[21]", []byte("\xEF\xBB\xBF\n (;GM[21];W[e5])"), "", FormatSGF},
		{"SGF named .tsgf", []byte("(;GM[21];W[e5])"), "game.TSGF", FormatLG},
		{"T1 by content", corpus("sample.T1"), "", FormatT1},
		{"T1 with an empty header by content", corpus("full_board.T1"), "-", FormatT1},
		{"T1 with comment values by content", corpus("scl-issue.T1"), "", FormatT1},
		{"T1 by name", []byte("e5\nf7\n"), `C:\games\x.t1`, FormatT1},
		{"moves", []byte("e5 f7 swap"), "", FormatMoves},
		{"moves with a header", []byte(strings.Repeat("# size: 24\n", 14) + "e5"), "", FormatMoves},
		{"moves named .txt", corpus("sample.T1"), "game.txt", FormatMoves},
		{"SGF by name", []byte("e5"), "x.sgf", FormatSGF},
		{"LG with B and W and two-letter holes", []byte("(;GM[21]FF[4]SZ[24]RU[PP];B[hd];W[swap])"), "x.sgf", FormatLG},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := DetectFormat(tc.data, tc.file); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"auto": FormatAuto, "Moves": FormatMoves, "sgf": FormatSGF, "lg": FormatLG, "TSGF": FormatLG, "t1": FormatT1} {
		if f, err := ParseFormat(in); err != nil || f != want {
			t.Errorf("%q: %v, %v", in, f, err)
		}
	}
	if _, err := ParseFormat("pgn"); !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("pgn: %v", err)
	}
	if _, err := NewRecord(mustNew(t, Settings{})).Marshal(FormatT1); !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("writing T1: %v", err)
	}
}

func mustNew(t testing.TB, s Settings) *Game {
	t.Helper()
	g, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestRecordReplayRefusals checks the moves a replay refuses: a turn given
// to the wrong side, an illegal move, and the game's state before them.
func TestRecordReplayRefusals(t *testing.T) {
	tests := []struct {
		name, in string
		format   Format
		index    int
		turns    int
		is       error
	}{
		{"wrong colour", "(;GM[21];W[e5];W[f7])", FormatSGF, 1, 1, ErrNotYourTurn},
		{"LG wrong player", "(;SZ[24];b[ee];b[ff])", FormatLG, 1, 1, ErrNotYourTurn},
		{"occupied", "e5 f7 e5", FormatMoves, 2, 2, ErrOccupied},
		{"privilege in a two-player game", "e5 privilege", FormatMoves, 1, 1, ErrNotDouble},
		{"after the end", "e5 resign f7", FormatMoves, 2, 1, ErrGameOver},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := ReadRecord([]byte(tc.in), tc.format, "")
			if err != nil {
				t.Fatal(err)
			}
			g, err := rec.Replay(Settings{})
			var re *ReplayError
			if !errors.As(err, &re) || re.Index != tc.index || !errors.Is(err, tc.is) {
				t.Fatalf("got %v, want entry %d refused with %v", err, tc.index, tc.is)
			}
			if g == nil || g.Turns() != tc.turns {
				t.Fatalf("the game before the refusal should have %d turns: %v", tc.turns, g)
			}
			if rec.Token(re.Index) != rec.Source[re.Index].Token {
				t.Errorf("token %q", rec.Token(re.Index))
			}
		})
	}
	var se *SideError
	rec, _ := ParseSGF([]byte("(;GM[21];B[e5])"))
	if _, err := rec.Replay(Settings{}); !errors.As(err, &se) || se.Said != Black || se.ToMove != Red ||
		err.Error() != "move e5 (entry 1 of the log): the record gives this move to Black, but Red is to move" {
		t.Errorf("got %v", err)
	}
	rec, _ = ParseMovesRecord([]byte("# players: 3"))
	if rec != nil {
		t.Error("three players should not parse")
	}
	rec, _ = ParseMovesRecord([]byte("# handicap: 30\ne5"))
	if g, err := rec.Replay(Settings{}); g != nil || !errors.Is(err, ErrBadSettings) {
		t.Errorf("a handicap that leaves no board: %v, %v", g, err)
	}
}

// TestRecordResultHeader checks that SGF's RE ends a game its moves leave
// going, and only such a game.
func TestRecordResultHeader(t *testing.T) {
	tests := []struct{ re, want string }{
		{"B+R", "Black wins by resignation"},
		{"W+Resign", "Red wins by resignation"},
		{"W+T", "Red wins on time"},
		{"B+F", "Black wins on time"},
		{"B+", "Black wins by adjudication"},
		{"W+12.5", "Red wins by adjudication"},
		{"0", "drawn by agreement"},
		{"Draw", "drawn by agreement"},
		{"Void", "aborted"},
		{"?", "in progress"},
		{"", "in progress"},
	}
	for _, tc := range tests {
		t.Run(tc.re, func(t *testing.T) {
			rec, err := ParseSGF([]byte("(;GM[21]RE[" + tc.re + "];W[e5];B[f7])"))
			if err != nil {
				t.Fatal(err)
			}
			g, err := rec.Replay(Settings{})
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Result().String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	rec, _ := ParseSGF([]byte("(;GM[21]RE[B+R];W[e5];W[resign])"))
	if g, err := rec.Replay(Settings{}); err != nil || g.Result() != (Result{Winner: Black, Reason: Resignation}) || len(g.Log()) != 2 {
		t.Errorf("a resignation among the moves, and RE agreeing: %v %v", g.Result(), err)
	}
}

// TestMarshalMoves checks the written form of the moves format: the
// header, then one move a line.
func TestMarshalMoves(t *testing.T) {
	g := mustNew(t, Settings{Players: 4, Ruleset: PP})
	play(t, g, "e5", "privilege", "f7", "resign:black")
	got := string(NewRecord(g, "Ann", "Bob\nBy", "", "Di").MarshalMoves())
	want := `# TwixT game record (moves format)
# size: 24x24
# ruleset: pp
# players: 4
# swap: off
# handicap: 0
# extra-moves: 0
# auto-draw: on
# red 1: Ann
# black 1: Bob By
# black 2: Di
e5
privilege
f7
resign:black
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestMarshalSGF checks the written form of SGF: the root's properties,
// the colours of the moves after a sides swap, and the results. Bob
// swapped and plays White (Red) from then on, so PW names him, and RE[W+R]
// credits him with Ann's resignation.
func TestMarshalSGF(t *testing.T) {
	g := mustNew(t, Settings{Swap: SwapSides})
	play(t, g, "e5", "swap", "f7+", "g9#4", "resign")
	data, err := NewRecord(g, "Ann", "Bob").MarshalSGF()
	if err != nil {
		t.Fatal(err)
	}
	want := "(;FF[4]GM[21]CA[UTF-8]AP[twixtbot]SZ[24]HA[0]RU[STD]XPLAYERS[2]XSWAP[sides]XEXTRA[0]XAUTODRAW[on]PW[Bob]PB[Ann]RE[W+R]\n" +
		";W[e5]\n;B[swap]\n;B[f7+]\n;W[g9]MN[4]\n;B[resign])\n"
	if string(data) != want {
		t.Errorf("got\n%s\nwant\n%s", data, want)
	}
	g = mustNew(t, Settings{Size: Size{20, 24}, Handicap: -3})
	play(t, g, "e5")
	g.PlayMove(Move{Kind: Conclude, Reason: Adjudication})
	data, _ = NewRecord(g).MarshalSGF()
	if !strings.Contains(string(data), "SZ[20:21]HA[-3]") || !strings.Contains(string(data), "RE[0]") || !strings.HasSuffix(string(data), ";XRE[adjudicate:draw])\n") {
		t.Errorf("got %s", data)
	}
	bad := &Record{Moves: []Move{{Kind: Place, Hole: Hole{4, 4}}, {Kind: Place, Hole: Hole{4, 4}}}}
	if _, err := bad.MarshalSGF(); !errors.Is(err, ErrOccupied) {
		t.Errorf("an illegal record: %v", err)
	}
}
