package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

// The etcd backend. Keys live under a prefix (EtcdConfig.Prefix):
//
//	PREFIX "b/" BUCKET 0x00 KEY   a record of a bucket
//	PREFIX "s/" BUCKET            a bucket's sequence, in decimal
//
// A transaction reads at one revision of the store, taken by its first
// read (a linearizable one), and keeps what it read: for each key read on
// its own, the key's modification revision (0 for a key that was not
// there); for each range a cursor walked, the range. Writes are kept in
// the transaction, and its reads see them. The commit is one etcd Txn:
//
//	If(ModRevision(key) == seen,          each key read on its own or written
//	   ModRevision([from, to)) < rev+1)   each range walked: nothing in it
//	                                      changed or appeared since rev
//	Then(the puts and deletes)
//
// If the comparison fails, another change (of this process or another)
// changed what the change read, and the change runs again from a fresh
// revision, holding this process's locks of the keys it writes (see
// keyLocks), so that a burst of changes of one key in one process queues
// instead of colliding again; it keeps trying while its caller's
// context lives, for up to etcdBusyFor, then gives up with a *BusyError,
// having changed nothing. So changes are serializable, as on bbolt:
// a move reads its game's record, and its commit compares the game's
// revision; the game's indexes, its players' records and ratings are
// written in the same Txn. A key seen through a range and deleted since
// (which the range comparison cannot see: it is not there any more) is
// caught when the change also writes it or read it on its own; every
// index entry that goes is removed together with a change to the game
// record it comes from, which a change that acts on that game reads.
//
// A read-only change (one whose apply writes nothing) commits nothing:
// its reads at one revision are its answer.

// EtcdConfig is where a store on etcd lives.
type EtcdConfig struct {
	// Endpoints are the cluster's client URLs (http://host:2379).
	Endpoints []string
	// Prefix is put before every key, so that several databases (or
	// other programs) can share a cluster; empty means "twixtbot/".
	Prefix string
	// DialTimeout bounds the connection and each request; zero means
	// DefaultEtcdTimeout.
	DialTimeout time.Duration
	// MaxTxnOps is the server's limit of operations in one transaction
	// (its --max-txn-ops flag); zero means etcd's default, 128.
	MaxTxnOps int
	// MaxRequestBytes is the server's limit on a request's size (its
	// --max-request-bytes flag); zero means etcd's default, 1.5 MiB.
	MaxRequestBytes int
}

// DefaultEtcdTimeout bounds a store on etcd's connection and requests.
const DefaultEtcdTimeout = 5 * time.Second

// DefaultEtcdPrefix is the key prefix of a store on etcd.
const DefaultEtcdPrefix = "twixtbot/"

const (
	etcdDefaultMaxOps   = 128
	etcdDefaultMaxBytes = 3 << 19 // 1.5 MiB
	etcdTries           = 40      // attempts of a read whose revision was compacted
	etcdPage            = 64      // keys a cursor fetches at a time
	// etcdBusyFor bounds how long a change whose reads keep being
	// overtaken tries again, when its caller's context does not end
	// sooner.
	etcdBusyFor = 30 * time.Second
)

// OpenEtcd opens the store kept in the etcd cluster cfg names, creating
// it (under cfg.Prefix) if it is not there, and brings its schema up to
// date. Several processes may open the same store: every change is an
// etcd transaction. Of opts, Now, ReadOnly and PositionCache apply;
// Timeout is cfg.DialTimeout's default when that is zero.
func OpenEtcd(cfg EtcdConfig, opts *Options) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if len(cfg.Endpoints) == 0 {
		return nil, fmt.Errorf("%w: no etcd endpoints given: list the cluster's client URLs, such as http://127.0.0.1:2379", ErrUnavailable)
	}
	if cfg.DialTimeout <= 0 {
		cfg.DialTimeout = o.Timeout
	}
	if cfg.DialTimeout <= 0 {
		cfg.DialTimeout = DefaultEtcdTimeout
	}
	if cfg.Prefix == "" {
		cfg.Prefix = DefaultEtcdPrefix
	}
	if cfg.MaxTxnOps <= 0 {
		cfg.MaxTxnOps = etcdDefaultMaxOps
	}
	if cfg.MaxRequestBytes <= 0 {
		cfg.MaxRequestBytes = etcdDefaultMaxBytes
	}
	cli, err := clientv3.New(clientv3.Config{
		Endpoints:   cfg.Endpoints,
		DialTimeout: cfg.DialTimeout,
		Logger:      zap.NewNop(),
		// The client must be able to send what the server takes.
		MaxCallSendMsgSize: cfg.MaxRequestBytes + 1<<16,
	})
	if err != nil {
		return nil, fmt.Errorf("%w: etcd at %s: %v", ErrUnavailable, strings.Join(cfg.Endpoints, ","), err)
	}
	kv := &etcdKV{cli: cli, cfg: cfg}
	kv.base, kv.stop = context.WithCancel(context.Background())
	kv.cache = newWatchCache(kv)
	return newStore(kv, nil, "etcd:"+strings.Join(cfg.Endpoints, ","), &o)
}

