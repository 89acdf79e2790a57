package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/render"
	"github.com/twixtbot/twixtbot/storage"
)

// Bot turns interactions into calls of the match logic and their results
// into replies: the handlers, the board pictures, the announcements, and
// the clock that sweeps for reminders, timeouts and lapsed challenges.
type Bot struct {
	svc    *match.Service
	notify discord.Notifier
	log    *slog.Logger
	now    func() time.Time
	opts   Options
	comp   *computer
	// locales are the server and user locales last kept (locale.go).
	locales locales
	// ids are the registered commands' ids, which the router keeps once
	// the App has registered them, for mentions in messages.
	ids *discord.CommandIDs

	bg sync.WaitGroup // announcements and edits sent after a reply
}

// Options configure a Bot.
type Options struct {
	Store    match.Store
	Notifier discord.Notifier // posts outside an interaction: announcements, threads
	Logger   *slog.Logger
	Now      func() time.Time     // default time.Now
	Intn     func(n int) int      // random numbers for random colours; default math/rand
	Limiter  *discord.UserLimiter // per-user rate limit; nil for none
	Metrics  *discord.Metrics     // to add the active-games gauge; optional
	Computer ComputerOptions      // the computer opponent; see RunComputer
	// Leader, for processes sharing a store (on etcd), picks the one that
	// runs the clock and the computer; nil: this process alone does.
	Leader Leader
}

