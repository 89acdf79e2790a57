package storage

import (
	"context"
)

// Player is a user's record over the finished games they played. The
// store keeps it in step with the games: finishing a game counts it, and
// deleting a finished game takes it back. A user with no finished game has
// the zero record. Ratings are kept beside it (Standing).
type Player struct {
	User    UserID
	Wins    int
	Losses  int
	Draws   int
	Aborted int // games ended by a moderator without a result
}

// Games is the number of games with a result: wins, losses and draws.
func (p Player) Games() int { return p.Wins + p.Losses + p.Draws }

// Player returns user u's record.
func (s *Store) Player(ctx context.Context, u UserID) (Player, error) {
	var r playerRecV1
	err := s.view(ctx, func(tx kvTx) error {
		v := tx.Bucket(bucketPlayers).Get([]byte(u))
		if v == nil {
			return nil
		}
		return decodeRecord(kindPlayer, "player "+string(u), v, &r)
	})
	if err != nil {
		return Player{}, err
	}
	return Player{User: u, Wins: r.Wins, Losses: r.Losses, Draws: r.Draws, Aborted: r.Aborted}, nil
}
