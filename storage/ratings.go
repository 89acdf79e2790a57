package storage

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	berrors "go.etcd.io/bbolt/errors"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/rating"
)

// Ratings. Every rated game updates a Glicko-2 rating (package rating)
// per subject (a user, or the computer at one level), per scope (the
// server the game was played in, and global) and per pool (standard and
// PP two-player games, and Double TwixT). They are derived data, like
// the tallies: a function of the finished games taken in the order they
// ended (end time, then game ID), kept in step in the same transaction
// as the move that finishes a game, and recomputed from scratch by
// RebuildRatings and by the schema migration.
//
// The buckets:
//
//	ratings       scope, pool, subject -> ratingRecV1
//	idx-rating    scope, pool, provisional?, rating descending, subject -> nil
//	rating-hist   scope, pool, subject, end time, GameID -> historyRecV1
//
// What a game did to the ratings is read back from the histories of its
// players, under its end time and ID.
var (
	bucketRatings     = []byte("ratings")
	bucketRatingIndex = []byte("idx-rating")
	bucketRatingHist  = []byte("rating-hist")

	ratingBuckets = [][]byte{bucketRatings, bucketRatingIndex, bucketRatingHist}
)

// ratingSystem is the Glicko-2 system every rating uses.
var ratingSystem = rating.System{Tau: rating.DefaultTau}

// Subject is who a rating belongs to: a user, or the computer player at
// one level (each level is rated as a player of its own).
type Subject struct {
	User  UserID // the user; empty for the computer
	Level int    // the computer's level, when User is empty
}

// UserSubject is user u as a rated subject.
func UserSubject(u UserID) Subject { return Subject{User: u} }

// ComputerSubject is the computer player at level n as a rated subject.
func ComputerSubject(level int) Subject { return Subject{Level: level} }

// Computer reports whether the subject is the computer player.
func (s Subject) Computer() bool { return s.User == "" }

// String gives the user's ID, or "computer level N".
func (s Subject) String() string {
	if s.Computer() {
		return "computer level " + strconv.Itoa(s.Level)
	}
	return string(s.User)
}

// key is the subject in keys: "u" and the user's ID, or "c" and the level.
func (s Subject) key() string {
	if s.Computer() {
		return "c" + strconv.Itoa(s.Level)
	}
	return "u" + string(s.User)
}

func parseSubjectKey(k string) (Subject, bool) {
	switch {
	case strings.HasPrefix(k, "u") && len(k) > 1:
		return UserSubject(UserID(k[1:])), true
	case strings.HasPrefix(k, "c"):
		n, err := strconv.Atoi(k[1:])
		return ComputerSubject(n), err == nil && n >= 0 && strconv.Itoa(n) == k[1:]
	}
	return Subject{}, false
}

// SubjectOf is who seat s of game g is, for ratings: the computer at the
// game's level in the seats it plays (Meta.Computer), whatever user sits
// there for it, and the seat's user otherwise. It is the one place that
// decides it.
func SubjectOf(g *Game, s game.Seat) Subject {
	if g.Meta.Computer.Has(s) {
		return ComputerSubject(g.Meta.ComputerLevel)
	}
	return UserSubject(g.User(s))
}

// RatingScope is where a rating counts: one server, or every server (Global).
type RatingScope struct {
	Guild GuildID // the server; empty for Global
}

// Global is the scope of every game, direct messages included.
var Global = RatingScope{}

// ServerRatings is the scope of the games played in server g.
func ServerRatings(g GuildID) RatingScope { return RatingScope{Guild: g} }

// String gives "global" or "server 123".
func (s RatingScope) String() string {
	if s.Guild == "" {
		return "global"
	}
	return "server " + string(s.Guild)
}

func (s RatingScope) key() string {
	if s.Guild == "" {
		return "g"
	}
	return "s" + string(s.Guild)
}

// scopes are the scopes a game played at p counts in.
func scopesOf(p Place) []RatingScope {
	if p.Guild == "" {
		return []RatingScope{Global}
	}
	return []RatingScope{Global, ServerRatings(p.Guild)}
}

// Pool is a group of games rated together. Standard, PP and 3M two-player
// games are rated apart, since the rulesets favour different play (PP's
// crossing links change how a position is blocked; 3M lets a player take
// pegs back); Double TwixT, a team game, has a pool of its own whatever
// its ruleset.
type Pool uint8