// EtcdClient returns the etcd client of a store on etcd (for elections,
// see NewLeader), or nil for a store on bbolt.
func (s *Store) EtcdClient() *clientv3.Client {
	if k, ok := s.kv.(*etcdKV); ok {
		return k.cli
	}
	return nil
}

// EtcdPrefix returns the key prefix of a store on etcd ("" on bbolt).
func (s *Store) EtcdPrefix() string {
	if k, ok := s.kv.(*etcdKV); ok {
		return k.cfg.Prefix
	}
	return ""
}

type etcdKV struct {
	cli   *clientv3.Client
	cfg   EtcdConfig
	cache *watchCache // of the buckets read at every interaction
	locks keyLocks    // of the keys changes run again for

	// base ends when the store closes, and with it the watches of
	// WatchGames.
	base context.Context
	stop context.CancelFunc

	mu       sync.RWMutex // held for reading by each call; close takes it for writing
	closed   bool
	inflight sync.WaitGroup
}

// enter counts a call in, or says the store is closed.
func (k *etcdKV) enter() error {
	k.mu.RLock()
	defer k.mu.RUnlock()
	if k.closed {
		return fmt.Errorf("%w: no more changes are taken", ErrClosed)
	}
	k.inflight.Add(1)
	return nil
}

func (k *etcdKV) close() error {
	k.mu.Lock()
	if k.closed {
		k.mu.Unlock()
		return nil
	}
	k.closed = true
	k.mu.Unlock()
	k.stop()
	k.inflight.Wait()
	k.cache.close()
	return k.cli.Close()
}

func (k *etcdKV) bucketPrefix(name []byte) string { return k.cfg.Prefix + "b/" + string(name) + "\x00" }

// bucketRange returns the range of a bucket's keys: [from, to).
func (k *etcdKV) bucketRange(name []byte) (from, to string) {
	p := k.bucketPrefix(name)
	return p, p[:len(p)-1] + "\x01"
}
func (k *etcdKV) seqKey(name []byte) string { return k.cfg.Prefix + "s/" + string(name) }

// retryable reports whether a transaction failed only because of the
// revision it read at: compacted away, or not yet applied by the member
// a later read went to.
func retryable(err error) bool {
	return errors.Is(err, rpctypes.ErrCompacted) || errors.Is(err, rpctypes.ErrFutureRev)
}

// etcdErr wraps an error of the etcd client for the store's callers.
func (k *etcdKV) etcdErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, rpctypes.ErrTooManyOps):
		return &TooLargeError{What: "operations", Limit: k.cfg.MaxTxnOps, Flag: "--max-txn-ops"}
	case errors.Is(err, rpctypes.ErrRequestTooLarge):
		return &TooLargeError{What: "bytes", Limit: k.cfg.MaxRequestBytes, Flag: "--max-request-bytes"}
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return fmt.Errorf("%w: etcd at %s did not answer within %s: %v", ErrUnavailable, strings.Join(k.cfg.Endpoints, ","), k.cfg.DialTimeout, err)
	}
	return fmt.Errorf("%w: etcd: %v", ErrUnavailable, err)
}

