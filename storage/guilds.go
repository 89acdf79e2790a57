package storage

import (
	"context"
	"encoding/json"
	"fmt"
)

// What the bot last heard of each server from Discord: its language
// (guild_locale), so that messages sent without an interaction (the clock's
// notices, the computer's moves) speak it after a restart too. Like the
// prefs, a kind added after schema version 2: the bucket is made by the
// first write, and a database without it reads as servers without a known
// language.
var bucketGuilds = []byte("guilds") // guild -> GuildInfo as JSON

// GuildInfo is what the bot keeps of a server outside its settings.
type GuildInfo struct {
	// Locale is the server's language as Discord last sent it
	// ("de", "es-ES"), or "" when never seen.
	Locale string `json:"locale,omitempty"`
}

// Guild returns what the bot keeps of server g; the zero value when
// nothing.
func (s *Store) Guild(ctx context.Context, g GuildID) (GuildInfo, error) {
	var info GuildInfo
	err := s.view(ctx, func(tx kvTx) error {
		b := tx.Bucket(bucketGuilds)
		if b == nil {
			return nil
		}
		v := b.Get([]byte(g))
		if v == nil {
			return nil
		}
		if err := json.Unmarshal(v, &info); err != nil {
			return fmt.Errorf("%w: what is kept of server %s: %v", ErrCorrupt, g, err)
		}
		return nil
	})
	return info, err
}

// SetGuildLocale records server g's language as Discord sent it.
func (s *Store) SetGuildLocale(ctx context.Context, g GuildID, locale string) error {
	if err := checkID("server", string(g), false); err != nil {
		return err
	}
	data, err := json.Marshal(GuildInfo{Locale: locale})
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx kvTx) (func() error, error) {
		return func() error {
			b, err := tx.CreateBucketIfNotExists(bucketGuilds)
			if err != nil {
				return err
			}
			return b.Put([]byte(g), data)
		}, nil
	})
}
