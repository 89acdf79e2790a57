package discordtest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// The checks below follow Discord's documentation (Components, Application
// Commands, Create Message); they are written apart from the bot's own
// checks on purpose, so each catches the other's mistakes.

func length(s string) int { return utf8.RuneCountInString(s) }

// checkMessage checks a message as it would stand after a create or edit.
func checkMessage(m Message) []string {
	var p []string
	if n := length(m.Content); n > 2000 {
		p = append(p, fmt.Sprintf("content of %d characters, more than 2000", n))
	}
	if len(m.Embeds) > 10 {
		p = append(p, fmt.Sprintf("%d embeds, more than 10", len(m.Embeds)))
	}
	if am := m.AllowedMentions; am != nil {
		if len(am.Users) > 100 {
			p = append(p, "allowed_mentions.users lists more than 100 users")
		}
		if len(am.Users) > 0 && slices.Contains(am.Parse, discordgo.AllowedMentionTypeUsers) {
			p = append(p, "allowed_mentions: parse \"users\" and a users list are mutually exclusive")
		}
	}
	if len(m.Components) > 5 {
		p = append(p, fmt.Sprintf("%d action rows, more than 5", len(m.Components)))
	}
	ids := map[string]bool{}
	for i, row := range m.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			p = append(p, fmt.Sprintf("components[%d] is a %T, not an action row", i, row))
			continue
		}
		if len(r.Components) < 1 || len(r.Components) > 5 {
			p = append(p, fmt.Sprintf("components[%d] holds %d components; a row holds 1 to 5", i, len(r.Components)))
		}
		for j, c := range r.Components {
			where := fmt.Sprintf("components[%d][%d]", i, j)
			var id string
			switch c := c.(type) {
			case *discordgo.Button:
				if n := length(c.Label); n > 80 {
					p = append(p, fmt.Sprintf("%s: label of %d characters, more than 80", where, n))
				}
				if c.Label == "" && c.Emoji == nil {
					p = append(p, where+": a button without label or emoji")
				}
				if c.Style == discordgo.LinkButton {
					if c.URL == "" || c.CustomID != "" {
						p = append(p, where+": a link button needs a url and no custom_id")
					}
					continue
				}
				if c.Style < discordgo.PrimaryButton || c.Style > discordgo.DangerButton {
					p = append(p, fmt.Sprintf("%s: button style %d", where, c.Style))
				}
				id = c.CustomID
			case *discordgo.SelectMenu:
				if len(r.Components) != 1 {
					p = append(p, where+": a select menu must be alone in its row")
				}
				if len(c.Options) > 25 {
					p = append(p, where+": more than 25 select options")
				}
				id = c.CustomID
			default:
				p = append(p, fmt.Sprintf("%s: a %T cannot be in a message", where, c))
				continue
			}
			switch n := length(id); {
			case n < 1 || n > 100:
				p = append(p, fmt.Sprintf("%s: custom_id of %d characters; Discord wants 1 to 100", where, n))
			case ids[id]:
				p = append(p, fmt.Sprintf("%s: custom_id %q twice in one message", where, id))
			}
			ids[id] = true
		}
	}
	return p
}

func checkChoices(where string, cs []*discordgo.ApplicationCommandOptionChoice) []string {
	var p []string
	if len(cs) > 25 {
		p = append(p, fmt.Sprintf("%s: %d choices, more than 25", where, len(cs)))
	}
	for i, c := range cs {
		if c == nil {
			p = append(p, fmt.Sprintf("%s[%d] is null", where, i))
			continue
		}
		if n := length(c.Name); n < 1 || n > 100 {
			p = append(p, fmt.Sprintf("%s[%d]: name of %d characters; Discord wants 1 to 100", where, i, n))
		}
		for _, l := range sortedLocales(c.NameLocalizations) {
			if !discordLocales[l] {
				p = append(p, fmt.Sprintf("%s[%d]: name_localizations has %q, which is not a Discord locale", where, i, l))
			} else if n := length(c.NameLocalizations[discordgo.Locale(l)]); n < 1 || n > 100 {
				p = append(p, fmt.Sprintf("%s[%d]: %s name of %d characters; Discord wants 1 to 100", where, i, l, n))
			}
		}
		switch v := c.Value.(type) {
		case string:
			if length(v) > 100 {
				p = append(p, fmt.Sprintf("%s[%d]: value longer than 100 characters", where, i))
			}
		case float64:
		default:
			p = append(p, fmt.Sprintf("%s[%d]: value %v is neither a string nor a number", where, i, c.Value))
		}
	}
	return p
}

