package bot

import (
	"context"
	"log/slog"
	"net/http"
	"path/filepath"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/discordtest"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// checkedResponder takes the dispatcher's replies in memory and keeps
// those that break one of Discord's rules.
type checkedResponder struct {
	mu  sync.Mutex
	bad []string
}

func (c *checkedResponder) check(r discord.Reply) {
	if err := r.Validate(); err != nil {
		c.mu.Lock()
		c.bad = append(c.bad, err.Error())
		c.mu.Unlock()
	}
}

func (c *checkedResponder) Callback(_ context.Context, _ *discordgo.Interaction, typ discordgo.InteractionResponseType, r discord.Reply) (discord.MessageID, error) {
	if typ != discordgo.InteractionResponseDeferredChannelMessageWithSource && typ != discordgo.InteractionResponseDeferredMessageUpdate {
		c.check(r)
	}
	return "", nil
}

func (c *checkedResponder) EditOriginal(_ context.Context, _ *discordgo.Interaction, r discord.Reply) (discord.MessageID, error) {
	c.check(r)
	return "", nil
}

func (c *checkedResponder) DeleteOriginal(context.Context, *discordgo.Interaction) error { return nil }

func (c *checkedResponder) Followup(_ context.Context, _ *discordgo.Interaction, r discord.Reply) (discord.MessageID, error) {
	c.check(r)
	return "", nil
}

// fuzzSeeds are interactions for every route of the bot, as Discord sends
// them, about the game in progress that fuzzBot sets up (g1, alice against
// bob), and a few bodies that are not interactions at all.
func fuzzSeeds(f *testing.F, fake *discordtest.Fake, alice, bob discordtest.User) [][]byte {
	mod := alice
	mod.Permissions |= discordgo.PermissionManageGuild
	S, I := discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionInteger
	is := []*discordgo.Interaction{
		fake.Command(alice, "twixt challenge", discordtest.UserOpt(optOpponent, bob), discordtest.Str(optSize, "12"), discordtest.Str(optColor, "red"),
			discordtest.Int(optHandicap, 1), discordtest.Int(optExtraMoves, 0), discordtest.Str(optRuleset, "pp"), discordtest.Bool(optSwap, false)),
		fake.Command(alice, "twixt double", discordtest.UserOpt(optPartner, bob), discordtest.UserOpt(optOpponent, mod), discordtest.UserOpt(optOpponent2, bob)),
		fake.Command(alice, "twixt move", discordtest.Str(optAt, "j12-i12/k11+h11/j12"), discordtest.Bool(optPrivilege, true), discordtest.Str(optGame, "g1")),
		fake.Command(bob, "twixt move", discordtest.Str(optAt, "e5")),
		fake.Command(bob, "twixt swap"),
		fake.Command(bob, "twixt privilege"),
		fake.Command(alice, "twixt resign"),
		fake.Command(alice, "twixt draw", discordtest.Str(optGame, "g1")),
		fake.Command(alice, "twixt board", discordtest.Str(optTheme, "kosmos"), discordtest.Bool(optText, true)),
		fake.Command(alice, "twixt history"),
		fake.Command(alice, "twixt export"),
		fake.Command(alice, "twixt games"),
		fake.Command(alice, "twixt help"),
		fake.Command(alice, "twixt substitute", discordtest.Int(optSeat, 2), discordtest.UserOpt(optPlayer, mod)),
		fake.Command(mod, "twixtadmin settings"),
		fake.Command(mod, "twixtadmin set", discordtest.Str(optSetting, "size_max"), discordtest.Str(optValue, "100")),
		fake.Command(mod, "twixtadmin unset", discordtest.Str(optSetting, "max_games")),
		fake.Command(mod, "twixtadmin log"),
		fake.Command(mod, "twixtadmin preset add", discordtest.Str(optName, "easy"), discordtest.Int(optHandicap, 2)),
		fake.Command(mod, "twixtadmin preset remove", discordtest.Str(optName, "easy")),
		fake.Command(mod, "twixtadmin preset list"),
		fake.Command(mod, "twixtadmin games"),
		fake.Command(mod, "twixtadmin abort", discordtest.Str(optGame, "g1")),
		fake.Command(mod, "twixtadmin adjudicate", discordtest.Str(optGame, "g1"), discordtest.Str(optWinner, "red")),
		fake.Command(mod, "twixtadmin substitute", discordtest.Str(optGame, "g1"), discordtest.Int(optSeat, 1), discordtest.UserOpt(optPlayer, bob)),
		fake.Command(alice, "twixt move", discordtest.Raw(optAt, I, 5.0)),
		fake.Command(alice, "twixt challenge", discordtest.Raw(optOpponent, S, "x")),
		fake.Autocomplete(alice, "twixt move", discordtest.Focused(optAt, "j1")),
		fake.Autocomplete(alice, "twixt move", discordtest.Focused(optGame, "g")),
		fake.Autocomplete(mod, "twixtadmin set", discordtest.Str(optSetting, "size"), discordtest.Focused(optValue, "2")),
		fake.Component(bob, "accept/g1", nil),
		fake.Component(bob, "decline/g1", nil),
		fake.Component(bob, "swap/g1/1", nil),
		fake.Component(bob, "privilege/g1/1", nil),
		fake.Component(alice, "resign/g1", nil),
		fake.Component(alice, "keep/g1", nil),
		fake.Component(bob, "drawyes/g1/2", nil),
		fake.Component(bob, "drawno/g1/2", nil),
		fake.Submit(alice, "resign/g1", map[string]string{"why": "x"}, ""),
	}
	var out [][]byte
	for _, i := range is {
		b, err := discordtest.MarshalInteraction(i)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	for _, s := range []string{`{}`, `[]`, `null`, `{"id":"1","token":"t","type":2,"data":{"name":"twixt","options":[{"name":"move","type":1}]}}`,
		`{"id":"1","token":"t","type":3,"data":{"custom_id":"swap/g1/99999999999999999999"}}`} {
		out = append(out, []byte(s))
	}
	return out
}

// FuzzRouter posts arbitrary signed bodies to the HTTP interactions
// endpoint of the real TwixT router, over a real store holding a game in
// progress. The endpoint answers 200, 202, 400 or 413; no handler panics
// or fails with an error the user is not told of; every reply keeps
// Discord's rules; and the game stays readable.
func FuzzRouter(f *testing.F) {
	fake := discordtest.New(f, discordtest.Options{})
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	st, err := storage.Open(filepath.Join(f.TempDir(), "fuzz.db"), nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	ctx := context.Background()
	b := New(Options{Store: st, Logger: slog.New(slog.DiscardHandler), Intn: func(int) int { return 0 }})
	a := match.Actor{User: storage.UserID(alice.ID), Guild: storage.GuildID(fake.GuildID()), Channel: storage.ChannelID(fake.ChannelID())}
	g, err := b.Service().Challenge(ctx, a, match.Invitation{Invited: []storage.UserID{storage.UserID(bob.ID)}, Color: "red", Terms: match.Terms{Size: "12"}})
	if err != nil {
		f.Fatal(err)
	}
	ab := a
	ab.User = storage.UserID(bob.ID)
	if _, err := b.Service().Respond(ctx, ab, g.ID, true); err != nil {
		f.Fatal(err)
	}
	if _, err := b.Service().Play(ctx, a, g.ID, match.Action{Move: game.Move{Kind: game.Place, Hole: game.Hole{Col: 5, Row: 5}}, Turns: -1}); err != nil {
		f.Fatal(err)
	}
	for _, s := range fuzzSeeds(f, fake, alice, bob) {
		f.Add(s)
	}

	resp := &checkedResponder{}
	var mu sync.Mutex
	var broken []string
	d := discord.NewDispatcher(discord.DispatcherOptions{
		Router: b.Router(), Responder: resp, DeferAfter: -1, DedupeWindow: -1, Logger: slog.New(slog.DiscardHandler),
		Observe: func(r discord.Record) {
			switch r.Outcome {
			case discord.OutcomePanic, discord.OutcomeError, discord.OutcomeInvalidReply, discord.OutcomeTimeout:
				mu.Lock()
				broken = append(broken, string(r.Outcome)+": "+r.Path+": "+errString(r.Err))
				mu.Unlock()
			}
		},
	})
	h := discord.NewInteractionHandler(fake.PublicKey(), d, discord.InteractionHandlerOptions{MaxBody: 1 << 16, Logger: slog.New(slog.DiscardHandler)})
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := fake.ServeSigned(h, body)
		switch rec.Code {
		case http.StatusOK, http.StatusAccepted, http.StatusBadRequest, http.StatusRequestEntityTooLarge:
		default:
			t.Fatalf("status %d for %q", rec.Code, body)
		}
		b.Wait()
		mu.Lock()
		bad := broken
		broken = nil
		mu.Unlock()
		if len(bad) > 0 {
			t.Fatalf("for %q: %v", body, bad)
		}
		resp.mu.Lock()
		invalid := resp.bad
		resp.bad = nil
		resp.mu.Unlock()
		if len(invalid) > 0 {
			t.Fatalf("for %q, replies break Discord's rules: %v", body, invalid)
		}
		if _, _, err := st.Load(ctx, g.ID); err != nil {
			t.Fatalf("after %q the game cannot be read: %v", body, err)
		}
	})
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
