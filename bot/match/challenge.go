package match

import (
	"context"
	"slices"
	"time"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/storage"
)

// Invitation is a challenge to a game: the players invited and the terms.
// For TwixT it names one opponent; for Double TwixT the caller's partner
// and the two opponents, in that order.
type Invitation struct {
	Invited []storage.UserID
	Bots    []bool // whether each invited user is a bot account
	Color   string // "red", "black", "random" or "" (random): the caller's side
	Terms   Terms
	// Names are the display names of the players, for pictures and
	// records.
	Names map[storage.UserID]string
	// Level is how strongly the computer plays its seats, when the bot's
	// own user is invited; zero for the server's default.
	Level ai.Level
}

// Challenge proposes a game. It checks the server's policy (channel, role,
// sizes, handicaps, how many games each player has), fills what the caller
// left out with the server's defaults, seats the players and stores the
// proposal, which waits for the invited players to accept.
func (s *Service) Challenge(ctx context.Context, a Actor, inv Invitation) (*storage.Game, error) {
	players := 2
	if len(inv.Invited) == 3 {
		players = 4
	} else if len(inv.Invited) != 1 {
		return nil, refuse(InviteCount)
	}
	everyone := append([]storage.UserID{a.User}, inv.Invited...)
	for i, u := range inv.Invited {
		if u == a.User {
			return nil, ErrSelfChallenge
		}
		if s.IsComputer(u) {
			continue // the computer may fill several seats
		}
		if i < len(inv.Bots) && inv.Bots[i] {
			return nil, &BotError{User: u}
		}
		if slices.Index(everyone, u) != i+1 {
			return nil, &TwiceError{User: u}
		}
	}
	p, _, err := s.Policy(ctx, a.Guild, a.Channel)
	if err != nil {
		return nil, err
	}
	if err := p.Allowed(string(a.Channel), a.Roles); err != nil {
		return nil, err
	}
	terms := inv.Terms
	terms.Players = players
	settings, err := p.Settings(terms)
	if err != nil {
		return nil, err
	}
	level, err := s.computerTerms(p, inv, settings)
	if err != nil {
		return nil, err
	}
	casual, err := p.casual(terms.Rated, settings)
	if err != nil {
		return nil, err
	}
	for _, u := range everyone {
		if s.IsComputer(u) {
			continue // the computer plays as many games as it is asked to
		}
		ongoing, err := s.store.ActiveByUser(ctx, u)
		if err != nil {
			return nil, err
		}
		if len(ongoing) >= p.MaxGames {
			return nil, &LimitError{User: u, Limit: p.MaxGames}
		}
	}
	red := inv.Color == "red"
	switch inv.Color {
	case "red", "black":
	case "", "random":
		red = s.intn(2) == 0
	default:
		return nil, refuseValue(NotColour, inv.Color)
	}
	var seats []storage.UserID
	if players == 2 {
		seats = []storage.UserID{a.User, inv.Invited[0]}
		if !red {
			seats[0], seats[1] = seats[1], seats[0]
		}
	} else {
		// Partners sit opposite: seats 1 and 3 are Red, 2 and 4 Black.
		us, them := []storage.UserID{a.User, inv.Invited[0]}, inv.Invited[1:]
		if !red {
			us, them = them, us
		}
		seats = []storage.UserID{us[0], them[0], us[1], them[1]}
	}
	g := &storage.Game{
		Settings: settings,
		Seats:    seats,
		Place:    storage.Place{Guild: a.Guild, Channel: a.Channel},
		State:    storage.Proposed,
		Clock:    storage.Clock{PerTurn: p.Clock, Points: points(p.Reminders)},
		Meta:     storage.Meta{Expires: s.now().Add(p.ChallengeTTL), Theme: p.Theme, Casual: casual},
	}
	for i, u := range seats {
		if u == a.User {
			g.Meta.Accepted = g.Meta.Accepted.With(game.Seat(i + 1))
			if g.Meta.Proposer == 0 {
				g.Meta.Proposer = game.Seat(i + 1)
			}
		}
		g.Meta.Names = append(g.Meta.Names, inv.Names[u])
	}
	s.seatComputer(g, level)
	ng, err := s.store.Create(ctx, g)
	return s.startedNow(ctx, ng, err)
}

// proposer is the user who proposed game g. Records from before the
// proposer was kept fall back on the first seat that accepted, which is
// the proposer's until someone else answers.
func Proposer(g *storage.Game) storage.UserID {
	if g.Meta.Proposer != 0 {
		return g.User(g.Meta.Proposer)
	}
	for s := game.Seat(1); int(s) <= len(g.Seats); s++ {
		if g.Meta.Accepted.Has(s) {
			return g.User(s)
		}
	}
	return g.User(1)
}

func points(reminders []int) []uint8 {
	out := make([]uint8, 0, len(reminders))
	for _, r := range reminders {
		out = append(out, uint8(r))
	}
	return out
}

// Answer is what an answer to a challenge did.
type Answer struct {
	Game    *storage.Game
	Pos     *game.Game // the starting position, once the game starts
	Started bool
	// Declined is set when the answer cancelled the challenge.
	Declined bool
}

// Respond accepts or declines a challenge for the caller. A TwixT game
// starts when the opponent accepts; a Double TwixT match when all three
// invited players have. Anyone invited may decline, which cancels it.
func (s *Service) Respond(ctx context.Context, a Actor, id storage.GameID, accept bool) (Answer, error) {
	now := s.now()
	var ans Answer
	expired := false
	g, err := s.store.Update(ctx, id, func(g *storage.Game) error {
		ans = Answer{}
		expired = false
		mine := g.SeatsOf(a.User)
		if len(mine) == 0 {
			return ErrNotForYou
		}
		if g.State != storage.Proposed {
			return refuseGame(ChallengeAnswered, g)
		}
		if !g.Meta.Expires.IsZero() && !now.Before(g.Meta.Expires) {
			// Too late: the challenge lapses now, whoever pressed.
			g.State = storage.Cancelled
			expired = true
			return nil
		}
		pending := false
		for _, st := range mine {
			pending = pending || !g.Meta.Accepted.Has(st)
		}
		if !pending {
			if !accept && len(g.Seats) == 2 {
				return ErrNotForYou // the challenger cannot decline their own challenge
			}
			return refuse(AlreadyAccepted)
		}
		if !accept {
			g.State = storage.Cancelled
			ans.Declined = true
			return nil
		}
		for _, st := range mine {
			g.Meta.Accepted = g.Meta.Accepted.With(st)
		}
		if g.Meta.Accepted.Len() == len(g.Seats) {
			g.State = storage.Active
			g.Meta.Expires = time.Time{} // a running game does not lapse
			startClock(g, now)
			ans.Started = true
		}
		return nil
	})
	if err != nil {
		return Answer{}, err
	}
	if expired {
		return Answer{Game: g}, refuseGame(NotAcceptedInTime, g)
	}
	ans.Game = g
	if ans.Started {
		if ans.Pos, err = game.Replay(g.Settings, g.Log); err != nil {
			return Answer{}, err
		}
		s.turnTaken(ctx, g, ans.Pos)
	}
	return ans, nil
}

func StateWord(st storage.State) string {
	switch st {
	case storage.Active:
		return "under way"
	case storage.Finished:
		return "over"
	case storage.Cancelled:
		return "cancelled"
	}
	return "waiting for answers"
}
