//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package storage

import (
	"os"
	"time"
)

// lockFile leaves the locking to bbolt on systems without flock (bbolt
// uses LockFileEx on Windows): there, Open checks the file (checkFile)
// before it is locked.
func lockFile(*os.File, bool, time.Duration) error { return nil }

// unlockFile leaves the unlocking to bbolt on systems without flock.
func unlockFile(*os.File) {}
