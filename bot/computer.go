package bot

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/internal/wake"
	"github.com/twixtbot/twixtbot/storage"
)

// ComputerOptions configure the computer opponent: twixtbot itself, which
// plays any seat it is invited to.
type ComputerOptions struct {
	// User is the bot's own user id: inviting it plays the computer. Empty:
	// no new games against the computer (those stored still finish).
	User storage.UserID
	// Workers is how many games the computer thinks about at once; the
	// others wait their turn in a queue. Default 1.
	Workers int
	// Engine, if set, replaces the levels' budgets for every move and hint
	// (its Level is ignored: each game keeps its own). Tests set a fixed
	// number of playouts and a seed, for fast, deterministic games.
	Engine *ai.Config
	// HintTime is how long a hint thinks; default 1 s.
	HintTime time.Duration
	// HintWait is how long a hint or a review waits for a free worker
	// before it is given up, the computer being busy; default 20 s.
	HintWait time.Duration
}

// hintCount is how many candidate moves a hint shows.
const hintCount = 3

// deadlineGrace is how far past its budget a search may run before its
// context ends it: the engine keeps to the budget itself, and the context
// is the hard stop.
const deadlineGrace = 5 * time.Second

// computer makes the computer's moves: a bounded pool of workers (a
// semaphore of Workers slots), fed by a queue of the games where the
// computer is to move. Each game is in the queue at most once, and one
// worker at most thinks about it, so its moves are posted in order.
type computer struct {
	b        *Bot
	user     *match.SelfUser
	player   *ai.Engine // shared by the workers: saved trees and recycled arenas
	engine   *ai.Config
	hintFor  time.Duration
	hintWait time.Duration
	slots    chan struct{} // a worker slot, held while thinking

	mu sync.Mutex
	// ctx is the run's (RunComputer's); nil before it starts, when games
	// are not queued but found by its first scan.
	ctx context.Context
	// games are the games queued or being thought about.
	games    map[storage.GameID]*queued
	waiting  int         // games waiting for a worker
	thinking int         // games being thought about
	changed  wake.Signal // when games, waiting or thinking change
	wg       sync.WaitGroup
	// pause waits out a backoff (sleep; tests replace it).
	pause func(ctx context.Context, d time.Duration, wake <-chan struct{})
}

func newComputer(b *Bot, o ComputerOptions) *computer {
	if o.Workers <= 0 {
		o.Workers = 1
	}
	if o.HintTime <= 0 {
		o.HintTime = time.Second
	}
	if o.HintWait <= 0 {
		o.HintWait = 20 * time.Second
	}
	user := &match.SelfUser{}
	user.Set(o.User)
	return &computer{b: b, user: user, player: ai.NewEngine(ai.EngineOptions{}), engine: o.Engine, hintFor: o.HintTime, hintWait: o.HintWait,
		slots: make(chan struct{}, o.Workers), games: map[storage.GameID]*queued{}, pause: sleep}
}

// SetComputerUser tells the bot its own user id, as the gateway reports it
// when its session is ready (discord.App.Self): inviting that user plays
// the computer.
func (b *Bot) SetComputerUser(id discord.UserID) {
	old := b.comp.user.Get()
	if id == old {
		return
	}
	b.comp.user.Set(id)
	b.log.Info("the computer plays as the bot's own user", "user", id, "configured", old)
}

// postedKey is the context key of the message that shows the action being
// handled (see posted).
type postedKey struct{}

// posted is the message that shows an action: the reply of the
// interaction being handled, or the computer's post of its move. ready is
// closed once it is out (or its delivery failed); id is then its message
// id, "" if unknown.
type posted struct {
	ready chan struct{}
	id    discord.MessageID
}

func newPosted() *posted { return &posted{ready: make(chan struct{})} }

// set records the message's id and opens the gate; call it once.
func (p *posted) set(id discord.MessageID) {
	p.id = id
	close(p.ready)
}

// message waits until the message is out (or, at most, gateWait) and
// returns its id, "" if unknown or not out in time.
func (p *posted) message(ctx context.Context) discord.MessageID {
	if p == nil {
		return ""
	}
	waitGate(ctx, p.ready)
	select {
	case <-p.ready:
		return p.id
	default:
		return ""
	}
}

