package discord

import (
	"fmt"
	"regexp"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on command definitions.
const (
	MaxCommandName        = 32
	MaxCommandDescription = 100
	MaxCommandOptions     = 25
	MaxCommandChars       = 8000 // names, descriptions and choice values of one command together
	MaxChatCommands       = 100
	MaxContextCommands    = 5 // user commands; message commands likewise
)

// chatName is Discord's rule for the names of slash commands and their
// options, with lowercase required for letters that have one.
var chatName = regexp.MustCompile(`^[-_'\p{Ll}\p{Lm}\p{Lo}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// ValidateCommands checks command definitions against Discord's rules
// before a bulk overwrite: names of 1 to 32 characters matching Discord's
// pattern in lowercase, descriptions of 1 to 100, at most 25 options and 25
// choices per level, every option described, required options first,
// subcommands not mixed with plain options, choices and autocomplete not
// both, unique names, and the size of each command. It returns every
// problem found, each a *LimitError wrapping ErrInvalidCommand.
func ValidateCommands(cmds []*discordgo.ApplicationCommand) error {
	l := limits{kind: ErrInvalidCommand}
	names := map[string]bool{}
	counts := map[discordgo.ApplicationCommandType]int{}
	for i, c := range cmds {
		where := fmt.Sprintf("commands[%d]", i)
		if c == nil {
			l.add(where, "nil command")
			continue
		}
		typ := c.Type
		if typ == 0 {
			typ = discordgo.ChatApplicationCommand
		}
		counts[typ]++
		key := fmt.Sprintf("%d/%s", typ, c.Name)
		if names[key] {
			l.add(where+".name", "%q is defined twice", c.Name)
		}
		names[key] = true
		where += " (" + c.Name + ")"
		switch typ {
		case discordgo.ChatApplicationCommand:
			checkName(&l, where+".name", c.Name)
			checkDescription(&l, where+".description", c.Description)
			total := runes(c.Name) + runes(c.Description) + checkOptions(&l, where, c.Options, 0)
			if total > MaxCommandChars {
				l.add(where, "%d characters of names, descriptions and values, more than Discord's %d", total, MaxCommandChars)
			}
		case discordgo.UserApplicationCommand, discordgo.MessageApplicationCommand:
			if n := runes(c.Name); n < 1 || n > MaxCommandName {
				l.add(where+".name", "%d characters; Discord wants 1 to %d", n, MaxCommandName)
			}
			if c.Description != "" || len(c.Options) > 0 {
				l.add(where, "user and message commands have no description and no options")
			}
		default:
			l.add(where+".type", "unknown command type %d", c.Type)
		}
	}
	if n := counts[discordgo.ChatApplicationCommand]; n > MaxChatCommands {
		l.add("commands", "%d slash commands, more than Discord's %d", n, MaxChatCommands)
	}
	for _, t := range []discordgo.ApplicationCommandType{discordgo.UserApplicationCommand, discordgo.MessageApplicationCommand} {
		if counts[t] > MaxContextCommands {
			l.add("commands", "%d context-menu commands of type %d, more than Discord's %d", counts[t], t, MaxContextCommands)
		}
	}
	return l.err()
}

func checkName(l *limits, where, name string) {
	if !chatName.MatchString(name) {
		l.add(where, "%q: use 1 to %d lowercase letters, digits, '-', '_' or '\\''", name, MaxCommandName)
	}
}

func checkDescription(l *limits, where, d string) {
	if n := runes(d); n < 1 || n > MaxCommandDescription {
		l.add(where, "%d characters; Discord wants 1 to %d: say what it does", n, MaxCommandDescription)
	}
}

// checkOptions checks one level of options (depth 0 is the command's own)
// and returns the characters they count towards the command's size.
func checkOptions(l *limits, where string, opts []*discordgo.ApplicationCommandOption, depth int) int {
	total := 0
	if len(opts) > MaxCommandOptions {
		l.add(where+".options", "%d options, more than Discord's %d", len(opts), MaxCommandOptions)
	}
	seen := map[string]bool{}
	subs, plain, optionalSeen := 0, 0, false
	for j, o := range opts {
		w := fmt.Sprintf("%s.options[%d]", where, j)
		if o == nil {
			l.add(w, "nil option")
			continue
		}
		w += " (" + o.Name + ")"
		checkName(l, w+".name", o.Name)
		checkDescription(l, w+".description", o.Description)
		total += runes(o.Name) + runes(o.Description)
		if seen[o.Name] {
			l.add(w+".name", "%q is used twice at this level", o.Name)
		}
		seen[o.Name] = true
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommandGroup:
			subs++
			if depth != 0 {
				l.add(w, "a subcommand group can only sit directly under the command")
			}
			for k, s := range o.Options {
				if s != nil && s.Type != discordgo.ApplicationCommandOptionSubCommand {
					l.add(fmt.Sprintf("%s.options[%d]", w, k), "a subcommand group holds only subcommands")
				}
			}
			total += checkOptions(l, w, o.Options, depth+1)
		case discordgo.ApplicationCommandOptionSubCommand:
			subs++
			if depth > 1 {
				l.add(w, "subcommands nest at most inside one group")
			}
			for k, s := range o.Options {
				if s != nil && (s.Type == discordgo.ApplicationCommandOptionSubCommand || s.Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
					l.add(fmt.Sprintf("%s.options[%d]", w, k), "a subcommand cannot hold subcommands")
				}
			}
			total += checkOptions(l, w, o.Options, depth+1)
		case discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionInteger,
			discordgo.ApplicationCommandOptionBoolean, discordgo.ApplicationCommandOptionUser,
			discordgo.ApplicationCommandOptionChannel, discordgo.ApplicationCommandOptionRole,
			discordgo.ApplicationCommandOptionMentionable, discordgo.ApplicationCommandOptionNumber,
			discordgo.ApplicationCommandOptionAttachment:
			plain++
			if o.Required && optionalSeen {
				l.add(w, "a required option must come before the optional ones")
			}
			optionalSeen = optionalSeen || !o.Required
			total += checkLeaf(l, w, o)
		default:
			l.add(w+".type", "unknown option type %d", o.Type)
		}
	}
	if subs > 0 && plain > 0 {
		l.add(where+".options", "subcommands and plain options cannot be mixed at one level")
	}
	return total
}

func checkLeaf(l *limits, w string, o *discordgo.ApplicationCommandOption) int {
	total := 0
	if len(o.Options) > 0 {
		l.add(w, "only subcommands and groups have options")
	}
	switch o.Type {
	case discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
	default:
		if len(o.Choices) > 0 || o.Autocomplete {
			l.add(w, "only string, integer and number options have choices or autocomplete")
		}
	}
	if len(o.Choices) > 0 && o.Autocomplete {
		l.add(w, "an option has choices or autocomplete, not both")
	}
	total += validateChoices(l, w+".choices", o.Choices)
	for k, c := range o.Choices {
		if c == nil {
			continue
		}
		_, isString := c.Value.(string)
		if isString != (o.Type == discordgo.ApplicationCommandOptionString) {
			l.add(fmt.Sprintf("%s.choices[%d].value", w, k), "a %T on a %s option: choices match their option's type", c.Value, o.Type)
		}
	}
	if o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > 6000) {
		l.add(w+".min_length", "%d; Discord wants 0 to 6000", *o.MinLength)
	}
	if o.MaxLength < 0 || o.MaxLength > 6000 {
		l.add(w+".max_length", "%d; Discord wants 1 to 6000", o.MaxLength)
	}
	if o.MinValue != nil && o.MaxValue != 0 && *o.MinValue > o.MaxValue {
		l.add(w, "min_value %v is above max_value %v", *o.MinValue, o.MaxValue)
	}
	return total
}
