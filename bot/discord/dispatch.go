package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Outcome is how an interaction ended, for logs and metrics.
type Outcome string

// The outcomes.
const (
	OutcomeOK           Outcome = "ok"            // the handler's reply was delivered
	OutcomeUserError    Outcome = "user_error"    // the handler returned an error fit for the user
	OutcomeError        Outcome = "error"         // the handler returned another error
	OutcomePanic        Outcome = "panic"         // the handler panicked
	OutcomeTimeout      Outcome = "timeout"       // the handler ran past its time limit
	OutcomeThrottled    Outcome = "throttled"     // the rate limiter stopped it
	OutcomeUnknown      Outcome = "unknown"       // no route matched
	OutcomeInvalidReply Outcome = "invalid_reply" // the handler's reply broke a Discord rule
	OutcomeMalformed    Outcome = "malformed"     // the interaction could not be read
	OutcomeUndelivered  Outcome = "undelivered"   // Discord did not take the reply
	OutcomeDuplicate    Outcome = "duplicate"     // the same interaction came again; ignored
)

// Responder sends replies to Discord; *Client is the real one.
type Responder interface {
	// Callback sends the initial response of type typ. It returns the id
	// of the message the response shows in ("" for none, or unknown).
	Callback(ctx context.Context, i *discordgo.Interaction, typ discordgo.InteractionResponseType, r Reply) (MessageID, error)
	// EditOriginal replaces the original response (after a deferral: the
	// deferred message, or for a component the message it is on), and
	// returns its id ("" if unknown).
	EditOriginal(ctx context.Context, i *discordgo.Interaction, r Reply) (MessageID, error)
	// DeleteOriginal deletes the original response.
	DeleteOriginal(ctx context.Context, i *discordgo.Interaction) error
	// Followup posts a further message and returns its id ("" if
	// unknown).
	Followup(ctx context.Context, i *discordgo.Interaction, r Reply) (MessageID, error)
}

// Record describes one handled interaction; the dispatcher logs it, feeds
// it to the metrics and to DispatcherOptions.Observe.
type Record struct {
	InteractionID string
	Type          discordgo.InteractionType
	Path          string // command path or custom_id
	Route         string // matched route, "" if none
	UserID        UserID
	GuildID       GuildID
	ChannelID     ChannelID
	Outcome       Outcome
	Deferred      bool          // a deferral was sent before the reply
	Ack           time.Duration // arrival to the initial response (reply or deferral) sent
	Total         time.Duration // arrival to the reply delivered
	Err           error
	Attrs         []slog.Attr // added by the handler with Event.Annotate
}

// DispatcherOptions configures a Dispatcher. Only Router and Responder are
// required.
type DispatcherOptions struct {
	Router    *Router
	Responder Responder
	Logger    *slog.Logger // default slog.Default()
	Metrics   *Metrics     // optional
	Observe   func(Record) // optional, called once per interaction, after its metrics and log line
	Clock     Clock        // default SystemClock

	// DeferAfter is how long a handler may run before the dispatcher
	// defers the interaction (default 1.5 s; Discord's deadline is 3 s).
	// Negative: never defer.
	DeferAfter time.Duration
	// HandlerTimeout bounds a handler; its context is cancelled then and
	// the user told it took too long (default 60 s).
	HandlerTimeout time.Duration
	// CallbackDeadline is the deadline of the initial response counted
	// from arrival (default 3 s, Discord's).
	CallbackDeadline time.Duration
	// DeliveryTimeout bounds each later call (edit, followup; default 30 s).
	DeliveryTimeout time.Duration
	// DedupeWindow is how long an interaction id is remembered, so that
	// the same interaction delivered twice runs its handler once (default
	// 15 minutes, the life of an interaction token). Negative: no dedupe.
	DedupeWindow time.Duration
}

// Dispatcher runs interactions through a router and delivers the replies.
// Both transports use one.
type Dispatcher struct {
	o DispatcherOptions

	mu      sync.Mutex
	closed  bool
	active  int
	drained chan struct{} // closed when closed && active == 0

	seenMu    sync.Mutex
	seen      map[string]time.Time // interaction id -> first seen
	lastPrune time.Time
}

