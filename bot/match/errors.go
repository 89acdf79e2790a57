package match

import (
	"errors"
	"fmt"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// The errors of the match logic. Rule errors come from game unchanged
// (game.ErrOccupied, game.ErrLinkCrosses, ...), and storage's ErrConflict
// means the game moved on. Refusals are *Refusal (refusal.go), whose
// reason belongs to one of these; the bot words them in one place.
var (
	ErrNoGame        = errors.New("no game found")
	ErrAmbiguousGame = errors.New("more than one game")
	ErrNotInGame     = errors.New("not a player of this game")
	ErrNotYourTurn   = errors.New("not your turn")
	ErrSelfChallenge = errors.New("cannot challenge yourself")
	ErrBotChallenge  = errors.New("cannot challenge a bot")
	ErrTooManyGames  = errors.New("too many games")
	ErrExpired       = errors.New("challenge expired")
	ErrNotForYou     = errors.New("not for you")
	ErrAnswered      = errors.New("already answered")
	ErrWaiting       = errors.New("already accepted")
	ErrStale         = errors.New("stale button")
	ErrNoDrawOffer   = errors.New("no draw offer")
	ErrNotModerator  = errors.New("moderators only")
	ErrNotRunning    = errors.New("game not running")
	ErrBadOption     = errors.New("bad option")
)

// ErrBadValue is a setting value that cannot be used; the *Refusal that
// wraps it says which and why.
var ErrBadValue = errors.New("bad setting value")

// ErrNotAllowed is a challenge outside the server's policy. The wrapping
// *PolicyError says what is allowed.
var ErrNotAllowed = errors.New("not allowed on this server")

// errGone means the game changed under a sweep, which then leaves it be.
var errGone = errors.New("game changed meanwhile")

// AmbiguousError lists the games a command could mean.
type AmbiguousError struct {
	Candidates []*storage.Game
}

func (e *AmbiguousError) Error() string {
	ids := make([]string, len(e.Candidates))
	for i, g := range e.Candidates {
		ids[i] = g.ID.String()
	}
	return "more than one game could be meant: " + strings.Join(ids, ", ")
}

func (e *AmbiguousError) Unwrap() error { return ErrAmbiguousGame }

// TurnError is a player acting out of turn; it names who is to move.
type TurnError struct {
	Game    storage.GameID
	ToMove  storage.UserID
	Seat    game.Seat
	Color   game.Color
	Players int    // 2 or 4: whether seats are named by colour alone
	Theme   string // the game's board theme, whose words name the colours
}

func (e *TurnError) Error() string {
	return fmt.Sprintf("it is user %s's turn (seat %d, %v) in %s", e.ToMove, e.Seat, e.Color, e.Game)
}

func (e *TurnError) Unwrap() error { return ErrNotYourTurn }

// LimitError is a player who already plays as many games as the server
// allows.
type LimitError struct {
	User  storage.UserID
	Limit int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("user %s already plays %d games, the most this server allows", e.User, e.Limit)
}

func (e *LimitError) Unwrap() error { return ErrTooManyGames }

// NotationError is a move that cannot be read. Example is a hole of the
// player's board that they may peg, to show how moves are written, or ""
// when their game is not known.
type NotationError struct {
	Input   string
	Example string
	Err     error // a *game.SyntaxError
}

func (e *NotationError) Error() string { return e.Err.Error() }
func (e *NotationError) Unwrap() error { return e.Err }

// BotError is a bot account invited to play, or seated.
type BotError struct{ User storage.UserID }

func (e *BotError) Error() string { return fmt.Sprintf("user %s is a bot and cannot play", e.User) }
func (e *BotError) Unwrap() error { return ErrBotChallenge }

// TwiceError is a player named twice in one challenge.
type TwiceError struct{ User storage.UserID }

func (e *TwiceError) Error() string { return fmt.Sprintf("user %s is named twice", e.User) }
func (e *TwiceError) Unwrap() error { return ErrBadOption }

// SeatedError is a player given the seat they already hold.
type SeatedError struct {
	User storage.UserID
	Seat game.Seat
}

func (e *SeatedError) Error() string {
	return fmt.Sprintf("user %s already sits in seat %d", e.User, e.Seat)
}
func (e *SeatedError) Unwrap() error { return ErrBadOption }

// OnlyError is an action that only one player may take: the player who
// just moved (a Privilege button), or a seat's partner (a substitute).
type OnlyError struct {
	User    storage.UserID // who may
	Partner game.Seat      // the seat whose substitute User may agree to; 0 for a button
	Claim   bool           // a Privilege claim by command, which only User may make now
}

func (e *OnlyError) Error() string {
	if e.Claim {
		return fmt.Sprintf("only user %s, who just moved, can claim Privilege now", e.User)
	}
	if e.Partner != 0 {
		return fmt.Sprintf("only user %s, the partner of seat %d, can agree to a substitute", e.User, e.Partner)
	}
	return fmt.Sprintf("this button is for user %s, who just moved", e.User)
}
func (e *OnlyError) Unwrap() error { return ErrNotForYou }

// InGame is an error about a game, carrying the game's board theme, so
// that the bot tells it in the game's words (White for Red on a Kosmos
// board).
type InGame struct {
	Game  storage.GameID
	Theme string
	Err   error
}

func (e *InGame) Error() string { return e.Err.Error() }
func (e *InGame) Unwrap() error { return e.Err }
