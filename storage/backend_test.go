package storage

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/storage/etcdtest"
)

// The tests run twice (see TestMain): on bbolt, then on etcd, against a
// real etcd server started in this process. Tests of what only the bbolt
// backend has (its file: creation, damage, locks, backups, compaction)
// call boltOnly and are skipped in the etcd round.
// TWIXTBOT_STORAGE_BACKENDS=bolt (or etcd) runs one round only.

// testEtcd is the etcd server of the etcd round; nil in the bbolt round.
var testEtcd *etcdtest.Server

var etcdPrefixes atomic.Int64

// onEtcd reports whether the tests run on etcd.
func onEtcd() bool { return testEtcd != nil }

// boltOnly skips a test of the bbolt backend's own features in the etcd
// round.
func boltOnly(t testing.TB) {
	t.Helper()
	if onEtcd() {
		t.Skip("a test of the bbolt file; the etcd round skips it")
	}
}

const etcdPathPrefix = "etcd-test:"

// newTestPath returns where a new test store lives: a file in a
// temporary directory, or a fresh key prefix on the etcd server.
func newTestPath(t testing.TB) string {
	if onEtcd() {
		return fmt.Sprintf("%st%d/", etcdPathPrefix, etcdPrefixes.Add(1))
	}
	return t.TempDir() + "/twixt.db"
}

// openPath opens the store at path (from newTestPath) on the round's
// backend.
func openPath(path string, opts *Options) (*Store, error) {
	if prefix, ok := strings.CutPrefix(path, etcdPathPrefix); ok {
		return OpenEtcd(EtcdConfig{Endpoints: testEtcd.Endpoints, Prefix: prefix, MaxTxnOps: etcdtest.MaxTxnOps}, opts)
	}
	return Open(path, opts)
}

// runBackends runs the tests on each backend in turn.
func runBackends(m *testing.M) int {
	which := os.Getenv("TWIXTBOT_STORAGE_BACKENDS")
	if which == "" {
		which = "bolt,etcd"
	}
	if f := flag.Lookup("test.fuzz"); f != nil && f.Value.String() != "" {
		which = "bolt" // fuzzing is of the parsers: once is enough
	}
	code := 0
	if strings.Contains(which, "bolt") {
		code = m.Run()
	}
	if code != 0 || !strings.Contains(which, "etcd") {
		return code
	}
	dir, err := os.MkdirTemp("", "storage-etcd-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	srv, err := etcdtest.Start(dir, time.Minute)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer srv.Close()
	testEtcd = srv
	defer func() { testEtcd = nil }()
	fmt.Println("storage: the same tests again, on etcd at", strings.Join(srv.Endpoints, ","))
	return m.Run()
}

// forEachBucket calls fn for each bucket of the schema that is there.
func forEachBucket(tx kvTx, fn func(name []byte, b kvBucket) error) error {
	for _, name := range allBuckets() {
		if b := tx.Bucket(name); b != nil {
			if err := fn(name, b); err != nil {
				return err
			}
		}
	}
	return nil
}
