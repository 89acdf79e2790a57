package storage

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/twixtbot/twixtbot/internal/wake"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// cachedBuckets are the buckets a store on etcd keeps in memory for its
// reads: read at nearly every interaction (a server's settings and
// language, a player's choices), changed rarely. A watch keeps the copy
// current, a few milliseconds behind the cluster; the process's own
// changes enter it at their commit, so a process reads what it wrote.
// Only a read transaction's Get of one key uses it: changes, and
// listings and checks (cursors), read etcd itself. So a server's settings
// changed through one process may be read, for a few milliseconds, as
// they were by another. While a watch is down (etcd out of reach, or the
// history it needed compacted), reads go to etcd until it has reloaded.
var cachedBuckets = [][]byte{bucketSettings, bucketGuilds, bucketPrefs}

// watchCache is the copy of the cached buckets.
type watchCache struct {
	kv     *etcdKV
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.RWMutex
	ready   map[string]bool       // bucket prefix: its copy is current
	entries map[string]cacheEntry // full key: its value
	changed wake.Signal           // at each change
}

type cacheEntry struct {
	value []byte // nil: deleted
	mod   int64  // the revision of the value (or of the deletion)
}

func newWatchCache(k *etcdKV) *watchCache {
	ctx, cancel := context.WithCancel(context.Background())
	c := &watchCache{kv: k, cancel: cancel, ready: map[string]bool{}, entries: map[string]cacheEntry{}}
	for _, name := range cachedBuckets {
		from, to := k.bucketRange(name)
		c.wg.Add(1)
		go c.follow(ctx, from, to)
	}
	return c
}

func (c *watchCache) close() {
	c.cancel()
	c.wg.Wait()
}

// follow loads a bucket and applies its changes as they come, loading it
// again whenever its watch fails.
func (c *watchCache) follow(ctx context.Context, prefix, end string) {
	defer c.wg.Done()
	for ctx.Err() == nil {
		rctx, cancel := context.WithTimeout(ctx, c.kv.cfg.DialTimeout)
		resp, err := c.kv.cli.Get(rctx, prefix, clientv3.WithRange(end))
		cancel()
		if err != nil {
			select { // out of reach: reads go to etcd meanwhile
			case <-time.After(time.Second):
			case <-ctx.Done():
			}
			continue
		}
		rev := resp.Header.Revision
		c.mu.Lock()
		for k, e := range c.entries { // what the bucket held before: stale
			if k >= prefix && k < end && e.mod <= rev {
				delete(c.entries, k)
			}
		}
		for _, kv := range resp.Kvs {
			c.setLocked(string(kv.Key), nonNil(kv.Value), kv.ModRevision)
		}
		c.ready[prefix] = true
		c.mu.Unlock()
		c.kv.watchRange(ctx, prefix, end, rev+1, func(evs []*clientv3.Event) {
			c.mu.Lock()
			defer c.mu.Unlock()
			for _, ev := range evs {
				var v []byte
				if ev.Type == clientv3.EventTypePut {
					v = nonNil(ev.Kv.Value)
				}
				c.setLocked(string(ev.Kv.Key), v, ev.Kv.ModRevision)
			}
		})
		c.mu.Lock()
		c.ready[prefix] = false
		c.mu.Unlock()
	}
}

// setLocked records a value unless a later one is there already.
func (c *watchCache) setLocked(key string, value []byte, mod int64) {
	if e, ok := c.entries[key]; ok && e.mod >= mod {
		return
	}
	c.entries[key] = cacheEntry{value, mod}
	c.changed.Broadcast()
}

// waitFor waits until cond holds of key's value in the copy, or ctx
// ends (for tests).
func (c *watchCache) waitFor(ctx context.Context, key string, cond func([]byte) bool) error {
	return c.changed.Wait(ctx, c.mu.RLocker(), func() bool { return cond(c.entries[key].value) })
}

// get returns key's value from the copy; ok is false when the copy of
// its bucket is not current (or the key is not in a cached bucket).
func (c *watchCache) get(prefix, key string) (value []byte, ok bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if !c.ready[prefix] {
		return nil, false
	}
	return c.entries[key].value, true
}

// committed enters a change this process committed at revision rev.
func (c *watchCache) committed(writes map[string]*[]byte, rev int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, w := range writes {
		for prefix := range c.ready {
			if len(key) > len(prefix) && key[:len(prefix)] == prefix {
				var v []byte
				if w != nil {
					v = *w
				}
				c.setLocked(key, v, rev)
			}
		}
	}
}

// watchRange hands apply the changes to the keys of [from, to) from
// revision rev on, in the order they were made, until the watch ends:
// ctx ends, etcd is out of reach, the member it talks to is cut off from
// its leader (so that nothing stale is served), or etcd has compacted
// the history from rev away (an error wrapping rpctypes.ErrCompacted:
// what changed since cannot be told any more). It returns the revision
// to watch again from, past every change applied.
func (k *etcdKV) watchRange(ctx context.Context, from, to string, rev int64, apply func([]*clientv3.Event)) (next int64, err error) {
	wctx, cancel := context.WithCancel(clientv3.WithRequireLeader(ctx))
	defer cancel() // ends the watch on the server too
	// Progress notices move rev on while nothing changes, so that a
	// watch started again later does not start from a revision that has
	// been compacted since.
	wch := k.cli.Watch(wctx, from, clientv3.WithRange(to), clientv3.WithRev(rev), clientv3.WithProgressNotify())
	for wr := range wch {
		if err := wr.Err(); err != nil {
			return rev, err
		}
		if wr.IsProgressNotify() {
			rev = max(rev, wr.Header.Revision+1)
			continue
		}
		if len(wr.Events) > 0 {
			apply(wr.Events)
			rev = max(rev, wr.Events[len(wr.Events)-1].Kv.ModRevision+1)
		}
	}
	if err := ctx.Err(); err != nil {
		return rev, err
	}
	return rev, errors.New("the etcd watch ended")
}
