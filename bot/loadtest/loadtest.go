package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot"
	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/storage"
	"github.com/twixtbot/twixtbot/storage/etcdtest"
)

// Config is what to play. Zero fields take the defaults.
type Config struct {
	Games int // games played at once (default 100)
	Size  int // board side (default 24, the classic board)
	// MaxTurns is the number of turns after which the player to move
	// resigns, to bound a game of random moves (default 60); negative:
	// play on until the game ends by itself.
	MaxTurns int
	// Rate caps the interactions sent per second, all games together;
	// 0: each game sends its next one as soon as the last is answered.
	Rate float64
	// Swap is the chance that the second player swaps (by button) when
	// the pie rule allows it (default 0.2; negative: never).
	Swap     float64
	Channels int // channels the games are spread over (default 10)
	// UserRate and UserBurst install the per-user rate limit that
	// cmd/twixtbot uses (1 and 8 there); 0: none. The players then keep
	// under it, so that no action is refused.
	UserRate  float64
	UserBurst int
	// Faults is the share of interactions whose initial response meets a
	// fault of the fake Discord (429 with retry_after, 500, 502, 503, a
	// dropped connection before or after the call is handled, a slow
	// answer), which the bot must ride out.
	Faults float64
	Seed   uint64 // for the random moves; 0: random
	Dir    string // folder for the database; "": a temporary one, removed after
	// Logger gets the bot's log (default: none).
	Logger *slog.Logger
	// Progress, if not nil, gets a line every ProgressEvery (default 5 s).
	Progress      io.Writer
	ProgressEvery time.Duration
	// Timeout bounds the whole run (default 30 minutes).
	Timeout time.Duration
	// Computer is the number of games against the computer that think
	// throughout the run (a search that never ends by itself), on
	// AIWorkers workers (default 1): how people's games fare while the
	// computer thinks.
	Computer  int
	AIWorkers int
	// Etcd plays on a store on etcd, on a real etcd server started in
	// this process (storage/etcdtest), instead of a bbolt file; Bots
	// instances of the bot (default 1) share it, each with its own etcd
	// client, election and HTTP endpoint, and a front sends each
	// interaction to one of them at random (those of one game included).
	Etcd bool
	Bots int
	// BotCommand, with Etcd, runs each instance as a process of its own:
	// this command (cmd/twixtbot serve, say), in HTTP-interactions mode,
	// configured through the environment (BotEnv is added to it).
	// KillAfter SIGKILLs the first process once that many moves have been
	// acknowledged; the front then sends everything to the others, and
	// the players whose interaction died with it look at the game and go
	// on, as a person would.
	BotCommand []string
	BotEnv     []string
	KillAfter  int
}

func (c Config) withDefaults() Config {
	if c.Games <= 0 {
		c.Games = 100
	}
	if c.Size == 0 {
		c.Size = 24
	}
	if c.MaxTurns == 0 {
		c.MaxTurns = 60
	}
	if c.Swap == 0 {
		c.Swap = 0.2
	}
	if c.Channels <= 0 {
		c.Channels = 10
	}
	if c.UserRate > 0 && c.UserBurst <= 0 {
		c.UserBurst = 1
	}
	if c.Seed == 0 {
		c.Seed = rand.Uint64()
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.ProgressEvery <= 0 {
		c.ProgressEvery = 5 * time.Second
	}
	if c.Timeout <= 0 {
		c.Timeout = 30 * time.Minute
	}
	if c.Bots <= 0 {
		c.Bots = 1
	}
	if len(c.BotCommand) > 0 && c.UserRate == 0 {
		// twixtbot's own per-user limit (cmd/twixtbot): the players keep
		// under it.
		c.UserRate, c.UserBurst = 1, 8
	}
	return c
}

// waitAnswer bounds the wait for one answer: far beyond Discord's 3 s, so
// that a slow answer is measured rather than cut.
const waitAnswer = time.Minute

// run is one load run.
type run struct {
	cfg   Config
	tb    *discordtest.Standalone
	fake  *discordtest.Fake
	store *storage.Store
	bot   *bot.Bot
	pace  *pacer
	// afterStore closes what the bot's instances held beyond store (the
	// etcd server and its clients), after the report has read store.
	afterStore func()

	procs      []*botProc          // the bot processes (Config.BotCommand)
	tookBy     map[string]*botProc // interaction ID: the process the front sent it to
	killOnce   sync.Once
	killing    atomic.Bool  // set as the first process is killed
	noAnswer   atomic.Int64 // interactions unanswered since
	killedAt   int          // moves acknowledged when the first process was killed
	unanswered int          // moves that landed, whose answer died with the killed process

	mu         sync.Mutex
	outcomes   map[string]int
	deferred   int
	moveAck    []time.Duration
	moveTotal  []time.Duration
	allAck     []time.Duration
	roundTrip  []time.Duration
	unexpected []string
	errs       []string
	moves      int // acknowledged, for progress
	faults     int // injected
	seq        uint64
}

func (r *run) observe(rec discord.Record) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.outcomes[string(rec.Outcome)]++
	if rec.Deferred {
		r.deferred++
	}
	r.allAck = append(r.allAck, rec.Ack)
	if rec.Route == "twixt move" {
		r.moveAck = append(r.moveAck, rec.Ack)
		r.moveTotal = append(r.moveTotal, rec.Total)
	}
	switch rec.Outcome {
	case discord.OutcomeOK, discord.OutcomeDuplicate:
	case discord.OutcomeUserError:
		// The players make only legal moves in turn: a refusal is a
		// bug. The harness sees its text and reports it there.
	default:
		msg := fmt.Sprintf("%s %q: outcome %s", rec.InteractionID, rec.Path, rec.Outcome)
		if rec.Err != nil {
			msg += ": " + rec.Err.Error()
		}
		r.unexpected = append(r.unexpected, msg)
	}
}

