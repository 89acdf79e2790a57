package wake

import (
	"context"
	"sync"
)

// Signal wakes the goroutines waiting for a change. The zero value is
// ready to use; a Signal must not be copied after first use.
type Signal struct {
	mu sync.Mutex // guards ch: C may be called under a read lock by many at once
	ch chan struct{}
}

// C returns the channel that the next Broadcast closes. Take it in the
// same critical section as the check of the state it waits for.
func (s *Signal) C() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ch == nil {
		s.ch = make(chan struct{})
	}
	return s.ch
}

// Broadcast wakes every goroutine waiting on C: it closes the channel,
// and the next C makes a new one. Call it after the change is made. With
// no one waiting it costs no allocation.
func (s *Signal) Broadcast() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ch != nil {
		close(s.ch)
		s.ch = nil
	}
}

// Wait waits until cond holds or ctx ends, and returns ctx's error then.
// cond is called with l held (l may be a read lock, as RWMutex.RLocker
// gives); it is called again after each Broadcast.
func (s *Signal) Wait(ctx context.Context, l sync.Locker, cond func() bool) error {
	for {
		l.Lock()
		ok, ch := cond(), s.C()
		l.Unlock()
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
