package discord

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// latencyBuckets are the upper bounds, in seconds, of the latency
// histograms.
var latencyBuckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

type histogram struct {
	counts []uint64 // per bucket, not cumulative; the last is +Inf
	sum    float64
	n      uint64
}

func (h *histogram) observe(d time.Duration) {
	if h.counts == nil {
		h.counts = make([]uint64, len(latencyBuckets)+1)
	}
	s := d.Seconds()
	i, _ := slices.BinarySearch(latencyBuckets, s)
	h.counts[i]++
	h.sum += s
	h.n++
}

type labelPair [2]string

type funcMetric struct {
	name, help, kind string
	f                func() float64
}

// Metrics counts interactions by route and outcome, their latencies, and
// Discord REST calls, and serves them in Prometheus' text format (it is an
// http.Handler for /metrics). The zero value is not usable; use NewMetrics.
type Metrics struct {
	ns string

	mu           sync.Mutex
	interactions map[labelPair]uint64 // route, outcome
	ack          map[string]*histogram
	total        map[string]*histogram
	rest         map[labelPair]uint64 // route, status
	retries      map[string]uint64
	gateway      map[labelPair]uint64 // shard, event
	shardUp      map[string]bool      // by shard
	funcs        []funcMetric
}

var metricName = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*$`)

// NewMetrics returns empty metrics whose names start with namespace
// ("twixtbot" gives twixtbot_interactions_total).
func NewMetrics(namespace string) *Metrics {
	if !metricName.MatchString(namespace) {
		panic(fmt.Sprintf("discord: metrics namespace %q is not a valid Prometheus name", namespace))
	}
	return &Metrics{
		ns:           namespace,
		interactions: map[labelPair]uint64{},
		ack:          map[string]*histogram{},
		total:        map[string]*histogram{},
		rest:         map[labelPair]uint64{},
		retries:      map[string]uint64{},
		gateway:      map[labelPair]uint64{},
		shardUp:      map[string]bool{},
	}
}

// Gauge adds a gauge read from f at each scrape (active games, say). The
// name gets the namespace prefix; registering a name again replaces it.
func (m *Metrics) Gauge(name, help string, f func() float64) { m.addFunc(name, help, "gauge", f) }

// CounterFunc adds a counter read from f at each scrape.
func (m *Metrics) CounterFunc(name, help string, f func() float64) {
	m.addFunc(name, help, "counter", f)
}

func (m *Metrics) addFunc(name, help, kind string, f func() float64) {
	full := m.ns + "_" + name
	if !metricName.MatchString(full) || f == nil {
		panic(fmt.Sprintf("discord: bad metric %q", full))
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	fm := funcMetric{name: full, help: help, kind: kind, f: f}
	for i := range m.funcs {
		if m.funcs[i].name == full {
			m.funcs[i] = fm // the latest registration wins
			return
		}
	}
	m.funcs = append(m.funcs, fm)
}

func (m *Metrics) observeInteraction(route string, o Outcome, ack, total time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.interactions[labelPair{route, string(o)}]++
	for _, x := range []struct {
		m map[string]*histogram
		d time.Duration
	}{{m.ack, ack}, {m.total, total}} {
		h := x.m[route]
		if h == nil {
			h = &histogram{}
			x.m[route] = h
		}
		h.observe(x.d)
	}
}

func (m *Metrics) observeREST(r RESTResult) {
	status := "error"
	if r.Status != 0 {
		status = strconv.Itoa(r.Status)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rest[labelPair{r.Route, status}]++
	if r.Retry > 0 {
		m.retries[r.Route]++
	}
}

// observeGateway counts an event of a shard's gateway session: "ready",
// "resumed" (up), "disconnect" (down) or "interaction"; "" only marks
// the session down (not yet open, or closed). m may be nil.
func (m *Metrics) observeGateway(shard, event string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if event != "" {
		m.gateway[labelPair{shard, event}]++
	}
	switch event {
	case "", "disconnect":
		m.shardUp[shard] = false
	case "ready", "resumed":
		m.shardUp[shard] = true
	}
}

// Interactions is the count for one route and outcome.
func (m *Metrics) Interactions(route string, o Outcome) uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.interactions[labelPair{route, string(o)}]
}

func escapeLabel(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s)
}

func formatFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "+Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	case math.IsNaN(f):
		return "NaN"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// WriteText writes every metric in Prometheus' text exposition format.
func (m *Metrics) WriteText(w io.Writer) error {
	m.mu.Lock()
	funcs := slices.Clone(m.funcs)
	bw := bufio.NewWriter(w)
	m.writeCounters(bw, "interactions_total", "Interactions handled, by route and outcome.", "route", "outcome", m.interactions)
	m.writeHistograms(bw, "interaction_ack_seconds", "Time from an interaction's arrival to its initial response (the reply or a deferral).", m.ack)
	m.writeHistograms(bw, "interaction_seconds", "Time from an interaction's arrival to its reply delivered.", m.total)
	m.writeCounters(bw, "discord_requests_total", "Attempts of Discord REST calls, by route and HTTP status (error: no answer).", "route", "status", m.rest)
	retries := map[labelPair]uint64{}
	for k, v := range m.retries {
		retries[labelPair{k, ""}] = v
	}
	m.writeCounters(bw, "discord_retries_total", "Discord REST attempts that were retried, by route.", "route", "", retries)
	if len(m.shardUp) > 0 {
		m.writeCounters(bw, "gateway_events_total", "Gateway events, by shard: ready (IDENTIFY answered), resumed, disconnect, interaction.", "shard", "event", m.gateway)
		full := m.ns + "_gateway_shard_up"
		fmt.Fprintf(bw, "# HELP %s Whether the shard's gateway session is ready (1) or not (0).\n# TYPE %s gauge\n", full, full)
		shards := slices.Collect(maps.Keys(m.shardUp))
		slices.SortFunc(shards, func(a, b string) int { // numerically: 2 before 10
			if c := cmp.Compare(len(a), len(b)); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		for _, sh := range shards {
			up := 0
			if m.shardUp[sh] {
				up = 1
			}
			fmt.Fprintf(bw, "%s{shard=\"%s\"} %d\n", full, escapeLabel(sh), up)
		}
	}
	m.mu.Unlock()
	// The funcs run unlocked: they may be slow or take locks of their own.
	for _, f := range funcs {
		fmt.Fprintf(bw, "# HELP %s %s\n# TYPE %s %s\n%s %s\n", f.name, f.help, f.name, f.kind, f.name, formatFloat(f.f()))
	}
	return bw.Flush()
}

func (m *Metrics) writeCounters(w io.Writer, name, help, l1, l2 string, values map[labelPair]uint64) {
	full := m.ns + "_" + name
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s counter\n", full, help, full)
	keys := make([]labelPair, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b labelPair) int {
		if c := strings.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return strings.Compare(a[1], b[1])
	})
	for _, k := range keys {
		labels := fmt.Sprintf(`%s="%s"`, l1, escapeLabel(k[0]))
		if l2 != "" {
			labels += fmt.Sprintf(`,%s="%s"`, l2, escapeLabel(k[1]))
		}
		fmt.Fprintf(w, "%s{%s} %d\n", full, labels, values[k])
	}
}

func (m *Metrics) writeHistograms(w io.Writer, name, help string, hs map[string]*histogram) {
	full := m.ns + "_" + name
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s histogram\n", full, help, full)
	routes := make([]string, 0, len(hs))
	for r := range hs {
		routes = append(routes, r)
	}
	slices.Sort(routes)
	for _, r := range routes {
		h := hs[r]
		lr := escapeLabel(r)
		var cum uint64
		for i, le := range latencyBuckets {
			cum += h.counts[i]
			fmt.Fprintf(w, "%s_bucket{route=\"%s\",le=\"%s\"} %d\n", full, lr, formatFloat(le), cum)
		}
		fmt.Fprintf(w, "%s_bucket{route=\"%s\",le=\"+Inf\"} %d\n", full, lr, h.n)
		fmt.Fprintf(w, "%s_sum{route=\"%s\"} %s\n", full, lr, formatFloat(h.sum))
		fmt.Fprintf(w, "%s_count{route=\"%s\"} %d\n", full, lr, h.n)
	}
}

// ServeHTTP serves the metrics (mount it at /metrics).
func (m *Metrics) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "use GET", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	_ = m.WriteText(w)
}

// HealthHandler serves /healthz: 200 "ok" when check passes within 5
// seconds, 503 with the error otherwise. A nil check always passes.
func HealthHandler(check func(ctx context.Context) error) http.Handler {
	return healthHandler(check, nil)
}

// healthHandler is HealthHandler with the lines of details (each shard's
// state, say) after the verdict.
func healthHandler(check func(ctx context.Context) error, details func() []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "use GET", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if check != nil {
			ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
			defer cancel()
			if err := check(ctx); err != nil {
				w.WriteHeader(http.StatusServiceUnavailable)
				fmt.Fprintf(w, "unhealthy: %v\n", err)
				writeLines(w, details)
				return
			}
		}
		fmt.Fprintln(w, "ok")
		writeLines(w, details)
	})
}

func writeLines(w io.Writer, lines func() []string) {
	if lines == nil {
		return
	}
	for _, l := range lines() {
		fmt.Fprintln(w, l)
	}
}
