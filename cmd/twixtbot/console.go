package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot"
	"github.com/twixtbot/twixtbot/bot/discord"
)

// Console plays twixtbot offline: it reads lines such as
//
//	alice: /twixt challenge opponent:bob size:12
//	bob: click accept/g1
//
// turns each into the interaction Discord would send, runs it through the
// bot's router, storage and renderer, prints the replies and saves every
// board picture as a PNG file. Everyone in the console is a moderator.
type Console struct {
	out     io.Writer
	dir     string
	disp    *discord.Dispatcher
	mu      sync.Mutex
	seq     int
	msgs    map[string]*consoleMsg // by message id
	order   []string               // message ids, oldest first
	pending map[string]string      // interaction id -> message id it is on
	files   int
	ids     map[string]string // player name -> the snowflake standing for it
	who     map[string]string // snowflake -> player name
	bots    map[string]bool   // snowflakes of bots: the computer
	// Settle, if set, runs after each line: the bot's Wait, so that what
	// it posts after a reply is printed before the next line.
	Settle func()
}

type consoleMsg struct {
	id, content string
	components  []discordgo.MessageComponent
	ephemeral   bool
}

// NewConsole returns a console that prints to out and saves pictures in
// dir. The router is the bot's.
func NewConsole(router *discord.Router, out io.Writer, dir string) *Console {
	c := &Console{out: out, dir: dir, msgs: map[string]*consoleMsg{}, pending: map[string]string{},
		ids: map[string]string{}, who: map[string]string{}, bots: map[string]bool{}}
	c.disp = discord.NewDispatcher(discord.DispatcherOptions{
		Router: router, Responder: c, DeferAfter: -1, DedupeWindow: -1,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	return c
}

const consoleHelp = `Type what a player does, one line each:
  alice: /twixt challenge opponent:bob size:12      (options as name:value; quote values with spaces)
  bob: click accept/g1                              (press a button by the id shown in brackets)
  alice: /twixt move at:j12
  alice: /twixt computer level:1 size:12              (play the computer, who is "twixtbot" here)
A leading "> " is ignored, so lines copied from this console's echo work.
Everyone is a moderator here (/twixtadmin works). "help" shows this; "quit" or end of input leaves.`

// Run reads lines until in ends, a "quit", or ctx ends.
func (c *Console) Run(ctx context.Context, in io.Reader) error {
	fmt.Fprintln(c.out, consoleHelp)
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		if ctx.Err() != nil {
			return nil
		}
		// A line copied from the console's own echo, or from the README,
		// starts with the prompt "> ": it is the same line.
		line := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(sc.Text()), ">"))
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case line == "quit" || line == "exit":
			return nil
		case line == "help":
			fmt.Fprintln(c.out, consoleHelp)
			continue
		}
		if err := c.Line(ctx, line); err != nil {
			fmt.Fprintf(c.out, "  ! %v\n", err)
		}
	}
	return sc.Err()
}

// Line runs one console line.
func (c *Console) Line(ctx context.Context, line string) error {
	user, rest, ok := strings.Cut(line, ":")
	user = strings.TrimPrefix(strings.TrimSpace(user), "@")
	rest = strings.TrimSpace(rest)
	if !ok || !validConsoleName(user) || rest == "" {
		return fmt.Errorf("write who acts first, like `alice: /twixt help` (names are letters and digits)")
	}
	var i *discordgo.Interaction
	var err error
	switch {
	case strings.HasPrefix(rest, "/"):
		i, err = c.command(user, rest[1:])
	case strings.HasPrefix(rest, "click ") || strings.HasPrefix(rest, "press "):
		i, err = c.click(user, strings.TrimSpace(rest[6:]))
	default:
		err = fmt.Errorf("a line is a command (`/twixt ...`) or a click (`click accept/g1`)")
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "> %s: %s\n", user, rest)
	err = c.disp.Dispatch(ctx, i)
	if c.Settle != nil {
		c.Settle()
	}
	return err
}

func validConsoleName(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' {
			return false
		}
	}
	return true
}

// AddBot names a bot user of the console, the computer player: a command
// naming it (opponent:twixtbot) names that user, marked as a bot.
func (c *Console) AddBot(name, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ids[name], c.who[id], c.bots[id] = id, name, true
}

// userID returns the snowflake that stands for a player name (Discord's
// user ids are numbers).
func (c *Console) userID(name string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if id, ok := c.ids[name]; ok {
		return id
	}
	id := strconv.Itoa(100000000000000000 + len(c.ids) + 1)
	c.ids[name], c.who[id] = id, name
	return id
}

func (c *Console) interaction(user string, t discordgo.InteractionType, data discordgo.InteractionData, msg *discordgo.Message) *discordgo.Interaction {
	uid := c.userID(user)
	c.mu.Lock()
	c.seq++
	id := strconv.Itoa(900000000000000000 + c.seq)
	c.mu.Unlock()
	u := &discordgo.User{ID: uid, Username: user, GlobalName: user}
	return &discordgo.Interaction{
		ID: id, AppID: "1", Type: t, Token: "console-" + id, Version: 1,
		GuildID: "2", ChannelID: "3", Data: data, Message: msg,
		Member: &discordgo.Member{User: u, Permissions: discordgo.PermissionAll},
	}
}

