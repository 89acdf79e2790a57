package storage

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.etcd.io/etcd/client/v3/concurrency"
)

// DefaultLeaseTTL is how long a leader that stops answering (a process
// killed, a machine lost) keeps the lead before another process takes
// it.
const DefaultLeaseTTL = 5 * time.Second

// Leader is an etcd election among the processes sharing a store on
// etcd (etcd's concurrency package: a lease, kept alive while the
// process lives, and the election's key under it). The bot runs its
// clock sweeps and the computer's moves only while it leads, so they run
// once across processes. A process that dies loses the lead when its
// lease expires (TTL); one that stops cleanly (Close) hands it over at
// once.
type Leader struct {
	store *Store
	key   string
	id    string
	ttl   time.Duration

	base context.Context // ends at Close
	stop context.CancelFunc

	mu          sync.Mutex
	term        context.Context // the current lead; nil or done when not leading
	campaigning chan struct{}   // closed when the running campaign ends
	elect       *concurrency.Election
	sess        *concurrency.Session
	wg          sync.WaitGroup
}

// NewLeader returns the election of a store on etcd, with id naming this
// process (shown as the leader's value in etcd); ttl <= 0 means
// DefaultLeaseTTL. A store on bbolt, which one process holds, has none:
// it returns ErrNotSupported.
func (s *Store) NewLeader(id string, ttl time.Duration) (*Leader, error) {
	k, ok := s.kv.(*etcdKV)
	if !ok {
		return nil, fmt.Errorf("%w: a bbolt file has one process, which always leads", ErrNotSupported)
	}
	if ttl <= 0 {
		ttl = DefaultLeaseTTL
	}
	base, stop := context.WithCancel(context.Background())
	return &Leader{store: s, key: k.cfg.Prefix + "leader", id: id, ttl: ttl, base: base, stop: stop}, nil
}

// IsLeader reports whether this process leads now.
func (l *Leader) IsLeader() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.term != nil && l.term.Err() == nil
}

// Campaign waits until this process leads, or ctx ends. The context it
// returns ends when the lead is lost (or ctx ends). Several goroutines may
// campaign at once: they share one campaign and one lead.
func (l *Leader) Campaign(ctx context.Context) (context.Context, error) {
	for {
		l.mu.Lock()
		if l.base.Err() != nil {
			l.mu.Unlock()
			return nil, fmt.Errorf("%w: the election is closed", ErrClosed)
		}
		if l.term != nil && l.term.Err() == nil {
			term := l.term
			l.mu.Unlock()
			lead, cancel := context.WithCancel(ctx)
			context.AfterFunc(term, cancel)
			return lead, nil
		}
		if l.campaigning == nil {
			l.campaigning = make(chan struct{})
			l.wg.Add(1)
			go l.campaign(l.campaigning)
		}
		wait := l.campaigning
		l.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// campaign runs until this process leads (or Close), then closes done.
func (l *Leader) campaign(done chan struct{}) {
	defer l.wg.Done()
	defer func() {
		l.mu.Lock()
		l.campaigning = nil
		l.mu.Unlock()
		close(done)
	}()
	cli := l.store.EtcdClient()
	for l.base.Err() == nil {
		// The session's lease lives until Close revokes it (or the process
		// dies and it expires), not until base ends: Close must revoke it.
		sess, err := concurrency.NewSession(cli, concurrency.WithTTL(max(1, int(l.ttl.Seconds()))))
		if err == nil {
			e := concurrency.NewElection(sess, l.key)
			if err = e.Campaign(l.base, l.id); err == nil {
				term, end := context.WithCancel(l.base)
				l.mu.Lock()
				l.term, l.elect, l.sess = term, e, sess
				l.mu.Unlock()
				// The lead ends with the session (its lease expired: etcd
				// was out of reach for a TTL) or at Close.
				l.wg.Add(1)
				go func() {
					defer l.wg.Done()
					select {
					case <-sess.Done():
					case <-term.Done():
					}
					end()
				}()
				return
			}
			sess.Close()
		}
		if l.base.Err() != nil {
			return
		}
		select { // etcd out of reach: try again in a moment
		case <-time.After(time.Second):
		case <-l.base.Done():
		}
	}
}

// Close gives up the lead, if held, so another process takes it at once,
// and stops campaigning.
func (l *Leader) Close() error {
	l.mu.Lock()
	e, sess := l.elect, l.sess
	l.elect, l.sess = nil, nil
	l.mu.Unlock()
	var err error
	if e != nil {
		ctx, cancel := context.WithTimeout(context.Background(), l.ttl)
		err = e.Resign(ctx)
		cancel()
		err = errors.Join(err, sess.Close())
	}
	l.stop()
	l.wg.Wait()
	return err
}
