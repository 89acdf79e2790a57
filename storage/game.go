package storage

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// State is where a game is in its life.
type State uint8

const (
	// Proposed: a challenge waiting for the invited players to accept.
	// The zero State, so a new record starts as a proposal.
	Proposed State = iota
	// Active: the game is being played.
	Active
	// Finished: the game is over; Result says how.
	Finished
	// Cancelled: a challenge declined, withdrawn or expired before it
	// started. It has no result and counts in no player's record.
	Cancelled
)

var stateNames = [...]string{"proposed", "active", "finished", "cancelled"}

// String returns "proposed", "active", "finished" or "cancelled".
func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "state(" + strconv.Itoa(int(s)) + ")"
}

// parseState is the inverse of State.String.
func parseState(s string) (State, bool) {
	for i, n := range stateNames {
		if n == s {
			return State(i), true
		}
	}
	return 0, false
}

// Ongoing reports whether the game is proposed or active: not finished and
// not cancelled. Ongoing games are the ones the "active" indexes hold.
func (s State) Ongoing() bool { return s == Proposed || s == Active }

// Place is where a game is played.
type Place struct {
	Guild   GuildID   // the server; empty for direct messages
	Channel ChannelID // the channel the game was started in
	Thread  ChannelID // the thread it is played in, if any
}

// SeatSet is a set of seats (1 to 4).
type SeatSet uint8

// Has reports whether seat s is in the set.
func (ss SeatSet) Has(s game.Seat) bool { return s >= 1 && s <= 4 && ss&(1<<s) != 0 }

// With returns the set with seat s added; seats outside 1..4 are ignored.
func (ss SeatSet) With(s game.Seat) SeatSet {
	if s < 1 || s > 4 {
		return ss
	}
	return ss | 1<<s
}

// Without returns the set with seat s removed.
func (ss SeatSet) Without(s game.Seat) SeatSet {
	if s < 1 || s > 4 {
		return ss
	}
	return ss &^ (1 << s)
}

// Len is the number of seats in the set.
func (ss SeatSet) Len() int { return bits.OnesCount8(uint8(ss)) }

// Seats lists the seats in order.
func (ss SeatSet) Seats() []game.Seat {
	var out []game.Seat
	for s := game.Seat(1); s <= 4; s++ {
		if ss.Has(s) {
			out = append(out, s)
		}
	}
	return out
}

