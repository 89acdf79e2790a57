package storage

import (
	"errors"
	"fmt"
	"time"
)

// The errors of the store, to branch on with errors.Is; the typed errors
// below carry the details for errors.As. Besides these, AppendMove passes
// on the rules engine's errors (an illegal move) unchanged, methods return
// the context's error if it is done before they start, and errors of the
// file system (a directory that cannot be written, a full disk) come
// wrapped with what was being done.
var (
	// ErrNotFound: there is no game with that ID.
	ErrNotFound = errors.New("no such game")
	// ErrConflict: the game moved on since the caller looked at it (another
	// move landed first). Load the game again, check the move against the
	// new position, and retry.
	ErrConflict = errors.New("the game moved on")
	// ErrWrongState: the game is not in a state that allows the operation,
	// e.g. a move in a game still waiting for the challenge to be accepted.
	ErrWrongState = errors.New("the game is not in the right state")
	// ErrBadRecord: a game record (or a change to one) that the store
	// refuses to write, because it is incomplete or breaks a rule.
	ErrBadRecord = errors.New("bad game record")
	// ErrBadID: an ID that is empty, too long or has odd characters.
	ErrBadID = errors.New("bad ID")
	// ErrInUse: another process holds the database file. Stop it, or use
	// another file.
	ErrInUse = errors.New("database already in use")
	// ErrCorrupt: the database file or one of its records is damaged.
	// Restore the latest backup.
	ErrCorrupt = errors.New("database damaged")
	// ErrSchema: the file was written by a newer version of twixtbot (or
	// is not a twixtbot database at all).
	ErrSchema = errors.New("unsupported database schema")
	// ErrClosed: the store has been closed.
	ErrClosed = errors.New("store closed")
	// ErrReadOnly: a change asked of a store opened read-only.
	ErrReadOnly = errors.New("store opened read-only")
	// ErrNotSupported: an operation the store's backend does not do, such
	// as a backup file of a store on etcd (etcd has its own snapshots).
	ErrNotSupported = errors.New("not supported by this storage backend")
	// ErrBusy: a change on etcd kept finding what it read changed by
	// other processes, and gave up (a *BusyError). Try again later.
	ErrBusy = errors.New("the store is too busy")
	// ErrTooLarge: a change needs a bigger etcd transaction than the
	// server takes (a *TooLargeError): raise the server's limits.
	ErrTooLarge = errors.New("change too large for one etcd transaction")
	// ErrUnavailable: the etcd cluster did not answer in time.
	ErrUnavailable = errors.New("the store is unavailable")
)

// DecodeError is a stored record that cannot be read: bytes that fail
// their checksum or do not decode, a move log that does not replay, or an
// index entry that points nowhere. Game names the game, if the record is
// one (Key names other records).
type DecodeError struct {
	Game GameID
	Key  string // the record, for records that are not games
	Err  error
}

func (e *DecodeError) Error() string {
	what := e.Key
	if e.Game != 0 {
		what = "game " + e.Game.String()
	}
	return fmt.Sprintf("%s is damaged and cannot be read: %v (restore it from a backup)", what, e.Err)
}

// Unwrap returns ErrCorrupt and the underlying cause.
func (e *DecodeError) Unwrap() []error { return []error{ErrCorrupt, e.Err} }

// ConflictError is a change of a game's log refused because the log no
// longer has the mark the caller validated against (see LogMark): another
// move landed first, or a takeback changed the position, even if a new
// move brought the log back to the length the caller saw.
type ConflictError struct {
	Game     GameID
	Expected LogMark // the log the caller saw
	Actual   LogMark // the log now
}

func (e *ConflictError) Error() string {
	if e.Expected.Len == e.Actual.Len {
		return fmt.Sprintf("game %s moved on: a takeback changed its position (it has %d takebacks, not %d); look at the board again and retry", e.Game, e.Actual.Takebacks, e.Expected.Takebacks)
	}
	return fmt.Sprintf("game %s moved on: it has %d log entries, not %d; look at the board again and retry", e.Game, e.Actual.Len, e.Expected.Len)
}

func (e *ConflictError) Unwrap() error { return ErrConflict }

// StateError is an operation refused because of the game's state.
type StateError struct {
	Game  GameID
	State State // the state the game is in
	Op    string
}

func (e *StateError) Error() string {
	switch e.State {
	case Proposed:
		return fmt.Sprintf("cannot %s game %s: it has not started; the challenge is waiting to be accepted", e.Op, e.Game)
	case Cancelled:
		return fmt.Sprintf("cannot %s game %s: the challenge was cancelled", e.Op, e.Game)
	case Finished:
		return fmt.Sprintf("cannot %s game %s: the game is over", e.Op, e.Game)
	}
	return fmt.Sprintf("cannot %s game %s while it is %s", e.Op, e.Game, e.State)
}

func (e *StateError) Unwrap() error { return ErrWrongState }

// RecordError is a game record, or a change to one, that the store refuses.
type RecordError struct {
	Game    GameID // 0 for a game not created yet
	Problem string // what is wrong and what to do instead
	Err     error  // a cause from the rules engine or ErrBadID, if any
}

func (e *RecordError) Error() string {
	s := "bad game record"
	if e.Game != 0 {
		s = "bad change to game " + e.Game.String()
	}
	s += ": " + e.Problem
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns ErrBadRecord and the cause, if any.
func (e *RecordError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrBadRecord}
	}
	return []error{ErrBadRecord, e.Err}
}

// SchemaError is a database whose schema version this program cannot use.
type SchemaError struct {
	Found, Supported uint64
}

func (e *SchemaError) Error() string {
	return fmt.Sprintf("the database has schema version %d, newer than this program's %d: run a newer twixtbot, or restore a backup taken before the upgrade", e.Found, e.Supported)
}

func (e *SchemaError) Unwrap() error { return ErrSchema }

// recordErr makes a RecordError.
func recordErr(id GameID, err error, format string, args ...any) error {
	return &RecordError{Game: id, Problem: fmt.Sprintf(format, args...), Err: err}
}

// BusyError is a change on etcd given up after Tries attempts over For,
// each of which found that another change had changed what it read
// first; or, with no attempt, given up while it waited for its turn. It
// comes only when its caller's context ended, or after etcdBusyFor
// (30 s): a store merely busy for a moment makes a change wait its turn,
// not fail. Nothing of the change has landed.
type BusyError struct {
	Tries int
	For   time.Duration
}

func (e *BusyError) Error() string {
	return fmt.Sprintf("the change was tried %d times over %s and other changes kept landing first; nothing of it was stored: try again in a moment", e.Tries, e.For)
}

func (e *BusyError) Unwrap() error { return ErrBusy }

// TooLargeError is a change that needs more operations, or more bytes, in
// one etcd transaction than the server allows.
type TooLargeError struct {
	What  string // "operations" or "bytes"
	Need  int    // 0: the server refused it, and did not say by how much
	Limit int
	Flag  string // the etcd server's flag that raises the limit
}

func (e *TooLargeError) Error() string {
	if e.Need <= 0 { // the server refused it
		return fmt.Sprintf("the change needs more %s in one etcd transaction than the server takes: start etcd with a higher %s (and set TWIXTBOT_ETCD_MAX_TXN_OPS to match; now %d)", e.What, e.Flag, e.Limit)
	}
	return fmt.Sprintf("the change needs %d %s in one etcd transaction and the server takes %d: start etcd with a higher %s (and set TWIXTBOT_ETCD_MAX_TXN_OPS to match)", e.Need, e.What, e.Limit, e.Flag)
}

func (e *TooLargeError) Unwrap() error { return ErrTooLarge }
