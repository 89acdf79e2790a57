package storage

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"runtime/debug"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// DefaultTimeout is how long Open waits for another process to let go of
// the database file before it gives up with ErrInUse.
const DefaultTimeout = 2 * time.Second

// Options tune Open. The zero value (or nil) is right for the bot.
type Options struct {
	// Timeout is how long to wait for the file lock held by another
	// process; zero means DefaultTimeout.
	Timeout time.Duration
	// ReadOnly opens the file for reading only (shared lock, no
	// migrations: a file with an older schema is refused).
	ReadOnly bool
	// Now is the clock for the timestamps the store writes; nil means
	// time.Now.
	Now func() time.Time
	// PositionCache is the memory, in bytes, spent on keeping the
	// positions of the games played lately, so that a move does not
	// replay the game's log; zero means DefaultPositionCache, negative
	// none.
	PositionCache int
}

// Store is a twixtbot database: a bbolt file holding games, their move
// logs, indexes, player records and server settings. It is safe for
// concurrent use. Every change is atomic (it lands whole or not at all)
// and is committed and fsynced before the method returns; changes made at
// the same moment share a transaction (see commit.go).
type Store struct {
	kv        kvStore  // the backend (see kv.go)
	db        *bolt.DB // on bbolt: its database, for what only bbolt does (backups); nil on etcd
	path      string   // the file, or "etcd:" and the endpoints
	now       func() time.Time
	readOnly  bool
	positions *positions // nil: none kept
}

// Open opens the database at path, creating it if it does not exist, and
// brings its schema up to date. A new database is built beside path (in
// path+".creating") and renamed into place once whole, so that a crash
// during the first start never leaves a file that cannot be opened; a
// leftover of such a crash is reused or removed, never needing a person. A file another process holds gives ErrInUse
// after opts.Timeout; a damaged or truncated file gives ErrCorrupt; a file
// of a newer schema gives ErrSchema.
func Open(path string, opts *Options) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if !o.ReadOnly {
		if err := ensureDB(path, &o); err != nil {
			return nil, err
		}
	}
	f, err := openFile(path, o.ReadOnly)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	if err := lockFile(f, !o.ReadOnly, o.Timeout); err != nil {
		f.Close()
		if errors.Is(err, berrors.ErrTimeout) {
			return nil, inUse(path, o.Timeout)
		}
		return nil, fmt.Errorf("lock database %s: %w", path, err)
	}
	if err := checkFile(f); err != nil {
		unlockFile(f)
		f.Close()
		return nil, fmt.Errorf("%w: %s: %v; restore the latest backup (or move the file away to start a new database)", ErrCorrupt, path, err)
	}
	if !o.ReadOnly {
		removeStaleCreating(path)
	}
	db, err := openBolt(f, path, &o)
	if err != nil {
		return nil, err
	}
	return newStore(newBoltKV(db), db, path, &o)
}

