package discord

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func buttons(n int, prefix string) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for i := 0; i < n; i++ {
		out = append(out, Button(discordgo.PrimaryButton, "b", prefix+string(rune('a'+i))))
	}
	return out
}

func rows(n int) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for i := 0; i < n; i++ {
		out = append(out, Row(buttons(1, string(rune('a'+i)))...))
	}
	return out
}

func TestReplyValidate(t *testing.T) {
	png := []byte{0x89, 'P', 'N', 'G'}
	tests := []struct {
		name  string
		r     Reply
		where string // "" when valid; else part of the problem's field
	}{
		{"plain", Text("hi"), ""},
		{"2000 characters", Text(strings.Repeat("é", 2000)), ""},
		{"2001 characters", Text(strings.Repeat("é", 2001)), "content"},
		{"empty message", Text("  "), "content"},
		{"file only", Reply{Files: []File{{Name: "b.png", Data: png}}}, ""},
		{"5 rows", Text("x").WithComponents(rows(5)...), ""},
		{"6 rows", Text("x").WithComponents(rows(6)...), "components"},
		{"6 buttons in a row", Text("x").WithComponents(Row(buttons(6, "k")...)), "components[0]"},
		{"button outside a row", Text("x").WithComponents(Button(discordgo.PrimaryButton, "b", "c")), "components[0]"},
		{"custom_id of 100", Text("x").WithComponents(Row(Button(1, "b", strings.Repeat("a", 100)))), ""},
		{"custom_id of 101", Text("x").WithComponents(Row(Button(1, "b", strings.Repeat("a", 101)))), "custom_id"},
		{"no custom_id", Text("x").WithComponents(Row(Button(1, "b", ""))), "custom_id"},
		{"custom_id twice", Text("x").WithComponents(Row(Button(1, "b", "a"), Button(1, "c", "a"))), "custom_id"},
		{"label of 81", Text("x").WithComponents(Row(Button(1, strings.Repeat("l", 81), "a"))), "label"},
		{"no label", Text("x").WithComponents(Row(Button(1, "", "a"))), "label"},
		{"link button", Text("x").WithComponents(Row(LinkButton("rules", "https://example.com"))), ""},
		{"link button with custom_id", Text("x").WithComponents(Row(discordgo.Button{Style: discordgo.LinkButton, Label: "l", URL: "u", CustomID: "c"})), "components[0][0]"},
		{"select beside a button", Text("x").WithComponents(Row(discordgo.SelectMenu{CustomID: "s", Options: []discordgo.SelectMenuOption{{Label: "a", Value: "a"}}}, Button(1, "b", "c"))), "components[0][0]"},
		{"bad file name", Reply{Content: "x", Files: []File{{Name: "board png", Data: png}}}, "files[0].name"},
		{"same file twice", Reply{Content: "x", Files: []File{{Name: "a.png", Data: png}, {Name: "a.png", Data: png}}}, "files[1].name"},
		{"empty file", Reply{Content: "x", Files: []File{{Name: "a.png"}}}, "files[0]"},
		{"alt text of 1025", Reply{Content: "x", Files: []File{{Name: "a.png", Data: png, Description: strings.Repeat("d", 1025)}}}, "description"},
		{"11 files", Reply{Content: "x", Files: func() []File {
			var fs []File
			for i := 0; i < 11; i++ {
				fs = append(fs, File{Name: string(rune('a'+i)) + ".png", Data: png})
			}
			return fs
		}()}, "files"},
		{"mention that is not an id", Text("x").WithMentions("bob"), "mentions[0]"},
		{"ephemeral update", Reply{Kind: KindUpdate, Content: "x", Ephemeral: true}, "ephemeral"},
		{"update with no content", Update(""), ""},
		{"25 choices", Choices(make25()...), ""},
		{"26 choices", Choices(append(make25(), Choice("z", "z"))...), "choices"},
		{"choice without a name", Choices(Choice("", "v")), "choices[0].name"},
		{"choice value of 101", Choices(Choice("n", strings.Repeat("v", 101))), "choices[0].value"},
		{"choice value of a bad type", Choices(Choice("n", []int{1})), "choices[0].value"},
		{"choices on a message", Reply{Content: "x", Choices: make25()}, "kind"},
		{"modal", ShowModal(Modal{CustomID: "m", Title: "Name", Components: []discordgo.MessageComponent{Row(discordgo.TextInput{CustomID: "t", Label: "Title", Style: discordgo.TextInputShort})}}), ""},
		{"modal title of 46", ShowModal(Modal{CustomID: "m", Title: strings.Repeat("t", 46), Components: []discordgo.MessageComponent{Row(discordgo.TextInput{CustomID: "t", Label: "T"})}}), "modal.title"},
		{"modal with a button", ShowModal(Modal{CustomID: "m", Title: "t", Components: []discordgo.MessageComponent{Row(Button(1, "b", "c"))}}), "modal.components[0]"},
		{"modal without modal", Reply{Kind: KindModal}, "modal"},
		{"no reply", NoReply(), ""},
		{"unknown kind", Reply{Kind: 42}, "kind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.r.Validate()
			if tt.where == "" {
				if err != nil {
					t.Fatalf("valid reply refused: %v", err)
				}
				return
			}
			var le *LimitError
			if !errors.Is(err, ErrInvalidReply) || !errors.As(err, &le) || !strings.Contains(err.Error(), tt.where) {
				t.Fatalf("error %v, want ErrInvalidReply about %q", err, tt.where)
			}
		})
	}
}

