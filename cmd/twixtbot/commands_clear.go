package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/twixtbot/twixtbot/bot/discord"
)

const commandsUsage = `usage: twixtbot commands clear [--guild ID]
  Removes the bot's slash commands registered in one server (--guild), or
  the global ones (no --guild): stale registrations, such as those left in
  a server by DISCORD_GUILD_ID once the bot registers globally. It needs
  DISCORD_TOKEN and DISCORD_APP_ID, as the bot does.`

// runCommands runs `twixtbot commands ...`.
func runCommands(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) == 0 || args[0] != "clear" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprintln(stdout, commandsUsage)
			return 0
		}
		what := "nothing"
		if len(args) > 0 {
			what = fmt.Sprintf("%q", args[0])
		}
		fmt.Fprintf(stderr, "twixtbot commands: %s is not a commands action: the one there is is clear\n%s\n", what, commandsUsage)
		return 2
	}
	fs := flag.NewFlagSet("twixtbot commands clear", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, commandsUsage) }
	guild := fs.String("guild", "", "the id of the server whose commands to remove; without it, the global commands")
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "twixtbot commands clear: unexpected %q: give the server with --guild ID\n", strings.Join(fs.Args(), " "))
		return 2
	}
	env := ConfigFromEnv(getenv)
	// Only what talking to Discord needs, so that settings of the bot's
	// own (its HTTP endpoint, say) do not stand in the way.
	cfg := discord.Config{Token: env.Token, AppID: env.AppID, APIBase: env.APIBase}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(stderr, "twixtbot commands clear: %v\n", err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	discord.LogLibrary(log)
	client, err := discord.NewClient(discord.ClientOptions{Token: cfg.Token, APIBase: cfg.APIBase, Logger: log})
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot commands clear: %v\n", err)
		return 2
	}
	where := "globally"
	if *guild != "" {
		where = "in server " + *guild
	}
	cctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	removed, err := client.ClearCommands(cctx, cfg.AppID, discord.GuildID(strings.TrimSpace(*guild)))
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot commands clear: %v\n", err)
		if errors.Is(err, discord.ErrConfig) {
			return 2
		}
		return 1
	}
	if len(removed) == 0 {
		fmt.Fprintf(stdout, "No commands are registered %s: nothing to remove.\n", where)
		return 0
	}
	names := make([]string, len(removed))
	for i, c := range removed {
		names[i] = "/" + c.Name
	}
	fmt.Fprintf(stdout, "Removed %d commands registered %s: %s.\n", len(removed), where, strings.Join(names, ", "))
	if *guild == env.GuildID {
		fmt.Fprintf(stdout, "A bot started with this configuration (DISCORD_GUILD_ID=%q) registers its commands %s again when it starts.\n", env.GuildID, where)
	}
	return 0
}
