package match

import (
	"context"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// RatingStore is what the bot reads of the ratings; the store keeps them
// in step with the games (see storage's ratings).
type RatingStore interface {
	Standing(ctx context.Context, sc storage.RatingScope, p storage.Pool, subj storage.Subject) (storage.Standing, error)
	History(ctx context.Context, sc storage.RatingScope, p storage.Pool, subj storage.Subject, n int) ([]storage.RatedResult, error)
	RatingChanges(ctx context.Context, id storage.GameID) ([]storage.RatingChange, error)
	Leaderboard(ctx context.Context, sc storage.RatingScope, p storage.Pool, offset, limit int) ([]storage.Standing, bool, error)
}

// The settings of rated play, in the settings table.
var ratingSettings = []Setting{
	{Name: "rated", Description: "whether challenges are rated unless the challenger says otherwise", examples: []string{"on", "off"},
		set: func(p *Policy, v string) (err error) { p.Rated, err = parseBool(v); return },
		get: func(p Policy) string { return onOff(p.Rated) }},
	{Name: "rated_handicap", Description: "whether handicap games (handicap or extra moves) may be rated", examples: []string{"on", "off"},
		set: func(p *Policy, v string) (err error) { p.RatedHandicap, err = parseBool(v); return },
		get: func(p Policy) string { return onOff(p.RatedHandicap) }},
}

func init() { Settings = append(Settings, ratingSettings...) }

// handicapped reports whether a game's settings give one side a head
// start.
func handicapped(s game.Settings) bool { return s.Handicap != 0 || s.ExtraMoves != 0 }

// casual decides whether a challenge on settings s is casual under
// policy p: the challenger's choice (asked; nil for the server's
// default), except that a server that forbids rated handicap games makes
// a handicap game casual by default, and refuses one asked to be rated.
func (p Policy) casual(asked *bool, s game.Settings) (bool, error) {
	rated := p.Rated
	if asked != nil {
		rated = *asked
	}
	if rated && handicapped(s) && !p.RatedHandicap {
		if asked != nil {
			return false, &PolicyError{What: "a rated game with a handicap",
				Allowed: "handicap games only as casual games: challenge with rated:False, or without a handicap", Rule: RuleRatedHandicap}
		}
		return true, nil
	}
	return !rated, nil
}