func (k *etcdKV) view(ctx context.Context, fn func(kvTx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := k.enter(); err != nil {
		return err
	}
	defer k.inflight.Done()
	for try := 1; ; try++ {
		tx := k.begin(ctx, false)
		err := fn(tx)
		if tx.err != nil {
			if retryable(tx.err) && try < etcdTries {
				continue
			}
			return k.etcdErr(tx.err)
		}
		return err
	}
}

func (k *etcdKV) update(ctx context.Context, prepare prepareFunc) error {
	if err := k.enter(); err != nil {
		return err
	}
	defer k.inflight.Done()
	// Once handed over, a change runs to its end, as on bbolt; each
	// request is bounded by the timeout instead. Only between attempts,
	// when nothing of it has landed, may it give up.
	caller := ctx
	ctx = context.WithoutCancel(ctx)
	memo := memoOf(ctx)
	busy := busyRetry{caller: caller}
	defer busy.unlock()
	for try := 1; ; try++ {
		tx := k.begin(ctx, true)
		tx.memo, tx.caller = memo, caller
		ok, err := tx.run(prepare)
		if tx.memoUsed && (err != nil || tx.err != nil || !ok) {
			// A remembered record may be out of date: run again, reading
			// etcd, before anything is decided on it.
			memo, try = nil, try-1
			continue
		}
		switch {
		case tx.err != nil && retryable(tx.err) && try < etcdTries:
			continue
		case tx.err != nil:
			return k.etcdErr(tx.err)
		case err != nil:
			return err
		case ok:
			return nil
		}
		// Another change landed first on what this one read.
		tx.sortWrites()
		if err := busy.again(&k.locks, try, tx.order); err != nil {
			return err
		}
	}
}

// busyRetry paces the attempts of a change whose reads were overtaken:
// it waits a random while, then takes this process's locks of the keys
// the change wrote in its attempts, so that the changes of this process
// that write them take turns instead of colliding again (a burst of
// games against one player ending at once all change its tally). Only
// changes of other processes, at most one per process and key, then
// compete with it. It gives up, with a *BusyError, when the caller's
// context ends or etcdBusyFor has passed.
type busyRetry struct {
	caller context.Context
	since  time.Time
	keys   []string // sorted
	held   func()   // lets go of the locks held; nil when none
}

// again readies the next attempt after try attempts whose commits failed;
// written are the keys the last one wrote.
func (r *busyRetry) again(locks *keyLocks, try int, written []string) error {
	r.unlock()
	if err := r.pace(try); err != nil {
		return err
	}
	for _, key := range written {
		if i, found := slices.BinarySearch(r.keys, key); !found {
			r.keys = slices.Insert(r.keys, i, key)
		}
	}
	held, err := locks.lock(r.caller, r.keys)
	if err != nil {
		return r.busy(try)
	}
	r.held = held
	return nil
}

// pace waits a random while after try failed attempts (see backoff), or
// returns the *BusyError to give up with if the caller's context ends
// first or etcdBusyFor has passed since the first failure.
func (r *busyRetry) pace(try int) error {
	if r.since.IsZero() {
		r.since = time.Now()
	}
	if time.Since(r.since) > etcdBusyFor || !backoff(r.caller, try) {
		return r.busy(try)
	}
	return nil
}

// busy is the error of a change given up after try attempts.
func (r *busyRetry) busy(try int) error {
	return &BusyError{Tries: try, For: time.Since(r.since).Round(time.Millisecond)}
}

func (r *busyRetry) unlock() {
	if r.held != nil {
		r.held()
		r.held = nil
	}
}

// etcdTx is a transaction on etcd (see the top of this file).
type etcdTx struct {
	kv       *etcdKV
	ctx      context.Context
	writable bool
	rev      int64 // the revision read at; 0 before the first read
	err      error // the first error of a request: the transaction's result

	// memo: the records read earlier under the same context (see
	// WithMemo); a change starts from them, and memoUsed says it did.
	memo     *memo
	memoUsed bool
	// caller is the change's caller's context (ctx never ends): a wait
	// for a turn may end with it.
	caller context.Context

	seen   map[string]seenKey // keys read, on their own or in ranges
	ranges []keyRange         // ranges walked
	writes map[string]*[]byte // keys written; nil: deleted
	order  []string           // the keys of writes, sorted when sorted is set
	sorted bool
}

type seenKey struct {
	mod   int64  // modification revision; 0: not there
	value []byte // nil: not there
	point bool   // read on its own (compared even if not written)
}

type keyRange struct{ from, to string }

func (k *etcdKV) begin(ctx context.Context, writable bool) *etcdTx {
	return &etcdTx{kv: k, ctx: ctx, writable: writable, seen: map[string]seenKey{}, writes: map[string]*[]byte{}}
}

// run runs a change: prepare, apply, commit. ok is false if the commit
// found that what the change read had changed.
func (t *etcdTx) run(prepare prepareFunc) (ok bool, err error) {
	apply, err := prepare(t)
	if err != nil || t.err != nil {
		return false, err
	}
	if err := apply(); err != nil || t.err != nil {
		return false, err
	}
	return t.commit()
}

// get runs a range request at the transaction's revision.
func (t *etcdTx) get(key string, opts ...clientv3.OpOption) *clientv3.GetResponse {
	if t.err != nil {
		return nil
	}
	if t.rev != 0 {
		opts = append(opts, clientv3.WithRev(t.rev), clientv3.WithSerializable())
	}
	ctx, cancel := context.WithTimeout(t.ctx, t.kv.cfg.DialTimeout)
	defer cancel()
	resp, err := t.kv.cli.Get(ctx, key, opts...)
	if err != nil {
		t.err = err
		return nil
	}
	if t.rev == 0 {
		t.rev = resp.Header.Revision
	}
	return resp
}

// value returns key's value as the transaction sees it, reading it if
// needed; point marks a read of the key on its own.
func (t *etcdTx) value(key string, point bool) []byte {
	if w, ok := t.writes[key]; ok {
		if w == nil {
			return nil
		}
		return *w
	}
	if s, ok := t.seen[key]; ok {
		if point && !s.point {
			s.point = true
			t.seen[key] = s
		}
		return s.value
	}
	if t.writable && t.memo != nil && t.err == nil {
		if s, ok := t.memo.get(key); ok {
			s.point = point
			t.seen[key], t.memoUsed = s, true
			return s.value
		}
	}
	resp := t.get(key)
	if resp == nil {
		return nil
	}
	s := seenKey{point: point}
	if len(resp.Kvs) == 1 {
		s.mod, s.value = resp.Kvs[0].ModRevision, nonNil(resp.Kvs[0].Value)
	}
	t.seen[key] = s
	if !t.writable && point {
		if m := memoOf(t.ctx); m != nil {
			m.put(key, seenKey{mod: s.mod, value: s.value})
		}
	}
	return s.value
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// prefetch reads the keys of bucket not yet seen in one request (a read
// Txn at the transaction's revision), so that a listing that loads many
// games costs one round trip, not one per game.
func (t *etcdTx) prefetch(bucket []byte, keys [][]byte) {
	p := t.kv.bucketPrefix(bucket)
	var ops []clientv3.Op
	var want []string
	for _, k := range keys {
		full := p + string(k)
		if _, ok := t.seen[full]; ok {
			continue
		}
		if _, ok := t.writes[full]; ok {
			continue
		}
		var opts []clientv3.OpOption
		if t.rev != 0 {
			opts = append(opts, clientv3.WithRev(t.rev))
		}
		ops = append(ops, clientv3.OpGet(full, opts...))
		want = append(want, full)
	}
	if len(ops) < 2 || t.err != nil {
		return // one key: the usual read does as well
	}
	for start := 0; start < len(ops); start += t.kv.cfg.MaxTxnOps {
		end := min(start+t.kv.cfg.MaxTxnOps, len(ops))
		ctx, cancel := context.WithTimeout(t.ctx, t.kv.cfg.DialTimeout)
		resp, err := t.kv.cli.Txn(ctx).Then(ops[start:end]...).Commit()
		cancel()
		if err != nil {
			t.err = err
			return
		}
		if t.rev == 0 {
			t.rev = resp.Header.Revision
			for i := end; i < len(ops); i++ { // the later batches at the same revision
				ops[i] = clientv3.OpGet(want[i], clientv3.WithRev(t.rev))
			}
		}
		for i, r := range resp.Responses {
			rr := r.GetResponseRange()
			s := seenKey{point: true}
			if rr != nil && len(rr.Kvs) == 1 {
				s.mod, s.value = rr.Kvs[0].ModRevision, nonNil(rr.Kvs[0].Value)
			}
			t.seen[want[start+i]] = s
		}
	}
}

func (t *etcdTx) put(key string, value []byte) error {
	if !t.writable {
		return errors.New("a change inside a read transaction")
	}
	if _, ok := t.writes[key]; !ok {
		t.order, t.sorted = append(t.order, key), false
	}
	v := slices.Clone(nonNil(value))
	t.writes[key] = &v
	return nil
}

func (t *etcdTx) del(key string) error {
	if !t.writable {
		return errors.New("a change inside a read transaction")
	}
	if _, ok := t.writes[key]; !ok {
		t.order, t.sorted = append(t.order, key), false
	}
	t.writes[key] = nil
	return nil
}

// written returns the keys written in [from, to), in order.
func (t *etcdTx) written(from, to string) []string {
	t.sortWrites()
	i, _ := slices.BinarySearch(t.order, from)
	j, _ := slices.BinarySearch(t.order, to)
	return t.order[i:j]
}

func (t *etcdTx) sortWrites() {
	if !t.sorted {
		slices.Sort(t.order)
		t.sorted = true
	}
}

func (t *etcdTx) commit() (bool, error) {
	if len(t.writes) == 0 {
		return true, nil
	}
	var cmps []clientv3.Cmp
	size := 0
	for key, s := range t.seen {
		if _, w := t.writes[key]; s.point || w {
			cmps = append(cmps, clientv3.Compare(clientv3.ModRevision(key), "=", s.mod))
			size += len(key) + 16
		}
	}
	for _, r := range t.ranges {
		cmps = append(cmps, clientv3.Compare(clientv3.ModRevision(r.from), "<", t.rev+1).WithRange(r.to))
		size += len(r.from) + len(r.to) + 16
	}
	ops := make([]clientv3.Op, 0, len(t.writes))
	t.sortWrites()
	for _, key := range t.order {
		if w := t.writes[key]; w == nil {
			ops = append(ops, clientv3.OpDelete(key))
			size += len(key) + 8
		} else {
			ops = append(ops, clientv3.OpPut(key, string(*w)))
			size += len(key) + len(*w) + 8
		}
	}
	k := t.kv
	if n := max(len(cmps), len(ops)); n > k.cfg.MaxTxnOps {
		return false, &TooLargeError{What: "operations", Need: n, Limit: k.cfg.MaxTxnOps, Flag: "--max-txn-ops"}
	}
	if size > k.cfg.MaxRequestBytes-1024 {
		return false, &TooLargeError{What: "bytes", Need: size, Limit: k.cfg.MaxRequestBytes, Flag: "--max-request-bytes"}
	}
	ctx, cancel := context.WithTimeout(t.ctx, k.cfg.DialTimeout)
	defer cancel()
	resp, err := k.cli.Txn(ctx).If(cmps...).Then(ops...).Commit()
	if err != nil {
		// It may or may not have landed: the caller is told it did not
		// hear back, never that it landed.
		return false, k.etcdErr(err)
	}
	if resp.Succeeded && k.cache != nil {
		k.cache.committed(t.writes, resp.Header.Revision)
	}
	if m := memoOf(t.ctx); resp.Succeeded && m != nil {
		m.committed(t.writes, resp.Header.Revision)
	}
	return resp.Succeeded, nil
}

// Bucket returns the bucket: on etcd every bucket exists, empty until
// written.
func (t *etcdTx) Bucket(name []byte) kvBucket { return t.bucket(name) }

func (t *etcdTx) bucket(name []byte) *etcdBucket {
	from, to := t.kv.bucketRange(name)
	return &etcdBucket{tx: t, name: slices.Clone(name), prefix: from, end: to}
}

func (t *etcdTx) CreateBucket(name []byte) (kvBucket, error)            { return t.bucket(name), nil }
func (t *etcdTx) CreateBucketIfNotExists(name []byte) (kvBucket, error) { return t.bucket(name), nil }

func (t *etcdTx) DeleteBucket(name []byte) error {
	b := t.bucket(name)
	c := b.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		if err := c.Delete(); err != nil {
			return err
		}
	}
	return t.del(t.kv.seqKey(name))
}

// Empty reports whether nothing is stored under the prefix.
func (t *etcdTx) Empty() bool {
	p := t.kv.cfg.Prefix
	end := clientv3.GetPrefixRangeEnd(p)
	resp := t.get(p, clientv3.WithRange(end), clientv3.WithLimit(1), clientv3.WithKeysOnly())
	if resp == nil {
		return false
	}
	t.ranges = append(t.ranges, keyRange{p, end})
	return len(resp.Kvs) == 0 && len(t.written(p, end)) == 0
}

type etcdBucket struct {
	tx          *etcdTx
	name        []byte
	prefix, end string // the bucket's keys are in [prefix, end)
}

func (b *etcdBucket) Get(key []byte) []byte {
	full := b.prefix + string(key)
	if t := b.tx; !t.writable && t.kv.cache != nil {
		if v, ok := t.kv.cache.get(b.prefix, full); ok {
			return v
		}
	}
	return b.tx.value(full, true)
}

func (b *etcdBucket) Put(key, value []byte) error {
	if len(key) == 0 {
		return errors.New("an empty key")
	}
	return b.tx.put(b.prefix+string(key), value)
}

func (b *etcdBucket) Delete(key []byte) error { return b.tx.del(b.prefix + string(key)) }

func (b *etcdBucket) ForEach(fn func(k, v []byte) error) error {
	c := b.cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if err := fn(k, v); err != nil {
			return err
		}
	}
	return b.tx.err
}