// The pools.
const (
	PoolStandard Pool = iota
	PoolPP
	PoolDouble
	Pool3M
)

// Pools lists every pool.
var Pools = []Pool{PoolStandard, PoolPP, PoolDouble, Pool3M}

var poolNames = [...]string{"standard", "pp", "double", "3m"}

// String gives "standard", "pp", "double" or "3m".
func (p Pool) String() string {
	if int(p) < len(poolNames) {
		return poolNames[p]
	}
	return "pool(" + strconv.Itoa(int(p)) + ")"
}

// ErrBadPool: a ruleset pool name that is not standard, pp, double or 3m.
var ErrBadPool = errors.New("unknown rating pool")

// ParsePool reads "standard" (or "std"), "pp", "double" or "3m".
func ParsePool(s string) (Pool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "standard", "std", "":
		return PoolStandard, nil
	case "pp":
		return PoolPP, nil
	case "double", "double twixt", "doubletwixt":
		return PoolDouble, nil
	case "3m":
		return Pool3M, nil
	}
	return 0, fmt.Errorf("%w: %q (want standard, pp, double or 3m)", ErrBadPool, s)
}

// PoolOf is the pool of games played with settings st.
func PoolOf(st game.Settings) Pool {
	switch {
	case st.Players == 4:
		return PoolDouble
	case st.Ruleset == game.PP:
		return PoolPP
	case st.Ruleset == game.ThreeM:
		return Pool3M
	}
	return PoolStandard
}

// Standing is a subject's rating in one scope and pool, with the games
// behind it. A subject with no rated game has rating.New() and no games.
type Standing struct {
	Subject Subject
	Scope   RatingScope
	Pool    Pool
	rating.Rating
	Wins, Losses, Draws int
	// Streak is the current run: +n for n wins in a row, -n for n
	// losses; a draw ends a run.
	Streak int
	Last   time.Time // when the last rated game ended
}

// Games is the number of rated games.
func (s Standing) Games() int { return s.Wins + s.Losses + s.Draws }

// RatedResult is one rated game in a subject's history.
type RatedResult struct {
	Game   GameID
	Ended  time.Time
	Score  rating.Score
	Before rating.Rating
	After  rating.Rating
}

// Change is the rating change after the game, e.g. +14.2.
func (r RatedResult) Change() float64 { return r.After.Rating - r.Before.Rating }

// RatingChange is what one game did to one subject's rating.
type RatingChange struct {
	Subject Subject
	Scope   RatingScope
	Pool    Pool
	Score   rating.Score
	Before  rating.Rating
	After   rating.Rating
}

// Change is the rating change, e.g. +14.2.
func (c RatingChange) Change() float64 { return c.After.Rating - c.Before.Rating }

type ratingRecV1 struct {
	R      float64   `json:"r"`
	D      float64   `json:"d"`
	V      float64   `json:"v"`
	W      int       `json:"w,omitempty"`
	L      int       `json:"l,omitempty"`
	Dr     int       `json:"dr,omitempty"`
	Streak int       `json:"streak,omitempty"`
	Last   time.Time `json:"last,omitzero"`
}

type historyRecV1 struct {
	Score float64 `json:"s"`
	R0    float64 `json:"r0"`
	D0    float64 `json:"d0"`
	V0    float64 `json:"v0"`
	R     float64 `json:"r"`
	D     float64 `json:"d"`
	V     float64 `json:"v"`
}

func (r ratingRecV1) rating() rating.Rating {
	return rating.Rating{Rating: r.R, Deviation: r.D, Volatility: r.V}
}

func newRatingRec() ratingRecV1 {
	n := rating.New()
	return ratingRecV1{R: n.Rating, D: n.Deviation, V: n.Volatility}
}

func (h historyRecV1) before() rating.Rating {
	return rating.Rating{Rating: h.R0, Deviation: h.D0, Volatility: h.V0}
}
func (h historyRecV1) after() rating.Rating {
	return rating.Rating{Rating: h.R, Deviation: h.D, Volatility: h.V}
}

// Keys.
func poolPrefix(sc RatingScope, p Pool) []byte { return append(appendStr(nil, sc.key()), byte(p)) }

