package bot

import (
	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/render"
	"github.com/twixtbot/twixtbot/storage"
)

// textBoard answers /twixt board text:true: a monospace board in a code
// block, or as a file when it is too big for a message.
func textBoard(g *storage.Game, v *render.View, status string, voc vocab) (discord.Reply, error) {
	for _, sc := range []render.Scale{render.Medium, render.Small} {
		s, err := render.Text(v, render.Options{Scale: sc, Theme: voc.theme})
		if err != nil {
			return discord.Reply{}, err
		}
		if len(status)+len(s)+10 <= discord.MaxContentLength {
			return discord.Text(status + "\n```\n" + s + "```"), nil
		}
	}
	s, err := render.Text(v, render.Options{Scale: render.Medium, Theme: voc.theme})
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Text(status + "\nThe text board is too big for a message, so it is attached.").
		WithFiles(discord.File{Name: g.ID.String() + "-board.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(s)}), nil
}
