package bot

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// userMessage writes, once and in one place, what a player is told when an
// action fails: what is wrong, and what to do instead. It reports false for
// errors that are the bot's own fault, which are logged and answered with
// an apology.
func userMessage(err error) (string, bool) {
	if msg, ok := discord.UserMessage(err); ok {
		return msg, true // an option Discord sent wrong, explained by the router
	}
	var (
		amb  *AmbiguousError
		turn *TurnError
		syn  *game.SyntaxError
		lim  *LimitError
		pol  *PolicyError
	)
	switch {
	case errors.As(err, &amb):
		ids := make([]string, len(amb.Candidates))
		for i, g := range amb.Candidates {
			players := make([]string, len(g.Seats))
			for j, u := range g.Seats {
				players[j] = mention(string(u))
			}
			ids[i] = fmt.Sprintf("**%s** (%s)", g.ID, strings.Join(players, " vs "))
		}
		return "More than one game could be meant here: " + strings.Join(ids, ", ") +
			". Add `game:` with its number to say which.", true
	case errors.As(err, &turn):
		return fmt.Sprintf("Not your turn: it is %s's move (%s) in %s.", mention(string(turn.ToMove)), turn.Name, turn.Game), true
	case errors.As(err, &syn):
		return syn.Error() + ". Write a hole like `j12`; see `/twixt help` for links and unlinks.", true
	case errors.As(err, &lim):
		return lim.Error() + ". Finish a game first.", true
	case errors.As(err, &pol):
		return "Not allowed on this server: " + pol.What + ". The moderators allow " + pol.Allowed + ".", true
	case errors.Is(err, ErrNoGame):
		return sentence(detail(err, ErrNoGame)) + " Start one with `/twixt challenge`, or name one with `game:`.", true
	case errors.Is(err, storage.ErrConflict):
		return "The game moved on while you were acting: another action landed first. Look at the board and try again.", true
	case errors.Is(err, storage.ErrWrongState):
		return "That game is not running any more.", true
	case errors.Is(err, ErrStale), errors.Is(err, ErrExpired), errors.Is(err, ErrAnswered), errors.Is(err, ErrWaiting),
		errors.Is(err, ErrNotRunning), errors.Is(err, ErrNoDrawOffer), errors.Is(err, ErrNotInGame),
		errors.Is(err, ErrNotModerator), errors.Is(err, ErrBadOption), errors.Is(err, ErrBotChallenge):
		return sentence(strings.TrimSpace(lastPart(err))), true
	case errors.Is(err, ErrNotForYou):
		d := lastPart(err)
		if d == ErrNotForYou.Error() {
			return "This is not for you: only the players it names can answer it.", true
		}
		return sentence(d), true
	case errors.Is(err, ErrSelfChallenge):
		return "You cannot challenge yourself. Pick another player as `opponent:`.", true
	case errors.Is(err, ErrBadValue):
		return sentence(detail(err, ErrBadValue)), true
	case errors.Is(err, game.ErrBadSize), errors.Is(err, game.ErrBadSettings), errors.Is(err, game.ErrBadRuleset), errors.Is(err, game.ErrBadOpening):
		return sentence(err.Error()), true
	case isGameError(err):
		msg := sentence(err.Error())
		if errors.Is(err, game.ErrLinkCrosses) {
			msg += " Remove a link first (`-a/b` before the `+`), or leave that link out."
		}
		return msg + " Nothing changed; it is still your move.", true
	case errors.Is(err, storage.ErrNotFound):
		return "That game does not exist (any more).", true
	case isFull(err):
		return "Your action was not saved: the bot's storage is full or read-only right now. Nothing changed; please try again later.", true
	}
	return "", false
}

// isGameError reports whether err is the rules refusing an action.
func isGameError(err error) bool {
	for _, target := range []error{
		game.ErrOffBoard, game.ErrCorner, game.ErrOpponentBorder, game.ErrOccupied,
		game.ErrNotKnightMove, game.ErrNotOwnPeg, game.ErrLinkExists, game.ErrLinkCrosses, game.ErrNoSuchLink,
		game.ErrRemovalInPP, game.ErrLinkNotNewPeg, game.ErrNotYourTurn, game.ErrStaleMove, game.ErrGameOver,
		game.ErrSwapNotNow, game.ErrNotDouble, game.ErrPrivilegeUsed, game.ErrPrivilegeTooLate,
		game.ErrPegRemoval, game.ErrNoOwnPeg, game.ErrOpening,
	} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// isFull reports a store that cannot write: a full disk, a read-only file
// system or database.
func isFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.EDQUOT) ||
		errors.Is(err, storage.ErrReadOnly)
}

// detail strips a sentinel's text from the front of a wrapped error.
func detail(err, sentinel error) string {
	return strings.TrimPrefix(err.Error(), sentinel.Error()+": ")
}

// lastPart is the text after the last sentinel prefix of a wrapped error.
func lastPart(err error) string {
	s := err.Error()
	for _, sentinel := range []error{ErrStale, ErrExpired, ErrAnswered, ErrWaiting, ErrNotRunning, ErrNoDrawOffer,
		ErrNotInGame, ErrNotModerator, ErrBadOption, ErrNotForYou, ErrBotChallenge} {
		s = strings.TrimPrefix(s, sentinel.Error()+": ")
	}
	return s
}

// sentence capitalizes the first letter and ends with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	if c := s[0]; c >= 'a' && c <= 'z' {
		s = string(c-'a'+'A') + s[1:]
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, ")") {
		s += "."
	}
	return s
}