// gateReplies is the middleware that gives each interaction's context the
// message of its reply, so that the computer's move, posted as a message
// of its own, never overtakes the reply that reports the move before it,
// and a turn notification links to the reply.
func gateReplies(next discord.Handler) discord.Handler {
	return func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		p := newPosted()
		e.AfterReply(func() { p.set(e.ReplyMessage()) })
		return next(context.WithValue(ctx, postedKey{}, p), e)
	}
}

// postedOf is the message that shows the action of ctx, or nil.
func postedOf(ctx context.Context) *posted {
	p, _ := ctx.Value(postedKey{}).(*posted)
	return p
}

// replyGate is the gate of the message that shows the action of ctx, or
// nil.
func replyGate(ctx context.Context) <-chan struct{} {
	if p := postedOf(ctx); p != nil {
		return p.ready
	}
	return nil
}

// gateWait bounds how long a computer's move waits for the reply before it.
const gateWait = 30 * time.Second

// waitGate waits until the reply gate opens (or, at most, gateWait).
func waitGate(ctx context.Context, gate <-chan struct{}) {
	if gate != nil {
		sleep(ctx, gateWait, gate)
	}
}

// RunComputer makes the computer's moves until ctx ends: first in every
// active game where it is to move (those it was thinking about when the
// bot stopped), then in each game as its turn comes. A search that ctx
// interrupts plays nothing; the next start plays it. With a Leader, it
// plays only while this process leads; the turns that other processes
// sharing the store hand to the computer reach it through the store's
// watch of the games (see followComputer).
func (b *Bot) RunComputer(ctx context.Context) {
	b.whileLeading(ctx, "the computer", func(ctx context.Context) {
		c := b.comp
		c.mu.Lock()
		c.ctx = ctx
		c.mu.Unlock()
		if b.opts.Leader == nil || !b.followComputer(ctx) {
			b.scanComputer(ctx)
		}
		<-ctx.Done()
		c.wg.Wait()
	})
}

// followComputer queues, until ctx ends, each game where the computer is
// to move, as the store tells of the games the processes sharing it
// change: the turns other processes handle never reach this one's queue
// otherwise. The store lists the ongoing games first, so this is the
// first scan too. It reports false, at once, for a store one process
// holds (bbolt), whose turns all pass through this process.
func (b *Bot) followComputer(ctx context.Context) bool {
	b.log.Info("the computer follows the games of every process")
	err := b.svc.WatchGames(ctx, func(g *storage.Game, err error) {
		if err != nil {
			b.log.Error("the computer cannot read a game the store told of", "err", err)
			return
		}
		_, ok, err := b.svc.ComputerTurn(g)
		if err != nil {
			b.log.Error("the computer cannot replay a game the store told of", "game", g.ID, "err", err)
		}
		if ok {
			b.comp.enqueue(g, nil)
		}
	})
	return !errors.Is(err, storage.ErrNotSupported)
}

// scanComputer queues every active game with a computer seat. A listing
// that fails is tried again after a growing wait (see retryDelay) while
// ctx lives; meanwhile the computer moves where a player moves next.
func (b *Bot) scanComputer(ctx context.Context) {
	var all []*storage.Game
	for fails := 1; ; fails++ {
		var err error
		if all, err = b.svc.Active(ctx); err == nil {
			break
		}
		if ctx.Err() != nil {
			return
		}
		d := retryDelay(fails)
		b.log.Error("the computer cannot list the active games: it tries again later, and meanwhile moves only where a player moves next", "err", err, "failures", fails, "in", d)
		b.comp.pause(ctx, d, nil)
	}
	queued := 0
	for _, g := range all {
		if g.State == storage.Active && g.Meta.Computer != 0 {
			b.comp.enqueue(g, nil)
			queued++
		}
	}
	if queued > 0 {
		b.log.Info("the computer looks at its games", "games", queued)
	}
}

