package game

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// roundTripSettings are the terms the round-trip games are played on:
// both rulesets, both swap styles, Double TwixT, odd and lettered-beyond-Z
// boards, handicaps of both kinds, and play after a dead draw.
var roundTripSettings = []Settings{
	{}, {Swap: SwapSides}, {Swap: SwapMirror, Ruleset: PP}, {Players: 4}, {Players: 4, Ruleset: PP},
	{Size: Size{7, 9}}, {Handicap: 3, ExtraMoves: 2}, {Handicap: -2, Ruleset: PP},
	{Size: Size{30, 11}, NoAutoDraw: true}, {Size: Size{27, 27}, Swap: SwapMirror},
	{Ruleset: ThreeM}, {Ruleset: ThreeM, Players: 4, Size: Size{9, 9}},
	{Opening: OpeningPie3}, {Opening: OpeningCentre, ExtraMoves: 3, Size: Size{13, 13}},
}

// playRandomGame plays a random game: mostly plain pegs, with swaps,
// explicit links and bare '+', link removals in standard, Privilege in
// Double TwixT and move numbers (randomMove; the moves the rules refuse
// are simply not played). A game still going after that ends, about half
// the time, by a resignation (by the side to move or a named side), an
// agreed draw, a loss on time, an adjudication or an abort.
func playRandomGame(t testing.TB, s Settings, seed uint64) *Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 17))
	g, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	turns := r.IntN(160)
	for g.Turns() < turns && !g.Over() {
		g.PlayMove(randomMove(g, r)) // a refused move changes nothing
	}
	if g.Over() {
		return g
	}
	side := []Color{Red, Black}[r.IntN(2)]
	var end Move
	switch r.IntN(12) {
	case 0:
		end = Move{Kind: Resign}
	case 1:
		end = Move{Kind: Resign, Color: side}
	case 2:
		end = Move{Kind: Draw}
	case 3:
		end = Move{Kind: Conclude, Reason: Timeout, Color: side}
	case 4:
		end = Move{Kind: Conclude, Reason: Adjudication, Color: side}
	case 5:
		end = Move{Kind: Conclude, Reason: Adjudication}
	case 6:
		end = Move{Kind: Conclude, Reason: Aborted}
	default:
		return g
	}
	if _, err := g.PlayMove(end); err != nil {
		t.Fatalf("%v: %v", end, err)
	}
	return g
}

// resolvedLog is g's log with each resignation naming the side that
// resigned: SGF has no move without a colour, so "resign" (the side to
// move) comes back as that side's resignation.
func resolvedLog(t testing.TB, g *Game) []Move {
	t.Helper()
	again, err := New(g.Settings())
	if err != nil {
		t.Fatal(err)
	}
	log := normalizeLog(g.Log())
	for i, m := range log {
		if _, err := again.PlayMove(m); err != nil {
			t.Fatalf("the log does not replay at %v: %v", m, err)
		}
		if m.Kind == Resign && m.Color == NoColor {
			log[i].Color = again.Result().Winner.Opponent()
		}
	}
	return log
}

// otherSettings differs from s in every field, as flags that a record
// stating all its settings must override.
func otherSettings(s Settings) Settings {
	o := Settings{Size: Size{11, 13}, Ruleset: PP, Players: 4, Swap: SwapMirror, Handicap: 1, ExtraMoves: 1, NoAutoDraw: !s.NoAutoDraw}
	if s.Ruleset == PP {
		o.Ruleset = Standard
	}
	if s.Players == 4 {
		o.Players = 2
	}
	if s.Swap == SwapMirror {
		o.Swap = SwapSides
	}
	return o
}

// checkRoundTrip exports g in format f, reads it back (telling the format
// by content), replays it with flags that differ in every field, and
// checks that it is the same game: settings, names, log and position.
func checkRoundTrip(t testing.TB, g *Game, names []string, f Format) {
	t.Helper()
	data, err := NewRecord(g, names...).Marshal(f)
	if err != nil {
		t.Fatalf("export to %v: %v", f, err)
	}
	rec, err := ReadRecord(data, FormatAuto, "")
	if err != nil {
		t.Fatalf("reading back the %v export: %v\n%s", f, err, data)
	}
	if rec.Format != f {
		t.Fatalf("the %v export was read as %v", f, rec.Format)
	}
	again, err := rec.Replay(otherSettings(g.Settings()))
	if err != nil {
		t.Fatalf("the %v export does not replay: %v\n%s", f, err, data)
	}
	if again.Settings() != g.Settings() {
		t.Errorf("settings %v, want %v", again.Settings(), g.Settings())
	}
	for i, n := range names {
		if got := rec.Name(Seat(i + 1)); got != n {
			t.Errorf("seat %d is %q, want %q", i+1, got, n)
		}
	}
	want, got := normalizeLog(g.Log()), normalizeLog(again.Log())
	if f == FormatSGF {
		want, got = resolvedLog(t, g), resolvedLog(t, again)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("log changed through %v:\n got %v\nwant %v\n%s", f, got, want, data)
	}
	if snap(again) != snap(g) {
		t.Errorf("position changed through %v:\n got %+v\nwant %+v", f, snap(again), snap(g))
	}
	if a, b := again.Links(Red), g.Links(Red); !reflect.DeepEqual(a, b) {
		t.Errorf("red links %v, want %v", a, b)
	}
}

