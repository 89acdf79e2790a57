package storage

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
)

// maxProblems bounds the problems Check reports.
const maxProblems = 100

// Check verifies the whole database: every game record decodes and its
// log replays to its stored result, the indexes and player records are
// exactly what the games imply, every other record decodes, and bbolt's
// own consistency check (tx.Check) passes. It returns nil, or the problems
// found (at most 100) joined with errors.Join, each wrapping ErrCorrupt
// and naming the game or record.
//
// It runs in one read transaction, which does not block writers, and
// replays every game outside it; on a large database it takes a while
// (about 60 µs a game).
func (s *Store) Check(ctx context.Context) error {
	var problems []error
	add := func(err error) {
		if len(problems) < maxProblems {
			problems = append(problems, err)
		}
	}
	var games []*Game
	err := s.view(ctx, func(tx kvTx) error {
		if err := checkBuckets(tx); err != nil {
			return err
		}
		// Read everything first, in this goroutine, where a damaged page
		// pointer becomes an error; bbolt's check follows the same
		// pointers in a goroutine of its own.
		if err := tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
			if len(k) != 8 {
				add(&DecodeError{Key: fmt.Sprintf("games key %x", k), Err: errors.New("a game key has 8 bytes")})
				return nil
			}
			g, err := decodeGame(keyID(k), v)
			if err != nil {
				add(err)
				return nil
			}
			games = append(games, g)
			return nil
		}); err != nil {
			return err
		}
		checkDerived(tx, games, add)
		checkSettings(tx, add)
		checkRatings(tx, add)
		if bt, ok := tx.(boltTx); ok {
			for err := range bt.tx.Check() {
				add(fmt.Errorf("%w: bbolt: %v", ErrCorrupt, err))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, g := range games {
		if err := ctx.Err(); err != nil {
			return err
		}
		if _, err := position(g); err != nil {
			add(err)
		}
	}
	if len(problems) == maxProblems {
		problems = append(problems, fmt.Errorf("%w: (stopped after %d problems)", ErrCorrupt, maxProblems))
	}
	return errors.Join(problems...)
}

// checkDerived compares the derived buckets with what the games imply.
func checkDerived(tx kvTx, games []*Game, add func(error)) {
	var want [nIndexes]map[string]GameID
	for i := range want {
		want[i] = map[string]GameID{}
	}
	players := map[UserID]*playerRecV1{}
	for _, g := range games {
		for i, keys := range indexKeys(g) {
			for _, k := range keys {
				want[i][k] = g.ID
			}
		}
		for _, t := range tallies(g) {
			p := players[t.user]
			if p == nil {
				p = &playerRecV1{User: string(t.user)}
				players[t.user] = p
			}
			switch t.kind {
			case tallyWin:
				p.Wins++
			case tallyLoss:
				p.Losses++
			case tallyDraw:
				p.Draws++
			case tallyAborted:
				p.Aborted++
			}
		}
	}
	for i, name := range indexBuckets {
		tx.Bucket(name).ForEach(func(k, _ []byte) error {
			if _, ok := want[i][string(k)]; !ok {
				add(&DecodeError{Game: keyID(k), Err: fmt.Errorf("stale entry %x in the %s index", k, name)})
			}
			delete(want[i], string(k))
			return nil
		})
		for _, k := range slices.Sorted(maps.Keys(want[i])) {
			add(&DecodeError{Game: want[i][k], Err: fmt.Errorf("missing from the %s index", name)})
		}
	}
	tx.Bucket(bucketPlayers).ForEach(func(k, v []byte) error {
		var r playerRecV1
		if err := decodeRecord(kindPlayer, "player "+string(k), v, &r); err != nil {
			add(err)
			return nil
		}
		w := players[UserID(k)]
		delete(players, UserID(k))
		if w == nil || *w != r {
			add(&DecodeError{Key: "player " + string(k), Err: fmt.Errorf("record %+v, but the games give %+v", r, w)})
		}
		return nil
	})
	for _, u := range slices.Sorted(maps.Keys(players)) {
		add(&DecodeError{Key: "player " + string(u), Err: fmt.Errorf("no record, but the games give %+v", *players[u])})
	}
}

// checkSettings decodes every settings record and change log entry.
func checkSettings(tx kvTx, add func(error)) {
	tx.Bucket(bucketSettings).ForEach(func(k, v []byte) error {
		var r serverSettingsRecV1
		if err := decodeRecord(kindSettings, fmt.Sprintf("settings key %x", k), v, &r); err != nil {
			add(err)
		}
		return nil
	})
	tx.Bucket(bucketChanges).ForEach(func(k, v []byte) error {
		var r changeRecV1
		if err := decodeRecord(kindChange, fmt.Sprintf("settings change %x", k), v, &r); err != nil {
			add(err)
		}
		return nil
	})
}
