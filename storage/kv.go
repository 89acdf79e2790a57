package storage

import (
	"context"
)

// The store's logic (games, indexes, settings, ratings) runs on a small
// transactional key-value model with buckets, which is bbolt's: a
// transaction sees one consistent state, reads and writes keys in named
// buckets, walks a bucket in key order with a cursor, and lands whole or
// not at all. Two backends implement it:
//
//   - bbolt (kv_bolt.go), the embedded default: bbolt's own transactions,
//     with one writer goroutine committing the changes waiting for it in
//     one transaction (group commit, see commit.go).
//   - etcd (kv_etcd.go), for several bot processes sharing one set of
//     games: optimistic serializable transactions, reading at one
//     revision and committing with one etcd Txn that compares what was
//     read; a change whose reads have moved on runs again.
//
// The interfaces are the part of bbolt's API the store uses, so on bbolt
// they are thin wrappers.

// kvTx is a transaction.
type kvTx interface {
	// Bucket returns the bucket name, or nil if there is none.
	Bucket(name []byte) kvBucket
	// CreateBucket creates bucket name, which must not exist.
	CreateBucket(name []byte) (kvBucket, error)
	// CreateBucketIfNotExists returns bucket name, creating it if needed.
	CreateBucketIfNotExists(name []byte) (kvBucket, error)
	// DeleteBucket removes bucket name, its keys and its sequence.
	DeleteBucket(name []byte) error
	// Empty reports whether the database holds no bucket at all.
	Empty() bool
}

// kvBucket is a bucket of keys, read and written inside a transaction.
// The bytes Get and cursors return are valid only inside the transaction.
type kvBucket interface {
	// Get returns the value of key, or nil if there is none (a key with
	// an empty value gives an empty, non-nil slice).
	Get(key []byte) []byte
	Put(key, value []byte) error
	Delete(key []byte) error
	// ForEach calls fn for each key, in order, until fn returns an error.
	ForEach(fn func(k, v []byte) error) error
	Cursor() kvCursor
	// Count returns how many keys the bucket holds, without reading
	// their values.
	Count() (int, error)
	// NextSequence returns the bucket's next sequence number (1, 2, ...).
	NextSequence() (uint64, error)
	// Sequence returns the last number NextSequence gave, and
	// SetSequence sets it (to copy a database).
	Sequence() uint64
	SetSequence(v uint64) error
}

// kvCursor walks a bucket's keys in order. Each method returns the key
// and value it lands on, or a nil key past either end.
type kvCursor interface {
	First() (k, v []byte)
	Last() (k, v []byte)
	// Seek moves to key, or the first key after it.
	Seek(key []byte) (k, v []byte)
	Next() (k, v []byte)
	Prev() (k, v []byte)
	// Delete removes the key the cursor is on.
	Delete() error
}

// prefetcher is a transaction that can read many keys in one request
// (etcd): a listing asks it for the games it is about to read.
type prefetcher interface {
	prefetch(bucket []byte, keys [][]byte)
}

// prepareFunc reads and checks a change inside the write transaction,
// without writing, and returns the function that writes it. Earlier
// changes of the same group are visible to it. It may run more than once
// (when its group is run again, or, on etcd, when what it read changed
// before the commit), so it must set its results afresh each time.
type prepareFunc func(tx kvTx) (apply func() error, err error)

// kvStore is a backend: it runs read transactions and changes.
type kvStore interface {
	// view runs fn in a read transaction. fn must copy out anything it
	// keeps.
	view(ctx context.Context, fn func(kvTx) error) error
	// update runs a change and returns once it has committed, durably,
	// or with the error that kept it out. A panic in the caller's code
	// comes back as a *userPanic.
	update(ctx context.Context, prepare prepareFunc) error
	// close lets go of the backend; changes already handed over land
	// first.
	close() error
}
