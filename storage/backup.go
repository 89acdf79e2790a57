package storage

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

	bolt "go.etcd.io/bbolt"
)

// Backup writes a consistent copy of the whole database to w while the
// store keeps serving: it is one read transaction (bbolt's tx.WriteTo),
// which does not block writers. It returns the number of bytes written.
// The transaction stays open until w has taken everything, so w should be
// a local file or a buffer; to send a backup over the network, write it
// to a file first (BackupFile).
func (s *Store) Backup(ctx context.Context, w io.Writer) (int64, error) {
	if s.db == nil {
		return 0, s.notOnEtcd("Backup")
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var n int64
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// BackupFile writes a backup to path: to a temporary file beside it first,
// synced, then checked by opening it with bbolt and running its
// consistency check, then renamed over path. The copy is compacted: it
// holds the live records only, in one read transaction's view, and none of
// the pages the database has freed, which may still hold old versions of
// records; so a record deleted (ForgetUser) before the backup is not in
// it. A crash midway leaves any
// earlier file at path as it was. It refuses to write over the database
// itself. The backup is a database file: to restore it, stop the bot and
// put the file in the database's place (or point TWIXTBOT_DB at it).
func (s *Store) BackupFile(ctx context.Context, path string) (int64, error) {
	if s.db == nil {
		return 0, s.notOnEtcd("BackupFile")
	}
	if same, err := samePath(path, s.path); err != nil || same {
		if err == nil {
			err = fmt.Errorf("%s is the database itself; choose another file", path)
		}
		return 0, fmt.Errorf("backup: %w", err)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	tmp := f.Name()
	done := false
	defer func() {
		if !done {
			f.Close()
			os.Remove(tmp)
		}
	}()
	n, err := s.compactTo(ctx, f)
	if err != nil {
		return 0, fmt.Errorf("backup to %s: %w", path, err)
	}
	if err := verifyBoltFile(tmp); err != nil {
		return 0, fmt.Errorf("backup to %s: the copy does not check out: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	done = true
	syncDir(dir)
	return n, nil
}

// compactTxSize bounds what one transaction of a compacted copy writes,
// so that a large database is copied in steps rather than in memory.
const compactTxSize = 16 << 20

// compactTo writes a compacted copy of the database into f, a new empty
// file, with fsync, closes f and returns the copy's size. The live
// records are read in one read transaction, which does not block writers.
func (s *Store) compactTo(ctx context.Context, f *os.File) (n int64, err error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	dst, err := bolt.Open(f.Name(), 0o600, &bolt.Options{
		OpenFile: func(string, int, os.FileMode) (*os.File, error) { return f, nil },
	})
	if err != nil {
		return 0, err
	}
	err = func() (err error) {
		defer guard(&err) // a damaged page of the database
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		return bolt.Compact(dst, s.db, compactTxSize)
	}()
	if err == nil {
		var st os.FileInfo
		if st, err = f.Stat(); err == nil {
			n = st.Size()
		}
	}
	if cerr := dst.Close(); err == nil { // bbolt fsynced each commit; this closes f
		err = cerr
	}
	return n, err
}

// samePath reports whether a and b name the same file.
func samePath(a, b string) (bool, error) {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb), nil
	}
	absA, err := filepath.Abs(a)
	if err != nil {
		return false, err
	}
	absB, err := filepath.Abs(b)
	if err != nil {
		return false, err
	}
	return absA == absB, nil
}

// verifyBoltFile opens a bbolt file read-only and runs bbolt's check.
func verifyBoltFile(path string) (err error) {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	if err := checkFile(f); err != nil {
		f.Close()
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	f.Close()
	defer guard(&err)
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: DefaultTimeout})
	if err != nil {
		return err
	}
	defer db.Close()
	return db.View(func(tx *bolt.Tx) error {
		var first error
		for err := range tx.Check() { // drain it: the check runs in a goroutine of its own
			if first == nil {
				first = fmt.Errorf("%w: %v", ErrCorrupt, err)
			}
		}
		return first
	})
}
