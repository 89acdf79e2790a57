package bot

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/bot/match"
)

var activeGauge = regexp.MustCompile(`(?m)^twixtbot_active_games (-?[0-9.]+)$`)

// TestActiveGamesGauge scrapes /metrics after each step of two
// challenges' lives: the gauge counts the challenges and games under way,
// and no scrape lists (reads and decodes) the ongoing games.
func TestActiveGamesGauge(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	ls := &countActive{} // leader_test.go
	r := startBot(t, fake, runOpts{wrap: func(s match.Store) match.Store { ls.Store = s; return ls }})
	alice, bob, carol, dave := fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol"), fake.NewUser("dave")
	var first, second discordtest.Message
	challenge := func(from, to discordtest.User) discordtest.Message {
		return r.do(from, "twixt challenge", discordtest.UserOpt(optOpponent, to), discordtest.Str(optColor, "red"), discordtest.Str(optSize, "12")).Message
	}
	steps := []struct {
		what string
		do   func()
		want float64
	}{
		{"no game yet", func() {}, 0},
		{"alice challenges bob", func() { first = challenge(alice, bob) }, 1},
		{"carol challenges dave", func() { second = challenge(carol, dave) }, 2},
		{"bob accepts", func() { r.press(bob, first, "accept/g1") }, 2},
		{"dave declines", func() { r.press(dave, second, "decline/g2") }, 1},
		{"alice moves", func() { r.move(alice, "f6") }, 1},
		{"bob resigns", func() { r.press(bob, r.do(bob, "twixt resign").Message, "resign/g1") }, 0},
	}
	for _, st := range steps {
		st.do()
		r.flush()
		_, text, _ := r.get("/metrics")
		m := activeGauge.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("%s: no active_games in\n%s", st.what, text)
		}
		if got, _ := strconv.ParseFloat(m[1], 64); got != st.want {
			t.Errorf("%s: active_games %v, want %v", st.what, got, st.want)
		}
	}
	if n := ls.n.Load(); n != 0 {
		t.Errorf("the scrapes listed every ongoing game %d times, want none: the gauge counts the index", n)
	}
}
