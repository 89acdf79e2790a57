package discord

import (
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"
)

type decoded struct {
	Size     string  `option:"size"`
	Handicap *int    `option:"handicap"`
	Swap     *bool   `option:"swap"`
	Page     int     `option:"page"`
	Ratio    float64 `option:"ratio"`
	Who      UserID  `option:"who"`
	At       string  `option:"at,required"`
	Ignored  string
}

func TestDecode(t *testing.T) {
	const (
		str = discordgo.ApplicationCommandOptionString
		in  = discordgo.ApplicationCommandOptionInteger
		bl  = discordgo.ApplicationCommandOptionBoolean
		num = discordgo.ApplicationCommandOptionNumber
		usr = discordgo.ApplicationCommandOptionUser
	)
	cmd := discordgo.InteractionApplicationCommand
	two, yes := 2, true
	tests := []struct {
		name string
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want decoded
		kind error // nil: decoded
	}{
		{"all", []*discordgo.ApplicationCommandInteractionDataOption{
			opt("size", str, "12"), opt("handicap", in, 2.0), opt("swap", bl, true), opt("page", in, 3.0),
			opt("ratio", num, 0.5), opt("who", usr, "99"), opt("at", str, "j12")},
			decoded{Size: "12", Handicap: &two, Swap: &yes, Page: 3, Ratio: 0.5, Who: "99", At: "j12", Ignored: "x"}, nil},
		{"absent keeps defaults", []*discordgo.ApplicationCommandInteractionDataOption{opt("at", str, "j12")},
			decoded{Page: 1, At: "j12", Ignored: "x"}, nil},
		{"required missing", nil, decoded{}, ErrMissingOption},
		{"wrong type", []*discordgo.ApplicationCommandInteractionDataOption{opt("at", str, "j12"), opt("page", str, "two")}, decoded{}, ErrOptionType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := decoded{Page: 1, Ignored: "x"}
			err := commandEvent(t, cmd, tt.opts...).Options().Decode(&got)
			if tt.kind != nil {
				var oe *OptionError
				if !errors.As(err, &oe) || !errors.Is(err, tt.kind) {
					t.Fatalf("Decode: %v, want an *OptionError of %v", err, tt.kind)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Size != tt.want.Size || got.Page != tt.want.Page || got.Ratio != tt.want.Ratio || got.Who != tt.want.Who ||
				got.At != tt.want.At || got.Ignored != "x" || (got.Handicap == nil) != (tt.want.Handicap == nil) ||
				got.Handicap != nil && *got.Handicap != *tt.want.Handicap || (got.Swap == nil) != (tt.want.Swap == nil) {
				t.Errorf("decoded %+v, want %+v", got, tt.want)
			}
		})
	}
}
