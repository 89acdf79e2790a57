package discordtest

import (
	"context"
	"sync"
)

// watched is state guarded by mu that goroutines can wait on: whoever
// changes it calls broadcast, and wait re-checks its condition then.
type watched struct {
	mu      sync.Mutex
	changed chan struct{}
}

// broadcast wakes the waiters; mu is held.
func (w *watched) broadcast() {
	if w.changed != nil {
		close(w.changed)
	}
	w.changed = make(chan struct{})
}

// wait blocks until cond (called with mu held) holds or ctx ends.
func (w *watched) wait(ctx context.Context, cond func() bool) error {
	for {
		w.mu.Lock()
		if w.changed == nil {
			w.changed = make(chan struct{})
		}
		ok, ch := cond(), w.changed
		w.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