// queued is a game in the computer's queue.
type queued struct {
	again bool // a turn passed meanwhile: look at the game again when done
	// heard is the record of the turns heard of since the current look
	// at the game began (the first of them, and whether any differed
	// from it: mixed). The leader hears of a person's move it handled
	// twice: from its own handling and from the store's watch. If the
	// look settles the very record heard of (the same commit), a second
	// look would only read the game again to find nothing to do, so none
	// is made. Any other record heard of, or a look that did not settle
	// its game (it could not read it, choose or store a move), looks
	// again as before.
	heard    turnMark
	hasHeard bool
	mixed    bool
	// retrying is set while the game waits out a backoff after a look
	// that failed (see loop); wake cuts the wait short when a turn is
	// heard meanwhile.
	retrying bool
	wake     chan struct{}
	// gates are the replies the computer's posts must not overtake, by
	// the length of the log when the turn passed to it: the post of the
	// move made at that length waits for the reply that reported the move
	// before. The same turn may be heard of twice, from this process's
	// own move (with its gate) and from the store's watch (without),
	// in either order: the gate is kept whichever comes first.
	gates map[int]<-chan struct{}
}

// turnMark tells records of a game apart for the computer's queue: two
// records with the same mark are the same commit (the store stamps
// Updated at each change), and even when a clock repeats a time, the
// same position (its storage.LogMark: a game's log only grows, except
// by a takeback, which is counted), state and computer seats, which are
// all its look decides on.
type turnMark struct {
	log      storage.LogMark
	state    storage.State
	computer storage.SeatSet
	updated  time.Time
}

func markOf(g *storage.Game) turnMark {
	return turnMark{g.LogMark(), g.State, g.Meta.Computer, g.Updated}
}

func (m turnMark) same(o turnMark) bool {
	return m.log == o.log && m.state == o.state && m.computer == o.computer && m.updated.Equal(o.updated)
}

// enqueue queues game g for the computer to look at, at the turn that
// comes after its log; the computer's post of its move there waits for
// gate (see gateReplies), if not nil.
func (c *computer) enqueue(g *storage.Game, gate <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx == nil || c.ctx.Err() != nil {
		return // not running: the first scan of the next run finds it
	}
	q, ok := c.games[g.ID]
	if !ok {
		q = &queued{gates: map[int]<-chan struct{}{}, wake: make(chan struct{}, 1)}
		c.games[g.ID] = q
		c.wg.Add(1)
		go c.loop(c.ctx, g.ID)
	} else {
		q.again = true
		switch m := markOf(g); {
		case !q.hasHeard:
			q.heard, q.hasHeard = m, true
		case !q.heard.same(m):
			q.mixed = true
		}
	}
	if gate != nil {
		q.gates[len(g.Log)] = gate
	}
	if q.retrying {
		select {
		case q.wake <- struct{}{}:
		default:
		}
	}
}

// gate returns the reply the computer's post of the move it made after a
// log of turns moves must wait for (nil for none), and forgets the gates
// of that turn and those before.
func (c *computer) gate(id storage.GameID, turns int) <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	q, ok := c.games[id]
	if !ok {
		return nil
	}
	gate := q.gates[turns]
	for n := range q.gates {
		if n <= turns {
			delete(q.gates, n)
		}
	}
	return gate
}

// look is how a look at a game ended (see turn).
type look uint8

const (
	// lookSettled: the look settled the record it read: it found nothing to
	// do there, or stored its move.
	lookSettled look = iota
	// lookMovedOn: the game changed between the look's read and its move,
	// which the store refused: look again at once, at the game as it is.
	lookMovedOn
	// lookFailed: the look could not read the game, choose a move or store
	// it: look again after a backoff (see retryDelay).
	lookFailed
	// lookStopped: the computer is stopping (its context ended).
	lookStopped
)

var lookNames = [...]string{"settled", "moved on", "failed", "stopped"}

func (l look) String() string {
	if int(l) < len(lookNames) {
		return lookNames[l]
	}
	return "look(" + strconv.Itoa(int(l)) + ")"
}

// Retries of a look that failed wait firstRetry, then twice as long each
// time, up to maxRetry, for as long as the computer runs: a store that
// fails for a moment must not leave a game waiting for the computer's
// move until the next start.
const (
	firstRetry = time.Second
	maxRetry   = time.Minute
	// quickLooks bounds the looks in a row that find the game moved on
	// and look again at once; past it they wait like failures, in case
	// the game keeps changing (or seems to) under every look.
	quickLooks = 3
)

