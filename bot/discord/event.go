package discord

import (
	"fmt"
	"log/slog"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Event is one incoming interaction, read and checked once, with typed
// accessors. The dispatcher builds it; handlers read it. Its methods are
// safe to call from several goroutines.
type Event struct {
	i        *discordgo.Interaction
	received time.Time

	path     string // "twixt move" for commands; the custom_id for components and modals
	options  Options
	customID string
	values   []string
	modal    map[string]string

	// Set by the router.
	route  string
	params map[string]string

	mu             sync.Mutex
	attrs          []slog.Attr
	outcome        Outcome
	deferEphemeral bool
	after          []func() // see AfterReply
	replied        bool
	replyMessage   MessageID // see ReplyMessage
}

// ReplyMessage is the id of the message that shows the interaction's
// reply, once it is out (read it in an AfterReply function): the new
// message, or the message of a button that the reply updated. It is ""
// before, when the reply was ephemeral or not a message, when its delivery
// failed, or when Discord did not say.
func (e *Event) ReplyMessage() MessageID {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.replyMessage
}

func (e *Event) setReplyMessage(id MessageID) {
	e.mu.Lock()
	e.replyMessage = id
	e.mu.Unlock()
}

// AfterReply runs f once the interaction's reply has been delivered, or
// its delivery has failed: for work that must not overtake the reply, such
// as a message that follows it in the channel. Once the reply is out, f
// runs at once.
func (e *Event) AfterReply(f func()) {
	e.mu.Lock()
	if !e.replied {
		e.after = append(e.after, f)
		e.mu.Unlock()
		return
	}
	e.mu.Unlock()
	f()
}

// done runs what waits for the reply; the dispatcher calls it once the
// reply is out.
func (e *Event) done() {
	e.mu.Lock()
	fs := e.after
	e.after, e.replied = nil, true
	e.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

// NewEvent reads an interaction. It refuses (with ErrMalformedInteraction)
// one without id or token, of an unknown type, or whose data does not match
// its type. received is when the interaction arrived; latencies count from
// it.
func NewEvent(i *discordgo.Interaction, received time.Time) (*Event, error) {
	if i == nil {
		return nil, fmt.Errorf("%w: no interaction", ErrMalformedInteraction)
	}
	if i.ID == "" || i.Token == "" {
		return nil, fmt.Errorf("%w: the interaction has no id or no token", ErrMalformedInteraction)
	}
	e := &Event{i: i, received: received}
	switch i.Type {
	case discordgo.InteractionPing:
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok || data.Name == "" {
			return nil, fmt.Errorf("%w: a command interaction without a command name", ErrMalformedInteraction)
		}
		path, leaf := commandPath(data)
		e.path = path
		e.options = Options{list: leaf, resolved: data.Resolved, partial: i.Type == discordgo.InteractionApplicationCommandAutocomplete}
	case discordgo.InteractionMessageComponent:
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok || data.CustomID == "" {
			return nil, fmt.Errorf("%w: a component interaction without a custom_id", ErrMalformedInteraction)
		}
		e.path, e.customID = data.CustomID, data.CustomID
		e.values = slices.Clone(data.Values)
	case discordgo.InteractionModalSubmit:
		data, ok := i.Data.(discordgo.ModalSubmitInteractionData)
		if !ok || data.CustomID == "" {
			return nil, fmt.Errorf("%w: a modal submission without a custom_id", ErrMalformedInteraction)
		}
		e.path, e.customID = data.CustomID, data.CustomID
		e.modal = modalValues(data.Components)
	default:
		return nil, fmt.Errorf("%w: unknown interaction type %d", ErrMalformedInteraction, i.Type)
	}
	return e, nil
}

// commandPath walks the subcommand group and subcommand of a command and
// returns its path ("twixt move") and the options of the innermost level.
func commandPath(data discordgo.ApplicationCommandInteractionData) (string, []*discordgo.ApplicationCommandInteractionDataOption) {
	path := data.Name
	opts := data.Options
	for depth := 0; depth < 2 && len(opts) > 0; depth++ {
		o := opts[0]
		if o == nil || (o.Type != discordgo.ApplicationCommandOptionSubCommand && o.Type != discordgo.ApplicationCommandOptionSubCommandGroup) {
			break
		}
		path += " " + o.Name
		opts = o.Options
		if o.Type == discordgo.ApplicationCommandOptionSubCommand {
			break
		}
	}
	return path, opts
}

func modalValues(rows []discordgo.MessageComponent) map[string]string {
	out := map[string]string{}
	var walk func(c discordgo.MessageComponent)
	walk = func(c discordgo.MessageComponent) {
		if row, ok := rowOf(c); ok {
			for _, x := range row {
				walk(x)
			}
			return
		}
		switch c := c.(type) {
		case *discordgo.TextInput:
			out[c.CustomID] = c.Value
		case discordgo.TextInput:
			out[c.CustomID] = c.Value
		}
	}
	for _, r := range rows {
		walk(r)
	}
	return out
}

// Interaction is the underlying interaction. Treat it as read-only.
func (e *Event) Interaction() *discordgo.Interaction { return e.i }

// Type is the interaction's type (command, component, autocomplete, modal).
func (e *Event) Type() discordgo.InteractionType { return e.i.Type }

// ID is the interaction's id.
func (e *Event) ID() string { return e.i.ID }

// ReceivedAt is when the interaction arrived.
func (e *Event) ReceivedAt() time.Time { return e.received }

// User is the user who acted (the member's user in a server, the user in a
// DM). It is the zero User if Discord sent neither.
func (e *Event) User() discordgo.User {
	if e.i.Member != nil && e.i.Member.User != nil {
		return *e.i.Member.User
	}
	if e.i.User != nil {
		return *e.i.User
	}
	return discordgo.User{}
}

// UserID is the id of the user who acted.
func (e *Event) UserID() UserID { return UserID(e.User().ID) }

// GuildID is the server the interaction came from; empty in a DM.
func (e *Event) GuildID() GuildID { return GuildID(e.i.GuildID) }

// ChannelID is the channel the interaction came from.
func (e *Event) ChannelID() ChannelID { return ChannelID(e.i.ChannelID) }

// InGuild reports whether the interaction came from a server (not a DM).
func (e *Event) InGuild() bool { return e.i.GuildID != "" && e.i.Member != nil }

// Permissions is the acting member's permission bitfield in the channel,
// as computed by Discord (0 in a DM).
func (e *Event) Permissions() int64 {
	if e.i.Member == nil {
		return 0
	}
	return e.i.Member.Permissions
}

// HasPermission reports whether the acting member holds every bit of perm
// (discordgo.PermissionManageGuild, say) in this channel, or is an
// administrator. Always false in a DM. This is the server-side check;
// default_member_permissions on a command only hides it in the client.
func (e *Event) HasPermission(perm int64) bool {
	p := e.Permissions()
	if p&discordgo.PermissionAdministrator != 0 {
		return e.i.Member != nil
	}
	return e.i.Member != nil && p&perm == perm
}

// Locale is the acting user's language ("en-US"), if Discord sent it.
func (e *Event) Locale() string { return string(e.i.Locale) }

// GuildLocale is the server's language ("es-ES"), if Discord sent it: it
// is sent for interactions in a server, not in direct messages.
func (e *Event) GuildLocale() string {
	if e.i.GuildLocale == nil {
		return ""
	}
	return string(*e.i.GuildLocale)
}

// Path is what the interaction is routed by: the command path for
// commands and autocompletes ("twixt challenge", subcommand group and
// subcommand included), the custom_id for components and modals.
func (e *Event) Path() string { return e.path }

// Route is the registered path or pattern the router matched
// ("move/{game}/{n}"), or "" when none matched.
func (e *Event) Route() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.route
}

// Param is the value of a {name} segment of the matched custom_id pattern,
// or "".
func (e *Event) Param(name string) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.params[name]
}

