package discordtest

import (
	"context"
	"time"
)

// Clock is a clock driven by hand, for code that takes a clock with
// Now() and Timer(d) (<-chan time.Time, stop func() bool).
type Clock struct {
	watched
	now    time.Time
	timers []*clockTimer
}

type clockTimer struct {
	at time.Time
	c  chan time.Time
}

// NewClock returns a clock reading start.
func NewClock(start time.Time) *Clock {
	return &Clock{now: start}
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Timer returns a channel that receives once the clock has been advanced
// by d, and a function that stops the timer.
func (c *Clock) Timer(d time.Duration) (<-chan time.Time, func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &clockTimer{at: c.now.Add(d), c: make(chan time.Time, 1)}
	if d <= 0 {
		t.c <- c.now
		return t.c, func() bool { return false }
	}
	c.timers = append(c.timers, t)
	c.broadcast()
	return t.c, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		for i, x := range c.timers {
			if x == t {
				c.timers = append(c.timers[:i], c.timers[i+1:]...)
				c.broadcast()
				return true
			}
		}
		return false
	}
}

// Advance moves the clock forward by d and fires the timers that are due.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.timers[:0]
	for _, t := range c.timers {
		if !t.at.After(c.now) {
			t.c <- c.now
		} else {
			kept = append(kept, t)
		}
	}
	c.timers = kept
	c.broadcast()
}

// Pending is the number of timers not yet fired or stopped.
func (c *Clock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// WaitTimers waits until at least n timers are pending, so a test can
// advance the clock knowing the code under test has armed its timer.
func (c *Clock) WaitTimers(ctx context.Context, n int) error {
	return c.wait(ctx, func() bool { return len(c.timers) >= n })
}
