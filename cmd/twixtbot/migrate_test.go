package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/storage"
	"github.com/twixtbot/twixtbot/storage/etcdtest"
)

// TestMigrateBadArguments: each bad command line is refused with exit
// status 2 and a message naming what is wrong, and opens nothing.
func TestMigrateBadArguments(t *testing.T) {
	db := filepath.Join(t.TempDir(), "x.db")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{}, "give both --from and --to"},
		{[]string{"--from", "bolt:" + db}, "give both --from and --to"},
		{[]string{"--from", db, "--to", "etcd:http://127.0.0.1:2379"}, "write bolt:FILE or etcd:URL"},
		{[]string{"--from", "bolt:" + db, "--to", "etcd:127.0.0.1:2379"}, "is not an etcd client URL"},
		{[]string{"--from", "bolt:" + db, "--to", "etcd:"}, "write bolt:FILE or etcd:URL"},
		{[]string{"--from", "bolt:" + db, "--to", "mysql:x"}, "write bolt:FILE or etcd:URL"},
		{[]string{"--from", "bolt:" + db, "--to", "bolt:" + db}, "the same store"},
		{[]string{"--from", "bolt:" + db, "--to", "etcd:http://127.0.0.1:2379", "extra"}, `unexpected argument "extra"`},
		{[]string{"--from", "bolt:" + db, "--to", "etcd:http://127.0.0.1:2379", "--max-txn-ops", "3"}, "--max-txn-ops 3"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		code := run(context.Background(), append([]string{"migrate"}, tt.args...), nil, &out, &errb, env(nil))
		if code != 2 || !strings.Contains(errb.String(), tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tt.args, code, errb.String(), tt.want)
		}
	}
}

// TestMigrateBoltToEtcd moves a bot's file onto etcd through the command
// line, then refuses to do it again over the copy unless told.
func TestMigrateBoltToEtcd(t *testing.T) {
	db := filepath.Join(t.TempDir(), "twixt.db")
	s, err := storage.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := s.Create(context.Background(), &storage.Game{Seats: []storage.UserID{"80351110224678912", "80351110224678913"}, Place: storage.Place{Guild: "9", Channel: "8"}}); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	srv := etcdtest.New(t)
	to := "etcd:" + strings.Join(srv.Endpoints, ",")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"migrate", "--from", "bolt:" + db, "--to", to}, nil, &out, &errb, env(nil)); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "games               3 records") || !strings.Contains(out.String(), "checked the copy") {
		t.Errorf("output:\n%s", out.String())
	}
	e, err := storage.OpenEtcd(storage.EtcdConfig{Endpoints: srv.Endpoints}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if games, err := e.Active(context.Background()); err != nil || len(games) != 3 {
		t.Fatalf("etcd has %d active games (%v), want 3", len(games), err)
	}
	out.Reset()
	errb.Reset()
	if code := run(context.Background(), []string{"migrate", "--from", "bolt:" + db, "--to", to}, nil, &out, &errb, env(nil)); code != 1 || !strings.Contains(errb.String(), "not empty") || !strings.Contains(errb.String(), "--overwrite") {
		t.Errorf("migrating over a copy: exit %d, %q", code, errb.String())
	}
	if code := run(context.Background(), []string{"migrate", "--from", "bolt:" + db, "--to", to, "--overwrite"}, nil, &out, &errb, env(nil)); code != 0 {
		t.Errorf("--overwrite: exit %d, %q", code, errb.String())
	}

	// The commands on the database work on the store on etcd, beside
	// the bots; a backup file is not one of them.
	onEtcd := env(map[string]string{"TWIXTBOT_ETCD_ENDPOINTS": strings.Join(srv.Endpoints, ",")})
	out.Reset()
	errb.Reset()
	if code := run(context.Background(), []string{"forget-user", "80351110224678912"}, nil, &out, &errb, onEtcd); code != 0 || !strings.Contains(out.String(), "forgot user 80351110224678912: 3 games") {
		t.Errorf("forget-user on etcd: exit %d, %q, %q", code, out.String(), errb.String())
	}
	if games, err := e.ActiveByUser(context.Background(), "80351110224678912"); err != nil || len(games) != 0 {
		t.Errorf("after forget-user, the user has %d games on etcd (%v)", len(games), err)
	}
	errb.Reset()
	if code := run(context.Background(), []string{"backup", filepath.Join(t.TempDir(), "b.db")}, nil, &out, &errb, onEtcd); code != 1 || !strings.Contains(errb.String(), "etcdctl snapshot save") {
		t.Errorf("backup on etcd: exit %d, %q", code, errb.String())
	}
}
