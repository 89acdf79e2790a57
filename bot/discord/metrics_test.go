package discord

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// parseExposition reads Prometheus' text format into series -> value,
// failing on any line that breaks the format.
func parseExposition(t testing.TB, text string) map[string]float64 {
	t.Helper()
	line := regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*")*\})?) (\S+)$`)
	meta := regexp.MustCompile(`^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$`)
	out := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		l := sc.Text()
		if meta.MatchString(l) {
			continue
		}
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("not a valid exposition line: %q", l)
		}
		v, err := strconv.ParseFloat(strings.Replace(m[2], "+Inf", "Inf", 1), 64)
		if err != nil {
			t.Fatalf("bad value in %q", l)
		}
		out[m[1]] = v
	}
	return out
}

func TestMetricsExposition(t *testing.T) {
	m := NewMetrics("tb")
	m.observeInteraction("game move", OutcomeOK, 4*time.Millisecond, 20*time.Millisecond)
	m.observeInteraction("game move", OutcomeOK, 30*time.Millisecond, 2*time.Second)
	m.observeInteraction("game move", OutcomeUserError, time.Millisecond, time.Millisecond)
	m.observeInteraction(`we"ird\route`, OutcomePanic, time.Millisecond, time.Millisecond)
	m.observeREST(RESTResult{Route: "POST /interactions/{id}/{token}/callback", Status: 429, Retry: time.Second})
	m.observeREST(RESTResult{Route: "POST /interactions/{id}/{token}/callback", Status: 204})
	m.observeREST(RESTResult{Route: "POST /channels/{id}/messages", Err: errors.New("reset")})
	games := 7.0
	m.Gauge("active_games", "Games in progress.", func() float64 { return games })

	srv := httptest.NewServer(m)
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("Content-Type %q", ct)
	}
	got := parseExposition(t, string(body))
	want := map[string]float64{
		`tb_interactions_total{route="game move",outcome="ok"}`:                                    2,
		`tb_interactions_total{route="game move",outcome="user_error"}`:                            1,
		`tb_interactions_total{route="we\"ird\\route",outcome="panic"}`:                            1,
		`tb_interaction_ack_seconds_bucket{route="game move",le="0.005"}`:                          2,
		`tb_interaction_ack_seconds_bucket{route="game move",le="0.025"}`:                          2,
		`tb_interaction_ack_seconds_bucket{route="game move",le="0.05"}`:                           3,
		`tb_interaction_ack_seconds_bucket{route="game move",le="+Inf"}`:                           3,
		`tb_interaction_ack_seconds_count{route="game move"}`:                                      3,
		`tb_interaction_seconds_bucket{route="game move",le="1"}`:                                  2,
		`tb_interaction_seconds_bucket{route="game move",le="2.5"}`:                                3,
		`tb_discord_requests_total{route="POST /interactions/{id}/{token}/callback",status="429"}`: 1,
		`tb_discord_requests_total{route="POST /channels/{id}/messages",status="error"}`:           1,
		`tb_discord_retries_total{route="POST /interactions/{id}/{token}/callback"}`:               1,
		`tb_active_games`: 7,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	if s := got[`tb_interaction_ack_seconds_sum{route="game move"}`]; s < 0.034 || s > 0.036 {
		t.Errorf("ack sum %v, want 0.035", s)
	}
}

func TestHealthHandler(t *testing.T) {
	healthy := true
	h := HealthHandler(func(ctx context.Context) error {
		if !healthy {
			return errors.New("database unreachable")
		}
		return nil
	})
	get := func() (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
		return rec.Code, rec.Body.String()
	}
	if code, body := get(); code != 200 || body != "ok\n" {
		t.Errorf("healthy: %d %q", code, body)
	}
	healthy = false
	if code, body := get(); code != 503 || !strings.Contains(body, "database unreachable") {
		t.Errorf("unhealthy: %d %q", code, body)
	}
}