// Count asks etcd for the number of keys in the bucket's range at the
// transaction's revision (a count-only range: no key or value comes
// back), and records the range as read. A transaction that wrote in the
// bucket walks it instead, so that its own writes count as its cursors
// see them.
func (b *etcdBucket) Count() (int, error) {
	t := b.tx
	if len(t.written(b.prefix, b.end)) > 0 {
		n := 0
		if err := b.ForEach(func(_, _ []byte) error { n++; return nil }); err != nil {
			return 0, err
		}
		return n, nil
	}
	resp := t.get(b.prefix, clientv3.WithRange(b.end), clientv3.WithCountOnly())
	if resp == nil {
		return 0, t.err
	}
	t.ranges = append(t.ranges, keyRange{b.prefix, b.end})
	return int(resp.Count), nil
}

func (b *etcdBucket) Sequence() uint64 {
	v := b.tx.value(b.tx.kv.seqKey(b.name), true)
	n, _ := strconv.ParseUint(string(v), 10, 64)
	return n
}

func (b *etcdBucket) SetSequence(v uint64) error {
	return b.tx.put(b.tx.kv.seqKey(b.name), []byte(strconv.FormatUint(v, 10)))
}

// NextSequence takes the bucket's next number in a transaction of its
// own, not in this one: every process creating games would otherwise
// conflict on the counter, and all but one run again. A change that
// then fails leaves its number unused (a gap in the IDs), as bbolt never
// does; IDs stay unique and increasing.
func (b *etcdBucket) NextSequence() (uint64, error) {
	t := b.tx
	if !t.writable {
		return 0, errors.New("a change inside a read transaction")
	}
	key := t.kv.seqKey(b.name)
	if _, ok := t.writes[key]; ok { // set in this transaction (a copy)
		n := b.Sequence() + 1
		return n, b.SetSequence(n)
	}
	caller := t.caller
	if caller == nil {
		caller = t.ctx
	}
	return t.kv.increment(t.ctx, caller, key)
}

