package storage

import (
	"context"
	"sync"
)

// keyLocks are one process's locks of etcd keys, which changes on etcd
// take to run again after a conflict (see busyRetry) and increments take
// for their counter: a queue per key instead of a race. They order this
// process's changes only; other processes' changes are kept apart by the
// commit's comparisons, as ever. The zero value is ready.
type keyLocks struct {
	mu    sync.Mutex
	locks map[string]*keyLock
}

type keyLock struct {
	token chan struct{} // holds one value while locked
	refs  int           // holders and waiters: the entry goes at zero
}

// lock takes the locks of keys, which must be sorted and distinct (so
// that two changes that want the same keys never wait for each other in
// a cycle), and returns the function that lets go of them; or ctx's
// error, holding none, if ctx ends first.
func (l *keyLocks) lock(ctx context.Context, keys []string) (unlock func(), err error) {
	var held []*keyLock
	unlock = func() {
		for _, e := range held {
			<-e.token
		}
		l.release(keys[:len(held)])
	}
	for i, key := range keys {
		l.mu.Lock()
		if l.locks == nil {
			l.locks = map[string]*keyLock{}
		}
		e := l.locks[key]
		if e == nil {
			e = &keyLock{token: make(chan struct{}, 1)}
			l.locks[key] = e
		}
		e.refs++
		l.mu.Unlock()
		select {
		case e.token <- struct{}{}:
			held = append(held, e)
		case <-ctx.Done():
			l.release(keys[i : i+1])
			unlock()
			return nil, ctx.Err()
		}
	}
	return unlock, nil
}

// release drops a holder or waiter of each of keys.
func (l *keyLocks) release(keys []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, key := range keys {
		if e := l.locks[key]; e != nil {
			if e.refs--; e.refs == 0 {
				delete(l.locks, key)
			}
		}
	}
}
