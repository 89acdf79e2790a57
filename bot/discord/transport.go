package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// RetryPolicy bounds the retries of the Transport. Zero fields take the
// defaults.
type RetryPolicy struct {
	MaxAttempts    int           // tries per call, first included (default 4)
	BaseBackoff    time.Duration // first wait after a 5xx or a dropped connection (default 100 ms), doubling
	MaxBackoff     time.Duration // longest such wait (default 2 s)
	MaxWait        time.Duration // longest wait accepted when the call has no deadline (default 30 s)
	AttemptTimeout time.Duration // bound of one attempt within the call's deadline (default 10 s)
}

func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = 4
	}
	if p.BaseBackoff <= 0 {
		p.BaseBackoff = 100 * time.Millisecond
	}
	if p.MaxBackoff <= 0 {
		p.MaxBackoff = 2 * time.Second
	}
	if p.MaxWait <= 0 {
		p.MaxWait = 30 * time.Second
	}
	if p.AttemptTimeout <= 0 {
		p.AttemptTimeout = 10 * time.Second
	}
	return p
}

// RESTResult is one attempt of one REST call, for metrics and tests.
// Route is the call's template (no ids, no tokens); Status is 0 when the
// attempt got no answer.
type RESTResult struct {
	Route   string
	Attempt int
	Status  int
	Err     error
	Latency time.Duration
	Retry   time.Duration // the wait before the next attempt; 0 if none
}

// Transport is the http.RoundTripper under the REST client. It
//
//   - sends every call to Origin instead of https://discord.com when
//     Origin is set (discordgo's endpoints are fixed at init, so the
//     redirect happens here);
//   - retries 429 after retry_after (body) or Retry-After (header), and
//     holds back every call but interaction callbacks and webhooks while a
//     global limit lasts; retries 500, 502, 503, 504 and dropped
//     connections with exponential backoff;
//   - remembers buckets that ran out (X-RateLimit-Remaining: 0) and waits
//     for their reset before the next call to the same path;
//   - never waits past the deadline of the request's context: a wait that
//     would not fit ends the call at once (with the last answer, or a
//     *DeadlineError);
//   - strips the X-RateLimit headers from what it hands back, so
//     discordgo's own limiter, whose sleeps ignore contexts, stays idle.
//
// Retrying is safe for the bot because its own state is committed before
// it calls Discord: a repeated callback is refused by Discord as already
// acknowledged (which the dispatcher takes as success), a repeated edit is
// idempotent, and at worst a repeated followup or channel message shows
// twice; nothing in the game is applied twice.
type Transport struct {
	Base    http.RoundTripper // default: a clone of http.DefaultTransport
	Origin  *url.URL          // scheme and host that replace discord.com's; nil: none
	Policy  RetryPolicy
	Observe func(RESTResult)                                 // optional
	Logger  *slog.Logger                                     // default slog.Default()
	Sleep   func(ctx context.Context, d time.Duration) error // default: a timer, cut short by ctx
	Now     func() time.Time                                 // default time.Now

	mu      sync.Mutex
	global  time.Time
	buckets map[string]time.Time // path -> blocked until
}

func (t *Transport) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

func (t *Transport) sleep(ctx context.Context, d time.Duration) error {
	if t.Sleep != nil {
		return t.Sleep(ctx, d)
	}
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-tm.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (t *Transport) logger() *slog.Logger {
	if t.Logger != nil {
		return t.Logger
	}
	return slog.Default()
}

// defaultBase is http.DefaultTransport with room for the connections of
// a busy bot. Every call goes to one host (discord.com), and the default
// keeps only two idle connections per host: with more interactions in
// flight, most callbacks would open a new connection, with its TLS
// handshake, on the way to the 3-second deadline (and leave the old one in
// TIME_WAIT).
var defaultBase = func() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns, t.MaxIdleConnsPerHost = maxIdleConns, maxIdleConns
	return t
}()

// maxIdleConns is how many idle connections to Discord the default
// transport keeps for reuse.
const maxIdleConns = 256

func (t *Transport) base() http.RoundTripper {
	if t.Base != nil {
		return t.Base
	}
	return defaultBase
}

