package discord

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"
)

// libLogger is where discordgo's log lines go; nil: slog.Default().
var libLogger atomic.Pointer[slog.Logger]

// discordgo's logger is a package variable that its goroutines read
// unguarded: it is set once, before any session exists.
func init() { discordgo.Logger = libLog }

// LogLibrary sends discordgo's own log lines (a gateway that cannot be
// read, a heartbeat not acknowledged) to log, as structured records with
// "lib"="discordgo" and the discordgo function that wrote them; until it
// is called they go to slog.Default(). discordgo's logger is global: the
// last logger given wins. Sessions made by NewClient log warnings and
// errors.
func LogLibrary(log *slog.Logger) {
	libLogger.Store(log)
}

// libLog is discordgo.Logger: msgL is discordgo's level, caller the depth
// of the function that logged, counted from discordgo's msglog.
func libLog(msgL, caller int, format string, a ...any) {
	log := libLogger.Load()
	if log == nil {
		log = slog.Default()
	}
	level := slog.LevelDebug
	switch msgL {
	case discordgo.LogError:
		level = slog.LevelError
	case discordgo.LogWarning:
		level = slog.LevelWarn
	case discordgo.LogInformational:
		level = slog.LevelInfo
	}
	ctx := context.Background()
	if !log.Enabled(ctx, level) {
		return
	}
	fn := "?"
	if pc, _, _, ok := runtime.Caller(caller + 1); ok {
		if f := runtime.FuncForPC(pc); f != nil {
			fn = f.Name()[strings.LastIndex(f.Name(), ".")+1:]
		}
	}
	msg := strings.TrimSpace(fmt.Sprintf(format, a...))
	log.LogAttrs(ctx, level, "discordgo: "+msg, slog.String("lib", "discordgo"), slog.String("func", fn))
}
