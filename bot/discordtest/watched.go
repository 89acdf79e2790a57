package discordtest

import (
	"context"
	"sync"

	"github.com/twixtbot/twixtbot/internal/wake"
)

// watched is state guarded by mu that goroutines can wait on: whoever
// changes it calls broadcast, and wait re-checks its condition then.
type watched struct {
	mu      sync.Mutex
	changed wake.Signal
}

// broadcast wakes the waiters; mu is held.
func (w *watched) broadcast() { w.changed.Broadcast() }

// wait blocks until cond (called with mu held) holds or ctx ends.
func (w *watched) wait(ctx context.Context, cond func() bool) error {
	return w.changed.Wait(ctx, &w.mu, cond)
}
