package loadtest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// player plays one game for both of its players.
type player struct {
	r   *run
	n   int
	rng *rand.Rand

	id      storage.GameID
	users   map[string]discordtest.User // by user id
	seats   []storage.UserID
	pos     *game.Game // the game as the players were told it went
	acked   []string   // the log entries acknowledged, in order
	channel string
	last    discordtest.Message  // the latest board, with its buttons
	rtt     time.Duration        // of the latest exchange
	recent  []string             // interactions answered lately, forgotten later
	pinned  []string             // interactions whose messages the bot may still edit
	nextAct map[string]time.Time // per user, under a per-user limit
}

// Channel ids: snowflakes after the fake's default channel.
func channelID(k int) string { return strconv.FormatUint(300000000000000001+uint64(k), 10) }

// play challenges, accepts, and plays the game to its end.
func (p *player) play(ctx context.Context) error {
	r, fake := p.r, p.r.fake
	red, black := fake.NewUser(fmt.Sprintf("red%d", p.n+1)), fake.NewUser(fmt.Sprintf("black%d", p.n+1))
	p.users = map[string]discordtest.User{red.ID: red, black.ID: black}
	p.nextAct = map[string]time.Time{}
	p.channel = channelID(p.n % r.cfg.Channels)
	ch := discordtest.InChannel(p.channel)

	res, err := p.exchange(ctx, red, fake.Command(red, "twixt challenge", discordtest.UserOpt("opponent", black),
		discordtest.Str("color", "red"), discordtest.Str("size", strconv.Itoa(r.cfg.Size)), ch))
	if err != nil {
		return err
	}
	accept, ok := findButton(res.Message, "accept/")
	if res.Message.Ephemeral() || !ok {
		r.fail("challenge answered %q", res.Message.Content)
		return errGameStuck
	}
	if p.id, err = storage.ParseGameID(strings.TrimPrefix(accept.CustomID, "accept/")); err != nil {
		return err
	}
	i, err := fake.Press(black, res.Message.ID, accept.CustomID)
	if err != nil {
		return err
	}
	if res, err = p.exchange(ctx, black, i); err != nil {
		return err
	}
	if !strings.Contains(res.Message.Content, "has started") || len(res.Message.Attachments) != 1 {
		r.fail("%s: accepting answered %q", p.id, res.Message.Content)
		return errGameStuck
	}
	g, err := r.store.Get(ctx, p.id)
	if err != nil {
		return err
	}
	p.seats = g.Seats
	if p.pos, err = game.New(g.Settings); err != nil {
		return err
	}
	p.last = res.Message
	for !p.pos.Over() {
		if err := p.turn(ctx); err != nil {
			return err
		}
	}
	return nil
}

// turn takes one turn for the player to move.
func (p *player) turn(ctx context.Context) error {
	fake := p.r.fake
	seat, _ := p.pos.ToMove()
	u := p.users[string(p.seats[seat-1])]
	if limit := p.r.cfg.MaxTurns; limit > 0 && p.pos.Turns() >= limit {
		return p.resign(ctx, u, seat)
	}
	if swap, ok := findButton(p.last, "swap/"); ok && p.pos.SwapAvailable() && p.rng.Float64() < p.r.cfg.Swap {
		i, err := fake.Press(u, p.last.ID, swap.CustomID)
		if err != nil {
			return err
		}
		// The bot disables the pressed button later: keep its message.
		p.pinned = append(p.pinned, p.recent[len(p.recent)-1])
		p.recent = p.recent[:len(p.recent)-1]
		return p.act(ctx, u, seat, i, game.Move{Kind: game.Swap}, "swapped")
	}
	holes := p.pos.LegalHoles()
	h := holes[p.rng.IntN(len(holes))]
	i := fake.Command(u, "twixt move", discordtest.Str("at", h.String()), discordtest.InChannel(p.channel))
	return p.act(ctx, u, seat, i, game.Move{Kind: game.Place, Hole: h}, "played "+h.Upper())
}

