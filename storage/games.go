package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/twixtbot/twixtbot/game"
)

// checkRecord reports what is wrong with a game record's fields, taken on
// their own; whether its log is legal is for the rules engine.
func checkRecord(g *Game) error {
	players := g.Settings.Players
	if len(g.Seats) != players {
		return fmt.Errorf("%d seats for a %d-player game", len(g.Seats), players)
	}
	for i, u := range g.Seats {
		if err := checkID(fmt.Sprintf("seat %d user", i+1), string(u), false); err != nil {
			return err
		}
	}
	if err := checkID("channel", string(g.Place.Channel), false); err != nil {
		return err
	}
	if err := checkID("guild", string(g.Place.Guild), true); err != nil {
		return err
	}
	if err := checkID("thread", string(g.Place.Thread), true); err != nil {
		return err
	}
	if int(g.State) >= len(stateNames) {
		return fmt.Errorf("unknown state %d", g.State)
	}
	if (g.State == Finished) != g.Result.Over() {
		return fmt.Errorf("the game is %s with result %q: a finished game has a result, and only a finished game", g.State, g.Result)
	}
	all := SeatSet(0)
	for s := game.Seat(1); int(s) <= players; s++ {
		all = all.With(s)
	}
	if g.Winners&^all != 0 || g.State != Finished && g.Winners != 0 {
		return fmt.Errorf("winners %s in a %s %d-player game", g.Winners, g.State, players)
	}
	if (g.State == Proposed || g.State == Cancelled) && len(g.Log) > 0 {
		return fmt.Errorf("a %s game has no moves, and this one has %d", g.State, len(g.Log))
	}
	if g.Meta.Accepted&^all != 0 {
		return fmt.Errorf("accepted seats %s in a %d-player game", g.Meta.Accepted, players)
	}
	if g.Meta.Computer&^all != 0 || (g.Meta.Computer == 0) != (g.Meta.ComputerLevel == 0) || g.Meta.ComputerLevel < 0 || g.Meta.ComputerLevel > maxComputerLevel {
		return fmt.Errorf("computer seats %s at level %d in a %d-player game", g.Meta.Computer, g.Meta.ComputerLevel, players)
	}
	if err := checkTakebacks(g); err != nil {
		return err
	}
	if g.Meta.DrawOffer < 0 || int(g.Meta.DrawOffer) > players {
		return fmt.Errorf("a draw offer from %s in a %d-player game", g.Meta.DrawOffer, players)
	}
	if g.Meta.Proposer < 0 || int(g.Meta.Proposer) > players {
		return fmt.Errorf("proposed by %s in a %d-player game", g.Meta.Proposer, players)
	}
	if len(g.Meta.Names) > len(g.Seats) {
		return fmt.Errorf("%d names for %d seats", len(g.Meta.Names), len(g.Seats))
	}
	for _, n := range g.Meta.Names {
		if len(n) > maxNameLen || !utf8.ValidString(n) || strings.ContainsFunc(n, unicode.IsControl) {
			return fmt.Errorf("player name %q is longer than %d bytes or is not clean text", n, maxNameLen)
		}
	}
	if len(g.Meta.Theme) > maxThemeLen || strings.ContainsFunc(g.Meta.Theme, unicode.IsControl) {
		return fmt.Errorf("theme name %q is longer than %d bytes or has control characters", g.Meta.Theme, maxThemeLen)
	}
	for _, id := range []MessageID{g.Meta.ChallengeMessage, g.Meta.BoardMessage} {
		if err := checkID("message", string(id), true); err != nil {
			return err
		}
	}
	if g.Clock.PerTurn < 0 {
		return fmt.Errorf("negative time per turn %s", g.Clock.PerTurn)
	}
	if g.Created.IsZero() {
		return errors.New("no creation time")
	}
	for _, t := range []time.Time{g.Created, g.Updated, g.Started, g.Ended, g.Clock.TurnStart, g.Clock.Deadline, g.Clock.Wake, g.Meta.Expires} {
		if !t.IsZero() && (t.Before(minTime) || t.After(maxTime)) {
			return fmt.Errorf("time %s is out of range (%d to %d)", t, minTime.Year(), maxTime.Year()-1)
		}
	}
	return nil
}

