package render_test

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
	"github.com/twixtbot/twixtbot/render"
)

// A 5x5 game that Red wins on its third peg.
func wonGame() *game.Game {
	g, err := game.New(game.Settings{Size: game.Size{Cols: 5, Rows: 5}})
	if err != nil {
		panic(err)
	}
	for _, m := range []string{"c1", "a2", "d3", "a4", "c5"} {
		if _, err := g.PlayString(m); err != nil {
			panic(err)
		}
	}
	return g
}

func ExamplePNG() {
	g := wonGame()
	v := render.FromGame(g, "Alice", "Bob")
	o := render.Options{Theme: render.Kosmos}
	var buf bytes.Buffer
	if err := render.PNG(&buf, v, o); err != nil {
		panic(err)
	}
	// The bot attaches buf.Bytes() with render.AltText(v, o) as its
	// description. Here, decode it and find C1, the first winning peg (C5,
	// the last move, carries the last move's dot).
	img, err := png.Decode(&buf)
	if err != nil {
		panic(err)
	}
	l, err := render.NewLayout(v.Size, o)
	if err != nil {
		panic(err)
	}
	p := l.Pixel(game.Hole{Col: 2, Row: 0})
	r, g8, b, _ := img.At(p.X, p.Y).RGBA()
	fmt.Printf("%dx%d, C1 is %s\n", img.Bounds().Dx(), img.Bounds().Dy(), map[bool]string{true: "white", false: "dark"}[r>>8 > 200 && g8>>8 > 200 && b>>8 > 200])
	// Output: 360x312, C1 is white
}

func ExampleAltText() {
	v := render.FromGame(wonGame(), "Alice", "Bob")
	fmt.Println(render.AltText(v, render.Options{}))
	// Output: TwixT board 5x5 after move 5. Red wins by connection, with a chain of 3 pegs from C1 to C5. Last move: Alice (Red) at C5, linked to D3. Red (Alice): 3 pegs, 2 links. Black (Bob): 2 pegs, 0 links.
}

// The alt text in the reader's language: Options.Lang (l10n.German here;
// the zero value is English) changes the words, the theme the side names.
func ExampleAltText_german() {
	v := render.FromGame(wonGame(), "Alice", "Bob")
	fmt.Println(render.AltText(v, render.Options{Lang: l10n.German, Theme: render.Kosmos}))
	// Output: TwixT-Spielfeld 5x5 nach Zug 5. Weiß gewinnt durch Verbindung, mit einer Kette aus 3 Pfeilern von C1 bis C5. Letzter Zug: Alice (Weiß) auf C5, verbunden mit D3. Weiß (Alice): 3 Pfeiler, 2 Brücken. Schwarz (Bob): 2 Pfeiler, 0 Brücken.
}

func ExampleTheme_SideNameIn() {
	for _, l := range l10n.Langs() {
		fmt.Println(l, render.Kosmos.SideNameIn(l, game.Red), render.Classic.SideNameIn(l, game.Red))
	}
	// Output:
	// en White Red
	// de Weiß Rot
	// fr Blanc Rouge
	// it Bianco Rosso
	// es Blanco Rojo
}

func ExampleText() {
	v := render.FromGame(wonGame(), "Alice", "Bob")
	s, err := render.Text(v, render.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Print(s)
	// Output:
	//   A  B  C  D  E
	// 1    .  O  .     1
	//     :----\--:
	// 2 # :.  .| .: .  2
	//     :     \ :
	// 3 . :.  .  O: .  3
	//     :     / :
	// 4 # :.  . |.: .  4
	//     :----/--:
	// 5    .  O  .     5
	//   A  B  C  D  E
	// O Red (top-bottom)   # Black (left-right)
	// Red wins by connection · 5 moves · last: Red C5 · 5x5
}

func ExampleNewLayout() {
	l, err := render.NewLayout(game.Size{Cols: 24, Rows: 24}, render.Options{})
	if err != nil {
		panic(err)
	}
	x, y := l.Center(game.Hole{Col: 9, Row: 11}) // J12
	fmt.Printf("%dx%d picture, holes %d px apart, J12 at (%.0f, %.0f)\n", l.Width, l.Height, l.Spacing, x, y)
	// Output: 534x602 picture, holes 20 px apart, J12 at (217, 329)
}

func ExampleParseTheme() {
	th, err := render.ParseTheme("kosmos")
	if err != nil {
		panic(err)
	}
	fmt.Println(th, th.SideName(game.Red), th.SideName(game.Black))
	_, err = render.ParseTheme("neon")
	fmt.Println(err)
	// Output:
	// kosmos White Black
	// unknown theme: "neon" (want classic, kosmos or colorblind)
}

func ExampleZoomPNG() {
	// A 48x48 board is about 960 pixels wide; the zoomed picture shows
	// the 17x17 holes around the last move at the same scale.
	g, err := game.New(game.Settings{Size: game.Size{Cols: 48, Rows: 48}})
	if err != nil {
		panic(err)
	}
	for _, m := range []string{"ac40", "ae44"} {
		if _, err := g.PlayString(m); err != nil {
			panic(err)
		}
	}
	v := render.FromGame(g, "Alice", "Bob")
	var buf bytes.Buffer
	if err := render.ZoomPNG(&buf, v, render.Options{}); err != nil {
		panic(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		panic(err)
	}
	w := render.ZoomWindow(v)
	fmt.Printf("holes %s, %dx%d picture\n", w, img.Bounds().Dx(), img.Bounds().Dy())
	// Output: holes W32-AM48, 373x365 picture
}
