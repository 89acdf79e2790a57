package discord

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/bot/discordtest"
)

func TestParseShardCount(t *testing.T) {
	for _, tc := range []struct {
		in    string
		auto  bool
		count int
		bad   bool
	}{
		{"", false, 0, false},
		{"auto", true, 0, false},
		{" AUTO ", true, 0, false},
		{"1", false, 1, false},
		{"16", false, 16, false},
		{"65536", false, 65536, false},
		{"0", false, 0, true},
		{"-2", false, 0, true},
		{"65537", false, 0, true},
		{"four", false, 0, true},
		{"4.0", false, 0, true},
	} {
		auto, count, err := ParseShardCount(tc.in)
		var ce *ConfigError
		if tc.bad {
			if err == nil || !errors.As(err, &ce) || ce.Var != "TWIXTBOT_SHARDS" || !errors.Is(err, ErrConfig) {
				t.Errorf("%q: %v, want a ConfigError for TWIXTBOT_SHARDS", tc.in, err)
			}
			continue
		}
		if err != nil || auto != tc.auto || count != tc.count {
			t.Errorf("%q: %v %d %v, want %v %d", tc.in, auto, count, err, tc.auto, tc.count)
		}
	}
}

func TestParseShardIDs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
		err  string // in the error; "" for none
	}{
		{"", nil, ""},
		{"0", []int{0}, ""},
		{"0-3", []int{0, 1, 2, 3}, ""},
		{"0,2,5-7", []int{0, 2, 5, 6, 7}, ""},
		{" 7 , 1-2 ", []int{1, 2, 7}, ""},
		{"3-3", []int{3}, ""},
		{"0,,1", nil, "empty item"},
		{"1,", nil, "empty item"},
		{"3-1", nil, "goes down"},
		{"1-2,2", nil, "lists shard 2 twice"},
		{"-1", nil, "not a shard id"},
		{"1-", nil, "not a shard id"},
		{"a-b", nil, "not a shard id"},
		{"+1", nil, "not a shard id"},
		{"65536", nil, "not a shard id"},
		{"1-2-3", nil, "not a shard id"},
	} {
		got, err := ParseShardIDs(tc.in)
		if tc.err != "" {
			var ce *ConfigError
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.As(err, &ce) || ce.Var != "TWIXTBOT_SHARD_IDS" {
				t.Errorf("%q: %v, want a ConfigError saying %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%q: %v %v, want %v", tc.in, got, err, tc.want)
		}
	}
}

func FuzzParseShardIDs(f *testing.F) {
	for _, s := range []string{"", "0-3", "0,2,5-7", "3-1", "1,,2", "65535", "0-65535", " 1 - 2 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ids, err := ParseShardIDs(s)
		if err != nil {
			if !errors.Is(err, ErrConfig) {
				t.Fatalf("%q: an error that is not ErrConfig: %v", s, err)
			}
			return
		}
		for i, id := range ids {
			if id < 0 || id >= MaxShards || (i > 0 && ids[i-1] >= id) {
				t.Fatalf("%q gave %v: not ascending, unique ids below %d", s, ids, MaxShards)
			}
		}
		// Written back one by one, the ids read the same.
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = strconv.Itoa(id)
		}
		again, err := ParseShardIDs(strings.Join(parts, ","))
		if err != nil || !slices.Equal(again, ids) {
			t.Fatalf("%q gave %v; written back it gave %v, %v", s, ids, again, err)
		}
	})
}

func FuzzParseShardCount(f *testing.F) {
	for _, s := range []string{"", "auto", "1", "0", "65536", "65537", "-1", " 8 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		auto, n, err := ParseShardCount(s)
		var ce *ConfigError
		switch {
		case err != nil && !errors.As(err, &ce):
			t.Fatalf("%q: %v is not a ConfigError", s, err)
		case err == nil && auto && n != 0, err == nil && !auto && (n < 0 || n > MaxShards):
			t.Fatalf("%q: auto %v, count %d", s, auto, n)
		case err == nil && n == 0 && !auto && strings.TrimSpace(s) != "":
			t.Fatalf("%q: no sharding from a value that is not empty", s)
		}
	})
}