func (r *run) fail(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.unexpected = append(r.unexpected, fmt.Sprintf(format, args...))
}

func (r *run) harnessError(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, err.Error())
}

func (r *run) rand() *rand.Rand {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	return rand.New(rand.NewPCG(r.cfg.Seed, r.seq))
}

// Run starts a bot and a fake Discord, plays cfg.Games games at once to
// the end, stops the bot and reports. The error is for a run that could
// not be made at all; what went wrong during the run is in the report
// (see Report.OK).
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	dir := cfg.Dir
	if dir == "" {
		d, err := os.MkdirTemp("", "twixtload-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	r := &run{cfg: cfg, tb: &discordtest.Standalone{}, outcomes: map[string]int{}}
	if cfg.Rate > 0 {
		r.pace = &pacer{every: time.Duration(float64(time.Second) / cfg.Rate)}
	}
	// The goroutines of each side carry a profiler label (side=discord,
	// bot or players), which they pass on to those they start: in a CPU
	// profile of the run, go tool pprof -tags shows each side's share.
	pprof.Do(ctx, pprof.Labels("side", "discord"), func(context.Context) {
		r.fake = discordtest.New(r.tb, discordtest.Options{MaxCalls: 1000, DiscardFileData: true, WaitTimeout: waitAnswer})
	})
	var stop func() error
	var err error
	pprof.Do(ctx, pprof.Labels("side", "bot"), func(context.Context) {
		stop, err = r.startBot(ctx, filepath.Join(dir, "twixtbot.db"))
	})
	if err != nil {
		r.tb.Close()
		return nil, err
	}

	err = r.allowSize(ctx)
	if err == nil {
		err = r.startComputerGames(ctx)
	}
	if err != nil {
		stop()
		r.store.Close()
		r.closeAfterStore()
		r.tb.Close()
		return nil, err
	}

	games := make([]*player, cfg.Games)
	peak := sampleHeap()
	cpu0 := cpuTime()
	start := time.Now()
	progressDone := r.progress(ctx, start)
	var wg sync.WaitGroup
	for i := range games {
		g := &player{r: r, n: i, rng: r.rand()}
		games[i] = g
		wg.Go(func() {
			pprof.Do(ctx, pprof.Labels("side", "players"), func(ctx context.Context) {
				if err := g.play(ctx); err != nil {
					r.harnessError(fmt.Errorf("game %d (%s): %w", i+1, g.id, err))
				}
			})
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	progressDone()
	cpu := cpuTime() - cpu0
	heap := peak()

	if err := stop(); err != nil {
		r.harnessError(fmt.Errorf("stopping the bot: %w", err))
	}
	for _, g := range games {
		g.forgetAll()
	}
	rep := r.report(ctx, games)
	if err := r.store.Close(); err != nil {
		rep.Errors = append(rep.Errors, "closing the store: "+err.Error())
	}
	r.closeAfterStore()
	if n := r.fake.PendingFaults(); n > 0 {
		rep.Errors = append(rep.Errors, fmt.Sprintf("%d injected faults were never met", n))
	}
	rep.Violations = append(rep.Violations, r.fake.Violations()...)
	r.fake.TakeViolations() // reported above; not again at Close
	if err := r.tb.Close(); err != nil {
		rep.Errors = append(rep.Errors, err.Error())
	}
	if r.procs != nil {
		cpu += r.childCPU()
		rep.Processes, rep.KilledAt, rep.Unanswered, rep.NoAnswer = len(r.procs), r.killedAt, r.unanswered, int(r.noAnswer.Load())
	}
	rep.Elapsed, rep.CPU, rep.PeakHeap, rep.PeakRSS = elapsed, cpu, heap, peakRSS()
	if rep.Moves > 0 {
		rep.MovesPerSecond = float64(rep.Moves) / elapsed.Seconds()
		rep.CPUPerMove = cpu / time.Duration(rep.Moves)
	}
	return rep, nil
}

// startBot starts twixtbot as cmd/twixtbot does, in HTTP interactions
// mode, with the fake as Discord: one instance on a bbolt file, or
// cfg.Bots instances sharing a store on an etcd server started here,
// behind a front that picks one at random for each interaction. stop
// stops it and waits for its work.
func (r *run) startBot(ctx context.Context, db string) (stop func() error, err error) {
	if len(r.cfg.BotCommand) > 0 {
		return r.startProcesses(ctx, filepath.Dir(db))
	}
	if !r.cfg.Etcd {
		st, err := storage.Open(db, nil)
		if err != nil {
			return nil, err
		}
		r.store = st
		b, url, stop, err := r.startInstance(ctx, st, nil)
		if err != nil {
			st.Close()
			return nil, err
		}
		r.bot = b
		r.fake.UseEndpoint(url)
		return stop, nil
	}
	srv, err := etcdtest.Start(filepath.Join(filepath.Dir(db), "etcd"), time.Minute)
	if err != nil {
		return nil, err
	}
	var stops []func() error
	var closers []func()
	cleanup := func() {
		for _, c := range closers {
			c()
		}
		srv.Close()
	}
	var urls []string
	for i := range r.cfg.Bots {
		st, err := storage.OpenEtcd(storage.EtcdConfig{Endpoints: srv.Endpoints, MaxTxnOps: etcdtest.MaxTxnOps}, nil)
		if err != nil {
			cleanup()
			return nil, err
		}
		l, err := st.NewLeader(fmt.Sprintf("bot%d", i+1), 0)
		if err != nil {
			st.Close()
			cleanup()
			return nil, err
		}
		closers = append(closers, func() { l.Close(); st.Close() })
		b, url, stop, err := r.startInstance(ctx, st, l)
		if err != nil {
			cleanup()
			return nil, err
		}
		if i == 0 {
			r.bot = b
		}
		urls = append(urls, url)
		stops = append(stops, stop)
	}
	// The harness reads the games through a store of its own.
	st, err := storage.OpenEtcd(storage.EtcdConfig{Endpoints: srv.Endpoints, MaxTxnOps: etcdtest.MaxTxnOps}, nil)
	if err != nil {
		cleanup()
		return nil, err
	}
	r.store = st
	var addrs []string
	for _, u := range urls {
		addrs = append(addrs, strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/"))
	}
	front, err := newFailoverFront(addrs, r.cfg.Seed, func(string, string) {})
	if err != nil {
		cleanup()
		return nil, err
	}
	r.fake.UseEndpoint(front.url)
	return func() error {
		var errs []error
		for _, stop := range stops {
			errs = append(errs, stop())
		}
		front.close()
		r.afterStore = cleanup
		return errors.Join(errs...)
	}, nil
}

// startInstance starts one instance of the bot on store st (with leader,
// for a shared store) and returns its endpoint's URL.
func (r *run) startInstance(ctx context.Context, st *storage.Store, leader bot.Leader) (b *bot.Bot, endpoint string, stop func() error, err error) {
	cfg, log, fake := r.cfg, r.cfg.Logger, r.fake
	m := discord.NewMetrics("twixtbot")
	client, err := discord.NewClient(discord.ClientOptions{Token: fake.Token(), APIBase: fake.URL(), Logger: log, Metrics: m})
	if err != nil {
		return nil, "", nil, err
	}
	var lim *discord.UserLimiter
	if cfg.UserRate > 0 {
		lim = discord.NewUserLimiter(cfg.UserRate, cfg.UserBurst, nil)
	}
	o := bot.Options{Store: st, Notifier: client, Logger: log, Metrics: m, Limiter: lim}
	if leader != nil {
		o.Leader = leader
	}
	if cfg.Computer > 0 {
		// Searches that last the whole run, on a small tree each.
		o.Computer = bot.ComputerOptions{User: storage.UserID(fake.BotUserID()), Workers: cfg.AIWorkers,
			Engine: &ai.Config{MoveTime: 24 * time.Hour, MaxNodes: 1 << 18}}
	}
	b = bot.New(o)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", nil, err
	}
	ready := make(chan net.Addr, 1)
	app := &discord.App{
		Config: discord.Config{Token: fake.Token(), AppID: fake.AppID(), GuildID: fake.GuildID(),
			HTTPAddr: ln.Addr().String(), PublicKey: fake.PublicKeyHex(), APIBase: fake.URL()},
		Router: b.Router(), Commands: bot.Commands(), Client: client, Logger: log, Metrics: m, Health: st.Ping,
		Listener: ln, Ready: func(a net.Addr) { ready <- a },
		Dispatch: discord.DispatcherOptions{Observe: r.observe},
	}
	bctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan error, 1)
	go func() { done <- app.Run(bctx) }()
	clockDone := make(chan struct{})
	go func() {
		defer close(clockDone)
		var wg sync.WaitGroup
		wg.Go(func() { b.RunComputer(bctx) })
		b.RunClock(bctx, 15*time.Second)
		wg.Wait()
	}()
	select {
	case a := <-ready:
		endpoint = "http://" + a.String() + "/"
	case err := <-done:
		cancel()
		<-clockDone
		return nil, "", nil, fmt.Errorf("the bot did not start: %w", err)
	}
	return b, endpoint, func() error {
		cancel()
		err := <-done
		<-clockDone
		b.Wait()
		return err
	}, nil
}

// allowSize has a moderator allow the board size, when it is beyond the
// default policy's largest.
func (r *run) allowSize(ctx context.Context) error {
	if r.cfg.Size <= match.DefaultPolicy().MaxSize {
		return nil
	}
	mod := r.fake.NewUser("moderator")
	mod.Permissions |= discordgo.PermissionManageGuild
	i := r.fake.Command(mod, "twixtadmin set", discordtest.Str("setting", "size_max"), discordtest.Str("value", strconv.Itoa(r.cfg.Size)))
	if err := r.fake.Deliver(ctx, i); err != nil {
		return err
	}
	res, err := r.fake.WaitResult(ctx, i.ID)
	if err != nil {
		return err
	}
	if !strings.Contains(res.Message.Content, "is now") {
		return fmt.Errorf("boards of %d cannot be allowed: %s", r.cfg.Size, res.Message.Content)
	}
	return nil
}

// startComputerGames starts the games against the computer: in each, a
// player makes the first move, and the computer starts thinking about its
// reply; it returns once as many think as there are workers.
func (r *run) startComputerGames(ctx context.Context) error {
	n := r.cfg.Computer
	for i := range n {
		u := r.fake.NewUser(fmt.Sprintf("solo%d", i+1))
		for _, i := range []*discordgo.Interaction{
			r.fake.Command(u, "twixt computer", discordtest.Str("size", strconv.Itoa(r.cfg.Size)), discordtest.Str("color", "red")),
			r.fake.Command(u, "twixt move", discordtest.Str("at", "d4")),
		} {
			if err := r.fake.Deliver(ctx, i); err != nil {
				return err
			}
			res, err := r.fake.WaitResult(ctx, i.ID)
			if err != nil {
				return err
			}
			if res.Message.Ephemeral() {
				return fmt.Errorf("a game against the computer could not start: %s", res.Message.Content)
			}
		}
	}
	if n == 0 {
		return nil
	}
	return r.bot.WaitComputer(ctx, func(waiting, thinking int) bool {
		return waiting+thinking == n && thinking == min(n, max(r.cfg.AIWorkers, 1))
	})
}

// report checks the store against what the players were told and gathers
// the figures.
func (r *run) report(ctx context.Context, games []*player) *Report {
	rep := &Report{Config: r.cfg, Interactions: r.outcomes, Deferred: r.deferred, Faults: r.faults}
	for _, g := range games {
		if g.id == 0 {
			continue
		}
		rep.Games++
		rep.Moves += len(g.acked)
		stored, err := r.store.Get(ctx, g.id)
		if err != nil {
			rep.Errors = append(rep.Errors, fmt.Sprintf("%s: %v", g.id, err))
			continue
		}
		if stored.State == storage.Finished {
			rep.Finished++
		}
		lost, extra := compareLogs(g.acked, stored)
		rep.Lost = append(rep.Lost, lost...)
		rep.Extra = append(rep.Extra, extra...)
		if g.pos != nil && g.pos.Over() && stored.Result != g.pos.Result() {
			rep.Lost = append(rep.Lost, fmt.Sprintf("%s: the players were told %s, the store says %s", g.id, g.pos.Result(), stored.Result))
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	rep.MoveAck, rep.MoveTotal = latencyOf(r.moveAck), latencyOf(r.moveTotal)
	rep.AllAck, rep.RoundTrip = latencyOf(r.allAck), latencyOf(r.roundTrip)
	rep.Unexpected = append(rep.Unexpected, r.unexpected...)
	rep.Errors = append(rep.Errors, r.errs...)
	return rep
}

// compareLogs matches the moves acknowledged to the players (in order)
// with the stored log: each must be there once, at its place, and the log
// must hold nothing else.
func compareLogs(acked []string, g *storage.Game) (lost, extra []string) {
	stored := make([]string, len(g.Log))
	for i, m := range g.Log {
		stored[i] = m.String()
	}
	i := 0
	for _, a := range acked {
		j := i
		for j < len(stored) && stored[j] != a {
			j++
		}
		if j == len(stored) {
			lost = append(lost, fmt.Sprintf("%s: %s was acknowledged but is not in the log %v", g.ID, a, stored))
			continue
		}
		for _, x := range stored[i:j] {
			extra = append(extra, fmt.Sprintf("%s: %s is in the log but was never acknowledged", g.ID, x))
		}
		i = j + 1
	}
	for _, x := range stored[i:] {
		extra = append(extra, fmt.Sprintf("%s: %s is in the log but was never acknowledged", g.ID, x))
	}
	return lost, extra
}

// progress prints a line now and then; the returned func stops it.
func (r *run) progress(ctx context.Context, start time.Time) func() {
	if r.cfg.Progress == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(r.cfg.ProgressEvery)
		defer t.Stop()
		last, lastAt := 0, start
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-t.C:
				r.mu.Lock()
				n := r.moves
				r.mu.Unlock()
				fmt.Fprintf(r.cfg.Progress, "twixtload: %s: %d moves, %.0f moves/s\n",
					now.Sub(start).Round(time.Second), n, float64(n-last)/now.Sub(lastAt).Seconds())
				last, lastAt = n, now
			}
		}
	}()
	return func() { cancel(); <-done }
}

// sampleHeap samples the Go heap in use until the returned func is called,
// which returns the peak seen.
func sampleHeap() func() uint64 {
	const name = "/memory/classes/heap/objects:bytes"
	s := []metrics.Sample{{Name: name}}
	read := func() uint64 {
		metrics.Read(s)
		if s[0].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return s[0].Value.Uint64()
	}
	var mu sync.Mutex
	peak := read()
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				v := read()
				mu.Lock()
				peak = max(peak, v)
				mu.Unlock()
			}
		}
	}()
	return func() uint64 {
		close(stop)
		<-done
		mu.Lock()
		defer mu.Unlock()
		return max(peak, read())
	}
}

// pacer spaces interactions out to a rate, all games together.
type pacer struct {
	mu    sync.Mutex
	next  time.Time
	every time.Duration
}

// wait waits for the next slot.
func (p *pacer) wait(ctx context.Context) error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	now := time.Now()
	if p.next.Before(now) {
		p.next = now
	}
	at := p.next
	p.next = p.next.Add(p.every)
	p.mu.Unlock()
	return sleepUntil(ctx, at)
}

func sleepUntil(ctx context.Context, at time.Time) error {
	d := time.Until(at)
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

var errGameStuck = errors.New("the game did not go on")

func (r *run) closeAfterStore() {
	if r.afterStore != nil {
		r.afterStore()
		r.afterStore = nil
	}
}