// Params is a copy of every matched {name} segment.
func (e *Event) Params() map[string]string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return maps.Clone(e.params)
}

// CustomID is the custom_id of the pressed component or submitted modal.
func (e *Event) CustomID() string { return e.customID }

// Values are the chosen values of a select menu.
func (e *Event) Values() []string { return slices.Clone(e.values) }

// ModalValues are the submitted text inputs of a modal, by custom_id.
func (e *Event) ModalValues() map[string]string { return maps.Clone(e.modal) }

// Options are the options of the command at the level of its subcommand.
func (e *Event) Options() Options { return e.options }

// MessageID is the message the pressed component is on; empty otherwise.
func (e *Event) MessageID() MessageID {
	if e.i.Message == nil {
		return ""
	}
	return MessageID(e.i.Message.ID)
}

// Message is a shallow copy of the message the pressed component is on, and
// false when there is none.
func (e *Event) Message() (discordgo.Message, bool) {
	if e.i.Message == nil {
		return discordgo.Message{}, false
	}
	return *e.i.Message, true
}

// ResolvedUser is a user that Discord resolved for a user option.
func (e *Event) ResolvedUser(id UserID) (discordgo.User, bool) {
	return e.options.ResolvedUser(id)
}

// Annotate adds attributes (the game id, say) to the log line of this
// interaction.
func (e *Event) Annotate(attrs ...slog.Attr) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.attrs = append(e.attrs, attrs...)
}

