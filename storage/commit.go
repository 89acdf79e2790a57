package storage

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	bolt "go.etcd.io/bbolt"
)

// Group commit, on bbolt. Every change goes to one writer goroutine, which takes the
// changes waiting for it (up to maxGroup), runs them in one bbolt write
// transaction and commits them with one pair of fsyncs. A lone change is
// committed at once; changes that arrive during a commit share the next
// one. This is bbolt's DB.Batch without its timer, which would hold every
// lone move back by MaxBatchDelay, and with failures kept apart: a change
// is split into prepare, which reads and checks and must not write, and
// apply, which writes. A change whose prepare fails leaves the
// transaction as it was and the others go on; a change whose apply fails
// (rare: a damaged player record, an I/O error) rolls back the whole
// group, which is run again without it, and it is run again on its own.
// In every case a change's caller hears of it only after the transaction
// holding it has committed, or with the error that kept it out.
const maxGroup = 128

type writeOp struct {
	prepare prepareFunc
	err     error
	done    chan struct{}
}

// write runs a change through the writer and waits for its commit. The
// context is looked at only before the change is handed over: once handed
// over it runs to its end, so a caller never gives up on a change that
// then lands.
func (s *Store) write(ctx context.Context, prepare prepareFunc) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.readOnly {
		return fmt.Errorf("%w: open it without Options.ReadOnly to change it", ErrReadOnly)
	}
	err := s.kv.update(ctx, prepare)
	var up *userPanic
	if errors.As(err, &up) {
		panic(up.value) // the caller's function panicked: the change was rolled back
	}
	return err
}

// update hands a change to the writer and waits for its commit.
func (k *boltKV) update(ctx context.Context, prepare prepareFunc) error {
	op := &writeOp{prepare: prepare, done: make(chan struct{})}
	select {
	case k.writes <- op:
	case <-k.quit:
		return fmt.Errorf("%w: no more changes are taken", ErrClosed)
	}
	<-op.done
	return op.err
}

// writer is the goroutine that commits every change.
func (k *boltKV) writer() {
	defer k.wg.Done()
	debug.SetPanicOnFault(true) // this goroutine reads the mapped file
	for {
		var group []*writeOp
		select {
		case op := <-k.writes:
			group = append(group, op)
		case <-k.quit:
			return
		}
	more:
		for len(group) < maxGroup {
			select {
			case op := <-k.writes:
				group = append(group, op)
			default:
				break more
			}
		}
		k.commitGroup(group)
	}
}

// commitGroup runs a group of changes in one transaction and tells each
// caller its result.
func (k *boltKV) commitGroup(group []*writeOp) {
	if len(group) == 1 {
		k.commitAlone(group[0])
		return
	}
	dirty := -1
	err := k.runUpdate(func(tx kvTx) error {
		for i, op := range group {
			apply, err := op.prepare(tx)
			op.err = err
			if err != nil {
				continue // nothing written: the others go on
			}
			if err := apply(); err != nil {
				dirty = i
				return err
			}
		}
		return nil
	})
	switch {
	case err == nil:
		for _, op := range group {
			close(op.done)
		}
	case dirty >= 0:
		rest := append(append([]*writeOp{}, group[:dirty]...), group[dirty+1:]...)
		k.commitGroup(rest)
		k.commitAlone(group[dirty])
	default:
		// The commit itself failed (an I/O error, or damage found on the
		// way): nothing landed. Each change on its own gets its own answer.
		for _, op := range group {
			k.commitAlone(op)
		}
	}
}

// commitAlone runs one change in a transaction of its own.
func (k *boltKV) commitAlone(op *writeOp) {
	op.err = k.runUpdate(func(tx kvTx) error {
		apply, err := op.prepare(tx)
		if err != nil {
			return err
		}
		return apply()
	})
	close(op.done)
}

// runUpdate is db.Update with damage turned into ErrCorrupt.
func (k *boltKV) runUpdate(fn func(kvTx) error) (err error) {
	defer guard(&err)
	return boltErr(k.db.Update(func(tx *bolt.Tx) error { return fn(boltTx{tx}) }))
}
