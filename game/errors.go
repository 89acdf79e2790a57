package game

import (
	"errors"
	"fmt"
	"strings"
)

// The errors of the rules. Every error the package returns wraps exactly one
// of these, so callers branch with errors.Is; the typed errors below carry
// the details (the hole, the link, the seat) for errors.As.
var (
	// Settings and notation.
	ErrBadSize     = errors.New("bad board size")
	ErrBadRuleset  = errors.New("bad ruleset")
	ErrBadSwap     = errors.New("bad swap style")
	ErrBadOpening  = errors.New("bad opening")
	ErrBadColor    = errors.New("bad colour")
	ErrBadSettings = errors.New("bad game settings")
	ErrSyntax      = errors.New("bad move syntax")

	// Placing a peg.
	ErrOffBoard       = errors.New("off the board")
	ErrCorner         = errors.New("corner hole")
	ErrOpponentBorder = errors.New("in the opponent's border row")
	ErrOccupied       = errors.New("hole occupied")

	// Removing pegs (the 3M rules).
	ErrPegRemoval = errors.New("pegs can be removed only under the 3M rules")
	ErrNoOwnPeg   = errors.New("no own peg to remove")

	// Links.
	ErrNotKnightMove = errors.New("link is not a knight's move")
	ErrNotOwnPeg     = errors.New("link end is not the player's peg")
	ErrLinkExists    = errors.New("link already there")
	ErrLinkCrosses   = errors.New("link crosses another link")
	ErrNoSuchLink    = errors.New("no such link")
	ErrRemovalInPP   = errors.New("links cannot be removed in TwixT PP")

	// Turns and the state of the game.
	ErrNotYourTurn = errors.New("not your turn")
	ErrNoSuchSeat  = errors.New("no such seat")
	ErrStaleMove   = errors.New("wrong move number")
	ErrGameOver    = errors.New("game over")
	ErrSwapNotNow  = errors.New("swap not allowed")
	ErrOpening     = errors.New("not allowed by the opening")

	// Double TwixT.
	ErrNotDouble        = errors.New("privilege exists only in Double TwixT")
	ErrPrivilegeUsed    = errors.New("privilege already used")
	ErrPrivilegeTooLate = errors.New("privilege must be claimed right after one's own move")
)

// SyntaxError is a move or notation that cannot be read. Pos is the byte
// offset where reading stopped, and Want says what was expected there.
type SyntaxError struct {
	Input string
	Pos   int
	Want  string
}

func (e *SyntaxError) Error() string {
	if e.Pos >= len(e.Input) {
		return fmt.Sprintf("cannot read %q: expected %s at the end", e.Input, e.Want)
	}
	return fmt.Sprintf("cannot read %q at %q: expected %s", e.Input, e.Input[e.Pos:], e.Want)
}

func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// SizeError is a board size outside MinSize..MaxSize.
type SizeError struct {
	Size Size
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("a %s board is not allowed: each side must be from %d to %d holes", e.Size, MinSize, MaxSize)
}

func (e *SizeError) Unwrap() error { return ErrBadSize }

// HoleError is a peg that cannot go where it was asked to.
type HoleError struct {
	Hole  Hole
	Size  Size
	Color Color // the side that tried
	Err   error // ErrOffBoard, ErrCorner, ErrOpponentBorder, ErrOccupied, ErrPegRemoval or ErrNoOwnPeg
	Owner Color // with ErrOccupied and ErrNoOwnPeg: whose peg stands there
}

func (e *HoleError) Error() string {
	h := e.Hole.Upper()
	switch e.Err {
	case ErrOffBoard:
		return fmt.Sprintf("%s is off the board: columns run A to %s and rows 1 to %d", h, strings.ToUpper(ColumnName(e.Size.Cols-1)), e.Size.Rows)
	case ErrCorner:
		return fmt.Sprintf("%s is a corner hole, and the corners are not used", h)
	case ErrOpponentBorder:
		if e.Color == Red {
			return fmt.Sprintf("%s is in Black's border column (A and %s belong to Black); Red may not peg there", h, strings.ToUpper(ColumnName(e.Size.Cols-1)))
		}
		return fmt.Sprintf("%s is in Red's border row (rows 1 and %d belong to Red); Black may not peg there", h, e.Size.Rows)
	case ErrOccupied:
		return fmt.Sprintf("%s already holds a %s peg", h, e.Owner)
	case ErrPegRemoval:
		return fmt.Sprintf("cannot remove the peg in %s: only the 3M rules let a player take pegs off the board (this game's rules allow removing links only, with '-')", h)
	case ErrNoOwnPeg:
		if e.Owner == NoColor {
			return fmt.Sprintf("there is no peg in %s to remove", h)
		}
		return fmt.Sprintf("cannot remove the peg in %s: it is %s, and a player may remove only own pegs", h, e.Owner)
	}
	return h + ": " + e.Err.Error()
}

