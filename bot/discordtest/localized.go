package discordtest

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// localeFallback is the locale Discord shows a command in when a
// localization lacks the user's own (Application Commands, Locale
// fallbacks).
var localeFallback = map[string]string{"en-US": "en-GB", "en-GB": "en-US", "es-419": "es-ES"}

// shownName is the name a user with locale sees for a command or option:
// its localization in that locale, else in the fallback locale, else the
// default name.
func shownName(def string, locs map[discordgo.Locale]string, locale string) string {
	if n, ok := locs[discordgo.Locale(locale)]; ok {
		return n
	}
	if n, ok := locs[discordgo.Locale(localeFallback[locale])]; ok {
		return n
	}
	return def
}

// LocalizedCommand builds a slash command as a user whose Discord speaks
// locale types it: path and the options' names are the names that user
// sees ("twixt herausfordern" with Str("größe", "12") in German). As
// Discord does, the fake looks them up in the commands registered for the
// server (or globally) and sends the interaction with the default names,
// and the user's locale. It fails when the user could not type the path or
// an option, naming what they would see instead.
func (f *Fake) LocalizedCommand(u User, locale, path string, opts ...Opt) (*discordgo.Interaction, error) {
	b := &builder{guild: f.o.GuildID}
	for _, o := range opts {
		o(b)
	}
	f.mu.Lock()
	cmds := f.commands[b.guild]
	if len(cmds) == 0 {
		cmds = f.commands[""]
	}
	f.mu.Unlock()

	words := strings.Fields(path)
	if len(words) == 0 {
		return nil, fmt.Errorf("discordtest: an empty command path")
	}
	var cmd *discordgo.ApplicationCommand
	var seen []string
	for _, c := range cmds {
		n := shownName(c.Name, deref(c.NameLocalizations), locale)
		seen = append(seen, n)
		if n == words[0] {
			cmd = c
		}
	}
	if cmd == nil {
		return nil, fmt.Errorf("discordtest: in %s there is no command /%s; the user sees %v", locale, words[0], seen)
	}
	def := []string{cmd.Name}
	level := cmd.Options
	for _, w := range words[1:] {
		o, seen := findShown(level, w, locale)
		if o == nil {
			return nil, fmt.Errorf("discordtest: in %s /%s has no subcommand %q; the user sees %v", locale, strings.Join(def, " "), w, seen)
		}
		def = append(def, o.Name)
		level = o.Options
	}
	for _, io := range b.opts {
		o, seen := findShown(level, io.Name, locale)
		if o == nil {
			return nil, fmt.Errorf("discordtest: in %s /%s has no option %q; the user sees %v", locale, strings.Join(def, " "), io.Name, seen)
		}
		io.Name = o.Name
	}
	return f.Command(u, strings.Join(def, " "), append(opts, func(nb *builder) { nb.opts = b.opts }, Locale(locale))...), nil
}

// findShown returns the option among opts that a user with locale sees as
// name, and the names the user sees.
func findShown(opts []*discordgo.ApplicationCommandOption, name, locale string) (*discordgo.ApplicationCommandOption, []string) {
	var seen []string
	for _, o := range opts {
		n := shownName(o.Name, o.NameLocalizations, locale)
		seen = append(seen, n)
		if n == name {
			return o, nil
		}
	}
	return nil, seen
}
