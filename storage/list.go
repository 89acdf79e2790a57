package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"
)

// The listings read an index and load the games it names, in one read
// transaction. A game that cannot be read is not skipped: the listing
// returns every game it could read and an error (a *DecodeError, or
// several joined with errors.Join) naming each one it could not, so the
// caller can show what it has and report the rest.

// loadListed loads the games ids from the games bucket; belongs checks that
// each still fits the index it was listed in (a stale entry is damage).
func loadListed(tx kvTx, index string, ids []GameID, belongs func(*Game) bool) ([]*Game, error) {
	if p, ok := tx.(prefetcher); ok && len(ids) > 1 {
		keys := make([][]byte, len(ids))
		for i, id := range ids {
			keys[i] = idKey(id)
		}
		p.prefetch(bucketGames, keys)
	}
	b := tx.Bucket(bucketGames)
	games := make([]*Game, 0, len(ids))
	var errs []error
	for _, id := range ids {
		v := b.Get(idKey(id))
		if v == nil {
			errs = append(errs, &DecodeError{Game: id, Err: fmt.Errorf("the %s index lists it, but its record is missing", index)})
			continue
		}
		g, err := decodeGame(id, v)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !belongs(g) {
			errs = append(errs, &DecodeError{Game: id, Err: fmt.Errorf("the %s index lists it, but the record does not fit (%s)", index, g.State)})
			continue
		}
		games = append(games, g)
	}
	return games, errors.Join(errs...)
}

// scanIDs returns the game IDs of the keys of bucket that start with
// prefix and are prefix plus a game ID.
func scanIDs(tx kvTx, bucket, prefix []byte) ([]GameID, error) {
	var ids []GameID
	c := tx.Bucket(bucket).Cursor()
	for k, _ := c.Seek(prefix); k != nil && hasPrefix(k, prefix); k, _ = c.Next() {
		if len(k) != len(prefix)+8 {
			return ids, &DecodeError{Key: fmt.Sprintf("%s key %x", bucket, k), Err: fmt.Errorf("index key of %d bytes, want %d", len(k), len(prefix)+8)}
		}
		ids = append(ids, keyID(k))
	}
	return ids, nil
}

