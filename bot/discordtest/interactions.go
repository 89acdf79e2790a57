package discordtest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// User is someone who acts in tests.
type User struct {
	ID          string
	Name        string
	Bot         bool
	Permissions int64 // the member's permissions in the channel
}

// DefaultPermissions are an ordinary member's: view channel, send
// messages, use application commands, and a few more.
const DefaultPermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionUseApplicationCommands | discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks |
	discordgo.PermissionReadMessageHistory | discordgo.PermissionSendMessagesInThreads

// NewUser makes a user with a fresh id and ordinary permissions.
func (f *Fake) NewUser(name string) User {
	f.mu.Lock()
	defer f.mu.Unlock()
	return User{ID: f.newID(), Name: name, Permissions: DefaultPermissions}
}

func (u User) discord() *discordgo.User {
	return &discordgo.User{ID: u.ID, Username: u.Name, GlobalName: u.Name, Bot: u.Bot}
}

// Opt sets something on an interaction being built: an option's value, or
// where it happens.
type Opt func(*builder)

type builder struct {
	guild, channel string
	dm             bool
	locale         string
	guildLocale    string
	opts           []*discordgo.ApplicationCommandInteractionDataOption
	resolved       *discordgo.ApplicationCommandInteractionDataResolved
}

func (b *builder) resolve(u User) {
	if b.resolved == nil {
		b.resolved = &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{}, Members: map[string]*discordgo.Member{}}
	}
	b.resolved.Users[u.ID] = u.discord()
	b.resolved.Members[u.ID] = &discordgo.Member{Permissions: u.Permissions}
}

func option(name string, t discordgo.ApplicationCommandOptionType, v any, focused bool) Opt {
	return func(b *builder) {
		b.opts = append(b.opts, &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: t, Value: v, Focused: focused})
	}
}

// Str is a string option.
func Str(name, v string) Opt { return option(name, discordgo.ApplicationCommandOptionString, v, false) }

// Int is an integer option.
func Int(name string, v int64) Opt {
	return option(name, discordgo.ApplicationCommandOptionInteger, float64(v), false)
}

// Num is a number option.
func Num(name string, v float64) Opt {
	return option(name, discordgo.ApplicationCommandOptionNumber, v, false)
}

// Bool is a boolean option.
func Bool(name string, v bool) Opt {
	return option(name, discordgo.ApplicationCommandOptionBoolean, v, false)
}

// UserOpt is a user option; the user is resolved as Discord does.
func UserOpt(name string, u User) Opt {
	return func(b *builder) {
		option(name, discordgo.ApplicationCommandOptionUser, u.ID, false)(b)
		b.resolve(u)
	}
}

// Focused is the option being typed in an autocomplete, a string so far.
func Focused(name, typed string) Opt {
	return option(name, discordgo.ApplicationCommandOptionString, typed, true)
}

// Raw is an option with any type and value, to send what Discord should
// not (a wrong type, say).
func Raw(name string, t discordgo.ApplicationCommandOptionType, v any) Opt {
	return option(name, t, v, false)
}

// InChannel makes the interaction happen in this channel of the server.
func InChannel(channel string) Opt { return func(b *builder) { b.channel = channel } }

// InGuild makes the interaction happen in this server.
func InGuild(guild string) Opt { return func(b *builder) { b.guild = guild } }

// InDM makes the interaction happen in a DM with the bot.
func InDM() Opt { return func(b *builder) { b.dm = true } }

// Locale sets the user's locale.
func Locale(l string) Opt { return func(b *builder) { b.locale = l } }

// GuildLocale sets the server's locale (guild_locale), which Discord
// sends with interactions in a server; the fake's GuildLocale option
// sets the default.
func GuildLocale(l string) Opt { return func(b *builder) { b.guildLocale = l } }

func randomToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return "itok-" + hex.EncodeToString(b)
}