// String returns the seats as "{1,3}".
func (ss SeatSet) String() string {
	var parts []string
	for _, s := range ss.Seats() {
		parts = append(parts, strconv.Itoa(int(s)))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// ReminderSet is a set of reminder numbers (0 to 31): which of the
// reminders that the bot sends before a turn's deadline have gone out. The
// numbering is the bot's.
type ReminderSet uint32

// Has reports whether reminder i is in the set.
func (rs ReminderSet) Has(i int) bool { return i >= 0 && i < 32 && rs&(1<<i) != 0 }

// With returns the set with reminder i added; numbers outside 0..31 are
// ignored.
func (rs ReminderSet) With(i int) ReminderSet {
	if i < 0 || i >= 32 {
		return rs
	}
	return rs | 1<<i
}

// String returns the reminders as "{0,2}".
func (rs ReminderSet) String() string {
	var parts []string
	for i := 0; i < 32; i++ {
		if rs.Has(i) {
			parts = append(parts, strconv.Itoa(i))
		}
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// Clock is a game's time control. The store keeps it and indexes its
// times (see Game.Due) but never reads a clock itself to change it: the
// bot sets these fields, typically in AppendMove's update function.
type Clock struct {
	PerTurn   time.Duration // time allowed for one turn; zero for no limit
	TurnStart time.Time     // when the current turn began
	Deadline  time.Time     // when the player to move runs out of time; zero for none
	Reminded  ReminderSet   // reminders already sent for this turn
	// Points are when to remind the player to move, in percent of
	// PerTurn, ascending; bit i of Reminded stands for Points[i].
	Points []uint8
	// Wake is the next time the bot must look at the game, e.g. for a
	// reminder before the deadline; zero for none.
	Wake time.Time
}

// Meta is what the bot keeps about a game besides the rules: the messages
// it posted, the challenge's acceptances and expiry, a draw offer, the
// board's look. The store keeps it as it is given, and indexes Expires.
type Meta struct {
	ChallengeMessage MessageID // the message with the Accept and Decline buttons
	BoardMessage     MessageID // the last board posted, whose buttons go stale on the next move
	Accepted         SeatSet   // the seats that have accepted the challenge
	Expires          time.Time // when an unaccepted challenge lapses; zero for never
	DrawOffer        game.Seat // the seat offering a draw, or 0
	Theme            string    // the board theme's name, for the renderer
	// Proposer is the seat of the player who proposed the game; zero in
	// records written before it was kept.
	Proposer game.Seat
	// Names are the players' display names per seat (Names[0] for seat 1),
	// as Discord showed them when they joined, for pictures and records.
	Names []string
	// Casual marks a game that does not count for ratings; the zero value
	// is rated, so games stored before ratings existed count. It cannot
	// change once the game is over.
	Casual bool
	// CountAdjudicated says that the moderator who adjudicated the game
	// wants its result rated; an adjudicated game without it does not
	// count. Set it in the update of the Conclude move.
	CountAdjudicated bool
	// Computer are the seats the computer plays, and ComputerLevel how
	// strongly it plays them (the engine's level, 1 to maxComputerLevel); both are zero
	// in a game between people. The computer's user sits in those seats
	// like any player.
	Computer      SeatSet
	ComputerLevel int
	// TakebackAsk is the seat asking to take its last move back, or 0;
	// the request stands while the log has TakebackTurns entries and
	// lapses with the next move. Takebacks are the takebacks agreed, in
	// order: the store appends to it (see TakeBack).
	TakebackAsk   game.Seat
	TakebackTurns int
	Takebacks     []Takeback
	// Rematch is set once a player of the finished game has proposed a
	// rematch from it, so that its Rematch button proposes one only.
	Rematch bool
}

// Takeback is moves taken back by agreement: the log entries that
// followed entry Turns, undone at At, as Asker asked.
type Takeback struct {
	At    time.Time
	Turns int // the log's length after the takeback
	Asker game.Seat
	Moves []game.Move // the entries undone, in order
}

// maxThemeLen bounds Meta.Theme, and maxNameLen each of Meta.Names.
const (
	maxThemeLen = 64
	maxNameLen  = 100
	// maxComputerLevel bounds Meta.ComputerLevel loosely: the engine
	// checks its own range.
	maxComputerLevel = 99
)

// Game is a stored game: the terms it is played on, who plays, where, how
// far it has got, and its move log. The position is not stored: Replay
// rebuilds it from the log.
//
// A Game handed out by the store is the caller's copy; changing it changes
// nothing stored. Use Update and AppendMove to change a game.
type Game struct {
	ID       GameID
	Settings game.Settings // with defaults filled in once stored
	// Seats holds the user in each seat: Seats[0] is seat 1 (Red at the
	// start). Two seats for TwixT, four for Double TwixT, in playing
	// order. A user may sit in more than one seat.
	Seats []UserID
	Place Place
	State State
	// Result is how the game ended (Finished games only); Winners are the
	// seats on the winning side, empty for a draw or an abort.
	Result  game.Result
	Winners SeatSet

	Created time.Time // when the game was stored
	Updated time.Time // the last change
	Started time.Time // when it became Active
	Ended   time.Time // when it finished or was cancelled

	Clock Clock
	Meta  Meta

	// Log is every move made, as the rules engine recorded it.
	Log []game.Move
}

// Clone returns a deep copy of g.
func (g *Game) Clone() *Game {
	c := *g
	c.Seats = slices.Clone(g.Seats)
	c.Clock.Points = slices.Clone(g.Clock.Points)
	c.Meta.Names = slices.Clone(g.Meta.Names)
	c.Meta.Takebacks = cloneTakebacks(g.Meta.Takebacks)
	c.Log = cloneLog(g.Log)
	return &c
}

func cloneLog(log []game.Move) []game.Move {
	if log == nil {
		return nil
	}
	out := make([]game.Move, len(log))
	for i, m := range log {
		m.Unlinks = cloneChains(m.Unlinks)
		m.Links = cloneChains(m.Links)
		out[i] = m
	}
	return out
}

func cloneChains(c [][]game.Hole) [][]game.Hole {
	if c == nil {
		return nil
	}
	out := make([][]game.Hole, len(c))
	for i := range c {
		out[i] = slices.Clone(c[i])
	}
	return out
}

// User returns the user in seat s, or "" if there is no such seat.
func (g *Game) User(s game.Seat) UserID {
	if s < 1 || int(s) > len(g.Seats) {
		return ""
	}
	return g.Seats[s-1]
}

// SeatsOf returns the seats user u sits in, in order.
func (g *Game) SeatsOf(u UserID) []game.Seat {
	var out []game.Seat
	for i, v := range g.Seats {
		if v == u {
			out = append(out, game.Seat(i+1))
		}
	}
	return out
}

// Users returns the distinct users of the game, in seat order.
func (g *Game) Users() []UserID {
	var out []UserID
	for _, u := range g.Seats {
		if !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	return out
}

// Due is the earliest time the bot must look at the game: the earliest of
// Clock.Wake, Clock.Deadline and Meta.Expires that is set, or the zero
// time. Finished and cancelled games are never due.
func (g *Game) Due() time.Time {
	if !g.State.Ongoing() {
		return time.Time{}
	}
	var due time.Time
	for _, t := range []time.Time{g.Clock.Wake, g.Clock.Deadline, g.Meta.Expires} {
		if !t.IsZero() && (due.IsZero() || t.Before(due)) {
			due = t
		}
	}
	return due
}

// Replay rebuilds the position by playing the log through the rules
// engine. A log that does not replay is damaged data: the error is a
// *DecodeError naming the game.
func (g *Game) Replay() (*game.Game, error) {
	pos, err := game.Replay(g.Settings, g.Log)
	if err != nil {
		return nil, &DecodeError{Game: g.ID, Err: err}
	}
	return pos, nil
}
