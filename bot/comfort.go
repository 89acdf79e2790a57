package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
)

// Comfort for players (issue 15): takebacks (takeback.go), rematches
// (rematch.go), turn notifications by direct message (notify.go) and
// following games (follow.go). Their routes are added here, beside the
// others in Router, so they go through the same middleware: the rate
// limiter, the metrics, the log line, and for buttons the stale guard.

// comfortRoutes adds the comfort commands and buttons to the router.
func (b *Bot) comfortRoutes(r *discord.Router, cmd, btn func(string, discord.Handler)) {
	cmd("twixt takeback", b.takebackCmd)
	btn("takeback/{game}/{n}", b.takebackButton)
	btn("tbyes/{game}/{n}", b.takebackAnswer(true))
	btn("tbno/{game}/{n}", b.takebackAnswer(false))
	btn("rematch/{game}", b.rematch)
	cmd("twixt notify", b.notifyCmd)
	cmd("twixt follow", b.follow(true))
	cmd("twixt unfollow", b.follow(false))
	r.Autocomplete("twixt follow", b.autocomplete)
	r.Autocomplete("twixt unfollow", b.autocomplete)
	r.Autocomplete("twixt takeback", b.autocomplete)
}

// comfortCommands are the /twixt subcommands of the comforts.
func comfortCommands() []*discordgo.ApplicationCommandOption {
	return append([]*discordgo.ApplicationCommandOption{
		sub("takeback", "Ask the other side to undo your last move", gameOpt()),
	}, notifyCommands()...)
}

// modeName names value i of a small enumeration of choices, or writes
// kind(i) for a value outside it.
func modeName(names []string, i int, kind string) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("%s(%d)", kind, i)
}