func checkModal(customID, title string, rows []json.RawMessage) []string {
	var p []string
	if n := length(customID); n < 1 || n > 100 {
		p = append(p, fmt.Sprintf("modal custom_id of %d characters; Discord wants 1 to 100", n))
	}
	if n := length(title); n < 1 || n > 45 {
		p = append(p, fmt.Sprintf("modal title of %d characters; Discord wants 1 to 45", n))
	}
	if len(rows) < 1 || len(rows) > 5 {
		p = append(p, fmt.Sprintf("a modal with %d rows; Discord wants 1 to 5", len(rows)))
	}
	for i, raw := range rows {
		c, err := discordgo.MessageComponentFromJSON(raw)
		r, ok := c.(*discordgo.ActionsRow)
		if err != nil || !ok || len(r.Components) != 1 {
			p = append(p, fmt.Sprintf("modal row %d: want an action row with one text input", i))
			continue
		}
		if _, ok := r.Components[0].(*discordgo.TextInput); !ok {
			p = append(p, fmt.Sprintf("modal row %d: a %T, want a text input", i, r.Components[0]))
		}
	}
	return p
}

// Discord's pattern for the names of slash commands and options; letters
// that have a lowercase form must be lowercase.
var (
	commandName = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)
	upper       = regexp.MustCompile(`\p{Lu}|\p{Lt}`)
)

func checkCommands(cmds []*discordgo.ApplicationCommand) []string {
	var p []string
	seen := map[string]bool{}
	chat := 0
	for i, c := range cmds {
		where := fmt.Sprintf("commands[%d]", i)
		if c == nil {
			p = append(p, where+" is null")
			continue
		}
		key := fmt.Sprint(c.Type, c.Name)
		if seen[key] {
			p = append(p, fmt.Sprintf("%s: the name %q is used twice", where, c.Name))
		}
		seen[key] = true
		if c.Type != 0 && c.Type != discordgo.ChatApplicationCommand {
			if n := length(c.Name); n < 1 || n > 32 {
				p = append(p, fmt.Sprintf("%s: name of %d characters; Discord wants 1 to 32", where, n))
			}
			continue
		}
		chat++
		p = append(p, checkNamed(where, c.Name, c.Description)...)
		p = append(p, checkLocalized(where, c.Name, deref(c.NameLocalizations), deref(c.DescriptionLocalizations))...)
		size := length(c.Name) + length(c.Description)
		p = append(p, checkOptionList(where, c.Options, 0, &size)...)
		if size > 8000 {
			p = append(p, fmt.Sprintf("%s: %d characters in all, more than 8000", where, size))
		}
		if n := localizedSize(c); n > 8000 && size <= 8000 {
			p = append(p, fmt.Sprintf("%s: %d characters in all, counting each text's longest localization, more than 8000", where, n))
		}
	}
	if chat > 100 {
		p = append(p, fmt.Sprintf("%d slash commands, more than 100", chat))
	}
	var names []string
	var locs []map[discordgo.Locale]string
	for _, c := range cmds {
		if c != nil && (c.Type == 0 || c.Type == discordgo.ChatApplicationCommand) {
			names, locs = append(names, c.Name), append(locs, deref(c.NameLocalizations))
		}
	}
	p = append(p, checkSiblingNames("commands", names, locs)...)
	return p
}

// discordLocales are the locales Discord knows (Reference, Locales): the
// only keys a localization dictionary may have.
var discordLocales = map[string]bool{
	"id": true, "da": true, "de": true, "en-GB": true, "en-US": true, "es-ES": true, "es-419": true,
	"fr": true, "hr": true, "it": true, "lt": true, "hu": true, "nl": true, "no": true, "pl": true,
	"pt-BR": true, "ro": true, "fi": true, "sv-SE": true, "vi": true, "tr": true, "cs": true, "el": true,
	"bg": true, "ru": true, "uk": true, "hi": true, "th": true, "zh-CN": true, "ja": true, "zh-TW": true, "ko": true,
}

