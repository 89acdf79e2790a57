package render

import (
	"errors"
	"slices"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

func TestFromGame(t *testing.T) {
	g := playMoves(t, game.Settings{Swap: game.SwapSides}, "j12 swap m10 k14")
	v := FromGame(g, "Alice", "Bob")
	if v.Size != (game.Size{Cols: 24, Rows: 24}) || v.Double || v.Turns != 4 {
		t.Errorf("size %s, double %v, turns %d", v.Size, v.Double, v.Turns)
	}
	// After the sides swap, Bob (seat 2) plays Red.
	want := []Player{{Seat: 1, Color: game.Black, Name: "Alice"}, {Seat: 2, Color: game.Red, Name: "Bob"}}
	if !slices.Equal(v.Players, want) {
		t.Errorf("players %v, want %v", v.Players, want)
	}
	if v.ToMove != 1 || v.Turn != game.Black {
		t.Errorf("to move: %s %s, want seat 1 black", v.ToMove, v.Turn)
	}
	if !slices.Equal(v.Red.Pegs, g.Pegs(game.Red)) || !slices.Equal(v.Black.Links, g.Links(game.Black)) {
		t.Error("pegs or links differ from the game's")
	}
	if v.Last == nil || v.Last.Hole != (game.Hole{Col: 10, Row: 13}) || v.Last.Color != game.Red || v.Last.Number != 4 ||
		!slices.Equal(v.Last.Added, []game.Link{game.NewLink(game.Hole{Col: 9, Row: 11}, game.Hole{Col: 10, Row: 13})}) {
		t.Errorf("last move %+v", v.Last)
	}
	if len(v.WinPegs) != 0 || v.Result.Over() {
		t.Error("no win yet")
	}
	if err := v.Validate(); err != nil {
		t.Error(err)
	}
	if p, ok := v.Player(2); !ok || p.Name != "Bob" {
		t.Errorf("Player(2) = %v, %v", p, ok)
	}
	if _, ok := v.Player(3); ok {
		t.Error("Player(3) in a two-player game")
	}
	if team := v.Team(game.Red); len(team) != 1 || team[0].Seat != 2 {
		t.Errorf("Team(Red) = %v", team)
	}

	// A won game carries its chain; the view is a copy that later moves
	// do not touch.
	g = playMoves(t, game.Settings{Size: game.Size{Cols: 5, Rows: 5}}, "c1 a2 d3 a4 c5")
	v = FromGame(g)
	if len(v.WinPegs) != 3 || len(v.WinLinks) != 2 || v.Result.Winner != game.Red {
		t.Errorf("win: %v %v %s", v.WinPegs, v.WinLinks, v.Result)
	}
	if v.ToMove != 0 || v.Turn != game.NoColor {
		t.Errorf("game over, yet %s %s to move", v.ToMove, v.Turn)
	}
	if len(v.Players) != 2 || v.Players[0].Name != "" {
		t.Errorf("players without names: %v", v.Players)
	}

	// Double TwixT: four seats in two teams, Privilege per team.
	g = playMoves(t, game.Settings{Players: 4}, "j12 k10 l11 privilege")
	v = FromGame(g, "A", "B", "C", "D")
	if !v.Double || len(v.Players) != 4 || !v.Red.PrivilegeUsed || v.Black.PrivilegeUsed || v.ToMove != 1 {
		t.Errorf("double: %+v", v)
	}
	if team := v.Team(game.Black); len(team) != 2 || team[0].Name != "B" || team[1].Name != "D" {
		t.Errorf("black team %v", team)
	}
}

func TestValidate(t *testing.T) {
	var ve *ViewError
	err := (&View{Size: game.Size{Cols: 5, Rows: 5}, Black: Side{Pegs: []game.Hole{{Col: 4, Row: 4}}}}).Validate()
	if !errors.As(err, &ve) || ve.Field != "Black.Pegs" || !errors.Is(err, ErrBadView) {
		t.Errorf("corner peg: %v", err)
	}
	if err := (&View{Size: game.Size{Cols: 5, Rows: 5}}).Validate(); err != nil {
		t.Errorf("empty 5x5: %v", err)
	}
	if err := (*View)(nil).Validate(); !errors.Is(err, ErrBadView) {
		t.Errorf("nil view: %v", err)
	}
}

func TestParseOptions(t *testing.T) {
	for _, th := range Themes() {
		got, err := ParseTheme(th.String())
		if err != nil || got != th {
			t.Errorf("ParseTheme(%q) = %v, %v", th, got, err)
		}
	}
	for _, sc := range Scales() {
		got, err := ParseScale(sc.String())
		if err != nil || got != sc {
			t.Errorf("ParseScale(%q) = %v, %v", sc, got, err)
		}
	}
	for in, want := range map[string]Theme{"": Classic, "PBMSERV": Classic, " Kosmos ": Kosmos, "colourblind": Colorblind, "cb": Colorblind} {
		if got, err := ParseTheme(in); err != nil || got != want {
			t.Errorf("ParseTheme(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for in, want := range map[string]Scale{"": Medium, "S": Small, "big": Large, "default": Medium} {
		if got, err := ParseScale(in); err != nil || got != want {
			t.Errorf("ParseScale(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseTheme("neon"); !errors.Is(err, ErrBadTheme) {
		t.Errorf("ParseTheme(neon): %v", err)
	}
	if _, err := ParseScale("huge"); !errors.Is(err, ErrBadScale) {
		t.Errorf("ParseScale(huge): %v", err)
	}
	if Kosmos.SideName(game.Red) != "White" || Classic.SideName(game.Red) != "Red" || Colorblind.SideName(game.Black) != "Black" {
		t.Error("side names")
	}
	if Theme(9).String() != "theme(9)" || Scale(9).String() != "scale(9)" {
		t.Error("names of unknown values")
	}
}

func FuzzParseTheme(f *testing.F) {
	for _, s := range []string{"classic", "kosmos", "colorblind", "", "CB", "x", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		th, err := ParseTheme(s)
		if err != nil {
			if !errors.Is(err, ErrBadTheme) || th != Classic {
				t.Fatalf("ParseTheme(%q) = %v, %v", s, th, err)
			}
			return
		}
		if back, err := ParseTheme(th.String()); err != nil || back != th {
			t.Fatalf("%q -> %v does not read back: %v, %v", s, th, back, err)
		}
	})
}

func FuzzParseScale(f *testing.F) {
	for _, s := range []string{"small", "medium", "large", "", "L", "x", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc, err := ParseScale(s)
		if err != nil {
			if !errors.Is(err, ErrBadScale) || sc != Medium {
				t.Fatalf("ParseScale(%q) = %v, %v", s, sc, err)
			}
			return
		}
		if back, err := ParseScale(sc.String()); err != nil || back != sc {
			t.Fatalf("%q -> %v does not read back: %v, %v", s, sc, back, err)
		}
	})
}

// FuzzRender builds views from arbitrary bytes, valid or not: drawing them
// never panics, and either fails with ErrBadView or makes a picture, a
// text board and an alt text.
func FuzzRender(f *testing.F) {
	f.Add([]byte{5, 5, 2, 1, 3, 3, 1, 2}, "Alice", uint8(0))
	f.Add([]byte{24, 24, 10, 10, 11, 12, 12, 11, 0, 0}, "", uint8(5))
	f.Add([]byte{100, 7, 99, 6, 98, 4}, "Ω\x00\u202e", uint8(2))
	f.Add([]byte{4, 4}, "x", uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, name string, opt uint8) {
		if len(data) < 2 {
			return
		}
		v := &View{Size: game.Size{Cols: int(data[0]), Rows: int(data[1])}, Turns: len(data)}
		v.Players = []Player{{Seat: 1, Color: game.Red, Name: name}, {Seat: 2, Color: game.Black, Name: name}}
		v.ToMove, v.Turn = 1, game.Red
		var holes []game.Hole
		for i := 2; i+1 < len(data) && len(holes) < 40; i += 2 {
			holes = append(holes, game.Hole{Col: int(data[i]), Row: int(data[i+1])})
		}
		for i, h := range holes {
			s := v.Side(game.Color(1 + i%2))
			s.Pegs = append(s.Pegs, h)
			if i >= 2 {
				s.Links = append(s.Links, game.NewLink(holes[i-2], h))
			}
		}
		if len(holes) > 0 {
			v.Last = &LastMove{Hole: holes[len(holes)-1], Color: game.Red, Seat: 1}
		}
		o := Options{Theme: Theme(opt % 4), Scale: Scale(opt / 4 % 4)}
		_, err := Image(v, o)
		_, terr := Text(v, o)
		_ = AltText(v, o)
		if (err == nil) != (terr == nil) {
			t.Fatalf("Image and Text disagree: %v / %v", err, terr)
		}
		if err != nil && !errors.Is(err, ErrBadView) && !errors.Is(err, ErrBadTheme) && !errors.Is(err, ErrBadScale) {
			t.Fatalf("unexpected error %v", err)
		}
	})
}
