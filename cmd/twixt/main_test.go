package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir holds the corpus of real records that package game tests with.
var corpusDir = filepath.Join("..", "..", "game", "testdata", "corpus")

// runCLI runs the command line in process and returns its exit status and
// output.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestCLI runs command lines and checks their exit status, their output
// byte for byte against the expected files in testdata (checked by hand
// against the documented JSON (replayResult): field order, lowercase holes, links with the smaller
// (column, row) first, nulls), and what standard error says.
func TestCLI(t *testing.T) {
	short := readTestdata(t, "short.moves")
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string // a file in testdata with the expected output, or ""
		stderr string // a text standard error must hold, or "" for none
	}{
		{"the documented example", []string{"replay", "testdata/short.moves"}, "", 0, "short.json", ""},
		{"standard input", []string{"replay", "-"}, short, 0, "short.json", ""},
		{"flags before and after the file", []string{"replay", "--ruleset", "standard", "-", "-size", "24x24"}, short, 0, "short.json", ""},
		{"a refused move", []string{"replay", "testdata/rejected.moves"}, "", 1, "rejected.json", ""},
		{"Double TwixT with Privilege", []string{"replay", "testdata/double.moves"}, "", 0, "double.json", ""},
		{"3M with a peg removed and its hole re-used", []string{"replay", "--ruleset", "3m", "testdata/threem.moves"}, "", 0, "threem.json", ""},
		{"a 3M removal under standard", []string{"replay", "testdata/threem.moves"}, "", 1, "threem-standard.json", ""},
		{"columns past z, rows past 9", []string{"replay", "testdata/wide.moves"}, "", 0, "wide.json", ""},
		{"SGF with a long move and RE", []string{"replay", "testdata/game.sgf"}, "", 0, "game.json", ""},
		{"convert to SGF", []string{"convert", "--to", "sgf", "testdata/double.moves"}, "", 0, "double.sgf", ""},
		{"convert to moves", []string{"convert", "testdata/game.sgf", "--to", "moves"}, "", 0, "game.moves", ""},

		{"a token that is not a move", []string{"replay", "testdata/bad.moves"}, "", 1, "bad.json", ""},
		{"a file that is not a record", []string{"replay", "-"}, "Dear Bob, how are you?\n", 2, "", `standard input: moves record, line 1 column 1 (token 1): cannot read "Dear"`},
		{"a file that is not there", []string{"replay", "testdata/none.moves"}, "", 2, "", "cannot read testdata/none.moves"},
		{"a directory", []string{"replay", "testdata"}, "", 2, "", "directory"},
		{"the wrong format", []string{"replay", "--format", "lg", "testdata/short.moves"}, "", 2, "", "lg record"},
		{"an unknown format", []string{"replay", "--format", "pgn", "-"}, short, 2, "", "--format"},
		{"a bad size", []string{"replay", "--size", "3", "-"}, short, 2, "", "--size"},
		{"a bad ruleset", []string{"replay", "--ruleset", "4m", "-"}, short, 2, "", "--ruleset"},
		{"a bad opening", []string{"replay", "--opening", "pie4", "-"}, short, 2, "", "--opening: bad opening: \"pie4\" (want plain, pie3 or centre)"},
		{"a bad swap", []string{"replay", "--swap", "maybe", "-"}, short, 2, "", "--swap"},
		{"three players", []string{"replay", "--players", "3", "-"}, short, 2, "", "3 players"},
		{"a handicap that leaves no board", []string{"replay", "--handicap", "22", "-"}, short, 2, "", "handicap 22"},
		{"no file", []string{"replay"}, "", 2, "", "want one record file"},
		{"two files", []string{"replay", "a", "b"}, "", 2, "", "got 2 arguments"},
		{"an unknown flag", []string{"replay", "--colour", "red", "-"}, short, 2, "", "flag provided but not defined"},
		{"help", []string{"replay", "-h"}, "", 0, "", "-no-auto-draw"},
		{"no command", nil, "", 2, "", "usage: twixt"},
		{"an unknown command", []string{"play"}, "", 2, "", `unknown command "play"`},
		{"convert without --to", []string{"convert", "-"}, short, 2, "", "write sgf or moves"},
		{"convert to a format only read", []string{"convert", "--to", "t1", "-"}, short, 2, "", "write sgf or moves"},
		{"convert a refused move", []string{"convert", "--to", "sgf", "testdata/rejected.moves"}, "", 1, "", "move 3 (c4) is refused: C4 already holds a red peg"},
		{"convert a file with a token that is not a move", []string{"convert", "--to", "sgf", "testdata/bad.moves"}, "", 1, "", "move 3 (5e) is refused: moves record, line 2 column 3"},
		{"convert a file that is not a record", []string{"convert", "--to", "sgf", "-"}, "Dear Bob\n", 2, "", "line 1 column 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tc.code, stderr)
			}
			want := ""
			if tc.stdout != "" {
				want = readTestdata(t, tc.stdout)
			}
			if stdout != want {
				t.Errorf("standard output\n%s\nwant\n%s", stdout, want)
			}
			if tc.stderr == "" && stderr != "" || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("standard error %q, want it to say %q", stderr, tc.stderr)
			}
		})
	}
}