// fits reports whether waiting d still leaves the call inside its deadline
// (or, without one, within MaxWait).
func (t *Transport) fits(ctx context.Context, d time.Duration, p RetryPolicy) bool {
	if dl, ok := ctx.Deadline(); ok {
		return t.now().Add(d).Before(dl)
	}
	return d <= p.MaxWait
}

// exemptFromGlobal reports whether the path is an interaction route, which
// Discord's global rate limit does not cover.
func exemptFromGlobal(path string) bool {
	return strings.Contains(path, "/interactions/") || strings.Contains(path, "/webhooks/")
}

func (t *Transport) blockedUntil(path string) time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	until := t.buckets[path]
	if !exemptFromGlobal(path) && t.global.After(until) {
		until = t.global
	}
	return until
}

func (t *Transport) block(path string, until time.Time, global bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if global {
		if until.After(t.global) {
			t.global = until
		}
		return
	}
	if t.buckets == nil {
		t.buckets = map[string]time.Time{}
	}
	if len(t.buckets) > 1024 {
		now := t.now()
		for k, v := range t.buckets {
			if !v.After(now) {
				delete(t.buckets, k)
			}
		}
	}
	t.buckets[path] = until
}

// RoundTrip sends the request, with the redirect and the retries.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	p := t.Policy.withDefaults()
	ctx := req.Context()
	out := req.Clone(ctx)
	if t.Origin != nil {
		u := *out.URL
		u.Scheme, u.Host = t.Origin.Scheme, t.Origin.Host
		out.URL, out.Host = &u, ""
	}
	if out.Body != nil && out.Body != http.NoBody {
		// Every attempt reads a fresh copy of the body.
		if out.GetBody == nil {
			b, err := io.ReadAll(out.Body)
			if err != nil {
				out.Body.Close()
				return nil, err
			}
			out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
		}
		out.Body.Close()
	} else {
		out.GetBody = nil
	}
	route := RouteOf(req.Method, out.URL.Path)
	path := out.URL.Path

	waited := false // just waited out a 429; do not wait again for the same limit
	for attempt := 1; ; attempt++ {
		if until := t.blockedUntil(path); !waited && until.After(t.now()) {
			wait := until.Sub(t.now())
			if !t.fits(ctx, wait, p) {
				return nil, &DeadlineError{Route: route, Wait: wait, Why: "rate limited"}
			}
			if err := t.sleep(ctx, wait); err != nil {
				return nil, err
			}
		}
		waited = false
		r := out.Clone(ctx)
		if out.GetBody != nil {
			body, err := out.GetBody()
			if err != nil {
				return nil, err
			}
			r.Body = body
		}
		actx, cancel := context.WithTimeout(ctx, p.AttemptTimeout)
		r = r.WithContext(actx)
		began := t.now()
		resp, err := t.base().RoundTrip(r)
		res := RESTResult{Route: route, Attempt: attempt, Err: err, Latency: t.now().Sub(began)}

		if err != nil {
			cancel()
			if ctx.Err() != nil {
				t.observe(res)
				return nil, err
			}
			wait := backoff(p, attempt)
			if attempt >= p.MaxAttempts || !t.fits(ctx, wait, p) {
				t.observe(res)
				return nil, err
			}
			res.Retry = wait
			t.observe(res)
			t.logger().Warn("discord: REST call failed, retrying", "route", route, "attempt", attempt, "err", redactURLError(err), "wait", wait)
			if err := t.sleep(ctx, wait); err != nil {
				return nil, err
			}
			continue
		}
		res.Status = resp.StatusCode
		resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}

		switch {
		case resp.StatusCode == http.StatusTooManyRequests:
			wait, global := rateLimitWait(resp)
			t.block(path, t.now().Add(wait), global)
			if attempt < p.MaxAttempts && t.fits(ctx, wait, p) {
				res.Retry = wait
				t.observe(res)
				drain(resp)
				t.logger().Warn("discord: rate limited, retrying", "route", route, "attempt", attempt, "wait", wait, "global", global)
				if err := t.sleep(ctx, wait); err != nil {
					return nil, err
				}
				waited = true
				continue
			}
			t.observe(res)
			stripRateLimitHeaders(resp.Header)
			return resp, nil
		case resp.StatusCode == 500 || resp.StatusCode == 502 || resp.StatusCode == 503 || resp.StatusCode == 504:
			wait := backoff(p, attempt)
			if ra, ok := retryAfterHeader(resp.Header); ok && ra > wait {
				wait = ra
			}
			if attempt < p.MaxAttempts && t.fits(ctx, wait, p) {
				res.Retry = wait
				t.observe(res)
				drain(resp)
				t.logger().Warn("discord: server error, retrying", "route", route, "attempt", attempt, "status", resp.StatusCode, "wait", wait)
				if err := t.sleep(ctx, wait); err != nil {
					return nil, err
				}
				continue
			}
			t.observe(res)
			return resp, nil
		default:
			t.observe(res)
			if resp.Header.Get("X-RateLimit-Remaining") == "0" {
				if s, err := strconv.ParseFloat(resp.Header.Get("X-RateLimit-Reset-After"), 64); err == nil && s > 0 {
					t.block(path, t.now().Add(seconds(s)), false)
				}
			}
			stripRateLimitHeaders(resp.Header)
			return resp, nil
		}
	}
}

