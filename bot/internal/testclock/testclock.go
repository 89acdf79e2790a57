// Package testclock is a clock that tests move by hand, and a store on it,
// shared by the tests of bot and bot/match.
package testclock

import (
	"sync"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/storage"
)

// Clock is a clock tests move by hand. It starts at 2026-03-01 12:00 UTC.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// New returns a clock at 2026-03-01 12:00 UTC.
func New() *Clock {
	return &Clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// OpenStore opens a store at path on clock, closed when the test ends.
func OpenStore(t testing.TB, path string, clock *Clock) *storage.Store {
	t.Helper()
	st, err := storage.Open(path, &storage.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
