package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// NoticeKind is what a clock sweep found.
type NoticeKind uint8

const (
	// Reminder: the player to move passed a reminder point.
	Reminder NoticeKind = iota + 1
	// Timeout: the player to move ran out of time and lost.
	Timeout
	// Expired: a challenge was not answered in time.
	Expired
)

// Notice is something a sweep did that the players should hear about.
type Notice struct {
	Kind    NoticeKind
	Game    *storage.Game
	Pos     *game.Game // the position (Reminder, Timeout)
	Seat    game.Seat  // the seat to move (Reminder, Timeout)
	Percent int        // the reminder point passed (Reminder)
	Left    time.Duration
}

// Sweep acts on every game whose time has come by now: it cancels
// challenges nobody answered, reminds players whose turn is getting old,
// and ends games whose player to move ran out of time (the whole team, in
// Double TwixT). Each act is committed before it is reported, and the
// committed state makes sure it happens once: a reminder point is marked
// as sent, and a timeout only lands if no move landed first. Deadlines
// that passed while the bot was down are acted on at the first sweep.
func (s *Service) Sweep(ctx context.Context, now time.Time) ([]Notice, error) {
	due, err := s.store.Due(ctx, now)
	var notices []Notice
	var errs []error
	if err != nil {
		errs = append(errs, err) // the games that could be read are still handled
	}
	for _, g := range due {
		n, err := s.sweepOne(ctx, g, now)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", g.ID, err))
			continue
		}
		if n != nil {
			notices = append(notices, *n)
		}
	}
	return notices, errors.Join(errs...)
}

func (s *Service) sweepOne(ctx context.Context, g *storage.Game, now time.Time) (*Notice, error) {
	switch {
	case g.State == storage.Proposed && !g.Meta.Expires.IsZero() && !now.Before(g.Meta.Expires):
		ng, err := s.store.Update(ctx, g.ID, func(ng *storage.Game) error {
			if ng.State != storage.Proposed || now.Before(ng.Meta.Expires) {
				return errGone
			}
			ng.State = storage.Cancelled
			return nil
		})
		if errors.Is(err, errGone) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		return &Notice{Kind: Expired, Game: ng}, nil
	case g.State != storage.Active:
		return nil, nil
	}
	_, pos, err := s.store.Load(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	seat, c := pos.ToMove()
	if ComputerSeat(g, seat) {
		return nil, s.stopComputerClock(ctx, g)
	}
	if !g.Clock.Deadline.IsZero() && !now.Before(g.Clock.Deadline) {
		m, err := s.store.AppendMoves(ctx, g.ID, g.LogMark(),
			[]storage.SeatMove{{Seat: seat, Move: game.Move{Kind: game.Conclude, Reason: game.Timeout, Color: c.Opponent()}}},
			func(ng *storage.Game, _ game.Outcome) error { stopClock(ng); ng.Meta.DrawOffer = 0; return nil })
		if errors.Is(err, storage.ErrConflict) || errors.Is(err, storage.ErrWrongState) {
			return nil, nil // a move landed first: the player made it in time
		}
		if err != nil {
			return nil, err
		}
		return &Notice{Kind: Timeout, Game: m.Game, Pos: m.Pos, Seat: seat}, nil
	}
	// Reminders: mark every point passed, and remind once, for the latest.
	latest := -1
	ng, err := s.store.Update(ctx, g.ID, func(ng *storage.Game) error {
		latest = -1
		cl := &ng.Clock
		if ng.State != storage.Active || len(ng.Log) != len(g.Log) || !cl.TurnStart.Equal(g.Clock.TurnStart) {
			return errGone
		}
		for i := range cl.Points {
			if !cl.Reminded.Has(i) && !now.Before(reminderAt(*cl, i)) {
				cl.Reminded = cl.Reminded.With(i)
				latest = i
			}
		}
		cl.Wake = nextWake(*cl)
		return nil
	})
	if errors.Is(err, errGone) {
		return nil, nil
	}
	if err != nil || latest < 0 {
		return nil, err
	}
	return &Notice{Kind: Reminder, Game: ng, Pos: pos, Seat: seat, Percent: int(ng.Clock.Points[latest]), Left: ng.Clock.Deadline.Sub(now)}, nil
}
