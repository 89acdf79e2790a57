package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/render"
)

// engineVersion is what the GTP command version answers.
const engineVersion = "1.0"

// runGTP is twixt gtp: the computer player over the Go Text Protocol
// (version 2), on standard input and output (README, "Offline tools").
func runGTP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("gtp", "gtp [--ruleset standard|pp] [--movetime DURATION] [--level N] [--swap sides|mirror|off] [--seed N] [--threads N]", stderr)
	ruleset := fs.String("ruleset", "standard", "ruleset: standard or pp")
	movetime := fs.Duration("movetime", 0, "thinking time per move, e.g. 1s (default: the level's)")
	level := fs.String("level", strconv.Itoa(int(ai.DefaultLevel)), "strength, 1 (beginner) to 5 (strongest)")
	swap := fs.String("swap", "sides", "pie rule: sides, mirror or off")
	seed := fs.Uint64("seed", 1, "seed of the engine's random numbers")
	threads := fs.Int("threads", 1, "cores the engine searches on at once, 1 to 64")
	pos, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		return exitBad
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "twixt gtp: unexpected arguments %q: commands come on standard input\n", pos)
		return exitBad
	}
	s := &gtpSession{out: stdout, seed: *seed}
	if s.set.Ruleset, err = game.ParseRuleset(*ruleset); err != nil {
		fmt.Fprintf(stderr, "twixt gtp: --ruleset: %v\n", err)
		return exitBad
	}
	if s.set.Swap, err = game.ParseSwapStyle(*swap); err != nil {
		fmt.Fprintf(stderr, "twixt gtp: --swap: %v\n", err)
		return exitBad
	}
	if s.cfg.Level, err = ai.ParseLevel(*level); err != nil {
		fmt.Fprintf(stderr, "twixt gtp: --level: %v\n", err)
		return exitBad
	}
	if *movetime < 0 {
		fmt.Fprintln(stderr, "twixt gtp: --movetime must not be negative")
		return exitBad
	}
	s.cfg.MoveTime = *movetime
	if *threads < 1 || *threads > 64 {
		fmt.Fprintf(stderr, "twixt gtp: --threads %d: give 1 to 64 cores\n", *threads)
		return exitBad
	}
	s.cfg.Threads = *threads
	s.set.Size = game.Size{Cols: game.DefaultSize, Rows: game.DefaultSize}
	if err := s.newGame(); err != nil {
		fmt.Fprintf(stderr, "twixt gtp: %v\n", err)
		return exitBad
	}
	if err := s.serve(stdin); err != nil {
		fmt.Fprintf(stderr, "twixt gtp: %v\n", err)
		return exitBad
	}
	return exitOK
}

// gtpSession is one GTP conversation: the game and how to think.
type gtpSession struct {
	out      io.Writer
	set      game.Settings
	g        *game.Game
	cfg      ai.Config
	engine   *ai.Engine // made at the first genmove; keeps its trees between moves
	seed     uint64
	timeLeft map[game.Color]time.Duration
}

// errQuit ends the conversation after the answer to quit.
var errQuit = errors.New("quit")

// gtpCommands are the known commands, in the order list_commands gives.
var gtpCommands = []string{
	"protocol_version", "name", "version", "list_commands", "known_command", "quit",
	"boardsize", "clear_board", "twixt_ruleset", "play", "genmove", "undo", "showboard",
	"time_left", "twixt_movetime",
}

func (s *gtpSession) newGame() error {
	g, err := game.New(s.set)
	if err != nil {
		return err
	}
	s.g = g
	s.timeLeft = map[game.Color]time.Duration{}
	return nil
}

// serve reads commands until quit or the end of the input.
func (s *gtpSession) serve(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	w := bufio.NewWriter(s.out)
	for sc.Scan() {
		fields := strings.Fields(cleanGTPLine(sc.Text()))
		if len(fields) == 0 {
			continue // an empty line, or only a comment
		}
		id := ""
		if _, err := strconv.Atoi(fields[0]); err == nil {
			id, fields = fields[0], fields[1:]
			if len(fields) == 0 {
				fmt.Fprintf(w, "?%s missing command after the id\n\n", id)
				w.Flush()
				continue
			}
		}
		answer, err := s.do(strings.ToLower(fields[0]), fields[1:])
		// An empty line ends an answer, so none may occur inside one.
		answer = strings.TrimRight(answer, "\n")
		for strings.Contains(answer, "\n\n") {
			answer = strings.ReplaceAll(answer, "\n\n", "\n")
		}
		switch {
		case err == nil || errors.Is(err, errQuit):
			fmt.Fprintf(w, "=%s %s\n\n", id, answer)
		default:
			fmt.Fprintf(w, "?%s %s\n\n", id, err)
		}
		if err := w.Flush(); err != nil {
			return err
		}
		if errors.Is(err, errQuit) {
			return nil
		}
	}
	return sc.Err()
}

// cleanGTPLine drops a comment and control characters (GTP 2, 3.1) and
// turns tabs into spaces.
func cleanGTPLine(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, line)
}

