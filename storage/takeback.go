package storage

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// maxTakebacks bounds the takebacks one game records, so that a record
// cannot grow without end by asking and accepting in a loop.
const maxTakebacks = 200

// TakeBack undoes the log entries after entry keep, in one transaction, as
// a move is made: it commits only if the game is still Active and its log
// still has mark at (see LogMark), replays the shortened log through the
// rules engine, records the takeback in Meta.Takebacks (with the undone moves, so that
// the history and the export can show them), clears the standing takeback
// request, calls update, and commits with fsync. The takeback is
// acknowledged (a nil error) only after the commit; on any error nothing
// changes.
//
// update, if not nil, may change Place, Clock and Meta under the rules of
// Update (restart the turn's clock, clear a draw offer). Like Update's fn
// it runs inside the write transaction and must be quick and pure.
//
// Errors: a *StateError (ErrWrongState) if the game is not Active, a
// *ConflictError (ErrConflict) if the log no longer has mark at, a
// *RecordError if keep is out of range or the game has had too many
// takebacks, ErrNotFound, a *DecodeError, or update's error.
func (s *Store) TakeBack(ctx context.Context, id GameID, at LogMark, keep int, asker game.Seat, update func(*Game, *game.Game) error) (Moved, error) {
	var res Moved
	err := s.write(ctx, func(tx kvTx) (func() error, error) {
		res = Moved{}
		old, err := getActive(tx, id, at, "take back in")
		if err != nil {
			return nil, err
		}
		if keep < 0 || keep >= len(old.Log) {
			return nil, recordErr(id, nil, "cannot keep %d of %d log entries in a takeback", keep, len(old.Log))
		}
		if len(old.Meta.Takebacks) >= maxTakebacks {
			return nil, recordErr(id, nil, "the game has had %d takebacks, the most one game records", maxTakebacks)
		}
		now := s.clock()
		ng := old.Clone()
		ng.Meta.Takebacks = append(ng.Meta.Takebacks, Takeback{At: now, Turns: keep, Asker: asker, Moves: cloneLog(ng.Log[keep:])})
		ng.Log = ng.Log[:keep:keep]
		ng.Meta.TakebackAsk, ng.Meta.TakebackTurns = 0, 0
		ng.Updated = now
		pos, err := position(ng)
		if err != nil {
			return nil, err
		}
		if update != nil {
			before := ng.Clone()
			if err := callUser(func() error { return update(ng, pos.Clone()) }); err != nil {
				return nil, err
			}
			if err := checkChange(before, ng, now); err != nil {
				return nil, err
			}
		} else if err := checkRecord(ng); err != nil {
			return nil, recordErr(id, err, "cannot store it")
		}
		res = Moved{Game: ng, Pos: pos}
		return func() error { return putGame(tx, old, ng) }, nil
	})
	if err != nil {
		return Moved{}, err
	}
	s.positions.put(res.Game, res.Pos)
	return res, nil
}

// checkTakebacks checks a record's takeback request and takebacks.
func checkTakebacks(g *Game) error {
	m := g.Meta
	if m.TakebackAsk < 0 || int(m.TakebackAsk) > g.Settings.Players || m.TakebackTurns < 0 {
		return fmt.Errorf("a takeback request from %s at %d moves in a %d-player game", m.TakebackAsk, m.TakebackTurns, g.Settings.Players)
	}
	if len(m.Takebacks) > maxTakebacks {
		return fmt.Errorf("%d takebacks, more than the %d a game records", len(m.Takebacks), maxTakebacks)
	}
	for i, t := range m.Takebacks {
		if t.Turns < 0 || len(t.Moves) == 0 || t.Asker < 1 || int(t.Asker) > g.Settings.Players {
			return fmt.Errorf("takeback %d: %d moves undone after entry %d, asked by %s", i+1, len(t.Moves), t.Turns, t.Asker)
		}
	}
	return nil
}

func sameTakebacks(a, b []Takeback) bool {
	return slices.EqualFunc(a, b, func(x, y Takeback) bool {
		return x.At.Equal(y.At) && x.Turns == y.Turns && x.Asker == y.Asker &&
			string(game.MarshalLog(x.Moves)) == string(game.MarshalLog(y.Moves))
	})
}

func cloneTakebacks(tb []Takeback) []Takeback {
	if tb == nil {
		return nil
	}
	out := make([]Takeback, len(tb))
	for i, t := range tb {
		t.Moves = cloneLog(t.Moves)
		out[i] = t
	}
	return out
}

// takebackRecV1 is how a takeback is stored: its moves in the binary log
// encoding (base64 in the JSON header).
type takebackRecV1 struct {
	At    time.Time `json:"at"`
	Turns int       `json:"turns"`
	Asker int       `json:"asker"`
	Moves []byte    `json:"moves"`
}

func takebacksOut(tb []Takeback) []takebackRecV1 {
	var out []takebackRecV1
	for _, t := range tb {
		out = append(out, takebackRecV1{At: utc(t.At), Turns: t.Turns, Asker: int(t.Asker), Moves: game.MarshalLog(t.Moves)})
	}
	return out
}

func takebacksIn(recs []takebackRecV1) ([]Takeback, error) {
	var out []Takeback
	for i, r := range recs {
		moves, err := game.UnmarshalLog(r.Moves)
		if err != nil {
			return nil, fmt.Errorf("takeback %d: %v", i+1, err)
		}
		out = append(out, Takeback{At: r.At, Turns: r.Turns, Asker: game.Seat(r.Asker), Moves: moves})
	}
	return out, nil
}