// DeferEphemeral asks that, should this interaction have to be deferred
// because its handler runs long, the deferral be ephemeral, as the reply
// will be. Without it a deferral is public; either way the reply keeps the
// visibility it asks for, at the cost of one more call when they differ.
func (e *Event) DeferEphemeral() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.deferEphemeral = true
}

func (e *Event) wantsEphemeralDefer() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.deferEphemeral
}

func (e *Event) setRoute(route string, params map[string]string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.route, e.params = route, params
}

// SetOutcome records how the interaction ended, for the log line and the
// metrics; middleware uses it (the rate limiter sets OutcomeThrottled). The
// dispatcher fills it in when nobody did.
func (e *Event) SetOutcome(o Outcome) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.outcome = o
}

func (e *Event) snapshot() (Outcome, []slog.Attr, string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.outcome, slices.Clone(e.attrs), e.route
}

// fromComponent reports whether the interaction is tied to a message (a
// component, or a modal opened from one), so its reply may update that
// message.
func (e *Event) fromComponent() bool {
	return e.i.Type == discordgo.InteractionMessageComponent ||
		(e.i.Type == discordgo.InteractionModalSubmit && e.i.Message != nil)
}

// Options are the options a user gave a command, with typed getters. A
// getter reports (value, true, nil) when the option is there with the
// right type, (zero, false, nil) when it is absent, and an *OptionError
// when it has another type. The Require variants turn absence into an
// *OptionError wrapping ErrMissingOption.
type Options struct {
	list     []*discordgo.ApplicationCommandInteractionDataOption
	resolved *discordgo.ApplicationCommandInteractionDataResolved
	partial  bool // autocomplete: values are what was typed so far
}

func (o Options) find(name string) *discordgo.ApplicationCommandInteractionDataOption {
	for _, x := range o.list {
		if x != nil && x.Name == name {
			return x
		}
	}
	return nil
}

// Has reports whether the option was given.
func (o Options) Has(name string) bool { return o.find(name) != nil }

// Names lists the given options in order.
func (o Options) Names() []string {
	var out []string
	for _, x := range o.list {
		if x != nil {
			out = append(out, x.Name)
		}
	}
	return out
}

func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "empty"
	case string:
		return fmt.Sprintf("the text %q", v)
	case float64:
		return "the number " + strconv.FormatFloat(v, 'g', -1, 64)
	case bool:
		return "the value " + strconv.FormatBool(v)
	default:
		return fmt.Sprintf("a %T", v)
	}
}

func typeError(name, want string, got any) error {
	return &OptionError{Option: name, Want: want, Got: describe(got), Kind: ErrOptionType}
}

func missing(name, want string) error {
	return &OptionError{Option: name, Want: want, Kind: ErrMissingOption}
}

// String is a text option.
func (o Options) String(name string) (string, bool, error) {
	x := o.find(name)
	if x == nil {
		return "", false, nil
	}
	s, ok := x.Value.(string)
	if !ok || x.Type != discordgo.ApplicationCommandOptionString {
		return "", false, typeError(name, "text", x.Value)
	}
	return s, true, nil
}

