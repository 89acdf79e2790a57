package match

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// requireModerator refuses callers without Manage Server. Discord hides
// /twixtadmin from them already (default_member_permissions), but the
// server checks again rather than trust the client.
func RequireModerator(a Actor) error {
	if !a.Moderator || a.Guild == "" {
		return refuse(NotModerator)
	}
	return nil
}

// changeDoc applies fn to the stored settings of scope, as one logged
// change by the caller. fn also gets the server-wide settings (for a
// server scope, the same as d), read in the same transaction, so what it
// checks against cannot change before the write.
func (s *Service) changeDoc(ctx context.Context, a Actor, sc storage.Scope, note string, fn func(server settingsDoc, d *settingsDoc) error) error {
	_, err := s.store.UpdateSettingsWith(ctx, sc, a.User, note, func(parent storage.ServerSettings, st *storage.ServerSettings) error {
		d, err := decodeDoc(*st)
		if err != nil {
			return err
		}
		server := d
		if sc.Channel != "" {
			if server, err = decodeDoc(parent); err != nil {
				return err
			}
		}
		if err := fn(server, &d); err != nil {
			return err
		}
		if len(d.Values) == 0 && len(d.Presets) == 0 {
			st.Data = nil // nothing left: remove the record
			return nil
		}
		data, err := json.Marshal(d)
		if err != nil {
			return err
		}
		st.Format, st.Data = settingsFormat, data
		return nil
	})
	return err
}

// Change is a setting changed by a moderator.
type Change struct {
	Setting string
	Value   string // as it will be shown; "" when unset
	Channel storage.ChannelID
	Old     string // the value in force before
}

// Set changes a setting for the server, or (with channel) for one channel,
// after checking the value against the rest of the policy.
func (s *Service) Set(ctx context.Context, a Actor, name, value string, channel storage.ChannelID) (Change, error) {
	if err := RequireModerator(a); err != nil {
		return Change{}, err
	}
	st, ok := SettingByName(name)
	if !ok {
		return Change{}, refuseValue(NoSuchSetting, name)
	}
	var probe Policy
	if err := st.set(&probe, value); err != nil {
		return Change{}, err
	}
	var c Change
	// The value is checked against the values in force inside the write,
	// so two changes at once (size_min and size_max) cannot each pass and
	// together store a contradiction.
	err := s.changeDoc(ctx, a, storage.Scope{Guild: a.Guild, Channel: channel}, name+" = "+st.get(probe), func(server settingsDoc, d *settingsDoc) error {
		var ch Overrides
		if channel != "" {
			ch = d.Values
		}
		shown, err := Check(name, value, server.Values, ch, channel != "")
		if err != nil {
			return err
		}
		before, _ := Resolve(server.Values, ch, nil)
		c = Change{Setting: name, Value: shown, Channel: channel, Old: st.Get(before)}
		if d.Values == nil {
			d.Values = Overrides{}
		}
		d.Values[name] = value
		return nil
	})
	if err != nil {
		return Change{}, err
	}
	return c, nil
}

// Unset removes a setting from the server (back to the default) or from a
// channel (back to the server's value).
func (s *Service) Unset(ctx context.Context, a Actor, name string, channel storage.ChannelID) (Change, error) {
	if err := RequireModerator(a); err != nil {
		return Change{}, err
	}
	st, ok := SettingByName(name)
	if !ok {
		return Change{}, refuseValue(NoSuchSetting, name)
	}
	var c Change
	err := s.changeDoc(ctx, a, storage.Scope{Guild: a.Guild, Channel: channel}, name+" unset", func(_ settingsDoc, d *settingsDoc) error {
		if _, ok := d.Values[name]; !ok {
			return refuseValue(NotSetHere, name)
		}
		delete(d.Values, name)
		return nil
	})
	if err != nil {
		return Change{}, err
	}
	p, _, err := s.Policy(ctx, a.Guild, channel)
	c = Change{Setting: name, Channel: channel, Value: st.Get(p)}
	return c, err
}

// SavePreset adds or replaces a handicap preset.
func (s *Service) SavePreset(ctx context.Context, a Actor, pr Preset) (Preset, error) {
	if err := RequireModerator(a); err != nil {
		return Preset{}, err
	}
	pr.Name = strings.TrimSpace(pr.Name)
	if pr.Name == "" || len(pr.Name) > MaxPresetLen || strings.ContainsAny(pr.Name, "`*_~|<>@#") {
		return Preset{}, &Refusal{Reason: PresetName, N: MaxPresetLen}
	}
	err := s.changeDoc(ctx, a, storage.Scope{Guild: a.Guild}, "preset "+pr.String(), func(_ settingsDoc, d *settingsDoc) error {
		// The preset must make a game this server allows, as its settings
		// stand in this transaction.
		p, _ := Resolve(d.Values, nil, []Preset{pr})
		if _, err := p.Settings(Terms{Preset: pr.Name}); err != nil {
			return err
		}
		d.Presets = slices.DeleteFunc(d.Presets, func(x Preset) bool { return strings.EqualFold(x.Name, pr.Name) })
		if len(d.Presets) >= maxPresets {
			return &Refusal{Reason: TooManyPresets, N: maxPresets}
		}
		d.Presets = append(d.Presets, pr)
		return nil
	})
	return pr, err
}

