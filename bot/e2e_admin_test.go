package bot

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

func moderator(fake *discordtest.Fake, name string) discordtest.User {
	u := fake.NewUser(name)
	u.Permissions |= discordgo.PermissionManageGuild
	return u
}

// set changes a setting as a moderator and returns the reply.
func (r *botRun) set(mod discordtest.User, setting, value string, opts ...discordtest.Opt) string {
	r.t.Helper()
	res := r.do(mod, "twixtadmin set", append([]discordtest.Opt{discordtest.Str(optSetting, setting), discordtest.Str(optValue, value)}, opts...)...).Message
	if !res.Ephemeral() {
		r.t.Fatalf("set %s: a public reply %q", setting, res.Content)
	}
	return res.Content
}

// TestModeratorSettingsHTTP: /twixtadmin is refused to non-moderators by
// the bot itself; moderators' settings, for the server and per channel,
// govern the challenges that follow, and every change is logged.
func TestModeratorSettingsHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	if cmds := fake.Commands(fake.GuildID()); len(cmds) != 2 || cmds[1].DefaultMemberPermissions == nil || *cmds[1].DefaultMemberPermissions != discordgo.PermissionManageGuild {
		t.Fatalf("/twixtadmin is not registered for Manage Server only: %+v", cmds)
	}
	// Discord hides the command from alice, but a forged or stale client
	// still reaches the bot, which checks again.
	r.refused(alice, "twixtadmin set", "needs the Manage Server permission", discordtest.Str(optSetting, "size"), discordtest.Str(optValue, "12"))
	r.refused(alice, "twixtadmin settings", "needs the Manage Server permission")

	if got := r.set(mod, "size", "16"); !strings.Contains(got, "`size` is now **16x16** for the whole server (it was 24x24)") {
		t.Fatalf("set size: %q", got)
	}
	r.set(mod, "size_max", "20")
	r.set(mod, "handicap_max", "2")
	if got := r.do(mod, "twixtadmin set", discordtest.Str(optSetting, "size_max"), discordtest.Str(optValue, "12")).Message.Content; !strings.Contains(got, "outside the allowed sides 5 to 12") {
		t.Errorf("a contradiction was accepted: %q", got)
	}
	if got := r.do(mod, "twixtadmin set", discordtest.Str(optSetting, "clock"), discordtest.Str(optValue, "soon")).Message.Content; !strings.Contains(got, "10m, 2h, 3d") {
		t.Errorf("a bad value: %q", got)
	}
	// A channel of its own, with a smaller default board.
	other := "300000000000000099"
	r.set(mod, "size", "12", discordtest.Str(optChannel, other))

	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob)).Message
	if !strings.Contains(ch.Content, "16x16") {
		t.Errorf("the server default did not apply: %q", ch.Content)
	}
	ch2 := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.InChannel(other)).Message
	if !strings.Contains(ch2.Content, "12x12") {
		t.Errorf("the channel override did not apply: %q", ch2.Content)
	}
	r.refused(alice, "twixt challenge", "each side from 5 to 20 holes", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optSize, "24"))
	r.refused(alice, "twixt challenge", "handicaps from -12 to 2", discordtest.UserOpt(optOpponent, bob), discordtest.Int(optHandicap, 3))

	// Where and by whom games may be started.
	r.set(mod, "channels", "<#"+other+">")
	r.refused(alice, "twixt challenge", "games are played in <#"+other+">", discordtest.UserOpt(optOpponent, bob))
	r.set(mod, "roles", "400000000000000001")
	r.refused(alice, "twixt challenge", "you need <@&400000000000000001>", discordtest.UserOpt(optOpponent, bob), discordtest.InChannel(other))
	if got := r.do(mod, "twixtadmin unset", discordtest.Str(optSetting, "roles")).Message.Content; !strings.Contains(got, "now **all**") {
		t.Errorf("unset roles: %q", got)
	}
	r.set(mod, "max_games", "2")
	r.refused(alice, "twixt challenge", "already plays 2 games", discordtest.UserOpt(optOpponent, bob), discordtest.InChannel(other))

	show := r.do(mod, "twixtadmin settings", discordtest.Str(optChannel, other)).Message.Content
	for _, want := range []string{"`size` = **12x12** (channel)", "`size_max` = **20** (server)", "`theme` = **classic** (default)"} {
		if !strings.Contains(show, want) {
			t.Errorf("settings do not show %q:\n%s", want, show)
		}
	}
	log := r.do(mod, "twixtadmin log").Message.Content
	if strings.Count(log, "<@"+mod.ID+">") < 7 || !strings.Contains(log, "size = 16x16") || !strings.Contains(log, "roles unset") {
		t.Errorf("the log of changes:\n%s", log)
	}
}

