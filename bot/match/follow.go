package match

import (
	"context"

	"github.com/twixtbot/twixtbot/storage"
)

// Follow makes the caller follow (on) or stop following a game.
func (s *Service) Follow(ctx context.Context, a Actor, option string, on bool) (*storage.Game, bool, error) {
	g, err := s.Find(ctx, a, option, false)
	if err != nil {
		return nil, false, err
	}
	if on && !g.State.Ongoing() {
		return nil, false, refuseGame(FollowNotRunning, g)
	}
	changed, err := s.store.Follow(ctx, g.ID, a.User, on)
	return g, changed, err
}