// NewDispatcher returns a dispatcher.
func NewDispatcher(o DispatcherOptions) *Dispatcher {
	if o.Router == nil || o.Responder == nil {
		panic("discord: a Dispatcher needs a Router and a Responder")
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Clock == nil {
		o.Clock = SystemClock
	}
	if o.DeferAfter == 0 {
		o.DeferAfter = 1500 * time.Millisecond
	}
	if o.HandlerTimeout <= 0 {
		o.HandlerTimeout = time.Minute
	}
	if o.CallbackDeadline <= 0 {
		o.CallbackDeadline = discordgo.InteractionDeadline
	}
	if o.DeliveryTimeout <= 0 {
		o.DeliveryTimeout = 30 * time.Second
	}
	if o.DedupeWindow == 0 {
		o.DedupeWindow = 15 * time.Minute
	}
	return &Dispatcher{o: o, drained: make(chan struct{}), seen: map[string]time.Time{}}
}

// firstDelivery reports whether the interaction id is new within the
// dedupe window, and remembers it.
func (d *Dispatcher) firstDelivery(id string, now time.Time) bool {
	if d.o.DedupeWindow < 0 || id == "" {
		return true
	}
	d.seenMu.Lock()
	defer d.seenMu.Unlock()
	if now.Sub(d.lastPrune) > d.o.DedupeWindow/8 {
		d.lastPrune = now
		for k, t := range d.seen {
			if now.Sub(t) > d.o.DedupeWindow {
				delete(d.seen, k)
			}
		}
	}
	if t, ok := d.seen[id]; ok && now.Sub(t) <= d.o.DedupeWindow {
		return false
	}
	d.seen[id] = now
	return true
}

func (d *Dispatcher) enter() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return false
	}
	d.active++
	return true
}

func (d *Dispatcher) leave() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.active--
	if d.closed && d.active == 0 {
		close(d.drained)
	}
}

// InFlight is the number of interactions being handled.
func (d *Dispatcher) InFlight() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.active
}

// Shutdown stops accepting interactions and waits until those in flight
// are delivered, or ctx ends.
func (d *Dispatcher) Shutdown(ctx context.Context) error {
	d.mu.Lock()
	if !d.closed {
		d.closed = true
		if d.active == 0 {
			close(d.drained)
		}
	}
	d.mu.Unlock()
	select {
	case <-d.drained:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("discord: %d interactions still in flight: %w", d.InFlight(), ctx.Err())
	}
}

// Dispatch handles one interaction to the end: it runs the handler,
// defers if the handler runs long, and delivers the reply. It returns
// ErrShuttingDown once Shutdown was called. ctx carries values and the
// logger's context; its cancellation does not abort the interaction
// (in-flight work finishes during a shutdown).
func (d *Dispatcher) Dispatch(ctx context.Context, i *discordgo.Interaction) error {
	return d.DispatchAck(ctx, i, nil)
}

// DispatchAck is Dispatch that also calls ack (if not nil) once the
// initial response has been sent or has failed, or when no response will
// be sent: the HTTP transport answers Discord's request then. When the
// handler's reply is the initial response (no deferral), ack is called
// after the interaction is counted and logged, and no longer in flight.
func (d *Dispatcher) DispatchAck(ctx context.Context, i *discordgo.Interaction, ack func()) error {
	if !d.enter() {
		if ack != nil {
			ack()
		}
		return ErrShuttingDown
	}
	var once sync.Once
	acked := func() {
		if ack != nil {
			once.Do(ack)
		}
	}
	// Unless a deferral acknowledged it earlier, the interaction is
	// acknowledged once it has left the count in flight, so whoever the
	// acknowledgement releases (Discord's HTTP request, a test) finds it
	// finished and counted.
	defer acked()
	defer d.leave()
	d.run(context.WithoutCancel(ctx), i, time.Now(), acked)
	return nil
}

// checkIDs refuses an interaction whose user, server or channel is not a
// snowflake. Discord names the user of every interaction but a PING (the
// member's user in a server), always with snowflakes; the handlers rely on
// it, and store these ids.
func checkIDs(e *Event) error {
	if e.Type() == discordgo.InteractionPing {
		return nil
	}
	for _, id := range []struct{ what, v string }{
		{"user", string(e.UserID())}, {"server", string(e.GuildID())}, {"channel", string(e.ChannelID())},
	} {
		if id.what != "user" && id.v == "" {
			continue // a DM has no server; the channel may be left out
		}
		if !isSnowflake(id.v) {
			return fmt.Errorf("%w: the %s id %q is not a snowflake", ErrMalformedInteraction, id.what, id.v)
		}
	}
	return nil
}

type result struct {
	reply Reply
	err   error
	panic any
}

