package bot

import (
	"embed"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/l10n"
)

// The names and descriptions of the commands in every language, one file a
// language under locales/commands, keyed by the command's path: the
// command, subcommand and option names joined by dots, then "name" or
// "description" ("twixt.challenge.opponent.name"), and for a choice the
// option's path, "choice" and the choice's value
// ("twixt.challenge.color.choice.red"). en.toml is written from the
// definitions in Go (go test ./bot -run TestCommandCatalogue -update-commands), so
// that a translator sees the English beside the keys; the other files are
// translations of it.
//
//go:embed locales/commands/*.toml
var commandFiles embed.FS

var commandTexts = l10n.MustLoad(commandFiles, "locales/commands")

// commandText is one text of the commands that Discord shows in the user's
// language.
type commandText struct {
	Key     string // its key in the catalogue
	Default string // the English text of the definition
	// Set stores the text's localizations in the definition.
	Set func(map[discordgo.Locale]string)
}

// commandTextsOf lists every name, description and choice name of cmds, in
// the order of the definitions.
func commandTextsOf(cmds []*discordgo.ApplicationCommand) []commandText {
	var out []commandText
	for _, c := range cmds {
		c := c
		out = append(out,
			commandText{c.Name + ".name", c.Name, func(m map[discordgo.Locale]string) { c.NameLocalizations = mapOrNil(m) }},
			commandText{c.Name + ".description", c.Description, func(m map[discordgo.Locale]string) { c.DescriptionLocalizations = mapOrNil(m) }})
		out = optionTexts(out, c.Name, c.Options)
	}
	return out
}

func mapOrNil(m map[discordgo.Locale]string) *map[discordgo.Locale]string {
	if m == nil {
		return nil
	}
	return &m
}

func optionTexts(out []commandText, path string, opts []*discordgo.ApplicationCommandOption) []commandText {
	for _, o := range opts {
		o, p := o, path+"."+o.Name
		out = append(out,
			commandText{p + ".name", o.Name, func(m map[discordgo.Locale]string) { o.NameLocalizations = m }},
			commandText{p + ".description", o.Description, func(m map[discordgo.Locale]string) { o.DescriptionLocalizations = m }})
		for _, ch := range o.Choices {
			ch := ch
			out = append(out, commandText{fmt.Sprintf("%s.choice.%v", p, ch.Value), ch.Name,
				func(m map[discordgo.Locale]string) { ch.NameLocalizations = m }})
		}
		out = optionTexts(out, p, o.Options)
	}
	return out
}

// localizeCommands gives every command, subcommand, option and choice of
// cmds its names and descriptions in each language the catalogue has them
// in, under each Discord locale of the language (English under en-US and
// en-GB, Spanish under es-ES and es-419). A text a language lacks is left
// out, so that Discord shows the English default; tests keep that from
// happening. Discord still sends the default names in interactions, so the
// router never sees a localized name.
func localizeCommands(cmds []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
	for _, t := range commandTextsOf(cmds) {
		var m map[discordgo.Locale]string
		for _, l := range l10n.Langs() {
			if !commandTexts.HasIn(l, t.Key) {
				continue
			}
			s := strings.TrimSpace(commandTexts.Text(l, t.Key, nil))
			for _, loc := range l.DiscordLocales() {
				if m == nil {
					m = map[discordgo.Locale]string{}
				}
				m[discordgo.Locale(loc)] = s
			}
		}
		t.Set(m)
	}
	return cmds
}
