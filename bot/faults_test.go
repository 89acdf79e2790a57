package bot

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// The bot under faults: Discord erring, slow or cut off while the bot
// answers, interactions delivered twice, the same button pressed twice at
// once, two players racing, a store that cannot write, and interactions
// that make no sense. Every test checks the store: a move lands once or
// not at all, and the players are told which.

// begin challenges bob to a 12x12 game with alice as Red, and has bob
// accept; it returns the game's first message.
func (r *botRun) begin(alice, bob discordtest.User, id string) discordtest.Message {
	r.t.Helper()
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red"),
		discordtest.Str(optSize, "12")).Message
	return r.press(bob, ch, "accept/"+id).Message
}

// logOf is the stored log of a game, in notation.
func (r *botRun) logOf(id storage.GameID) []string {
	r.t.Helper()
	g, err := r.store.Get(context.Background(), id)
	if err != nil {
		r.t.Fatal(err)
	}
	out := make([]string, len(g.Log))
	for i, m := range g.Log {
		out[i] = m.String()
	}
	return out
}

// wantLog checks a game's stored log.
func (r *botRun) wantLog(id storage.GameID, want ...string) {
	r.t.Helper()
	if got := r.logOf(id); !slices.Equal(got, want) {
		r.t.Fatalf("%s has the log %q, want %q", id, got, want)
	}
}

// callbacks lists the callback attempts for one interaction.
func callbacks(fake *discordtest.Fake, interactionID string) []discordtest.Call {
	var out []discordtest.Call
	for _, c := range fake.CallsTo("POST", discordtest.RouteCallback) {
		if strings.Contains(c.Path, "/interactions/"+interactionID+"/") {
			out = append(out, c)
		}
	}
	return out
}

// TestDiscordErrorsOnAMoveReply has Discord answer the reply to a move
// with an error, slowly, or not at all: the bot retries within the
// interaction's deadline, the move lands once, and the players get the
// board, never an error.
func TestDiscordErrorsOnAMoveReply(t *testing.T) {
	never := make(chan struct{}) // a call held until the bot gives up on it
	tests := []struct {
		name     string
		fault    discordtest.Fault
		policy   discord.RetryPolicy
		attempts int           // callback attempts, the last taken
		wait     time.Duration // a wait the bot must have asked for
	}{
		{"429 with retry_after", discordtest.Fault{Status: 429, RetryAfter: 500 * time.Millisecond}, discord.RetryPolicy{}, 2, 500 * time.Millisecond},
		{"global 429", discordtest.Fault{Status: 429, RetryAfter: 250 * time.Millisecond, Global: true}, discord.RetryPolicy{}, 2, 250 * time.Millisecond},
		{"500", discordtest.Fault{Status: 500}, discord.RetryPolicy{}, 2, 100 * time.Millisecond},
		{"502 twice", discordtest.Fault{Status: 502, Times: 2}, discord.RetryPolicy{}, 3, 200 * time.Millisecond},
		{"503", discordtest.Fault{Status: 503}, discord.RetryPolicy{}, 2, 100 * time.Millisecond},
		{"slow but in time", discordtest.Fault{Delay: 30 * time.Millisecond}, discord.RetryPolicy{}, 1, 0},
		{"too slow: given up and retried", discordtest.Fault{Hold: never}, discord.RetryPolicy{AttemptTimeout: 200 * time.Millisecond}, 2, 100 * time.Millisecond},
		{"connection dropped before", discordtest.Fault{Drop: true}, discord.RetryPolicy{}, 2, 100 * time.Millisecond},
		{"connection dropped after", discordtest.Fault{DropAfter: true}, discord.RetryPolicy{}, 2, 100 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := discordtest.New(t, discordtest.Options{})
			// The dispatcher's clock stands still: the fault meets the reply
			// itself, never a deferral that a busy machine would send first.
			r := startBot(t, fake, runOpts{client: func(o *discord.ClientOptions) { o.Retry = tt.policy },
				dispatch: discord.DispatcherOptions{Clock: discordtest.NewClock(time.Now())}})
			alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
			r.begin(alice, bob, "g1")
			flt := tt.fault
			flt.Method, flt.Path = "POST", "/callback"
			fake.Inject(flt)
			i := fake.Command(alice, "twixt move", discordtest.Str(optAt, "f6"))
			m := fake.Exchange(i).Message
			if m.Ephemeral() || len(m.Attachments) != 1 || !strings.Contains(m.Content, "played F6") {
				t.Fatalf("the move was answered %q (ephemeral %v)", m.Content, m.Ephemeral())
			}
			pings(t, m, bob)
			r.wantLog(1, "f6")
			if n := fake.PendingFaults(); n != 0 {
				t.Fatalf("%d faults not met", n)
			}
			cbs := callbacks(fake, i.ID)
			if len(cbs) != tt.attempts {
				t.Errorf("%d callback attempts, want %d", len(cbs), tt.attempts)
			}
			if tt.wait > 0 && !slices.Contains(r.sleeps.List(), tt.wait) {
				t.Errorf("the bot waited %v, want %v among them", r.sleeps.List(), tt.wait)
			}
			if got := r.metrics.Interactions("twixt move", discord.OutcomeOK); got != 1 {
				t.Errorf("%d moves counted ok, want 1", got)
			}
			// The game goes on.
			r.move(bob, "g8")
			r.wantLog(1, "f6", "g8")
		})
	}
}