// replayJSON runs twixt replay and decodes its output.
func replayJSON(t *testing.T, args ...string) (int, map[string]any) {
	t.Helper()
	code, stdout, stderr := runCLI(t, "", append([]string{"replay"}, args...)...)
	var out map[string]any
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("output is not JSON: %v\n%s\n%s", err, stdout, stderr)
	}
	return code, out
}

// TestReplayCorpus replays the corpus through the command line and checks
// the facts of its README in the JSON.
func TestReplayCorpus(t *testing.T) {
	tests := []struct {
		file   string
		flags  []string
		code   int
		moves  float64
		result any // nil for null
		reason any
		toMove any
		errMsg string
	}{
		{"game2206555.tsgf", nil, 0, 17, "red", "resignation", nil, ""},
		{"game2220939.tsgf", nil, 0, 21, "red", "resignation", nil, ""},
		{"sample.T1", nil, 0, 5, "red", "resignation", nil, ""},
		{"scl-issue.T1", nil, 0, 43, nil, nil, "black", ""},
		{"drawngame.T1", nil, 0, 58, "draw", "no-path", nil, ""},
		{"full_board.T1", nil, 1, 476, "draw", "no-path", nil, "the game is over"},
		{"full_board.T1", []string{"--no-auto-draw"}, 0, 572, "draw", "board-full", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.file+strings.Join(tc.flags, ""), func(t *testing.T) {
			code, out := replayJSON(t, append(tc.flags, filepath.Join(corpusDir, tc.file))...)
			if code != tc.code {
				t.Errorf("exit status %d, want %d", code, tc.code)
			}
			if out["moves"] != tc.moves || out["result"] != tc.result || out["reason"] != tc.reason || out["to_move"] != tc.toMove {
				t.Errorf("moves %v result %v reason %v to_move %v; want %v %v %v %v",
					out["moves"], out["result"], out["reason"], out["to_move"], tc.moves, tc.result, tc.reason, tc.toMove)
			}
			e, _ := out["error"].(map[string]any)
			switch {
			case tc.errMsg == "" && out["error"] != nil:
				t.Errorf("error %v, want null", out["error"])
			case tc.errMsg != "" && (e == nil || e["move"] != tc.moves+1 || !strings.Contains(e["message"].(string), tc.errMsg)):
				t.Errorf("error %v, want move %v refused: %s", out["error"], tc.moves+1, tc.errMsg)
			}
		})
	}
}

// TestConvertRoundTrip converts every corpus record to both written
// formats, to a file, and replays the result: the JSON must be the same as
// the original's.
func TestConvertRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.*"))
	if err != nil || len(files) < 6 {
		t.Fatalf("corpus: %v %v", files, err)
	}
	dir := t.TempDir()
	for _, file := range files {
		if strings.HasSuffix(file, ".md") {
			continue
		}
		for _, to := range []string{"sgf", "moves"} {
			t.Run(filepath.Base(file)+"/"+to, func(t *testing.T) {
				flags := []string{"--no-auto-draw"} // full_board.T1 converts only without it
				out := filepath.Join(dir, filepath.Base(file)+"."+to)
				code, _, stderr := runCLI(t, "", append([]string{"convert", "--to", to, "-o", out, file}, flags...)...)
				if code != 0 {
					t.Fatalf("convert: %d %s", code, stderr)
				}
				_, want, _ := runCLI(t, "", append([]string{"replay", file}, flags...)...)
				// The converted record states every setting: no flag
				// changes how it replays.
				_, got, stderr := runCLI(t, "", "replay", "--ruleset", "pp", "--swap", "off", out)
				if got != want {
					t.Errorf("replaying the %s conversion gives\n%s\nwant\n%s\n%s", to, got, want, stderr)
				}
			})
		}
	}
}

