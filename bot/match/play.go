package match

import (
	"context"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// Played is what an action in a running game did.
type Played struct {
	Game     *storage.Game
	Pos      *game.Game     // the position after it
	Outcomes []game.Outcome // one per move: a move, or a move and its Privilege
}

// Last is the outcome of the last move played.
func (p *Played) Last() game.Outcome { return p.Outcomes[len(p.Outcomes)-1] }

// Action is what a player does in a running game.
type Action struct {
	Move game.Move
	// Then are more placements by the same player, played with Move as
	// one action: the cut-the-pie opening's three pegs in one command.
	Then []game.Move
	// Privilege claims the team's Privilege right after the move.
	Privilege bool
	// Turns, if not negative, is the number of log entries the caller saw
	// (a button carries it), and Takebacks the number of takebacks the
	// game had had: if the game has moved on, even to another position
	// with a log as long (a takeback, then a move), the action is stale
	// and refused. Zero Takebacks is a game without takebacks.
	Turns     int
	Takebacks int
}

// ActionAt is an action decided on record g: it is refused as stale if
// g's log has changed by the time it lands (see storage.LogMark).
func ActionAt(g *storage.Game, act Action) Action {
	m := g.LogMark()
	act.Turns, act.Takebacks = m.Len, m.Takebacks
	return act
}

// Play makes the caller take an action in game g: a placement or a swap on
// their turn (with Privilege, if asked), a Privilege claim right after
// their move, or a resignation at any time. The move is checked by the
// rules, and it lands only if nothing else landed since the caller's view
// of the game was loaded: the store checks the log's length and its
// takebacks in the move's transaction (see storage.LogMark).
//
// Its errors are *InGame, carrying the game's theme, once the game is
// found.
func (s *Service) Play(ctx context.Context, a Actor, id storage.GameID, act Action) (*Played, error) {
	ctx = storage.WithMemo(ctx) // the move's transaction starts from the record read here
	g, pos, err := s.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.playIn(ctx, a, g, pos, act)
}

// PlayFound is Play in the game a command means (see Find): the one its
// game option names, or the caller's only running game in this channel.
// It plays on the record Find read, without reading it again: the move
// lands only if nothing landed since, as with Play.
func (s *Service) PlayFound(ctx context.Context, a Actor, option string, act Action) (*Played, error) {
	ctx = storage.WithMemo(ctx) // the move's transaction starts from the record Find read
	g, err := s.Find(ctx, a, option, true)
	if err != nil {
		return nil, err
	}
	pos, err := s.store.Position(g)
	if err != nil {
		return nil, err
	}
	return s.playIn(ctx, a, g, pos, act)
}

// playIn is Play on a record already read, and its position.
func (s *Service) playIn(ctx context.Context, a Actor, g *storage.Game, pos *game.Game, act Action) (*Played, error) {
	p, err := s.play(ctx, a, g, pos, act)
	if err != nil {
		return nil, &InGame{Game: g.ID, Theme: g.Meta.Theme, Err: err}
	}
	return p, nil
}

func (s *Service) play(ctx context.Context, a Actor, g *storage.Game, pos *game.Game, act Action) (*Played, error) {
	if g.State != storage.Active {
		return nil, refuseGame(NotRunning, g)
	}
	if act.Turns >= 0 && !(storage.LogMark{Len: act.Turns, Takebacks: act.Takebacks}).Matches(g) {
		return nil, refuse(MovedOn)
	}
	seat, ok := seatOf(g, pos, a.User)
	if !ok {
		return nil, refuseGame(NotInGame, g)
	}
	var moves []storage.SeatMove
	switch act.Move.Kind {
	case game.Place, game.Swap, game.Choose:
		if toMove, _ := pos.ToMove(); seat != toMove {
			return nil, TurnErrorOf(g, pos)
		}
		moves = append(moves, storage.SeatMove{Seat: seat, Move: act.Move})
		if err := checkCut(g, pos, act); err != nil {
			return nil, err
		}
		for _, m := range act.Then {
			moves = append(moves, storage.SeatMove{Seat: seat, Move: m})
		}
		if act.Privilege {
			moves = append(moves, storage.SeatMove{Seat: seat, Move: game.Move{Kind: game.Privilege}})
		}
	case game.Privilege:
		// Only the seat that just moved may claim; anyone else is told who
		// may, rather than the rules' "right after your own move".
		if claimant, open := pos.PrivilegeClaimant(); open {
			if g.User(claimant) != a.User {
				return nil, &OnlyError{User: g.User(claimant), Claim: act.Turns < 0}
			}
			seat = claimant
		}
		moves = append(moves, storage.SeatMove{Seat: seat, Move: act.Move})
	case game.Resign:
		moves = append(moves, storage.SeatMove{Seat: seat, Move: game.Move{Kind: game.Resign, Color: pos.SeatColor(seat)}})
	default:
		return nil, refuseValue(NotPlayable, act.Move.Kind.String())
	}
	return s.commit(ctx, g, moves)
}

// commit appends moves to g, resetting the clock for the next turn and
// withdrawing any draw offer, as one transaction.
func (s *Service) commit(ctx context.Context, g *storage.Game, moves []storage.SeatMove) (*Played, error) {
	now := s.now()
	m, err := s.store.AppendMoves(ctx, g.ID, g.LogMark(), moves, func(ng *storage.Game, o game.Outcome) error {
		ng.Meta.DrawOffer = 0
		if ng.State != storage.Active {
			stopClock(ng)
		} else if o.Move.IsTurn() || o.Move.Kind == game.Privilege {
			startClock(ng, now)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.turnTaken(ctx, m.Game, m.Pos)
	return &Played{Game: m.Game, Pos: m.Pos, Outcomes: m.Outcomes}, nil
}

// DrawOffer is what /twixt draw did: an offer put on the table, or, if the
// other side had already offered, the game drawn.
type DrawOffer struct {
	Game   *storage.Game
	Seat   game.Seat // the seat that offered
	Played *Played   // set when the draw was agreed
}

// OfferDraw offers a draw for the caller's side, or accepts the other
// side's standing offer. An offer lapses when the next move is made.
func (s *Service) OfferDraw(ctx context.Context, a Actor, id storage.GameID) (*DrawOffer, error) {
	g, pos, err := s.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if g.State != storage.Active {
		return nil, refuseGame(NotRunning, g)
	}
	seat, ok := seatOf(g, pos, a.User)
	if !ok {
		return nil, refuseGame(NotInGame, g)
	}
	// The computer answers an offer at once (the bot's judgement), but
	// not while it thinks about its move, which would lapse the offer.
	if cs, ok := ComputerToMove(g, pos); ok && pos.SeatColor(cs) != pos.SeatColor(seat) {
		if _, answers := ComputerAnswers(g, pos, seat); answers {
			return nil, refuseGame(DrawComputerThinking, g)
		}
	}
	if off := g.Meta.DrawOffer; off != 0 {
		if pos.SeatColor(off) != pos.SeatColor(seat) {
			p, err := s.AcceptDraw(ctx, a, id, g.LogMark())
			if err != nil {
				return nil, err
			}
			return &DrawOffer{Game: p.Game, Seat: off, Played: p}, nil
		}
		return nil, refuse(DrawAlreadyOffered)
	}
	mark := g.LogMark()
	ng, err := s.store.Update(ctx, id, func(ng *storage.Game) error {
		if ng.LogMark() != mark || ng.State != storage.Active {
			return refuse(DrawMovedOn)
		}
		ng.Meta.DrawOffer = seat
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &DrawOffer{Game: ng, Seat: seat}, nil
}

// AcceptDraw accepts the standing draw offer made when the log had mark
// at (the answer buttons carry it); only the other side may accept.
func (s *Service) AcceptDraw(ctx context.Context, a Actor, id storage.GameID, at storage.LogMark) (*Played, error) {
	g, pos, err := s.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	seat, err := s.drawAnswerer(g, pos, a, at)
	if err != nil {
		return nil, err
	}
	return s.commit(ctx, g, []storage.SeatMove{{Seat: seat, Move: game.Move{Kind: game.Draw}}})
}

// DeclineDraw withdraws the standing draw offer, for the other side.
func (s *Service) DeclineDraw(ctx context.Context, a Actor, id storage.GameID, at storage.LogMark) (*storage.Game, error) {
	return s.store.Update(ctx, id, func(g *storage.Game) error {
		pos, err := game.Replay(g.Settings, g.Log)
		if err != nil {
			return err
		}
		if _, err := s.drawAnswerer(g, pos, a, at); err != nil {
			return err
		}
		g.Meta.DrawOffer = 0
		return nil
	})
}

// drawAnswerer checks that the caller may answer the standing draw offer,
// and returns their seat.
func (s *Service) drawAnswerer(g *storage.Game, pos *game.Game, a Actor, at storage.LogMark) (game.Seat, error) {
	if g.State != storage.Active {
		return 0, refuseGame(NotRunning, g)
	}
	off := g.Meta.DrawOffer
	if off == 0 || g.LogMark() != at {
		return 0, refuse(NoDrawOffer)
	}
	for _, st := range g.SeatsOf(a.User) {
		if pos.SeatColor(st) != pos.SeatColor(off) {
			return st, nil
		}
	}
	return 0, refuse(OtherSideDraw)
}

// Substitute gives a seat of a running Double TwixT game to another
// player (named name in pictures and records), agreed by the seat's
// partner. It returns the game and the player who left; both the check
// and the change happen in one transaction.
func (s *Service) Substitute(ctx context.Context, a Actor, id storage.GameID, seat game.Seat, user storage.UserID, name string, isBot bool) (*storage.Game, storage.UserID, error) {
	if isBot {
		return nil, "", &BotError{User: user}
	}
	var old storage.UserID
	g, err := s.store.Update(ctx, id, func(g *storage.Game) error {
		if g.State != storage.Active {
			return refuseGame(NotRunning, g)
		}
		if g.Settings.Players != 4 {
			return refuse(NotDoubleSubstitute)
		}
		if seat < 1 || seat > 4 {
			return &Refusal{Reason: NoDoubleSeat, N: int(seat)}
		}
		if g.User(seat.Partner()) != a.User {
			return &OnlyError{User: g.User(seat.Partner()), Partner: seat}
		}
		if g.User(seat) == user {
			return &SeatedError{User: user, Seat: seat}
		}
		old = g.User(seat)
		seatPlayer(g, seat, user, name)
		return nil
	})
	return g, old, err
}

// seatPlayer puts user, named name, in a seat of g.
func seatPlayer(g *storage.Game, seat game.Seat, user storage.UserID, name string) {
	g.Seats[seat-1] = user
	for len(g.Meta.Names) < len(g.Seats) {
		g.Meta.Names = append(g.Meta.Names, "")
	}
	g.Meta.Names[seat-1] = name
	releaseComputerSeat(g, seat)
}
