package main

import (
	"fmt"
	"io"

	"github.com/twixtbot/twixtbot/game"
)

// runConvert is twixt convert: it replays a record, so only a record whose
// every move the rules accept converts, and writes the game, with all its
// settings stated, in the format --to names.
func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("convert", "convert --to sgf|moves [flags] FILE|- [-o OUT]", stderr)
	opts := addReplayFlags(fs)
	to := fs.String("to", "", "the format to write: sgf or moves")
	out := fs.String("o", "", "write to this file instead of standard output")
	path, code, ok := oneFile(fs, args, stderr)
	if !ok {
		return code
	}
	f, err := game.ParseFormat(*to)
	if err != nil || (f != game.FormatSGF && f != game.FormatMoves) {
		fmt.Fprintf(stderr, "twixt convert: --to %q: write sgf or moves\n", *to)
		return exitBad
	}
	rec, g, code, ok := opts.loadGame("convert", path, stdin, stderr)
	if !ok {
		return code
	}
	data, err := game.NewRecord(g, rec.Names...).Marshal(f)
	if err != nil {
		fmt.Fprintf(stderr, "twixt convert: %v\n", err)
		return exitBad
	}
	return writeOut("convert", *out, data, stdout, stderr)
}
