//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package storage

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// lockWait is how long these tests wait for a lock that is held. bbolt
// gives up a little (one 50 ms retry) before its timeout, so it must be
// longer than that.
const lockWait = 100 * time.Millisecond

// TestLockIsBbolts pins what lockFile assumes of bbolt's own lock: that it
// is the same kind of lock (so that each excludes the other, and a
// database file is never written by two programs at once), and that
// bbolt, locking the descriptor Open has locked already, neither waits for
// itself nor lets go of the lock. Open checks a file under its lock before
// bbolt maps it (see lockFile); a bbolt release that locks otherwise fails
// here. The test holds the locks in one process: flock locks of two
// descriptors exclude each other there too (fcntl locks would not, so
// this also tells the two kinds apart).
func TestLockIsBbolts(t *testing.T) {
	boltOnly(t)
	path := filepath.Join(t.TempDir(), "twixt.db")
	s, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	openFD := func() *os.File {
		t.Helper()
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	openBbolt := func(readOnly bool) (*bolt.DB, error) {
		db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: readOnly, Timeout: lockWait})
		if err == nil {
			t.Cleanup(func() { db.Close() })
		}
		return db, err
	}

	// Each lock excludes the other.
	for _, tt := range []struct {
		name          string
		exclusive     bool // lockFile's lock
		bboltReadOnly bool
		excluded      bool // each must wait for the other
	}{
		{"exclusive, bbolt writing", true, false, true},
		{"exclusive, bbolt reading", true, true, true},
		{"shared, bbolt writing", false, false, true},
		{"shared, bbolt reading", false, true, false},
	} {
		// Ours first: does bbolt wait?
		f := openFD()
		if err := lockFile(f, tt.exclusive, 0); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		db, err := openBbolt(tt.bboltReadOnly)
		if waited := errors.Is(err, berrors.ErrTimeout); waited != tt.excluded || (err != nil && !waited) {
			t.Errorf("%s: with lockFile's lock held, bbolt opens with %v; want a timeout: %v", tt.name, err, tt.excluded)
		}
		if db != nil {
			db.Close()
		}
		unlockFile(f)

		// bbolt's first: does lockFile wait?
		db, err = openBbolt(tt.bboltReadOnly)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		g := openFD()
		err = lockFile(g, tt.exclusive, lockWait)
		if waited := errors.Is(err, berrors.ErrTimeout); waited != tt.excluded || (err != nil && !waited) {
			t.Errorf("%s: with bbolt's lock held, lockFile gives %v; want a timeout: %v", tt.name, err, tt.excluded)
		}
		unlockFile(g)
		db.Close()
	}

	// bbolt takes the lock of the descriptor Open hands it (openBolt)
	// without waiting, keeps it while it has the database open, and lets
	// go when it closes it.
	f := openFD()
	if err := lockFile(f, true, 0); err != nil {
		t.Fatal(err)
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{
		Timeout:  lockWait,
		OpenFile: func(string, int, os.FileMode) (*os.File, error) { return f, nil },
	})
	if err != nil {
		t.Fatalf("bbolt on the descriptor lockFile locked: %v", err)
	}
	other := openFD()
	if err := lockFile(other, false, 0); !errors.Is(err, berrors.ErrTimeout) {
		t.Errorf("bbolt, open on the descriptor lockFile locked, lost the lock: another descriptor's lock gives %v, want a timeout", err)
	}
	db.Close()
	if err := lockFile(other, true, 0); err != nil {
		t.Errorf("bbolt closed, the lock stays: %v", err)
	}
	unlockFile(other)
}
