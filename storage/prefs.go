package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
)

// A user's own choices (how they hear it is their move) and the games
// they follow as spectators. These are primary records, but of a kind
// added after schema version 2: their buckets are made by the first write
// that needs them, and a database without them reads as nobody having
// chosen anything. They are not derived from the games and no index
// depends on them.
var (
	bucketPrefs   = []byte("prefs")   // user -> Prefs as JSON
	bucketFollows = []byte("follows") // GameID, user -> nothing
)

// Prefs are a user's choices. The zero value is a user who chose
// nothing.
type Prefs struct {
	// Notify is how the user hears that it is their move, in the bot's
	// numbering (zero: its default).
	Notify uint8 `json:"notify,omitempty"`
	// DMRefused is set when Discord refused a direct message to the
	// user; the bot then uses the channel until the user chooses again.
	DMRefused bool `json:"dm_refused,omitempty"`
	// Locale is the user's language as Discord last sent it ("de",
	// "fr"), for the direct messages sent without an interaction.
	Locale string `json:"locale,omitempty"`
}

// Prefs returns user u's choices.
func (s *Store) Prefs(ctx context.Context, u UserID) (Prefs, error) {
	var p Prefs
	err := s.view(ctx, func(tx kvTx) error {
		b := tx.Bucket(bucketPrefs)
		if b == nil {
			return nil
		}
		v := b.Get([]byte(u))
		if v == nil {
			return nil
		}
		if err := json.Unmarshal(v, &p); err != nil {
			return fmt.Errorf("%w: the choices of user %s: %v", ErrCorrupt, u, err)
		}
		return nil
	})
	return p, err
}

// UpdatePrefs changes user u's choices in one transaction: fn gets the
// current ones and changes them. It returns them as committed.
func (s *Store) UpdatePrefs(ctx context.Context, u UserID, fn func(*Prefs) error) (Prefs, error) {
	if err := checkID("user", string(u), false); err != nil {
		return Prefs{}, err
	}
	var out Prefs
	err := s.write(ctx, func(tx kvTx) (func() error, error) {
		var p Prefs
		if b := tx.Bucket(bucketPrefs); b != nil {
			if v := b.Get([]byte(u)); v != nil {
				if err := json.Unmarshal(v, &p); err != nil {
					return nil, fmt.Errorf("%w: the choices of user %s: %v", ErrCorrupt, u, err)
				}
			}
		}
		if err := callUser(func() error { return fn(&p) }); err != nil {
			return nil, err
		}
		out = p
		data, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		return func() error {
			b, err := tx.CreateBucketIfNotExists(bucketPrefs)
			if err != nil {
				return err
			}
			return b.Put([]byte(u), data)
		}, nil
	})
	return out, err
}

func followKey(id GameID, u UserID) []byte { return append(idKey(id), u...) }

// Follow makes user u follow game id (on), or stop following it. It
// reports whether anything changed. The game must exist.
func (s *Store) Follow(ctx context.Context, id GameID, u UserID, on bool) (bool, error) {
	if err := checkID("user", string(u), false); err != nil {
		return false, err
	}
	changed := false
	err := s.write(ctx, func(tx kvTx) (func() error, error) {
		changed = false
		if tx.Bucket(bucketGames).Get(idKey(id)) == nil {
			return nil, notFound(id)
		}
		k := followKey(id, u)
		b := tx.Bucket(bucketFollows)
		has := b != nil && b.Get(k) != nil
		if has == on {
			return func() error { return nil }, nil
		}
		changed = true
		return func() error {
			b, err := tx.CreateBucketIfNotExists(bucketFollows)
			if err != nil {
				return err
			}
			if on {
				return b.Put(k, []byte{})
			}
			return b.Delete(k)
		}, nil
	})
	return changed, err
}

// Followers lists the users following game id, in a stable order.
func (s *Store) Followers(ctx context.Context, id GameID) ([]UserID, error) {
	var out []UserID
	err := s.view(ctx, func(tx kvTx) error {
		out = nil
		b := tx.Bucket(bucketFollows)
		if b == nil {
			return nil
		}
		prefix := idKey(id)
		c := b.Cursor()
		for k, _ := c.Seek(prefix); k != nil && len(k) > len(prefix) && string(k[:len(prefix)]) == string(prefix); k, _ = c.Next() {
			out = append(out, UserID(slices.Clone(k[len(prefix):])))
		}
		return nil
	})
	return out, err
}

// userChoices are the keys of a user's choices and follows, to forget.
type userChoices struct {
	prefs   bool
	follows [][]byte
}

func (c userChoices) any() bool { return c.prefs || len(c.follows) > 0 }

// choicesOf finds user u's choices and follows.
func choicesOf(tx kvTx, u UserID) userChoices {
	var c userChoices
	if b := tx.Bucket(bucketPrefs); b != nil {
		c.prefs = b.Get([]byte(u)) != nil
	}
	if b := tx.Bucket(bucketFollows); b != nil {
		_ = b.ForEach(func(k, _ []byte) error {
			if len(k) == 8+len(u) && string(k[8:]) == string(u) {
				c.follows = append(c.follows, slices.Clone(k))
			}
			return nil
		})
	}
	return c
}

// delete removes them.
func (c userChoices) delete(tx kvTx, u UserID) error {
	if c.prefs {
		if err := tx.Bucket(bucketPrefs).Delete([]byte(u)); err != nil {
			return err
		}
	}
	for _, k := range c.follows {
		if err := tx.Bucket(bucketFollows).Delete(k); err != nil {
			return err
		}
	}
	return nil
}
