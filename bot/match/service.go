package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// Store is what the match logic needs of storage. *storage.Store is one;
// tests wrap it to inject faults.
type Store interface {
	Create(ctx context.Context, g *storage.Game) (*storage.Game, error)
	Get(ctx context.Context, id storage.GameID) (*storage.Game, error)
	Load(ctx context.Context, id storage.GameID) (*storage.Game, *game.Game, error)
	Position(g *storage.Game) (*game.Game, error)
	Update(ctx context.Context, id storage.GameID, fn func(*storage.Game) error) (*storage.Game, error)
	AppendMoves(ctx context.Context, id storage.GameID, at storage.LogMark, moves []storage.SeatMove, update func(*storage.Game, game.Outcome) error) (storage.Moved, error)
	TakeBack(ctx context.Context, id storage.GameID, at storage.LogMark, keep int, asker game.Seat, update func(*storage.Game, *game.Game) error) (storage.Moved, error)
	Prefs(ctx context.Context, u storage.UserID) (storage.Prefs, error)
	UpdatePrefs(ctx context.Context, u storage.UserID, fn func(*storage.Prefs) error) (storage.Prefs, error)
	Follow(ctx context.Context, id storage.GameID, u storage.UserID, on bool) (bool, error)
	Followers(ctx context.Context, id storage.GameID) ([]storage.UserID, error)
	ActiveByChannel(ctx context.Context, ch storage.ChannelID) ([]*storage.Game, error)
	ActiveByUser(ctx context.Context, u storage.UserID) ([]*storage.Game, error)
	Active(ctx context.Context) ([]*storage.Game, error)
	CountActive(ctx context.Context) (int, error)
	WatchGames(ctx context.Context, fn func(*storage.Game, error)) error
	Due(ctx context.Context, t time.Time) ([]*storage.Game, error)
	FinishedByGuild(ctx context.Context, guild storage.GuildID, after storage.Cursor, limit int) ([]*storage.Game, storage.Cursor, error)
	LoadSettings(ctx context.Context, sc storage.Scope) (storage.ServerSettings, bool, error)
	UpdateSettingsWith(ctx context.Context, sc storage.Scope, by storage.UserID, note string, fn func(server storage.ServerSettings, st *storage.ServerSettings) error) (storage.ServerSettings, error)
	SettingsHistory(ctx context.Context, guild storage.GuildID, limit int) ([]storage.SettingsChange, error)
	Guild(ctx context.Context, g storage.GuildID) (storage.GuildInfo, error)
	SetGuildLocale(ctx context.Context, g storage.GuildID, locale string) error
	RatingStore
}

// Actor is who does something, and where.
type Actor struct {
	User      storage.UserID
	Guild     storage.GuildID
	Channel   storage.ChannelID // where the command was used: a channel or a game's thread
	Roles     []string
	Moderator bool // has Manage Server in this channel, as Discord reports it
}

// Service is the match logic: challenges, moves, draws, clocks and
// moderation, on top of the store. Its methods check everything, change
// the store in one transaction, and return what happened or an error the
// handlers turn into a reply. It knows nothing of Discord.
type Service struct {
	store Store
	now   func() time.Time
	intn  func(n int) int
	// computer is the computer's user, and onTurn hears of every turn
	// that passes (see computer.go); both optional.
	computer *SelfUser
	onTurn   func(context.Context, *storage.Game, *game.Game)
	// onMove hears of every action that changed a game's log, running or
	// just finished (see notify.go); optional.
	onMove func(context.Context, *storage.Game, *game.Game)
}

// NewService returns the match logic over store. now is the clock (tests
// pass a fake one), and intn picks random numbers in [0, n) for random
// colours.
func NewService(store Store, now func() time.Time, intn func(n int) int) *Service {
	return &Service{store: store, now: now, intn: intn}
}

// settingsDoc is how a server's or a channel's settings are stored.
type settingsDoc struct {
	Values  Overrides `json:"values,omitempty"`
	Presets []Preset  `json:"presets,omitempty"`
}

const settingsFormat = 1