// run is one interaction. realStart is wall-clock time for the deadlines
// of contexts; the Clock times the deferral and the latencies.
func (d *Dispatcher) run(ctx context.Context, i *discordgo.Interaction, realStart time.Time, ack func()) {
	start := d.o.Clock.Now()
	rec := Record{}
	if i != nil {
		rec.InteractionID, rec.Type = i.ID, i.Type
	}
	var e *Event
	defer func() {
		rec.Total = d.o.Clock.Now().Sub(start)
		if e != nil {
			_, rec.Attrs, rec.Route = e.snapshot()
			e.done()
		}
		d.finish(ctx, rec)
	}()

	e, err := NewEvent(i, start)
	if err == nil {
		err = checkIDs(e)
	}
	if err != nil {
		e = nil
		rec.Outcome, rec.Err = OutcomeMalformed, err
		if i != nil && i.ID != "" && i.Token != "" {
			cctx, cancel := context.WithDeadline(ctx, realStart.Add(d.o.CallbackDeadline))
			_, err := d.o.Responder.Callback(cctx, i, discordgo.InteractionResponseChannelMessageWithSource,
				Ephemeral("I could not read this interaction. Try again, or use the commands. Nothing changed."))
			cancel()
			rec.Err = errors.Join(rec.Err, err)
		}
		rec.Ack = d.o.Clock.Now().Sub(start)
		return
	}
	rec.Path = e.Path()
	rec.UserID, rec.GuildID, rec.ChannelID = e.UserID(), e.GuildID(), e.ChannelID()
	if !d.firstDelivery(e.ID(), start) {
		// Delivered again (a retry of Discord's): the first delivery
		// answers it; running the handler twice could apply a move twice.
		rec.Outcome = OutcomeDuplicate
		return
	}
	if e.Type() == discordgo.InteractionPing {
		// Only HTTP delivers pings, and the HTTP handler answers them.
		rec.Outcome = OutcomeOK
		return
	}

	hctx, cancel := context.WithTimeout(ctx, d.o.HandlerTimeout)
	defer cancel()
	done := make(chan result, 1)
	go func() {
		var res result
		defer func() {
			if p := recover(); p != nil {
				d.o.Logger.ErrorContext(ctx, "discord: handler panicked",
					"interaction", e.ID(), "path", e.Path(), "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				res = result{panic: p}
			}
			done <- res
		}()
		res.reply, res.err = d.o.Router.Handle(hctx, e)
	}()

	st := delivery{d: d, e: e, rec: &rec, start: start, realStart: realStart}
	var res result
	var timer <-chan time.Time
	if d.o.DeferAfter > 0 && e.Type() != discordgo.InteractionApplicationCommandAutocomplete {
		c, stop := d.o.Clock.Timer(d.o.DeferAfter)
		defer stop()
		timer = c
	}
	select {
	case res = <-done:
	case <-timer:
		st.deferNow(ctx)
		ack()
		select {
		case res = <-done:
		case <-hctx.Done():
			res = result{err: hctx.Err()}
		}
	case <-hctx.Done():
		res = result{err: hctx.Err()}
	}
	reply := st.decide(res)
	st.deliver(ctx, reply)
}

// delivery is the state of one interaction's answer.
type delivery struct {
	d         *Dispatcher
	e         *Event
	rec       *Record
	start     time.Time
	realStart time.Time

	deferAttempted bool
	deferred       bool // Discord took the deferral
	deferEphemeral bool
}

func (st *delivery) callbackCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithDeadline(ctx, st.realStart.Add(st.d.o.CallbackDeadline))
}

func (st *delivery) laterCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, st.d.o.DeliveryTimeout)
}

// deferNow sends the deferral: type 6 (no visible change) for an
// interaction on a message, type 5 ("thinking...") otherwise.
func (st *delivery) deferNow(ctx context.Context) {
	st.deferAttempted = true
	typ := discordgo.InteractionResponseDeferredChannelMessageWithSource
	r := Reply{Kind: KindMessage}
	if st.e.fromComponent() {
		typ = discordgo.InteractionResponseDeferredMessageUpdate
	} else if st.e.wantsEphemeralDefer() {
		r.Ephemeral = true
		st.deferEphemeral = true
	}
	cctx, cancel := st.callbackCtx(ctx)
	defer cancel()
	_, err := st.d.o.Responder.Callback(cctx, st.e.i, typ, r)
	st.rec.Ack = st.d.o.Clock.Now().Sub(st.start)
	if err == nil || isAlreadyAcknowledged(err) {
		st.deferred = true
		st.rec.Deferred = true
		return
	}
	st.d.o.Logger.WarnContext(ctx, "discord: deferral failed", "interaction", st.e.ID(), "err", err)
}