// retryDelay is how long to wait before the look after the nth failure
// in a row (n ≥ 1).
func retryDelay(n int) time.Duration {
	d := firstRetry
	for i := 1; i < n && d < maxRetry; i++ {
		d *= 2
	}
	return min(d, maxRetry)
}

// loop looks at a game until no turn passed while it did, other than
// the very record its last look settled. A look that found the game
// moved on looks again at once; one that failed looks again after a
// backoff, logged, until one succeeds or the computer stops.
func (c *computer) loop(ctx context.Context, id storage.GameID) {
	defer c.wg.Done()
	fails, moves := 0, 0 // failures, and looks that found the game moved on, in a row
	for {
		mark, l := c.turn(ctx, id)
		switch l {
		case lookFailed:
			fails++
		case lookMovedOn:
			if moves++; moves > quickLooks {
				fails++
			}
		default:
			fails, moves = 0, 0
		}
		if !c.lookAgain(ctx, id, mark, l) {
			c.count(0, 0) // wake WaitComputerIdle
			return
		}
		if fails > 0 {
			d := retryDelay(fails)
			c.b.log.Warn("the computer looks at its game again later", "game", id, "after", l.String(), "failures", fails, "in", d)
			c.backoff(ctx, id, d)
		}
	}
}

// backoff waits d before the next look at game id, or less if a turn is
// heard meanwhile or ctx ends. Meanwhile the game does not keep
// WaitComputerIdle waiting.
func (c *computer) backoff(ctx context.Context, id storage.GameID, d time.Duration) {
	c.mu.Lock()
	q := c.games[id]
	q.retrying = true
	c.changed.Broadcast()
	c.mu.Unlock()
	c.pause(ctx, d, q.wake)
	c.mu.Lock()
	q.retrying = false
	select {
	case <-q.wake: // a turn heard during the wait: this look is for it
	default:
	}
	c.mu.Unlock()
}

// sleep waits d, or until wake or ctx ends: the computer's pause, which
// tests replace.
func sleep(ctx context.Context, d time.Duration, wake <-chan struct{}) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-wake:
	case <-ctx.Done():
	}
}

// lookAgain ends a look at game id, which ended as l and read the record
// marked mark (see turn): it reports whether to look again, or takes the
// game out of the queue. A look that found the game moved on or failed
// looks again (while ctx lives) whether or not a turn was heard.
func (c *computer) lookAgain(ctx context.Context, id storage.GameID, mark turnMark, l look) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	q := c.games[id]
	if q.again && l == lookSettled && q.hasHeard && !q.mixed && q.heard.same(mark) {
		q.again = false // heard twice: this look settled it
	}
	if l == lookMovedOn || l == lookFailed {
		q.again = true
	}
	if !q.again || ctx.Err() != nil {
		delete(c.games, id)
		return false
	}
	q.again, q.hasHeard, q.mixed = false, false, false
	return true
}

// count changes the waiting and thinking counts and wakes their watchers.
func (c *computer) count(waiting, thinking int) {
	c.mu.Lock()
	c.waiting += waiting
	c.thinking += thinking
	c.changed.Broadcast()
	c.mu.Unlock()
}

// WaitComputer waits until cond holds for the numbers of games (and hints)
// waiting for one of the computer's workers and being thought about, or
// ctx ends. Load tests and tests wait with it for the computer to be busy.
func (b *Bot) WaitComputer(ctx context.Context, cond func(waiting, thinking int) bool) error {
	return b.comp.wait(ctx, cond)
}

// WaitComputerIdle waits until the computer has no game queued or being
// thought about, its moves posted, or ctx ends. The console waits with it
// after each line, so that the computer's answer comes before the next.
// A game whose look failed, waiting to be looked at again (see loop),
// does not keep it waiting.
func (b *Bot) WaitComputerIdle(ctx context.Context) error {
	c := b.comp
	return c.waitFor(ctx, func() bool {
		for _, q := range c.games {
			if !q.retrying {
				return false
			}
		}
		return true
	})
}

// wait waits until cond holds for the numbers of games waiting for a
// worker and being thought about.
func (c *computer) wait(ctx context.Context, cond func(waiting, thinking int) bool) error {
	return c.waitFor(ctx, func() bool { return cond(c.waiting, c.thinking) })
}

