package discordtest

import (
	"encoding/json"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// RouteUserChannels opens a direct message channel with a user.
const RouteUserChannels = "/users/@me/channels"

// dmState is the fake's direct message channels, the users whose direct
// messages are closed, and the channels that are gone.
type dmState struct {
	byUser  map[string]string // user id -> DM channel id
	user    map[string]string // DM channel id -> user id
	closed  map[string]bool   // users who do not take DMs from the bot
	deleted map[string]bool   // channels deleted, or that the bot lost access to
}

// postUserChannel answers POST /users/@me/channels {"recipient_id"}: the
// DM channel with that user, the same one each time, as Discord does.
// Opening it always works; sending to a user whose DMs are closed is what
// Discord refuses, with code 50007.
func (f *Fake) postUserChannel(c *Call, w http.ResponseWriter, r *http.Request) {
	var d struct {
		Recipient string `json:"recipient_id"`
	}
	if err := json.Unmarshal(c.Body, &d); err != nil || !snowflake(d.Recipient) {
		f.violate(c, "a DM channel needs recipient_id, a snowflake; got %s", c.Body)
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	if f.dms.byUser == nil {
		f.dms.byUser, f.dms.user = map[string]string{}, map[string]string{}
	}
	id, ok := f.dms.byUser[d.Recipient]
	if !ok {
		id = f.newID()
		f.dms.byUser[d.Recipient], f.dms.user[id] = id, d.Recipient
	}
	writeJSON(w, http.StatusOK, &discordgo.Channel{ID: id, Type: discordgo.ChannelTypeDM,
		Recipients: []*discordgo.User{{ID: d.Recipient}}})
}

// CloseDMs makes a user refuse direct messages from the bot: Discord
// answers 403 with code 50007 ("Cannot send messages to this user").
func (f *Fake) CloseDMs(userID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.dms.closed == nil {
		f.dms.closed = map[string]bool{}
	}
	f.dms.closed[userID] = true
}

// DeleteChannel makes a channel gone: Discord answers 404 with code 10003
// ("Unknown Channel") to messages sent there.
func (f *Fake) DeleteChannel(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.dms.deleted == nil {
		f.dms.deleted = map[string]bool{}
	}
	f.dms.deleted[id] = true
}

// DMs lists the direct messages the bot sent a user, oldest first.
func (f *Fake) DMs(userID string) []Message {
	f.mu.Lock()
	id := f.dms.byUser[userID]
	f.mu.Unlock()
	if id == "" {
		return nil
	}
	return f.ChannelMessages(id)
}

// refuseChannelLocked answers a message sent to a deleted channel or to a
// user whose DMs are closed, as Discord does, and reports whether it did;
// f.mu is held.
func (f *Fake) refuseChannelLocked(w http.ResponseWriter, channel string) bool {
	switch {
	case f.dms.deleted[channel]:
		writeError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return true
	case f.dms.closed[f.dms.user[channel]]:
		writeError(w, http.StatusForbidden, 50007, "Cannot send messages to this user")
		return true
	}
	return false
}

// snowflake reports whether s looks like a Discord id.
func snowflake(s string) bool {
	if len(s) < 15 || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
