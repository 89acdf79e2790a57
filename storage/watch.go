package storage

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// WatchGames tells fn of the games of a store that processes share (on
// etcd) as they change: first of every ongoing game, as Active lists
// them, then of each game created or changed after that listing, by any
// process, in the order of the changes, until ctx ends or the store
// closes. fn runs on one goroutine, one game at a time, with a copy of
// its own; it should be quick, since it holds up the next change. A
// record that cannot be read reaches fn as an error naming the game (a
// *DecodeError, or several joined), with a nil game.
//
// No change is missed while the watch is down (etcd out of reach, or
// its member cut off from the cluster's leader): it picks up from the
// revision it had reached, and fn hears late of the changes made
// meanwhile. Only when etcd has compacted that history away can they not
// be told one by one: fn then hears of every ongoing game again, as at
// the start. So fn may hear of a game more than once, and of games that
// did not change; it decides from the game what to do.
//
// It returns ctx's error when ctx ends and ErrClosed when the store
// closes. On bbolt, where one process holds the store and hears of its
// changes from its own calls, it returns ErrNotSupported at once.
func (s *Store) WatchGames(ctx context.Context, fn func(*Game, error)) error {
	k, ok := s.kv.(*etcdKV)
	if !ok {
		return fmt.Errorf("%w: a bbolt file has one process, which makes every change itself", ErrNotSupported)
	}
	return s.followGames(ctx, k, 0, fn)
}

// watchRetry is how long WatchGames waits before it watches again after
// etcd was out of reach.
const watchRetry = time.Second

// followGames is WatchGames from revision rev (0: list the ongoing games
// first).
func (s *Store) followGames(ctx context.Context, k *etcdKV, rev int64, fn func(*Game, error)) error {
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(k.base, cancel)()
	from, to := k.bucketRange(bucketGames)
	for {
		if rev == 0 {
			if at, err := s.listOngoing(wctx, fn); err == nil {
				rev = at + 1
			}
		}
		if rev != 0 {
			next, err := k.watchRange(wctx, from, to, rev, func(evs []*clientv3.Event) { gamesChanged(from, evs, fn) })
			rev = next
			if errors.Is(err, rpctypes.ErrCompacted) {
				rev = 0 // the changes since are gone: list again, at once
				continue
			}
		}
		select { // etcd out of reach: try again in a moment
		case <-time.After(watchRetry):
		case <-wctx.Done():
		}
		if wctx.Err() != nil {
			if err := ctx.Err(); err != nil {
				return err
			}
			return fmt.Errorf("%w: the store was closed", ErrClosed)
		}
	}
}

// listOngoing tells fn of every ongoing game and returns the revision it
// read them at.
func (s *Store) listOngoing(ctx context.Context, fn func(*Game, error)) (rev int64, err error) {
	var games []*Game
	var listErr error
	err = s.view(ctx, func(tx kvTx) error {
		games, listErr = listIndexTx(tx, bucketActive, nil, ongoing)
		rev = tx.(*etcdTx).rev
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, g := range games {
		fn(g, nil)
	}
	if listErr != nil {
		fn(nil, listErr)
	}
	return rev, nil
}

// gamesChanged tells fn of the games a watch of the games bucket (whose
// keys start with prefix) reports written; deletions are not told.
func gamesChanged(prefix string, evs []*clientv3.Event, fn func(*Game, error)) {
	for _, ev := range evs {
		if ev.Type != clientv3.EventTypePut {
			continue
		}
		k := ev.Kv.Key[len(prefix):]
		if len(k) != 8 {
			fn(nil, &DecodeError{Key: fmt.Sprintf("%s key %x", bucketGames, k), Err: fmt.Errorf("a game key of %d bytes, want 8", len(k))})
			continue
		}
		fn(decodeGame(keyID(k), ev.Kv.Value))
	}
}