// New returns a bot over a store.
func New(o Options) *Bot {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Intn == nil {
		o.Intn = defaultIntn
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	svc := match.NewService(o.Store, o.Now, o.Intn)
	b := &Bot{svc: svc, notify: o.Notifier, log: o.Logger, now: o.Now, opts: o, ids: &discord.CommandIDs{}}
	b.locales.store = b.keepLocale
	b.wireComputer()
	return b
}

// Service returns the match logic the bot uses.
func (b *Bot) Service() *match.Service { return b.svc }

// Wait waits for the announcements and edits started after replies.
func (b *Bot) Wait() { b.bg.Wait() }

// later runs f after the reply, with its own deadline, so that a slow
// Discord does not hold up the interaction. Its failures are logged.
func (b *Bot) later(what string, f func(ctx context.Context) error) {
	if b.notify == nil {
		return
	}
	b.bg.Add(1)
	go func() {
		defer b.bg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := f(ctx); err != nil {
			b.log.Warn("could not "+what, "err", err)
		}
	}()
}

// actor describes the user of an interaction.
func actorOf(e *discord.Event) match.Actor {
	a := match.Actor{
		User:      e.UserID(),
		Guild:     e.GuildID(),
		Channel:   e.ChannelID(),
		Moderator: e.HasPermission(manageGuild),
	}
	if m := e.Interaction().Member; m != nil {
		a.Roles = m.Roles
	}
	return a
}

// displayName is how a user is named in pictures and records.
func displayName(u discordgo.User, nick string) string {
	for _, n := range []string{nick, u.GlobalName, u.Username} {
		if n = strings.TrimSpace(n); n != "" {
			if len(n) > 32 {
				n = n[:32]
			}
			return strings.ToValidUTF8(n, "?")
		}
	}
	return "player"
}

// who writes "Red (@alice)" or "Black 2 (@dave)" for a seat.
func (v vocab) who(g *storage.Game, pos *game.Game, s game.Seat) string {
	return fmt.Sprintf("%s (%s)", v.seat(g.Settings.Players, s, pos.SeatColor(s)), mention(g.User(s)))
}

// view is what render draws of a game: its position, the players' names,
// and the time left on the turn clock by the bot's clock.
func (b *Bot) view(g *storage.Game, pos *game.Game) *render.View {
	v := render.FromGame(pos, match.Names(g)...)
	if d := g.Clock.Deadline; !d.IsZero() && !pos.Over() {
		v.Timed, v.TimeLeft = true, d.Sub(b.now())
	}
	return v
}

// boardFile draws a game's position as the PNG a reply attaches, with its
// alt text, in the theme of the vocabulary the reply speaks, and the time
// left on the turn clock by the bot's clock.
func (b *Bot) boardFile(g *storage.Game, pos *game.Game, voc vocab) (discord.File, error) {
	return b.boardPicture(g, pos, voc, false)
}

// boardPicture draws the whole board, or with zoom only the part around
// the last move.
func (b *Bot) boardPicture(g *storage.Game, pos *game.Game, voc vocab, zoom bool) (discord.File, error) {
	v := b.view(g, pos)
	o := renderOptions(voc)
	draw, describe, name := render.PNG, render.AltText, "twixt-"+g.ID.String()+".png"
	if zoom {
		draw, describe, name = render.ZoomPNG, render.ZoomAltText, "twixt-"+g.ID.String()+"-zoom.png"
	}
	var buf bytes.Buffer
	if err := draw(&buf, v, o); err != nil {
		return discord.File{}, err
	}
	return discord.File{Name: name, ContentType: "image/png", Description: describe(v, o), Data: buf.Bytes()}, nil
}

// renderOptions are the options of every picture and text board of a
// reply, in its vocabulary's theme and language.
func renderOptions(voc vocab) render.Options {
	return render.Options{Theme: voc.theme, Lang: voc.lang}
}

// place is where a game's messages go: its thread, or its channel.
func place(g *storage.Game) discord.ChannelID {
	if g.Place.Thread != "" {
		return g.Place.Thread
	}
	return g.Place.Channel
}

// button builds a button whose custom_id is made of path segments.
func button(style discordgo.ButtonStyle, label string, segments ...string) discordgo.Button {
	id, err := discord.CustomID(segments...)
	if err != nil {
		panic(err) // our own ids are short and slash-free
	}
	return discord.Button(style, label, id)
}

// turnsSegment is the segment of a button's custom_id ({n}) that marks
// the position it is posted at: the log's length, followed, once the game
// has had takebacks, by their number ("12.1"), so that a button from
// before a takeback is stale on the position a new move brings back to
// its length (see storage.LogMark).
func turnsSegment(g *storage.Game) string {
	m := g.LogMark()
	if m.Takebacks == 0 {
		return strconv.Itoa(m.Len)
	}
	return strconv.Itoa(m.Len) + "." + strconv.Itoa(m.Takebacks)
}

// parseTurns reads a turnsSegment. A segment without takebacks is a
// button posted before any: one posted before takebacks were marked, in a
// game that has had some, is stale, like a button from before a takeback.
func parseTurns(s string) (storage.LogMark, bool) {
	l, t, ok := strings.Cut(s, ".")
	n, err := strconv.Atoi(l)
	if err != nil || n < 0 || strconv.Itoa(n) != l {
		return storage.LogMark{}, false
	}
	m := storage.LogMark{Len: n}
	if ok {
		if m.Takebacks, err = strconv.Atoi(t); err != nil || m.Takebacks < 1 || strconv.Itoa(m.Takebacks) != t {
			return storage.LogMark{}, false
		}
	}
	return m, true
}

// turnsParam reads the position a button was posted at (turnsSegment).
func turnsParam(e *discord.Event) (storage.LogMark, error) {
	m, ok := parseTurns(e.Param("n"))
	if !ok {
		return storage.LogMark{}, refused(match.ErrStale, "refusal.button_damaged", nil)
	}
	return m, nil
}

// gameParam reads the game a button names, and names it in the
// interaction's log line.
func gameParam(e *discord.Event) (storage.GameID, error) {
	id, err := storage.ParseGameID(e.Param("game"))
	if err != nil {
		return 0, refused(match.ErrStale, "refusal.button_no_game", nil)
	}
	e.Annotate(slog.String("game", id.String()))
	return id, nil
}

// errWrap makes the errors a player should see visible, with their text
// written once here, in the player's language (the reply is theirs
// alone); the rest stay internal (logged, with an apology). A
// store that cannot write is the player's to hear of, but the operator's
// to fix: it is logged as an error too.
func (b *Bot) errWrap(h discord.Handler) discord.Handler {
	return func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		r, err := h(ctx, e)
		if err != nil {
			if isFull(err) {
				b.log.ErrorContext(ctx, "the store cannot write: actions are refused until it can", "path", e.Path(), "err", err)
			}
			if msg, ok := userMessage(userVocab(e), e.Path(), err); ok {
				return r, &userError{err: err, msg: msg}
			}
		}
		return r, err
	}
}

