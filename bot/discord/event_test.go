package discord

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func opt(name string, t discordgo.ApplicationCommandOptionType, v any) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: t, Value: v}
}

func commandEvent(t testing.TB, typ discordgo.InteractionType, opts ...*discordgo.ApplicationCommandInteractionDataOption) *Event {
	t.Helper()
	e, err := NewEvent(&discordgo.Interaction{ID: "1", Token: "t", Type: typ,
		Member:  &discordgo.Member{User: &discordgo.User{ID: "42", Username: "alice"}, Permissions: discordgo.PermissionSendMessages},
		GuildID: "7", ChannelID: "8",
		Data: discordgo.ApplicationCommandInteractionData{Name: "cmd", Options: opts,
			Resolved: &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{"99": {ID: "99", Username: "bob"}}}},
	}, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestOptionGetters(t *testing.T) {
	const (
		str  = discordgo.ApplicationCommandOptionString
		num  = discordgo.ApplicationCommandOptionNumber
		in   = discordgo.ApplicationCommandOptionInteger
		bl   = discordgo.ApplicationCommandOptionBoolean
		usr  = discordgo.ApplicationCommandOptionUser
		ment = discordgo.ApplicationCommandOptionMentionable
	)
	cmd, auto := discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete
	tests := []struct {
		name   string
		typ    discordgo.InteractionType
		o      *discordgo.ApplicationCommandInteractionDataOption
		get    func(Options) (any, bool, error)
		want   any
		ok     bool
		errIs  error
		errMsg string
	}{
		{"string", cmd, opt("x", str, "j12"), getString, "j12", true, nil, ""},
		{"string absent", cmd, opt("y", str, "j12"), getString, "", false, nil, ""},
		{"string sent as a number", cmd, opt("x", str, 5.0), getString, "", false, ErrOptionType, `the option "x" should be text, but it is the number 5`},
		{"int", cmd, opt("x", in, 24.0), getInt, int64(24), true, nil, ""},
		{"int with a fraction", cmd, opt("x", in, 2.5), getInt, int64(0), false, ErrOptionType, "should be a whole number"},
		{"int of another type", cmd, opt("x", str, "24"), getInt, int64(0), false, ErrOptionType, "should be a whole number"},
		{"int typed in an autocomplete", auto, opt("x", in, "24"), getInt, int64(24), true, nil, ""},
		{"int as text in a command", cmd, opt("x", in, "24"), getInt, int64(0), false, ErrOptionType, `the text "24"`},
		{"number", cmd, opt("x", num, 0.5), getNumber, 0.5, true, nil, ""},
		{"number from an integer option", cmd, opt("x", in, 3.0), getNumber, 3.0, true, nil, ""},
		{"bool", cmd, opt("x", bl, true), getBool, true, true, nil, ""},
		{"bool as text", cmd, opt("x", bl, "true"), getBool, false, false, ErrOptionType, "should be true or false"},
		{"user", cmd, opt("x", usr, "99"), getUser, UserID("99"), true, nil, ""},
		{"user that is not a snowflake", cmd, opt("x", usr, "bob"), getUser, UserID(""), false, ErrOptionType, "should be a user"},
		{"mentionable user", cmd, opt("x", ment, "99"), getUser, UserID("99"), true, nil, ""},
		{"mentionable role", cmd, opt("x", ment, "12345"), getUser, UserID(""), false, ErrOptionType, "a role"},
		{"null value", cmd, opt("x", str, nil), getString, "", false, ErrOptionType, "but it is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := commandEvent(t, tt.typ, tt.o)
			got, ok, err := tt.get(e.Options())
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %v %v, want %v %v", got, ok, tt.want, tt.ok)
			}
			if tt.errIs == nil {
				if err != nil {
					t.Errorf("error %v", err)
				}
				return
			}
			var oe *OptionError
			if !errors.Is(err, tt.errIs) || !errors.As(err, &oe) || !strings.Contains(err.Error(), tt.errMsg) {
				t.Errorf("error %v, want %v saying %q", err, tt.errIs, tt.errMsg)
			}
			if msg, visible := UserMessage(err); !visible || msg != err.Error() {
				t.Errorf("an option error is not shown to the user")
			}
		})
	}
}

func getString(o Options) (any, bool, error) { v, ok, err := o.String("x"); return v, ok, err }
func getInt(o Options) (any, bool, error)    { v, ok, err := o.Int("x"); return v, ok, err }
func getNumber(o Options) (any, bool, error) { v, ok, err := o.Number("x"); return v, ok, err }
func getBool(o Options) (any, bool, error)   { v, ok, err := o.Bool("x"); return v, ok, err }
func getUser(o Options) (any, bool, error)   { v, ok, err := o.User("x"); return v, ok, err }

