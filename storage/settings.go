package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Scope is what a server setting applies to: a whole server (Channel
// empty) or one channel of it, which overrides the server's settings.
type Scope struct {
	Guild   GuildID
	Channel ChannelID
}

// String returns "guild G" or "guild G channel C".
func (sc Scope) String() string {
	if sc.Channel == "" {
		return "guild " + string(sc.Guild)
	}
	return "guild " + string(sc.Guild) + " channel " + string(sc.Channel)
}

func (sc Scope) check() error {
	if err := checkID("guild", string(sc.Guild), false); err != nil {
		return err
	}
	return checkID("channel", string(sc.Channel), true)
}

func (sc Scope) key() []byte {
	return appendStr(appendStr(nil, string(sc.Guild)), string(sc.Channel))
}

// ServerSettings are the settings of a server or of a channel, as the
// moderators' code encodes them. The store keeps the bytes and their
// format version without reading them, and logs every change.
type ServerSettings struct {
	Scope     Scope
	Format    uint16 // the version of Data's encoding, the moderators' code's to choose
	Data      []byte
	Updated   time.Time
	UpdatedBy UserID
}

// MaxSettingsSize bounds ServerSettings.Data.
const MaxSettingsSize = 64 << 10

// maxNoteLen bounds a change's note.
const maxNoteLen = 1000

// SettingsChange is an entry of a server's settings change log: who
// changed which settings when, what they said the change was, and the
// settings after it.
type SettingsChange struct {
	Scope   Scope
	At      time.Time
	By      UserID
	Note    string // what changed, in words
	Format  uint16
	Data    []byte // the settings after the change
	Removed bool   // the change removed the settings (e.g. a channel override)
}

func settingsFromRec(r *serverSettingsRecV1) ServerSettings {
	return ServerSettings{
		Scope:  Scope{Guild: GuildID(r.Guild), Channel: ChannelID(r.Channel)},
		Format: r.Format, Data: r.Data, Updated: r.Updated, UpdatedBy: UserID(r.UpdatedBy),
	}
}

// LoadSettings returns the settings of a scope, and whether there are any.
func (s *Store) LoadSettings(ctx context.Context, sc Scope) (ServerSettings, bool, error) {
	if err := sc.check(); err != nil {
		return ServerSettings{}, false, err
	}
	var out ServerSettings
	found := false
	err := s.view(ctx, func(tx kvTx) error {
		v := tx.Bucket(bucketSettings).Get(sc.key())
		if v == nil {
			return nil
		}
		var r serverSettingsRecV1
		if err := decodeRecord(kindSettings, "settings of "+sc.String(), v, &r); err != nil {
			return err
		}
		out, found = settingsFromRec(&r), true
		return nil
	})
	return out, found, err
}

// ChannelSettings returns every channel override of a server.
func (s *Store) ChannelSettings(ctx context.Context, guild GuildID) ([]ServerSettings, error) {
	if err := checkID("guild", string(guild), false); err != nil {
		return nil, err
	}
	prefix := appendStr(nil, string(guild))
	var out []ServerSettings
	var errs []error
	err := s.view(ctx, func(tx kvTx) error {
		c := tx.Bucket(bucketSettings).Cursor()
		guildKey := Scope{Guild: guild}.key()
		for k, v := c.Seek(prefix); k != nil && hasPrefix(k, prefix); k, v = c.Next() {
			if string(k) == string(guildKey) {
				continue
			}
			var r serverSettingsRecV1
			if err := decodeRecord(kindSettings, fmt.Sprintf("settings key %x", k), v, &r); err != nil {
				errs = append(errs, err)
				continue
			}
			out = append(out, settingsFromRec(&r))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}

// UpdateSettings changes the settings of a scope in one transaction and
// logs the change with who made it and a note saying what changed. fn gets
// the current settings (zero Format and nil Data if there are none) and
// sets Format and Data; setting Data to nil removes them (e.g. to drop a
// channel override). If fn returns an error nothing changes. Like Update's
// function, fn runs inside the write transaction: quick and pure.
func (s *Store) UpdateSettings(ctx context.Context, sc Scope, by UserID, note string, fn func(*ServerSettings) error) (ServerSettings, error) {
	return s.UpdateSettingsWith(ctx, sc, by, note, func(_ ServerSettings, st *ServerSettings) error { return fn(st) })
}

// UpdateSettingsWith is UpdateSettings for a change that must be checked
// against the server's settings: fn also gets the server-wide settings
// (zero for a server scope, whose own are in st), read in the same
// transaction, so no concurrent change of them can slip between the check
// and the write.
func (s *Store) UpdateSettingsWith(ctx context.Context, sc Scope, by UserID, note string, fn func(server ServerSettings, st *ServerSettings) error) (ServerSettings, error) {
	if err := sc.check(); err != nil {
		return ServerSettings{}, err
	}
	if err := checkID("changing user", string(by), false); err != nil {
		return ServerSettings{}, err
	}
	if len(note) > maxNoteLen || strings.ContainsFunc(note, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }) {
		return ServerSettings{}, fmt.Errorf("%w: the note is longer than %d bytes or has control characters", ErrBadRecord, maxNoteLen)
	}
	var out ServerSettings
	err := s.write(ctx, func(tx kvTx) (func() error, error) {
		out = ServerSettings{}
		b := tx.Bucket(bucketSettings)
		key := sc.key()
		var cur ServerSettings
		existed := false
		if v := b.Get(key); v != nil {
			var r serverSettingsRecV1
			if err := decodeRecord(kindSettings, "settings of "+sc.String(), v, &r); err != nil {
				return nil, err
			}
			cur, existed = settingsFromRec(&r), true
		}
		var server ServerSettings
		if sc.Channel != "" {
			gk := Scope{Guild: sc.Guild}
			if v := b.Get(gk.key()); v != nil {
				var r serverSettingsRecV1
				if err := decodeRecord(kindSettings, "settings of "+gk.String(), v, &r); err != nil {
					return nil, err
				}
				server = settingsFromRec(&r)
				server.Data = slices.Clone(server.Data)
			}
		}
		ns := cur
		ns.Data = slices.Clone(cur.Data)
		if err := callUser(func() error { return fn(server, &ns) }); err != nil {
			return nil, err
		}
		if len(ns.Data) > MaxSettingsSize {
			return nil, fmt.Errorf("%w: settings of %d bytes (at most %d)", ErrBadRecord, len(ns.Data), MaxSettingsSize)
		}
		if ns.Data == nil && !existed {
			return func() error { return nil }, nil // nothing to remove, nothing to log
		}
		now := s.clock()
		ns.Scope, ns.Updated, ns.UpdatedBy = sc, now, by
		change := changeRecV1{
			Guild: string(sc.Guild), Channel: string(sc.Channel), At: now, By: string(by), Note: note,
			Format: ns.Format, Data: ns.Data, Removed: ns.Data == nil,
		}
		if ns.Data == nil {
			out = ServerSettings{Scope: sc}
		} else {
			out = ns
		}
		return func() error {
			if ns.Data == nil {
				if err := b.Delete(key); err != nil {
					return err
				}
			} else {
				r := serverSettingsRecV1{
					Guild: string(sc.Guild), Channel: string(sc.Channel), Format: ns.Format, Data: ns.Data,
					Updated: now, UpdatedBy: string(by),
				}
				if err := b.Put(key, encodeJSON(kindSettings, &r)); err != nil {
					return err
				}
			}
			log := tx.Bucket(bucketChanges)
			seq, err := log.NextSequence()
			if err != nil {
				return err
			}
			return log.Put(binary.BigEndian.AppendUint64(appendStr(nil, string(sc.Guild)), seq), encodeJSON(kindChange, &change))
		}, nil
	})
	if err != nil {
		return ServerSettings{}, err
	}
	return out, nil
}

// SettingsHistory returns up to limit entries of a server's settings change
// log (its channels' included), the newest first; limit <= 0 means
// DefaultPage.
func (s *Store) SettingsHistory(ctx context.Context, guild GuildID, limit int) ([]SettingsChange, error) {
	if err := checkID("guild", string(guild), false); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = DefaultPage
	}
	prefix := appendStr(nil, string(guild))
	var out []SettingsChange
	var errs []error
	err := s.view(ctx, func(tx kvTx) error {
		c := tx.Bucket(bucketChanges).Cursor()
		k, _ := c.Seek(append(append([]byte{}, prefix...), bytes.Repeat([]byte{0xff}, 9)...)) // past the guild's entries
		var v []byte
		if k == nil {
			k, v = c.Last()
		} else {
			k, v = c.Prev()
		}
		for ; k != nil && hasPrefix(k, prefix) && len(out)+len(errs) < limit; k, v = c.Prev() {
			var r changeRecV1
			if err := decodeRecord(kindChange, fmt.Sprintf("settings change %x", k), v, &r); err != nil {
				errs = append(errs, err)
				continue
			}
			out = append(out, SettingsChange{
				Scope: Scope{Guild: GuildID(r.Guild), Channel: ChannelID(r.Channel)},
				At:    r.At, By: UserID(r.By), Note: r.Note, Format: r.Format, Data: r.Data, Removed: r.Removed,
			})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}