func deref(m *map[discordgo.Locale]string) map[discordgo.Locale]string {
	if m == nil {
		return nil
	}
	return *m
}

// sortedLocales returns m's keys in order, as plain strings (a
// discordgo.Locale prints as the language's English name), so that problems are reported
// in the same order every time.
func sortedLocales(m map[discordgo.Locale]string) []string {
	out := make([]string, 0, len(m))
	for l := range m {
		out = append(out, string(l))
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// localizedSize counts a command's characters as Discord does for its
// 8000-character limit once it has localizations: every name, description
// and choice name counts with its longest text, the default or a
// localization, and the choices' values count once.
func localizedSize(c *discordgo.ApplicationCommand) int {
	longest := func(def string, m map[discordgo.Locale]string) int {
		n := length(def)
		for _, s := range m {
			n = max(n, length(s))
		}
		return n
	}
	n := longest(c.Name, deref(c.NameLocalizations)) + longest(c.Description, deref(c.DescriptionLocalizations))
	var walk func(opts []*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			if o == nil {
				continue
			}
			n += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations)
			for _, ch := range o.Choices {
				if ch != nil {
					n += longest(ch.Name, ch.NameLocalizations)
					if v, ok := ch.Value.(string); ok {
						n += length(v)
					}
				}
			}
			walk(o.Options)
		}
	}
	walk(c.Options)
	return n
}

// checkLocalized checks the name_localizations and
// description_localizations of a command or option: every key a Discord
// locale, every name following the naming rule, every description 1 to
// 100 characters.
func checkLocalized(where, name string, names, descs map[discordgo.Locale]string) []string {
	var p []string
	for _, l := range sortedLocales(names) {
		if !discordLocales[l] {
			p = append(p, fmt.Sprintf("%s (%s): name_localizations has %q, which is not a Discord locale", where, name, l))
			continue
		}
		n := names[discordgo.Locale(l)]
		if !commandName.MatchString(n) || upper.MatchString(n) {
			p = append(p, fmt.Sprintf("%s (%s): the %s name %q breaks Discord's naming rule (1 to 32 lowercase letters, digits, - _ ')", where, name, l, n))
		}
	}
	for _, l := range sortedLocales(descs) {
		if !discordLocales[l] {
			p = append(p, fmt.Sprintf("%s (%s): description_localizations has %q, which is not a Discord locale", where, name, l))
			continue
		}
		if n := length(descs[discordgo.Locale(l)]); n < 1 || n > 100 {
			p = append(p, fmt.Sprintf("%s (%s): %s description of %d characters; Discord wants 1 to 100", where, name, l, n))
		}
	}
	return p
}

// checkSiblingNames checks that commands, or the options of one command or
// subcommand, keep distinct names in every locale: a localized name may
// not repeat another one's name in that locale (its localized name, or its
// default name where it has none), nor another one's default name.
func checkSiblingNames(where string, names []string, locs []map[discordgo.Locale]string) []string {
	var p []string
	all := map[discordgo.Locale]string{}
	for _, m := range locs {
		for l := range m {
			all[l] = ""
		}
	}
	for _, l := range sortedLocales(all) {
		seen := map[string]int{}
		for i, def := range names {
			n, ok := locs[i][discordgo.Locale(l)]
			if !ok {
				n = def
			}
			if j, dup := seen[n]; dup {
				p = append(p, fmt.Sprintf("%s: in %s, %q and %q are both called %q", where, l, names[j], def, n))
				continue
			}
			seen[n] = i
		}
		for i, m := range locs {
			n, ok := m[discordgo.Locale(l)]
			if !ok {
				continue
			}
			for j, def := range names {
				if j != i && n == def {
					p = append(p, fmt.Sprintf("%s: the %s name of %q is %q, the default name of another", where, l, names[i], n))
				}
			}
		}
	}
	return p
}

func checkNamed(where, name, desc string) []string {
	var p []string
	if !commandName.MatchString(name) || upper.MatchString(name) {
		p = append(p, fmt.Sprintf("%s: the name %q breaks Discord's naming rule (1 to 32 lowercase letters, digits, - _ ')", where, name))
	}
	if n := length(desc); n < 1 || n > 100 {
		p = append(p, fmt.Sprintf("%s (%s): description of %d characters; Discord wants 1 to 100", where, name, n))
	}
	return p
}