var consoleToken = regexp.MustCompile(`([a-z_0-9]+):("([^"]*)"|\S+)`)

// command builds a slash command from "twixt challenge opponent:bob", typing
// each option as the command's definition says.
func (c *Console) command(user, text string) (*discordgo.Interaction, error) {
	firstOpt := consoleToken.FindStringIndex(text)
	head := text
	if firstOpt != nil {
		head = text[:firstOpt[0]]
	}
	words := strings.Fields(head)
	if len(words) == 0 {
		return nil, fmt.Errorf("no command")
	}
	var def *discordgo.ApplicationCommand
	for _, cmd := range bot.Commands() {
		if cmd.Name == words[0] {
			def = cmd
		}
	}
	if def == nil {
		return nil, fmt.Errorf("unknown command /%s: the commands are /twixt and /twixtadmin", words[0])
	}
	// Walk down the subcommand group and subcommand.
	defs := def.Options
	var path []*discordgo.ApplicationCommandOption
	for _, w := range words[1:] {
		var found *discordgo.ApplicationCommandOption
		for _, o := range defs {
			if o.Name == w && (o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
				found = o
			}
		}
		if found == nil {
			return nil, fmt.Errorf("/%s has no subcommand %q", strings.Join(words[:len(path)+1], " "), w)
		}
		path = append(path, found)
		defs = found.Options
	}
	resolved := &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{}}
	var opts []*discordgo.ApplicationCommandInteractionDataOption
	if firstOpt != nil {
		for _, m := range consoleToken.FindAllStringSubmatch(text[firstOpt[0]:], -1) {
			name, value := m[1], m[2]
			if strings.HasPrefix(value, `"`) {
				value = m[3]
			}
			var od *discordgo.ApplicationCommandOption
			for _, o := range defs {
				if o.Name == name {
					od = o
				}
			}
			if od == nil {
				return nil, fmt.Errorf("this command has no option %q", name)
			}
			opt := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: od.Type}
			switch od.Type {
			case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
				f, err := strconv.ParseFloat(value, 64)
				if err != nil {
					return nil, fmt.Errorf("%s takes a number, not %q", name, value)
				}
				opt.Value = f
			case discordgo.ApplicationCommandOptionBoolean:
				b, err := strconv.ParseBool(value)
				if err != nil {
					return nil, fmt.Errorf("%s takes true or false, not %q", name, value)
				}
				opt.Value = b
			case discordgo.ApplicationCommandOptionUser:
				who := strings.TrimPrefix(value, "@")
				if !validConsoleName(who) {
					return nil, fmt.Errorf("%s takes a player's name, not %q", name, value)
				}
				id := c.userID(who)
				opt.Value = id
				c.mu.Lock()
				isBot := c.bots[id]
				c.mu.Unlock()
				resolved.Users[id] = &discordgo.User{ID: id, Username: who, GlobalName: who, Bot: isBot}
			case discordgo.ApplicationCommandOptionChannel:
				opt.Value = strings.Trim(value, "<#>")
			default:
				opt.Value = value
			}
			opts = append(opts, opt)
		}
	}
	for i := len(path) - 1; i >= 0; i-- {
		opts = []*discordgo.ApplicationCommandInteractionDataOption{{Name: path[i].Name, Type: path[i].Type, Options: opts}}
	}
	data := discordgo.ApplicationCommandInteractionData{ID: "cmd-" + def.Name, Name: def.Name, CommandType: discordgo.ChatApplicationCommand, Options: opts, Resolved: resolved}
	return c.interaction(user, discordgo.InteractionApplicationCommand, data, nil), nil
}

// click presses the newest enabled button with this custom_id.
func (c *Console) click(user, customID string) (*discordgo.Interaction, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := len(c.order) - 1; k >= 0; k-- {
		m := c.msgs[c.order[k]]
		for _, b := range buttonsOf(m.components) {
			if b.CustomID == customID && !b.Disabled {
				msg := &discordgo.Message{ID: m.id, ChannelID: "3", Content: m.content, Components: m.components}
				if m.ephemeral {
					msg.Flags = discordgo.MessageFlagsEphemeral
				}
				data := discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
				c.mu.Unlock()
				i := c.interaction(user, discordgo.InteractionMessageComponent, data, msg)
				c.mu.Lock()
				return i, nil
			}
		}
	}
	return nil, fmt.Errorf("no button %q to click (the ids are shown in brackets under each message)", customID)
}

func buttonsOf(comps []discordgo.MessageComponent) []discordgo.Button {
	var out []discordgo.Button
	for _, c := range comps {
		switch v := c.(type) {
		case discordgo.ActionsRow:
			out = append(out, buttonsOf(v.Components)...)
		case *discordgo.ActionsRow:
			out = append(out, buttonsOf(v.Components)...)
		case discordgo.Button:
			out = append(out, v)
		case *discordgo.Button:
			out = append(out, *v)
		}
	}
	return out
}

