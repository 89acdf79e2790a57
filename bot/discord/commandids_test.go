package discord

import (
	"context"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestCommandIDsMention(t *testing.T) {
	var ids CommandIDs
	if m, ok := ids.Mention("twixt challenge"); ok {
		t.Fatalf("before registration: %q", m)
	}
	ids.Set([]*discordgo.ApplicationCommand{
		{ID: "111", Name: "twixt"}, {ID: "222", Name: "twixtadmin", Type: discordgo.ChatApplicationCommand},
		{ID: "333", Name: "Report", Type: discordgo.UserApplicationCommand}, {Name: "noid"}, nil,
	})
	for _, tc := range []struct {
		path, want string
		ok         bool
	}{
		{"twixt challenge", "</twixt challenge:111>", true},
		{"twixtadmin  preset add", "</twixtadmin preset add:222>", true},
		{"twixt", "</twixt:111>", true},
		{"Report", "", false}, // a user command is no slash command
		{"noid", "", false},
		{"other", "", false},
		{"", "", false},
	} {
		if got, ok := ids.Mention(tc.path); got != tc.want || ok != tc.ok {
			t.Errorf("Mention(%q) = %q, %v; want %q, %v", tc.path, got, ok, tc.want, tc.ok)
		}
	}
	ids.Set(nil)
	if _, ok := ids.ID("twixt"); ok {
		t.Error("Set(nil) kept the old ids")
	}
	var none *CommandIDs
	if _, ok := none.Mention("twixt move"); ok {
		t.Error("a nil CommandIDs mentions")
	}
}

// Every event the router handles carries the router's ids, the ones its
// owner shares.
func TestRouterGivesEventsTheCommandIDs(t *testing.T) {
	r := NewRouter()
	shared := &CommandIDs{}
	r.UseCommandIDs(shared)
	r.Command("cmd", func(ctx context.Context, e *Event) (Reply, error) {
		m, _ := e.CommandIDs().Mention("cmd")
		return Text(m), nil
	})
	shared.Set([]*discordgo.ApplicationCommand{{ID: "55", Name: "cmd"}})
	e := commandEvent(t, discordgo.InteractionApplicationCommand)
	if e.CommandIDs() != nil {
		t.Error("an event not yet routed has ids")
	}
	got, err := r.Handle(context.Background(), e)
	if err != nil || got.Content != "</cmd:55>" {
		t.Errorf("reply %q, %v; want the mention </cmd:55>", got.Content, err)
	}
	if r.CommandIDs() != shared {
		t.Error("the router does not keep its ids in the shared ones")
	}
}
