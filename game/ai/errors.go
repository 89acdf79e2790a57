package ai

import "errors"

// The errors of the engine; branch on them with errors.Is.
var (
	// ErrGameOver: there is nothing to choose, the game has ended.
	ErrGameOver = errors.New("the game is over")
	// ErrBadLevel: a level outside MinLevel..MaxLevel.
	ErrBadLevel = errors.New("bad level")
	// ErrBadMethod: a Config.Method that is not one of the methods.
	ErrBadMethod = errors.New("bad search method")
	// ErrCanceled: the context was done before the search could start.
	ErrCanceled = errors.New("search canceled before it started")
)
