package discord

import (
	"strings"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"
)

// CommandIDs are the ids Discord gave the registered commands, by name, so
// that messages can mention them: a mention (</twixt challenge:123>) shows
// as the command in its reader's own language, and runs it when clicked.
// An App stores them in its Router's CommandIDs once it has registered the
// commands; before that, and where the commands are not registered (a
// console), there are none. Its methods are safe for concurrent use; the
// zero value has none.
type CommandIDs struct {
	ids atomic.Pointer[map[string]string]
}

// Set keeps the ids of cmds, as Discord answered their registration,
// replacing those kept before.
func (c *CommandIDs) Set(cmds []*discordgo.ApplicationCommand) {
	m := make(map[string]string, len(cmds))
	for _, cmd := range cmds {
		if cmd != nil && cmd.ID != "" && cmd.Type != discordgo.UserApplicationCommand && cmd.Type != discordgo.MessageApplicationCommand {
			m[cmd.Name] = cmd.ID
		}
	}
	c.ids.Store(&m)
}

// ID returns the id of the command named name ("twixt").
func (c *CommandIDs) ID(name string) (string, bool) {
	if c == nil {
		return "", false
	}
	m := c.ids.Load()
	if m == nil {
		return "", false
	}
	id, ok := (*m)[name]
	return id, ok
}

// Mention writes a mention of the command path ("twixt challenge": a
// command, then its subcommand group and subcommand if any, by their
// default names), or reports false when the command's id is not known.
// The path must name what a user can run: Discord mentions a command that
// has subcommands only through one of them.
func (c *CommandIDs) Mention(path string) (string, bool) {
	words := strings.Fields(path)
	if len(words) == 0 {
		return "", false
	}
	id, ok := c.ID(words[0])
	if !ok {
		return "", false
	}
	return "</" + strings.Join(words, " ") + ":" + id + ">", true
}