func ratingKey(sc RatingScope, p Pool, s Subject) []byte {
	return appendStr(poolPrefix(sc, p), s.key())
}

// sortRating maps a rating to 8 bytes that sort from the highest rating
// to the lowest.
func sortRating(r float64) uint64 {
	b := math.Float64bits(r)
	if b>>63 == 0 {
		b |= 1 << 63
	} else {
		b = ^b
	}
	return ^b
}

func indexKey(sc RatingScope, p Pool, s Subject, r rating.Rating) []byte {
	k := poolPrefix(sc, p)
	prov := byte(0)
	if r.Provisional() {
		prov = 1
	}
	k = append(k, prov)
	k = binary.BigEndian.AppendUint64(k, sortRating(r.Rating))
	return append(k, s.key()...)
}

func histKey(sc RatingScope, p Pool, s Subject, ended time.Time, id GameID) []byte {
	return appendID(appendTime(ratingKey(sc, p, s), ended), id)
}

// ratedGame is what rating a game needs from it.
type ratedGame struct {
	id     GameID
	ended  time.Time
	scopes []RatingScope
	pool   Pool
	sides  [2][]Subject // distinct subjects per side
	score  rating.Score // side 0's
}

// rated reports whether game g counts for ratings, and how: finished with
// a result of play (connection, resignation, time, an agreed draw, or the
// rules' draws), not casual, adjudicated only if the moderator said it
// counts, never aborted, and no subject on both sides.
func rated(g *Game) (ratedGame, bool) {
	if g == nil || g.State != Finished || g.Meta.Casual {
		return ratedGame{}, false
	}
	switch g.Result.Reason {
	case game.NotOver, game.Aborted:
		return ratedGame{}, false
	case game.Adjudication:
		if !g.Meta.CountAdjudicated {
			return ratedGame{}, false
		}
	}
	start, err := game.New(g.Settings)
	if err != nil {
		return ratedGame{}, false
	}
	rg := ratedGame{id: g.ID, ended: g.Ended, scopes: scopesOf(g.Place), pool: PoolOf(g.Settings)}
	var side0 []game.Seat
	for i, c := range []game.Color{game.Red, game.Black} {
		seats := start.Seats(c)
		if i == 0 {
			side0 = seats
		}
		for _, s := range seats {
			subj := SubjectOf(g, s)
			if !slices.Contains(rg.sides[i], subj) {
				rg.sides[i] = append(rg.sides[i], subj)
			}
		}
	}
	if len(rg.sides[0]) == 0 || len(rg.sides[1]) == 0 {
		return ratedGame{}, false
	}
	for _, s := range rg.sides[0] {
		if slices.Contains(rg.sides[1], s) && s.User != DeletedUser {
			return ratedGame{}, false
		}
	}
	switch {
	case g.Result.Winner == game.NoColor:
		rg.score = rating.Draw
	case g.Winners.Has(side0[0]):
		rg.score = rating.Win
	default:
		rg.score = rating.Loss
	}
	return rg, true
}

// rateOnFinish rates game g if this change finished it: the one moment a
// game's result enters the ratings, in the transaction that records it.
// Later changes to a finished game (a forgotten player's name) leave the
// ratings as they are.
func rateOnFinish(tx kvTx, old, g *Game) error {
	if old != nil && old.State == Finished {
		return nil
	}
	rg, ok := rated(g)
	if !ok {
		return nil
	}
	return applyRated(tx, rg)
}

