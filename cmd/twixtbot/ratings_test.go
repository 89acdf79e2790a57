package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

func TestRatingsRebuild(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "twixt.db")
	ctx := context.Background()
	st, err := storage.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, seats := range [][]storage.UserID{{"1", "2"}, {"2", "3"}, {"1", "3"}} {
		g, err := st.Create(ctx, &storage.Game{Seats: seats, Place: storage.Place{Guild: "9", Channel: "8"}, State: storage.Active})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.AppendMove(ctx, g.ID, storage.AnyLen, 1, game.Move{Kind: game.Resign}, nil); err != nil {
			t.Fatal(err)
		}
	}
	want := "rebuilt 6 ratings from 3 rated games; every rating is as it was"

	ctl, err := listenControl(db, st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"ratings", "-db", db, "rebuild"}, nil, &out, &errb, env(nil)); code != 0 || strings.TrimSpace(out.String()) != want {
		t.Errorf("live rebuild: exit %d, %q, %q", code, out.String(), errb.String())
	}
	ctl.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run(ctx, []string{"ratings", "-db", db, "rebuild"}, nil, &out, &errb, env(nil)); code != 0 || strings.TrimSpace(out.String()) != want {
		t.Errorf("offline rebuild: exit %d, %q, %q", code, out.String(), errb.String())
	}
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"ratings", "-db", db}, 2, "rebuild is the one thing"},
		{[]string{"ratings", "-db", db, "reset"}, 2, "the one subcommand is rebuild"},
		{[]string{"ratings", "-db", filepath.Join(dir, "none.db"), "rebuild"}, 1, "cannot read the database"},
	} {
		errb.Reset()
		if code := run(ctx, tc.args, nil, &out, &errb, env(nil)); code != tc.code || !strings.Contains(errb.String(), tc.msg) {
			t.Errorf("%v: exit %d, %q", tc.args, code, errb.String())
		}
	}
}