// waitFor waits until cond, called with c.mu held, holds, or ctx ends.
func (c *computer) waitFor(ctx context.Context, cond func() bool) error {
	return c.changed.Wait(ctx, &c.mu, cond)
}

// slot waits for a free worker; release gives it back.
func (c *computer) slot(ctx context.Context) (release func(), err error) {
	c.count(1, 0)
	select {
	case c.slots <- struct{}{}:
		c.count(-1, 1)
		return func() { <-c.slots; c.count(0, -1) }, nil
	case <-ctx.Done():
		c.count(-1, 0)
		return nil, ctx.Err()
	}
}

// config is how the computer thinks in game g.
func (c *computer) config(g *storage.Game) ai.Config {
	cfg := ai.Config{Seed: uint64(g.ID)<<20 ^ uint64(len(g.Log))}
	if c.engine != nil {
		cfg = *c.engine
	}
	cfg.Level = ai.Level(g.Meta.ComputerLevel)
	if !cfg.Level.Valid() {
		cfg.Level = ai.DefaultLevel
	}
	return cfg
}

// budget is the hard deadline of a search with cfg.
func budget(cfg ai.Config) time.Duration {
	t := cfg.MoveTime
	if t <= 0 {
		t = cfg.Level.MoveTime()
	}
	return t + deadlineGrace
}

// turn makes the computer's move in game id, if it is to move: it waits
// for a worker, thinks within its deadline, plays through the match logic
// like any player, and posts the move with the board. The move is for the
// very position it read: if the game moved on meanwhile, even back to a
// log as long (a takeback and a new move), it is refused and not played.
// It returns how the look ended, and the mark of the record it read if
// it settled it (see look).
func (c *computer) turn(ctx context.Context, id storage.GameID) (turnMark, look) {
	b := c.b
	release, err := c.slot(ctx)
	if err != nil {
		return turnMark{}, lookStopped
	}
	defer release()
	g, pos, err := b.svc.Load(ctx, id)
	if err != nil {
		if ctx.Err() != nil {
			return turnMark{}, lookStopped
		}
		b.log.Warn("the computer cannot load its game", "game", id, "err", err)
		return turnMark{}, lookFailed
	}
	mark := markOf(g)
	seat, ok := match.ComputerToMove(g, pos)
	if !ok {
		return mark, lookSettled
	}
	cfg := c.config(g)
	start := time.Now()
	tctx, cancel := context.WithTimeout(ctx, budget(cfg))
	d, err := c.player.Choose(tctx, pos, cfg)
	cancel()
	if ctx.Err() != nil {
		return turnMark{}, lookStopped // shutting down: the next run moves here
	}
	if err != nil {
		b.log.Error("the computer could not choose a move", "game", id, "err", err)
		return turnMark{}, lookFailed
	}
	a := match.Actor{User: g.User(seat), Guild: g.Place.Guild, Channel: g.Place.Channel}
	// The message that shows the move, for the notifications the move
	// sends: known once it is posted below.
	shown, sent := newPosted(), discord.MessageID("")
	defer func() { shown.set(sent) }()
	p, err := b.svc.Play(context.WithValue(ctx, postedKey{}, shown), a, id, match.ActionAt(g, match.Action{Move: d.Move, Privilege: d.ClaimPrivilege}))
	switch {
	case errors.Is(err, match.ErrStale), errors.Is(err, match.ErrNotRunning), errors.Is(err, match.ErrNotInGame),
		errors.Is(err, storage.ErrConflict), errors.Is(err, storage.ErrWrongState):
		b.log.Info("the game moved on while the computer thought: it looks again", "game", id, "read", g.LogMark().String(), "err", err)
		return turnMark{}, lookMovedOn
	case err != nil:
		if ctx.Err() != nil {
			return turnMark{}, lookStopped
		}
		b.log.Error("the computer's move was refused", "game", id, "move", d.Move.String(), "err", err)
		return turnMark{}, lookFailed
	}
	b.log.Info("the computer moved", "game", id, "decision", d.String(), "took", time.Since(start).Round(time.Millisecond))
	r, err := b.playedReply(p)
	if err != nil {
		b.log.Warn("could not draw the board", "game", id, "err", err)
		return mark, lookSettled
	}
	if b.notify == nil {
		return mark, lookSettled
	}
	waitGate(ctx, c.gate(id, len(g.Log)))
	sctx, scancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer scancel()
	if sent, err = b.notify.Send(sctx, place(p.Game), r); err != nil {
		b.log.Warn("could not post the computer's move: /twixt board shows it", "game", id, "err", err)
	}
	return mark, lookSettled
}