// applyRated rates one game in every scope it counts in and records the
// changes in the players' histories. A forgotten player is rated as new
// in every game and never stored.
func applyRated(tx kvTx, rg ratedGame) error {
	recs := tx.Bucket(bucketRatings)
	idx := tx.Bucket(bucketRatingIndex)
	hist := tx.Bucket(bucketRatingHist)
	for _, sc := range rg.scopes {
		var cur [2][]ratingRecV1
		var before [2][]rating.Rating
		for i, side := range rg.sides {
			for _, subj := range side {
				r := newRatingRec()
				if subj.User != DeletedUser {
					if v := recs.Get(ratingKey(sc, rg.pool, subj)); v != nil {
						if err := decodeRecord(kindRating, "rating "+subj.String(), v, &r); err != nil {
							return err
						}
					}
				}
				cur[i] = append(cur[i], r)
				before[i] = append(before[i], r.rating())
			}
		}
		a, b := ratingSystem.Game(before[0], before[1], rg.score)
		after := [2][]rating.Rating{a, b}
		for i, side := range rg.sides {
			score := rg.score
			if i == 1 {
				score = 1 - rg.score
			}
			for j, subj := range side {
				if subj.User == DeletedUser {
					continue
				}
				r, nr := cur[i][j], after[i][j]
				if err := idx.Delete(indexKey(sc, rg.pool, subj, r.rating())); err != nil {
					return err
				}
				r.R, r.D, r.V = nr.Rating, nr.Deviation, nr.Volatility
				switch score {
				case rating.Win:
					r.W++
					r.Streak = max(r.Streak, 0) + 1
				case rating.Loss:
					r.L++
					r.Streak = min(r.Streak, 0) - 1
				default:
					r.Dr++
					r.Streak = 0
				}
				r.Last = rg.ended
				if err := recs.Put(ratingKey(sc, rg.pool, subj), encodeJSON(kindRating, &r)); err != nil {
					return err
				}
				if err := idx.Put(indexKey(sc, rg.pool, subj, nr), nil); err != nil {
					return err
				}
				b, a := before[i][j], nr
				h := historyRecV1{Score: float64(score), R0: b.Rating, D0: b.Deviation, V0: b.Volatility, R: a.Rating, D: a.Deviation, V: a.Volatility}
				if err := hist.Put(histKey(sc, rg.pool, subj, rg.ended, rg.id), encodeJSON(kindRated, &h)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// rebuildRatings empties the rating buckets and rates every finished game
// again, in the order they ended.
func rebuildRatings(tx kvTx) (games int, err error) {
	for _, name := range ratingBuckets {
		if err := tx.DeleteBucket(name); err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
			return 0, err
		}
		if _, err := tx.CreateBucket(name); err != nil {
			return 0, err
		}
	}
	var all []ratedGame
	err = tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		g, err := decodeGame(keyID(k), v)
		if err != nil {
			return err
		}
		if rg, ok := rated(g); ok {
			all = append(all, rg)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	slices.SortFunc(all, func(a, b ratedGame) int {
		if c := a.ended.Compare(b.ended); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	for _, rg := range all {
		if err := applyRated(tx, rg); err != nil {
			return 0, err
		}
	}
	return len(all), nil
}

// forgetRatings removes a forgotten user's ratings, index entries and
// history in every scope and pool.
func forgetRatings(tx kvTx, u UserID) error {
	subj := UserSubject(u).key()
	recs := tx.Bucket(bucketRatings)
	var keys, idxKeys [][]byte
	err := recs.ForEach(func(k, v []byte) error {
		sc, p, s, ok := splitRatingKey(k)
		if !ok || s.key() != subj {
			return nil
		}
		var r ratingRecV1
		if err := decodeRecord(kindRating, "rating "+s.String(), v, &r); err != nil {
			return err
		}
		keys = append(keys, slices.Clone(k))
		idxKeys = append(idxKeys, indexKey(sc, p, s, r.rating()))
		return nil
	})
	if err != nil {
		return err
	}
	for i, k := range keys {
		if err := recs.Delete(k); err != nil {
			return err
		}
		if err := tx.Bucket(bucketRatingIndex).Delete(idxKeys[i]); err != nil {
			return err
		}
		c := tx.Bucket(bucketRatingHist).Cursor()
		for hk, _ := c.Seek(k); hk != nil && hasPrefix(hk, k); hk, _ = c.Seek(k) {
			if err := c.Delete(); err != nil {
				return err
			}
		}
	}
	return nil
}

// splitRatingKey reads a ratings key back.
func splitRatingKey(k []byte) (RatingScope, Pool, Subject, bool) {
	sk, rest, ok := readStr(k)
	if !ok || len(rest) < 1 {
		return RatingScope{}, 0, Subject{}, false
	}
	p := Pool(rest[0])
	subj, rest, ok := readStr(rest[1:])
	if !ok {
		return RatingScope{}, 0, Subject{}, false
	}
	s, ok := parseSubjectKey(subj)
	sc, ok2 := parseScopeKey(sk)
	// Only the key ratingKey writes: one spelling of each.
	ok = ok && ok2 && len(rest) == 0 && int(p) < len(poolNames) && string(ratingKey(sc, p, s)) == string(k)
	return sc, p, s, ok
}

func parseScopeKey(k string) (RatingScope, bool) {
	switch {
	case k == "g":
		return Global, true
	case strings.HasPrefix(k, "s") && len(k) > 1:
		return ServerRatings(GuildID(k[1:])), true
	}
	return RatingScope{}, false
}

// readStr reads a string appendStr wrote, and returns the rest.
func readStr(b []byte) (string, []byte, bool) {
	n, w := binary.Uvarint(b)
	if w <= 0 || uint64(len(b)-w) < n {
		return "", nil, false
	}
	return string(b[w : w+int(n)]), b[w+int(n):], true
}

// Standing returns subject s's rating in a scope and pool.
func (s *Store) Standing(ctx context.Context, sc RatingScope, p Pool, subj Subject) (Standing, error) {
	var st Standing
	err := s.view(ctx, func(tx kvTx) error {
		var err error
		st, err = getStanding(tx, sc, p, subj)
		return err
	})
	return st, err
}

func getStanding(tx kvTx, sc RatingScope, p Pool, subj Subject) (Standing, error) {
	r := newRatingRec()
	if v := tx.Bucket(bucketRatings).Get(ratingKey(sc, p, subj)); v != nil {
		if err := decodeRecord(kindRating, "rating "+subj.String(), v, &r); err != nil {
			return Standing{}, err
		}
	}
	return Standing{Subject: subj, Scope: sc, Pool: p, Rating: r.rating(), Wins: r.W, Losses: r.L, Draws: r.Dr, Streak: r.Streak, Last: r.Last}, nil
}

// History returns subject s's last n rated games in a scope and pool,
// the newest first.
func (s *Store) History(ctx context.Context, sc RatingScope, p Pool, subj Subject, n int) ([]RatedResult, error) {
	var out []RatedResult
	err := s.view(ctx, func(tx kvTx) error {
		out = nil
		prefix := ratingKey(sc, p, subj)
		c := tx.Bucket(bucketRatingHist).Cursor()
		k, _ := c.Seek(append(slices.Clone(prefix), 0xff))
		var v []byte
		if k == nil {
			k, v = c.Last()
		} else {
			k, v = c.Prev()
		}
		for ; k != nil && hasPrefix(k, prefix) && len(out) < n; k, v = c.Prev() {
			if len(k) != len(prefix)+16 {
				continue
			}
			var h historyRecV1
			if err := decodeRecord(kindRated, "rating history "+subj.String(), v, &h); err != nil {
				return err
			}
			out = append(out, RatedResult{Game: keyID(k), Ended: keyTime(k[len(prefix):]), Score: rating.Score(h.Score), Before: h.before(), After: h.after()})
		}
		return nil
	})
	return out, err
}

// RatingChanges returns what game id did to the ratings: nothing for a
// game that did not count (or has not ended).
func (s *Store) RatingChanges(ctx context.Context, id GameID) ([]RatingChange, error) {
	var out []RatingChange
	err := s.view(ctx, func(tx kvTx) error {
		out = nil
		g, err := getGame(tx, id)
		if err != nil {
			return err
		}
		rg, ok := rated(g)
		if !ok {
			return nil
		}
		hist := tx.Bucket(bucketRatingHist)
		for _, sc := range rg.scopes {
			for _, side := range rg.sides {
				for _, subj := range side {
					v := hist.Get(histKey(sc, rg.pool, subj, rg.ended, rg.id))
					if v == nil {
						continue // a forgotten player's
					}
					var h historyRecV1
					if err := decodeRecord(kindRated, "rating history "+subj.String(), v, &h); err != nil {
						return err
					}
					out = append(out, RatingChange{Subject: subj, Scope: sc, Pool: rg.pool, Score: rating.Score(h.Score), Before: h.before(), After: h.after()})
				}
			}
		}
		return nil
	})
	return out, err
}

// Leaderboard returns up to limit standings of a scope and pool from
// position offset on, read from the index sorted by rating: the
// established ratings first, highest first, then the provisional ones.
// more says whether there are standings after these. It reads only the
// entries it skips and returns, never the whole pool.
func (s *Store) Leaderboard(ctx context.Context, sc RatingScope, p Pool, offset, limit int) (list []Standing, more bool, err error) {
	if offset < 0 || limit < 0 {
		return nil, false, fmt.Errorf("storage: leaderboard offset %d and limit %d must not be negative", offset, limit)
	}
	err = s.view(ctx, func(tx kvTx) error {
		list, more = nil, false
		prefix := poolPrefix(sc, p)
		c := tx.Bucket(bucketRatingIndex).Cursor()
		k, _ := c.Seek(prefix)
		for i := 0; i < offset && k != nil && hasPrefix(k, prefix); i++ {
			k, _ = c.Next()
		}
		for ; k != nil && hasPrefix(k, prefix); k, _ = c.Next() {
			if len(list) == limit {
				more = true
				break
			}
			rest := k[len(prefix):]
			if len(rest) < 10 {
				return &DecodeError{Key: fmt.Sprintf("rating index %x", k), Err: errors.New("too short")}
			}
			subj, ok := parseSubjectKey(string(rest[9:]))
			if !ok {
				return &DecodeError{Key: fmt.Sprintf("rating index %x", k), Err: errors.New("no subject")}
			}
			st, err := getStanding(tx, sc, p, subj)
			if err != nil {
				return err
			}
			list = append(list, st)
		}
		return nil
	})
	return list, more, err
}

// RatingsRebuilt is what RebuildRatings did.
type RatingsRebuilt struct {
	Games    int // the rated games replayed
	Ratings  int // the ratings they give
	Changed  int // ratings that differ from the ones stored before
	Appeared int // ratings that were not stored before
	Vanished int // stored ratings that no game gives any more
}

// RebuildRatings recomputes every rating from the stored games, in one
// transaction, replaying the rated results in the order they ended, and
// reports how the result compares with the ratings it replaces: with
// every change made through the store, nothing differs.
func (s *Store) RebuildRatings(ctx context.Context) (RatingsRebuilt, error) {
	var out RatingsRebuilt
	err := s.write(ctx, func(tx kvTx) (func() error, error) {
		return func() error {
			out = RatingsRebuilt{}
			before := map[string]string{}
			err := tx.Bucket(bucketRatings).ForEach(func(k, v []byte) error {
				before[string(k)] = string(v)
				return nil
			})
			if err != nil {
				return err
			}
			if out.Games, err = rebuildRatings(tx); err != nil {
				return err
			}
			return tx.Bucket(bucketRatings).ForEach(func(k, v []byte) error {
				out.Ratings++
				old, ok := before[string(k)]
				switch {
				case !ok:
					out.Appeared++
				case old != string(v):
					out.Changed++
				}
				delete(before, string(k))
				out.Vanished = len(before)
				return nil
			})
		}, nil
	})
	return out, err
}

// checkRatings reads every rating record (in the caller's goroutine, where
// a damaged page becomes an error) and checks that the index by rating
// holds exactly one entry per rating, where its rating puts it.
func checkRatings(tx kvTx, add func(error)) {
	want := map[string]bool{}
	tx.Bucket(bucketRatings).ForEach(func(k, v []byte) error {
		sc, p, subj, ok := splitRatingKey(k)
		if !ok {
			add(&DecodeError{Key: fmt.Sprintf("rating key %x", k), Err: errors.New("does not name a scope, pool and subject")})
			return nil
		}
		var r ratingRecV1
		if err := decodeRecord(kindRating, "rating "+subj.String(), v, &r); err != nil {
			add(err)
			return nil
		}
		want[string(indexKey(sc, p, subj, r.rating()))] = true
		return nil
	})
	tx.Bucket(bucketRatingIndex).ForEach(func(k, _ []byte) error {
		if !want[string(k)] {
			add(&DecodeError{Key: fmt.Sprintf("rating index %x", k), Err: errors.New("no rating puts an entry there")})
		}
		delete(want, string(k))
		return nil
	})
	for k := range want {
		add(&DecodeError{Key: fmt.Sprintf("rating index %x", k), Err: errors.New("missing")})
	}
	tx.Bucket(bucketRatingHist).ForEach(func(k, v []byte) error {
		var h historyRecV1
		if err := decodeRecord(kindRated, fmt.Sprintf("rating history %x", k), v, &h); err != nil {
			add(err)
		}
		return nil
	})
}
