package render

import (
	"errors"
	"fmt"
)

// The errors of the package. Every error it returns wraps one of these;
// branch on them with errors.Is. A *ViewError carries the details of a view
// that cannot be drawn.
var (
	// ErrBadTheme is a theme name that is not classic, kosmos or
	// colorblind.
	ErrBadTheme = errors.New("unknown theme")
	// ErrBadScale is a scale name that is not small, medium or large.
	ErrBadScale = errors.New("unknown scale")
	// ErrBadLang is a language the catalogues do not have.
	ErrBadLang = errors.New("unknown language")
	// ErrBadView is a view that cannot be drawn: a size out of range, a
	// peg off the board or in a corner, a link that is not a knight's move.
	ErrBadView = errors.New("view cannot be drawn")
)

// ViewError says what is wrong with a View.
type ViewError struct {
	Field  string // e.g. "Size", "Red.Pegs", "Last.Hole"
	Detail string // what is wrong, and what to do instead
}

func (e *ViewError) Error() string {
	return fmt.Sprintf("render: %s: %s", e.Field, e.Detail)
}

// Unwrap returns ErrBadView.
func (e *ViewError) Unwrap() error { return ErrBadView }