// askSlot waits for a worker for a hint or a review, for at most
// hintWait.
func (c *computer) askSlot(ctx context.Context) (release func(), err error) {
	wctx, cancel := context.WithTimeout(ctx, c.hintWait)
	defer cancel()
	release, err = c.slot(wctx)
	if err != nil && ctx.Err() == nil {
		return nil, refused(ErrComputerBusy, "refusal.computer_busy", nil)
	}
	return release, err
}

// hint ranks the best moves for the side to move, waiting for a worker
// like the computer's own moves do.
func (c *computer) hint(ctx context.Context, g *storage.Game, pos *game.Game) ([]ai.Candidate, error) {
	release, err := c.askSlot(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	cfg := c.askConfig(g, c.hintFor, len(g.Log))
	tctx, cancel := context.WithTimeout(ctx, budget(cfg))
	defer cancel()
	return c.player.Hint(tctx, pos, cfg, hintCount)
}

// judge returns the chance that the side to move wins, by the search the
// computer moves with, at its strongest and with a hint's time, waiting
// for a worker as a hint does.
func (c *computer) judge(ctx context.Context, g *storage.Game, pos *game.Game) (float64, error) {
	release, err := c.askSlot(ctx)
	if err != nil {
		return 0, err
	}
	defer release()
	return c.chance(ctx, pos, c.askConfig(g, c.hintFor, len(g.Log)))
}

// chance returns the chance that the side to move in pos wins, by a
// search with cfg; the caller holds a worker.
func (c *computer) chance(ctx context.Context, pos *game.Game, cfg ai.Config) (float64, error) {
	tctx, cancel := context.WithTimeout(ctx, budget(cfg))
	defer cancel()
	d, err := c.player.Choose(tctx, pos, cfg)
	if err != nil {
		return 0, err
	}
	return d.Value, nil // 0 with a resignation: the side to move is lost
}

// askConfig is the engine's configuration for what a player asks of the
// computer about game g (a hint, a review, an answer to a draw offer): its
// strongest level, for time t, seeded by the game and turn.
func (c *computer) askConfig(g *storage.Game, t time.Duration, turn int) ai.Config {
	cfg := ai.Config{Level: ai.MaxLevel, MoveTime: t, Seed: uint64(g.ID)<<20 ^ uint64(turn)}
	if c.engine != nil {
		cfg = *c.engine
		cfg.Level = ai.MaxLevel
	}
	return cfg
}

// thinkingLine is what a reply says while the computer is to move.
func (v vocab) thinkingLine(g *storage.Game, pos *game.Game, s game.Seat) string {
	l := ai.Level(g.Meta.ComputerLevel)
	return v.t("computer.thinking", args{"Player": v.who(g, pos, s), "Level": int(l), "Name": l.String()})
}

// wireComputer gives the bot its computer player: the service learns who
// it is and tells it of every turn, and the metrics show its queue.
func (b *Bot) wireComputer() {
	c := newComputer(b, b.opts.Computer)
	b.comp = c
	// b.moved: turn notifications and followers (notify.go).
	b.svc.Listen(c.user, b.moved, func(ctx context.Context, g *storage.Game, pos *game.Game) {
		if _, ok := match.ComputerToMove(g, pos); ok {
			c.enqueue(g, replyGate(ctx))
		}
	})
	if m := b.opts.Metrics; m != nil {
		m.Gauge("computer_waiting", "Games where the computer is to move, waiting for a worker.", func() float64 {
			c.mu.Lock()
			defer c.mu.Unlock()
			return float64(c.waiting)
		})
		m.Gauge("computer_thinking", "Games and hints the computer is thinking about.", func() float64 {
			c.mu.Lock()
			defer c.mu.Unlock()
			return float64(c.thinking)
		})
	}
}
