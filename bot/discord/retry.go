package discord

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/gorilla/websocket"
)

// Backoff is how long to wait between attempts at something that must
// eventually work, such as opening the gateway: Min, doubling with each
// failure up to Max, of which a random part up to half is dropped
// (jitter), so that bots restarted together do not retry in step.
type Backoff struct {
	Min time.Duration // the first wait (default 1 s)
	Max time.Duration // the longest (default 2 min)
	// Rand returns a number in [0, 1) for the jitter (default
	// math/rand/v2's Float64).
	Rand func() float64
}

func (b Backoff) withDefaults() Backoff {
	if b.Min <= 0 {
		b.Min = time.Second
	}
	if b.Max < b.Min {
		b.Max = max(2*time.Minute, b.Min)
	}
	if b.Rand == nil {
		b.Rand = rand.Float64
	}
	return b
}

// doubling is base doubled for each attempt after the first (attempt 1 is
// base), capped at most.
func doubling(base, most time.Duration, attempt int) time.Duration {
	d := base << min(max(attempt-1, 0), 20)
	if d > most || d <= 0 {
		d = most
	}
	return d
}

// Wait is the wait after the attempt-th consecutive failure (from 1): in
// [d/2, d] for d = Min·2^(attempt-1) capped at Max.
func (b Backoff) Wait(attempt int) time.Duration {
	b = b.withDefaults()
	d := doubling(b.Min, b.Max, attempt)
	return d - time.Duration(b.Rand()*float64(d/2))
}

// sleepClock waits d on clock, or until ctx ends (false).
func sleepClock(ctx context.Context, clock Clock, d time.Duration) bool {
	c, stop := clock.Timer(d)
	defer stop()
	select {
	case <-c:
		return true
	case <-ctx.Done():
		return false
	}
}

// retrier runs an operation until it works, ctx ends, or it fails in a way
// that retrying cannot fix, logging each failure with the wait before the
// next attempt.
type retrier struct {
	what    string // "open the gateway", for the log
	backoff Backoff
	clock   Clock
	log     *slog.Logger
	// failed, if not nil, hears of each failure that will be retried (the
	// connection state shown by /healthz).
	failed func(err error, attempt int, wait time.Duration)
}

// do runs op until it returns nil (nil), ctx ends (ctx's error) or it
// fails for good (that error, made clear by permanent).
func (r retrier) do(ctx context.Context, op func() error) error {
	for attempt := 1; ; attempt++ {
		err := op()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if perr := permanent(err); perr != nil {
			r.log.Error("discord: cannot "+r.what+", and retrying will not help", "err", perr)
			return perr
		}
		wait := r.backoff.Wait(attempt)
		r.log.Warn("discord: cannot "+r.what+"; retrying", "attempt", attempt, "retry_in", wait, "err", redactURLError(err))
		if r.failed != nil {
			r.failed(err, attempt, wait)
		}
		if !sleepClock(ctx, r.clock, wait) {
			return ctx.Err()
		}
	}
}

// permanent returns, for an error that retrying cannot fix, that error
// with what to do about it; nil for an error worth retrying (Discord or
// the network down, rate limits, 5xx).
func permanent(err error) error {
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		if gerr := closeCodeError(ce.Code, ce.Text); gerr != nil {
			return gerr
		}
		return nil
	}
	var ae *APIError
	if errors.As(err, &ae) {
		switch {
		case ae.Status == http.StatusUnauthorized:
			return tokenRefused(err)
		case ae.Status == http.StatusTooManyRequests, ae.Status >= 500:
			return nil
		case ae.Status >= 400:
			return err // the request itself is wrong: the commands, the application id
		}
		return nil
	}
	if errors.Is(err, ErrConfig) || errors.Is(err, ErrInvalidCommand) {
		return err
	}
	return nil
}

// tokenRefused makes an HTTP 401 from Discord a *TokenError, which says
// what to do; other errors are returned as they are.
func tokenRefused(err error) error {
	var ae *APIError
	var te *TokenError
	if errors.As(err, &ae) && ae.Status == http.StatusUnauthorized && !errors.As(err, &te) {
		return &TokenError{Err: err}
	}
	return err
}
