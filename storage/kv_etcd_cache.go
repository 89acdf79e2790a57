package storage

import (
	"context"
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
		prefix := k.bucketPrefix(name)
		c.wg.Add(1)
		go c.follow(ctx, prefix, prefix[:len(prefix)-1]+"\x01")
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
		// A member cut off from its leader ends the watch, so that a
		// stale copy is not served.
		wch := c.kv.cli.Watch(clientv3.WithRequireLeader(ctx), prefix, clientv3.WithRange(end), clientv3.WithRev(rev+1))
		for wr := range wch {
			if wr.Err() != nil {
				break
			}
			c.mu.Lock()
			for _, ev := range wr.Events {
				var v []byte
				if ev.Type == clientv3.EventTypePut {
					v = nonNil(ev.Kv.Value)
				}
				c.setLocked(string(ev.Kv.Key), v, ev.Kv.ModRevision)
			}
			c.mu.Unlock()
		}
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
