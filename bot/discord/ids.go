package discord

import "time"

// UserID is a Discord user's snowflake.
type UserID string

// GuildID is a Discord server's snowflake.
type GuildID string

// ChannelID is a Discord channel's (or thread's) snowflake.
type ChannelID string

// MessageID is a Discord message's snowflake.
type MessageID string

func (id UserID) String() string    { return string(id) }
func (id GuildID) String() string   { return string(id) }
func (id ChannelID) String() string { return string(id) }
func (id MessageID) String() string { return string(id) }

// Mention is the text that mentions the user: "<@id>". Whether the mention
// pings is decided by the reply's Mentions.
func (id UserID) Mention() string { return "<@" + string(id) + ">" }

// Mention is the text that links to the channel: "<#id>".
func (id ChannelID) Mention() string { return "<#" + string(id) + ">" }

// IsSnowflake reports whether s looks like a Discord id: 1 to 20 digits,
// for the tools that take one from a person.
func IsSnowflake(s string) bool { return isSnowflake(s) }

// isSnowflake reports whether s looks like a Discord id: 1 to 20 digits.
func isSnowflake(s string) bool {
	if len(s) == 0 || len(s) > 20 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

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