var mentionRE = regexp.MustCompile(`<@!?([^>]+)>`)

// show prints a reply as a message, saving its pictures.
func (c *Console) show(who, msgID string, r discord.Reply) {
	c.mu.Lock()
	defer c.mu.Unlock()
	text := mentionRE.ReplaceAllStringFunc(r.Content, func(m string) string {
		id := strings.Trim(m, "<@!>")
		if name, ok := c.who[id]; ok {
			return "@" + name
		}
		return "@" + id
	})
	text = strings.ReplaceAll(text, "<#3>", "#console")
	prefix := "  "
	if r.Ephemeral {
		fmt.Fprintf(c.out, "  [only %s sees this]\n", who)
	}
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintln(c.out, prefix+line)
	}
	for _, f := range r.Files {
		c.files++
		name := fmt.Sprintf("%03d-%s", c.files, f.Name)
		path := filepath.Join(c.dir, name)
		if err := os.MkdirAll(c.dir, 0o755); err == nil {
			if err := os.WriteFile(path, f.Data, 0o644); err == nil {
				fmt.Fprintf(c.out, "  (attached %s, saved as %s)\n", f.Name, path)
				continue
			}
		}
		fmt.Fprintf(c.out, "  (attached %s; could not save it)\n", f.Name)
	}
	var ids []string
	for _, b := range buttonsOf(r.Components) {
		if b.Disabled {
			ids = append(ids, fmt.Sprintf("(%s: %s, disabled)", b.Label, b.CustomID))
		} else {
			ids = append(ids, fmt.Sprintf("[%s: %s]", b.Label, b.CustomID))
		}
	}
	if len(ids) > 0 {
		fmt.Fprintln(c.out, "  "+strings.Join(ids, " "))
	}
	m := c.msgs[msgID]
	if m == nil {
		m = &consoleMsg{id: msgID}
		c.msgs[msgID] = m
		c.order = append(c.order, msgID)
	}
	m.content, m.ephemeral = r.Content, r.Ephemeral
	if r.Components != nil || r.Kind == discord.KindUpdate {
		m.components = r.Components
	}
}

func (c *Console) newMsgID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	return strconv.Itoa(800000000000000000 + c.seq)
}

func userOf(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User.Username
	}
	return "?"
}

// Callback prints the initial response.
func (c *Console) Callback(ctx context.Context, i *discordgo.Interaction, typ discordgo.InteractionResponseType, r discord.Reply) (discord.MessageID, error) {
	switch typ {
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		return "", nil
	case discordgo.InteractionResponseUpdateMessage:
		c.show(userOf(i), i.Message.ID, r)
		return discord.MessageID(i.Message.ID), nil
	case discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseDeferredMessageUpdate:
		return "", nil
	default:
		id := c.newMsgID()
		c.mu.Lock()
		c.pending[i.ID] = id
		c.mu.Unlock()
		c.show(userOf(i), id, r)
		return discord.MessageID(id), nil
	}
}

// EditOriginal prints an edited response.
func (c *Console) EditOriginal(ctx context.Context, i *discordgo.Interaction, r discord.Reply) (discord.MessageID, error) {
	c.mu.Lock()
	id := c.pending[i.ID]
	c.mu.Unlock()
	if id == "" && i.Message != nil {
		id = i.Message.ID
	}
	r.Kind = discord.KindUpdate
	c.show(userOf(i), id, r)
	return discord.MessageID(id), nil
}

// DeleteOriginal forgets a response.
func (c *Console) DeleteOriginal(ctx context.Context, i *discordgo.Interaction) error { return nil }

// Followup prints a further message.
func (c *Console) Followup(ctx context.Context, i *discordgo.Interaction, r discord.Reply) (discord.MessageID, error) {
	id := c.newMsgID()
	c.show(userOf(i), id, r)
	return discord.MessageID(id), nil
}

// Send prints a message the bot posts in a channel.
func (c *Console) Send(ctx context.Context, channel discord.ChannelID, r discord.Reply) (discord.MessageID, error) {
	id := c.newMsgID()
	c.show("everyone", id, r)
	return discord.MessageID(id), nil
}

// Edit prints an edit of a posted message.
func (c *Console) Edit(ctx context.Context, channel discord.ChannelID, message discord.MessageID, r discord.Reply) error {
	r.Kind = discord.KindUpdate
	c.mu.Lock()
	m := c.msgs[string(message)]
	c.mu.Unlock()
	if m != nil {
		c.mu.Lock()
		m.components = r.Components
		c.mu.Unlock()
	}
	return nil
}

// StartThread pretends to open a thread: the console has one channel.
func (c *Console) StartThread(ctx context.Context, channel discord.ChannelID, from discord.MessageID, name string) (discord.ChannelID, error) {
	return channel, nil
}
