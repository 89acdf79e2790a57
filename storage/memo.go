package storage

import (
	"context"
	"sync"
)

// WithMemo returns a context under which a store on etcd remembers the
// records its read transactions read, so that a change made later under
// the same context (one interaction: find the game, then play in it)
// starts from them instead of reading them from etcd again. A remembered
// record only saves a round trip, never decides an outcome: the commit
// compares its revision as for any record read, and a change that fails
// or conflicts on one runs again reading etcd. On bbolt, where a read
// costs no round trip, it changes nothing.
func WithMemo(ctx context.Context) context.Context {
	if _, ok := ctx.Value(memoKey{}).(*memo); ok {
		return ctx
	}
	return context.WithValue(ctx, memoKey{}, &memo{seen: map[string]seenKey{}})
}

type memoKey struct{}

// memo holds the keys read, at the revision each was last changed.
type memo struct {
	mu   sync.Mutex
	seen map[string]seenKey
}

func memoOf(ctx context.Context) *memo {
	m, _ := ctx.Value(memoKey{}).(*memo)
	return m
}

func (m *memo) get(key string) (seenKey, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.seen[key]
	return s, ok
}

func (m *memo) put(key string, s seenKey) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.seen[key] = s
}

// committed updates the keys remembered that a change wrote, committed
// at revision rev.
func (m *memo) committed(writes map[string]*[]byte, rev int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for key, w := range writes {
		if _, ok := m.seen[key]; !ok {
			continue
		}
		if w == nil {
			m.seen[key] = seenKey{}
		} else {
			m.seen[key] = seenKey{mod: rev, value: *w}
		}
	}
}
