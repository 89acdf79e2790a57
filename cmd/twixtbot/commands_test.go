package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/storage"
)

// TestHelp: every way of asking for help lists every command and the
// flags of serve with their environment variables.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"-help"}, {"help"}} {
		var out, errb bytes.Buffer
		code := run(context.Background(), args, nil, &out, &errb, env(nil))
		text := out.String()
		if code != 0 {
			t.Errorf("%v: exit %d", args, code)
		}
		for _, want := range []string{"twixtbot serve [flags]", "twixtbot console", "twixtbot backup [-db FILE] OUT",
			"twixtbot forget-user [-db FILE] USERID", "twixtbot version", "-token", "$DISCORD_TOKEN", "-http-addr", "$TWIXTBOT_DB"} {
			if !strings.Contains(text, want) {
				t.Errorf("%v: the help does not show %q:\n%s", args, want, text)
			}
		}
		if strings.Contains(text, "see -h") {
			t.Errorf("%v: the help sends the reader back to -h:\n%s", args, text)
		}
	}
	// serve's own -h shows the same, on standard error as flag does.
	for _, args := range [][]string{{"serve", "-h"}, {"-db", "x.db", "-h"}} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, nil, &out, &errb, env(nil)); code != 0 || !strings.Contains(errb.String(), "twixtbot forget-user") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestUnknownCommand: a misspelt command is refused, names the commands,
// and starts nothing (no database is created).
func TestUnknownCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "x.db")
	e := env(map[string]string{"TWIXTBOT_DB": db, "DISCORD_TOKEN": "t", "DISCORD_APP_ID": "1"})
	for _, args := range [][]string{{"consle"}, {"serve2", "-db", db}, {"backups", "out.db"}} {
		var out, errb bytes.Buffer
		code := run(context.Background(), args, strings.NewReader(""), &out, &errb, e)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		msg := errb.String()
		if !strings.Contains(msg, `no command "`+args[0]+`"`) || !strings.Contains(msg, "serve, console, backup, forget-user, commands, ratings, migrate, version, help") {
			t.Errorf("%v: %q does not name the command and the valid ones", args, msg)
		}
		if _, err := os.Stat(db); err == nil {
			t.Fatalf("%v: a database was created", args)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-version"}, {"version"}} {
		var out, errb bytes.Buffer
		code := run(context.Background(), args, nil, &out, &errb, env(nil))
		got := strings.TrimSpace(out.String())
		if code != 0 || !strings.HasPrefix(got, "twixtbot ") || !strings.HasSuffix(got, " "+runtime.Version()) {
			t.Errorf("%v: exit %d, %q", args, code, got)
		}
	}
}

func TestDescribeBuild(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	for _, tt := range []struct {
		name, stated string
		info         *debug.BuildInfo
		want         string
	}{
		{"no build info", "", nil, "twixtbot (development build) unknown Go version"},
		{"go run", "", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}}, "twixtbot (development build) go1.26.0"},
		{"git checkout", "", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"},
			Settings: vcs("vcs.revision", "4c545d8f21ab0123456789abcdef0123456789ab", "vcs.time", "2026-11-20T10:00:00Z", "vcs.modified", "true")},
			"twixtbot (development build) (revision 4c545d8f21ab, 2026-11-20T10:00:00Z, with local changes) go1.26.0"},
		{"go install @v1.2.0", "", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"}}, "twixtbot v1.2.0 go1.26.0"},
		{"docker build with VERSION", "v1.3.0-2-gabcdef", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}},
			"twixtbot v1.3.0-2-gabcdef go1.26.0"},
	} {
		if got := describeBuild(tt.stated, tt.info); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestForgetUser deletes a player's data offline and through a running
// bot's control socket, and refuses an argument that is not a user ID.
func TestForgetUser(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "twixt.db")
	ctx := context.Background()
	st, err := storage.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	mk := func(a, b storage.UserID) *storage.Game {
		g, err := st.Create(ctx, &storage.Game{Seats: []storage.UserID{a, b}, Place: storage.Place{Guild: "1", Channel: "2"},
			State: storage.Active, Meta: storage.Meta{Names: []string{"name " + string(a), "name " + string(b)}}})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	g1, g2 := mk("111", "222"), mk("333", "222")

	// Online: through the control socket of the store held open.
	ctl, err := listenControl(db, st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"forget-user", "-db", db, "111"}, nil, &out, &errb, env(nil)); code != 0 {
		t.Fatalf("live forget: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "forgot user 111: 1 games") || !strings.Contains(out.String(), "games ended with no result: "+g1.ID.String()) {
		t.Errorf("live forget said %q", out.String())
	}
	if g, _ := st.Get(ctx, g1.ID); g.Seats[0] != storage.DeletedUser || g.Meta.Names[0] != storage.DeletedName || g.State != storage.Finished {
		t.Errorf("after a live forget, %s is %+v", g1.ID, g)
	}
	ctl.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	// Offline: the file is free, so the command opens it itself.
	out.Reset()
	if code := run(ctx, []string{"forget-user", "-db", db, "222"}, nil, &out, &errb, env(nil)); code != 0 {
		t.Fatalf("offline forget: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "forgot user 222: 2 games") {
		t.Errorf("offline forget said %q", out.String())
	}
	out.Reset()
	if code := run(ctx, []string{"forget-user", "-db", db, "222"}, nil, &out, &errb, env(nil)); code != 0 || !strings.Contains(out.String(), "nothing is stored about user 222") {
		t.Errorf("forgetting again: exit %d, %q", code, out.String())
	}
	st, err = storage.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if g, _ := st.Get(ctx, g2.ID); g.Seats[0] != "333" || g.Seats[1] != storage.DeletedUser || g.Meta.Names[1] != storage.DeletedName {
		t.Errorf("after an offline forget, %s is %+v", g2.ID, g)
	}
	if err := st.Check(ctx); err != nil {
		t.Error(err)
	}
	st.Close()

	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"forget-user", "-db", db}, 2, "say whose data"},
		{[]string{"forget-user", "-db", db, "alice"}, 2, "not a Discord user ID"},
		{[]string{"forget-user", "-db", db, "1", "2"}, 2, "say whose data"},
		{[]string{"forget-user", "-db", filepath.Join(dir, "none.db"), "1"}, 1, "cannot read the database"},
	} {
		errb.Reset()
		if code := run(ctx, tt.args, nil, &out, &errb, env(nil)); code != tt.code || !strings.Contains(errb.String(), tt.want) {
			t.Errorf("%v: exit %d, %q; want %d, %q", tt.args, code, errb.String(), tt.code, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
		t.Error("forget-user created a database")
	}
}
