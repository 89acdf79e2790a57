package bot

import (
	"context"
	"time"
)

// Leader elects, among bot processes sharing one store, the one that runs
// the clock's sweeps and the computer's moves, so that they run once
// across processes. storage.Leader (an etcd election) is one. With none
// (Options.Leader nil), this process is alone with its store and always
// leads.
type Leader interface {
	// Campaign waits until this process leads, or ctx ends. The context
	// it returns ends when the lead is lost.
	Campaign(ctx context.Context) (context.Context, error)
	// IsLeader reports whether this process leads now.
	IsLeader() bool
}

// whileLeading runs run with a context that ends when this process stops
// leading, each time it leads, until ctx ends.
func (b *Bot) whileLeading(ctx context.Context, what string, run func(lead context.Context)) {
	l := b.opts.Leader
	if l == nil {
		run(ctx)
		return
	}
	for ctx.Err() == nil {
		lead, err := l.Campaign(ctx)
		if err != nil {
			if ctx.Err() == nil {
				b.log.Error("cannot campaign for the lead: retrying", "what", what, "err", err)
				select {
				case <-time.After(time.Second):
				case <-ctx.Done():
				}
			}
			continue
		}
		b.log.Info("this process leads: it runs "+what, "what", what)
		run(lead)
		if ctx.Err() == nil {
			b.log.Warn("this process lost the lead: another runs "+what, "what", what)
		}
	}
}