// do runs one command and returns its answer.
func (s *gtpSession) do(cmd string, args []string) (string, error) {
	switch cmd {
	case "protocol_version":
		return "2", nil
	case "name":
		return "twixtbot", nil
	case "version":
		return engineVersion, nil
	case "list_commands":
		return strings.Join(gtpCommands, "\n"), nil
	case "known_command":
		if len(args) != 1 {
			return "", errors.New("known_command takes one command name")
		}
		for _, c := range gtpCommands {
			if c == strings.ToLower(args[0]) {
				return "true", nil
			}
		}
		return "false", nil
	case "quit":
		return "", errQuit
	case "boardsize":
		return "", s.boardsize(args)
	case "clear_board":
		return "", s.newGame()
	case "twixt_ruleset":
		if len(args) != 1 {
			return "", errors.New("twixt_ruleset takes standard or pp")
		}
		r, err := game.ParseRuleset(args[0])
		if err != nil {
			return "", err
		}
		old := s.set.Ruleset
		s.set.Ruleset = r
		if err := s.newGame(); err != nil {
			s.set.Ruleset = old
			return "", err
		}
		return "", nil
	case "play":
		return "", s.play(args)
	case "genmove":
		return s.genmove(args)
	case "undo":
		return "", s.undo()
	case "showboard":
		text, err := render.Text(render.FromGame(s.g), render.Options{})
		return "\n" + strings.TrimRight(text, "\n"), err
	case "time_left":
		return "", s.timeLeftCmd(args)
	case "twixt_movetime":
		if len(args) != 1 {
			return "", errors.New("twixt_movetime takes the seconds per move, e.g. twixt_movetime 1.5")
		}
		sec, err := strconv.ParseFloat(args[0], 64)
		if err != nil || sec <= 0 || sec > 3600 {
			return "", fmt.Errorf("twixt_movetime: %q is not a number of seconds from 0 to 3600", args[0])
		}
		s.cfg.MoveTime = time.Duration(sec * float64(time.Second))
		return "", nil
	}
	return "", fmt.Errorf("unknown command %q (list_commands lists the known ones)", cmd)
}

func (s *gtpSession) boardsize(args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return errors.New("boardsize takes COLS [ROWS]")
	}
	size, err := game.ParseSize(strings.Join(args, "x"))
	if err != nil {
		return fmt.Errorf("unacceptable size: %w", err)
	}
	old := s.set.Size
	s.set.Size = size
	if err := s.newGame(); err != nil {
		s.set.Size = old
		return fmt.Errorf("unacceptable size: %w", err)
	}
	return nil
}

// color reads a colour argument and checks that it is that side's turn.
func (s *gtpSession) color(arg string) (game.Color, error) {
	c, err := game.ParseColor(arg)
	if err != nil {
		return c, err
	}
	if s.g.Over() {
		return c, fmt.Errorf("the game is over: %s", s.g.Result())
	}
	if _, to := s.g.ToMove(); to != c {
		return c, fmt.Errorf("it is %s's turn, not %s's", to, c)
	}
	return c, nil
}

func (s *gtpSession) play(args []string) error {
	if len(args) != 2 {
		return errors.New("play takes COLOR MOVE, e.g. play red j12")
	}
	c, err := game.ParseColor(args[0])
	if err != nil {
		return err
	}
	m, err := game.ParseMove(args[1])
	if err != nil && strings.EqualFold(args[1], "resign") {
		m, err = game.Move{Kind: game.Resign, Color: c}, nil
	}
	if err != nil {
		return fmt.Errorf("illegal move: %w", err)
	}
	if m.Kind != game.Resign {
		if _, err := s.color(args[0]); err != nil {
			return fmt.Errorf("illegal move: %w", err)
		}
	}
	if _, err := s.g.PlayMove(m); err != nil {
		return fmt.Errorf("illegal move: %w", err)
	}
	return nil
}

func (s *gtpSession) genmove(args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("genmove takes COLOR, e.g. genmove black")
	}
	c, err := s.color(args[0])
	if err != nil {
		return "", err
	}
	cfg := s.cfg
	s.seed++
	cfg.Seed = s.seed
	// genmove answers a hole (DESIGN.md), so the referee's board would
	// not know of a link the engine removed.
	cfg.KeepLinks = true
	if left, ok := s.timeLeft[c]; ok && left > 0 {
		// Keep a reserve: at most a twentieth of the clock per move.
		budget := cfg.MoveTime
		if budget <= 0 {
			budget = cfg.Level.MoveTime()
		}
		cfg.MoveTime = min(budget, left/20)
	}
	if s.engine == nil {
		s.engine = ai.NewEngine(ai.EngineOptions{})
	}
	d, err := s.engine.Choose(context.Background(), s.g, cfg)
	if err != nil {
		return "", err
	}
	if _, err := s.g.PlayMove(d.Move); err != nil {
		return "", fmt.Errorf("the engine chose %s, which the rules refuse: %w", d.Move, err)
	}
	return d.Move.String(), nil
}

func (s *gtpSession) undo() error {
	log := s.g.Log()
	if len(log) == 0 {
		return errors.New("cannot undo: no move has been played")
	}
	g, err := game.Replay(s.set, log[:len(log)-1])
	if err != nil {
		return fmt.Errorf("cannot undo: %w", err)
	}
	s.g = g
	return nil
}

func (s *gtpSession) timeLeftCmd(args []string) error {
	if len(args) != 3 {
		return errors.New("time_left takes COLOR SECONDS STONES")
	}
	c, err := game.ParseColor(args[0])
	if err != nil {
		return err
	}
	sec, err := strconv.ParseFloat(args[1], 64)
	if err != nil || sec < 0 {
		return fmt.Errorf("time_left: %q is not a number of seconds", args[1])
	}
	if _, err := strconv.Atoi(args[2]); err != nil {
		return fmt.Errorf("time_left: %q is not a number of stones", args[2])
	}
	s.timeLeft[c] = time.Duration(sec * float64(time.Second))
	return nil
}
