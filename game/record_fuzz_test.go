package game

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// addCorpusSeeds adds the corpus of real records, and the given texts, to
// a fuzz test's seeds.
func addCorpusSeeds(f *testing.F, extra ...string) {
	files, err := filepath.Glob(filepath.Join("testdata", "corpus", "*"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no corpus in testdata: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkReadRecord is the property every reader keeps: an error is a
// *ParseError that says where; a record that reads either replays, or
// stops at a move with the game as it was before it; and a game that
// replays survives export to both written formats and import.
func checkReadRecord(t *testing.T, rec *Record, err error) {
	t.Helper()
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrBadRecord) || pe.Line < 1 || pe.Error() == "" {
			t.Fatalf("a read error that does not say where: %v (%T)", err, err)
		}
		return
	}
	if len(rec.Source) != len(rec.Moves) {
		t.Fatalf("%d sources for %d moves", len(rec.Source), len(rec.Moves))
	}
	g, err := rec.Replay(Settings{})
	if err != nil {
		var re *ReplayError
		switch {
		case g == nil && (errors.Is(err, ErrBadSize) || errors.Is(err, ErrBadSettings)):
		case g != nil && errors.As(err, &re) && re.Index <= len(rec.Moves) && rec.Token(re.Index) != "":
		default:
			t.Fatalf("replay failed with %v (%T), game %v", err, err, g)
		}
		return
	}
	checkRoundTrip(t, g, rec.Names, FormatMoves)
	checkRoundTrip(t, g, rec.Names, FormatSGF)
}

func FuzzParseMovesRecord(f *testing.F) {
	addCorpusSeeds(f,
		"# size: 12\n# ruleset: pp\n# red: Ann\ne5 f7;g9#3 # a comment\nresign:black",
		"# players: 4\ne5 privilege f7 g9 h11 draw",
		"# swap: sides\ne5 swap f7 e7-e5/f7+ timeout:red",
		"e5 e5", "# handicap: 4\n# extra-moves: 2\nc3 d5 e7 j12", "adjudicate:draw", "\xff\xfe",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParseMovesRecord(data)
		checkReadRecord(t, rec, err)
		if err != nil {
			return
		}
		// What reads, writes and reads back the same, header and all,
		// whether or not the rules accept it.
		again, err := ParseMovesRecord(rec.MarshalMoves())
		if err != nil {
			t.Fatalf("the written record does not read: %v\n%s", err, rec.MarshalMoves())
		}
		if again.Settings != rec.Settings || again.Stated != rec.Stated || moveStrings(again.Moves) != moveStrings(rec.Moves) {
			t.Fatalf("changed in writing:\n%+v %v %v\n%+v %v %v", rec.Settings, rec.Stated, rec.Moves, again.Settings, again.Stated, again.Moves)
		}
		for s := Seat(1); s <= 4; s++ {
			if oneLine(rec.Name(s)) != again.Name(s) {
				t.Fatalf("seat %d's name %q became %q", s, rec.Name(s), again.Name(s))
			}
		}
	})
}

func FuzzParseSGF(f *testing.F) {
	addCorpusSeeds(f,
		"(;FF[4]GM[21]SZ[20:24]HA[4]RU[PP]PW[Ann]PB[Bob]RE[B+R];W[e5]MN[1];B[f7];W[e7-e5/f7+])",
		"(;GM[21];W[e5];B[swap];B[f7];W[resign])",
		"(;GM[21]XPLAYERS[4]XPW[Cy];W[e5];W[privilege];W[f7];B[forfeit])",
		"(;GM[21];W[e5](;B[f7])(;B[g9]))",
		"(;GM[21];W[e5];XRE[adjudicate:black])", "(;GM[21]PW[a\\]b\\\nc];W[e5])", "(;GM[21];W[e5];B[propose-draw];W[accept-draw])",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParseSGF(data)
		checkReadRecord(t, rec, err)
	})
}

func FuzzParseLG(f *testing.F) {
	addCorpusSeeds(f,
		"(;FF[4]PB[a]PW[b]SZ[24];b[cu];r[swap];b[dd|draw];r[resign])",
		"(;SZ[30];b[BB];r[Aa];b[draw])", "(;SZ[24];b[dd];r[ee];b[dd])",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParseLG(data)
		checkReadRecord(t, rec, err)
	})
}

func FuzzParseT1(f *testing.F) {
	addCorpusSeeds(f,
		"#\n#\n1\nA\nB\n12\n14\nH\nC\n2\nV\nN\nN\ne5\nf7\nresign\n",
		"#\n#\n\n\n\n\n\n\n\n\n\n\n\ne5\nswap\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParseT1(data)
		checkReadRecord(t, rec, err)
	})
}

// FuzzReadRecord tells the format by content, under a few file names, and
// reads: whatever the guess, reading never panics and says where it
// stopped.
func FuzzReadRecord(f *testing.F) {
	addCorpusSeeds(f, "e5 f7", "(;GM[21];W[e5])", "(;b[ee])")
	names := []string{"", "x.sgf", "x.tsgf", "x.T1", "x.txt"}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range names {
			rec, err := ReadRecord(data, FormatAuto, name)
			if err == nil && rec.Format != DetectFormat(data, name) {
				t.Fatalf("read as %v, detected as %v", rec.Format, DetectFormat(data, name))
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Line < 1 {
					t.Fatalf("a read error that does not say where: %v", err)
				}
			}
		}
	})
}