// TestReplyPastTheDeadlineIsPostedInTheChannel: Discord rate-limits the
// reply to a move for longer than the interaction has left, so the reply
// cannot be its answer. The move has landed: rather than let the
// interaction fail silently, the bot posts the board in the channel, and
// nobody is told the move failed.
func TestReplyPastTheDeadlineIsPostedInTheChannel(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1")
	fake.Inject(discordtest.Fault{Method: "POST", Path: "/callback", Status: 429, RetryAfter: 10 * time.Second})
	i := fake.Command(alice, "twixt move", discordtest.Str(optAt, "f6"))
	if err := fake.Deliver(waitCtx(t), i); err != nil {
		t.Fatal(err)
	}
	if err := fake.WaitFinished(waitCtx(t), i.ID); err != nil {
		t.Fatal(err)
	}
	r.flush()
	if fake.Answered(i.ID) {
		t.Fatal("the refused reply counts as an answer")
	}
	if slices.Contains(r.sleeps.List(), 10*time.Second) {
		t.Error("the bot waited past the deadline")
	}
	r.wantLog(1, "f6")
	var posted []discordtest.Message
	for _, m := range fake.ChannelMessages(fake.ChannelID()) {
		if m.InteractionID == "" {
			posted = append(posted, m)
		}
	}
	if len(posted) != 1 || !strings.Contains(posted[0].Content, "played F6") || len(posted[0].Attachments) != 1 {
		t.Fatalf("posted in the channel: %+v", posted)
	}
	pings(t, posted[0], bob)
	if got := r.metrics.Interactions("twixt move", discord.OutcomeUndelivered); got != 1 {
		t.Errorf("%d moves counted undelivered, want 1", got)
	}
	// alice, trying her move again, is told it is bob's turn, not that it
	// failed; bob plays on.
	r.refused(alice, "twixt move", "Not your turn", discordtest.Str(optAt, "f6"))
	r.move(bob, "g8")
	r.wantLog(1, "f6", "g8")
}

// gatedStore holds AppendMoves at a gate while the test wants it held.
type gatedStore struct {
	match.Store
	mu      sync.Mutex
	gate    chan struct{} // nil: open
	entered chan struct{}
}

func (s *gatedStore) hold() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gate, s.entered = make(chan struct{}), make(chan struct{}, 8)
}

func (s *gatedStore) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.gate)
	s.gate = nil
}