// newStore starts a Store on a backend and brings its schema up to date.
func newStore(kv kvStore, db *bolt.DB, path string, o *Options) (*Store, error) {
	s := &Store{kv: kv, db: db, path: path, now: o.Now, readOnly: o.ReadOnly}
	switch {
	case o.PositionCache == 0:
		s.positions = newPositions(DefaultPositionCache)
	case o.PositionCache > 0:
		s.positions = newPositions(o.PositionCache)
	}
	if err := s.migrate(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func inUse(path string, waited time.Duration) error {
	return fmt.Errorf("%w: %s is held by another process (waited %s); stop the other twixtbot or use another file", ErrInUse, path, waited)
}

// openBolt hands the locked file to bbolt. bbolt locks it again through
// the same descriptor, which keeps the lock. A panic inside bbolt (which it
// uses for some damaged pages) becomes ErrCorrupt.
func openBolt(f *os.File, path string, o *Options) (db *bolt.DB, err error) {
	defer func() {
		if r := recover(); r != nil {
			// bbolt's Open did not finish, so its mapping of the file
			// stays (a leak of address space, on a path that ends the
			// program's use of the file); the lock must not.
			unlockFile(f)
			f.Close()
			db, err = nil, fmt.Errorf("%w: %s: %v; restore the latest backup", ErrCorrupt, path, r)
		}
	}()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	db, err = bolt.Open(path, 0o600, &bolt.Options{
		Timeout:  o.Timeout,
		ReadOnly: o.ReadOnly,
		OpenFile: func(string, int, os.FileMode) (*os.File, error) { return f, nil },
	})
	switch {
	case err == nil:
		return db, nil
	case errors.Is(err, berrors.ErrTimeout):
		return nil, inUse(path, o.Timeout)
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum), errors.Is(err, berrors.ErrVersionMismatch):
		return nil, fmt.Errorf("%w: %s: %v; restore the latest backup", ErrCorrupt, path, err)
	}
	return nil, fmt.Errorf("open database %s: %w", path, err)
}

// The layout of a bbolt meta page (go.etcd.io/bbolt/internal/common): a
// 16-byte page header, then magic, version, page size and flags (uint32
// each), the root bucket (root page and sequence), the freelist page, the
// high-water mark, the transaction ID and an FNV-64a checksum of the
// fields before it; native byte order.
//
// checkFile reads it because bbolt offers no public way to read a meta
// page without opening, and so mapping, the file: DB.Info and Tx.Size
// need an open database, and the package that has the layout is
// internal. TestMetaLayoutIsBbolts compares what parseMeta reads with
// what bbolt's public API says of the same files, so that a bbolt release
// that changes the layout fails it.
const (
	boltMagic      = 0xED0CDAED
	boltVersion    = 2
	pageHeaderSize = 16
	metaSize       = 64
)

type boltMeta struct {
	pageSize          uint32
	root, free, pages uint64 // the root bucket's page, the freelist's page, the high-water mark
	txid              uint64
}

// parseMeta reads a meta page's fields at b; ok is false if the magic,
// version or checksum is wrong.
func parseMeta(b []byte) (boltMeta, bool) {
	if len(b) < metaSize {
		return boltMeta{}, false
	}
	ne := binary.NativeEndian
	h := fnv.New64a()
	h.Write(b[:56])
	if ne.Uint32(b[0:]) != boltMagic || ne.Uint32(b[4:]) != boltVersion || ne.Uint64(b[56:]) != h.Sum64() {
		return boltMeta{}, false
	}
	return boltMeta{
		pageSize: ne.Uint32(b[8:]), root: ne.Uint64(b[16:]), free: ne.Uint64(b[32:]),
		pages: ne.Uint64(b[40:]), txid: ne.Uint64(b[48:]),
	}, true
}

// openFile opens the database file, which exists (ensureDB builds a new
// one).
func openFile(path string, readOnly bool) (*os.File, error) {
	if readOnly {
		return os.OpenFile(path, os.O_RDONLY, 0)
	}
	return os.OpenFile(path, os.O_RDWR, 0)
}

// checkFile looks at a bbolt file before bbolt maps it: bbolt trusts the
// file's length, and reading a page past the end of a truncated file would
// crash the process (SIGBUS) instead of returning an error. (openBolt
// turns such a fault into ErrCorrupt too, as a last resort, but bbolt's
// half-done Open then leaves its mapping of the file behind.) An empty
// file is refused: a new database is never empty (see create.go), so an
// empty file may be a database truncated to nothing.
func checkFile(f *os.File) error {
	st, err := f.Stat()
	if err != nil {
		return err
	}
	size := st.Size()
	if size == 0 {
		return errors.New("the file is empty (if it is meant to be a new database, delete it)")
	}
	buf := make([]byte, pageHeaderSize+metaSize)
	if _, err := f.ReadAt(buf, 0); err != nil {
		if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
			return fmt.Errorf("the file is only %d bytes long", size)
		}
		return err
	}
	m0, ok0 := parseMeta(buf[pageHeaderSize:])
	pageSize := int64(os.Getpagesize())
	if ok0 {
		pageSize = int64(m0.pageSize)
	}
	var m1 boltMeta
	ok1 := false
	if _, err := f.ReadAt(buf, pageSize); err == nil {
		m1, ok1 = parseMeta(buf[pageHeaderSize:])
	}
	switch {
	case !ok0 && !ok1:
		return errors.New("it is not a bbolt database, or both of its meta pages are damaged")
	case !ok0 || ok1 && m1.txid > m0.txid:
		m0 = m1
	}
	if m0.pageSize < 512 || m0.pageSize > 1<<20 || m0.pageSize&(m0.pageSize-1) != 0 {
		return fmt.Errorf("page size %d", m0.pageSize)
	}
	if m0.root >= m0.pages || m0.free >= m0.pages && m0.free != ^uint64(0) {
		return fmt.Errorf("meta page points past its high-water mark (root %d, freelist %d, %d pages)", m0.root, m0.free, m0.pages)
	}
	if need := int64(m0.pages) * int64(m0.pageSize); size < need {
		return fmt.Errorf("the file is truncated: it has %d bytes, and its pages run to %d", size, need)
	}
	return nil
}

