// Package snowflake holds the identifiers of the Discord objects twixtbot
// deals with: users, servers (guilds), channels and messages. They are
// Discord's snowflakes, kept as the strings Discord sends. storage keeps
// them and bot/discord speaks them; both name these same types, so an ID
// passes from one to the other without conversion.
package snowflake

// UserID is a Discord user.
type UserID string

// GuildID is a Discord server (guild). The empty GuildID stands for direct
// messages, which belong to no server.
type GuildID string

// ChannelID is a Discord channel or thread.
type ChannelID string

// MessageID is a Discord message.
type MessageID string

// String returns the ID as it is.
func (id UserID) String() string { return string(id) }

// String returns the ID as it is.
func (id GuildID) String() string { return string(id) }

// String returns the ID as it is.
func (id ChannelID) String() string { return string(id) }

// String returns the ID as it is.
func (id MessageID) String() string { return string(id) }

// Mention is how a message mentions the user: <@id>.
func (id UserID) Mention() string { return "<@" + string(id) + ">" }

// Mention is how a message links the channel: <#id>.
func (id ChannelID) Mention() string { return "<#" + string(id) + ">" }

// Valid reports whether s looks like a snowflake: 1 to 20 decimal digits.
func Valid(s string) bool {
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