// act sends a move and expects the public answer with the new board.
func (p *player) act(ctx context.Context, u discordtest.User, seat game.Seat, i *discordgo.Interaction, m game.Move, want string) error {
	res, err := p.exchange(ctx, u, i)
	if errors.Is(err, errNoAnswer) {
		return p.afterNoAnswer(ctx, seat, m)
	}
	if err != nil {
		return err
	}
	msg := res.Message
	if msg.Ephemeral() || len(msg.Attachments) != 1 || !strings.Contains(msg.Content, want) {
		p.r.fail("%s: %s answered %q (ephemeral %v, %d files), want %q", p.id, m, msg.Content, msg.Ephemeral(), len(msg.Attachments), want)
		return p.resync(ctx)
	}
	if _, err := p.pos.Play(seat, m); err != nil {
		return fmt.Errorf("the bot took %s, which the rules refuse: %w", m, err)
	}
	p.ack()
	p.last = msg
	if m.Kind == game.Place {
		p.r.mu.Lock()
		p.r.roundTrip = append(p.r.roundTrip, p.rtt)
		p.r.mu.Unlock()
	}
	return nil
}

// resign resigns for u by command and confirmation button.
func (p *player) resign(ctx context.Context, u discordtest.User, seat game.Seat) error {
	res, err := p.exchange(ctx, u, p.r.fake.Command(u, "twixt resign", discordtest.InChannel(p.channel)))
	if errors.Is(err, errNoAnswer) {
		return nil // nothing changed: ask again
	}
	if err != nil {
		return err
	}
	confirm, ok := findButton(res.Message, "resign/")
	if !res.Message.Ephemeral() || !ok {
		p.r.fail("%s: /twixt resign answered %q", p.id, res.Message.Content)
		return p.resync(ctx)
	}
	i, err := p.r.fake.Press(u, res.Message.ID, confirm.CustomID)
	if err != nil {
		return err
	}
	if res, err = p.exchange(ctx, u, i); errors.Is(err, errNoAnswer) {
		return p.afterNoAnswer(ctx, seat, game.Move{Kind: game.Resign, Color: p.pos.SeatColor(seat)})
	} else if err != nil {
		return err
	}
	if !strings.Contains(res.Message.Content, "You resigned") {
		p.r.fail("%s: confirming the resignation answered %q", p.id, res.Message.Content)
		return p.resync(ctx)
	}
	if _, err := p.pos.Play(seat, game.Move{Kind: game.Resign}); err != nil {
		return err
	}
	p.ack()
	return nil
}

// ack records the last move of the players' view as acknowledged.
// errNoAnswer is an interaction that got no answer after a bot process
// was killed: it may have died with it.
var errNoAnswer = errors.New("no answer: the bot process may have died with the interaction")

// afterNoAnswer looks at the game, as a player would after "the
// application did not respond": if move m landed (committed before the
// process died), the game goes on from it, counted as landed without an
// answer; if not, nothing changed and the player plays again.
func (p *player) afterNoAnswer(ctx context.Context, seat game.Seat, m game.Move) error {
	g, err := p.r.store.Get(ctx, p.id)
	if err != nil {
		return err
	}
	p.last = discordtest.Message{} // its buttons may be stale
	n := p.pos.Turns()
	switch {
	case len(g.Log) == n:
		return nil
	case len(g.Log) == n+1 && g.Log[n].String() == m.String():
		if _, err := p.pos.Play(seat, m); err != nil {
			return err
		}
		p.ack()
		p.r.mu.Lock()
		p.r.unanswered++
		p.r.mu.Unlock()
		return nil
	}
	return fmt.Errorf("after an unanswered %s the game has %d moves, the players know of %d", m, len(g.Log), n)
}

