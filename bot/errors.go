package bot

import "errors"

// The bot's own errors, besides those of the match logic (bot/match) that
// its handlers pass on. Both become replies in one place (usertext.go).

// ErrComputerBusy: every worker of the computer stayed busy while a hint
// or a review waited for one.
var ErrComputerBusy = errors.New("the computer is busy")
