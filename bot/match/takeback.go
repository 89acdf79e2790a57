package match

import (
	"context"
	"slices"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// Takebacks. A player asks to undo their last move (/twixt takeback, or
// the Take back button on a move's reply); the other side (in Double
// TwixT, either player of the other team) accepts or declines with
// buttons. The request lapses with the next move. What is undone is the
// asker's last turn, with its Privilege claim, and the other side's turns
// since, so the asker is to move again; once the asker's partner has
// moved, the move stands. Against the computer the computer answers at
// once: it always accepts, when the server allows the takeback at all.
// The takeback is stored by storage.Store.TakeBack in one transaction,
// like a move, and recorded with the moves it undid, which the history
// and the export show.

const (
	TakebacksOn TakebackMode = iota
	TakebacksCasual
	TakebacksOff
)

// TakebackMode is what the moderators allow: takebacks in every game, in
// casual games only, or none. The zero value allows them everywhere.
type TakebackMode uint8

var takebackModes = [...]string{"on", "casual", "off"}

func (m TakebackMode) String() string { return ModeName(takebackModes[:], int(m), "takebacks") }

// ParseTakebackMode reads "on", "casual" or "off".
func ParseTakebackMode(v string) (TakebackMode, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	for i, n := range takebackModes {
		if v == n {
			return TakebackMode(i), nil
		}
	}
	if b, err := parseBool(v); err == nil {
		if b {
			return TakebacksOn, nil
		}
		return TakebacksOff, nil
	}
	return 0, refuseValue(NotTakebackMode, v)
}

// comfortSettings are the moderators' settings for the comforts of this
// file and its siblings.
var comfortSettings = []Setting{
	{Name: "takebacks", Description: "whether a player may ask to take a move back: on, casual (games that are not rated) or off", examples: []string{"on", "casual", "off"},
		set: func(p *Policy, v string) (err error) { p.Takebacks, err = ParseTakebackMode(v); return },
		get: func(p Policy) string { return p.Takebacks.String() }},
}

func init() { Settings = append(Settings, comfortSettings...) }

// IsRated reports whether a game counts for ratings: every game not
// played casual (see storage's ratings); this is the one place that asks.
func IsRated(g *storage.Game) bool { return !g.Meta.Casual }

// takebackAllowed checks the server's policy for a takeback in g.
func (s *Service) TakebackAllowed(ctx context.Context, g *storage.Game) error {
	p, err := s.GamePolicy(ctx, g)
	if err != nil {
		return err
	}
	switch {
	case p.Takebacks == TakebacksOff:
		return &PolicyError{What: "a takeback", Allowed: "no takebacks (setting `takebacks` is off)", Rule: RuleTakebacksOff}
	case p.Takebacks == TakebacksCasual && IsRated(g):
		return &PolicyError{What: "a takeback in a rated game", Allowed: "takebacks in casual games only", Rule: RuleTakebacksCasual}
	}
	return nil
}

// takebackPlan finds what a takeback asked by user u undoes in g: it
// returns the asker's seat and how many log entries stay.
func takebackPlan(g *storage.Game, u storage.UserID) (game.Seat, int, error) {
	pos, err := game.New(g.Settings)
	if err != nil {
		return 0, 0, err
	}
	seats := make([]game.Seat, len(g.Log))
	for i, m := range g.Log {
		o, err := pos.PlayMove(m)
		if err != nil {
			return 0, 0, err
		}
		seats[i] = o.Seat
	}
	mine := g.SeatsOf(u)
	last := -1
	for i := len(g.Log) - 1; i >= 0; i-- {
		if g.Log[i].IsTurn() && slices.Contains(mine, seats[i]) {
			last = i
			break
		}
	}
	if last < 0 {
		return 0, 0, refuseGame(NothingToTakeBack, g)
	}
	asker := seats[last]
	for j := last + 1; j < len(g.Log); j++ {
		own := seats[j] == asker || g.Settings.Players == 4 && seats[j] == asker.Partner() || slices.Contains(mine, seats[j])
		if own && !(g.Log[j].Kind == game.Privilege && j == last+1 && seats[j] == asker) {
			return 0, 0, refuse(MoveStands)
		}
	}
	return asker, last, nil
}

// otherSide lists the seats that answer a takeback asked from seat s.
func OtherSide(g *storage.Game, pos *game.Game, s game.Seat) []game.Seat {
	var out []game.Seat
	for st := game.Seat(1); int(st) <= len(g.Seats); st++ {
		if pos.SeatColor(st) != pos.SeatColor(s) {
			out = append(out, st)
		}
	}
	return out
}

// TakebackAsked is what /twixt takeback did: a request put to the other
// side, or, against the computer, the takeback made.
type TakebackAsked struct {
	Game  *storage.Game
	Pos   *game.Game
	Seat  game.Seat // the asker
	Taken *TakenBack
}

// TakenBack is a takeback made.
type TakenBack struct {
	Game   *storage.Game
	Pos    *game.Game // after it
	Asker  game.Seat
	Undone []game.Move
}

// AskTakeback asks the other side to undo the caller's last move. at is
// the position a button carried (see storage.LogMark), or Len AnyLen for
// a command: if the game has moved on the request is stale.
func (s *Service) AskTakeback(ctx context.Context, a Actor, id storage.GameID, at storage.LogMark) (*TakebackAsked, error) {
	g, pos, err := s.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if g.State != storage.Active {
		return nil, refuseGame(TakebackNotRunning, g)
	}
	if !at.Matches(g) {
		return nil, refuse(TakebackMovedOn)
	}
	if len(g.SeatsOf(a.User)) == 0 {
		return nil, refuseGame(NotInGame, g)
	}
	if err := s.TakebackAllowed(ctx, g); err != nil {
		return nil, err
	}
	seat, keep, err := takebackPlan(g, a.User)
	if err != nil {
		return nil, err
	}
	if ask := g.Meta.TakebackAsk; ask != 0 && g.Meta.TakebackTurns == len(g.Log) {
		if pos.SeatColor(ask) == pos.SeatColor(seat) {
			return nil, refuse(TakebackWaiting)
		}
		return nil, refuse(TakebackAnswerFirst)
	}
	if _, ok := ComputerAnswers(g, pos, seat); ok {
		// The computer answers at once, and accepts.
		tb, err := s.takeBack(ctx, g, seat, keep)
		if err != nil {
			return nil, err
		}
		return &TakebackAsked{Game: tb.Game, Pos: tb.Pos, Seat: seat, Taken: tb}, nil
	}
	n, mark := len(g.Log), g.LogMark()
	ng, err := s.store.Update(ctx, id, func(ng *storage.Game) error {
		if ng.LogMark() != mark || ng.State != storage.Active {
			return refuse(TakebackAskAgain)
		}
		ng.Meta.TakebackAsk, ng.Meta.TakebackTurns = seat, n
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &TakebackAsked{Game: ng, Pos: pos, Seat: seat}, nil
}

// takeBack undoes the log after entry keep, as one transaction, restarting
// the turn's clock and withdrawing any draw offer.
func (s *Service) takeBack(ctx context.Context, g *storage.Game, asker game.Seat, keep int) (*TakenBack, error) {
	now := s.now()
	m, err := s.store.TakeBack(ctx, g.ID, g.LogMark(), keep, asker, func(ng *storage.Game, _ *game.Game) error {
		ng.Meta.DrawOffer = 0
		startClock(ng, now)
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.turnTaken(ctx, m.Game, m.Pos)
	tbs := m.Game.Meta.Takebacks
	return &TakenBack{Game: m.Game, Pos: m.Pos, Asker: asker, Undone: tbs[len(tbs)-1].Moves}, nil
}

// AnswerTakeback accepts or declines the standing takeback request made
// when the log had mark at (the answer buttons carry it); only the other
// side may answer.
func (s *Service) AnswerTakeback(ctx context.Context, a Actor, id storage.GameID, at storage.LogMark, accept bool) (*TakenBack, error) {
	g, pos, err := s.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	ask, err := takebackAnswerer(g, pos, a, at)
	if err != nil {
		return nil, err
	}
	if !accept {
		ng, err := s.store.Update(ctx, id, func(ng *storage.Game) error {
			if ng.Meta.TakebackAsk != ask || ng.Meta.TakebackTurns != at.Len || ng.LogMark() != at {
				return refuse(TakebackGone)
			}
			ng.Meta.TakebackAsk, ng.Meta.TakebackTurns = 0, 0
			return nil
		})
		if err != nil {
			return nil, err
		}
		return &TakenBack{Game: ng, Pos: pos, Asker: ask}, nil
	}
	if err := s.TakebackAllowed(ctx, g); err != nil {
		return nil, err
	}
	_, keep, err := takebackPlan(g, g.User(ask))
	if err != nil {
		return nil, err
	}
	return s.takeBack(ctx, g, ask, keep)
}

// takebackAnswerer checks that the caller may answer the standing
// takeback request, and returns the asking seat.
func takebackAnswerer(g *storage.Game, pos *game.Game, a Actor, at storage.LogMark) (game.Seat, error) {
	if g.State != storage.Active {
		return 0, refuseGame(NotRunning, g)
	}
	ask := g.Meta.TakebackAsk
	if ask == 0 || g.Meta.TakebackTurns != at.Len || g.LogMark() != at {
		return 0, refuse(TakebackGoneMoved)
	}
	for _, st := range g.SeatsOf(a.User) {
		if pos.SeatColor(st) != pos.SeatColor(ask) {
			return ask, nil
		}
	}
	return 0, refuse(OtherSideTakeback)
}
