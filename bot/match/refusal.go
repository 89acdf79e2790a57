package match

import (
	"errors"
	"fmt"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// Reason is why the match logic refused an action. Each reason belongs to
// one of the error variables (its kind, which errors.Is finds), and says
// which fields of its Refusal it fills. The bot writes one sentence per
// reason (a test there fails for a reason without one).
type Reason uint8

// The reasons, with the Refusal fields each one fills.
const (
	_ Reason = iota

	NoSuchGame    // ErrNoGame; Game
	NoGameOfYours // ErrNoGame: the caller plays no running game in this channel
	NoGameHere    // ErrNoGame: no game runs in this channel
	NotGameNumber // ErrBadOption; Value

	NotRunning           // ErrNotRunning; Game, State
	FollowNotRunning     // ErrNotRunning; Game, State
	RematchNotFinished   // ErrNotRunning; Game, State
	TakebackNotRunning   // ErrNotRunning; Game, State
	NotInGame            // ErrNotInGame; Game
	MovedOn              // ErrStale: a button of an older position
	StartedMeanwhile     // ErrStale; Game: a challenge a moderator cancels has started
	DrawMovedOn          // ErrStale
	TakebackMovedOn      // ErrStale
	TakebackAskAgain     // ErrStale
	TakebackGone         // ErrStale
	TakebackGoneMoved    // ErrStale
	NotPlayable          // ErrBadOption; Value: a move kind
	DrawAlreadyOffered   // ErrAnswered
	NoDrawOffer          // ErrNoDrawOffer
	OtherSideDraw        // ErrNotForYou
	DrawComputerThinking // ErrWaiting; Game: the computer, to answer, is thinking about its move
	OtherSideTakeback    // ErrNotForYou
	RematchNotPlayer     // ErrNotForYou; Game
	RematchProposed      // ErrAnswered; Game
	BothSides            // ErrBadOption; Game
	NothingToTakeBack    // ErrBadOption; Game
	MoveStands           // ErrBadOption
	TakebackWaiting      // ErrWaiting
	TakebackAnswerFirst  // ErrWaiting
	NotDoubleSubstitute  // ErrBadOption
	NoDoubleSeat         // ErrBadOption; N: the seat
	NoSuchSeat           // ErrBadOption; Game, Hi: the last seat

	InviteCount       // ErrBadOption
	NotColour         // ErrBadOption; Value
	ChallengeAnswered // ErrAnswered; Game, State
	AlreadyAccepted   // ErrWaiting
	NotAcceptedInTime // ErrExpired; Game
	NoSuchLevel       // ErrBadOption; N, Lo, Hi

	NotModerator       // ErrNotModerator
	NoSuchSetting      // ErrBadValue; Value
	NotSetHere         // ErrBadValue; Value: the setting
	ServerOnly         // ErrBadValue; Value: the setting
	PresetName         // ErrBadValue; N: the longest name
	TooManyPresets     // ErrBadValue; N: the most presets
	NoSuchPreset       // ErrBadValue; Value
	NotOnOff           // ErrBadValue; Value
	NotWholeNumber     // ErrBadValue; Value, Lo, Hi
	NotTime            // ErrBadValue; Value
	NotExpiry          // ErrBadValue; Value
	NotChannelOrRole   // ErrBadValue; Value
	BadSize            // ErrBadValue; Err: game's reason
	NotRuleset         // ErrBadValue; Value
	NotSwapStyle       // ErrBadValue; Value
	NotTheme           // ErrBadValue; Value (the themes are Themes)
	BadReminders       // ErrBadValue; Value
	NotHintMode        // ErrBadValue; Value
	NotLevel           // ErrBadValue; Value, Lo, Hi
	NotTakebackMode    // ErrBadValue; Value
	SizeMinOverMax     // ErrBadValue; Lo, Hi
	DefaultSizeOutside // ErrBadValue; Value: the size, Lo, Hi
	HandicapMinOverMax // ErrBadValue; Lo, Hi
	NotOpening         // ErrBadValue; Value
	NoOpenings         // ErrBadValue
	NotTogether        // ErrBadOption: several pegs at once outside the cut-the-pie opening
	NotLanguage        // ErrBadValue; Value

	reasonCount
)

// reasons holds each reason's name (for logs) and kind.
var reasons = [reasonCount]struct {
	name string
	kind error
}{
	NoSuchGame: {"no such game", ErrNoGame}, NoGameOfYours: {"no game of yours here", ErrNoGame},
	NoGameHere: {"no game here", ErrNoGame}, NotGameNumber: {"not a game number", ErrBadOption},
	NotRunning: {"not running", ErrNotRunning}, FollowNotRunning: {"follow: not running", ErrNotRunning},
	RematchNotFinished: {"rematch: not finished", ErrNotRunning}, TakebackNotRunning: {"takeback: not running", ErrNotRunning},
	NotInGame: {"not in the game", ErrNotInGame}, MovedOn: {"moved on", ErrStale},
	StartedMeanwhile: {"started meanwhile", ErrStale}, DrawMovedOn: {"draw: moved on", ErrStale},
	TakebackMovedOn: {"takeback: moved on", ErrStale}, TakebackAskAgain: {"takeback: ask again", ErrStale},
	TakebackGone: {"takeback: gone", ErrStale}, TakebackGoneMoved: {"takeback: gone (moved)", ErrStale},
	NotPlayable: {"not playable", ErrBadOption}, DrawAlreadyOffered: {"draw already offered", ErrAnswered},
	NoDrawOffer: {"no draw offer", ErrNoDrawOffer}, OtherSideDraw: {"draw: other side only", ErrNotForYou},
	DrawComputerThinking: {"draw: the computer is thinking", ErrWaiting},
	OtherSideTakeback:    {"takeback: other side only", ErrNotForYou}, RematchNotPlayer: {"rematch: players only", ErrNotForYou},
	RematchProposed: {"rematch already proposed", ErrAnswered}, BothSides: {"played both sides", ErrBadOption},
	NothingToTakeBack: {"nothing to take back", ErrBadOption}, MoveStands: {"the move stands", ErrBadOption},
	TakebackWaiting: {"takeback waiting", ErrWaiting}, TakebackAnswerFirst: {"takeback: answer first", ErrWaiting},
	NotDoubleSubstitute: {"substitute: not Double TwixT", ErrBadOption}, NoDoubleSeat: {"no such Double TwixT seat", ErrBadOption},
	NoSuchSeat:  {"no such seat", ErrBadOption},
	InviteCount: {"wrong number invited", ErrBadOption}, NotColour: {"not a colour", ErrBadOption},
	ChallengeAnswered: {"challenge answered", ErrAnswered}, AlreadyAccepted: {"already accepted", ErrWaiting},
	NotAcceptedInTime: {"not accepted in time", ErrExpired}, NoSuchLevel: {"no such level", ErrBadOption},
	NotModerator: {"not a moderator", ErrNotModerator}, NoSuchSetting: {"no such setting", ErrBadValue},
	NotSetHere: {"not set here", ErrBadValue}, ServerOnly: {"server only", ErrBadValue},
	PresetName: {"bad preset name", ErrBadValue}, TooManyPresets: {"too many presets", ErrBadValue},
	NoSuchPreset: {"no such preset", ErrBadValue}, NotOnOff: {"not on or off", ErrBadValue},
	NotWholeNumber: {"not a whole number", ErrBadValue}, NotTime: {"not a time", ErrBadValue},
	NotExpiry: {"not an expiry time", ErrBadValue}, NotChannelOrRole: {"not a channel or role", ErrBadValue},
	BadSize: {"bad size", ErrBadValue}, NotRuleset: {"not a ruleset", ErrBadValue},
	NotSwapStyle: {"not a swap style", ErrBadValue}, NotTheme: {"not a theme", ErrBadValue},
	BadReminders: {"bad reminders", ErrBadValue}, NotHintMode: {"not a hint mode", ErrBadValue},
	NotLevel: {"not a level", ErrBadValue}, NotTakebackMode: {"not a takeback mode", ErrBadValue},
	SizeMinOverMax: {"size_min over size_max", ErrBadValue}, DefaultSizeOutside: {"default size outside", ErrBadValue},
	HandicapMinOverMax: {"handicap_min over handicap_max", ErrBadValue},
	NotOpening:         {"not an opening", ErrBadValue}, NoOpenings: {"no openings named", ErrBadValue},
	NotTogether: {"several pegs at once", ErrBadOption}, NotLanguage: {"not a language", ErrBadValue},
}

// Reasons lists every reason.
func Reasons() []Reason {
	out := make([]Reason, 0, reasonCount-1)
	for r := Reason(1); r < reasonCount; r++ {
		out = append(out, r)
	}
	return out
}

func (r Reason) String() string {
	if r > 0 && r < reasonCount {
		return reasons[r].name
	}
	return fmt.Sprintf("reason(%d)", r)
}

// Kind is the error variable the reason belongs to.
func (r Reason) Kind() error {
	if r > 0 && r < reasonCount {
		return reasons[r].kind
	}
	return nil
}

// Refusal is an action the match logic refused: why, and the data a reply
// needs to say so. Which fields are filled depends on the reason.
type Refusal struct {
	Reason    Reason
	Game      storage.GameID
	State     storage.State
	Value     string // what the player typed or named
	N, Lo, Hi int
	Err       error // the cause, when game refused a value
}

func (e *Refusal) Error() string {
	var parts []string
	if e.Game != 0 {
		parts = append(parts, "game "+e.Game.String())
	}
	if e.State != 0 {
		parts = append(parts, "state "+StateWord(e.State))
	}
	if e.Value != "" {
		parts = append(parts, fmt.Sprintf("%q", e.Value))
	}
	if e.N != 0 || e.Lo != 0 || e.Hi != 0 {
		parts = append(parts, fmt.Sprintf("n=%d lo=%d hi=%d", e.N, e.Lo, e.Hi))
	}
	if e.Err != nil {
		parts = append(parts, e.Err.Error())
	}
	s := fmt.Sprintf("%v: %s", e.Reason.Kind(), e.Reason)
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

// Unwrap gives the reason's kind, and the cause if any.
func (e *Refusal) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Reason.Kind(), e.Err}
	}
	return []error{e.Reason.Kind()}
}

// refuse is a refusal for reason r, with no data.
func refuse(r Reason) *Refusal { return &Refusal{Reason: r} }

// refuseGame is a refusal about a game in its state.
func refuseGame(r Reason, g *storage.Game) *Refusal {
	return &Refusal{Reason: r, Game: g.ID, State: g.State}
}

// refuseValue is a refusal of a value a player typed.
func refuseValue(r Reason, v string) *Refusal { return &Refusal{Reason: r, Value: v} }

// Outdated reports whether err refuses an action because what it answered
// no longer applies: the game moved on or ended, the offer or challenge
// was answered or lapsed. The buttons of such a message are worth
// disabling.
func Outdated(err error) bool {
	for _, kind := range []error{ErrStale, ErrNotRunning, ErrAnswered, ErrExpired, ErrNoDrawOffer, storage.ErrConflict, game.ErrGameOver} {
		if errors.Is(err, kind) {
			return true
		}
	}
	return false
}
