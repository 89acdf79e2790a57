package storage

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	berrors "go.etcd.io/bbolt/errors"
)

// SchemaVersion is the layout of the database this package writes. The
// versions:
//
//  1. The primary records: games (with their move logs), server settings
//     and their change log, and the schema version itself.
//
//  2. Adds the derived buckets: the indexes of ongoing games by channel,
//     by user and by due time, of finished games by server, and the
//     players' tallies. They are computed from the games.
//
//  3. Adds the ratings (see RatingScope, Pool, Subject): the players'
//     Glicko-2 ratings, their index by rating, their histories and each
//     rated game's changes, computed from the finished games replayed in
//     the order they ended.
//
// A migration from 1 rebuilds the derived buckets from the games; so will
// any later change to a derived bucket's layout, which only needs a new
// version number and the same step. A change to a primary record adds a
// step that rewrites those records.
const SchemaVersion = 3

var schemaKey = []byte("schema")

// migration brings a database from version from to from+1.
type migration struct {
	from uint64
	name string
	run  func(kvTx) error
}

var migrations = []migration{
	{1, "build the indexes and player records from the games", rebuildDerived},
	{2, "rate the finished games in the order they ended", rebuildDerived},
}

// migrate initialises a new database or brings an older one up to
// SchemaVersion, in one transaction: a migration that fails changes
// nothing.
func (s *Store) migrate() error {
	ctx := context.Background()
	var version uint64
	fresh := false
	err := s.view(ctx, func(tx kvTx) error {
		var err error
		version, fresh, err = readVersion(tx)
		return err
	})
	if err != nil {
		return err
	}
	switch {
	case version > SchemaVersion:
		return &SchemaError{Found: version, Supported: SchemaVersion}
	case version == SchemaVersion && !fresh:
		return s.view(ctx, checkBuckets)
	case s.readOnly:
		if fresh {
			return fmt.Errorf("%w: the file is empty and was opened read-only", ErrSchema)
		}
		return fmt.Errorf("%w: the database has schema version %d and needs a migration to %d: open it once for writing", ErrSchema, version, SchemaVersion)
	}
	return s.write(ctx, func(tx kvTx) (func() error, error) {
		return func() error { return migrateTx(tx, fresh, version) }, nil
	})
}

// migrateTx creates the buckets of a new database, or runs the migrations
// from version on.
func migrateTx(tx kvTx, fresh bool, version uint64) error {
	if fresh {
		for _, name := range append(primaryBuckets, derivedBuckets()...) {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		return writeVersion(tx, SchemaVersion)
	}
	for _, m := range migrations {
		if m.from < version {
			continue
		}
		if err := m.run(tx); err != nil {
			return fmt.Errorf("migrating the database from schema version %d to %d (%s): %w", m.from, m.from+1, m.name, err)
		}
		version = m.from + 1
	}
	if err := writeVersion(tx, version); err != nil {
		return err
	}
	return checkBuckets(tx)
}

func derivedBuckets() [][]byte {
	return append(append(append([][]byte{}, indexBuckets...), bucketPlayers), ratingBuckets...)
}

// readVersion returns the schema version; fresh is true for a database with
// no buckets at all (just created).
func readVersion(tx kvTx) (version uint64, fresh bool, err error) {
	b := tx.Bucket(bucketMeta)
	if b == nil || b.Get(schemaKey) == nil {
		// etcd has no buckets of its own: an empty prefix is a new
		// database there, as a file with no buckets is on bbolt.
		if tx.Empty() {
			return 0, true, nil
		}
		if b == nil {
			return 0, false, fmt.Errorf("%w: the database is not twixtbot's (it has no meta bucket)", ErrSchema)
		}
	}
	v := b.Get(schemaKey)
	if len(v) != 8 {
		return 0, false, fmt.Errorf("%w: the schema version record is damaged (%d bytes)", ErrCorrupt, len(v))
	}
	version = binary.BigEndian.Uint64(v)
	if version == 0 {
		return 0, false, fmt.Errorf("%w: schema version 0", ErrCorrupt)
	}
	return version, false, nil
}

func writeVersion(tx kvTx, v uint64) error {
	return tx.Bucket(bucketMeta).Put(schemaKey, binary.BigEndian.AppendUint64(nil, v))
}

// checkBuckets makes sure every bucket of the current schema is there.
func checkBuckets(tx kvTx) error {
	var missing []string
	for _, name := range append(primaryBuckets, derivedBuckets()...) {
		if tx.Bucket(name) == nil {
			missing = append(missing, string(name))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: buckets missing: %v", ErrCorrupt, missing)
	}
	return nil
}

// rebuildDerived drops the derived buckets and computes them again from
// the games. A game that does not decode stops it with a *DecodeError
// naming the game: nothing is silently left out.
func rebuildDerived(tx kvTx) error {
	for _, name := range derivedBuckets() {
		if err := tx.DeleteBucket(name); err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
			return err
		}
		if _, err := tx.CreateBucket(name); err != nil {
			return err
		}
	}
	games := tx.Bucket(bucketGames)
	if games == nil {
		return fmt.Errorf("%w: the games bucket is missing", ErrCorrupt)
	}
	err := games.ForEach(func(k, v []byte) error {
		if len(k) != 8 {
			return &DecodeError{Key: fmt.Sprintf("games key %x", k), Err: errors.New("a game key has 8 bytes")}
		}
		g, err := decodeGame(keyID(k), v)
		if err != nil {
			return err
		}
		return updateDerived(tx, nil, g)
	})
	if err != nil {
		return err
	}
	_, err = rebuildRatings(tx)
	return err
}
