package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
)

// FuzzGTP feeds arbitrary command streams to a GTP session: it must never
// panic, and every answer must be one status line ("=" or "?", with the
// id if one was given) and its text, ended by an empty line.
func FuzzGTP(f *testing.F) {
	for _, seed := range []string{
		"protocol_version\nname\n",
		"1 boardsize 8\n2 play red d4\n3 genmove black\n4 undo\n5 showboard\n",
		"boardsize 9 12\nplay w c3\nplay b swap\ngenmove b\n",
		"twixt_ruleset pp\nplay red a1\nplay red q99+\nplay black d4-a1/b3\nknown_command play\n",
		"time_left red 0 0\ntwixt_movetime 0.01\n# comment\n\t\x01list_commands\n",
		"play red resign\ngenmove black\n42\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 2000 {
			return
		}
		var out bytes.Buffer
		s := &gtpSession{out: &out, set: game.Settings{Size: game.Size{Cols: 8, Rows: 8}, Swap: game.SwapSides}}
		s.cfg = ai.Config{Level: ai.MinLevel, Playouts: 20}
		if err := s.newGame(); err != nil {
			t.Fatal(err)
		}
		if err := s.serve(strings.NewReader(in)); err != nil {
			return // a line too long for the scanner
		}
		text := out.String()
		if text != "" && !strings.HasSuffix(text, "\n\n") {
			t.Fatalf("output does not end with an empty line: %q", text)
		}
		for _, answer := range strings.Split(strings.TrimSuffix(text, "\n\n"), "\n\n") {
			if answer == "" {
				continue
			}
			if answer[0] != '=' && answer[0] != '?' {
				t.Fatalf("answer %q does not start with = or ?", answer)
			}
		}
	})
}
