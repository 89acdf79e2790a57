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
		s, err := render.Text(v, withScale(renderOptions(voc), sc))
		if err != nil {
			return discord.Reply{}, err
		}
		if len(status)+len(s)+10 <= discord.MaxContentLength {
			return discord.Text(status + "\n```\n" + s + "```"), nil
		}
	}
	s, err := render.Text(v, withScale(renderOptions(voc), render.Medium))
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Text(status + "\n" + voc.t("board.text_attached", nil)).
		WithFiles(discord.File{Name: g.ID.String() + "-board.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(s)}), nil
}

// withScale is o at scale sc.
func withScale(o render.Options, sc render.Scale) render.Options {
	o.Scale = sc
	return o
}
