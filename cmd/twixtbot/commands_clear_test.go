package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/bot"
	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/discordtest"
)

// TestCommandsClear registers the bot's commands in a server and globally
// on the fake Discord, as a bot moving from DISCORD_GUILD_ID to global
// registration leaves them, then removes the server's with
// `twixtbot commands clear --guild ID` and the global ones without it.
func TestCommandsClear(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	client, err := discord.NewClient(discord.ClientOptions{Token: fake.Token(), APIBase: fake.URL()})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []discord.GuildID{discord.GuildID(fake.GuildID()), ""} {
		if _, err := client.RegisterCommands(context.Background(), fake.AppID(), g, bot.Commands()); err != nil {
			t.Fatal(err)
		}
	}
	n := len(bot.Commands())
	vars := map[string]string{"DISCORD_TOKEN": fake.Token(), "DISCORD_APP_ID": fake.AppID(), "DISCORD_API_BASE": fake.URL()}
	clear := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(context.Background(), append([]string{"commands", "clear"}, args...), strings.NewReader(""), &out, &errb, env(vars))
		return code, out.String(), errb.String()
	}

	code, out, errs := clear("--guild", fake.GuildID())
	if code != 0 || !strings.Contains(out, "Removed ") || !strings.Contains(out, "in server "+fake.GuildID()) || !strings.Contains(out, "/twixt") {
		t.Fatalf("clear --guild: exit %d, %q %q", code, out, errs)
	}
	if got := len(fake.Commands(fake.GuildID())); got != 0 {
		t.Errorf("%d commands left in the server", got)
	}
	if got := len(fake.Commands("")); got != n {
		t.Errorf("clearing the server touched the global commands: %d left of %d", got, n)
	}
	// Without --guild: the global commands. The bot of this configuration
	// (no DISCORD_GUILD_ID) would register them there again.
	code, out, errs = clear()
	if code != 0 || !strings.Contains(out, "registered globally") || !strings.Contains(out, "again when it starts") || len(fake.Commands("")) != 0 {
		t.Fatalf("clear: exit %d, %q %q; %d global commands left", code, out, errs, len(fake.Commands("")))
	}
	code, out, _ = clear()
	if code != 0 || !strings.Contains(out, "nothing to remove") {
		t.Fatalf("clear again: exit %d, %q", code, out)
	}
}

// TestCommandsClearRefusesBadInput: each mistake gets a message saying
// what is wrong, and changes nothing.
func TestCommandsClearRefusesBadInput(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{})
	good := map[string]string{"DISCORD_TOKEN": fake.Token(), "DISCORD_APP_ID": fake.AppID(), "DISCORD_API_BASE": fake.URL()}
	for _, tc := range []struct {
		args []string
		vars map[string]string
		code int
		want string
	}{
		{[]string{"commands"}, good, 2, "the one there is is clear"},
		{[]string{"commands", "list"}, good, 2, `"list" is not a commands action`},
		{[]string{"commands", "clear", "--guild", "my server"}, good, 2, "is not a server id"},
		{[]string{"commands", "clear", "extra"}, good, 2, `unexpected "extra"`},
		{[]string{"commands", "clear", "--nope"}, good, 2, "flag provided but not defined"},
		{[]string{"commands", "clear"}, map[string]string{"DISCORD_APP_ID": fake.AppID()}, 2, "DISCORD_TOKEN"},
		{[]string{"commands", "clear"}, map[string]string{"DISCORD_TOKEN": "wrong", "DISCORD_APP_ID": fake.AppID(), "DISCORD_API_BASE": fake.URL()}, 1, "Reset Token"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), tc.args, strings.NewReader(""), &out, &errb, env(tc.vars))
		if code != tc.code || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tc.args, code, errb.String(), tc.code, tc.want)
		}
	}
	fake.TakeViolations() // the wrong token, on purpose
	if calls := fake.CallsTo("PUT", discordtest.RouteGlobalCommands); len(calls) != 0 {
		t.Errorf("%d overwrites sent", len(calls))
	}
}
