package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestRun runs a tiny load from the command line: it exits 0 and reports
// the machine and a good result, in text and in JSON.
func TestRun(t *testing.T) {
	var out, errs bytes.Buffer
	args := []string{"-games", "2", "-size", "8", "-max-turns", "6", "-quiet", "-seed", "3", "-dir", t.TempDir()}
	if code := run(context.Background(), args, &out, &errs); code != 0 {
		t.Fatalf("exit %d:\n%s\n%s", code, out.String(), errs.String())
	}
	for _, want := range []string{"machine:", "2 games at once on 8x8 boards", "moves:", "move ack:", "result:       OK"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run(context.Background(), append(args, "-json", "-user-limit", "100/8"), &out, &errs); code != 0 {
		t.Fatalf("exit %d:\n%s", code, errs.String())
	}
	_, js, _ := strings.Cut(out.String(), "\n")
	var rep struct {
		Games, Moves int
		Lost         []string
		Config       struct{ UserRate float64 }
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil || rep.Games != 2 || rep.Moves == 0 || len(rep.Lost) != 0 || rep.Config.UserRate != 100 {
		t.Fatalf("JSON report %+v (%v):\n%s", rep, err, js)
	}
}

func TestBadCommandLines(t *testing.T) {
	for _, args := range [][]string{{"-games", "x"}, {"-user-limit", "fast"}, {"-user-limit", "0/8"}, {"-log", "loud"}, {"extra"}} {
		var out, errs bytes.Buffer
		if code := run(context.Background(), args, &out, &errs); code != 2 || errs.Len() == 0 {
			t.Errorf("%q: exit %d, %q", args, code, errs.String())
		}
	}
}

func TestParseLimit(t *testing.T) {
	for _, tc := range []struct {
		in    string
		rate  float64
		burst int
		ok    bool
	}{
		{"1/8", 1, 8, true}, {"0.5/1", 0.5, 1, true}, {"1", 0, 0, false}, {"1/0", 0, 0, false}, {"-1/3", 0, 0, false}, {"a/b", 0, 0, false},
	} {
		r, b, err := parseLimit(tc.in)
		if (err == nil) != tc.ok || r != tc.rate || b != tc.burst {
			t.Errorf("parseLimit(%q) = %v, %v, %v", tc.in, r, b, err)
		}
	}
}
