package discord

import (
	"context"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Verdict is what the rate limiter says about one interaction.
type Verdict int

const (
	// Allow: serve it.
	Allow Verdict = iota
	// Notify: refuse it, and tell the user to slow down (once per flood).
	Notify
	// Drop: refuse it silently; the user was told already.
	Drop
)

func (v Verdict) String() string {
	switch v {
	case Allow:
		return "allow"
	case Notify:
		return "notify"
	case Drop:
		return "drop"
	}
	return "Verdict(?)"
}

// UserLimiter is a token bucket per user: each user may act burst times at
// once, then rate times per second. A user who runs dry is refused; the
// first refusal says so (Notify), the rest are silent (Drop) until the
// user's bucket has filled up again, that is until they have calmed down.
// Other users are not affected. Idle users are forgotten, so memory stays
// bounded by the users active in the last burst/rate seconds.
type UserLimiter struct {
	rate  float64 // tokens per second
	burst float64
	clock Clock

	mu        sync.Mutex
	users     map[UserID]*userBucket
	lastSweep time.Time
}

type userBucket struct {
	tokens   float64
	last     time.Time
	notified bool
}

// NewUserLimiter returns a limiter allowing burst actions at once and rate
// per second after that, timed by clock (nil: SystemClock).
func NewUserLimiter(rate float64, burst int, clock Clock) *UserLimiter {
	if rate <= 0 || burst < 1 {
		panic("discord: a UserLimiter needs rate > 0 and burst >= 1")
	}
	if clock == nil {
		clock = SystemClock
	}
	return &UserLimiter{rate: rate, burst: float64(burst), clock: clock, users: map[UserID]*userBucket{}}
}

func (l *UserLimiter) refill(b *userBucket, now time.Time) {
	if el := now.Sub(b.last).Seconds(); el > 0 {
		b.tokens = min(l.burst, b.tokens+el*l.rate)
	}
	b.last = now
	if b.tokens >= l.burst {
		b.notified = false // calmed down
	}
}

// Allow takes one token of the user's bucket and says what to do.
func (l *UserLimiter) Allow(user UserID) Verdict {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.clock.Now()
	l.sweep(now)
	b := l.users[user]
	if b == nil {
		b = &userBucket{tokens: l.burst, last: now}
		l.users[user] = b
	}
	l.refill(b, now)
	switch {
	case b.tokens >= 1:
		b.tokens--
		return Allow
	case !b.notified:
		b.notified = true
		return Notify
	default:
		return Drop
	}
}

// sweep forgets users whose buckets are full again, at most once per the
// time a bucket takes to fill.
func (l *UserLimiter) sweep(now time.Time) {
	period := time.Duration(l.burst / l.rate * float64(time.Second))
	if now.Sub(l.lastSweep) < period {
		return
	}
	l.lastSweep = now
	for id, b := range l.users {
		l.refill(b, now)
		if b.tokens >= l.burst {
			delete(l.users, id)
		}
	}
}

// Tracked is the number of users the limiter remembers.
func (l *UserLimiter) Tracked() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.users)
}

// SlowDown is the notice a flooding user gets.
const SlowDown = "You're going too fast: wait a few seconds, then try again. Nothing changed."

// RateLimit is middleware that applies the limiter to commands, button
// presses and modals (not to autocompletes, which Discord sends as the user
// types). A refused interaction gets one ephemeral SlowDown notice per
// flood, then no answer at all; its outcome is OutcomeThrottled and its
// handler does not run.
func RateLimit(l *UserLimiter) Middleware {
	return RateLimitSaying(l, func(*Event) string { return SlowDown })
}

// RateLimitSaying is RateLimit with the notice in the words of notice (in
// the user's language, say).
func RateLimitSaying(l *UserLimiter, notice func(e *Event) string) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, e *Event) (Reply, error) {
			if e.Type() == discordgo.InteractionApplicationCommandAutocomplete {
				return next(ctx, e)
			}
			switch l.Allow(e.UserID()) {
			case Allow:
				return next(ctx, e)
			case Notify:
				e.SetOutcome(OutcomeThrottled)
				return Ephemeral(notice(e)), nil
			default:
				e.SetOutcome(OutcomeThrottled)
				return NoReply(), nil
			}
		}
	}
}
