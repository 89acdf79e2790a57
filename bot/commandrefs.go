package bot

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/l10n"
)

// The texts of the catalogue name commands and options through functions
// (l10n Refs), never in English letters, so that each reader sees the
// names their own Discord shows them (locales/commands):
//
//   - {{cmd "twixt challenge"}} is the command: a mention
//     (</twixt challenge:ID>) once Discord has registered the commands,
//     which Discord shows in the reader's language and runs when clicked;
//     before that, and in the console, `/twixt herausfordern`, in the
//     text's language.
//   - {{sub "twixt move"}} is a subcommand's own name in the text's
//     language ("setzen"), to write in backticks in a list after the
//     {{cmd}} of a sibling.
//   - {{opt "twixt challenge opponent"}} is an option's name and colon in
//     the text's language ("gegner:"), to write in backticks, followed by
//     a value if any: `{{opt "twixt move at"}}j12`.
//
// Each takes the path of default (English) names, as the router routes
// them; an argument that names no such command or option fails the
// catalogue's check (TestCatalogueIsComplete), naming the text.

// refStyle is how {{cmd}} writes a command it cannot mention.
type refStyle int

const (
	codeRefs  refStyle = iota // `/twixt herausfordern`, for messages
	plainRefs                 // /twixt herausfordern, for plain text (autocomplete choices)
)

// commandRefs are the Refs of the texts: commands mentioned with ids (nil:
// none), or else written in style.
func commandRefs(ids *discord.CommandIDs, style refStyle) l10n.Refs {
	return l10n.Refs{
		"cmd": func(l l10n.Lang, path string) (string, error) {
			nodes, err := commandPath(path, false)
			if err != nil {
				return "", err
			}
			if nodes[len(nodes)-1].leaf {
				if m, ok := ids.Mention(path); ok {
					return m, nil
				}
			}
			names := make([]string, len(nodes))
			for i, n := range nodes {
				names[i] = n.in(l)
			}
			s := "/" + strings.Join(names, " ")
			if style == codeRefs {
				s = "`" + s + "`"
			}
			return s, nil
		},
		"sub": func(l l10n.Lang, path string) (string, error) {
			nodes, err := commandPath(path, false)
			if err != nil {
				return "", err
			}
			if len(nodes) < 2 {
				return "", fmt.Errorf("%q is a command, not a subcommand: use {{cmd %q}}", path, path)
			}
			return nodes[len(nodes)-1].in(l), nil
		},
		"opt": func(l l10n.Lang, path string) (string, error) {
			nodes, err := commandPath(path, true)
			if err != nil {
				return "", err
			}
			return nodes[len(nodes)-1].in(l) + ":", nil
		},
	}
}

// optionName is the name of option of command (a path of default names)
// in language l, or option itself when command has no such option.
func optionName(l l10n.Lang, command, option string) string {
	nodes, err := commandPath(command+" "+option, true)
	if err != nil {
		return option
	}
	return nodes[len(nodes)-1].in(l)
}

// cmdNode is a command, subcommand group, subcommand or option of the
// definitions, with its names in every language.
type cmdNode struct {
	name     string
	locs     map[discordgo.Locale]string
	option   bool // an option that takes a value
	leaf     bool // a command or subcommand a user runs (not one with subcommands)
	children map[string]*cmdNode
}

// in is the node's name in language l, as Discord shows it.
func (n *cmdNode) in(l l10n.Lang) string {
	for _, loc := range l.DiscordLocales() {
		if s, ok := n.locs[discordgo.Locale(loc)]; ok {
			return s
		}
	}
	return n.name
}

func (n *cmdNode) childNames() string {
	names := make([]string, 0, len(n.children))
	for k := range n.children {
		names = append(names, k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// commandTree is the tree of the definitions (Commands), whose root's
// children are the commands.
var commandTree = sync.OnceValue(func() *cmdNode {
	root := &cmdNode{children: map[string]*cmdNode{}}
	for _, c := range Commands() {
		n := &cmdNode{name: c.Name, leaf: true, children: map[string]*cmdNode{}}
		if c.NameLocalizations != nil {
			n.locs = *c.NameLocalizations
		}
		addOptions(n, c.Options)
		root.children[c.Name] = n
	}
	return root
})

func addOptions(parent *cmdNode, opts []*discordgo.ApplicationCommandOption) {
	for _, o := range opts {
		n := &cmdNode{name: o.Name, locs: o.NameLocalizations, children: map[string]*cmdNode{}}
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			parent.leaf = false
			n.leaf = o.Type == discordgo.ApplicationCommandOptionSubCommand
		default:
			n.option = true
		}
		addOptions(n, o.Options)
		parent.children[o.Name] = n
	}
}

// commandPath finds the nodes of a path of default names: a command and
// its subcommands, or (option) those followed by one of the last one's
// options. The error says what the path's last good node has instead.
func commandPath(path string, option bool) ([]*cmdNode, error) {
	words := strings.Fields(path)
	if len(words) == 0 {
		return nil, fmt.Errorf("an empty command path")
	}
	var nodes []*cmdNode
	at, where := commandTree(), "there is no command"
	for _, w := range words {
		n, ok := at.children[w]
		if !ok {
			return nil, fmt.Errorf("%s %q: there are %s", where, w, at.childNames())
		}
		nodes, at, where = append(nodes, n), n, "/"+strings.Join(words[:len(nodes)+1], " ")+" has no subcommand or option"
	}
	last := nodes[len(nodes)-1]
	switch {
	case option && !last.option:
		return nil, fmt.Errorf("%q is a command, not an option: use {{cmd %q}}", path, path)
	case !option && last.option:
		return nil, fmt.Errorf("%q is an option, not a command: use {{opt %q}}", path, path)
	}
	return nodes, nil
}