// TestHandicapPresetHTTP: a moderator names a preset, a player picks it by
// name (with autocomplete), and the game has that board and those rules.
func TestHandicapPresetHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	add := r.do(mod, "twixtadmin preset add", discordtest.Str(optName, "beginner"), discordtest.Int(optHandicap, 6), discordtest.Bool(optSwap, false)).Message.Content
	if !strings.Contains(add, "beginner: 6 columns narrower, no swap") {
		t.Fatalf("preset add: %q", add)
	}
	r.do(mod, "twixtadmin preset add", discordtest.Str(optName, "kosmos-2"), discordtest.Int(optExtraMoves, 2))
	res := fake.Exchange(fake.Autocomplete(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Focused(optPreset, "k")))
	// (kosmos-centre is the built-in preset of the Kosmos centre handicap.)
	if len(res.Choices) != 2 || res.Choices[0].Value != "kosmos-2" || res.Choices[1].Value != "kosmos-centre" {
		t.Errorf("preset autocomplete for k: %v", res.Choices)
	}
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optPreset, "beginner"), discordtest.Str(optColor, "red")).Message
	if !strings.Contains(ch.Content, "18x24 standard, handicap 6") || strings.Contains(ch.Content, "swap") {
		t.Fatalf("preset challenge: %q", ch.Content)
	}
	r.press(bob, ch, "accept/g1")
	g, err := r.store.Get(context.Background(), 1)
	if err != nil || g.Settings.BoardSize() != (game.Size{Cols: 18, Rows: 24}) || g.Settings.SwapAllowed() {
		t.Fatalf("the game's settings: %+v %v", g.Settings, err)
	}
	r.refused(alice, "twixt move", "S5 is off the board: columns run A to R", discordtest.Str(optAt, "s5"))
	r.refused(alice, "twixt challenge", "the presets are beginner, kosmos-2", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optPreset, "expert"))
	// The head start: Red places three pegs before Black's first.
	ch = r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optPreset, "kosmos-2"), discordtest.Str(optColor, "red"), discordtest.Str(optGame, "")).Message
	r.press(bob, ch, "accept/g2")
	g2 := discordtest.Str(optGame, "g2")
	r.move(alice, "j12", g2)
	r.move(alice, "l11", g2)
	m := r.move(alice, "n10", g2)
	if !strings.Contains(m.Content, "Black (<@"+bob.ID+">), your move") {
		t.Errorf("after the head start: %q", m.Content)
	}
}

// TestClockTimeoutAfterRestartHTTP: a turn clock's reminder fires once;
// the bot is down when the time runs out, and after the restart the first
// sweep ends the game on time and announces it, once.
func TestClockTimeoutAfterRestartHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	db := filepath.Join(t.TempDir(), "twixt.db")
	clock := newTestClock()
	r := startBot(t, fake, runOpts{db: db, clock: clock})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	r.set(mod, "clock", "1h")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red")).Message
	r.press(bob, ch, "accept/g1")
	// The board's header and alt text give the time left by the bot's
	// clock: a full hour after the move, 20 minutes 40 minutes later.
	if alt := r.move(alice, "j12").Attachments[0].Description; !strings.Contains(alt, "bob (Black) to move. Turn clock: 1h 0m left.") {
		t.Errorf("the move's board says %q, want the time left", alt)
	}
	clock.Advance(40 * time.Minute)
	board := r.do(bob, "twixt board").Message
	if len(board.Attachments) != 1 || !strings.Contains(board.Attachments[0].Description, "Turn clock: 20m left.") {
		t.Errorf("/twixt board 40 minutes later: %q with %d files, want 20m left in the alt text", board.Content, len(board.Attachments))
	} else if !strings.Contains(board.Attachments[0].Description, "bob (Black)") {
		t.Errorf("alt text %q", board.Attachments[0].Description)
	}
	if text := r.do(bob, "twixt board", discordtest.Bool(optText, true)).Message.Content; !strings.Contains(text, "bob (Black) to move · 20m left") {
		t.Errorf("the text board does not give the time left: %q", text)
	}
	r.bot.Sweep(context.Background())
	r.bot.Sweep(context.Background())
	r.flush()
	reminders := 0
	for _, m := range fake.ChannelMessages(fake.ChannelID()) {
		if strings.Contains(m.Content, "your move in g1 is waiting") {
			reminders++
			pings(t, m, bob)
			if !strings.Contains(m.Content, "20 minutes left") {
				t.Errorf("reminder %q", m.Content)
			}
		}
	}
	if reminders != 1 {
		t.Errorf("%d reminders at 50%%, want 1", reminders)
	}
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	clock.Advance(3 * time.Hour) // the deadline passes while the bot is down
	r = startBot(t, fake, runOpts{db: db, clock: clock})
	r.bot.Sweep(context.Background())
	r.bot.Sweep(context.Background())
	r.flush()
	timeouts := 0
	for _, m := range fake.ChannelMessages(fake.ChannelID()) {
		if strings.Contains(m.Content, "ran out of time in g1") {
			timeouts++
			pings(t, m, alice, bob)
			if !strings.Contains(m.Content, "Red wins on time") || len(m.Attachments) != 1 {
				t.Errorf("timeout announcement %q", m.Content)
			}
		}
	}
	if timeouts != 1 {
		t.Errorf("%d timeout announcements, want 1", timeouts)
	}
	g, err := r.store.Get(context.Background(), 1)
	if err != nil || g.Result != (game.Result{Winner: game.Red, Reason: game.Timeout}) || g.State != storage.Finished {
		t.Errorf("stored result %v %v (%v)", g.Result, g.State, err)
	}
}

