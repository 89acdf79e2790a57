package match

import (
	"context"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// The reads and small writes that the bot's replies and notifications
// need besides the actions: the bot reaches the store only through these.

// Game returns the record of game id.
func (s *Service) Game(ctx context.Context, id storage.GameID) (*storage.Game, error) {
	return s.store.Get(ctx, id)
}

// Load returns the record of game id and its position.
func (s *Service) Load(ctx context.Context, id storage.GameID) (*storage.Game, *game.Game, error) {
	return s.store.Load(ctx, id)
}

// FindLoaded is Find, with the position of the game found.
func (s *Service) FindLoaded(ctx context.Context, a Actor, option string, mustPlay bool) (*storage.Game, *game.Game, error) {
	g, err := s.Find(ctx, a, option, mustPlay)
	if err != nil {
		return nil, nil, err
	}
	return s.store.Load(ctx, g.ID)
}

// Active returns every ongoing game (challenges and running games).
func (s *Service) Active(ctx context.Context) ([]*storage.Game, error) { return s.store.Active(ctx) }

// CountActive returns the number of ongoing games without reading them
// (see storage.Store.CountActive): for the metrics.
func (s *Service) CountActive(ctx context.Context) (int, error) { return s.store.CountActive(ctx) }

// WatchGames tells fn of every ongoing game, then of each game any
// process sharing the store changes, until ctx ends (see
// storage.Store.WatchGames); it returns storage.ErrNotSupported at once
// for a store one process holds.
func (s *Service) WatchGames(ctx context.Context, fn func(*storage.Game, error)) error {
	return s.store.WatchGames(ctx, fn)
}

// ActiveOf returns the ongoing games user u plays in, anywhere.
func (s *Service) ActiveOf(ctx context.Context, u storage.UserID) ([]*storage.Game, error) {
	return s.store.ActiveByUser(ctx, u)
}

// Followers returns the users following game id.
func (s *Service) Followers(ctx context.Context, id storage.GameID) ([]storage.UserID, error) {
	return s.store.Followers(ctx, id)
}

// Unfollow stops u following game id, as when their direct messages
// are closed.
func (s *Service) Unfollow(ctx context.Context, id storage.GameID, u storage.UserID) error {
	_, err := s.store.Follow(ctx, id, u, false)
	return err
}

// Prefs returns a user's choices (notifications).
func (s *Service) Prefs(ctx context.Context, u storage.UserID) (storage.Prefs, error) {
	return s.store.Prefs(ctx, u)
}

// UpdatePrefs changes a user's choices in one transaction.
func (s *Service) UpdatePrefs(ctx context.Context, u storage.UserID, fn func(*storage.Prefs) error) (storage.Prefs, error) {
	return s.store.UpdatePrefs(ctx, u, fn)
}

// SetThread records the thread a game is played in.
func (s *Service) SetThread(ctx context.Context, id storage.GameID, thread storage.ChannelID) (*storage.Game, error) {
	return s.store.Update(ctx, id, func(g *storage.Game) error { g.Place.Thread = thread; return nil })
}

// Standing returns a subject's rating in a scope and pool.
func (s *Service) Standing(ctx context.Context, sc storage.RatingScope, p storage.Pool, subj storage.Subject) (storage.Standing, error) {
	return s.store.Standing(ctx, sc, p, subj)
}

// RatingHistory returns a subject's last n rated results.
func (s *Service) RatingHistory(ctx context.Context, sc storage.RatingScope, p storage.Pool, subj storage.Subject, n int) ([]storage.RatedResult, error) {
	return s.store.History(ctx, sc, p, subj, n)
}

// RatingChanges returns what a finished game did to the ratings.
func (s *Service) RatingChanges(ctx context.Context, id storage.GameID) ([]storage.RatingChange, error) {
	return s.store.RatingChanges(ctx, id)
}

// Leaderboard returns a page of a scope's and pool's standings, and
// whether more follow.
func (s *Service) Leaderboard(ctx context.Context, sc storage.RatingScope, p storage.Pool, offset, limit int) ([]storage.Standing, bool, error) {
	return s.store.Leaderboard(ctx, sc, p, offset, limit)
}
