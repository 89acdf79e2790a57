package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// stdio is a command's standard streams.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// command is a subcommand of twixtbot.
type command struct {
	name    string
	args    string // its arguments, as the usage shows them
	summary string
	run     func(ctx context.Context, args []string, std stdio, getenv func(string) string) int
}

// commands are twixtbot's subcommands, in the order the usage lists them.
// The first is the default: `twixtbot` with no command, or with only
// flags, runs it.
func commands() []command {
	return []command{
		{"serve", "[flags]", "run the bot (the default: `twixtbot [flags]` is the same)",
			func(ctx context.Context, args []string, std stdio, getenv func(string) string) int {
				return serve(ctx, args, std.err, getenv)
			}},
		{"console", "[-db FILE] [-out DIR]", "play offline in the terminal, no Discord needed",
			func(ctx context.Context, args []string, std stdio, getenv func(string) string) int {
				return runConsole(ctx, args, std.in, std.out, std.err, getenv)
			}},
		{"backup", "[-db FILE] OUT", "copy the database to OUT and check the copy (works while the bot runs)",
			func(ctx context.Context, args []string, std stdio, getenv func(string) string) int {
				return runBackup(ctx, args, std.out, std.err, getenv)
			}},
		{"forget-user", "[-db FILE] USERID", "delete what is stored about a player (works while the bot runs)",
			func(ctx context.Context, args []string, std stdio, getenv func(string) string) int {
				return runForgetUser(ctx, args, std.out, std.err, getenv)
			}},
		{"commands", "clear [--guild ID]", "remove the slash commands registered in one server, or globally (stale registrations)",
			func(ctx context.Context, args []string, std stdio, getenv func(string) string) int {
				return runCommands(ctx, args, std.out, std.err, getenv)
			}},
		{"ratings", "[-db FILE] rebuild", "recompute every rating from the stored results (works while the bot runs)",
			func(ctx context.Context, args []string, std stdio, getenv func(string) string) int {
				return runRatings(ctx, args, std.out, std.err, getenv)
			}},
		{"migrate", "--from bolt:FILE --to etcd:URL[,URL...]", "copy the database to another store (bbolt file or etcd cluster) and check the copy",
			func(ctx context.Context, args []string, std stdio, _ func(string) string) int {
				return runMigrate(ctx, args, std.out, std.err)
			}},
		{"version", "", "print the version of this build (also --version)",
			func(_ context.Context, _ []string, std stdio, _ func(string) string) int {
				fmt.Fprintln(std.out, version())
				return 0
			}},
		{"help", "", "print this help (also -h)",
			func(_ context.Context, _ []string, std stdio, _ func(string) string) int {
				fmt.Fprint(std.out, usage())
				return 0
			}},
	}
}

// dispatch runs the command a command line names, and returns the exit
// status. A line that starts with a flag runs the default command (serve),
// except for the flags asking for help or the version; an unknown command
// is refused, exit status 2.
func dispatch(ctx context.Context, args []string, std stdio, getenv func(string) string) int {
	cmds := commands()
	name, rest := cmds[0].name, args
	if len(args) > 0 {
		switch a := args[0]; {
		case a == "-h" || a == "-help" || a == "--help":
			name, rest = "help", nil
		case a == "-version" || a == "--version":
			name, rest = "version", nil
		case !strings.HasPrefix(a, "-"):
			name, rest = a, args[1:]
		}
	}
	for _, c := range cmds {
		if c.name == name {
			return c.run(ctx, rest, std, getenv)
		}
	}
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = c.name
	}
	fmt.Fprintf(std.err, "twixtbot: there is no command %q; the commands are %s (twixtbot -h explains them)\n", name, strings.Join(names, ", "))
	return 2
}

// usage is the help of twixtbot: its commands, and the flags of serve with
// the environment variables they override.
func usage() string {
	var b strings.Builder
	b.WriteString("twixtbot hosts TwixT games on Discord.\n\nusage:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-45s %s\n", strings.TrimSpace("twixtbot "+c.name+" "+c.args), c.summary)
	}
	b.WriteString("\nThe flags of serve; each overrides the environment variable after it,\nand the environment is the better place for the token:\n")
	fs := flag.NewFlagSet("twixtbot serve", flag.ContinueOnError)
	c := ConfigFromEnv(func(string) string { return "" }) // the defaults, never this environment's token
	c.RegisterFlags(fs)
	fs.SetOutput(&b)
	fs.PrintDefaults()
	b.WriteString("\nEach other command explains its own flags with -h, e.g. twixtbot backup -h.\n")
	return b.String()
}

// buildVersion is the version the build states, if any; the Docker build
// sets it (go build -ldflags "-X main.buildVersion=v1.2.3"), since its
// build context has no .git for Go to read the revision from.
var buildVersion string

// version describes this build: its version, the VCS revision it was built
// from and the Go version.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = nil
	}
	return describeBuild(buildVersion, info)
}

// describeBuild writes a build's version as one line, e.g.
//
//	twixtbot v1.2.0 (revision 4c545d8f21ab, 2026-11-20T10:00:00Z, with local changes) go1.26.0
func describeBuild(stated string, info *debug.BuildInfo) string {
	ver := stated
	goVer := "unknown Go version"
	var rev, at string
	modified := false
	if info != nil {
		goVer = info.GoVersion
		if ver == "" {
			ver = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if ver == "" || ver == "(devel)" {
		ver = "(development build)"
	}
	var detail []string
	if rev != "" {
		detail = append(detail, "revision "+rev[:min(len(rev), 12)])
	}
	if at != "" {
		detail = append(detail, at)
	}
	if modified {
		detail = append(detail, "with local changes")
	}
	out := "twixtbot " + ver
	if len(detail) > 0 {
		out += " (" + strings.Join(detail, ", ") + ")"
	}
	return out + " " + goVer
}