func (e *HoleError) Unwrap() error { return e.Err }

// LinkError is a link that cannot be made or removed.
type LinkError struct {
	Link  Link
	Hole  Hole  // with ErrNotOwnPeg: the end that is not the player's peg
	Color Color // the side that asked
	Err   error // ErrNotKnightMove, ErrNotOwnPeg, ErrLinkExists, ErrNoSuchLink, ErrOffBoard
}

func (e *LinkError) Error() string {
	l := e.Link.Upper()
	switch e.Err {
	case ErrNotKnightMove:
		return fmt.Sprintf("%s is not a knight's move: a link joins pegs one step apart one way and two the other", l)
	case ErrNotOwnPeg:
		return fmt.Sprintf("cannot link %s: %s is not a %s peg", l, e.Hole.Upper(), e.Color)
	case ErrLinkExists:
		return fmt.Sprintf("%s is already linked", l)
	case ErrNoSuchLink:
		return fmt.Sprintf("there is no %s link %s to remove", e.Color, l)
	case ErrOffBoard:
		return fmt.Sprintf("cannot link %s: it runs off the board", l)
	}
	return l + ": " + e.Err.Error()
}

func (e *LinkError) Unwrap() error { return e.Err }

// CrossError is a link that would cross an existing one.
type CrossError struct {
	Link    Link  // the link asked for
	Crosses Link  // the link in the way
	Owner   Color // the colour of the link in the way
}

func (e *CrossError) Error() string {
	return fmt.Sprintf("cannot link %s: it would cross the %s link %s", e.Link.Upper(), e.Owner, e.Crosses.Upper())
}

func (e *CrossError) Unwrap() error { return ErrLinkCrosses }

// TurnError is an action by a seat that may not act now.
type TurnError struct {
	Seat   Seat  // who tried
	ToMove Seat  // whose turn it is
	Color  Color // the colour to move
}

func (e *TurnError) Error() string {
	return fmt.Sprintf("it is not %s's turn: %s (%s) is to move", e.Seat, e.ToMove, e.Color)
}

func (e *TurnError) Unwrap() error { return ErrNotYourTurn }

// MoveNumberError is a move submitted with a #N that is not this turn's
// number: a stale or repeated submission.
type MoveNumberError struct {
	Got, Want int
}

func (e *MoveNumberError) Error() string {
	if e.Got < e.Want {
		return fmt.Sprintf("move #%d was already played; this is move #%d (the game moved on, refresh and try again)", e.Got, e.Want)
	}
	return fmt.Sprintf("move #%d is not the next one; this is move #%d", e.Got, e.Want)
}

func (e *MoveNumberError) Unwrap() error { return ErrStaleMove }

// StateError is an action the state of the game forbids: it is over, a swap
// that is not allowed now, or a Privilege that cannot be claimed. Detail
// says why in words.
type StateError struct {
	Err    error
	Detail string
}

func (e *StateError) Error() string {
	if e.Detail == "" {
		return e.Err.Error()
	}
	return e.Detail
}

func (e *StateError) Unwrap() error { return e.Err }

func stateErr(err error, format string, args ...any) error {
	return &StateError{Err: err, Detail: fmt.Sprintf(format, args...)}
}

// mirrorSwapErr is a mirror swap that cannot be played: the mirror image of
// the first peg, first, is not a hole Black may peg (why says why). On a
// square board that cannot happen; on another it says so.
func mirrorSwapErr(first, mirror Hole, size Size, why error) error {
	msg := fmt.Sprintf("cannot swap: the mirror image of %s is %s, where Black may not peg (%v)", first.Upper(), mirror.Upper(), why)
	if size.Cols != size.Rows {
		msg += fmt.Sprintf("; the mirror swap needs a square board, and this one is %s", size)
	}
	return stateErr(ErrSwapNotNow, "%s", msg)
}