// syncDir makes a directory's entries durable: a file created or renamed
// in it. Not every system can sync a directory; failing is harmless.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// Close closes the database. Changes already handed to the store are
// committed first; later ones get ErrClosed. Closing again does nothing.
func (s *Store) Close() error { return s.kv.close() }

// Path returns the database file's path; for a store on etcd, "etcd:"
// and its endpoints.
func (s *Store) Path() string { return s.path }

// clock returns the time for a timestamp: UTC, to the millisecond, as
// Discord's timestamps are.
func (s *Store) clock() time.Time {
	return s.now().UTC().Truncate(time.Millisecond)
}

// view runs fn in a read transaction. fn must copy out anything it keeps:
// the backend's bytes are valid only inside the transaction.
func (s *Store) view(ctx context.Context, fn func(kvTx) error) error {
	return s.kv.view(ctx, fn)
}

// userPanic carries a panic from a caller's function out of the
// transaction, which is rolled back, so that it is not mistaken for damage.
type userPanic struct{ value any }

func (p *userPanic) Error() string { return fmt.Sprint("panic in callback: ", p.value) }

// callUser runs a caller's function inside a transaction.
func callUser(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &userPanic{r}
		}
	}()
	return fn()
}

// guard turns a panic inside bbolt (which it raises on some damaged
// pages) into ErrCorrupt.
func guard(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%w: reading the database failed (%v); run a check and restore the latest backup", ErrCorrupt, r)
	}
}

func boltErr(err error) error {
	if errors.Is(err, berrors.ErrDatabaseNotOpen) {
		return fmt.Errorf("%w: %v", ErrClosed, err)
	}
	return err
}

// Ping reports whether the database can be read: it opens a read
// transaction and checks that the schema version is there. It is the
// health check of a running bot.
func (s *Store) Ping(ctx context.Context) error {
	return s.view(ctx, func(tx kvTx) error {
		if tx.Bucket(bucketMeta) == nil {
			return fmt.Errorf("%w: the meta bucket is missing", ErrCorrupt)
		}
		return nil
	})
}

// notOnEtcd is the error of a bbolt-only operation on a store on etcd.
func (s *Store) notOnEtcd(op string) error {
	return fmt.Errorf("%w: %s writes a bbolt file, and this store is on etcd (%s): take etcd's own snapshot (etcdctl snapshot save FILE), or copy the games to a file with twixtbot migrate --from etcd:ENDPOINTS --to bolt:FILE", ErrNotSupported, op, s.path)
}