// TestRecordRoundTrip checks import(export(g)) == g in both written
// formats for random legal games in every setting.
func TestRecordRoundTrip(t *testing.T) {
	games := 15
	if testing.Short() {
		games = 4
	}
	names := [][]string{nil, {"Ann"}, {"Ann", "Bob [the] \\ builder"}, {"Ann", "", "Cy", "Di: the # one"}}
	for i, s := range roundTripSettings {
		for k := 0; k < games; k++ {
			seed := uint64(i*100 + k)
			g := playRandomGame(t, s, seed)
			for _, f := range []Format{FormatMoves, FormatSGF} {
				t.Run(fmt.Sprintf("%v/%d/%v", s, seed, f), func(t *testing.T) {
					checkRoundTrip(t, g, names[k%len(names)], f)
				})
			}
		}
	}
}

func FuzzRecordRoundTrip(f *testing.F) {
	for i := range roundTripSettings {
		f.Add(uint64(i), uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, variant uint8) {
		g := playRandomGame(t, roundTripSettings[int(variant)%len(roundTripSettings)], seed)
		checkRoundTrip(t, g, []string{"Red one", "Black one"}, FormatMoves)
		checkRoundTrip(t, g, []string{"Red one", "Black one"}, FormatSGF)
	})
}

// TestSwapNamesByColour: after a sides swap the players exchange colours,
// so the exports name each player by the colour they play from the swap
// on, the colour the result refers to. A reader that knows nothing of
// swaps (PW, PB and RE read as they are, or the moves header's red and
// black) credits the winner, and reading the record back gives every seat
// its own name.
func TestSwapNamesByColour(t *testing.T) {
	tests := []struct {
		name  string
		set   Settings
		moves []string
	}{
		{"sides swap, Red wins", Settings{Swap: SwapSides}, []string{"j12", "swap", "f7", "l14", "resign:black"}},
		{"sides swap, Black wins", Settings{Swap: SwapSides}, []string{"j12", "swap", "f7", "l14", "resign:red"}},
		{"sides swap, game going", Settings{Swap: SwapSides}, []string{"j12", "swap", "f7"}},
		{"mirror swap", Settings{Swap: SwapMirror}, []string{"e15", "swap", "f7", "resign:black"}},
		{"no swap", Settings{Swap: SwapSides}, []string{"j12", "f7", "resign:red"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustNew(t, tt.set)
			for _, m := range tt.moves {
				mv, err := parseRecordToken(m)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := g.PlayMove(mv); err != nil {
					t.Fatalf("%s: %v", m, err)
				}
			}
			names := []string{"alice", "bob"}
			nameOf := func(c Color) string { // who plays c now, by seat
				for s := Seat(1); s <= 2; s++ {
					if g.SeatColor(s) == c {
						return names[s-1]
					}
				}
				return ""
			}
			rec := NewRecord(g, names...)
			if got, want := rec.SidesSwapped(), tt.set.Swap == SwapSides && tt.moves[1] == "swap"; got != want {
				t.Errorf("SidesSwapped() = %v, want %v", got, want)
			}

			sgf, err := rec.MarshalSGF()
			if err != nil {
				t.Fatal(err)
			}
			prop := func(id string) string {
				m := regexp.MustCompile(`\b` + id + `\[([^\]]*)\]`).FindStringSubmatch(string(sgf))
				if m == nil {
					return ""
				}
				return m[1]
			}
			if pw, pb := prop("PW"), prop("PB"); pw != nameOf(Red) || pb != nameOf(Black) {
				t.Errorf("PW[%s] PB[%s], want PW[%s] PB[%s] (the players of White and Black now)\n%s", pw, pb, nameOf(Red), nameOf(Black), sgf)
			}
			if w := g.Result().Winner; w != NoColor {
				re, credited := prop("RE"), prop("PB")
				if strings.HasPrefix(re, "W+") {
					credited = prop("PW")
				}
				if credited != nameOf(w) {
					t.Errorf("RE[%s] credits %s; %s won\n%s", re, credited, nameOf(w), sgf)
				}
			}
			if strings.Contains(string(sgf), "swap") && !strings.Contains(string(sgf), ";B[swap]") {
				t.Errorf("the swap should be written B[swap], Black's turn\n%s", sgf)
			}

			moves := rec.MarshalMoves()
			for _, c := range []Color{Red, Black} {
				if line := "# " + strings.ToLower(c.Title()) + ": " + nameOf(c) + "\n"; !strings.Contains(string(moves), line) {
					t.Errorf("the moves header should say %q\n%s", line, moves)
				}
			}

			for _, data := range [][]byte{sgf, moves} {
				back, err := ReadRecord(data, FormatAuto, "")
				if err != nil {
					t.Fatal(err)
				}
				again, err := back.Replay(Settings{})
				if err != nil {
					t.Fatal(err)
				}
				for s := Seat(1); s <= 2; s++ {
					if back.Name(s) != names[s-1] || again.SeatColor(s) != g.SeatColor(s) {
						t.Errorf("%v: seat %d is %q playing %v, want %q playing %v", back.Format, s, back.Name(s), again.SeatColor(s), names[s-1], g.SeatColor(s))
					}
				}
				if again.Result() != g.Result() {
					t.Errorf("%v: result %v, want %v", back.Format, again.Result(), g.Result())
				}
			}
		})
	}
}
