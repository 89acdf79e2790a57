package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// What a forgotten user becomes. DeletedUser is not a Discord ID (those
// are digits), so it never names a real user; every forgotten user becomes
// the same one, so nothing tells two of them apart.
const (
	// DeletedUser takes the place of a forgotten user's ID in the seats of
	// games and as the author of settings changes.
	DeletedUser UserID = "deleted"
	// DeletedName takes the place of a forgotten user's display name.
	DeletedName = "deleted player"
)

// Forgotten is what ForgetUser changed.
type Forgotten struct {
	User UserID
	// Games are the games in which the user's seats now hold DeletedUser
	// and DeletedName, the ones ended below included.
	Games []GameID
	// Cancelled are the challenges the user was in that had not started:
	// they are cancelled. Aborted are the games the user was playing: they
	// end with no result (as by a moderator's abort), and count as aborted
	// in the other players' records.
	Cancelled, Aborted []GameID
	// Settings is the number of settings records and settings log entries
	// the user was the author of, now DeletedUser's.
	Settings int
	// Record says whether the user had a player record (their tallies); it
	// is removed.
	Record bool
	// Choices says whether the user had stored choices (how they are
	// notified) or followed games; they are removed.
	Choices bool
}

// Nothing reports whether there was nothing to forget.
func (f Forgotten) Nothing() bool {
	return len(f.Games) == 0 && f.Settings == 0 && !f.Record && !f.Choices
}

// ForgetUser removes what the store keeps about user u, in one
// transaction: the user's ID and display name in every game they sat in
// become DeletedUser and DeletedName, their challenges still waiting are
// cancelled and their games under way end with no result, their player
// record is removed, and settings they changed name DeletedUser as the
// author. The games themselves stay, with their moves, so that the other
// players' games still replay and their records still count them. The
// tallies of every forgotten user are kept together under DeletedUser,
// because they are derived from the games.
//
// A damaged game record that might be the user's stops it with that
// game's *DecodeError, and nothing changes. Forgetting a user with no data
// changes nothing and returns a Forgotten that has Nothing.
func (s *Store) ForgetUser(ctx context.Context, u UserID) (Forgotten, error) {
	if err := checkID("user", string(u), false); err != nil {
		return Forgotten{}, err
	}
	if u == DeletedUser {
		return Forgotten{}, fmt.Errorf("%w: %q stands for users already forgotten", ErrBadID, u)
	}
	// Records hold IDs as JSON strings: only those with this one can be
	// the user's, and only they are decoded.
	needle, _ := json.Marshal(string(u))
	var out Forgotten
	type change struct{ old, g *Game }
	err := s.write(ctx, func(tx kvTx) (func() error, error) {
		out = Forgotten{User: u}
		now := s.clock()
		var games []change
		err := tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
			if !bytes.Contains(v, needle) {
				return nil
			}
			old, err := decodeGame(keyID(k), v)
			if err != nil {
				return err
			}
			if !slices.Contains(old.Seats, u) {
				return nil // the ID is elsewhere in the record (a message ID, say)
			}
			g, err := s.forgetInGame(old, u, now)
			if err != nil {
				return err
			}
			out.Games = append(out.Games, g.ID)
			switch {
			case old.State == Proposed:
				out.Cancelled = append(out.Cancelled, g.ID)
			case old.State == Active:
				out.Aborted = append(out.Aborted, g.ID)
			}
			games = append(games, change{old, g})
			return nil
		})
		if err != nil {
			return nil, err
		}
		settings, err := forgetAuthor(tx, bucketSettings, kindSettings, func(r *serverSettingsRecV1) *string { return &r.UpdatedBy }, needle, u)
		if err != nil {
			return nil, err
		}
		changes, err := forgetAuthor(tx, bucketChanges, kindChange, func(r *changeRecV1) *string { return &r.By }, needle, u)
		if err != nil {
			return nil, err
		}
		out.Settings = len(settings) + len(changes)
		out.Record = tx.Bucket(bucketPlayers).Get([]byte(u)) != nil
		choices := choicesOf(tx, u)
		out.Choices = choices.any()
		return func() error {
			for _, c := range games {
				if err := putGame(tx, c.old, c.g); err != nil {
					return err
				}
			}
			for _, w := range [][]keyValue{settings, changes} {
				for _, kv := range w {
					if err := kv.bucket.Put(kv.key, kv.value); err != nil {
						return err
					}
				}
			}
			// The games no longer count for u; what remains is a record
			// out of step with them, and it goes too, as do index entries
			// of games that are no longer there.
			players := tx.Bucket(bucketPlayers)
			if err := players.Delete([]byte(u)); err != nil {
				return err
			}
			if err := forgetRatings(tx, u); err != nil {
				return err
			}
			prefix := appendStr(nil, string(u))
			c := tx.Bucket(bucketByUser).Cursor()
			for k, _ := c.Seek(prefix); k != nil && hasPrefix(k, prefix); k, _ = c.Seek(prefix) {
				if err := c.Delete(); err != nil {
					return err
				}
			}
			return choices.delete(tx, u)
		}, nil
	})
	if err != nil {
		return Forgotten{}, err
	}
	for _, id := range out.Aborted {
		s.positions.drop(id)
	}
	return out, nil
}

// forgetInGame returns game old with user u replaced by DeletedUser and
// DeletedName, ended if it was ongoing: a challenge is cancelled, a game
// under way is concluded with no result.
func (s *Store) forgetInGame(old *Game, u UserID, now time.Time) (*Game, error) {
	g := old.Clone()
	switch g.State {
	case Proposed:
		g.State, g.Ended = Cancelled, now
	case Active:
		pos, err := s.position(old)
		if err != nil {
			return nil, err
		}
		if _, err := pos.Play(1, game.Move{Kind: game.Conclude, Reason: game.Aborted}); err != nil {
			return nil, &RecordError{Game: g.ID, Problem: "the game could not be ended", Err: err}
		}
		g.Log = append(g.Log, game.Move{Kind: game.Conclude, Reason: game.Aborted})
		settle(g, pos, now)
	}
	for i, v := range g.Seats {
		if v != u {
			continue
		}
		g.Seats[i] = DeletedUser
		for len(g.Meta.Names) <= i { // a seat with no name would be shown by its user ID
			g.Meta.Names = append(g.Meta.Names, "")
		}
		g.Meta.Names[i] = DeletedName
	}
	g.Updated = now
	if err := checkRecord(g); err != nil {
		return nil, recordErr(g.ID, err, "cannot store it without the user")
	}
	return g, nil
}

// keyValue is a record to write back.
type keyValue struct {
	bucket     kvBucket
	key, value []byte
}

// forgetAuthor returns the records of bucket name, of record kind kind and
// stored form R, whose author (the field author points to) is u, rewritten
// with DeletedUser as the author. needle is u as a JSON string.
func forgetAuthor[R any](tx kvTx, name []byte, kind byte, author func(*R) *string, needle []byte, u UserID) ([]keyValue, error) {
	b := tx.Bucket(name)
	var out []keyValue
	err := b.ForEach(func(k, v []byte) error {
		if !bytes.Contains(v, needle) {
			return nil
		}
		var r R
		if err := decodeRecord(kind, fmt.Sprintf("%s record %x", name, k), v, &r); err != nil {
			return err
		}
		if by := author(&r); *by == string(u) {
			*by = string(DeletedUser)
			out = append(out, keyValue{b, slices.Clone(k), encodeJSON(kind, &r)})
		}
		return nil
	})
	return out, err
}