// RemovePreset removes a handicap preset.
func (s *Service) RemovePreset(ctx context.Context, a Actor, name string) error {
	if err := RequireModerator(a); err != nil {
		return err
	}
	return s.changeDoc(ctx, a, storage.Scope{Guild: a.Guild}, "preset "+name+" removed", func(_ settingsDoc, d *settingsDoc) error {
		n := len(d.Presets)
		d.Presets = slices.DeleteFunc(d.Presets, func(x Preset) bool { return strings.EqualFold(x.Name, strings.TrimSpace(name)) })
		if len(d.Presets) == n {
			return refuseValue(NoSuchPreset, name)
		}
		return nil
	})
}

// History returns the recent changes to the server's settings.
func (s *Service) History(ctx context.Context, a Actor, limit int) ([]storage.SettingsChange, error) {
	if err := RequireModerator(a); err != nil {
		return nil, err
	}
	return s.store.SettingsHistory(ctx, a.Guild, limit)
}

// ServerGames lists every ongoing game on the caller's server.
func (s *Service) ServerGames(ctx context.Context, a Actor) ([]*storage.Game, error) {
	if err := RequireModerator(a); err != nil {
		return nil, err
	}
	all, err := s.store.Active(ctx)
	return slices.DeleteFunc(all, func(g *storage.Game) bool { return g.Place.Guild != a.Guild }), err
}

// moderated returns a game of the moderator's server.
func (s *Service) moderated(ctx context.Context, a Actor, option string) (*storage.Game, error) {
	if err := RequireModerator(a); err != nil {
		return nil, err
	}
	return s.Find(ctx, a, option, false)
}

// Conclude ends a game by a moderator's decision: adjudicated with a
// winner (NoColor for a draw) or aborted with no result. A challenge not
// yet accepted is simply cancelled. An adjudicated game does not count for
// ratings; ConcludeRated says whether it does.
func (s *Service) Conclude(ctx context.Context, a Actor, option string, reason game.Reason, winner game.Color) (*Played, error) {
	return s.ConcludeRated(ctx, a, option, reason, winner, false)
}

// ConcludeRated is Conclude, with whether an adjudicated rated game's
// result counts for ratings (counts).
func (s *Service) ConcludeRated(ctx context.Context, a Actor, option string, reason game.Reason, winner game.Color, counts bool) (*Played, error) {
	g, err := s.moderated(ctx, a, option)
	if err != nil {
		return nil, err
	}
	if g.State == storage.Proposed && reason == game.Aborted {
		ng, err := s.store.Update(ctx, g.ID, func(ng *storage.Game) error {
			if ng.State != storage.Proposed {
				return refuseGame(StartedMeanwhile, ng)
			}
			ng.State = storage.Cancelled
			return nil
		})
		if err != nil {
			return nil, err
		}
		return &Played{Game: ng}, nil
	}
	if g.State != storage.Active {
		return nil, refuseGame(NotRunning, g)
	}
	m := game.Move{Kind: game.Conclude, Reason: reason, Color: winner}
	mv, err := s.store.AppendMoves(ctx, g.ID, storage.LogMark{Len: storage.AnyLen}, []storage.SeatMove{{Seat: 1, Move: m}},
		func(ng *storage.Game, _ game.Outcome) error {
			stopClock(ng)
			ng.Meta.CountAdjudicated = counts && reason == game.Adjudication
			return nil
		})
	if err != nil {
		return nil, err
	}
	s.turnTaken(ctx, mv.Game, mv.Pos) // followers, and the channel of a game in a thread
	return &Played{Game: mv.Game, Pos: mv.Pos, Outcomes: mv.Outcomes}, nil
}

// Reseat gives a seat of a game to another player (named name in
// pictures and records), by a moderator, and returns the game and the
// player who left, read in the same transaction as the change.
func (s *Service) Reseat(ctx context.Context, a Actor, option string, seat game.Seat, user storage.UserID, name string, isBot bool) (*storage.Game, storage.UserID, error) {
	g, err := s.moderated(ctx, a, option)
	if err != nil {
		return nil, "", err
	}
	if isBot {
		return nil, "", &BotError{User: user}
	}
	if int(seat) < 1 || int(seat) > len(g.Seats) {
		return nil, "", &Refusal{Reason: NoSuchSeat, Game: g.ID, Hi: len(g.Seats)}
	}
	var old storage.UserID
	ng, err := s.store.Update(ctx, g.ID, func(ng *storage.Game) error {
		if !ng.State.Ongoing() {
			return refuseGame(NotRunning, ng)
		}
		old = ng.User(seat)
		seatPlayer(ng, seat, user, name)
		if ng.State == storage.Proposed {
			ng.Meta.Accepted = ng.Meta.Accepted.Without(seat)
		}
		return nil
	})
	return ng, old, err
}

// MaxPresetLen is the longest name of a handicap preset.
const MaxPresetLen = 32

// maxPresets is the most handicap presets a server keeps.
const maxPresets = 25