// The range of the times a record may hold; the indexes store them in
// nanoseconds since 1970, which reach to 2262.
var (
	minTime = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	maxTime = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)
)

// settle marks g finished if the position is over.
func settle(g *Game, pos *game.Game, now time.Time) {
	if !pos.Over() || g.State == Finished {
		return
	}
	g.State = Finished
	g.Result = pos.Result()
	g.Ended = now
	g.Winners = 0
	if w := g.Result.Winner; w != game.NoColor {
		for _, s := range pos.Seats(w) {
			g.Winners = g.Winners.With(s)
		}
	}
}

// position replays g's log and checks that the result agrees with the
// record. Its errors are *DecodeError: a stored log that does not replay
// is damaged data.
func position(g *Game) (*game.Game, error) {
	pos, err := g.Replay()
	if err != nil {
		return nil, err
	}
	return pos, agrees(g, pos)
}

// agrees checks that the position's result is the record's.
func agrees(g *Game, pos *game.Game) error {
	if pos.Over() != (g.State == Finished) || pos.Over() && pos.Result() != g.Result {
		return &DecodeError{Game: g.ID, Err: fmt.Errorf("the record says %s (%s), but its log gives %s", g.State, g.Result, pos.Result())}
	}
	return nil
}

// position is the position after g's log, as position gives it, taken
// from the positions kept when there (see positions), replayed and kept
// otherwise. The caller owns it.
func (s *Store) position(g *Game) (*game.Game, error) {
	if pos := s.positions.get(g); pos != nil {
		if err := agrees(g, pos); err != nil {
			return nil, err
		}
		return pos, nil
	}
	pos, err := position(g)
	if err != nil {
		return nil, err
	}
	s.positions.put(g, pos)
	return pos, nil
}

func notFound(id GameID) error { return fmt.Errorf("%w: %s", ErrNotFound, id) }

// getGame reads and decodes a game inside a transaction.
func getGame(tx kvTx, id GameID) (*Game, error) {
	v := tx.Bucket(bucketGames).Get(idKey(id))
	if v == nil {
		return nil, notFound(id)
	}
	return decodeGame(id, v)
}

// putGame writes game g, which was old (nil for a new game), and keeps the
// derived buckets in step.
func putGame(tx kvTx, old, g *Game) error {
	canonical(g)
	if err := tx.Bucket(bucketGames).Put(idKey(g.ID), encodeGame(g)); err != nil {
		return err
	}
	if err := updateDerived(tx, old, g); err != nil {
		return err
	}
	return rateOnFinish(tx, old, g)
}

// Create stores a new game and returns it with its ID and timestamps. The
// store gives the ID (from the bucket's sequence) and sets Created,
// Updated, Started (for a game created Active), Ended, Result and
// Winners; State must be Proposed (the zero value) or Active. A log may be
// given, e.g. for an imported game: it is replayed, and a log that ends the
// game makes it Finished. Settings are stored with their defaults filled
// in.
func (s *Store) Create(ctx context.Context, g *Game) (*Game, error) {
	ng, err := s.newRecord(g)
	if err != nil {
		return nil, err
	}
	err = s.write(ctx, func(tx kvTx) (func() error, error) {
		return func() error { return insertGame(tx, ng) }, nil
	})
	if err != nil {
		return nil, err
	}
	return ng, nil
}

// newRecord checks a game to be created and fills in what the store sets.
func (s *Store) newRecord(g *Game) (*Game, error) {
	if g == nil {
		return nil, recordErr(0, nil, "no game given")
	}
	ng := g.Clone()
	if ng.ID != 0 {
		return nil, recordErr(0, nil, "a new game gets its ID from the store; leave ID zero")
	}
	if ng.State != Proposed && ng.State != Active {
		return nil, recordErr(0, nil, "a new game is proposed or active, not %s (a game finishes by its moves)", ng.State)
	}
	if ng.State == Proposed && len(ng.Log) > 0 {
		return nil, recordErr(0, nil, "a proposed game has no moves yet; create it Active to store a log")
	}
	pos, err := game.Replay(ng.Settings, ng.Log)
	if err != nil {
		return nil, recordErr(0, err, "the settings and log are not playable")
	}
	ng.Settings, ng.Log = pos.Settings(), pos.Log()
	now := s.clock()
	ng.Created, ng.Updated, ng.Started, ng.Ended = now, now, time.Time{}, time.Time{}
	ng.Result, ng.Winners = game.Result{}, 0
	if ng.State == Active {
		ng.Started = now
	}
	settle(ng, pos, now)
	if err := checkRecord(ng); err != nil {
		return nil, recordErr(0, err, "cannot store it")
	}
	return ng, nil
}

