package bot

import (
	"testing"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/storage"
)

// TestGameLink: a direct message links to the message that shows the
// move when its id is known, else to the game's channel or thread.
func TestGameLink(t *testing.T) {
	for _, tc := range []struct {
		name  string
		place storage.Place
		msg   discord.MessageID
		want  string
	}{
		{"message", storage.Place{Guild: "1", Channel: "2"}, "3", "https://discord.com/channels/1/2/3"},
		{"unknown message", storage.Place{Guild: "1", Channel: "2"}, "", "https://discord.com/channels/1/2"},
		{"thread", storage.Place{Guild: "1", Channel: "2", Thread: "4"}, "5", "https://discord.com/channels/1/4/5"},
		{"thread, unknown message", storage.Place{Guild: "1", Channel: "2", Thread: "4"}, "", "https://discord.com/channels/1/4"},
		{"direct message", storage.Place{Channel: "2"}, "3", "https://discord.com/channels/@me/2/3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := gameLink(&storage.Game{Place: tc.place}, tc.msg); got != tc.want {
				t.Fatalf("gameLink = %q, want %q", got, tc.want)
			}
		})
	}
}