func TestConfigShards(t *testing.T) {
	base := Config{Token: "t", AppID: "100000000000000001"}
	for _, tc := range []struct {
		shards, ids, http string
		want              ShardPlan
		err               string
	}{
		{"", "", "", ShardPlan{}, ""},
		{"auto", "", "", ShardPlan{Auto: true}, ""},
		{"auto", "4-7", "", ShardPlan{Auto: true, IDs: []int{4, 5, 6, 7}}, ""},
		{"8", "0,2", "", ShardPlan{Count: 8, IDs: []int{0, 2}}, ""},
		{"0", "", "", ShardPlan{}, "TWIXTBOT_SHARDS (-shards) \"0\" is not a shard count"},
		{"8", "6-9", "", ShardPlan{}, "names shard 8, but TWIXTBOT_SHARDS is 8, so the ids go from 0 to 7"},
		{"", "0-3", "", ShardPlan{}, "TWIXTBOT_SHARD_IDS (-shard-ids) is set but TWIXTBOT_SHARDS is not"},
		{"auto", "", ":8080", ShardPlan{}, "shards are gateway sessions"},
	} {
		c := base
		c.Shards, c.ShardIDs, c.HTTPAddr = tc.shards, tc.ids, tc.http
		if tc.http != "" {
			c.PublicKey = strings.Repeat("ab", 32)
		}
		plan, err := c.ShardPlan()
		verr := c.Validate()
		if tc.err != "" {
			if err == nil || verr == nil || !strings.Contains(verr.Error(), tc.err) || !errors.Is(verr, ErrConfig) {
				t.Errorf("%q/%q: Validate %v, want an error saying %q", tc.shards, tc.ids, verr, tc.err)
			}
			continue
		}
		if err != nil || verr != nil || plan.String() != tc.want.String() {
			t.Errorf("%q/%q: %v (%v, %v), want %v", tc.shards, tc.ids, plan, err, verr, tc.want)
		}
	}
}

// newShardedApp is a gateway App run in shards (TWIXTBOT_SHARDS, _IDS)
// against a fake that enforces the identify rate limit on the clock the
// App waits on.
func newShardedApp(t *testing.T, o discordtest.Options, shards, ids string) *gatewayApp {
	t.Helper()
	clock := discordtest.NewClock(time.Unix(1_700_000_000, 0))
	o.IdentifyClock = clock
	fake := discordtest.New(t, o)
	g := newGatewayApp(t, fake, fake.Token())
	g.clock, g.app.Clock = clock, clock
	g.app.Config.Shards, g.app.Config.ShardIDs = shards, ids
	return g
}

// startShards starts the App and waits until the shards are ready and
// /healthz says so.
func (g *gatewayApp) startShards(t *testing.T, shards ...int) {
	t.Helper()
	g.start(t)
	if err := g.fake.WaitShards(waitCtx(t), shards...); err != nil {
		t.Fatal(err)
	}
	g.waitHealth(t, 200, "ok")
}

