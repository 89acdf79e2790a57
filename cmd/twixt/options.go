package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/twixtbot/twixtbot/game"
)

// replayOptions are the flags shared by every command that reads a game
// record (replay, convert and render): the format, and the
// settings for what the record's own header does not state.
type replayOptions struct {
	format     string
	size       string
	ruleset    string
	players    int
	swap       string
	handicap   int
	extraMoves int
	noAutoDraw bool
	opening    string
}

// addReplayFlags defines the replay flags on fs.
func addReplayFlags(fs *flag.FlagSet) *replayOptions {
	o := &replayOptions{}
	fs.StringVar(&o.format, "format", "auto", "record format: auto (by content and extension), moves, sgf, lg or t1")
	fs.StringVar(&o.size, "size", "24", "board size before any handicap: COLSxROWS, or one number for a square board")
	fs.StringVar(&o.ruleset, "ruleset", "standard", "ruleset: standard, pp or 3m (standard with the removal of own pegs)")
	fs.IntVar(&o.players, "players", 2, "players: 2, or 4 for Double TwixT")
	fs.StringVar(&o.swap, "swap", "sides", "pie rule: sides (colours change, the peg stays), mirror (the peg is mirrored, as on Little Golem) or off")
	fs.IntVar(&o.handicap, "handicap", 0, "pbmserv handicap: N > 0 takes N columns off the board, N < 0 takes -N rows off")
	fs.IntVar(&o.extraMoves, "extra-moves", 0, "Kosmos head start: extra pegs for Red before Black's first move (0-3)")
	fs.BoolVar(&o.noAutoDraw, "no-auto-draw", false, "keep playing after neither side can still connect")
	fs.StringVar(&o.opening, "opening", "plain", "opening: plain, pie3 (cut the pie: two red pegs and a black one, then the other player chooses a colour) or centre (Kosmos centre handicap)")
	return o
}

// settings returns the format and the settings the flags give.
func (o *replayOptions) settings() (game.Format, game.Settings, error) {
	f, err := game.ParseFormat(o.format)
	if err != nil {
		return 0, game.Settings{}, fmt.Errorf("--format: %w", err)
	}
	var s game.Settings
	if s.Size, err = game.ParseSize(o.size); err != nil {
		return 0, s, fmt.Errorf("--size: %w", err)
	}
	if s.Ruleset, err = game.ParseRuleset(o.ruleset); err != nil {
		return 0, s, fmt.Errorf("--ruleset: %w", err)
	}
	if s.Swap, err = game.ParseSwapStyle(o.swap); err != nil {
		return 0, s, fmt.Errorf("--swap: %w", err)
	}
	if s.Opening, err = game.ParseOpening(o.opening); err != nil {
		return 0, s, fmt.Errorf("--opening: %w", err)
	}
	s.Players, s.Handicap, s.ExtraMoves, s.NoAutoDraw = o.players, o.handicap, o.extraMoves, o.noAutoDraw
	return f, s, nil
}

// maxInput bounds what is read from a file or standard input.
const maxInput = 64 << 20

// load reads the record at path ("-" for stdin) and replays it with the
// flags' settings for what it does not state.
//
// When a move is refused, load returns the record, the game as it stood
// before that move, and a *game.ReplayError (see rejected). Any other
// error means the record could not be loaded (unreadable, unparseable, or
// settings that are not valid), and the game is nil.
func (o *replayOptions) load(path string, stdin io.Reader) (*game.Record, *game.Game, error) {
	f, base, err := o.settings()
	if err != nil {
		return nil, nil, err
	}
	var data []byte
	name := path
	if path == "-" {
		name = ""
		data, err = io.ReadAll(io.LimitReader(stdin, maxInput+1))
	} else {
		data, err = readFile(path)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("cannot read %s: %w", displayName(path), err)
	}
	if len(data) > maxInput {
		return nil, nil, fmt.Errorf("%s: more than %d bytes; that is no game record", displayName(path), maxInput)
	}
	rec, err := game.ReadRecord(data, f, name)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", displayName(path), err)
	}
	g, err := rec.Replay(base)
	if g == nil {
		return rec, nil, fmt.Errorf("%s: the game's settings: %w", displayName(path), err)
	}
	return rec, g, err
}

func readFile(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, errors.New("it is a directory")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxInput+1))
}

func displayName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

// loadGame loads the record for a command that needs every move accepted
// (convert, render). On failure it says why on stderr and returns the exit
// status: exitRejected for a move the rules refuse, exitBad for a file
// that cannot be read.
func (o *replayOptions) loadGame(command, path string, stdin io.Reader, stderr io.Writer) (*game.Record, *game.Game, int, bool) {
	rec, g, err := o.load(path, stdin)
	if re, isRejected := rejected(err); isRejected {
		fmt.Fprintf(stderr, "twixt %s: %s: move %d (%s) is refused: %v\n", command, displayName(path), g.Turns()+1, rec.Token(re.Index), re.Err)
		return nil, nil, exitRejected, false
	}
	if err != nil {
		fmt.Fprintf(stderr, "twixt %s: %v\n", command, err)
		return nil, nil, exitBad, false
	}
	return rec, g, exitOK, true
}

// writeOut writes data to the file out, or to stdout when out is empty.
func writeOut(command, out string, data []byte, stdout, stderr io.Writer) int {
	var err error
	if out == "" {
		_, err = stdout.Write(data)
	} else {
		err = os.WriteFile(out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "twixt %s: cannot write: %v\n", command, err)
		return exitBad
	}
	return exitOK
}

// rejected reports whether err is a move the rules refused.
func rejected(err error) (*game.ReplayError, bool) {
	var re *game.ReplayError
	ok := errors.As(err, &re)
	return re, ok
}

// parseArgs parses fs's flags from args, allowing flags after the
// positional arguments too (twixt replay FILE --size 12), and returns the
// positional ones. flag.ErrHelp comes back for -h.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// newFlagSet returns a flag set for a command that writes its errors and
// help to stderr.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: twixt %s\n\nflags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// oneFile parses the command line of a command that reads one record. It
// returns the file, or the exit status to stop with.
func oneFile(fs *flag.FlagSet, args []string, stderr io.Writer) (string, int, bool) {
	pos, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return "", exitOK, false
	}
	if err != nil {
		return "", exitBad, false
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "twixt %s: want one record file (or - for standard input), got %d arguments\n", fs.Name(), len(pos))
		fs.Usage()
		return "", exitBad, false
	}
	return pos[0], exitOK, true
}