// Int is a whole-number option.
func (o Options) Int(name string) (int64, bool, error) {
	x := o.find(name)
	if x == nil {
		return 0, false, nil
	}
	if x.Type != discordgo.ApplicationCommandOptionInteger {
		return 0, false, typeError(name, "a whole number", x.Value)
	}
	switch v := x.Value.(type) {
	case float64:
		if v == math.Trunc(v) && math.Abs(v) <= 1<<53 {
			return int64(v), true, nil
		}
	case string:
		if o.partial {
			if n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
				return n, true, nil
			}
		}
	}
	return 0, false, typeError(name, "a whole number", x.Value)
}

// Number is a number option (integer options are accepted too).
func (o Options) Number(name string) (float64, bool, error) {
	x := o.find(name)
	if x == nil {
		return 0, false, nil
	}
	if x.Type != discordgo.ApplicationCommandOptionNumber && x.Type != discordgo.ApplicationCommandOptionInteger {
		return 0, false, typeError(name, "a number", x.Value)
	}
	switch v := x.Value.(type) {
	case float64:
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			return v, true, nil
		}
	case string:
		if o.partial {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
				return f, true, nil
			}
		}
	}
	return 0, false, typeError(name, "a number", x.Value)
}

// Bool is a true/false option.
func (o Options) Bool(name string) (bool, bool, error) {
	x := o.find(name)
	if x == nil {
		return false, false, nil
	}
	b, ok := x.Value.(bool)
	if !ok || x.Type != discordgo.ApplicationCommandOptionBoolean {
		return false, false, typeError(name, "true or false", x.Value)
	}
	return b, true, nil
}

// User is a user option; details of the user are in ResolvedUser.
func (o Options) User(name string) (UserID, bool, error) {
	x := o.find(name)
	if x == nil {
		return "", false, nil
	}
	s, ok := x.Value.(string)
	switch {
	case !ok || !isSnowflake(s):
		return "", false, typeError(name, "a user", x.Value)
	case x.Type == discordgo.ApplicationCommandOptionUser:
	case x.Type == discordgo.ApplicationCommandOptionMentionable:
		if _, isUser := o.ResolvedUser(UserID(s)); !isUser {
			return "", false, &OptionError{Option: name, Want: "a user", Got: "a role", Kind: ErrOptionType}
		}
	default:
		return "", false, typeError(name, "a user", x.Value)
	}
	return UserID(s), true, nil
}

// RequireString is String, with absence an error.
func (o Options) RequireString(name string) (string, error) {
	return require(o.String, name, "text")
}

// RequireInt is Int, with absence an error.
func (o Options) RequireInt(name string) (int64, error) {
	return require(o.Int, name, "whole number")
}

// RequireNumber is Number, with absence an error.
func (o Options) RequireNumber(name string) (float64, error) {
	return require(o.Number, name, "number")
}

// RequireBool is Bool, with absence an error.
func (o Options) RequireBool(name string) (bool, error) {
	return require(o.Bool, name, "true|false")
}

// RequireUser is User, with absence an error.
func (o Options) RequireUser(name string) (UserID, error) {
	return require(o.User, name, "user")
}

func require[T any](get func(string) (T, bool, error), name, want string) (T, error) {
	v, ok, err := get(name)
	if err == nil && !ok {
		err = missing(name, want)
	}
	return v, err
}

// Focused is the option being typed in an autocomplete: its name and the
// text typed so far (numbers as typed).
func (o Options) Focused() (name, text string, ok bool) {
	for _, x := range o.list {
		if x == nil || !x.Focused {
			continue
		}
		switch v := x.Value.(type) {
		case string:
			return x.Name, v, true
		case float64:
			return x.Name, strconv.FormatFloat(v, 'f', -1, 64), true
		case nil:
			return x.Name, "", true
		default:
			return x.Name, fmt.Sprint(v), true
		}
	}
	return "", "", false
}

// ResolvedUser is a user that Discord resolved for a user option.
func (o Options) ResolvedUser(id UserID) (discordgo.User, bool) {
	if o.resolved == nil {
		return discordgo.User{}, false
	}
	if u, ok := o.resolved.Users[string(id)]; ok && u != nil {
		return *u, true
	}
	if m, ok := o.resolved.Members[string(id)]; ok && m != nil && m.User != nil {
		return *m.User, true
	}
	return discordgo.User{}, false
}
