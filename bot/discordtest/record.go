package discordtest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// Sleeps records the waits of code that takes a sleep function (the REST
// client's retries and rate limits, say) instead of sleeping them: a test
// checks that the wait asked for was Discord's retry_after, without
// waiting for it. The zero value is ready.
type Sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

// Sleep records d and returns at once: ctx's error, if it is done.
func (s *Sleeps) Sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

// List is the waits asked for so far, in order.
func (s *Sleeps) List() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.d)
}

// Buffer is a log sink that goroutines share (a bot's logger writes to
// it) and that a test can read and wait on. The zero value is ready.
type Buffer struct {
	watched
	b strings.Builder
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n, err := b.b.Write(p)
	b.broadcast()
	return n, err
}

// String is everything written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// WaitFor waits until re matches what was written, and returns the match
// and its groups.
func (b *Buffer) WaitFor(ctx context.Context, re *regexp.Regexp) ([]string, error) {
	var m []string
	err := b.wait(ctx, func() bool {
		m = re.FindStringSubmatch(b.b.String())
		return m != nil
	})
	return m, err
}

// Get fetches url (a bot's /metrics or /healthz, say) and returns the
// answer, whose body is read and closed, with the body's text.
func Get(ctx context.Context, url string) (*http.Response, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, string(b), err
}

// WaitGet fetches url until ok holds for the answer's status and body, and
// returns that answer: for what a bot reports a little after its reply
// arrives (a counter on /metrics is bumped once the reply is delivered,
// /healthz follows a gateway that reconnects), which a test must wait for
// rather than read at once. It polls, more slowly as it goes on, until ctx
// ends; then it returns ctx's error with the last answer seen, so the
// test can show what was there instead.
func WaitGet(ctx context.Context, url string, ok func(status int, body string) bool) (int, string, error) {
	const first, most = 2 * time.Millisecond, 100 * time.Millisecond
	status, body, lastErr := 0, "", error(nil)
	for pause := first; ; pause = min(2*pause, most) {
		resp, b, err := Get(ctx, url)
		if err == nil {
			status, body = resp.StatusCode, b
			if ok(status, body) {
				return status, body, nil
			}
		} else {
			lastErr = err
		}
		t := time.NewTimer(pause)
		select {
		case <-ctx.Done():
			t.Stop()
			if status == 0 && lastErr != nil {
				return 0, "", fmt.Errorf("%w (the last try: %v)", ctx.Err(), lastErr)
			}
			return status, body, ctx.Err()
		case <-t.C:
		}
	}
}
