package storage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// A new database is built under a temporary name beside its final path,
// and takes the final name only once it is whole: initialised, with the
// schema's buckets, and fsynced. So a crash at any moment of the first
// start (an OOM kill, a container's restart loop) leaves either no
// database, and a temporary file that the next start reuses, or a whole
// one. It never leaves the empty file at the final path that Open refuses
// (an empty file there may be a database truncated to nothing).
//
// The temporary file is locked while it is built, so that two processes
// starting on a new database at once build it one at a time: the second
// finds the database in place and opens it.

// creatingSuffix names the temporary file a new database is built in.
const creatingSuffix = ".creating"

// creatingPath is where the database at path is built.
func creatingPath(path string) string { return path + creatingSuffix }

// createHook, when set by a test, is called at each step of building a new
// database, so that a test can stop (or kill) the process there.
var createHook func(step string)

func hook(step string) {
	if createHook != nil {
		createHook(step)
	}
}

// The steps createHook is called at.
const (
	stepTempOpen  = "temp-open"  // the temporary file exists and is locked, still empty
	stepTempBolt  = "temp-bolt"  // bbolt has written its first pages
	stepTempReady = "temp-ready" // the schema is committed and fsynced
	stepRenamed   = "renamed"    // the file has its final name, the directory is not synced yet
	stepDirSynced = "dir-synced" // the new name is durable
)

// ensureDB makes sure a database exists at path, building a new one if
// there is none. It waits up to o.Timeout for another process building it.
func ensureDB(path string, o *Options) error {
	for {
		switch _, err := os.Lstat(path); {
		case err == nil:
			return nil
		case !errors.Is(err, os.ErrNotExist):
			return err
		}
		done, err := buildDB(path, o)
		if err != nil || done {
			return err
		}
		// Another process moved or finished the temporary file meanwhile:
		// look again.
	}
}

// buildDB builds a new database at path through its temporary file. It
// returns false, with no error, if it must be tried again: the temporary
// file it locked is no longer the one under the temporary name.
func buildDB(path string, o *Options) (done bool, err error) {
	tmp := creatingPath(path)
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return false, fmt.Errorf("create database: %w", err)
	}
	if err := lockFile(f, true, o.Timeout); err != nil {
		f.Close()
		if errors.Is(err, berrors.ErrTimeout) {
			return false, inUse(tmp, o.Timeout)
		}
		return false, fmt.Errorf("lock %s: %w", tmp, err)
	}
	closeFile := func() { unlockFile(f); f.Close() }
	// With the lock held, the file is ours if it still has the temporary
	// name: whoever held it before either gave it its final name (then
	// the name now names another file, or none) or died.
	held, err1 := f.Stat()
	named, err2 := os.Stat(tmp)
	if err1 != nil || err2 != nil || !os.SameFile(held, named) {
		closeFile()
		return false, nil
	}
	if _, err := os.Lstat(path); err == nil {
		// Built by another process meanwhile: this file is a leftover.
		os.Remove(tmp)
		closeFile()
		return true, nil
	}
	// What is in it was left by a process that died building it.
	if err := f.Truncate(0); err != nil {
		closeFile()
		return false, fmt.Errorf("create database: %w", err)
	}
	hook(stepTempOpen)
	db, err := bolt.Open(tmp, 0o600, &bolt.Options{
		Timeout:  o.Timeout,
		OpenFile: func(string, int, os.FileMode) (*os.File, error) { return f, nil },
	})
	if err != nil { // bbolt has closed the file
		return false, fmt.Errorf("create database %s: %w", tmp, err)
	}
	// bbolt closes (and unlocks) the file; until then no one else can take
	// the temporary file, which keeps its name until the rename below.
	defer db.Close()
	hook(stepTempBolt)
	if err := db.Update(func(tx *bolt.Tx) error { return migrateTx(boltTx{tx}, true, 0) }); err != nil {
		return false, fmt.Errorf("create database %s: %w", tmp, err)
	}
	hook(stepTempReady)
	if err := os.Rename(tmp, path); err != nil {
		return false, fmt.Errorf("create database: %w", err)
	}
	hook(stepRenamed)
	syncDir(filepath.Dir(path))
	hook(stepDirSynced)
	return true, nil
}

// removeStaleCreating removes the temporary file of a database that
// exists: a leftover of a process that died building it before the
// database at path was put in place another way (say, from a backup). A
// process building it right now holds its lock, and it is left alone.
func removeStaleCreating(path string) {
	tmp := creatingPath(path)
	f, err := os.OpenFile(tmp, os.O_RDWR, 0)
	if err != nil {
		return // none: the usual case
	}
	defer f.Close()
	if lockFile(f, true, 0) != nil {
		return
	}
	defer unlockFile(f)
	held, err1 := f.Stat()
	named, err2 := os.Stat(tmp)
	if err1 == nil && err2 == nil && os.SameFile(held, named) {
		os.Remove(tmp)
	}
}