func checkOptionList(where string, opts []*discordgo.ApplicationCommandOption, depth int, size *int) []string {
	var p []string
	if len(opts) > 25 {
		p = append(p, fmt.Sprintf("%s: %d options, more than 25", where, len(opts)))
	}
	names := map[string]bool{}
	optional := false
	for j, o := range opts {
		w := fmt.Sprintf("%s.options[%d]", where, j)
		if o == nil {
			p = append(p, w+" is null")
			continue
		}
		p = append(p, checkNamed(w, o.Name, o.Description)...)
		p = append(p, checkLocalized(w, o.Name, o.NameLocalizations, o.DescriptionLocalizations)...)
		*size += length(o.Name) + length(o.Description)
		if names[o.Name] {
			p = append(p, fmt.Sprintf("%s: the option name %q is used twice", w, o.Name))
		}
		names[o.Name] = true
		nested := o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup
		if nested {
			if depth >= 2 || (o.Type == discordgo.ApplicationCommandOptionSubCommandGroup && depth > 0) {
				p = append(p, w+": subcommands nested too deep")
			}
			p = append(p, checkOptionList(w, o.Options, depth+1, size)...)
			continue
		}
		if o.Required && optional {
			p = append(p, w+": a required option after an optional one")
		}
		p = append(p, checkOptionKind(w, o)...)
		optional = optional || !o.Required
		if len(o.Choices) > 0 && o.Autocomplete {
			p = append(p, w+": choices and autocomplete together")
		}
		p = append(p, checkChoices(w+".choices", o.Choices)...)
		for _, c := range o.Choices {
			if c != nil {
				*size += length(c.Name)
				if s, ok := c.Value.(string); ok {
					*size += length(s)
				}
			}
		}
	}
	var siblings []string
	var locs []map[discordgo.Locale]string
	for _, o := range opts {
		if o != nil {
			siblings, locs = append(siblings, o.Name), append(locs, o.NameLocalizations)
		}
	}
	p = append(p, checkSiblingNames(where+".options", siblings, locs)...)
	return p
}

// checkOptionKind checks the fields that belong to one type of option:
// lengths for text, channel types for channels. Discord takes a text
// option without max_length (up to 6000 characters) and a channel option
// without channel_types (any channel, voice and categories too), but a bot
// should not: every text option must bound its length, and every channel
// option name the kinds of channel it takes.
func checkOptionKind(where string, o *discordgo.ApplicationCommandOption) []string {
	var p []string
	isString := o.Type == discordgo.ApplicationCommandOptionString
	switch {
	case isString && o.MaxLength == 0:
		p = append(p, where+" ("+o.Name+"): a text option without max_length")
	case isString && (o.MaxLength < 1 || o.MaxLength > 6000):
		p = append(p, fmt.Sprintf("%s (%s): max_length %d; Discord wants 1 to 6000", where, o.Name, o.MaxLength))
	case !isString && (o.MaxLength != 0 || o.MinLength != nil):
		p = append(p, fmt.Sprintf("%s (%s): min_length or max_length on a %s option", where, o.Name, o.Type))
	}
	if isString && o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > 6000 || o.MaxLength != 0 && *o.MinLength > o.MaxLength) {
		p = append(p, fmt.Sprintf("%s (%s): min_length %d with max_length %d", where, o.Name, *o.MinLength, o.MaxLength))
	}
	if isString {
		for i, c := range o.Choices {
			if v, ok := c.Value.(string); ok && o.MaxLength > 0 && length(v) > o.MaxLength {
				p = append(p, fmt.Sprintf("%s (%s): choice %d is longer than max_length %d", where, o.Name, i, o.MaxLength))
			}
		}
	}
	isChannel := o.Type == discordgo.ApplicationCommandOptionChannel
	switch {
	case isChannel && len(o.ChannelTypes) == 0:
		p = append(p, where+" ("+o.Name+"): a channel option without channel_types")
	case !isChannel && len(o.ChannelTypes) > 0:
		p = append(p, fmt.Sprintf("%s (%s): channel_types on a %s option", where, o.Name, o.Type))
	}
	return p
}
