package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// The errors of the match logic. Rule errors come from game unchanged
// (game.ErrOccupied, game.ErrLinkCrosses, ...), and storage's ErrConflict
// means the game moved on; the handlers turn all of them into replies in
// one place (userMessage).
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
	Game   storage.GameID
	ToMove storage.UserID
	Seat   game.Seat
	Color  game.Color
	Name   string // "Red", "Black 2"
}

func (e *TurnError) Error() string {
	return fmt.Sprintf("it is %s's turn (%s) in %s", mention(string(e.ToMove)), e.Name, e.Game)
}

func (e *TurnError) Unwrap() error { return ErrNotYourTurn }

// LimitError is a player who already plays as many games as the server
// allows.
type LimitError struct {
	User  storage.UserID
	Limit int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s already plays %d games, the most this server allows", mention(string(e.User)), e.Limit)
}

func (e *LimitError) Unwrap() error { return ErrTooManyGames }

// optionError is a command option that cannot be used.
func optionError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadOption, fmt.Sprintf(format, args...))
}

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

// vocabError is an error about a game, to be told in that game's words
// (White for Red on a Kosmos board).
type vocabError struct {
	err error
	v   vocab
}

func (e *vocabError) Error() string { return e.err.Error() }
func (e *vocabError) Unwrap() error { return e.err }

// inVocab marks err as being about a game that speaks vocabulary v.
func inVocab(v vocab, err error) error {
	if err == nil {
		return nil
	}
	return &vocabError{err: err, v: v}
}
