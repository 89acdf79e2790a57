package discord

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestLogLibrary: discordgo's log lines become slog records at the
// matching level, marked as discordgo's, below the logger's level
// dropped.
func TestLogLibrary(t *testing.T) {
	logs := &syncBuffer{}
	LogLibrary(slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo})))
	t.Cleanup(func() { LogLibrary(nil) })
	// caller 0: the function that called the logger (discordgo passes the
	// depth counted from its msglog, which calls the logger).
	discordgo.Logger(discordgo.LogError, 0, "error reading from gateway %s, %s\n", "ws://x", "boom")
	discordgo.Logger(discordgo.LogWarning, 0, "a warning")
	discordgo.Logger(discordgo.LogDebug, 0, "chatter")
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want the error and the warning:\n%s", len(lines), logs)
	}
	for i, want := range []string{
		`"level":"ERROR","msg":"discordgo: error reading from gateway ws://x, boom","lib":"discordgo","func":"TestLogLibrary"`,
		`"level":"WARN","msg":"discordgo: a warning","lib":"discordgo"`,
	} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("line %d: %s\nwant %s", i, lines[i], want)
		}
	}
}
