//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package storage

import (
	"errors"
	"os"
	"syscall"
	"time"

	berrors "go.etcd.io/bbolt/errors"
)

// lockFile takes the lock bbolt takes (flock: exclusive for writing,
// shared for reading), waiting up to timeout for another process to let
// go; then it gives bbolt's ErrTimeout, which Open reports as ErrInUse.
//
// bbolt has such a lock, with a timeout, but no public way to run code
// between taking it and mapping the file: bolt.Open locks, then maps the
// file and reads its meta pages at once. Open must check the file under
// the lock before that (checkFile: reading a page past the end of a
// truncated file crashes the process), and ensureDB must hold the
// temporary file while it builds a new database. So they lock the
// descriptor here and hand it to bbolt (Options.OpenFile), which locks it
// again: flock on a descriptor that holds the lock succeeds at once and
// keeps it. TestLockIsBbolts pins this: a bbolt release that locks
// another way fails it.
func lockFile(f *os.File, exclusive bool, timeout time.Duration) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	deadline := time.Now().Add(timeout)
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if err == nil {
			return nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			return err
		}
		if time.Now().After(deadline) {
			return berrors.ErrTimeout
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// unlockFile lets go of the lock explicitly. Closing the descriptor is not
// enough when bbolt has mapped the file: the mapping keeps the open file,
// and with it the lock, alive.
func unlockFile(f *os.File) {
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