// shardIDs is 0, 1, ..., n-1.
func shardIDs(n int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// TestShardedStartupPacedByBucket: 16 shards with max_concurrency 1 share
// one rate-limit key, so they identify one at a time, 5 s apart on the
// clock, as Discord requires (the fake refuses an IDENTIFY that breaks
// the limit, and the test fails on it); no sooner, and no later either.
// /healthz is 503 with each shard's state until every shard is ready.
func TestShardedStartupPacedByBucket(t *testing.T) {
	g := newShardedApp(t, discordtest.Options{Shards: 16, MaxConcurrency: 1}, "auto", "")
	start := g.clock.Now()
	g.start(t)
	for n := 1; n < 16; n++ {
		if _, err := g.fake.WaitGatewayStats(waitCtx(t), func(s discordtest.GatewayStats) bool { return s.Identifies >= n }); err != nil {
			t.Fatalf("IDENTIFY %d never came: %v", n, err)
		}
		if err := g.clock.WaitTimers(waitCtx(t), 1); err != nil {
			t.Fatal(err)
		}
		if got := g.fake.GatewayStats().Identifies; got != n {
			t.Fatalf("%d IDENTIFYs before the clock moved 5 s, want %d", got, n)
		}
		if n == 1 {
			g.waitHealth(t, 503, "15 of 16 shards not ready")
			g.waitHealth(t, 503, "shard 15/16: waiting for its turn to identify (max_concurrency 1: that many shards identify per 5 s)")
		}
		g.clock.Advance(5 * time.Second)
	}
	if err := g.fake.WaitShards(waitCtx(t), shardIDs(16)...); err != nil {
		t.Fatal(err)
	}
	ids := g.fake.Identifies()
	seen := map[int]bool{}
	for i, id := range ids {
		seen[id.Shard[0]] = true
		if !id.Sharded || id.Shard != [2]int{i, 16} {
			t.Errorf("IDENTIFY %d was of shard %v, want [%d, 16]: in order", i, id.Shard, i)
		}
		if i > 0 && id.At.Sub(ids[i-1].At) < 5*time.Second {
			t.Errorf("IDENTIFY of shard %d came %v after the previous one, want 5 s at least", id.Shard[0], id.At.Sub(ids[i-1].At))
		}
	}
	if len(ids) != 16 || len(seen) != 16 {
		t.Fatalf("%d IDENTIFYs of %d shards, want one of each of 16", len(ids), len(seen))
	}
	if last := ids[15].At.Sub(start); last != 75*time.Second {
		t.Errorf("the last shard identified %v after the start, want 15 x 5 s", last)
	}
	g.waitHealth(t, 200, "shard 15/16: ready")
	if !strings.Contains(g.logs.String(), `"max_concurrency":1`) {
		t.Errorf("the log does not say how the shards start:\n%s", g.logs)
	}
	g.stop(t)
}

// TestShardedStartupTogether: with max_concurrency 16, each of 16 shards
// has its own rate-limit key, and all identify at once.
func TestShardedStartupTogether(t *testing.T) {
	g := newShardedApp(t, discordtest.Options{Shards: 16, MaxConcurrency: 16}, "auto", "")
	start := g.clock.Now()
	g.startShards(t, shardIDs(16)...)
	for _, id := range g.fake.Identifies() {
		if !id.At.Equal(start) {
			t.Errorf("shard %v identified at %v, want at once", id.Shard, id.At.Sub(start))
		}
	}
	g.stop(t)
}

// TestShardIDsOfOneProcess: a process that runs shards 4-7 of 8 opens
// only those, with the count 8.
func TestShardIDsOfOneProcess(t *testing.T) {
	g := newShardedApp(t, discordtest.Options{Shards: 2, MaxConcurrency: 4}, "8", "4-7")
	g.startShards(t, 4, 5, 6, 7)
	g.waitHealth(t, 200, "shard 7/8: ready")
	var got []int
	for _, id := range g.fake.Identifies() {
		if id.Shard[1] != 8 {
			t.Errorf("IDENTIFY %v, want a count of 8 (TWIXTBOT_SHARDS), not Discord's recommendation", id.Shard)
		}
		got = append(got, id.Shard[0])
	}
	slices.Sort(got)
	if !slices.Equal(got, []int{4, 5, 6, 7}) {
		t.Errorf("shards %v identified, want 4-7", got)
	}
	g.stop(t)
}

// TestShardDropsAndResumes: one of four shards loses its connection.
// /healthz turns 503 naming it, the other shards keep serving, and the
// shard resumes its session (no new IDENTIFY), after which the
// interaction sent to it meanwhile is served. The log and the metrics say
// which shard.
func TestShardDropsAndResumes(t *testing.T) {
	g := newShardedApp(t, discordtest.Options{Shards: 4, MaxConcurrency: 4}, "auto", "")
	g.startShards(t, 0, 1, 2, 3)
	g.waitHealth(t, 200, "shard 3/4: ready")
	if err := g.fake.DropShard(2, 4000); err != nil {
		t.Fatal(err)
	}
	g.waitHealth(t, 503, "1 of 4 shards not ready: 2/4")
	g.waitHealth(t, 503, "shard 2/4: the gateway connection dropped; reconnecting")
	g.waitHealth(t, 503, "shard 1/4: ready")

	late := g.fake.Command(g.alice, "ping", discordtest.InGuild(discordtest.GuildOnShard(2, 4)))
	sent := make(chan error, 1)
	go func() { sent <- g.fake.Deliver(context.Background(), late) }()
	for _, shard := range []int{0, 1, 3} {
		i := g.fake.Command(g.alice, "ping", discordtest.InGuild(discordtest.GuildOnShard(shard, 4)))
		if res := g.fake.Exchange(i); res.Message.Content != "pong" {
			t.Fatalf("shard %d, while shard 2 is down, answered %q", shard, res.Message.Content)
		}
	}
	if g.fake.Answered(late.ID) {
		t.Fatal("the interaction for shard 2 was answered while it was down")
	}
	g.reconnect(t)
	st, err := g.fake.WaitGatewayStats(waitCtx(t), func(s discordtest.GatewayStats) bool { return s.Resumes == 1 })
	if err != nil {
		t.Fatal(err)
	}
	if st.Identifies != 4 {
		t.Errorf("gateway %+v: want the shard resumed, not identified again", st)
	}
	g.waitHealth(t, 200, "shard 2/4: ready")
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	if m := g.fake.Await(late.ID).Message; m.Content != "pong" {
		t.Fatalf("the interaction sent to shard 2 during its outage answered %q", m.Content)
	}
	logs := g.logs.String()
	if !strings.Contains(logs, `"msg":"discord: gateway session resumed","shard":"2/4"`) {
		t.Errorf("the log does not say which shard resumed:\n%s", logs)
	}
	// The interaction's log line names the shard it came over.
	found := false
	for _, line := range strings.Split(logs, "\n") {
		if strings.Contains(line, `"msg":"interaction","interaction":"`+late.ID+`"`) {
			found = true
			if !strings.Contains(line, `"shard":"2/4"`) {
				t.Errorf("the interaction's log line does not name its shard: %s", line)
			}
		}
	}
	if !found {
		t.Errorf("no log line for the interaction:\n%s", logs)
	}
	_, metrics, err := discordtest.WaitGet(waitCtx(t), strings.TrimSuffix(g.health, "/healthz")+"/metrics", func(int, string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`twixtbot_gateway_events_total{shard="2",event="disconnect"} 1`, `twixtbot_gateway_events_total{shard="2",event="resumed"} 1`,
		`twixtbot_gateway_events_total{shard="2",event="interaction"} 1`, `twixtbot_gateway_shard_up{shard="2"} 1`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("the metrics lack %s:\n%s", want, metrics)
		}
	}
	g.stop(t)
}

// TestShardResumeRefused: Discord refuses a shard's RESUME (op 9), and
// discordgo identifies anew by itself; the shard serves again, and its
// gate holds its rate-limit key 5 s from that IDENTIFY
// (TestIdentifyGateKeys times it).
func TestShardResumeRefused(t *testing.T) {
	g := newShardedApp(t, discordtest.Options{Shards: 2, MaxConcurrency: 2}, "auto", "")
	g.startShards(t, 0, 1)
	g.fake.InvalidateSession()
	if err := g.fake.DropShard(1, 0); err != nil {
		t.Fatal(err)
	}
	g.waitHealth(t, 503, "shard 1/2: the gateway connection dropped")
	if err := g.clock.WaitTimers(waitCtx(t), 1); err != nil {
		t.Fatal(err)
	}
	g.clock.Advance(identifyWindow) // the backoff, and Discord's 5 s since shard 1's IDENTIFY
	if _, err := g.fake.WaitGatewayStats(waitCtx(t), func(s discordtest.GatewayStats) bool { return s.Identifies == 3 }); err != nil {
		t.Fatal(err)
	}
	g.waitHealth(t, 200, "shard 1/2: ready")
	if res := g.fake.Exchange(g.fake.Command(g.alice, "ping", discordtest.InGuild(discordtest.GuildOnShard(1, 2)))); res.Message.Content != "pong" {
		t.Fatalf("shard 1, identified anew, answered %q", res.Message.Content)
	}
	if st := g.fake.GatewayStats(); st.Invalidated != 1 || st.RateLimited != 0 {
		t.Errorf("gateway %+v: want the RESUME refused once, and no IDENTIFY over the limit", st)
	}
	g.stop(t)
}

// TestShardedWaitsForSessionStartLimit: Discord says no session start
// remains today; the bot says so, waits reset_after on its clock, then
// starts the shards.
func TestShardedWaitsForSessionStartLimit(t *testing.T) {
	zero := 0
	g := newShardedApp(t, discordtest.Options{Shards: 2, MaxConcurrency: 2, StartsRemaining: &zero, ResetAfter: time.Hour}, "auto", "")
	g.start(t)
	g.waitHealth(t, 503, "waiting 1h0m0s for Discord's session start limit to reset (0 starts remain, 2 needed)")
	if err := g.clock.WaitTimers(waitCtx(t), 1); err != nil {
		t.Fatal(err)
	}
	if st := g.fake.GatewayStats(); st.Connections != 0 {
		t.Fatalf("the bot connected before the limit reset: %+v", st)
	}
	if !strings.Contains(g.logs.String(), "waiting for Discord's limit to reset") {
		t.Errorf("the wait is not logged:\n%s", g.logs)
	}
	g.clock.Advance(time.Hour)
	if err := g.fake.WaitShards(waitCtx(t), 0, 1); err != nil {
		t.Fatal(err)
	}
	g.waitHealth(t, 200, "ok")
	g.stop(t)
}

// TestShardConfigRefused: the bot stops at once, saying what to do, when
// TWIXTBOT_SHARD_IDS names a shard beyond Discord's recommended count, or
// when Discord requires sharding (close code 4011) of a bot that does not
// shard.
func TestShardConfigRefused(t *testing.T) {
	g := newShardedApp(t, discordtest.Options{Shards: 2}, "auto", "0-3")
	err := g.app.Run(waitCtx(t))
	var ce *ConfigError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "names shard 2, but Discord recommends 2 shards") {
		t.Fatalf("Run: %v, want a ConfigError about shard 2", err)
	}
	if st := g.fake.GatewayStats(); st.Connections != 0 {
		t.Errorf("gateway %+v: no shard should start", st)
	}

	g = newShardedApp(t, discordtest.Options{Shards: 2, RequireSharding: true}, "", "")
	err = g.app.Run(waitCtx(t))
	var gce *GatewayCloseError
	if !errors.As(err, &gce) || gce.Code != 4011 || !strings.Contains(err.Error(), "TWIXTBOT_SHARDS=auto") {
		t.Fatalf("Run: %v, want a GatewayCloseError 4011 that says to set TWIXTBOT_SHARDS=auto", err)
	}
	if v := g.fake.TakeViolations(); len(v) != 1 || !strings.Contains(v[0], "recommends 2") {
		t.Errorf("violations %q", v)
	}
}