// increment adds one to the counter at key, atomically, and returns it.
// The increments of this process take turns at the counter (its key's
// lock), so that a burst of games created at once in one process does
// not collide on it; those of other processes still may, and are tried
// again, as a change is, while caller lives.
func (k *etcdKV) increment(ctx, caller context.Context, key string) (uint64, error) {
	start := time.Now()
	unlock, err := k.locks.lock(caller, []string{key})
	if err != nil {
		return 0, &BusyError{For: time.Since(start).Round(time.Millisecond)}
	}
	defer unlock()
	busy := busyRetry{caller: caller}
	for try := 1; ; try++ {
		rctx, cancel := context.WithTimeout(ctx, k.cfg.DialTimeout)
		resp, err := k.cli.Get(rctx, key)
		if err != nil {
			cancel()
			return 0, k.etcdErr(err)
		}
		var n uint64
		var mod int64
		if len(resp.Kvs) == 1 {
			mod = resp.Kvs[0].ModRevision
			if n, err = strconv.ParseUint(string(resp.Kvs[0].Value), 10, 64); err != nil {
				cancel()
				return 0, &DecodeError{Key: "the sequence " + key, Err: err}
			}
		}
		n++
		tr, err := k.cli.Txn(rctx).If(clientv3.Compare(clientv3.ModRevision(key), "=", mod)).
			Then(clientv3.OpPut(key, strconv.FormatUint(n, 10))).Commit()
		cancel()
		switch {
		case err != nil:
			return 0, k.etcdErr(err)
		case tr.Succeeded:
			return n, nil
		}
		if err := busy.pace(try); err != nil {
			return 0, err
		}
	}
}

