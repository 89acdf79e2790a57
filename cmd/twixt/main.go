package main

import (
	"fmt"
	"io"
	"os"
)

// Exit statuses.
const (
	exitOK       = 0
	exitRejected = 1 // a move of the record was refused by the rules
	exitBad      = 2 // the file cannot be read or parsed, or the command line is wrong
)

// command is a subcommand: its name, a line of help, and what runs it.
type command struct {
	name, summary string
	run           func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands are the subcommands, in the order the usage lists them.
var commands = []command{
	{"replay", "replay a game record and print its final state as JSON", runReplay},
	{"convert", "convert a game record to SGF or the moves format", runConvert},
	{"render", "draw the final position of a game record as a PNG or a text board", runRender},
	{"gtp", "play as the computer over the Go Text Protocol on standard input and output", runGTP},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args (without the program's name) and returns
// the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitBad
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "twixt: unknown command %q\n", args[0])
	usage(stderr)
	return exitBad
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: twixt COMMAND [flags] FILE")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nFILE may be - for standard input. Run 'twixt COMMAND -h' for the command's flags.")
}
