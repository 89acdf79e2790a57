package discord

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Shard is one gateway session of a sharded bot: shard ID of Count.
// Discord sends the events of a server to the shard
// (guild_id >> 22) % Count, and those of direct messages to shard 0.
type Shard struct{ ID, Count int }

// String is "ID/Count", as logs, metrics and /healthz show it.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.ID, s.Count) }

// MaxShards bounds TWIXTBOT_SHARDS, far above what any bot needs (Discord
// recommends one shard per 1,000 servers or so), so that a typo cannot
// start a million sessions.
const MaxShards = 1 << 16

// ShardPlan is the sharding asked for by TWIXTBOT_SHARDS and
// TWIXTBOT_SHARD_IDS. The zero value runs the one session of an unsharded
// bot.
type ShardPlan struct {
	Auto  bool  // the count is the one GET /gateway/bot recommends
	Count int   // the total number of shards, across every process; 0 with Auto
	IDs   []int // the shards this process runs, ascending; nil: all of them
}

// Sharded reports whether the plan asks for sharding at all.
func (p ShardPlan) Sharded() bool { return p.Auto || p.Count > 0 }

// String is the plan as the variables spell it.
func (p ShardPlan) String() string {
	if !p.Sharded() {
		return "none"
	}
	n := strconv.Itoa(p.Count)
	if p.Auto {
		n = "auto"
	}
	if p.IDs == nil {
		return n
	}
	ids := make([]string, len(p.IDs))
	for i, id := range p.IDs {
		ids[i] = strconv.Itoa(id)
	}
	return n + " ids " + strings.Join(ids, ",")
}

// Shards lists the shards of the plan this process runs, once the count
// is known (count is GET /gateway/bot's recommendation, used with Auto).
// It fails, with a *ConfigError, if an id is not below the count.
func (p ShardPlan) Shards(count int) ([]Shard, error) {
	if !p.Auto {
		count = p.Count
	}
	if count < 1 {
		return nil, fmt.Errorf("%w: a shard count of %d", ErrConfig, count)
	}
	ids := p.IDs
	if ids == nil {
		ids = make([]int, count)
		for i := range ids {
			ids[i] = i
		}
	}
	out := make([]Shard, 0, len(ids))
	for _, id := range ids {
		if id >= count {
			how := "TWIXTBOT_SHARDS is " + strconv.Itoa(count)
			if p.Auto {
				how = "Discord recommends " + strconv.Itoa(count) + " shards (TWIXTBOT_SHARDS=auto)"
			}
			return nil, &ConfigError{Var: "TWIXTBOT_SHARD_IDS", Flag: "shard-ids",
				Problem: fmt.Sprintf("names shard %d, but %s, so the ids go from 0 to %d: list ids below the count, or set TWIXTBOT_SHARDS to the count every process uses", id, how, count-1)}
		}
		out = append(out, Shard{ID: id, Count: count})
	}
	return out, nil
}