func make25() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for i := 0; i < 25; i++ {
		out = append(out, Choice("c", i))
	}
	return out
}

func TestCustomID(t *testing.T) {
	tests := []struct {
		segs []string
		want string // "" for an error
	}{
		{[]string{"move", "g1", "17"}, "move/g1/17"},
		{[]string{"accept"}, "accept"},
		{nil, ""},
		{[]string{"a", ""}, ""},
		{[]string{"a", "b/c"}, ""},
		{[]string{"a", "b\nc"}, ""},
		{[]string{strings.Repeat("x", 98), "y"}, strings.Repeat("x", 98) + "/y"},
		{[]string{strings.Repeat("x", 99), "y"}, ""},
	}
	for _, tt := range tests {
		got, err := CustomID(tt.segs...)
		if tt.want == "" {
			if !errors.Is(err, ErrInvalidCustomID) {
				t.Errorf("CustomID(%q) = %q, %v; want ErrInvalidCustomID", tt.segs, got, err)
			}
			continue
		}
		if got != tt.want || err != nil {
			t.Errorf("CustomID(%q) = %q, %v; want %q", tt.segs, got, err, tt.want)
		}
	}
}

func TestDisable(t *testing.T) {
	comps := []discordgo.MessageComponent{
		Row(Button(1, "a", "a"), Button(1, "b", "b"), LinkButton("l", "https://x")),
		&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.Button{Label: "c", CustomID: "c"}}},
	}
	one := Disable(comps, "b", "c")
	all := DisableAll(comps)
	flat := func(cs []discordgo.MessageComponent) (out []bool) {
		for _, r := range cs {
			for _, c := range r.(discordgo.ActionsRow).Components {
				out = append(out, c.(discordgo.Button).Disabled)
			}
		}
		return out
	}
	if got := flat(one); len(got) != 4 || got[0] || !got[1] || got[2] || !got[3] {
		t.Errorf("Disable: %v", got)
	}
	if got := flat(all); len(got) != 4 || !got[0] || !got[1] || got[2] || !got[3] {
		t.Errorf("DisableAll (a link cannot be disabled: it sends nothing): %v", got)
	}
	if comps[0].(discordgo.ActionsRow).Components[0].(discordgo.Button).Disabled || comps[1].(*discordgo.ActionsRow).Components[0].(*discordgo.Button).Disabled {
		t.Errorf("the originals were changed")
	}
}

func TestReplyWireForm(t *testing.T) {
	r := Text("<@1> vs <@2>").WithMentions("2").WithFiles(File{Name: "b.png", Description: "board", Data: []byte("\x89PNG\r\n\x1a\n....")})
	r.Ephemeral = true
	m, files := r.message()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	am := got["allowed_mentions"].(map[string]any)
	if parse := am["parse"].([]any); len(parse) != 0 {
		t.Errorf("allowed_mentions.parse = %v, want []", parse)
	}
	if users := am["users"].([]any); len(users) != 1 || users[0] != "2" {
		t.Errorf("allowed_mentions.users = %v", users)
	}
	atts := got["attachments"].([]any)
	if len(atts) != 1 || atts[0].(map[string]any)["id"] != 0.0 || atts[0].(map[string]any)["description"] != "board" {
		t.Errorf("attachments %v", atts)
	}
	if got["flags"] != 64.0 || len(files) != 1 || files[0].ContentType != "image/png" {
		t.Errorf("flags %v files %+v", got["flags"], files)
	}
	// An update without files keeps the message's files; RemoveFiles
	// clears them.
	m, _ = Update("u").message()
	if m.Attachments != nil {
		t.Errorf("an update without files sends attachments %v", *m.Attachments)
	}
	u := Update("u")
	u.RemoveFiles = true
	if m, _ = u.message(); m.Attachments == nil || len(*m.Attachments) != 0 {
		t.Errorf("RemoveFiles does not send an empty attachments array")
	}
}
