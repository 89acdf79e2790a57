package wake

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// failAfter bounds a test that would otherwise hang on a lost wake-up: it
// is the deadline of a failure, not a pause. Nothing waits for it to pass.
const failAfter = 30 * time.Second

// state is a counter guarded by a lock, with the Signal of its changes.
type state struct {
	rw      sync.RWMutex
	n       int
	changed Signal
}

// add changes the state and wakes its waiters.
func (s *state) add(d int) {
	s.rw.Lock()
	s.n += d
	s.changed.Broadcast()
	s.rw.Unlock()
}

// lockers are the two ways a waiter may hold the state's lock: alone, or
// with other readers.
var lockers = []struct {
	name string
	lock func(*state) sync.Locker
}{
	{"write lock", func(s *state) sync.Locker { return &s.rw }},
	{"read lock", func(s *state) sync.Locker { return s.rw.RLocker() }},
}

// hooked is a Locker that runs after each Unlock, outside the lock.
type hooked struct {
	sync.Locker
	after func()
}

func (h hooked) Unlock() {
	h.Locker.Unlock()
	h.after()
}

func TestWait(t *testing.T) {
	for _, l := range lockers {
		t.Run(l.name+"/holds already", func(t *testing.T) {
			s := &state{n: 1}
			calls := 0
			err := s.changed.Wait(t.Context(), l.lock(s), func() bool { calls++; return s.n == 1 })
			if err != nil || calls != 1 {
				t.Fatalf("Wait = %v after %d checks, want nil after 1", err, calls)
			}
		})

		t.Run(l.name+"/woken by a broadcast", func(t *testing.T) {
			s := &state{}
			ctx, cancel := context.WithTimeout(t.Context(), failAfter)
			defer cancel()
			checked := make(chan struct{})
			var once sync.Once
			done := make(chan error, 1)
			go func() {
				done <- s.changed.Wait(ctx, l.lock(s), func() bool {
					once.Do(func() { close(checked) })
					return s.n > 0
				})
			}()
			<-checked // the waiter has seen the state before the change
			s.add(1)
			if err := <-done; err != nil {
				t.Fatalf("the waiter was not woken by the change: %v", err)
			}
		})

		// The change lands between the waiter's check and its sleep:
		// the channel it took with the check is closed by it, so it
		// wakes.
		t.Run(l.name+"/change between check and sleep", func(t *testing.T) {
			s := &state{}
			ctx, cancel := context.WithTimeout(t.Context(), failAfter)
			defer cancel()
			var once sync.Once
			lk := hooked{l.lock(s), func() { once.Do(func() { s.add(1) }) }}
			checks := 0
			err := s.changed.Wait(ctx, lk, func() bool { checks++; return s.n > 0 })
			if err != nil || checks != 2 {
				t.Fatalf("Wait = %v after %d checks, want nil after 2 (the change was lost)", err, checks)
			}
		})

		t.Run(l.name+"/wakes every waiter", func(t *testing.T) {
			s := &state{}
			ctx, cancel := context.WithTimeout(t.Context(), failAfter)
			defer cancel()
			const waiters = 8
			var checked sync.WaitGroup
			checked.Add(waiters)
			errs := make(chan error, waiters)
			for range waiters {
				go func() {
					var once sync.Once
					errs <- s.changed.Wait(ctx, l.lock(s), func() bool {
						once.Do(checked.Done)
						return s.n > 0
					})
				}()
			}
			checked.Wait()
			s.add(1) // one broadcast for all
			for range waiters {
				if err := <-errs; err != nil {
					t.Fatalf("a waiter was not woken: %v", err)
				}
			}
		})

		t.Run(l.name+"/ends with its context", func(t *testing.T) {
			s := &state{}
			ctx, cancel := context.WithCancel(t.Context())
			var once sync.Once
			err := s.changed.Wait(ctx, l.lock(s), func() bool {
				once.Do(cancel) // the context ends while the state stays
				return false
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("Wait = %v, want context.Canceled", err)
			}
		})

		// Many changes from many goroutines, read by many waiters: each
		// sees the last one (run with -race).
		t.Run(l.name+"/many changes", func(t *testing.T) {
			s := &state{}
			ctx, cancel := context.WithTimeout(t.Context(), failAfter)
			defer cancel()
			const writers, adds, waiters = 4, 200, 4
			errs := make(chan error, waiters)
			for range waiters {
				go func() {
					errs <- s.changed.Wait(ctx, l.lock(s), func() bool { return s.n == writers*adds })
				}()
			}
			var wg sync.WaitGroup
			for range writers {
				wg.Go(func() {
					for range adds {
						s.add(1)
					}
				})
			}
			wg.Wait()
			for range waiters {
				if err := <-errs; err != nil {
					t.Fatalf("a waiter did not see the last change: %v", err)
				}
			}
		})
	}
}

func TestBroadcastWithoutWaiters(t *testing.T) {
	var s Signal
	s.Broadcast() // the zero value, no one waiting
	c := s.C()
	if s.C() != c {
		t.Fatal("C changed without a Broadcast")
	}
	s.Broadcast()
	select {
	case <-c:
	default:
		t.Fatal("Broadcast did not close the channel C gave")
	}
	if s.C() == c {
		t.Fatal("C after a Broadcast gave the closed channel")
	}
}