func (t *Transport) observe(r RESTResult) {
	if t.Observe != nil {
		t.Observe(r)
	}
}

func backoff(p RetryPolicy, attempt int) time.Duration {
	return doubling(p.BaseBackoff, p.MaxBackoff, attempt)
}

func seconds(s float64) time.Duration {
	if math.IsNaN(s) || s < 0 {
		return 0
	}
	if s > 24*3600 {
		s = 24 * 3600
	}
	return time.Duration(s * float64(time.Second))
}

// rateLimitWait reads a 429: retry_after (float seconds) and global from
// the JSON body, else Retry-After and X-RateLimit-Global from the headers.
// It leaves the body readable.
func rateLimitWait(resp *http.Response) (time.Duration, bool) {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	var v struct {
		RetryAfter *float64 `json:"retry_after"`
		Global     bool     `json:"global"`
	}
	_ = json.Unmarshal(body, &v)
	global := v.Global || strings.EqualFold(resp.Header.Get("X-RateLimit-Global"), "true")
	if v.RetryAfter != nil {
		return seconds(*v.RetryAfter), global
	}
	if d, ok := retryAfterHeader(resp.Header); ok {
		return d, global
	}
	return time.Second, global
}

func retryAfterHeader(h http.Header) (time.Duration, bool) {
	v := h.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		return seconds(s), true
	}
	return 0, false
}

func stripRateLimitHeaders(h http.Header) {
	for k := range h {
		if strings.HasPrefix(http.CanonicalHeaderKey(k), "X-Ratelimit-") {
			delete(h, k)
		}
	}
}

func drain(resp *http.Response) {
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c *cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// RouteOf is the template of a REST call, safe to log and to use as a
// metrics label: the API version is dropped, snowflakes become {id}, and
// interaction and webhook tokens become {token}. For example
// "POST /interactions/{id}/{token}/callback".
func RouteOf(method, path string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if len(segs) >= 2 && segs[0] == "api" && strings.HasPrefix(segs[1], "v") {
		segs = segs[2:]
	}
	for i := 0; i < len(segs); i++ {
		switch {
		case segs[i] == "interactions" && i+2 < len(segs):
			segs[i+1], segs[i+2] = "{id}", "{token}"
			i += 2
		case segs[i] == "webhooks" && i+2 < len(segs):
			segs[i+1], segs[i+2] = "{app}", "{token}"
			i += 2
		case isSnowflake(segs[i]):
			segs[i] = "{id}"
		}
	}
	return method + " /" + strings.Join(segs, "/")
}

// redactURLError rewrites the URL of a *url.Error (which net/http puts in
// every transport error) to its route template, so no token is logged.
func redactURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		route := ue.URL
		if u, perr := url.Parse(ue.URL); perr == nil {
			route = RouteOf(strings.ToUpper(ue.Op), u.Path)
		}
		return fmt.Errorf("%s: %w", route, ue.Err)
	}
	return err
}