// ParseShardCount reads TWIXTBOT_SHARDS: "auto", or a count from 1 to
// MaxShards. The empty string is no sharding (count 0). A bad value is a
// *ConfigError.
func ParseShardCount(s string) (auto bool, count int, err error) {
	switch s = strings.TrimSpace(s); {
	case s == "":
		return false, 0, nil
	case strings.EqualFold(s, "auto"):
		return true, 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > MaxShards {
		return false, 0, &ConfigError{Var: "TWIXTBOT_SHARDS", Flag: "shards",
			Problem: fmt.Sprintf("%q is not a shard count: use auto (the count Discord recommends) or a number from 1 to %d, or leave it empty for one session without sharding", s, MaxShards)}
	}
	return false, n, nil
}

// ParseShardIDs reads TWIXTBOT_SHARD_IDS: ids and ranges separated by
// commas, such as "0-3" or "0,2,5-7", each id below MaxShards and listed
// once. The empty string is nil: every shard. A bad value is a
// *ConfigError.
func ParseShardIDs(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	bad := func(format string, args ...any) error {
		return &ConfigError{Var: "TWIXTBOT_SHARD_IDS", Flag: "shard-ids", Problem: fmt.Sprintf(format, args...)}
	}
	var ids []int
	seen := map[int]bool{}
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, errA := parseShardID(lo)
		b, errB := a, errA
		if isRange {
			b, errB = parseShardID(hi)
		}
		switch {
		case part == "":
			return nil, bad("%q has an empty item: separate ids and ranges with single commas, such as 0,2,5-7", s)
		case errA != nil || errB != nil:
			return nil, bad("%q is not a shard id or range (such as 3 or 0-3): ids are whole numbers from 0 to %d", part, MaxShards-1)
		case a > b:
			return nil, bad("the range %q goes down: write it low-high, such as %d-%d", part, b, a)
		}
		for id := a; id <= b; id++ {
			if seen[id] {
				return nil, bad("lists shard %d twice (%q): list each shard once", id, s)
			}
			seen[id] = true
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

func parseShardID(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "+-") {
		return 0, errors.New("not an id")
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n >= MaxShards {
		return 0, errors.New("not an id")
	}
	return n, nil
}

// GatewayBot is what GET /gateway/bot says about sharding.
type GatewayBot struct {
	Shards         int           // the recommended shard count
	MaxConcurrency int           // IDENTIFYs allowed per 5 s, one per shard_id % MaxConcurrency
	Remaining      int           // session starts left before the limit resets
	ResetAfter     time.Duration // until the session start limit resets
}

// GatewayBot asks Discord for the recommended shard count and the session
// start limit.
func (c *Client) GatewayBot(ctx context.Context) (GatewayBot, error) {
	r, err := c.s.GatewayBot(discordgo.WithContext(ctx))
	if err != nil {
		return GatewayBot{}, tokenRefused(wrap(err))
	}
	l := r.SessionStartLimit
	return GatewayBot{Shards: r.Shards, MaxConcurrency: max(l.MaxConcurrency, 1), Remaining: l.Remaining,
		ResetAfter: time.Duration(l.ResetAfter) * time.Millisecond}, nil
}

// shardSession is a new gateway session for one shard, sharing the
// client's token and REST transport (and so DISCORD_API_BASE, retries and
// metrics).
func (c *Client) shardSession(sh Shard) (*discordgo.Session, error) {
	s, err := discordgo.New(c.s.Token)
	if err != nil {
		return nil, err
	}
	s.Client = c.s.Client
	s.ShouldRetryOnRateLimit = false
	s.MaxRestRetries = 0
	s.LogLevel = c.s.LogLevel
	s.ShardID, s.ShardCount = sh.ID, sh.Count
	return s, nil
}

// identifyWindow is the period of Discord's identify rate limit: each
// rate-limit key (shard_id % max_concurrency) may IDENTIFY once per
// 5 seconds ("Sharding for Large Bots" in Discord's gateway docs).
const identifyWindow = 5 * time.Second

// identifyGate paces the IDENTIFYs of the shards of one process:
// max_concurrency at once, one per rate-limit key, each key again only
// identifyWindow after its previous IDENTIFY was answered. discordgo
// sends the IDENTIFY inside Session.Open and returns once READY came, so
// the gate is held across Open: the next IDENTIFY of the key cannot come
// sooner than 5 s after the previous one. Within a key, the shards
// expected at startup go in ascending order; later ones (a session that
// must identify anew) queue in order too.
type identifyGate struct {
	clock   Clock
	conc    int
	mu      sync.Mutex
	keys    map[int]*identifyKey
	changed chan struct{} // closed and replaced when a key is freed
}

type identifyKey struct {
	queue []int     // the shards waiting for their turn, ascending
	busy  bool      // a shard is identifying
	next  time.Time // no IDENTIFY of the key before this
}

func newIdentifyGate(clock Clock, maxConcurrency int) *identifyGate {
	return &identifyGate{clock: clock, conc: max(maxConcurrency, 1), keys: map[int]*identifyKey{}, changed: make(chan struct{})}
}

// key is the shard's rate-limit key; g.mu is held.
func (g *identifyGate) key(shard int) *identifyKey {
	k := g.keys[shard%g.conc]
	if k == nil {
		k = &identifyKey{}
		g.keys[shard%g.conc] = k
	}
	return k
}

// queue puts shard in its key's queue and returns the key; g.mu is held.
func (g *identifyGate) queue(shard int) *identifyKey {
	k := g.key(shard)
	if i, found := slices.BinarySearch(k.queue, shard); !found {
		k.queue = slices.Insert(k.queue, i, shard)
	}
	return k
}

// expect queues the shards before their sessions start, so that each key
// lets them identify in ascending order.
func (g *identifyGate) expect(shards []Shard) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, sh := range shards {
		g.queue(sh.ID)
	}
}

// free ends a shard's turn (dropping it from the queue if it never got
// one) and wakes the others; g.mu is held.
func (g *identifyGate) free(k *identifyKey, shard int, identified bool) {
	if identified {
		k.busy = false
		k.next = later(k.next, g.clock.Now().Add(identifyWindow))
	} else if i, found := slices.BinarySearch(k.queue, shard); found {
		k.queue = slices.Delete(k.queue, i, i+1)
	}
	close(g.changed)
	g.changed = make(chan struct{})
}

// identifiedOutside records an IDENTIFY the gate did not let through:
// discordgo identifies at once when Discord refuses a RESUME (op 9), from
// inside its event loop. The shard's key waits identifyWindow after it.
func (g *identifyGate) identifiedOutside(shard int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	k := g.key(shard)
	k.next = later(k.next, g.clock.Now().Add(identifyWindow))
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// acquire waits for the shard's turn to IDENTIFY; call release once the
// IDENTIFY was answered (or the attempt failed). It fails only when ctx
// ends.
func (g *identifyGate) acquire(ctx context.Context, shard int) (release func(), err error) {
	g.mu.Lock()
	k := g.queue(shard)
	for k.busy || k.queue[0] != shard {
		ch := g.changed
		g.mu.Unlock()
		select {
		case <-ch:
			g.mu.Lock()
		case <-ctx.Done():
			g.mu.Lock()
			g.free(k, shard, false)
			g.mu.Unlock()
			return nil, ctx.Err()
		}
	}
	k.busy, k.queue = true, k.queue[1:]
	wait := k.next.Sub(g.clock.Now())
	g.mu.Unlock()
	release = func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.free(k, shard, true)
	}
	if wait > 0 && !sleepClock(ctx, g.clock, wait) {
		release()
		return nil, ctx.Err()
	}
	return release, nil
}

// runShards runs a session for each shard of the plan this process runs,
// all feeding the dispatcher: it asks GET /gateway/bot for the count (with
// TWIXTBOT_SHARDS=auto) and the session start limit, waits for the limit
// to reset if too few starts remain, and opens the sessions in the order
// the identify rate limit allows. It returns when ctx ends, or when a
// shard fails in a way retrying cannot fix (the others are closed then).
func runShards(ctx context.Context, c *Client, d *Dispatcher, conn *Connection, o GatewayOptions) error {
	var info GatewayBot
	r := retrier{what: "look up the shard count (GET /gateway/bot)", backoff: o.Backoff, clock: o.Clock, log: o.Logger,
		failed: func(err error, attempt int, wait time.Duration) {
			conn.set(false, fmt.Sprintf("cannot look up the shard count (attempt %d, next in %v): %v", attempt, wait.Round(time.Millisecond), redactURLError(err)))
		}}
	conn.set(false, "looking up the shard count and the session start limit")
	err := r.do(ctx, func() error {
		var err error
		info, err = c.GatewayBot(ctx)
		return err
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("discord: looking up the shard count: %w", err)
	}
	shards, err := o.Shards.Shards(info.Shards)
	if err != nil {
		return err
	}
	o.Logger.Info("discord: sharding", "shards", len(shards), "count", shards[0].Count, "recommended", info.Shards,
		"max_concurrency", info.MaxConcurrency, "session_starts_remaining", info.Remaining)
	if info.Remaining < len(shards) {
		o.Logger.Warn("discord: too few session starts remain today for every shard; waiting for Discord's limit to reset",
			"remaining", info.Remaining, "needed", len(shards), "reset_after", info.ResetAfter)
		conn.set(false, fmt.Sprintf("waiting %v for Discord's session start limit to reset (%d starts remain, %d needed)", info.ResetAfter, info.Remaining, len(shards)))
		if !sleepClock(ctx, o.Clock, info.ResetAfter) {
			return nil
		}
	}

	gate := newIdentifyGate(o.Clock, info.MaxConcurrency)
	gate.expect(shards)
	conns := conn.addShards(shards)
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	errs := make([]error, len(shards))
	var wg sync.WaitGroup
	for i, sh := range shards {
		s, err := c.shardSession(sh)
		if err != nil {
			errs[i] = err
			stop()
			break
		}
		so := o
		so.Logger = o.Logger.With("shard", sh.String())
		wg.Go(func() {
			errs[i] = runSession(sctx, s, d, conns[i], so, sessionShard{shard: sh, gate: gate})
			if errs[i] != nil {
				stop() // retrying cannot fix it: stop the other shards too
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// sessionShard is the shard a session runs, with the gate its IDENTIFYs
// pass; the zero value is the session of an unsharded bot.
type sessionShard struct {
	shard Shard
	gate  *identifyGate
}

// shardKey is the context key of the shard an interaction came over, for
// the dispatcher's log line.
type shardKey struct{}

// context is ctx carrying the shard, for an interaction it came over;
// ctx itself for an unsharded bot.
func (s sessionShard) context(ctx context.Context) context.Context {
	if s.gate == nil {
		return ctx
	}
	return context.WithValue(ctx, shardKey{}, s.shard)
}

// label is the shard's metrics label: "0" for an unsharded bot.
func (s sessionShard) label() string { return strconv.Itoa(s.shard.ID) }