// decide turns the handler's result into the reply to send and sets the
// outcome.
func (st *delivery) decide(res result) Reply {
	e, rec := st.e, st.rec
	outcome, _, _ := e.snapshot()
	router := st.d.o.Router
	var reply Reply
	switch {
	case res.panic != nil:
		outcome, rec.Err = OutcomePanic, fmt.Errorf("handler panicked: %v", res.panic)
		reply = router.replyForError(e, nil) // the apology
	case errors.Is(res.err, context.DeadlineExceeded) || errors.Is(res.err, context.Canceled):
		outcome, rec.Err = OutcomeTimeout, res.err
		reply = router.replyForError(e, Errorf("That took too long and was given up. Please try again."))
	case res.err != nil:
		rec.Err = res.err
		if _, ok := UserMessage(res.err); ok {
			outcome = OutcomeUserError
		} else {
			outcome = OutcomeError
		}
		reply = router.replyForError(e, res.err)
	default:
		reply = res.reply
	}
	if err := st.fits(reply); err != nil {
		if outcome == "" || outcome == OutcomeOK {
			outcome = OutcomeInvalidReply
		}
		rec.Err = errors.Join(rec.Err, err)
		reply = defaultErrorReply(e, nil) // the apology
	}
	if outcome == "" {
		outcome = OutcomeOK
	}
	rec.Outcome = outcome
	return reply
}

// fits checks the reply against Discord's limits and against what this
// interaction allows.
func (st *delivery) fits(r Reply) error {
	if err := r.Validate(); err != nil {
		return err
	}
	l := limits{kind: ErrInvalidReply}
	auto := st.e.Type() == discordgo.InteractionApplicationCommandAutocomplete
	switch r.Kind {
	case KindChoices:
		if !auto {
			l.add("kind", "choices answer only an autocomplete")
		}
	case KindUpdate:
		if !st.e.fromComponent() {
			l.add("kind", "only an interaction on a message (a button) can update it: send a KindMessage")
		}
	case KindModal:
		if auto || st.e.Type() == discordgo.InteractionModalSubmit {
			l.add("kind", "a modal cannot answer an autocomplete or a modal")
		} else if st.deferAttempted {
			l.add("kind", "a modal cannot follow a deferral: the handler took too long to open it")
		}
	case KindMessage:
		if auto {
			l.add("kind", "an autocomplete is answered with choices")
		}
	}
	return l.err()
}

// deliver sends the reply: as the initial response when no deferral went
// out, else by editing the original response or by a followup.
func (st *delivery) deliver(ctx context.Context, r Reply) {
	var err error
	if !st.deferred {
		err = st.initial(ctx, r)
	} else {
		err = st.afterDeferral(ctx, r)
	}
	if err != nil {
		handled := st.rec.Outcome == OutcomeOK
		st.rec.Outcome = OutcomeUndelivered
		st.rec.Err = errors.Join(st.rec.Err, err)
		if handled && !r.Ephemeral && (r.Kind == KindMessage || r.Kind == KindUpdate) {
			st.undelivered(ctx, r, err)
		}
	}
}

