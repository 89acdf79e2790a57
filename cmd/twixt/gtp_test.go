package main

import (
	"bufio"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// gtpPipe runs twixt gtp in process, connected through pipes, and sends
// it commands one at a time as a GTP referee would.
type gtpPipe struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan int
}

func startGTP(t *testing.T, args ...string) *gtpPipe {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &gtpPipe{t: t, in: inW, out: bufio.NewReader(outR), done: make(chan int, 1)}
	var stderr strings.Builder
	go func() {
		code := run(append([]string{"gtp"}, args...), inR, outW, &stderr)
		outW.Close()
		p.done <- code
	}()
	t.Cleanup(func() { inW.Close() })
	return p
}

// send writes a command and reads its answer: the status line's mark
// ("=" or "?", with the id), and the answer's text.
func (p *gtpPipe) send(cmd string) (string, string) {
	p.t.Helper()
	if _, err := io.WriteString(p.in, cmd+"\n"); err != nil {
		p.t.Fatalf("%s: %v", cmd, err)
	}
	var lines []string
	for {
		line, err := p.out.ReadString('\n')
		if err != nil {
			p.t.Fatalf("%s: reading the answer: %v (so far %q)", cmd, err, lines)
		}
		line = strings.TrimSuffix(line, "\n")
		if line == "" {
			break
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		p.t.Fatalf("%s: empty answer", cmd)
	}
	mark, text, _ := strings.Cut(lines[0], " ")
	if len(lines) > 1 {
		text = strings.Join(append([]string{text}, lines[1:]...), "\n")
	}
	return mark, text
}

// want sends a command and checks the answer's mark and (if given) text.
func (p *gtpPipe) want(cmd, mark, text string) string {
	p.t.Helper()
	m, got := p.send(cmd)
	if m != mark || text != "" && got != text {
		p.t.Fatalf("%s: got %q %q, want %q %q", cmd, m, got, mark, text)
	}
	return got
}

// TestGTPConformance drives twixt gtp through a pipe: the administrative
// commands, ids, errors that change nothing, and a whole game on a small
// board where every move it generates is checked by the rules.
func TestGTPConformance(t *testing.T) {
	p := startGTP(t, "--movetime", "20ms", "--level", "3", "--threads", "2")
	p.want("protocol_version", "=", "2")
	p.want("7 name", "=7", "twixtbot")
	p.want("version", "=", engineVersion)
	list := p.want("list_commands", "=", "")
	for _, c := range []string{"boardsize", "clear_board", "play", "genmove", "undo", "showboard", "time_left", "twixt_movetime", "twixt_ruleset", "quit"} {
		if !strings.Contains("\n"+list+"\n", "\n"+c+"\n") {
			t.Errorf("list_commands lacks %s: %q", c, list)
		}
	}
	p.want("known_command genmove", "=", "true")
	p.want("known_command fly", "=", "false")
	p.want("\tNAME  # commands are case-insensitive; comments go", "=", "twixtbot")
	p.want("frobnicate", "?", "")
	p.want("3 boardsize 4", "?3", "")
	p.want("boardsize 8", "=", "")
	p.want("twixt_ruleset chess", "?", "")
	p.want("twixt_movetime -1", "?", "")

	// Errors change nothing.
	p.want("play black d4", "?", "illegal move: it is red's turn, not black's")
	p.want("play red a1", "?", "")
	p.want("play red q99", "?", "")
	p.want("play red d4", "=", "")
	p.want("play black d4", "?", "")
	p.want("undo", "=", "")
	p.want("undo", "?", "cannot undo: no move has been played")
	board := p.want("showboard", "=", "")
	if !strings.Contains(board, "Red to move") {
		t.Errorf("showboard:\n%s", board)
	}

	// A whole game between the engine and itself, refereed here.
	ref, _ := game.New(game.Settings{Size: game.Size{Cols: 8, Rows: 8}, Swap: game.SwapSides})
	p.want("time_left red 60 0", "=", "")
	for !ref.Over() {
		_, c := ref.ToMove()
		mv := p.want("genmove "+c.String(), "=", "")
		m, err := game.ParseMove(mv)
		if mv == "resign" {
			m, err = game.Move{Kind: game.Resign}, nil
		}
		if err != nil {
			t.Fatalf("genmove answered %q: %v", mv, err)
		}
		if _, err := ref.PlayMove(m); err != nil {
			t.Fatalf("after %v genmove answered %s, which is illegal: %v", ref.Log(), mv, err)
		}
	}
	if ref.Turns() < 4 {
		t.Errorf("the game ended after %d turns: %s", ref.Turns(), ref.Result())
	}
	p.want("clear_board", "=", "")
	p.want("twixt_ruleset pp", "=", "")
	p.want("play white c3", "=", "")
	p.want("genmove b", "=", "")
	p.want("quit", "=", "")
	if code := <-p.done; code != exitOK {
		t.Errorf("exit status %d after quit", code)
	}
}

// TestGTPFlags: bad flags are refused with status 2.
func TestGTPFlags(t *testing.T) {
	for _, args := range [][]string{{"gtp", "--level", "9"}, {"gtp", "--ruleset", "go"}, {"gtp", "extra"}, {"gtp", "--movetime", "-1s"}, {"gtp", "--threads", "0"}} {
		if code, _, stderr := runCLI(t, "", args...); code != exitBad || stderr == "" {
			t.Errorf("%v: status %d, stderr %q", args, code, stderr)
		}
	}
	if code, stdout, _ := runCLI(t, "name\n", "gtp"); code != exitOK || stdout != "= twixtbot\n\n" {
		t.Errorf("end of input: status %d, %q", code, stdout)
	}
}

// TestGTPKeepsLinks: genmove answers a hole, so the engine removes no link
// over GTP, even where its own links have closed every way to connect
// (a position of package ai's testdata, where it would otherwise remove
// one within its next three moves).
func TestGTPKeepsLinks(t *testing.T) {
	data, err := os.ReadFile("../../game/ai/testdata/blocked.txt")
	if err != nil {
		t.Fatal(err)
	}
	moves := strings.Fields(strings.SplitN(string(data), "\n", 2)[0])
	p := startGTP(t, "--level", "3", "--movetime", "50ms")
	p.want("boardsize 24", "=", "")
	ref, _ := game.New(game.Settings{Swap: game.SwapOff})
	for _, mv := range moves {
		_, c := ref.ToMove()
		p.want("play "+c.String()+" "+mv, "=", "")
		if _, err := ref.PlayString(mv); err != nil {
			t.Fatal(err)
		}
	}
	if _, c := ref.ToMove(); !ref.Board().CanConnect(c) || ref.Board().Distance(c) != game.Unreachable {
		t.Fatalf("%v is not blocked by its own links", c)
	}
	for range 6 {
		_, c := ref.ToMove()
		mv := p.want("genmove "+c.String(), "=", "")
		m, err := game.ParseMove(mv)
		if err != nil || len(m.Unlinks) > 0 || len(m.Links) > 0 {
			t.Fatalf("genmove answered %q (%v), want a hole", mv, err)
		}
		if _, err := ref.PlayMove(m); err != nil {
			t.Fatalf("genmove answered %s, which is illegal: %v", mv, err)
		}
	}
}