// userError is an error with the words to show the player.
type userError struct {
	err error
	msg string
}

func (e *userError) Error() string       { return e.err.Error() }
func (e *userError) Unwrap() error       { return e.err }
func (e *userError) UserMessage() string { return e.msg }

// disableLater edits the message a stale button is on, disabling its
// buttons, after the reply that explains why.
func (b *Bot) disableLater(e *discord.Event) {
	msg, ok := e.Message()
	if !ok || msg.Flags&discordgo.MessageFlagsEphemeral != 0 {
		return
	}
	ch, id := e.ChannelID(), e.MessageID()
	comps := discord.DisableAll(msg.Components)
	content := msg.Content
	b.later("disable stale buttons", func(ctx context.Context) error {
		return b.notify.Edit(ctx, ch, id, discord.Reply{Kind: discord.KindUpdate, Content: content, Components: comps})
	})
}

// staleGuard answers a press of a button that no longer applies: the
// presser is told why, and the buttons of its message are disabled.
func (b *Bot) staleGuard(h discord.Handler) discord.Handler {
	return func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		r, err := h(ctx, e)
		if match.Outdated(err) {
			b.disableLater(e)
		}
		return r, err
	}
}

// moderatorsOnly refuses callers without Manage Server. Discord hides
// /twixtadmin from them already (default_member_permissions), but the bot
// checks again rather than trust the client; the match logic checks too.
func (b *Bot) moderatorsOnly(next discord.Handler) discord.Handler {
	return func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		if err := match.RequireModerator(actorOf(e)); err != nil {
			return discord.Reply{}, err
		}
		return next(ctx, e)
	}
}

// Router builds the router with every command, button and autocomplete
// of twixtbot.
func (b *Bot) Router() *discord.Router {
	o := b.opts
	r := discord.NewRouter()
	r.UseCommandIDs(b.ids)
	r.Use(gateReplies)
	r.Use(b.noteLocales)
	if o.Limiter != nil {
		r.Use(discord.RateLimitSaying(o.Limiter, func(e *discord.Event) string { return userVocab(e).t("router.slow_down", nil) }))
	}
	r.NotFound(notFoundReply)
	r.ErrorReply(errorReply)
	cmd := func(path string, h discord.Handler) { r.Command(path, b.errWrap(h)) }
	btn := func(pattern string, h discord.Handler) { r.Component(pattern, b.errWrap(b.staleGuard(h))) }

	cmd("twixt challenge", b.challenge)
	cmd("twixt double", b.double)
	cmd("twixt move", b.move)
	cmd("twixt swap", b.swapCmd)
	cmd("twixt privilege", b.privilegeCmd)
	cmd("twixt resign", b.resign)
	cmd("twixt draw", b.draw)
	cmd("twixt board", b.board)
	cmd("twixt history", b.history)
	cmd("twixt export", b.export)
	cmd("twixt games", b.games)
	cmd("twixt substitute", b.substitute)
	cmd("twixt help", b.help)
	cmd("twixt computer", b.computerCmd)
	cmd("twixt hint", b.hint)
	cmd("twixt review", b.reviewCmd)

	// Every /twixtadmin command checks the caller first, here, once.
	admin := r.Group("twixtadmin", b.errWrap, b.moderatorsOnly)
	admin.Command("settings", b.adminSettings)
	admin.Command("set", b.adminSet)
	admin.Command("unset", b.adminUnset)
	admin.Command("log", b.adminLog)
	admin.Command("preset add", b.presetAdd)
	admin.Command("preset remove", b.presetRemove)
	admin.Command("preset list", b.presetList)
	admin.Command("games", b.adminGames)
	admin.Command("abort", b.adminAbort)
	admin.Command("adjudicate", b.adminAdjudicate)
	admin.Command("substitute", b.adminSubstitute)

	btn("accept/{game}", b.answer(true))
	btn("decline/{game}", b.answer(false))
	btn("swap/{game}/{n}", b.swapButton)
	btn("choose/{game}/{n}/{color}", b.chooseButton)
	btn("privilege/{game}/{n}", b.privilegeButton)
	btn("resign/{game}", b.resignConfirm)
	btn("keep/{game}", b.resignCancel)
	btn("drawyes/{game}/{n}", b.drawAnswer(true))
	btn("drawno/{game}/{n}", b.drawAnswer(false))
	b.comfortRoutes(r, cmd, btn) // takeback, rematch, notify, follow: comfort.go
	b.routeRatings(cmd, btn)

	for _, path := range []string{"twixt move", "twixt swap", "twixt privilege", "twixt resign", "twixt draw",
		"twixt board", "twixt history", "twixt export", "twixt substitute", "twixt challenge", "twixt double",
		"twixt computer", "twixt hint", "twixt review",
		"twixtadmin set", "twixtadmin unset", "twixtadmin abort", "twixtadmin adjudicate", "twixtadmin substitute", "twixtadmin preset remove"} {
		r.Autocomplete(path, b.autocomplete)
	}
	if o.Metrics != nil {
		o.Metrics.Gauge("active_games", "Games waiting for answers or under way.", func() float64 {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			n, err := b.svc.CountActive(ctx)
			if err != nil {
				return -1
			}
			return float64(n)
		})
	}
	r.Undelivered(b.repost)
	return r
}