// undelivered hands a reply that could not be delivered to the router's
// Undelivered hook, if any.
func (st *delivery) undelivered(ctx context.Context, r Reply, err error) {
	f := st.d.o.Router.undeliveredHook()
	if f == nil {
		return
	}
	defer func() {
		if p := recover(); p != nil {
			st.d.o.Logger.ErrorContext(ctx, "discord: the Undelivered hook panicked",
				"interaction", st.e.ID(), "path", st.e.Path(), "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
		}
	}()
	f(st.e, r, err)
}

func (st *delivery) initial(ctx context.Context, r Reply) error {
	if r.Kind == KindNone {
		if st.rec.Ack == 0 {
			st.rec.Ack = st.d.o.Clock.Now().Sub(st.start)
		}
		return nil
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	switch r.Kind {
	case KindUpdate:
		typ = discordgo.InteractionResponseUpdateMessage
	case KindChoices:
		typ = discordgo.InteractionApplicationCommandAutocompleteResult
	case KindModal:
		typ = discordgo.InteractionResponseModal
	}
	cctx, cancel := st.callbackCtx(ctx)
	id, err := st.d.o.Responder.Callback(cctx, st.e.i, typ, r)
	cancel()
	if err == nil {
		st.shown(r, id)
	}
	if !st.deferAttempted {
		st.rec.Ack = st.d.o.Clock.Now().Sub(st.start)
	}
	if isAlreadyAcknowledged(err) {
		if !st.deferAttempted {
			// Our own callback landed on an attempt whose answer was lost.
			return nil
		}
		// Either the deferral or this reply landed: editing the original
		// is right in both cases.
		st.deferred = true
		st.rec.Deferred = true
		return st.afterDeferral(ctx, r)
	}
	return err
}

func (st *delivery) afterDeferral(ctx context.Context, r Reply) error {
	lctx, cancel := st.laterCtx(ctx)
	defer cancel()
	resp := st.d.o.Responder
	i := st.e.i
	component := st.e.fromComponent()
	var id MessageID
	var err error
	switch r.Kind {
	case KindNone:
		if component {
			return nil
		}
		return resp.DeleteOriginal(lctx, i) // drop the "thinking..." message
	case KindUpdate:
		id, err = resp.EditOriginal(lctx, i, r)
	case KindMessage:
		switch {
		case component:
			id, err = resp.Followup(lctx, i, r)
		case r.Ephemeral == st.deferEphemeral:
			id, err = resp.EditOriginal(lctx, i, r)
		default:
			// The deferral's visibility was wrong for this reply: remove
			// it and send the reply as a followup, which may be ephemeral.
			if err := resp.DeleteOriginal(lctx, i); err != nil {
				return err
			}
			id, err = resp.Followup(lctx, i, r)
		}
	default:
		// Choices and modals cannot follow a deferral; fits refused them.
		return fmt.Errorf("%w: a %s reply cannot follow a deferral", ErrInvalidReply, r.Kind)
	}
	if err == nil {
		st.shown(r, id)
	}
	return err
}

// shown records the message a delivered reply shows in, for
// Event.ReplyMessage: only a message everyone sees.
func (st *delivery) shown(r Reply, id MessageID) {
	if (r.Kind == KindMessage || r.Kind == KindUpdate) && !r.Ephemeral {
		st.e.setReplyMessage(id)
	}
}

func isAlreadyAcknowledged(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && ae.Code == codeAlreadyAcknowledged
}

func (d *Dispatcher) finish(ctx context.Context, rec Record) {
	if rec.Outcome == "" {
		rec.Outcome = OutcomeOK
	}
	if d.o.Metrics != nil {
		route := rec.Route
		if route == "" {
			route = "unknown"
		}
		d.o.Metrics.observeInteraction(route, rec.Outcome, rec.Ack, rec.Total)
	}
	attrs := []slog.Attr{
		slog.String("interaction", rec.InteractionID),
		slog.String("type", interactionTypeName(rec.Type)),
		slog.String("path", rec.Path),
		slog.String("route", rec.Route),
		slog.String("user", string(rec.UserID)),
		slog.String("guild", string(rec.GuildID)),
		slog.String("channel", string(rec.ChannelID)),
		slog.String("outcome", string(rec.Outcome)),
		slog.Bool("deferred", rec.Deferred),
		slog.Duration("ack", rec.Ack),
		slog.Duration("latency", rec.Total),
	}
	if sh, ok := ctx.Value(shardKey{}).(Shard); ok {
		attrs = append(attrs, slog.String("shard", sh.String()))
	}
	attrs = append(attrs, rec.Attrs...)
	level := slog.LevelInfo
	switch rec.Outcome {
	case OutcomeError, OutcomePanic, OutcomeInvalidReply, OutcomeUndelivered, OutcomeTimeout:
		level = slog.LevelError
	case OutcomeMalformed, OutcomeDuplicate:
		level = slog.LevelWarn
	}
	if rec.Err != nil {
		attrs = append(attrs, slog.String("err", rec.Err.Error()))
	}
	d.o.Logger.LogAttrs(ctx, level, "interaction", attrs...)
	if d.o.Observe != nil {
		d.o.Observe(rec) // last: whoever it tells finds the metrics and the log up to date
	}
}

func interactionTypeName(t discordgo.InteractionType) string {
	switch t {
	case discordgo.InteractionPing:
		return "ping"
	case discordgo.InteractionApplicationCommand:
		return "command"
	case discordgo.InteractionMessageComponent:
		return "component"
	case discordgo.InteractionApplicationCommandAutocomplete:
		return "autocomplete"
	case discordgo.InteractionModalSubmit:
		return "modal"
	}
	return fmt.Sprintf("type%d", t)
}
