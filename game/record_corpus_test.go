package game

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// readCorpus reads a record of testdata/corpus, a copy of the shared
// corpus of real games, telling its format by content and name.
func readCorpus(t testing.TB, name string) *Record {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", name))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ReadRecord(data, FormatAuto, name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rec
}

// prefix returns the record cut after its first n moves.
func recordPrefix(r *Record, n int) *Record {
	c := *r
	c.Moves = r.Moves[:n]
	c.Source = r.Source[:n]
	c.Result = Result{}
	return &c
}

type sideFacts struct{ pegs, links int }

// TestCorpus replays every file of the corpus to exactly the facts its
// README states.
func TestCorpus(t *testing.T) {
	const none = -1
	tests := []struct {
		file   string
		base   Settings // the flags: what the file does not state
		format Format
		turns  int
		result Result
		toMove Seat // with the game going
		red    sideFacts
		black  sideFacts
		// rejected is the index in the log of the move the rules refuse,
		// or none; rejectedErr is what it wraps.
		rejected    int
		rejectedErr error
		// notOverAfter is a number of moves after which the game must
		// still be going, or none.
		notOverAfter int
		check        func(t *testing.T, rec *Record, g *Game)
	}{
		{
			file: "game2206555.tsgf", format: FormatLG, turns: 17,
			result: Result{Winner: Red, Reason: Resignation},
			red:    sideFacts{9, 5}, black: sideFacts{8, 3},
			rejected: none, notOverAfter: 17,
			check: func(t *testing.T, rec *Record, g *Game) {
				if rec.Moves[17].Kind != Resign || rec.Moves[17].Color != Black {
					t.Errorf("r[resign] read as %+v, want the second player (Black) resigning", rec.Moves[17])
				}
				if rec.Name(1) != "Hekate" || rec.Name(2) != "Goro56" {
					t.Errorf("names %q, want PB Hekate first, PW Goro56 second", rec.Names)
				}
				// Column letter first, then row letter: r[th] is T8, b[kj] K10.
				if g.Settings().Ruleset != PP || g.Peg(mustHole(t, "t8")) != Black || g.Peg(mustHole(t, "k10")) != Red || g.Peg(mustHole(t, "h20")) != NoColor {
					t.Errorf("want TwixT PP, Black on t8 and Red on k10: %v, %v, %v", g.Settings(), g.Pegs(Black), g.Pegs(Red))
				}
			},
		},
		{
			file: "game2220939.tsgf", format: FormatLG, turns: 21,
			result: Result{Winner: Red, Reason: Resignation},
			red:    sideFacts{11, 4}, black: sideFacts{10, 4},
			rejected: none, notOverAfter: 21,
		},
		{
			file: "sample.T1", format: FormatT1, turns: 5,
			result: Result{Winner: Red, Reason: Resignation},
			red:    sideFacts{2, none}, black: sideFacts{2, none},
			rejected: none, notOverAfter: 5,
			check: func(t *testing.T, rec *Record, g *Game) {
				after, err := recordPrefix(rec, 2).Replay(Settings{})
				if err != nil {
					t.Fatal(err)
				}
				if got := holesString(after.Pegs(Black)); got != "o5" || len(after.Pegs(Red)) != 0 {
					t.Errorf("after e15 and the mirror swap Black has %q and Red %v, want o5 and nothing", got, after.Pegs(Red))
				}
				if g.Peg(mustHole(t, "o5")) != Black || g.Peg(mustHole(t, "e15")) != NoColor {
					t.Error("at the end o5 should still be Black's and e15 empty")
				}
				if o, _ := g.Last(); o.Seat != 1 {
					t.Errorf("P12, the last turn, was made by %v, want seat 1", o.Seat)
				}
			},
		},
		{
			file: "scl-issue.T1", format: FormatT1, turns: 43, toMove: 2,
			red: sideFacts{none, none}, black: sideFacts{none, none},
			rejected: none, notOverAfter: 43,
			check: func(t *testing.T, rec *Record, g *Game) {
				if rec.Moves[1].Kind != Swap {
					t.Errorf("the second move is %v, want the swap", rec.Moves[1])
				}
				if _, c := g.ToMove(); c != Black {
					t.Errorf("%v to move, want the second player, Black", c)
				}
			},
		},
		{
			file: "drawngame.T1", format: FormatT1, turns: 58,
			result: Result{Reason: NoPath},
			red:    sideFacts{29, none}, black: sideFacts{29, none},
			rejected: none, notOverAfter: 57,
		},
		{
			file: "full_board.T1", format: FormatT1, turns: 476,
			result: Result{Reason: NoPath},
			red:    sideFacts{238, none}, black: sideFacts{238, none},
			rejected: 476, rejectedErr: ErrGameOver, notOverAfter: 475,
			check: func(t *testing.T, rec *Record, g *Game) {
				if len(rec.Moves) != 572 || g.Size().Holes() != 572 {
					t.Errorf("%d moves on %d holes, want 572 on 572", len(rec.Moves), g.Size().Holes())
				}
			},
		},
		{
			file: "full_board.T1", format: FormatT1, base: Settings{NoAutoDraw: true}, turns: 572,
			result: Result{Reason: BoardFull},
			red:    sideFacts{286, none}, black: sideFacts{286, none},
			rejected: none, notOverAfter: 571,
		},
	}
	for _, tc := range tests {
		name := tc.file
		if tc.base.NoAutoDraw {
			name += "/no-auto-draw"
		}
		t.Run(name, func(t *testing.T) {
			rec := readCorpus(t, tc.file)
			if rec.Format != tc.format {
				t.Errorf("format %v, want %v", rec.Format, tc.format)
			}
			g, err := rec.Replay(tc.base)
			if tc.rejected == none {
				if err != nil {
					t.Fatalf("a move was refused: %v", err)
				}
			} else {
				var re *ReplayError
				if !errors.As(err, &re) || re.Index != tc.rejected || !errors.Is(err, tc.rejectedErr) {
					t.Fatalf("got %v, want move %d refused with %v", err, tc.rejected+1, tc.rejectedErr)
				}
			}
			if g.Turns() != tc.turns {
				t.Errorf("%d turns, want %d", g.Turns(), tc.turns)
			}
			if g.Result() != tc.result {
				t.Errorf("result %v, want %v", g.Result(), tc.result)
			}
			if seat, _ := g.ToMove(); seat != tc.toMove {
				t.Errorf("%v to move, want %v", seat, tc.toMove)
			}
			for _, side := range []struct {
				c    Color
				want sideFacts
			}{{Red, tc.red}, {Black, tc.black}} {
				if n := len(g.Pegs(side.c)); side.want.pegs != none && n != side.want.pegs {
					t.Errorf("%s has %d pegs, want %d", side.c, n, side.want.pegs)
				}
				if n := len(g.Links(side.c)); side.want.links != none && n != side.want.links {
					t.Errorf("%s has %d links, want %d", side.c, n, side.want.links)
				}
			}
			if tc.notOverAfter != none {
				early, err := recordPrefix(rec, tc.notOverAfter).Replay(tc.base)
				if err != nil || early.Over() {
					t.Errorf("after %d moves: %v, %v; want the game still going", tc.notOverAfter, err, early.Result())
				}
			}
			if tc.check != nil {
				tc.check(t, rec, g)
			}
		})
	}
}