func (p *player) ack() {
	log := p.pos.Log()
	p.acked = append(p.acked, log[len(log)-1].String())
	p.r.mu.Lock()
	p.r.moves++
	kill := p.r.cfg.KillAfter > 0 && p.r.moves == p.r.cfg.KillAfter && p.r.procs != nil
	p.r.mu.Unlock()
	if kill {
		go p.r.kill()
	}
}

// resync takes the game from the store after a reply that left its state
// unclear, so that play goes on.
func (p *player) resync(ctx context.Context) error {
	_, pos, err := p.r.store.Load(ctx, p.id)
	if err != nil {
		return err
	}
	if p.pos != nil && pos.Turns() == p.pos.Turns() && !pos.Over() {
		return errGameStuck // the same state again would loop
	}
	p.pos = pos
	p.last = discordtest.Message{} // its buttons may be stale
	return nil
}

// exchange delivers an interaction by u and waits for the full answer.
func (p *player) exchange(ctx context.Context, u discordtest.User, i *discordgo.Interaction) (discordtest.Result, error) {
	r := p.r
	if r.cfg.UserRate > 0 {
		// Keep under the per-user limit, as a person would.
		if err := sleepUntil(ctx, p.nextAct[u.ID]); err != nil {
			return discordtest.Result{}, err
		}
		p.nextAct[u.ID] = time.Now().Add(time.Duration(float64(time.Second) / r.cfg.UserRate))
	}
	if err := r.pace.wait(ctx); err != nil {
		return discordtest.Result{}, err
	}
	if r.cfg.Faults > 0 && p.rng.Float64() < r.cfg.Faults {
		f := faults[p.rng.IntN(len(faults))]
		f.Method, f.Path = "POST", "/interactions/"+i.ID+"/"
		r.fake.Inject(f)
		r.mu.Lock()
		r.faults++
		r.mu.Unlock()
	}
	wctx, cancel := context.WithTimeout(ctx, waitAnswer)
	defer cancel()
	start := time.Now()
	if err := r.fake.Deliver(wctx, i); err != nil {
		if r.killed() && ctx.Err() == nil {
			r.noAnswer.Add(1)
			return discordtest.Result{}, fmt.Errorf("%w: %v", errNoAnswer, err)
		}
		return discordtest.Result{}, err
	}
	if r.procs != nil {
		// An answer from a process that died will not come: stop
		// waiting when it does.
		var stop context.CancelFunc
		wctx, stop = r.untilDead(wctx, i.ID)
		defer stop()
	}
	res, err := r.fake.WaitResult(wctx, i.ID)
	if err != nil {
		if r.killed() && ctx.Err() == nil {
			r.noAnswer.Add(1)
			return res, fmt.Errorf("%w: %v", errNoAnswer, err)
		}
		return res, err
	}
	p.rtt = time.Since(start)
	if len(res.Problems) > 0 {
		r.fail("%s: answering %s the bot broke Discord's rules: %v", p.id, i.ID, res.Problems)
	}
	p.recent = append(p.recent, i.ID)
	if len(p.recent) > 2 {
		r.fake.Forget(p.recent[0])
		p.recent = p.recent[1:]
	}
	return res, nil
}

// forgetAll drops the game's interactions from the fake, once the bot is
// done with them.
func (p *player) forgetAll() {
	for _, id := range append(p.recent, p.pinned...) {
		p.r.fake.Forget(id)
	}
	p.recent, p.pinned = nil, nil
}

// faults are what the fake does to an initial response now and then.
var faults = []discordtest.Fault{
	{Status: 429, RetryAfter: 50 * time.Millisecond},
	{Status: 500},
	{Status: 502},
	{Status: 503},
	{Drop: true},
	{DropAfter: true},
	{Delay: 100 * time.Millisecond},
}

// findButton finds the first button whose custom_id starts with prefix.
func findButton(m discordtest.Message, prefix string) (discordgo.Button, bool) {
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.CustomID, prefix) {
			return b, true
		}
	}
	return discordgo.Button{}, false
}
