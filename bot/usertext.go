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

// nothingChanged ends every message about a refused action, so that a
// player can always tell a refusal from a move that landed.
const nothingChanged = "Nothing changed."

// userMessage writes, once and in one place, what a player is told when an
// action fails: what is wrong, what to do instead, and "Nothing changed."
// It reports false for errors that are the bot's own fault, which are
// logged and answered with an apology.
func userMessage(err error) (string, bool) {
	msg, ok := explain(err)
	if !ok {
		return "", false
	}
	return msg + " " + nothingChanged, true
}

// moveSyntax shows how moves are written, with a hole of the player's
// board, or a hole every board has when the board is not known.
func moveSyntax(example string) string {
	if example == "" {
		example = "c3"
	}
	return fmt.Sprintf("Write a move as a hole, column letters then the row number, like `%s`, or `swap`; "+
		"`/twixt help` shows how to add links and unlinks.", example)
}

// explain is userMessage without its ending: whole sentences.
func explain(err error) (string, bool) {
	if msg, ok := discord.UserMessage(err); ok {
		return sentence(msg), true // an option Discord sent wrong, explained by the router
	}
	var (
		amb  *AmbiguousError
		turn *TurnError
		not  *NotationError
		syn  *game.SyntaxError
		lim  *LimitError
		pol  *PolicyError
		voc  *vocabError
	)
	v := vocab{}
	if errors.As(err, &voc) {
		v = voc.v
	}
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
	case errors.As(err, &not) && errors.As(err, &syn):
		return notationText(not, syn) + " " + moveSyntax(not.Example), true
	case errors.As(err, &syn):
		return notationText(&NotationError{Input: syn.Input}, syn) + " " + moveSyntax(""), true
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
		errors.Is(err, ErrNotModerator), errors.Is(err, ErrBadOption), errors.Is(err, ErrBotChallenge),
		errors.Is(err, ErrComputerBusy):
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
	case errors.Is(err, game.ErrBadSize), errors.Is(err, game.ErrBadSettings), errors.Is(err, game.ErrBadRuleset),
		errors.Is(err, game.ErrBadSwap), errors.Is(err, game.ErrBadColor):
		return sentence(err.Error()), true
	case isGameError(err):
		msg := sentence(v.words(err.Error()))
		if errors.Is(err, game.ErrLinkCrosses) {
			msg += " Remove a link first (`-a/b` before the `+`), or leave that link out."
		}
		var he *game.HoleError
		var le *game.LinkError
		if errors.As(err, &he) || errors.As(err, &le) || errors.Is(err, game.ErrLinkCrosses) {
			msg += " It is still your move."
		}
		return msg, true
	case errors.Is(err, storage.ErrNotFound):
		return "That game does not exist (any more).", true
	case isFull(err):
		return "Your action was not saved: the bot's storage is full or read-only right now. Please try again later.", true
	}
	return "", false
}

// isGameError reports whether err is the rules refusing an action.
func isGameError(err error) bool {
	for _, target := range []error{
		game.ErrOffBoard, game.ErrCorner, game.ErrOpponentBorder, game.ErrOccupied,
		game.ErrNotKnightMove, game.ErrNotOwnPeg, game.ErrLinkExists, game.ErrLinkCrosses, game.ErrNoSuchLink,
		game.ErrRemovalInPP, game.ErrLinkNotNewPeg, game.ErrNotYourTurn, game.ErrStaleMove, game.ErrGameOver,
		game.ErrSwapNotNow, game.ErrNotDouble, game.ErrPrivilegeUsed, game.ErrPrivilegeTooLate, game.ErrNoSuchSeat,
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

// notationText says where a move could not be read and what was
// expected, without the parser's wording.
func notationText(ne *NotationError, syn *game.SyntaxError) string {
	in := ne.Input
	if in == "" {
		in = syn.Input
	}
	if strings.TrimSpace(in) == "" {
		return "You wrote no move."
	}
	if syn.Pos <= 0 || syn.Pos > len(syn.Input) {
		return fmt.Sprintf("I cannot read %s as a move.", quote(in))
	}
	if syn.Pos == len(syn.Input) {
		return sentence(fmt.Sprintf("I cannot read the move %s: it ends too soon, where I expected %s", quote(in), syn.Want))
	}
	return sentence(fmt.Sprintf("I cannot read the move %s from %s on: I expected %s there", quote(in), quote(syn.Input[syn.Pos:]), syn.Want))
}

// quote shows what a player typed in code style, shortened and without
// backticks that would break it.
func quote(s string) string {
	s = strings.ReplaceAll(strings.TrimSpace(s), "`", "'")
	if r := []rune(s); len(r) > 40 {
		s = string(r[:39]) + "…"
	}
	return "`" + s + "`"
}

// sentence capitalizes the first letter and ends with a full stop, also
// after a closing parenthesis.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	if c := s[0]; c >= 'a' && c <= 'z' {
		s = string(c-'a'+'A') + s[1:]
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, ".)") {
		s += "."
	}
	return s
}
