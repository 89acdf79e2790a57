package discord

import (
	"time"

	"github.com/twixtbot/twixtbot/snowflake"
)

// The Discord IDs are the snowflake package's, shared with storage.
type (
	UserID    = snowflake.UserID
	GuildID   = snowflake.GuildID
	ChannelID = snowflake.ChannelID
	MessageID = snowflake.MessageID
)

// IsSnowflake reports whether s looks like a Discord id: 1 to 20 digits,
// for the tools that take one from a person.
func IsSnowflake(s string) bool { return isSnowflake(s) }

// isSnowflake reports whether s looks like a Discord id: 1 to 20 digits.
func isSnowflake(s string) bool { return snowflake.Valid(s) }

// Clock is the time source of the dispatcher and the rate limiter, so tests
// can drive time by hand. Timer returns a channel that receives once d has
// passed, and a function that stops the timer.
type Clock interface {
	Now() time.Time
	Timer(d time.Duration) (<-chan time.Time, func() bool)
}

// SystemClock is the real clock.
var SystemClock Clock = systemClock{}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

func (systemClock) Timer(d time.Duration) (<-chan time.Time, func() bool) {
	t := time.NewTimer(d)
	return t.C, t.Stop
}
