package match

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/storage"
)

// isComputer reports whether u is the computer's user.
func (s *Service) IsComputer(u storage.UserID) bool {
	id := s.computer.Get()
	return id != "" && u == id
}

// selfUser is the bot's own user id: from the options at first, corrected
// by the gateway's READY when it differs. Safe from any goroutine.
type SelfUser struct{ v atomic.Value }

func (s *SelfUser) Get() storage.UserID {
	if s == nil {
		return ""
	}
	id, _ := s.v.Load().(storage.UserID)
	return id
}

func (s *SelfUser) Set(id storage.UserID) { s.v.Store(id) }

// computerTerms checks a challenge that invites the computer against the
// server's policy, and returns the level it plays at (zero when it is not
// invited).
func (s *Service) computerTerms(p Policy, inv Invitation, settings game.Settings) (ai.Level, error) {
	invited := false
	for _, u := range inv.Invited {
		invited = invited || s.IsComputer(u)
	}
	if !invited {
		return 0, nil
	}
	c := p.Computer
	if !c.On {
		return 0, &PolicyError{What: "playing the computer", Allowed: "games between people only here (setting `computer`)", Rule: RuleComputerOff}
	}
	level := inv.Level
	if level == 0 {
		level = min(ai.DefaultLevel, c.LevelMax)
	}
	if !level.Valid() {
		return 0, &Refusal{Reason: NoSuchLevel, N: int(level), Lo: int(ai.MinLevel), Hi: int(ai.MaxLevel)}
	}
	if level > c.LevelMax {
		rule := RuleComputerLevel
		if c.LevelMax == ai.MinLevel {
			rule = RuleComputerLevelLo
		}
		return 0, &PolicyError{What: fmt.Sprintf("the computer at level %d (%s)", level, level), Allowed: c.levelRange(), Rule: rule,
			Data: map[string]any{"Level": int(level), "LevelName": level.String(), "Lo": int(ai.MinLevel), "LoName": ai.MinLevel.String(),
				"Max": int(c.LevelMax), "MaxName": c.LevelMax.String()}}
	}
	if sz := settings.Size; sz.Cols > c.SizeMax || sz.Rows > c.SizeMax {
		return 0, &PolicyError{What: "the computer on a " + sz.String() + " board",
			Allowed: fmt.Sprintf("boards up to %dx%d against the computer", c.SizeMax, c.SizeMax),
			Rule:    RuleComputerSize, Data: map[string]any{"Size": sz.String(), "Max": c.SizeMax}}
	}
	return level, nil
}

// seatComputer marks the computer's seats of a new game, which it accepts
// at once; a game whose other players have all accepted starts now.
func (s *Service) seatComputer(g *storage.Game, level ai.Level) {
	if level == 0 {
		return
	}
	for i, u := range g.Seats {
		if s.IsComputer(u) {
			g.Meta.Computer = g.Meta.Computer.With(game.Seat(i + 1))
			g.Meta.Accepted = g.Meta.Accepted.With(game.Seat(i + 1))
		}
	}
	g.Meta.ComputerLevel = int(level)
	if g.Meta.Accepted.Len() == len(g.Seats) {
		g.State = storage.Active
		g.Meta.Expires = time.Time{}
		startClock(g, s.now())
	}
}

// startedNow passes on what Create returned, telling of the first turn of
// a game that starts at once (against the computer only).
func (s *Service) startedNow(ctx context.Context, g *storage.Game, err error) (*storage.Game, error) {
	if err != nil || g.State != storage.Active {
		return g, err
	}
	pos, err := g.Replay()
	if err != nil {
		return nil, err
	}
	s.turnTaken(ctx, g, pos)
	return g, nil
}

// turnTaken tells whoever listens that a game's turn passed (a move, or
// the start of a game); the bot queues the computer's move. ctx is the
// action's: it may carry the gate of the reply that reports the turn.
func (s *Service) turnTaken(ctx context.Context, g *storage.Game, pos *game.Game) {
	if s.onMove != nil {
		s.onMove(ctx, g, pos)
	}
	if s.onTurn != nil && g.State == storage.Active {
		s.onTurn(ctx, g, pos)
	}
}

// releaseComputerSeat takes seat of g from the computer, once a person
// sits there.
func releaseComputerSeat(g *storage.Game, seat game.Seat) {
	g.Meta.Computer = g.Meta.Computer.Without(seat)
	if g.Meta.Computer == 0 {
		g.Meta.ComputerLevel = 0
	}
}

// stopComputerClock stops the clock of a turn of the computer, which a
// sweep found due: the computer is neither reminded nor timed out (its
// own deadline is its search's), not even when the bot was down; the
// clock starts again with the next person's turn.
func (s *Service) stopComputerClock(ctx context.Context, g *storage.Game) error {
	_, err := s.store.Update(ctx, g.ID, func(ng *storage.Game) error {
		if ng.State != storage.Active || len(ng.Log) != len(g.Log) {
			return errGone
		}
		stopClock(ng)
		return nil
	})
	if errors.Is(err, errGone) {
		return nil
	}
	return err
}

// computerToMove returns the seat to move in g when the computer plays it.
func ComputerToMove(g *storage.Game, pos *game.Game) (game.Seat, bool) {
	if g.State != storage.Active || g.Meta.Computer == 0 || pos.Over() {
		return 0, false
	}
	seat, _ := pos.ToMove()
	return seat, g.Meta.Computer.Has(seat)
}

// ComputerTurn returns the seat to move in g, a record read earlier,
// when the computer plays it; the position comes from the store's kept
// positions when it can, replayed otherwise.
func (s *Service) ComputerTurn(g *storage.Game) (game.Seat, bool, error) {
	if g.State != storage.Active || g.Meta.Computer == 0 {
		return 0, false, nil
	}
	pos, err := s.store.Position(g)
	if err != nil {
		return 0, false, err
	}
	seat, ok := ComputerToMove(g, pos)
	return seat, ok, nil
}

// computerSeat reports whether the computer plays seat s of g.
func ComputerSeat(g *storage.Game, s game.Seat) bool { return g.Meta.Computer.Has(s) }

// ComputerAnswers returns a seat of the side that answers what seat s
// asks of the other side (a draw offer, a takeback), when the computer
// plays every seat of that side: then the computer answers at once.
func ComputerAnswers(g *storage.Game, pos *game.Game, s game.Seat) (game.Seat, bool) {
	others := OtherSide(g, pos, s)
	if len(others) == 0 || slices.ContainsFunc(others, func(st game.Seat) bool { return !ComputerSeat(g, st) }) {
		return 0, false
	}
	return others[0], true
}