// repost posts in the channel a public reply that Discord did not take as
// the interaction's answer (past its deadline, say): what the reply
// reports has happened (a move landed), and the players must hear of it
// rather than see the interaction fail. An update is made to the message
// the button is on instead.
func (b *Bot) repost(e *discord.Event, r discord.Reply, err error) {
	if b.notify == nil {
		return
	}
	ch := e.ChannelID()
	b.log.Warn("reply undelivered: posting it in the channel instead", "interaction", e.ID(), "path", e.Path(), "err", err)
	if r.Kind == discord.KindUpdate {
		msg, ok := e.Message()
		if !ok || msg.Flags&discordgo.MessageFlagsEphemeral != 0 {
			return // only its user sees it, and only through the interaction
		}
		id := e.MessageID()
		b.later("post an undelivered reply", func(ctx context.Context) error { return b.notify.Edit(ctx, ch, id, r) })
		return
	}
	b.later("post an undelivered reply", func(ctx context.Context) error {
		_, err := b.notify.Send(ctx, ch, r)
		return err
	})
}

// notFoundReply answers, in the user's language, an interaction no route
// matches (a command or button of an older version of the bot).
func notFoundReply(e *discord.Event) discord.Reply {
	v := userVocab(e)
	switch e.Type() {
	case discordgo.InteractionApplicationCommand:
		return discord.Ephemeral(v.t("router.unknown_command", args{"Command": "`/" + e.Path() + "`"}))
	case discordgo.InteractionApplicationCommandAutocomplete:
		return discord.Choices()
	case discordgo.InteractionMessageComponent:
		return discord.Ephemeral(v.t("router.stale_button", nil))
	}
	return discord.Ephemeral(v.t("router.cannot_handle", nil))
}

// errorReply turns a handler's error into its reply: the words errWrap
// gave it, in the user's language, or an apology in that language; a
// handler given up for taking too long is told in that language too.
func errorReply(e *discord.Event, err error) discord.Reply {
	if e.Type() == discordgo.InteractionApplicationCommandAutocomplete {
		return discord.Choices()
	}
	if errors.Is(err, discord.ErrTimedOut) {
		return discord.Ephemeral(userVocab(e).t("router.timed_out", nil))
	}
	if msg, ok := discord.UserMessage(err); ok && msg != "" {
		return discord.Ephemeral(truncate(msg, discord.MaxContentLength-1))
	}
	return discord.Ephemeral(userVocab(e).t("router.apology", nil))
}

// defaultIntn picks random colours.
func defaultIntn(n int) int { return rand.IntN(n) }
