package bot

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestOptionsAreBounded: every text option takes a bounded length that
// still fits what it is for, and every channel option takes only the
// channels games are played in: text and announcement channels, threads.
func TestOptionsAreBounded(t *testing.T) {
	fits := map[string]string{ // the longest value each must take
		optAt:    "j12-i12/k11,o11/n13+h11/j12/l11,l11/n12#150",
		optGame:  "g18446744073709551615",
		optSize:  "100x100",
		optName:  "a-preset-name-of-32-characters!!",
		optValue: "<#300000000000000001> <#300000000000000002> <#300000000000000003> <#300000000000000004>",
	}
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			where := path + " " + o.Name
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
				walk(where, o.Options)
			case discordgo.ApplicationCommandOptionString:
				if o.MaxLength < 1 {
					t.Errorf("%s: no max_length", where)
				}
				if v, ok := fits[o.Name]; ok && len(v) > o.MaxLength {
					t.Errorf("%s: max_length %d refuses %q", where, o.MaxLength, v)
				}
				for _, c := range o.Choices {
					if s, _ := c.Value.(string); len(s) > o.MaxLength {
						t.Errorf("%s: max_length %d refuses its own choice %q", where, o.MaxLength, s)
					}
				}
			case discordgo.ApplicationCommandOptionChannel:
				for _, ct := range o.ChannelTypes {
					if !slices.Contains(channelTypes, ct) || ct == discordgo.ChannelTypeGuildVoice || ct == discordgo.ChannelTypeGuildCategory {
						t.Errorf("%s: takes channels of type %d", where, ct)
					}
				}
				if len(o.ChannelTypes) == 0 {
					t.Errorf("%s: takes any channel, voice and categories too", where)
				}
			}
		}
	}
	for _, c := range Commands() {
		walk("/"+c.Name, c.Options)
	}
}

// TestChallengeOptionsAreDefined: every option the challenge handler
// decodes is an option of /twixt challenge as registered, so a renamed
// option cannot go unread.
func TestChallengeOptionsAreDefined(t *testing.T) {
	defined := map[string]bool{}
	for _, c := range Commands() {
		for _, sub := range c.Options {
			if c.Name == "twixt" && sub.Name == "challenge" {
				for _, o := range sub.Options {
					defined[o.Name] = true
				}
			}
		}
	}
	ty := reflect.TypeFor[challengeOptions]()
	for i := range ty.NumField() {
		name, _, _ := strings.Cut(ty.Field(i).Tag.Get("option"), ",")
		if !defined[name] {
			t.Errorf("challengeOptions.%s reads option %q, which /twixt challenge does not have (it has %v)", ty.Field(i).Name, name, defined)
		}
	}
}