func (s *gatedStore) AppendMoves(ctx context.Context, id storage.GameID, n storage.LogMark, moves []storage.SeatMove, update func(*storage.Game, game.Outcome) error) (storage.Moved, error) {
	s.mu.Lock()
	gate, entered := s.gate, s.entered
	s.mu.Unlock()
	if gate != nil {
		entered <- struct{}{}
		select {
		case <-gate:
		case <-ctx.Done():
			return storage.Moved{}, ctx.Err()
		}
	}
	return s.Store.AppendMoves(ctx, id, n, moves, update)
}

// TestSlowMoveDeferredThroughFaults: a move that takes long is deferred;
// Discord errs on the deferral and on the edit that carries the board,
// and the bot retries both: the player gets the board once, and the move
// lands once.
func TestSlowMoveDeferredThroughFaults(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	clock := discordtest.NewClock(time.Now())
	gs := &gatedStore{}
	r := startBot(t, fake, runOpts{
		wrap:     func(s match.Store) match.Store { gs.Store = s; return gs },
		dispatch: discord.DispatcherOptions{Clock: clock},
	})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1")
	fake.Inject(discordtest.Fault{Method: "POST", Path: "/callback", Status: 503})
	fake.Inject(discordtest.Fault{Method: "PATCH", Path: "/messages/@original", Status: 502})
	gs.hold()
	i := fake.Command(alice, "twixt move", discordtest.Str(optAt, "f6"))
	delivered := make(chan error, 1)
	go func() { delivered <- fake.Deliver(context.Background(), i) }()
	ctx := waitCtx(t)
	select {
	case <-gs.entered: // the move is being stored, slowly
	case <-ctx.Done():
		t.Fatal("the move never reached the store")
	}
	if err := clock.WaitTimers(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clock.Advance(2 * time.Second) // past the deferral's 1.5 s
	if err := <-delivered; err != nil {
		t.Fatal(err) // the endpoint answered once the deferral was sent
	}
	gs.release()
	res := fake.Await(i.ID)
	if !res.Deferred || res.Message.Ephemeral() || !strings.Contains(res.Message.Content, "played F6") || len(res.Message.Attachments) != 1 {
		t.Fatalf("answered %+v", res)
	}
	if n := fake.PendingFaults(); n != 0 {
		t.Fatalf("%d faults not met", n)
	}
	if cbs := callbacks(fake, i.ID); len(cbs) != 2 || cbs[0].Status != 503 || cbs[1].Status != http.StatusNoContent {
		t.Errorf("callback attempts %+v, want a 503 then the deferral", cbs)
	}
	r.wantLog(1, "f6")
}

// TestDuplicateDeliveryAppliesOnce delivers the same interaction twice,
// one after the other and at the same time, as Discord may on a retry:
// each is applied once and answered once.
func TestDuplicateDeliveryAppliesOnce(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1")
	i := fake.Command(alice, "twixt move", discordtest.Str(optAt, "f6"))
	for range 2 {
		if err := fake.Deliver(waitCtx(t), i); err != nil {
			t.Fatal(err)
		}
	}
	if m := fake.Await(i.ID).Message; !strings.Contains(m.Content, "played F6") {
		t.Fatalf("answered %q", m.Content)
	}
	j := fake.Command(bob, "twixt move", discordtest.Str(optAt, "g8"))
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			if err := fake.Deliver(waitCtx(t), j); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if m := fake.Await(j.ID).Message; !strings.Contains(m.Content, "played G8") {
		t.Fatalf("answered %q", m.Content)
	}
	r.wantLog(1, "f6", "g8")
	for _, id := range []string{i.ID, j.ID} {
		if n := len(callbacks(fake, id)); n != 1 {
			t.Errorf("interaction %s got %d callbacks, want 1", id, n)
		}
	}
	if got := r.metrics.Interactions("unknown", discord.OutcomeDuplicate); got != 3 {
		t.Errorf("%d deliveries counted as duplicates, want 3", got)
	}
}

// barrierStore makes the next n calls of AppendMoves wait for each other,
// so that actions racing on one game have all read it before any lands.
type barrierStore struct {
	match.Store
	mu      sync.Mutex
	n       int
	waiting []chan struct{}
}

func (s *barrierStore) arm(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n = n
}

func (s *barrierStore) AppendMoves(ctx context.Context, id storage.GameID, n storage.LogMark, moves []storage.SeatMove, update func(*storage.Game, game.Outcome) error) (storage.Moved, error) {
	s.mu.Lock()
	if s.n == 0 {
		s.mu.Unlock()
		return s.Store.AppendMoves(ctx, id, n, moves, update)
	}
	ch := make(chan struct{})
	s.waiting = append(s.waiting, ch)
	if len(s.waiting) == s.n {
		for _, c := range s.waiting {
			close(c)
		}
		s.waiting, s.n = nil, 0
	}
	s.mu.Unlock()
	select {
	case <-ch:
	case <-ctx.Done():
		return storage.Moved{}, ctx.Err()
	}
	return s.Store.AppendMoves(ctx, id, n, moves, update)
}

// race delivers the interactions at once and returns their answers.
func race(t *testing.T, fake *discordtest.Fake, is ...*discordgo.Interaction) []discordtest.Message {
	t.Helper()
	errs := make([]error, len(is))
	var wg sync.WaitGroup
	for k, i := range is {
		wg.Go(func() { errs[k] = fake.Deliver(waitCtx(t), i) })
	}
	wg.Wait()
	out := make([]discordtest.Message, len(is))
	for k, i := range is {
		if errs[k] != nil {
			t.Fatal(errs[k])
		}
		out[k] = fake.Await(i.ID).Message
	}
	return out
}

// TestSameButtonPressedTwiceAtOnce: bob double-clicks Swap. Both presses
// read the game before either lands; exactly one swaps, the other is told
// the game moved on, and the button ends up disabled.
func TestSameButtonPressedTwiceAtOnce(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	bs := &barrierStore{}
	r := startBot(t, fake, runOpts{wrap: func(s match.Store) match.Store { bs.Store = s; return bs }})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1")
	m := r.move(alice, "f6")
	swap, ok := findButton(m, "swap/g1/")
	if !ok {
		t.Fatalf("no Swap button on %q", m.Content)
	}
	bs.arm(2)
	answers := race(t, fake, fake.MustPress(bob, m.ID, swap.CustomID), fake.MustPress(bob, m.ID, swap.CustomID))
	var swapped, refused int
	for _, a := range answers {
		switch {
		case !a.Ephemeral() && strings.Contains(a.Content, "swapped"):
			swapped++
		case a.Ephemeral() && strings.Contains(a.Content, "moved on"):
			refused++
		default:
			t.Errorf("answered %q (ephemeral %v)", a.Content, a.Ephemeral())
		}
	}
	if swapped != 1 || refused != 1 {
		t.Fatalf("%d swaps and %d refusals, want one of each", swapped, refused)
	}
	r.wantLog(1, "f6", "swap")
	r.flush()
	if old, _ := fake.Message(m.ID); !allButtonsDisabled(old) {
		t.Errorf("the Swap button is still enabled: %+v", old.Buttons())
	}
}

// TestTwoPlayersRace: alice offers a draw and, at the same moment, bob
// accepts it while alice moves (which withdraws it). Exactly one of the
// two actions lands, and the other player is told why theirs did not. The
// race is run a few times, in new games, for either to win.
func TestTwoPlayersRace(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	bs := &barrierStore{}
	r := startBot(t, fake, runOpts{wrap: func(s match.Store) match.Store { bs.Store = s; return bs }})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	for round := 1; round <= 3; round++ {
		id := fmt.Sprintf("g%d", round)
		in := discordtest.Str(optGame, id)
		r.begin(alice, bob, id)
		r.move(alice, "f6", in)
		r.move(bob, "g8", in)
		offer := r.do(alice, "twixt draw", in).Message
		accept, ok := findButton(offer, "drawyes/"+id+"/")
		if !ok {
			t.Fatalf("no Accept button on %q", offer.Content)
		}
		bs.arm(2)
		answers := race(t, fake, fake.MustPress(bob, offer.ID, accept.CustomID),
			fake.Command(alice, "twixt move", discordtest.Str(optAt, "d4"), in))
		drew := !answers[0].Ephemeral() && strings.Contains(answers[0].Content, "agree to a draw")
		moved := !answers[1].Ephemeral() && strings.Contains(answers[1].Content, "played D4")
		if drew == moved {
			t.Fatalf("draw answered %q, move answered %q: want exactly one to land", answers[0].Content, answers[1].Content)
		}
		loser := answers[0]
		if drew {
			loser = answers[1]
			r.wantLog(storage.GameID(round), "f6", "g8", "draw")
		} else {
			r.wantLog(storage.GameID(round), "f6", "g8", "d4")
		}
		// The move that lost to the draw finds the game over; the draw that
		// lost to the move finds the game moved on.
		if !loser.Ephemeral() || !strings.Contains(loser.Content, "moved on") && !strings.Contains(loser.Content, "not running any more") {
			t.Errorf("the action that lost the race was answered %q (ephemeral %v)", loser.Content, loser.Ephemeral())
		}
	}
}

// failingStore fails every change with err while err is set; reads work.
type failingStore struct {
	match.Store
	err atomic.Pointer[error]
}

func (s *failingStore) fail(err error) {
	if err == nil {
		s.err.Store(nil)
		return
	}
	s.err.Store(&err)
}

func (s *failingStore) failure() error {
	if p := s.err.Load(); p != nil {
		return fmt.Errorf("storage: commit: write twixt.db: %w", *p)
	}
	return nil
}

func (s *failingStore) Create(ctx context.Context, g *storage.Game) (*storage.Game, error) {
	if err := s.failure(); err != nil {
		return nil, err
	}
	return s.Store.Create(ctx, g)
}

func (s *failingStore) Update(ctx context.Context, id storage.GameID, fn func(*storage.Game) error) (*storage.Game, error) {
	if err := s.failure(); err != nil {
		return nil, err
	}
	return s.Store.Update(ctx, id, fn)
}

func (s *failingStore) AppendMoves(ctx context.Context, id storage.GameID, n storage.LogMark, moves []storage.SeatMove, update func(*storage.Game, game.Outcome) error) (storage.Moved, error) {
	if err := s.failure(); err != nil {
		return storage.Moved{}, err
	}
	return s.Store.AppendMoves(ctx, id, n, moves, update)
}

// TestStoreCannotWrite: with the disk full or the store read-only, moves
// and challenges are refused with a message that says so, the game stays
// as it was (the board can still be seen), the operator finds an error in
// the log, and play resumes once the store can write again.
func TestStoreCannotWrite(t *testing.T) {
	for _, cause := range []error{syscall.ENOSPC, syscall.EROFS, syscall.EDQUOT, storage.ErrReadOnly} {
		t.Run(cause.Error(), func(t *testing.T) {
			fake := discordtest.New(t, discordtest.Options{})
			fs := &failingStore{}
			logs := &discordtest.Buffer{}
			r := startBot(t, fake, runOpts{wrap: func(s match.Store) match.Store { fs.Store = s; return fs }, logs: logs})
			alice, bob, carol := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol")
			r.begin(alice, bob, "g1")
			r.move(alice, "f6")
			fs.fail(cause)
			const full = "not saved: the bot's storage is full or read-only"
			r.refused(bob, "twixt move", full, discordtest.Str(optAt, "g8"))
			r.refused(carol, "twixt challenge", full, discordtest.UserOpt(optOpponent, alice))
			r.wantLog(1, "f6")
			if b := r.do(carol, "twixt board").Message; !strings.Contains(b.Content, "g1") || len(b.Attachments) != 1 {
				t.Errorf("the board cannot be seen: %q", b.Content)
			}
			if !strings.Contains(logs.String(), `"level":"ERROR","msg":"the store cannot write`) {
				t.Errorf("no error logged for the operator:\n%s", logs.String())
			}
			fs.fail(nil)
			r.move(bob, "g8")
			r.wantLog(1, "f6", "g8")
		})
	}
}

// TestReadOnlyDatabase runs the bot on a database opened read-only (as
// after a disk error remounted it so): the game can be looked at, a move
// is refused and changes nothing, and on a writable database again it
// lands.
func TestReadOnlyDatabase(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	db := t.TempDir() + "/twixt.db"
	r := startBot(t, fake, runOpts{db: db})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	r.begin(alice, bob, "g1")
	r.move(alice, "f6")
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	r = startBot(t, fake, runOpts{db: db, readOnly: true})
	r.refused(bob, "twixt move", "not saved: the bot's storage is full or read-only", discordtest.Str(optAt, "g8"))
	if b := r.do(bob, "twixt board").Message; len(b.Attachments) != 1 {
		t.Errorf("the board cannot be seen: %q", b.Content)
	}
	r.wantLog(1, "f6")
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	r = startBot(t, fake, runOpts{db: db})
	r.move(bob, "g8")
	r.wantLog(1, "f6", "g8")
}

// errorsNotShown are the replies that would mean the bot broke.
var errorsNotShown = []string{"Something went wrong", "took too long"}

// TestBadInteractions sends what Discord should not: bodies that are not
// interactions, commands and buttons the bot does not know, options
// missing or of the wrong type. Each gets a 400 or a clear private reply,
// and nothing panics.
func TestBadInteractions(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	var outcomes sync.Map
	r := startBot(t, fake, runOpts{dispatch: discord.DispatcherOptions{Observe: func(rec discord.Record) {
		outcomes.Store(rec.InteractionID, rec.Outcome)
	}}})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	start := r.begin(alice, bob, "g1")

	for _, body := range []string{`{not json`, `{"type":2}`, `{"id":"1","token":"t"}`, `[]`, `null`, `{"id":"1","token":"t","type":2,"data":"x"}`} {
		resp, got, err := fake.PostRaw(waitCtx(t), r.url+"/", []byte(body), time.Now(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: answered %d %q, want 400", body, resp.StatusCode, got)
		}
	}

	I, S, U, B := discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionString,
		discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionBoolean
	commands := []struct {
		path string
		opts []discordtest.Opt
		want string
	}{
		{"twixt frobnicate", nil, "I don't know the command `/twixt frobnicate`"},
		{"chess move", nil, "I don't know the command `/chess move`"},
		{"twixt", nil, "I don't know the command `/twixt`"},
		{"twixt move", nil, `The option "at" is missing`},
		{"twixt move", []discordtest.Opt{discordtest.Raw(optAt, I, 12.0)}, `The option "at" should be text`},
		{"twixt move", []discordtest.Opt{discordtest.Raw(optAt, S, 12.0)}, `The option "at" should be text`},
		{"twixt move", []discordtest.Opt{discordtest.Str(optAt, "")}, "You wrote no move. Write a move as a hole, column letters then the row number, like `f6`"},
		{"twixt move", []discordtest.Opt{discordtest.Str(optAt, "zz99")}, "Nothing changed"},
		{"twixt move", []discordtest.Opt{discordtest.Str(optAt, "f6"), discordtest.Raw(optPrivilege, S, "yes")}, `The option "privilege" should be true or false`},
		{"twixt move", []discordtest.Opt{discordtest.Str(optAt, "f6"), discordtest.Str(optGame, "banana")}, "is not a game number"},
		{"twixt move", []discordtest.Opt{discordtest.Str(optAt, "f6"), discordtest.Str(optGame, "g99")}, "There is no game g99"},
		{"twixt challenge", nil, `The option "opponent" is missing`},
		{"twixt challenge", []discordtest.Opt{discordtest.Raw(optOpponent, S, bob.ID)}, `The option "opponent" should be a user`},
		{"twixt challenge", []discordtest.Opt{discordtest.Raw(optOpponent, U, "not-a-snowflake")}, `The option "opponent" should be a user`},
		{"twixt challenge", []discordtest.Opt{discordtest.UserOpt(optOpponent, bob), discordtest.Raw(optSize, I, 12.0)}, `The option "size" should be text`},
		{"twixt challenge", []discordtest.Opt{discordtest.UserOpt(optOpponent, bob), discordtest.Raw(optHandicap, I, 1.5)}, `The option "handicap" should be a whole number`},
		{"twixt challenge", []discordtest.Opt{discordtest.UserOpt(optOpponent, bob), discordtest.Raw(optSwap, B, "on")}, `The option "swap" should be true or false`},
		{"twixt challenge", []discordtest.Opt{discordtest.UserOpt(optOpponent, bob), discordtest.Str(optSize, "1000")}, "A 1000x1000 board is not allowed"},
		{"twixt challenge", []discordtest.Opt{discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "green")}, "is not a colour"},
		{"twixt substitute", []discordtest.Opt{discordtest.Raw(optSeat, I, "two")}, `The option "seat"`},
	}
	for _, c := range commands {
		i := fake.Command(alice, c.path, c.opts...)
		m := fake.Exchange(i).Message
		if !m.Ephemeral() || !strings.Contains(m.Content, c.want) {
			t.Errorf("/%s %d options: answered %q (ephemeral %v), want a private reply with %q", c.path, len(c.opts), m.Content, m.Ephemeral(), c.want)
		}
		if !strings.HasSuffix(m.Content, ". Nothing changed.") {
			t.Errorf("/%s %d options: the refusal %q does not end with \". Nothing changed.\"", c.path, len(c.opts), m.Content)
		}
	}
	buttons := []struct{ id, want string }{
		{"nonsense", "This button no longer works"},
		{"accept/banana", "names no game"},
		{"accept/g99", "does not exist"},
		{"swap/g1/x", "This button is damaged"},
		{"swap/g1/-3", "This button is damaged"},
		{"drawyes/g1/0", "no longer on the table"},
		{"privilege/g1/0", ""},
		{strings.Repeat("a/", 60), "This button no longer works"},
	}
	for _, b := range buttons {
		// Pressed on a message of the bot's, whose buttons it may disable.
		on := &discordgo.Message{ID: start.ID, ChannelID: start.ChannelID}
		m := fake.Exchange(fake.Component(alice, b.id, on)).Message
		if !m.Ephemeral() || !strings.Contains(m.Content, b.want) {
			t.Errorf("button %q: answered %q (ephemeral %v), want a private reply with %q", b.id, m.Content, m.Ephemeral(), b.want)
		}
		if !strings.HasSuffix(m.Content, ". Nothing changed.") {
			t.Errorf("button %q: the refusal %q does not end with \". Nothing changed.\"", b.id, m.Content)
		}
	}
	if res := fake.Exchange(fake.Autocomplete(alice, "twixt move", discordtest.Focused(optAt, "%%%\x00"))); res.Callback != 8 {
		t.Errorf("an odd autocomplete was answered with callback %d", res.Callback)
	}
	if m := fake.Exchange(fake.Submit(alice, "what/is/this", map[string]string{"x": "y"}, "")).Message; !m.Ephemeral() || !strings.HasSuffix(m.Content, "can't handle this here. Nothing changed.") {
		t.Errorf("an unknown modal: answered %q", m.Content)
	}
	outcomes.Range(func(k, v any) bool {
		switch v.(discord.Outcome) {
		case discord.OutcomePanic, discord.OutcomeError, discord.OutcomeInvalidReply, discord.OutcomeTimeout:
			t.Errorf("interaction %v ended %v", k, v)
		}
		return true
	})
	for _, m := range fake.ChannelMessages(fake.ChannelID()) {
		for _, bad := range errorsNotShown {
			if strings.Contains(m.Content, bad) {
				t.Errorf("a reply says %q", m.Content)
			}
		}
	}
	// The game was not touched.
	r.flush()
	r.wantLog(1)
}

// waitCtx bounds a wait of the test.
func waitCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}