func (s *Service) loadDoc(ctx context.Context, sc storage.Scope) (settingsDoc, error) {
	st, ok, err := s.store.LoadSettings(ctx, sc)
	if err != nil || !ok {
		return settingsDoc{}, err
	}
	return decodeDoc(st)
}

// decodeDoc reads stored settings; none at all read as an empty document.
func decodeDoc(st storage.ServerSettings) (settingsDoc, error) {
	var d settingsDoc
	if len(st.Data) == 0 {
		return d, nil
	}
	if st.Format != settingsFormat {
		return d, fmt.Errorf("settings of %v are in format %d, which this version does not read", st.Scope, st.Format)
	}
	if err := json.Unmarshal(st.Data, &d); err != nil {
		return d, fmt.Errorf("settings of %v cannot be read: %w", st.Scope, err)
	}
	return d, nil
}

// Policy returns the policy in force in a channel, and where each value
// comes from.
func (s *Service) Policy(ctx context.Context, guild storage.GuildID, channel storage.ChannelID) (Policy, map[string]Source, error) {
	if guild == "" {
		p, src := Resolve(nil, nil, nil)
		return p, src, nil
	}
	server, err := s.loadDoc(ctx, storage.Scope{Guild: guild})
	if err != nil {
		return Policy{}, nil, err
	}
	var ch settingsDoc
	if channel != "" {
		if ch, err = s.loadDoc(ctx, storage.Scope{Guild: guild, Channel: channel}); err != nil {
			return Policy{}, nil, err
		}
	}
	p, src := Resolve(server.Values, ch.Values, server.Presets)
	info, err := s.store.Guild(ctx, guild)
	if err != nil {
		return Policy{}, nil, err
	}
	p.GuildLocale = info.Locale
	return p, src, nil
}

// NoteGuildLocale records server guild's language as Discord sent it with
// an interaction, for the messages sent without one; it writes only
// when the language changed.
func (s *Service) NoteGuildLocale(ctx context.Context, guild storage.GuildID, locale string) error {
	if guild == "" || locale == "" {
		return nil
	}
	info, err := s.store.Guild(ctx, guild)
	if err != nil || info.Locale == locale {
		return err
	}
	return s.store.SetGuildLocale(ctx, guild, locale)
}

// gamePolicy is the policy of the channel a game is played in.
func (s *Service) GamePolicy(ctx context.Context, g *storage.Game) (Policy, error) {
	p, _, err := s.Policy(ctx, g.Place.Guild, g.Place.Channel)
	return p, err
}

// inChannel reports whether game g is played in channel ch (its channel,
// or its thread).
func inChannel(g *storage.Game, ch storage.ChannelID) bool {
	return g.Place.Channel == ch || (g.Place.Thread != "" && g.Place.Thread == ch)
}

// Find returns the game a command means: the one named by the game option,
// or else the caller's only running game in this channel, or (for commands
// anyone may use, such as board) the channel's only running game, or the
// channel's latest finished one.
func (s *Service) Find(ctx context.Context, a Actor, option string, mustPlay bool) (*storage.Game, error) {
	if option != "" {
		id, err := storage.ParseGameID(option)
		if err != nil {
			return nil, refuseValue(NotGameNumber, option)
		}
		g, err := s.store.Get(ctx, id)
		// A player reaches their game from anywhere (its channel may be
		// gone); others only on its server.
		if errors.Is(err, storage.ErrNotFound) || err == nil && g.Place.Guild != a.Guild && len(g.SeatsOf(a.User)) == 0 {
			return nil, &Refusal{Reason: NoSuchGame, Game: id}
		}
		return g, err
	}
	mine, err := s.store.ActiveByUser(ctx, a.User)
	if err != nil {
		return nil, err
	}
	here := slices.DeleteFunc(mine, func(g *storage.Game) bool { return g.State != storage.Active || !inChannel(g, a.Channel) })
	switch {
	case len(here) == 1:
		return here[0], nil
	case len(here) > 1:
		return nil, &AmbiguousError{Candidates: here}
	case mustPlay:
		return nil, refuse(NoGameOfYours)
	}
	all, err := s.store.ActiveByChannel(ctx, a.Channel)
	if err != nil {
		return nil, err
	}
	all = slices.DeleteFunc(all, func(g *storage.Game) bool { return g.State != storage.Active })
	switch len(all) {
	case 0:
		// Looking back at a game that just ended: the channel's latest.
		done, _, err := s.store.FinishedByGuild(ctx, a.Guild, storage.Cursor{}, storage.DefaultPage)
		if err != nil {
			return nil, err
		}
		for _, g := range done {
			if inChannel(g, a.Channel) {
				return g, nil
			}
		}
		return nil, refuse(NoGameHere)
	case 1:
		return all[0], nil
	}
	return nil, &AmbiguousError{Candidates: all}
}