// TestIdentifyGateKeys: shards of different keys pass together; the
// second of a key waits until 5 s after the first was released.
func TestIdentifyGateKeys(t *testing.T) {
	clock := discordtest.NewClock(time.Unix(0, 0))
	gate := newIdentifyGate(clock, 2)
	ctx := waitCtx(t)
	r0, err := gate.acquire(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	r1, err := gate.acquire(ctx, 1) // key 1: not held up by key 0
	if err != nil {
		t.Fatal(err)
	}
	r0()
	r1()
	got := make(chan time.Time, 1)
	go func() {
		r2, err := gate.acquire(ctx, 2) // key 0 again
		if err != nil {
			t.Error(err)
		}
		got <- clock.Now()
		r2()
	}()
	if err := clock.WaitTimers(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clock.Advance(4 * time.Second)
	select {
	case <-got:
		t.Fatal("shard 2 passed 4 s after shard 0")
	default:
	}
	clock.Advance(time.Second)
	if at := <-got; at.Sub(time.Unix(0, 0)) != 5*time.Second {
		t.Errorf("shard 2 passed at %v, want 5 s", at.Sub(time.Unix(0, 0)))
	}
	// An IDENTIFY outside the gate (discordgo's own, after op 9) holds
	// the key back 5 s too.
	gate.identifiedOutside(4)
	go func() {
		r, err := gate.acquire(ctx, 6)
		if err != nil {
			t.Error(err)
		}
		got <- clock.Now()
		r()
	}()
	if err := clock.WaitTimers(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clock.Advance(5 * time.Second)
	if at := <-got; at.Sub(time.Unix(0, 0)) != 10*time.Second {
		t.Errorf("shard 6 passed at %v, want 10 s: 5 s after shard 4's IDENTIFY at 5 s", at.Sub(time.Unix(0, 0)))
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := gate.acquire(cctx, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("acquire after the context ended: %v", err)
	}
}

func ExampleParseShardIDs() {
	ids, err := ParseShardIDs("0,2,5-7")
	fmt.Println(ids, err)
	_, err = ParseShardIDs("5-3")
	fmt.Println(err)
	// Output:
	// [0 2 5 6 7] <nil>
	// TWIXTBOT_SHARD_IDS (-shard-ids) the range "5-3" goes down: write it low-high, such as 3-5
}
