package render

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// playMoves plays a list of moves on a new game: white space separated, in
// the move syntax or the words privilege, resign and draw; a '#' after a
// space starts a comment that runs to the end of the line.
func playMoves(tb testing.TB, s game.Settings, moves string) *game.Game {
	tb.Helper()
	g, err := game.New(s)
	if err != nil {
		tb.Fatal(err)
	}
	for _, line := range strings.Split(moves, "\n") {
		if i := strings.Index(line, "#"); i >= 0 && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			line = line[:i]
		}
		for _, m := range strings.Fields(line) {
			var err error
			switch m {
			case "privilege":
				_, err = g.PlayMove(game.Move{Kind: game.Privilege})
			case "resign":
				_, err = g.PlayMove(game.Move{Kind: game.Resign})
			case "draw":
				_, err = g.PlayMove(game.Move{Kind: game.Draw})
			default:
				_, err = g.PlayString(m)
			}
			if err != nil {
				tb.Fatalf("move %s: %v", m, err)
			}
		}
	}
	return g
}

// loadGame plays the moves in testdata/name.
func loadGame(tb testing.TB, s game.Settings, name string) *game.Game {
	tb.Helper()
	return playMoves(tb, s, readTestdata(tb, name))
}

// readTestdata returns the text of testdata/name.
func readTestdata(tb testing.TB, name string) string {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// gameOf plays moves, or the file testdata/NAME when moves is "@NAME".
func gameOf(tb testing.TB, s game.Settings, moves string) *game.Game {
	tb.Helper()
	if name, ok := strings.CutPrefix(moves, "@"); ok {
		return loadGame(tb, s, name)
	}
	return playMoves(tb, s, moves)
}

// midgame is the benchmark position: 24x24, 80 pegs, 60 links.
func midgame(tb testing.TB) *View {
	tb.Helper()
	return FromGame(loadGame(tb, game.Settings{}, "midgame24.moves"), "Alice", "Bob")
}

// decode draws v as a PNG and decodes it again, as a viewer would.
func decode(tb testing.TB, v *View, o Options) (image.Image, int) {
	tb.Helper()
	var buf bytes.Buffer
	if err := PNG(&buf, v, o); err != nil {
		tb.Fatal(err)
	}
	n := buf.Len()
	img, err := png.Decode(&buf)
	if err != nil {
		tb.Fatal(err)
	}
	return img, n
}

var update = flag.Bool("update", false, "rewrite the golden text files in testdata")

func itoa(n int) string { return strconv.Itoa(n) }
