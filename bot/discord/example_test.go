package discord_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/discord"
)

func ExampleCustomID() {
	id, err := discord.CustomID("move", "g42", "17")
	fmt.Println(id, err)
	_, err = discord.CustomID("move", "a/b")
	fmt.Println(errors.Is(err, discord.ErrInvalidCustomID))
	// Output:
	// move/g42/17 <nil>
	// true
}

func ExampleRouter() {
	r := discord.NewRouter()
	r.Command("game move", func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		at, err := e.Options().RequireString("at")
		if err != nil {
			return discord.Reply{}, err // an *OptionError: shown to the user, ephemerally
		}
		return discord.Text(e.UserID().Mention() + " played " + at), nil
	})
	r.Component("accept/{game}", func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		msg, _ := e.Message()
		return discord.Update("Game "+e.Param("game")+" accepted", discord.DisableAll(msg.Components)...), nil
	})

	// A press on a button whose custom_id is "accept/g7".
	i := &discordgo.Interaction{ID: "1", Token: "t", Type: discordgo.InteractionMessageComponent,
		Member: &discordgo.Member{User: &discordgo.User{ID: "42"}},
		Data:   discordgo.MessageComponentInteractionData{CustomID: "accept/g7"},
		Message: &discordgo.Message{ID: "9", Components: []discordgo.MessageComponent{
			discord.Row(discord.Button(discordgo.SuccessButton, "Accept", "accept/g7"))}}}
	e, err := discord.NewEvent(i, time.Now())
	if err != nil {
		panic(err)
	}
	reply, err := r.Handle(context.Background(), e)
	fmt.Println(e.Route(), e.Param("game"), reply.Kind, reply.Content, err)
	// Output: accept/{game} g7 update Game g7 accepted <nil>
}

func ExampleReply_Validate() {
	r := discord.Text("Your move").WithComponents(discord.Row(
		discord.Button(discordgo.PrimaryButton, "Swap", "swap/g1"),
		discord.Button(discordgo.PrimaryButton, "Swap again", "swap/g1"),
	))
	fmt.Println(r.Validate())
	// Output: reply breaks a Discord rule: components[0][1].custom_id: "swap/g1" is used twice in one message
}

// The wiring of cmd/twixtbot: a configuration (cmd/twixtbot reads it from
// the environment and flags), a router, and App.Run until SIGTERM, then the database closes.
func ExampleApp() {
	cfg := discord.Config{Token: os.Getenv("DISCORD_TOKEN"), AppID: os.Getenv("DISCORD_APP_ID")}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintln(os.Stderr, err) // says what is missing and where to find it
		os.Exit(2)
	}
	router := discord.NewRouter()
	router.Use(discord.RateLimit(discord.NewUserLimiter(1, 5, nil)))
	// router.Command("twixt move", ...) and the rest

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	app := &discord.App{
		Config: cfg,
		Router: router,
		Logger: slog.Default(),
		Health: func(ctx context.Context) error { return nil }, // ping the database
		// Commands: the definitions, bulk-registered at start
	}
	if err := app.Run(ctx); err != nil {
		slog.Error("twixtbot stopped", "err", err)
	}
	// close the database here: every interaction in flight has finished
}

// A handler reads its options into a struct, by tag.
func ExampleOptions_Decode() {
	e, _ := discord.NewEvent(&discordgo.Interaction{ID: "1", Token: "t", Type: discordgo.InteractionApplicationCommand,
		Data: discordgo.ApplicationCommandInteractionData{Name: "twixt", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "size", Type: discordgo.ApplicationCommandOptionString, Value: "12"},
			{Name: "handicap", Type: discordgo.ApplicationCommandOptionInteger, Value: 2.0},
		}}}, time.Time{})
	var o struct {
		Size     string `option:"size,required"`
		Handicap *int   `option:"handicap"`
		Swap     *bool  `option:"swap"`
	}
	if err := e.Options().Decode(&o); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o.Size, *o.Handicap, o.Swap == nil)
	// Output: 12 2 true
}