// listIndex lists the games under prefix in an index of ongoing games.
func (s *Store) listIndex(ctx context.Context, bucket, prefix []byte, belongs func(*Game) bool) ([]*Game, error) {
	var games []*Game
	var listErr error
	err := s.view(ctx, func(tx kvTx) error {
		games, listErr = listIndexTx(tx, bucket, prefix, belongs)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return games, listErr
}

// listIndexTx is listIndex inside a transaction; its error names the
// games it could not read.
func listIndexTx(tx kvTx, bucket, prefix []byte, belongs func(*Game) bool) ([]*Game, error) {
	ids, err := scanIDs(tx, bucket, prefix)
	games, listErr := loadListed(tx, string(bucket), ids, belongs)
	return games, errors.Join(err, listErr)
}

// ongoing tells whether a game belongs in the index of ongoing games.
func ongoing(g *Game) bool { return g.State.Ongoing() }

// ActiveByChannel returns the ongoing (proposed or active) games started in
// channel ch or played in thread ch, by ID.
func (s *Store) ActiveByChannel(ctx context.Context, ch ChannelID) ([]*Game, error) {
	return s.listIndex(ctx, bucketByChannel, appendStr(nil, string(ch)), func(g *Game) bool {
		return g.State.Ongoing() && (g.Place.Channel == ch || g.Place.Thread == ch)
	})
}

// ActiveByUser returns the ongoing (proposed or active) games user u sits
// in, by ID.
func (s *Store) ActiveByUser(ctx context.Context, u UserID) ([]*Game, error) {
	return s.listIndex(ctx, bucketByUser, appendStr(nil, string(u)), func(g *Game) bool {
		return g.State.Ongoing() && len(g.SeatsOf(u)) > 0
	})
}

// Active returns every ongoing (proposed or active) game, by ID: for
// example to re-arm timers after a restart.
func (s *Store) Active(ctx context.Context) ([]*Game, error) {
	return s.listIndex(ctx, bucketActive, nil, ongoing)
}

// CountActive returns the number of ongoing (proposed or active) games,
// counting the entries of their index without reading a game: for a
// gauge that is read often. The index changes in the same transaction as
// each game it lists, so the count is len(Active) whenever Active
// returns no error. On a damaged database (an entry whose record is
// missing or no longer ongoing, which Check reports) Active returns the
// games it could read and an error naming the others, while CountActive
// counts every entry, as it cannot tell them apart without reading them.
func (s *Store) CountActive(ctx context.Context) (int, error) {
	var n int
	err := s.view(ctx, func(tx kvTx) error {
		var err error
		n, err = tx.Bucket(bucketActive).Count()
		return err
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

// Due returns the ongoing games due at or before t (see Game.Due), the
// earliest first: the challenges to expire, the reminders to send and the
// deadlines to enforce.
func (s *Store) Due(ctx context.Context, t time.Time) ([]*Game, error) {
	var games []*Game
	var listErr error
	err := s.view(ctx, func(tx kvTx) error {
		var ids []GameID
		var errs []error
		c := tx.Bucket(bucketDue).Cursor()
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			if len(k) != 16 {
				errs = append(errs, &DecodeError{Key: fmt.Sprintf("%s key %x", bucketDue, k), Err: fmt.Errorf("index key of %d bytes, want 16", len(k))})
				continue
			}
			if keyTime(k).After(t) {
				break
			}
			ids = append(ids, keyID(k))
		}
		games, listErr = loadListed(tx, string(bucketDue), ids, func(g *Game) bool { return g.State.Ongoing() && !g.Due().IsZero() })
		listErr = errors.Join(append(errs, listErr)...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return games, listErr
}

// Cursor is a place in a listing of finished games: the end time and ID of
// the last game of the previous page. The zero Cursor is the start.
type Cursor struct {
	Ended time.Time
	ID    GameID
}

// IsZero reports whether c is the start of the listing (or, returned as
// the next page, that there is none).
func (c Cursor) IsZero() bool { return c.ID == 0 }

// DefaultPage is the page size of FinishedByGuild when the limit given is
// not positive.
const DefaultPage = 25

// FinishedByGuild returns up to limit finished games of a server, the most
// recently ended first, starting after cursor (the zero Cursor for the
// newest). next is where the following page starts, or the zero Cursor if
// there are no more. Direct-message games are listed under the empty
// GuildID.
func (s *Store) FinishedByGuild(ctx context.Context, guild GuildID, after Cursor, limit int) (games []*Game, next Cursor, err error) {
	if limit <= 0 {
		limit = DefaultPage
	}
	prefix := appendStr(nil, string(guild))
	var listErr error
	err = s.view(ctx, func(tx kvTx) error {
		c := tx.Bucket(bucketFinished).Cursor()
		var start []byte
		if after.IsZero() {
			start = append(append([]byte{}, prefix...), bytes.Repeat([]byte{0xff}, 17)...) // past every key of the guild
		} else {
			start = appendID(appendTime(append([]byte{}, prefix...), after.Ended), after.ID)
		}
		k, _ := c.Seek(start)
		if k == nil {
			k, _ = c.Last()
		} else {
			k, _ = c.Prev()
		}
		var ids []GameID
		var ends []time.Time
		var errs []error
		for ; k != nil && hasPrefix(k, prefix) && len(ids) <= limit; k, _ = c.Prev() {
			if len(k) != len(prefix)+16 {
				errs = append(errs, &DecodeError{Key: fmt.Sprintf("%s key %x", bucketFinished, k), Err: fmt.Errorf("index key of %d bytes, want %d", len(k), len(prefix)+16)})
				continue
			}
			ids = append(ids, keyID(k))
			ends = append(ends, keyTime(k[len(prefix):]))
		}
		if len(ids) > limit {
			ids, ends = ids[:limit], ends[:limit]
			next = Cursor{Ended: ends[limit-1], ID: ids[limit-1]}
		}
		games, listErr = loadListed(tx, string(bucketFinished), ids, func(g *Game) bool {
			return g.State == Finished && g.Place.Guild == guild
		})
		listErr = errors.Join(append(errs, listErr)...)
		return nil
	})
	if err != nil {
		return nil, Cursor{}, err
	}
	return games, next, listErr
}
