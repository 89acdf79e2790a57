package main

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/storage"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestMissingTokenSaysWhereToGetIt(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(context.Background(), nil, strings.NewReader(""), &out, &errb, env(map[string]string{"TWIXTBOT_DB": filepath.Join(t.TempDir(), "x.db")}))
	if code != 2 || !strings.Contains(errb.String(), "DISCORD_TOKEN") || !strings.Contains(errb.String(), "discord.com/developers/applications") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}

// TestConsole plays a short game in the offline console: the same router,
// storage and renderer as the bot, driven by typed lines.
func TestConsole(t *testing.T) {
	dir := t.TempDir()
	script := strings.Join([]string{
		"alice: /twixt challenge opponent:bob size:5 color:red swap:false",
		"bob: click accept/g1",
		"bob: /twixt move at:a2",
		"alice: /twixt move at:c1",
		"bob: /twixt move at:a2",
		"alice: /twixt move at:d3",
		"bob: /twixt move at:a3",
		"alice: /twixt move at:c5",
		"what is this",
		"quit",
	}, "\n")
	text := playConsole(t, dir, script)
	for _, want := range []string{
		"@bob, @alice challenges you to **TwixT** (g1)",
		"[Accept: accept/g1]",
		"g1 has started",
		"Not your turn: it is @alice's move (Red)",
		"1. Red (@alice) played C1",
		"Game over: Red wins by connection (Red: @alice · Black: @bob)",
		"! write who acts first",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the console did not print %q:\n%s", want, text)
		}
	}
	pics, _ := filepath.Glob(filepath.Join(dir, "boards", "*.png"))
	if len(pics) != 6 {
		t.Fatalf("%d pictures saved, want 6 (start and five moves)", len(pics))
	}
	f, err := os.Open(pics[len(pics)-1])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("the saved board is not a PNG: %v", err)
	}
}

// playConsole plays script in the console on a database in dir, saving
// pictures in dir/boards, and returns what it printed.
func playConsole(t *testing.T, dir, script string) string {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"console", "-db", filepath.Join(dir, "c.db"), "-out", filepath.Join(dir, "boards")},
		strings.NewReader(script), &out, &errb, env(nil))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	return out.String()
}

// TestConsoleComputer plays the computer in the console: its answer to
// each move is printed before the next line is read, so a piped game
// reads in order. Its first answer is a peg, or the swap.
func TestConsoleComputer(t *testing.T) {
	dir := t.TempDir()
	script := strings.Join([]string{
		"alice: /twixt computer level:1 size:8 color:red",
		"alice: /twixt move at:d4",
		"alice: /twixt board",
	}, "\n")
	text := playConsole(t, dir, script)
	answer := regexp.MustCompile(`\*\*g1\*\* · 2\. (Black|Red) \(@twixtbot\) (played [A-H][1-8]|swapped)`)
	loc := answer.FindStringIndex(text)
	if loc == nil {
		t.Fatalf("the computer did not answer D4:\n%s", text)
	}
	if board := strings.Index(text, "> alice: /twixt board"); board < loc[0] {
		t.Errorf("the computer's answer came after the next line was read:\n%s", text)
	}
}

// TestBackup copies a database offline, and from a running bot through
// its control socket, and checks that the copies open and hold the game.
func TestBackup(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "twixt.db")
	st, err := storage.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	g, err := st.Create(ctx, &storage.Game{Seats: []storage.UserID{"1", "2"}, Place: storage.Place{Guild: "g", Channel: "c"}, State: storage.Active})
	if err != nil {
		t.Fatal(err)
	}
	// Online: the store is held open (as by a running bot), so the backup
	// goes through the control socket.
	ctl, err := listenControl(db, st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	live := filepath.Join(dir, "live.db")
	if code := run(ctx, []string{"backup", "-db", db, live}, nil, &out, &errb, env(nil)); code != 0 {
		t.Fatalf("live backup: exit %d: %s", code, errb.String())
	}
	ctl.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	// Offline: the file is free, so the backup opens it itself.
	offline := filepath.Join(dir, "offline.db")
	if code := run(ctx, []string{"backup", "-db", db, offline}, nil, &out, &errb, env(nil)); code != 0 {
		t.Fatalf("offline backup: exit %d: %s", code, errb.String())
	}
	for _, copy := range []string{live, offline} {
		c, err := storage.Open(copy, nil)
		if err != nil {
			t.Fatalf("%s: %v", copy, err)
		}
		got, err := c.Get(ctx, g.ID)
		c.Close()
		if err != nil || got.State != storage.Active {
			t.Errorf("%s holds %v (%v)", copy, got, err)
		}
	}
	if code := run(ctx, []string{"backup", "-db", filepath.Join(dir, "none.db"), offline}, nil, &out, &errb, env(nil)); code != 1 || !strings.Contains(errb.String(), "cannot read the database") {
		t.Errorf("backup of a missing database: exit %d, %q", code, errb.String())
	}
	if code := run(ctx, []string{"backup", "-db", db}, nil, &out, &errb, env(nil)); code != 2 {
		t.Errorf("backup without OUT: exit %d", code)
	}
}