// TestReplayEdges: records at the edges that the issue found refused as a
// whole, or reported with the wrong reason.
func TestReplayEdges(t *testing.T) {
	dir := t.TempDir()
	ns := filepath.Join(dir, "ns.T1")
	if err := os.WriteFile(ns, []byte("#\n#\n1\nA\nB\n20\n24\nH\nH\n1\nV\nY\nN\nj12\ne5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		reason any
		errMsg string
	}{
		{"a T1 file of a non-square board with the pie rule", []string{ns}, "", 0, nil, ""},
		{"mirror swap on 10x12, nobody swaps", []string{"--swap", "mirror", "--size", "10x12", "-"}, "c4 e5 d6\n", 0, nil, ""},
		{"mirror swap on 20x24 that cannot be played", []string{"--swap", "mirror", "--size", "20x24", "-"}, "c23 swap\n", 1, nil,
			"the mirror swap needs a square board, and this one is 20x24"},
		{"a swap in Double TwixT", []string{"--players", "4", "-"}, "j12 swap\n", 1, nil, "Double TwixT is played without the pie rule"},
		{"full and no path at once", []string{"--size", "5x5", "--ruleset", "pp", "--swap", "sides", "-"},
			"b2+ d4+#2 b5 e2 c2#5 d3 d2 b4 d1+b2/d1 a4#10 c1 a3 b1 e3+#14 c4+ b3 d5 e4+ c5 a2+a2/b4 c3+\n", 0, "no-path", ""},
		{"cut the pie, then a colour choice", []string{"--opening", "pie3", "-"}, "j12 k14 m12 choose:red p10\n", 0, nil, ""},
		{"cut the pie without the choice", []string{"--opening", "pie3", "-"}, "j12 k14 m12 p10\n", 1, nil, "first choose your colour, as the cut-the-pie opening asks"},
		{"Kosmos centre, first peg off centre", []string{"--opening", "centre", "-"}, "c3\n", 1, nil, "goes in the middle: L12, L13, M12 or M13"},
		// A token that is not a move is refused like a move: exit 1 and
		// the JSON of the state before it.
		{"a bare + after a move", []string{"-"}, "j12 +\n", 1, nil, `(token 2): cannot read "+"`},
		{"move number 0", []string{"-"}, "j12#0\n", 1, nil, "expected a move number after '#'"},
		{"a resignation by white", []string{"-"}, "j12 e5 resign:white\n", 1, nil, `cannot read "resign:white" at "white": expected red or black`},
		{"a T1 move that is not a hole", []string{"--format", "t1", "-"}, "#\n#\n1\nA\nB\n24\n24\nH\nH\n1\nV\nY\nN\nj12\nj1x2\n", 1, nil, `t1 record, line 15 column 1: expected a hole such as I9`},
		{"an SGF move that is not a move", []string{"-"}, "(;GM[21];W[j12];B[j12x])", 1, nil, `sgf record, line 1 column 19`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.stdin, append([]string{"replay"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit status %d, want %d (stderr %q)", code, tc.code, stderr)
			}
			var out map[string]any
			if err := json.Unmarshal([]byte(stdout), &out); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, stdout)
			}
			if out["reason"] != tc.reason {
				t.Errorf("reason %v, want %v", out["reason"], tc.reason)
			}
			e, _ := out["error"].(map[string]any)
			if tc.errMsg == "" && e != nil || tc.errMsg != "" && (e == nil || !strings.Contains(e["message"].(string), tc.errMsg)) {
				t.Errorf("error %v, want it to say %q", out["error"], tc.errMsg)
			}
		})
	}
}

// TestConvertNewRules: convert carries the 3M ruleset and the cut-the-pie
// opening into both written formats, and they read back to the same game.
func TestConvertNewRules(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		stdin string
		want  []string
	}{
		{[]string{"--ruleset", "3m", "--to", "sgf"}, "c4 e5 d6--c4 c4\n", []string{"RU[3M]", "W[d6--c4]"}},
		{[]string{"--ruleset", "3m", "--to", "moves"}, "c4 e5 d6--c4 c4\n", []string{"# ruleset: 3m\n", "\nd6--c4\n"}},
		{[]string{"--opening", "pie3", "--to", "sgf"}, "j12 k14 m12 choose:red p10\n", []string{"XOPENING[pie3]", "B[choose:red]"}},
		{[]string{"--opening", "pie3", "--to", "moves"}, "j12 k14 m12 choose:red p10\n", []string{"# opening: pie3\n", "\nchoose:red\n"}},
	} {
		code, out, stderr := runCLI(t, tc.stdin, append([]string{"convert"}, append(tc.args, "-")...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, out)
			}
		}
		// Read back with no flags: the record states its rules.
		if code, _, stderr := runCLI(t, out, "replay", "-"); code != 0 {
			t.Errorf("%v: the converted record does not replay: %s", tc.args, stderr)
		}
	}
}
