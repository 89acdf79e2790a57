package storage

import (
	"context"
	"runtime/debug"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// boltKV is the bbolt backend: bbolt's transactions, with every change
// going through one writer goroutine that commits the changes waiting
// for it together (commit.go).
type boltKV struct {
	db        *bolt.DB
	writes    chan *writeOp // to the writer goroutine
	quit      chan struct{}
	wg        sync.WaitGroup
	closeOnce sync.Once
}

func newBoltKV(db *bolt.DB) *boltKV {
	k := &boltKV{db: db, writes: make(chan *writeOp), quit: make(chan struct{})}
	k.wg.Add(1)
	go k.writer()
	return k
}

func (k *boltKV) view(ctx context.Context, fn func(kvTx) error) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	defer guard(&err)
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	// db.View, without the closure it would need to wrap the
	// transaction (an allocation on every read).
	tx, err := k.db.Begin(false)
	if err != nil {
		return boltErr(err)
	}
	defer tx.Rollback()
	return fn(boltTx{tx})
}

func (k *boltKV) close() error {
	var err error
	k.closeOnce.Do(func() {
		close(k.quit)
		k.wg.Wait()
		err = k.db.Close()
	})
	return err
}

// boltTx, boltBucket: bbolt's types, with a cursor of the interface's
// type. *bolt.Cursor is a kvCursor as it is.
type boltTx struct{ tx *bolt.Tx }

func (t boltTx) Bucket(name []byte) kvBucket {
	if b := t.tx.Bucket(name); b != nil {
		return boltBucket{b}
	}
	return nil
}

func (t boltTx) CreateBucket(name []byte) (kvBucket, error) {
	b, err := t.tx.CreateBucket(name)
	if err != nil {
		return nil, err
	}
	return boltBucket{b}, nil
}

func (t boltTx) CreateBucketIfNotExists(name []byte) (kvBucket, error) {
	b, err := t.tx.CreateBucketIfNotExists(name)
	if err != nil {
		return nil, err
	}
	return boltBucket{b}, nil
}

func (t boltTx) DeleteBucket(name []byte) error { return t.tx.DeleteBucket(name) }

func (t boltTx) Empty() bool {
	k, _ := t.tx.Cursor().First()
	return k == nil
}

type boltBucket struct{ *bolt.Bucket }

func (b boltBucket) Cursor() kvCursor { return b.Bucket.Cursor() }

// Count walks the bucket's keys in the mapped pages: no value is copied
// or decoded.
func (b boltBucket) Count() (int, error) {
	n := 0
	c := b.Bucket.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		n++
	}
	return n, nil
}
