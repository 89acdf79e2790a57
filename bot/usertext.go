package bot

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
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
		amb  *match.AmbiguousError
		turn *match.TurnError
		not  *match.NotationError
		syn  *game.SyntaxError
		lim  *match.LimitError
		pol  *match.PolicyError
		voc  *match.InGame

		bot    *match.BotError
		twice  *match.TwiceError
		seated *match.SeatedError
		only   *match.OnlyError
		ref    *match.Refusal
		own    *refusedError
	)
	v := vocab{}
	if errors.As(err, &voc) {
		v = themeVocab(voc.Theme)
	}
	switch {
	case errors.As(err, &amb):
		ids := make([]string, len(amb.Candidates))
		for i, g := range amb.Candidates {
			players := make([]string, len(g.Seats))
			for j, u := range g.Seats {
				players[j] = mention(u)
			}
			ids[i] = fmt.Sprintf("**%s** (%s)", g.ID, strings.Join(players, " vs "))
		}
		return "More than one game could be meant here: " + strings.Join(ids, ", ") +
			". Add `game:` with its number to say which.", true
	case errors.As(err, &turn):
		return fmt.Sprintf("Not your turn: it is %s's move (%s) in %s.", mention(turn.ToMove), themeVocab(turn.Theme).seat(turn.Players, turn.Seat, turn.Color), turn.Game), true
	case errors.As(err, &not) && errors.As(err, &syn):
		return notationText(not, syn) + " " + moveSyntax(not.Example), true
	case errors.As(err, &syn):
		return notationText(&match.NotationError{Input: syn.Input}, syn) + " " + moveSyntax(""), true
	case errors.As(err, &lim):
		return fmt.Sprintf("%s already plays %d games, the most this server allows. Finish a game first.", mention(lim.User), lim.Limit), true
	case errors.As(err, &bot):
		return fmt.Sprintf("%s is a bot and cannot play.", mention(bot.User)), true
	case errors.As(err, &twice):
		return fmt.Sprintf("%s is named twice: the four players must be different people.", mention(twice.User)), true
	case errors.As(err, &seated):
		return fmt.Sprintf("%s already sits in seat %d.", mention(seated.User), seated.Seat), true
	case errors.As(err, &only) && only.Claim:
		return fmt.Sprintf("Only %s, who just moved, can claim Privilege now: a team claims it right after one of its own moves.", mention(only.User)), true
	case errors.As(err, &only) && only.Partner != 0:
		return fmt.Sprintf("Only %s, the partner of seat %d, can agree to a substitute.", mention(only.User), only.Partner), true
	case errors.As(err, &only):
		return fmt.Sprintf("This button is for %s, who just moved.", mention(only.User)), true
	case errors.As(err, &pol):
		return "Not allowed on this server: " + pol.What + ". The moderators allow " + pol.Allowed + ".", true
	case errors.As(err, &ref):
		return refusalText(ref), true
	case errors.As(err, &own):
		return sentence(own.text), true
	case errors.Is(err, storage.ErrConflict):
		return "The game moved on while you were acting: another action landed first. Look at the board and try again.", true
	case errors.Is(err, storage.ErrWrongState):
		return "That game is not running any more.", true
	case errors.Is(err, match.ErrNotForYou):
		return "This is not for you: only the players it names can answer it.", true
	case errors.Is(err, match.ErrSelfChallenge):
		return "You cannot challenge yourself. Pick another player as `opponent:`.", true
	case errors.Is(err, game.ErrBadSize), errors.Is(err, game.ErrBadSettings), errors.Is(err, game.ErrBadRuleset),
		errors.Is(err, game.ErrBadSwap), errors.Is(err, game.ErrBadColor), errors.Is(err, game.ErrBadOpening):
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

// notationText says where a move could not be read and what was
// expected, without the parser's wording.
func notationText(ne *match.NotationError, syn *game.SyntaxError) string {
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

// refusedError is a refusal the bot itself writes, at the edge: its text
// is the player's to read, its kind is for errors.Is.
type refusedError struct {
	kind error
	text string
}

func (e *refusedError) Error() string { return e.kind.Error() + ": " + e.text }
func (e *refusedError) Unwrap() error { return e.kind }

// refused is a refusal of kind, told in the words of format.
func refused(kind error, format string, args ...any) error {
	return &refusedError{kind: kind, text: fmt.Sprintf(format, args...)}
}

// optionError is a command option that cannot be used.
func optionError(format string, args ...any) error {
	return refused(match.ErrBadOption, format, args...)
}

// noGameHint ends the refusals that find no game.
const noGameHint = " Start one with `/twixt challenge`, or name one with `game:`."

// refusals words each reason of the match logic's refusals; a reason
// missing here fails TestEveryRefusalHasText.
var refusals = map[match.Reason]func(e *match.Refusal) string{
	match.NoSuchGame:    func(e *match.Refusal) string { return sayf("there is no game %s on this server", e.Game) + noGameHint },
	match.NoGameOfYours: func(*match.Refusal) string { return "You have no running game in this channel." + noGameHint },
	match.NoGameHere:    func(*match.Refusal) string { return "No game is running in this channel." + noGameHint },
	match.NotGameNumber: func(e *match.Refusal) string {
		return sayf("%q is not a game number; game numbers look like g12", e.Value)
	},

	match.NotRunning: func(e *match.Refusal) string { return sayf("game %s is %s", e.Game, match.StateWord(e.State)) },
	match.FollowNotRunning: func(e *match.Refusal) string {
		return sayf("game %s is %s; follow a running game", e.Game, match.StateWord(e.State))
	},
	match.RematchNotFinished: func(e *match.Refusal) string {
		return sayf("game %s is %s; a rematch follows a finished game", e.Game, match.StateWord(e.State))
	},
	match.TakebackNotRunning: func(e *match.Refusal) string {
		return sayf("game %s is %s, and a takeback never touches a game that is not running", e.Game, match.StateWord(e.State))
	},
	match.NotInGame:        func(e *match.Refusal) string { return sayf("you do not play in %s", e.Game) },
	match.MovedOn:          func(*match.Refusal) string { return "The game has moved on since then." },
	match.StartedMeanwhile: func(e *match.Refusal) string { return sayf("%s has started meanwhile; try again", e.Game) },
	match.DrawMovedOn:      func(*match.Refusal) string { return "The game moved on; look at the board and offer again." },
	match.TakebackMovedOn:  func(*match.Refusal) string { return "The game has moved on since that move; ask with /twixt takeback." },
	match.TakebackAskAgain: func(*match.Refusal) string { return "The game moved on; look at the board and ask again." },
	match.TakebackGone:     func(*match.Refusal) string { return "The takeback request is no longer standing." },
	match.TakebackGoneMoved: func(*match.Refusal) string {
		return "The takeback request is no longer standing (a move was made, or it was answered)."
	},
	match.NotPlayable:        func(e *match.Refusal) string { return sayf("%s is not something a player plays", e.Value) },
	match.DrawAlreadyOffered: func(*match.Refusal) string { return "Your side's draw offer is already on the table." },
	match.NoDrawOffer:        func(*match.Refusal) string { return "The draw offer is no longer on the table." },
	match.OtherSideDraw:      func(*match.Refusal) string { return "Only the other side can answer this draw offer." },
	match.OtherSideTakeback:  func(*match.Refusal) string { return "Only the other side can answer this takeback request." },
	match.RematchNotPlayer:   func(e *match.Refusal) string { return sayf("only the players of %s can ask for a rematch", e.Game) },
	match.RematchProposed:    func(e *match.Refusal) string { return sayf("a rematch of %s has already been proposed", e.Game) },
	match.BothSides: func(e *match.Refusal) string {
		return sayf("you played both sides of %s: challenge someone with /twixt challenge", e.Game)
	},
	match.NothingToTakeBack:   func(e *match.Refusal) string { return sayf("you have made no move in %s to take back", e.Game) },
	match.MoveStands:          func(*match.Refusal) string { return "Your side has moved since your last move, so it stands." },
	match.TakebackWaiting:     func(*match.Refusal) string { return "Your side's takeback request is already waiting for an answer." },
	match.TakebackAnswerFirst: func(*match.Refusal) string { return "The other side has asked for a takeback; answer it first." },
	match.NotDoubleSubstitute: func(*match.Refusal) string {
		return "Substitutes are for Double TwixT; a moderator can reseat a two-player game."
	},
	match.NoDoubleSeat: func(e *match.Refusal) string { return sayf("seat %d does not exist: seats are 1 to 4", e.N) },
	match.NoSuchSeat:   func(e *match.Refusal) string { return sayf("%s has seats 1 to %d", e.Game, e.Hi) },

	match.InviteCount: func(*match.Refusal) string {
		return "A challenge invites one opponent, or a partner and two opponents."
	},
	match.NotColour: func(e *match.Refusal) string { return sayf("%q is not a colour: choose red, black or random", e.Value) },
	match.ChallengeAnswered: func(e *match.Refusal) string {
		return sayf("the challenge %s is already %s", e.Game, match.StateWord(e.State))
	},
	match.AlreadyAccepted:   func(*match.Refusal) string { return "You have already accepted; waiting for the others." },
	match.NotAcceptedInTime: func(e *match.Refusal) string { return sayf("%s was not accepted in time", e.Game) },
	match.NoSuchLevel: func(e *match.Refusal) string {
		return sayf("there is no level %d: the levels are %d (%s) to %d (%s)", e.N, e.Lo, ai.Level(e.Lo), e.Hi, ai.Level(e.Hi))
	},

	match.NotModerator:  func(*match.Refusal) string { return "/twixtadmin needs the Manage Server permission." },
	match.NoSuchSetting: func(e *match.Refusal) string { return sayf("there is no setting %q", e.Value) },
	match.NotSetHere: func(e *match.Refusal) string {
		return sayf("%s is not set here, so there is nothing to unset", e.Value)
	},
	match.ServerOnly: func(e *match.Refusal) string { return sayf("%s is set for the whole server, not per channel", e.Value) },
	match.PresetName: func(e *match.Refusal) string {
		return sayf("a preset needs a plain name of at most %d characters, like beginner or kosmos-2", e.N)
	},
	match.TooManyPresets: func(e *match.Refusal) string { return sayf("a server can have at most %d presets", e.N) },
	match.NoSuchPreset:   func(e *match.Refusal) string { return sayf("there is no preset %q", e.Value) },
	match.NotOnOff:       func(e *match.Refusal) string { return sayf("%q is not on or off", e.Value) },
	match.NotWholeNumber: func(e *match.Refusal) string {
		return sayf("%q is not a whole number from %d to %d", e.Value, e.Lo, e.Hi)
	},
	match.NotTime: func(e *match.Refusal) string {
		return sayf("%q is not a time from 1m to 60d (write e.g. 10m, 2h, 3d, or off)", e.Value)
	},
	match.NotExpiry: func(e *match.Refusal) string { return sayf("%q is not a time from 1m to 60d", e.Value) },
	match.NotChannelOrRole: func(e *match.Refusal) string {
		return sayf("%q is not a channel or role (mention it, or give its ID)", e.Value)
	},
	match.BadSize: func(e *match.Refusal) string {
		if e.Err != nil {
			return sentence(e.Err.Error())
		}
		return sayf("%q is not a board size", e.Value)
	},
	match.NotRuleset:   func(e *match.Refusal) string { return sayf("%q is not a ruleset (standard or pp)", e.Value) },
	match.NotSwapStyle: func(e *match.Refusal) string { return sayf("%q is not a swap style (sides or mirror)", e.Value) },
	match.NotTheme: func(e *match.Refusal) string {
		return sayf("%q is not a theme (%s)", e.Value, strings.Join(match.Themes, ", "))
	},
	match.BadReminders: func(e *match.Refusal) string {
		return sayf("%q: reminders are percentages from 1 to 99, like 50,90", e.Value)
	},
	match.NotHintMode: func(e *match.Refusal) string {
		return sayf("%q is not a hint mode: off, computer (in games against the computer only) or all", e.Value)
	},
	match.NotLevel: func(e *match.Refusal) string {
		return sayf("%q is not a level: a number from %d to %d, or a name like %s", e.Value, e.Lo, e.Hi, ai.Level(e.Lo))
	},
	match.NotTakebackMode: func(e *match.Refusal) string { return sayf("%q is not on, casual or off", e.Value) },
	match.SizeMinOverMax:  func(e *match.Refusal) string { return sayf("size_min (%d) is larger than size_max (%d)", e.Lo, e.Hi) },
	match.DefaultSizeOutside: func(e *match.Refusal) string {
		return sayf("the default size %s is outside the allowed sides %d to %d", e.Value, e.Lo, e.Hi)
	},
	match.HandicapMinOverMax: func(e *match.Refusal) string {
		return sayf("handicap_min (%d) is larger than handicap_max (%d)", e.Lo, e.Hi)
	},
	match.NotOpening: func(e *match.Refusal) string {
		return sayf("%q is not an opening (pie3, kosmos-centre, both separated by a comma, or none)", e.Value)
	},
	match.NoOpenings: func(*match.Refusal) string { return "Name the openings to allow (pie3, kosmos-centre), or none." },
	match.NotTogether: func(*match.Refusal) string {
		return "One move at a time: only the cut-the-pie opening's first three pegs may be placed together."
	},
}

// sayf is fmt.Sprintf, made a sentence.
func sayf(format string, args ...any) string { return sentence(fmt.Sprintf(format, args...)) }

// refusalText words a refusal of the match logic.
func refusalText(e *match.Refusal) string {
	if w, ok := refusals[e.Reason]; ok {
		return w(e)
	}
	return sentence(e.Error()) // a reason without words fails TestEveryRefusalHasText
}