// backoff waits a random while, longer with each try (up to 100 ms), so
// that processes racing for the same keys spread out. It reports false
// if ctx ended first.
func backoff(ctx context.Context, try int) bool {
	t := time.NewTimer(time.Duration(rand.Int64N(int64(min(try*try, 100)) * int64(time.Millisecond))))
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

func (b *etcdBucket) Cursor() kvCursor { return b.cursor() }

func (b *etcdBucket) cursor() *etcdCursor { return &etcdCursor{b: b} }

// etcdCursor walks a bucket: the keys stored at the transaction's
// revision, fetched a page at a time, merged with the transaction's own
// writes. It stands on a key (cur), and each move looks for the next key
// from there, so writes made while walking are seen as bbolt's cursor
// sees them.
type etcdCursor struct {
	b   *etcdBucket
	cur string // the full key it stands on; "" off either end

	// The last page fetched (if valid): every stored key of [lo, hi),
	// ascending or not.
	page   []storedKV
	lo, hi string
	asc    bool
	valid  bool
}

type storedKV struct {
	key   string
	value []byte
}

// The cursor's moves work on half-open bounds: ascending, the first key
// at or after start; descending, the last key before end.

// storedAfter returns the first stored key at or after start.
func (c *etcdCursor) storedAfter(start string) (storedKV, bool) {
	if !c.valid || !c.asc || start < c.lo || start > c.hi {
		c.fetch(start, true)
	}
	for c.b.tx.err == nil {
		i, _ := slices.BinarySearchFunc(c.page, start, func(e storedKV, k string) int { return strings.Compare(e.key, k) })
		if i < len(c.page) {
			return c.page[i], true
		}
		if c.hi == c.b.end {
			break
		}
		start = c.hi
		c.fetch(start, true)
	}
	return storedKV{}, false
}

// storedBefore returns the last stored key before end.
func (c *etcdCursor) storedBefore(end string) (storedKV, bool) {
	if !c.valid || c.asc || end < c.lo || end > c.hi {
		c.fetch(end, false)
	}
	for c.b.tx.err == nil {
		// The page is in descending order: find the first key below end.
		i, _ := slices.BinarySearchFunc(c.page, end, func(e storedKV, k string) int {
			if e.key >= k {
				return -1
			}
			return 1
		})
		if i < len(c.page) {
			return c.page[i], true
		}
		if c.lo == c.b.prefix {
			break
		}
		end = c.lo
		c.fetch(end, false)
	}
	return storedKV{}, false
}

// fetch reads a page of stored keys: ascending from bound, or descending
// below it; and records the range it covers as read.
func (c *etcdCursor) fetch(bound string, asc bool) {
	t, b := c.b.tx, c.b
	c.page, c.asc, c.valid = nil, asc, false
	var resp *clientv3.GetResponse
	if asc {
		resp = t.get(bound, clientv3.WithRange(b.end), clientv3.WithLimit(etcdPage))
		c.lo, c.hi = bound, b.end
	} else {
		resp = t.get(b.prefix, clientv3.WithRange(bound), clientv3.WithLimit(etcdPage), clientv3.WithSort(clientv3.SortByKey, clientv3.SortDescend))
		c.lo, c.hi = b.prefix, bound
	}
	if resp == nil {
		return
	}
	for _, kv := range resp.Kvs {
		k, v := string(kv.Key), nonNil(kv.Value)
		if _, ok := t.seen[k]; !ok {
			t.seen[k] = seenKey{mod: kv.ModRevision, value: v}
		}
		c.page = append(c.page, storedKV{k, v})
	}
	if resp.More && len(resp.Kvs) > 0 {
		last := string(resp.Kvs[len(resp.Kvs)-1].Key)
		if asc {
			c.hi = last + "\x00"
		} else {
			c.lo = last
		}
	}
	c.valid = true
	t.ranges = append(t.ranges, keyRange{c.lo, c.hi})
}

// move lands on the first key at or after bound (asc), or the last key
// before it, merging the stored keys with the transaction's writes.
func (c *etcdCursor) move(bound string, asc bool) ([]byte, []byte) {
	t, b := c.b.tx, c.b
	for t.err == nil {
		var s storedKV
		var okS bool
		var w string
		okW := false
		if asc {
			s, okS = c.storedAfter(bound)
			if ws := t.written(bound, b.end); len(ws) > 0 {
				w, okW = ws[0], true
			}
		} else {
			s, okS = c.storedBefore(bound)
			if ws := t.written(b.prefix, bound); len(ws) > 0 {
				w, okW = ws[len(ws)-1], true
			}
		}
		var key string
		switch {
		case !okS && !okW:
			c.cur = ""
			return nil, nil
		case okS && okW:
			if asc == (s.key < w) {
				key = s.key
			} else {
				key = w
			}
		case okS:
			key = s.key
		default:
			key = w
		}
		wv, written := t.writes[key]
		if written && wv == nil { // deleted in this transaction: go on
			if asc {
				bound = key + "\x00"
			} else {
				bound = key
			}
			continue
		}
		c.cur = key
		kb := []byte(key[len(b.prefix):])
		if written {
			return kb, *wv
		}
		return kb, s.value
	}
	c.cur = ""
	return nil, nil
}

func (c *etcdCursor) First() ([]byte, []byte) { return c.move(c.b.prefix, true) }
func (c *etcdCursor) Last() ([]byte, []byte)  { return c.move(c.b.end, false) }

func (c *etcdCursor) Seek(key []byte) ([]byte, []byte) {
	return c.move(c.b.prefix+string(key), true)
}

func (c *etcdCursor) Next() ([]byte, []byte) {
	if c.cur == "" {
		return nil, nil
	}
	return c.move(c.cur+"\x00", true)
}

func (c *etcdCursor) Prev() ([]byte, []byte) {
	if c.cur == "" {
		return nil, nil
	}
	return c.move(c.cur, false)
}

func (c *etcdCursor) Delete() error {
	if c.cur == "" {
		return errors.New("the cursor is on no key")
	}
	return c.b.tx.del(c.cur)
}

// ParseEndpoints reads a comma-separated list of etcd client URLs
// (http://host:port or https://host:port), with a message saying what is
// wrong with a bad one.
func ParseEndpoints(s string) ([]string, error) {
	var out []string
	for _, e := range strings.Split(s, ",") {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		u, err := url.Parse(e)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Port() == "" || (u.Path != "" && u.Path != "/") {
			return nil, fmt.Errorf("%q is not an etcd client URL: write each as http://host:port (or https://), comma-separated, such as http://etcd1:2379,http://etcd2:2379", e)
		}
		out = append(out, u.Scheme+"://"+u.Host)
	}
	if len(out) == 0 {
		return nil, errors.New("no etcd endpoint given: write the cluster's client URLs, such as http://etcd1:2379,http://etcd2:2379")
	}
	return out, nil
}