// newInteraction builds and registers an interaction by u; f.mu is not held.
func (f *Fake) newInteraction(u User, t discordgo.InteractionType, data discordgo.InteractionData, msg *discordgo.Message, opts []Opt) *discordgo.Interaction {
	b := &builder{guild: f.o.GuildID, channel: f.o.ChannelID, guildLocale: f.o.GuildLocale}
	for _, o := range opts {
		o(b)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	i := &discordgo.Interaction{
		ID: f.newID(), AppID: f.o.AppID, Type: t, Data: data, ChannelID: b.channel,
		Token: randomToken(), Version: 1, Locale: discordgo.Locale(b.locale), Message: msg,
		AppPermissions: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles,
	}
	if i.Locale == "" {
		i.Locale = discordgo.EnglishUS
	}
	if b.dm {
		i.User = u.discord()
		i.Context = discordgo.InteractionContextBotDM
	} else {
		i.GuildID = b.guild
		if b.guildLocale != "" {
			gl := discordgo.Locale(b.guildLocale)
			i.GuildLocale = &gl
		}
		i.Member = &discordgo.Member{User: u.discord(), Permissions: u.Permissions, GuildID: b.guild, Roles: []string{}}
		i.Context = discordgo.InteractionContextGuild
	}
	if msg != nil {
		i.ChannelID = msg.ChannelID
	}
	st := &interactionState{i: i, sentAt: time.Now()}
	f.interactions[i.ID] = st
	f.byToken[i.Token] = st
	return i
}

// commandData builds the data of a command path: "twixt move" is the
// command twixt with the subcommand move; three words have a subcommand
// group in the middle.
func commandData(path string, b *builder) discordgo.ApplicationCommandInteractionData {
	words := strings.Fields(path)
	if len(words) == 0 {
		words = []string{""}
	}
	d := discordgo.ApplicationCommandInteractionData{ID: "400000000000000001", Name: words[0], CommandType: discordgo.ChatApplicationCommand, Resolved: b.resolved}
	opts := b.opts
	for k := len(words) - 1; k >= 1; k-- {
		t := discordgo.ApplicationCommandOptionSubCommand
		if k < len(words)-1 {
			t = discordgo.ApplicationCommandOptionSubCommandGroup
		}
		opts = []*discordgo.ApplicationCommandInteractionDataOption{{Name: words[k], Type: t, Options: opts}}
	}
	d.Options = opts
	return d
}

// Command builds a slash command by u: path is the command and its
// subcommands ("twixt challenge"); opts give the options and the place.
func (f *Fake) Command(u User, path string, opts ...Opt) *discordgo.Interaction {
	b := &builder{}
	for _, o := range opts {
		o(b)
	}
	return f.newInteraction(u, discordgo.InteractionApplicationCommand, commandData(path, b), nil, opts)
}

// Autocomplete builds an autocomplete request by u; one of opts should be
// Focused.
func (f *Fake) Autocomplete(u User, path string, opts ...Opt) *discordgo.Interaction {
	b := &builder{}
	for _, o := range opts {
		o(b)
	}
	return f.newInteraction(u, discordgo.InteractionApplicationCommandAutocomplete, commandData(path, b), nil, opts)
}

// Press builds the press by u of the button customID on a message the bot
// posted. It fails if the message or the button is unknown, deleted or
// disabled, since Discord would not let anyone press it.
func (f *Fake) Press(u User, messageID, customID string, opts ...Opt) (*discordgo.Interaction, error) {
	return f.component(u, messageID, customID, discordgo.ButtonComponent, nil, opts)
}

// Select builds the choice by u of values in the select menu customID of a
// message the bot posted.
func (f *Fake) Select(u User, messageID, customID string, values []string, opts ...Opt) (*discordgo.Interaction, error) {
	return f.component(u, messageID, customID, discordgo.SelectMenuComponent, values, opts)
}

// MustPress is Press that fails the test on error.
func (f *Fake) MustPress(u User, messageID, customID string, opts ...Opt) *discordgo.Interaction {
	f.t.Helper()
	i, err := f.Press(u, messageID, customID, opts...)
	if err != nil {
		f.t.Fatal(err)
	}
	return i
}

func (f *Fake) component(u User, messageID, customID string, kind discordgo.ComponentType, values []string, opts []Opt) (*discordgo.Interaction, error) {
	f.mu.Lock()
	m := f.messages[messageID]
	var wire *discordgo.Message
	var problem string
	switch {
	case m == nil:
		problem = "is unknown"
	case m.Deleted:
		problem = "was deleted"
	case m.Deferred:
		problem = "is still a deferral"
	default:
		found := false
		for _, b := range m.Buttons() {
			if b.CustomID == customID {
				found = true
				if b.Disabled {
					problem = fmt.Sprintf("has the button %q disabled", customID)
				}
			}
		}
		if !found && kind == discordgo.ButtonComponent {
			problem = fmt.Sprintf("has no button %q", customID)
		}
		wire = f.wire(m)
	}
	f.mu.Unlock()
	if problem != "" {
		return nil, fmt.Errorf("discordtest: message %s %s", messageID, problem)
	}
	data := discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: kind, Values: values}
	return f.newInteraction(u, discordgo.InteractionMessageComponent, data, wire, opts), nil
}

// Component builds a component interaction with any custom_id, on msg (or
// on no message), without checking it: for ids the bot never sent.
func (f *Fake) Component(u User, customID string, msg *discordgo.Message, opts ...Opt) *discordgo.Interaction {
	data := discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
	if msg == nil {
		msg = &discordgo.Message{ID: "500000000000000001", ChannelID: f.o.ChannelID}
	}
	return f.newInteraction(u, discordgo.InteractionMessageComponent, data, msg, opts)
}

// Submit builds the submission by u of the modal customID with the text
// inputs' values (by custom_id). messageID is the message whose button
// opened the modal, or "".
func (f *Fake) Submit(u User, customID string, values map[string]string, messageID string, opts ...Opt) *discordgo.Interaction {
	var rows []discordgo.MessageComponent
	for id, v := range values {
		rows = append(rows, &discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.TextInput{CustomID: id, Value: v}}})
	}
	var msg *discordgo.Message
	if messageID != "" {
		f.mu.Lock()
		if m := f.messages[messageID]; m != nil {
			msg = f.wire(m)
		}
		f.mu.Unlock()
	}
	return f.newInteraction(u, discordgo.InteractionModalSubmit, modalSubmit{CustomID: customID, Components: rows}, msg, opts)
}

// modalSubmit is the data of a modal submission as Discord sends it
// (discordgo's own type does not marshal its components).
type modalSubmit struct {
	CustomID   string                       `json:"custom_id"`
	Components []discordgo.MessageComponent `json:"components"`
}

func (modalSubmit) Type() discordgo.InteractionType { return discordgo.InteractionModalSubmit }

// Ping builds a PING, as Discord sends to check an endpoint.
func (f *Fake) Ping() *discordgo.Interaction {
	i := f.newInteraction(User{}, discordgo.InteractionPing, nil, nil, []Opt{InDM()})
	i.User = nil
	return i
}
