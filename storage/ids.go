package storage

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/twixtbot/twixtbot/snowflake"
)

// GameID identifies a stored game. IDs come from the games bucket's
// sequence, start at 1 and are never reused. Zero is no game.
type GameID uint64

// String returns the ID as players see it: "g42". The letter keeps game
// numbers apart from move numbers, which the move syntax writes "#15".
func (id GameID) String() string { return "g" + strconv.FormatUint(uint64(id), 10) }

// ParseGameID reads "g42", "G42" or "42".
func ParseGameID(s string) (GameID, error) {
	t := strings.TrimSpace(s)
	if len(t) > 0 && (t[0] == 'g' || t[0] == 'G') {
		t = t[1:]
	}
	n, err := strconv.ParseUint(t, 10, 64)
	if err != nil || n == 0 || t[0] == '+' {
		return 0, fmt.Errorf("%w: %q is not a game ID (write it like g42)", ErrBadID, s)
	}
	return GameID(n), nil
}

// The Discord IDs are the snowflake package's, shared with bot/discord.
type (
	UserID    = snowflake.UserID
	GuildID   = snowflake.GuildID
	ChannelID = snowflake.ChannelID
	MessageID = snowflake.MessageID
)

// maxIDLen bounds the external IDs. Discord snowflakes have at most 20
// digits; the bound leaves room for other transports and tests.
const maxIDLen = 100

// checkID reports what is wrong with an external ID: it must be non-empty
// (unless optional), at most maxIDLen bytes of valid UTF-8, without control
// characters or spaces.
func checkID(kind, s string, optional bool) error {
	if s == "" {
		if optional {
			return nil
		}
		return fmt.Errorf("%w: the %s ID is empty", ErrBadID, kind)
	}
	if len(s) > maxIDLen {
		return fmt.Errorf("%w: the %s ID is %d bytes long (at most %d)", ErrBadID, kind, len(s), maxIDLen)
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("%w: the %s ID %q is not valid UTF-8", ErrBadID, kind, s)
	}
	for _, r := range s {
		if unicode.IsControl(r) || unicode.IsSpace(r) {
			return fmt.Errorf("%w: the %s ID %q contains a space or control character", ErrBadID, kind, s)
		}
	}
	return nil
}