// Games lists the caller's ongoing games (anywhere on this server) and the
// ongoing games of this channel.
func (s *Service) Games(ctx context.Context, a Actor) (mine, here []*storage.Game, err error) {
	if mine, err = s.store.ActiveByUser(ctx, a.User); err != nil {
		return nil, nil, err
	}
	mine = slices.DeleteFunc(mine, func(g *storage.Game) bool { return g.Place.Guild != a.Guild })
	if here, err = s.store.ActiveByChannel(ctx, a.Channel); err != nil {
		return nil, nil, err
	}
	return mine, here, nil
}

// seatOf returns the seat the user acts from in pos: the seat to move if
// the user holds it, else the user's first seat.
func seatOf(g *storage.Game, pos *game.Game, u storage.UserID) (game.Seat, bool) {
	seats := g.SeatsOf(u)
	if len(seats) == 0 {
		return 0, false
	}
	if toMove, _ := pos.ToMove(); slices.Contains(seats, toMove) {
		return toMove, true
	}
	return seats[0], true
}

// turnError says whose turn it is.
func TurnErrorOf(g *storage.Game, pos *game.Game) error {
	seat, c := pos.ToMove()
	return &TurnError{Game: g.ID, ToMove: g.User(seat), Seat: seat, Color: c, Players: g.Settings.Players, Theme: g.Meta.Theme}
}

// startClock sets the clock for the turn that begins now.
func startClock(g *storage.Game, now time.Time) {
	c := &g.Clock
	c.TurnStart, c.Reminded = now, 0
	c.Deadline, c.Wake = time.Time{}, time.Time{}
	if c.PerTurn > 0 {
		c.Deadline = now.Add(c.PerTurn)
		c.Wake = nextWake(*c)
	}
}

// stopClock clears the clock of a game that has ended.
func stopClock(g *storage.Game) {
	g.Clock.Deadline, g.Clock.Wake = time.Time{}, time.Time{}
}

// reminderAt is when reminder point i of the clock falls.
func reminderAt(c storage.Clock, i int) time.Time {
	return c.TurnStart.Add(c.PerTurn * time.Duration(c.Points[i]) / 100)
}

// nextWake is the next time the clock needs attention: the first reminder
// not yet sent, or the deadline.
func nextWake(c storage.Clock) time.Time {
	for i := range c.Points {
		if !c.Reminded.Has(i) {
			return reminderAt(c, i)
		}
	}
	return c.Deadline
}

// names returns the seats' names of a stored game, falling back to a short
// id for a seat without one.
func Names(g *storage.Game) []string {
	out := make([]string, len(g.Seats))
	for i, u := range g.Seats {
		if i < len(g.Meta.Names) && g.Meta.Names[i] != "" {
			out[i] = g.Meta.Names[i]
		} else {
			out[i] = "user " + string(u)
		}
	}
	return out
}

// Listen sets who hears of the service's turns, all optional: computer is
// the computer's user (inviting it plays the computer), onMove hears of
// every action that changed a game's log, running or just finished, and
// onTurn of every turn that passes in a running game. ctx is the
// action's. Call it before the service is used.
func (s *Service) Listen(computer *SelfUser, onMove, onTurn func(ctx context.Context, g *storage.Game, pos *game.Game)) {
	s.computer, s.onMove, s.onTurn = computer, onMove, onTurn
}
