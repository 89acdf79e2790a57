package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmeConsoleExample returns the lines of the README's console example:
// the code block after the "console-example" marker.
func readmeConsoleExample(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(b), "<!-- console-example")
	if !ok {
		t.Fatal("the README has no console-example marker")
	}
	_, block, ok := strings.Cut(after, "```\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("no code block after the README's console-example marker")
	}
	return strings.Split(strings.TrimSpace(block), "\n")
}

// TestReadmeConsoleExample plays the README's quick start in the console,
// as typed and as pasted with the console's "> " prompt: every line must
// be taken, and alice's and bob's moves must land, whatever the random
// colour choice would have been.
func TestReadmeConsoleExample(t *testing.T) {
	lines := readmeConsoleExample(t)
	if len(lines) < 3 {
		t.Fatalf("the example has %d lines: %q", len(lines), lines)
	}
	for _, prefix := range []string{"", "> ", ">"} {
		dir := t.TempDir()
		var script strings.Builder
		for _, l := range lines {
			script.WriteString(prefix + l + "\n")
		}
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"console", "-db", filepath.Join(dir, "demo.db"), "-out", filepath.Join(dir, "boards")},
			strings.NewReader(script.String()), &out, &errb, env(nil))
		text := out.String()
		if code != 0 {
			t.Fatalf("prefix %q: exit %d: %s", prefix, code, errb.String())
		}
		if strings.Contains(text, "  ! ") || strings.Contains(text, "Not your turn") {
			t.Errorf("prefix %q: a line of the README's example was refused:\n%s", prefix, text)
		}
		for _, want := range []string{"g1 has started", "1. Red (@alice) played F6", "2. Black (@bob) played H7"} {
			if !strings.Contains(text, want) {
				t.Errorf("prefix %q: the example did not lead to %q:\n%s", prefix, want, text)
			}
		}
	}
}