// TestAbortAdjudicateSubstituteHTTP: a moderator's decisions end games and
// reseat players; each is announced in the game's channel and recorded.
func TestAbortAdjudicateSubstituteHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	mod, alice, bob, carol := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob"), fake.NewUser("carol")
	for i := 1; i <= 3; i++ {
		ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red")).Message
		if i < 3 {
			r.press(bob, ch, "accept/"+storage.GameID(i).String())
		}
	}
	list := r.do(mod, "twixtadmin games").Message.Content
	if !strings.Contains(list, "3 active games") {
		t.Errorf("admin games: %q", list)
	}
	r.refused(alice, "twixtadmin abort", "Manage Server", discordtest.Str(optGame, "g1"))
	if got := r.do(mod, "twixtadmin abort", discordtest.Str(optGame, "g1")).Message; !got.Ephemeral() || !strings.Contains(got.Content, "g1 aborted") {
		t.Fatalf("abort: %q", got.Content)
	}
	if got := r.do(mod, "twixtadmin adjudicate", discordtest.Str(optGame, "g2"), discordtest.Str(optWinner, "black")).Message; !strings.Contains(got.Content, "g2 adjudicated") {
		t.Fatalf("adjudicate: %q", got.Content)
	}
	r.do(mod, "twixtadmin abort", discordtest.Str(optGame, "g3"))
	sub := r.do(mod, "twixtadmin substitute", discordtest.Str(optGame, "g2"), discordtest.Int(optSeat, 1), discordtest.UserOpt(optPlayer, carol)).Message
	if !strings.Contains(sub.Content, "Game g2 is over") {
		t.Errorf("reseating a finished game: %q", sub.Content)
	}
	r.flush()
	var saw []string
	for _, m := range fake.ChannelMessages(fake.ChannelID()) {
		if strings.Contains(m.Content, "A moderator (<@"+mod.ID+">)") {
			saw = append(saw, m.Content)
		}
	}
	if len(saw) != 3 || !strings.Contains(strings.Join(saw, "\n"), "adjudicated g2") || !strings.Contains(strings.Join(saw, "\n"), "cancelled the challenge g3") {
		t.Errorf("announcements:\n%s", strings.Join(saw, "\n"))
	}
	ctx := context.Background()
	g1, _ := r.store.Get(ctx, 1)
	g2, _ := r.store.Get(ctx, 2)
	g3, _ := r.store.Get(ctx, 3)
	if g1.Result.Reason != game.Aborted || g2.Result != (game.Result{Winner: game.Black, Reason: game.Adjudication}) || g3.State != storage.Cancelled {
		t.Errorf("recorded: %v, %v, %v", g1.Result, g2.Result, g3.State)
	}
	// A running game can be reseated.
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red")).Message
	r.press(bob, ch, "accept/g4")
	r.do(mod, "twixtadmin substitute", discordtest.Str(optGame, "g4"), discordtest.Int(optSeat, 1), discordtest.UserOpt(optPlayer, carol))
	m := r.move(carol, "j12")
	if !strings.Contains(m.Content, "Red (<@"+carol.ID+">) played J12") {
		t.Errorf("after reseating: %q", m.Content)
	}
}

// TestThreadsHTTP: with threads on, a game opens its own thread on its
// challenge message, and is played there.
func TestThreadsHTTP(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	mod, alice, bob := moderator(fake, "mod"), fake.NewUser("alice"), fake.NewUser("bob")
	r.set(mod, "threads", "on")
	ch := r.do(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optColor, "red")).Message
	start := r.press(bob, ch, "accept/g1").Message
	r.flush()
	threads := fake.Threads()
	if len(threads) != 1 || !strings.Contains(start.Content, "<#"+threads[0].ID+">") {
		t.Fatalf("threads %+v, start %q", threads, start.Content)
	}
	posted := fake.ChannelMessages(threads[0].ID)
	if len(posted) != 1 || len(posted[0].Attachments) != 1 {
		t.Fatalf("the thread has %d messages", len(posted))
	}
	pings(t, posted[0], alice)
	m := r.move(alice, "j12", discordtest.InChannel(threads[0].ID))
	if !strings.Contains(m.Content, "played J12") {
		t.Errorf("move in the thread: %q", m.Content)
	}
}

// TestEveryAdminCommandNeedsModerator: whatever /twixtadmin command a
// player without Manage Server sends, with or without its options, the
// group's check refuses it before anything else is read.
func TestEveryAdminCommandNeedsModerator(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	r := startBot(t, fake, runOpts{})
	alice := fake.NewUser("alice")
	n := 0
	for _, path := range r.bot.Router().Routes() {
		path, ok := strings.CutPrefix(path, "command ")
		if !ok || !strings.HasPrefix(path, "twixtadmin ") {
			continue
		}
		n++
		r.refused(alice, path, "needs the Manage Server permission")
	}
	if n != 11 {
		t.Errorf("%d /twixtadmin commands checked, want 11", n)
	}
}
