package storage

import (
	"bytes"
	"encoding/binary"
	"slices"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// The buckets. The primary ones hold what cannot be recomputed; the
// derived ones (indexes and player tallies) are a function of the games
// and are kept in step with them in the same transaction as every change.
// rebuildDerived recomputes them from scratch, which is what a migration
// does when a derived layout changes.
var (
	bucketMeta     = []byte("meta")     // schema version
	bucketGames    = []byte("games")    // GameID -> game record; its sequence numbers the games
	bucketSettings = []byte("settings") // scope -> server settings
	bucketChanges  = []byte("settings-log")

	bucketActive    = []byte("idx-active")   // GameID, for every ongoing game
	bucketByChannel = []byte("idx-channel")  // channel or thread, GameID: ongoing games
	bucketByUser    = []byte("idx-user")     // user, GameID: ongoing games
	bucketFinished  = []byte("idx-finished") // guild, end time, GameID: finished games
	bucketDue       = []byte("idx-due")      // due time, GameID: ongoing games with a time set
	bucketPlayers   = []byte("players")      // user -> tallies

	primaryBuckets = [][]byte{bucketMeta, bucketGames, bucketSettings, bucketChanges}
	indexBuckets   = [][]byte{bucketActive, bucketByChannel, bucketByUser, bucketFinished, bucketDue}
)

const nIndexes = 5

// idKey is a game's key: its ID, big-endian, so keys sort by ID.
func idKey(id GameID) []byte { return binary.BigEndian.AppendUint64(nil, uint64(id)) }

func appendID(b []byte, id GameID) []byte { return binary.BigEndian.AppendUint64(b, uint64(id)) }

// keyID reads the game ID at the end of an index key.
func keyID(k []byte) GameID {
	if len(k) < 8 {
		return 0
	}
	return GameID(binary.BigEndian.Uint64(k[len(k)-8:]))
}

// appendStr appends a length-prefixed string, so that one ID is never a
// prefix of another's key.
func appendStr(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendTime appends t in nanoseconds with the sign bit flipped, so that
// keys sort by time.
func appendTime(b []byte, t time.Time) []byte {
	return binary.BigEndian.AppendUint64(b, uint64(t.UnixNano())^(1<<63))
}

func keyTime(k []byte) time.Time {
	return time.Unix(0, int64(binary.BigEndian.Uint64(k)^(1<<63))).UTC()
}

// indexKeys returns the keys game g has in each index (none for nil).
func indexKeys(g *Game) (ks [nIndexes][]string) {
	if g == nil {
		return
	}
	if g.State.Ongoing() {
		ks[0] = append(ks[0], string(idKey(g.ID)))
		chans := []ChannelID{g.Place.Channel}
		if g.Place.Thread != "" && g.Place.Thread != g.Place.Channel {
			chans = append(chans, g.Place.Thread)
		}
		for _, c := range chans {
			ks[1] = append(ks[1], string(appendID(appendStr(nil, string(c)), g.ID)))
		}
		for _, u := range g.Users() {
			ks[2] = append(ks[2], string(appendID(appendStr(nil, string(u)), g.ID)))
		}
		if due := g.Due(); !due.IsZero() {
			ks[4] = append(ks[4], string(appendID(appendTime(nil, due), g.ID)))
		}
	}
	if g.State == Finished {
		ks[3] = append(ks[3], string(appendID(appendTime(appendStr(nil, string(g.Place.Guild)), g.Ended), g.ID)))
	}
	return
}

// The kinds of tally a finished game adds to a player's record.
const (
	tallyWin = iota
	tallyLoss
	tallyDraw
	tallyAborted
)

type tally struct {
	user UserID
	kind int
}

// tallies returns what a game adds to its players' records: one entry per
// user and kind (a user in two seats of one team counts once).
func tallies(g *Game) []tally {
	if g == nil || g.State != Finished {
		return nil
	}
	var out []tally
	for i, u := range g.Seats {
		kind := tallyLoss
		switch {
		case g.Result.Reason == game.Aborted:
			kind = tallyAborted
		case g.Result.Winner == game.NoColor:
			kind = tallyDraw
		case g.Winners.Has(game.Seat(i + 1)):
			kind = tallyWin
		}
		t := tally{u, kind}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// updateDerived brings the indexes and player records from game old's
// entries to game g's (either may be nil: a new or a deleted game).
func updateDerived(tx kvTx, old, g *Game) error {
	before, after := indexKeys(old), indexKeys(g)
	for i, name := range indexBuckets {
		b := tx.Bucket(name)
		for _, k := range before[i] {
			if !slices.Contains(after[i], k) {
				if err := b.Delete([]byte(k)); err != nil {
					return err
				}
			}
		}
		for _, k := range after[i] {
			if !slices.Contains(before[i], k) {
				if err := b.Put([]byte(k), nil); err != nil {
					return err
				}
			}
		}
	}
	delta := map[tally]int{}
	for _, t := range tallies(old) {
		delta[t]--
	}
	for _, t := range tallies(g) {
		delta[t]++
	}
	for t, d := range delta {
		if d == 0 {
			continue
		}
		if err := addTally(tx, t, d); err != nil {
			return err
		}
	}
	return nil
}

// addTally adds d to one count of a player's record.
func addTally(tx kvTx, t tally, d int) error {
	b := tx.Bucket(bucketPlayers)
	key := []byte(t.user)
	var r playerRecV1
	if v := b.Get(key); v != nil {
		if err := decodeRecord(kindPlayer, "player "+string(t.user), v, &r); err != nil {
			return err
		}
	}
	r.User = string(t.user)
	switch t.kind {
	case tallyWin:
		r.Wins += d
	case tallyLoss:
		r.Losses += d
	case tallyDraw:
		r.Draws += d
	case tallyAborted:
		r.Aborted += d
	}
	if r == (playerRecV1{User: r.User}) {
		return b.Delete(key)
	}
	return b.Put(key, encodeJSON(kindPlayer, &r))
}

// hasPrefix is bytes.HasPrefix, named for the cursor loops.
func hasPrefix(k, prefix []byte) bool { return bytes.HasPrefix(k, prefix) }