func TestRequiredOptions(t *testing.T) {
	o := commandEvent(t, discordgo.InteractionApplicationCommand).Options()
	if _, err := o.RequireString("at"); !errors.Is(err, ErrMissingOption) || err.Error() != `the option "at" is missing: add at:<text> to the command` {
		t.Errorf("RequireString: %v", err)
	}
	if _, err := o.RequireInt("size"); !errors.Is(err, ErrMissingOption) {
		t.Errorf("RequireInt: %v", err)
	}
	if _, err := o.RequireUser("opponent"); !errors.Is(err, ErrMissingOption) {
		t.Errorf("RequireUser: %v", err)
	}
	if _, err := o.RequireBool("swap"); !errors.Is(err, ErrMissingOption) {
		t.Errorf("RequireBool: %v", err)
	}
	if _, err := o.RequireNumber("n"); !errors.Is(err, ErrMissingOption) {
		t.Errorf("RequireNumber: %v", err)
	}
}

func TestFocusedAndResolved(t *testing.T) {
	f := opt("at", discordgo.ApplicationCommandOptionString, "j1")
	f.Focused = true
	e := commandEvent(t, discordgo.InteractionApplicationCommandAutocomplete, opt("game", discordgo.ApplicationCommandOptionInteger, 3.0), f)
	if name, text, ok := e.Options().Focused(); name != "at" || text != "j1" || !ok {
		t.Errorf("Focused() = %q %q %v", name, text, ok)
	}
	if u, ok := e.ResolvedUser("99"); !ok || u.Username != "bob" {
		t.Errorf("ResolvedUser = %+v %v", u, ok)
	}
	if names := e.Options().Names(); len(names) != 2 || names[0] != "game" {
		t.Errorf("Names() = %v", names)
	}
}

func TestEventAccessors(t *testing.T) {
	e := commandEvent(t, discordgo.InteractionApplicationCommand)
	if e.UserID() != "42" || e.User().Username != "alice" || e.GuildID() != "7" || e.ChannelID() != "8" || !e.InGuild() {
		t.Errorf("accessors: %v %v %v %v", e.UserID(), e.GuildID(), e.ChannelID(), e.InGuild())
	}
	if !e.HasPermission(discordgo.PermissionSendMessages) || e.HasPermission(discordgo.PermissionManageGuild) {
		t.Errorf("HasPermission wrong for a plain member")
	}
	e.i.Member.Permissions = discordgo.PermissionAdministrator
	if !e.HasPermission(discordgo.PermissionManageGuild) {
		t.Errorf("an administrator lacks MANAGE_GUILD")
	}
	dm, err := NewEvent(&discordgo.Interaction{ID: "1", Token: "t", Type: discordgo.InteractionApplicationCommand,
		User: &discordgo.User{ID: "5"}, Data: discordgo.ApplicationCommandInteractionData{Name: "x"}}, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if dm.UserID() != "5" || dm.InGuild() || dm.HasPermission(discordgo.PermissionSendMessages) || dm.Permissions() != 0 {
		t.Errorf("DM event: user %v guild %v", dm.UserID(), dm.InGuild())
	}
	if UserID("5").Mention() != "<@5>" || ChannelID("6").Mention() != "<#6>" {
		t.Errorf("mentions")
	}
}

func TestNewEventRefusesMalformed(t *testing.T) {
	tests := []*discordgo.Interaction{
		nil,
		{Type: discordgo.InteractionApplicationCommand, Token: "t"},
		{ID: "1", Type: discordgo.InteractionApplicationCommand},
		{ID: "1", Token: "t", Type: discordgo.InteractionApplicationCommand},
		{ID: "1", Token: "t", Type: discordgo.InteractionApplicationCommand, Data: discordgo.ApplicationCommandInteractionData{}},
		{ID: "1", Token: "t", Type: discordgo.InteractionMessageComponent, Data: discordgo.ApplicationCommandInteractionData{Name: "x"}},
		{ID: "1", Token: "t", Type: discordgo.InteractionMessageComponent, Data: discordgo.MessageComponentInteractionData{}},
		{ID: "1", Token: "t", Type: discordgo.InteractionModalSubmit, Data: discordgo.ModalSubmitInteractionData{}},
		{ID: "1", Token: "t", Type: 9},
	}
	for k, i := range tests {
		if _, err := NewEvent(i, time.Time{}); !errors.Is(err, ErrMalformedInteraction) {
			t.Errorf("case %d: %v, want ErrMalformedInteraction", k, err)
		}
	}
}

func TestModalValues(t *testing.T) {
	i, err := DecodeInteraction([]byte(`{"id":"1","token":"t","type":5,"data":{"custom_id":"name/g1",
		"components":[{"type":1,"components":[{"type":4,"custom_id":"title","value":"My game"}]}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEvent(i, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if e.Path() != "name/g1" || e.ModalValues()["title"] != "My game" {
		t.Errorf("path %q values %v", e.Path(), e.ModalValues())
	}
}