// insertGame gives a new game its ID and writes it.
func insertGame(tx kvTx, ng *Game) error {
	seq, err := tx.Bucket(bucketGames).NextSequence()
	if err != nil {
		return err
	}
	ng.ID = GameID(seq)
	return putGame(tx, nil, ng)
}

// Get returns a game's record without replaying its log: what listings
// give. Use Load for the position.
func (s *Store) Get(ctx context.Context, id GameID) (*Game, error) {
	var g *Game
	err := s.view(ctx, func(tx kvTx) error {
		var err error
		g, err = getGame(tx, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Load returns a game's record and its position, rebuilt by replaying the
// log (outside the transaction), or copied from the position kept since
// the game's last move. The caller owns the position. A record that does
// not decode, or whose log does not replay to its stored result, gives a
// *DecodeError naming the game.
func (s *Store) Load(ctx context.Context, id GameID) (*Game, *game.Game, error) {
	g, err := s.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	pos, err := s.position(g)
	if err != nil {
		return nil, nil, err
	}
	return g, pos, nil
}

// Position returns the position after the log of g, a record read earlier
// (by Get or a listing), as Load would give it with g: so a caller that
// has the record does not read it again. The caller owns the position. A
// log that does not replay to its stored result gives a *DecodeError
// naming the game.
func (s *Store) Position(g *Game) (*game.Game, error) {
	return s.position(g)
}

// Update changes a game in one transaction: fn gets the current record
// and changes it in place; if fn returns an error, nothing changes and
// Update returns that error. It returns the record as committed.
//
// fn runs inside the write transaction, which blocks every other change
// until it returns: it must be quick and pure (no network or disk I/O, no
// waiting, no calls to the Store), and it may be called again if the
// transaction is retried.
//
// What fn may change: Place, Clock and Meta at any time; Settings while
// the game is Proposed; Seats while it is Proposed or Active (a substitute
// takes a seat; the number of seats stays); State from Proposed to Active (the
// store sets Started) or to Cancelled (the store sets Ended). The log
// changes only through AppendMove, and a game finishes only by a move
// (resign, draw, or a Conclude for a timeout, adjudication or abort). ID,
// the timestamps, Result and Winners are the store's. A change that breaks
// these rules gives a *RecordError and changes nothing.
func (s *Store) Update(ctx context.Context, id GameID, fn func(*Game) error) (*Game, error) {
	var out *Game
	err := s.write(ctx, func(tx kvTx) (func() error, error) {
		out = nil
		old, err := getGame(tx, id)
		if err != nil {
			return nil, err
		}
		ng := old.Clone()
		if err := callUser(func() error { return fn(ng) }); err != nil {
			return nil, err
		}
		now := s.clock()
		if err := checkChange(old, ng, now); err != nil {
			return nil, err
		}
		if old.State == Finished && (ng.Meta.Casual != old.Meta.Casual || ng.Meta.CountAdjudicated != old.Meta.CountAdjudicated) {
			return nil, recordErr(id, nil, "whether a game is rated is settled when it ends: it cannot change afterwards (rebuild the ratings after correcting the data instead)")
		}
		ng.Updated = now
		out = ng
		return func() error { return putGame(tx, old, ng) }, nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// checkChange checks a caller's change from old to g, and sets the
// timestamps a change of state implies.
func checkChange(old, g *Game, now time.Time) error {
	bad := func(format string, args ...any) error { return recordErr(old.ID, nil, format, args...) }
	switch {
	case g.ID != old.ID:
		return bad("the ID cannot change")
	case !g.Created.Equal(old.Created), !g.Updated.Equal(old.Updated), !g.Started.Equal(old.Started), !g.Ended.Equal(old.Ended):
		return bad("the timestamps are set by the store")
	case g.Result != old.Result || g.Winners != old.Winners:
		return bad("the result is set by the moves: play a resign, draw or conclude move with AppendMove")
	case !bytes.Equal(game.MarshalLog(g.Log), game.MarshalLog(old.Log)):
		return bad("the log changes only through AppendMove")
	case !sameTakebacks(g.Meta.Takebacks, old.Meta.Takebacks):
		return bad("takebacks are recorded only by TakeBack")
	}
	if g.Settings != old.Settings {
		if old.State != Proposed {
			return bad("the settings cannot change once the game has started")
		}
		pos, err := game.New(g.Settings)
		if err != nil {
			return recordErr(old.ID, err, "the new settings are not playable")
		}
		g.Settings = pos.Settings()
	}
	if !slices.Equal(g.Seats, old.Seats) {
		switch {
		case old.State != Proposed && old.State != Active:
			return bad("the players cannot change once the game is over")
		case old.State == Active && len(g.Seats) != len(old.Seats):
			return bad("a running game keeps its number of seats; substitute a player instead")
		}
	}
	if g.State != old.State {
		switch {
		case old.State == Proposed && g.State == Active:
			g.Started = now
		case old.State == Proposed && g.State == Cancelled:
			g.Ended = now
		default:
			return bad("a game cannot go from %s to %s: a proposed game becomes active or cancelled, and an active game finishes by a move (resign, draw, or conclude for a timeout, adjudication or abort)", old.State, g.State)
		}
	}
	if err := checkRecord(g); err != nil {
		return recordErr(old.ID, err, "cannot store it")
	}
	return nil
}

// AnyLen tells AppendMove not to compare the log's length, for actions
// that do not depend on the position: a resignation, a conclusion.
const AnyLen = -1

// AnyTakebacks in a LogMark compares the log's length only, as
// AppendMove does.
const AnyTakebacks = -1

// LogMark marks the position a change to a game's log was decided on:
// the length of the log and the number of takebacks agreed before it. A
// log only grows, except by a takeback, which Meta.Takebacks counts for
// good, so two records of a game with the same mark have the same log;
// the length alone does not tell them apart once a takeback and a new
// move have brought the log back to a length it had. Len AnyLen compares
// nothing; Takebacks AnyTakebacks compares the length only.
type LogMark struct {
	Len       int
	Takebacks int
}

// LogMark is the mark of g's log: the one to pass to AppendMoves and
// TakeBack for a change decided on g.
func (g *Game) LogMark() LogMark {
	return LogMark{Len: len(g.Log), Takebacks: len(g.Meta.Takebacks)}
}

// String returns "12 entries after 1 takeback", or "any" for AnyLen.
func (m LogMark) String() string {
	if m.Len == AnyLen {
		return "any"
	}
	s := strconv.Itoa(m.Len) + " entries"
	if m.Takebacks != AnyTakebacks {
		s += " after " + strconv.Itoa(m.Takebacks) + " takeback"
		if m.Takebacks != 1 {
			s += "s"
		}
	}
	return s
}

// Matches reports whether g's log has mark m.
func (m LogMark) Matches(g *Game) bool {
	return m.Len == AnyLen || (m.Len == len(g.Log) && (m.Takebacks == AnyTakebacks || m.Takebacks == len(g.Meta.Takebacks)))
}

// Moved is what AppendMove returns.
type Moved struct {
	Game    *Game        // the record as committed
	Pos     *game.Game   // the position after the move
	Outcome game.Outcome // what the move did (the last one, for AppendMoves)
	// Outcomes has one entry per move, for AppendMoves.
	Outcomes []game.Outcome
}

// SeatMove is one move of AppendMoves and the seat that makes it.
type SeatMove struct {
	Seat game.Seat
	Move game.Move
}

// AppendMove plays move m for seat (see game.Game.Play) in one
// transaction, and commits it only if the game still has expectLen log
// entries: the length of the log of the record the caller checked the move
// against (len(g.Log)), or AnyLen. A caller that must not play on a log
// that a takeback and a new move brought back to that length uses
// AppendMoves with the record's LogMark instead. It reloads the record,
// replays its log, plays the move through the rules engine (so no illegal
// move is ever stored), appends it, marks the game finished if the move
// ends it (moving it to the finished index and counting it in the players'
// records), calls update, and commits with fsync. The move is acknowledged
// (a nil error) only after the commit.
//
// Errors: a *StateError (ErrWrongState) if the game is not Active; a
// *ConflictError (ErrConflict) if another move landed first, and the
// caller should load the game again and retry; the rules engine's error,
// unchanged, if the move is illegal; ErrNotFound; a *DecodeError if the
// stored game is damaged; or update's error. On any error nothing changes.
//
// update, if not nil, may change the record after the move: Place, Clock
// and Meta (reset the turn's deadline, clear a draw offer, ...), under the
// rules of Update. Like Update's fn it runs inside the write transaction:
// it must be quick and pure, with no network or disk I/O.
//
// A resignation with no colour is recorded with the resigning seat's
// colour, so that the log replays to the same result whoever resigned.
func (s *Store) AppendMove(ctx context.Context, id GameID, expectLen int, seat game.Seat, m game.Move, update func(*Game, game.Outcome) error) (Moved, error) {
	return s.AppendMoves(ctx, id, LogMark{Len: expectLen, Takebacks: AnyTakebacks}, []SeatMove{{seat, m}}, update)
}

// getActive reads game id for a change of its log: it must be Active
// (else a *StateError naming op) and its log must still have mark at
// (else a *ConflictError).
func getActive(tx kvTx, id GameID, at LogMark, op string) (*Game, error) {
	g, err := getGame(tx, id)
	if err != nil {
		return nil, err
	}
	if g.State != Active {
		return nil, &StateError{Game: id, State: g.State, Op: op}
	}
	if !at.Matches(g) {
		return nil, &ConflictError{Game: id, Expected: at, Actual: g.LogMark()}
	}
	return g, nil
}

// AppendMoves is AppendMove for several moves that must land together or
// not at all, such as a move and the Privilege claimed with it, which
// commits only if the game's log still has mark at (see LogMark): the
// mark of the record the caller checked the moves against, so that they
// never land on another position with a log of the same length. update
// is called once, with the last move's outcome.
func (s *Store) AppendMoves(ctx context.Context, id GameID, at LogMark, moves []SeatMove, update func(*Game, game.Outcome) error) (Moved, error) {
	if len(moves) == 0 {
		return Moved{}, recordErr(id, nil, "no move to append")
	}
	var res Moved
	err := s.write(ctx, func(tx kvTx) (func() error, error) {
		res = Moved{}
		old, err := getActive(tx, id, at, "play in")
		if err != nil {
			return nil, err
		}
		pos, err := s.position(old)
		if err != nil {
			return nil, err
		}
		ng := old.Clone()
		outcomes := make([]game.Outcome, 0, len(moves))
		for _, sm := range moves {
			mv := sm.Move
			if mv.Kind == game.Resign && mv.Color == game.NoColor {
				mv.Color = pos.SeatColor(sm.Seat)
			}
			o, err := pos.Play(sm.Seat, mv)
			if err != nil {
				return nil, err
			}
			ng.Log = append(ng.Log, cloneLog([]game.Move{mv})...)
			outcomes = append(outcomes, o)
		}
		o := outcomes[len(outcomes)-1]
		now := s.clock()
		ng.Updated = now
		settle(ng, pos, now)
		if update != nil {
			before := ng.Clone()
			if err := callUser(func() error { return update(ng, o) }); err != nil {
				return nil, err
			}
			if err := checkChange(before, ng, now); err != nil {
				return nil, err
			}
		}
		res = Moved{Game: ng, Pos: pos, Outcome: o, Outcomes: outcomes}
		return func() error { return putGame(tx, old, ng) }, nil
	})
	if err != nil {
		return Moved{}, err
	}
	s.positions.put(res.Game, res.Pos)
	return res, nil
}

// Delete removes a game, its index entries and its share of the players'
// records. A game whose record is damaged cannot be deleted this way
// (its index entries could not be found): restore a backup instead.
func (s *Store) Delete(ctx context.Context, id GameID) error {
	defer s.positions.drop(id)
	return s.write(ctx, func(tx kvTx) (func() error, error) {
		old, err := getGame(tx, id)
		if err != nil {
			return nil, err
		}
		return func() error {
			if err := tx.Bucket(bucketGames).Delete(idKey(id)); err != nil {
				return err
			}
			return updateDerived(tx, old, nil)
		}, nil
	})
}
