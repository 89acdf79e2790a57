package game

import (
	"errors"
	"slices"
	"strconv"
)

func itoa(n int) string { return strconv.Itoa(n) }

// Game is a game of TwixT or Double TwixT: settings, the position, whose
// turn it is, the move log and the result.
//
// Every method that changes the game checks the whole action first; an
// action that fails returns an error and leaves the game exactly as it was.
// Getters return copies. A Game is not safe for concurrent use.
type Game struct {
	set   Settings
	board *Board
	spare *Board // scratch copy that complex moves are checked against

	seats    [5]Color // the colour of each seat, 1..4
	toMove   Seat
	turns    int // turns taken: placements and swaps
	log      []Move
	result   Result
	privUsed [3]bool // per colour
	// privOpen is the seat that may claim Privilege now (it made the last
	// turn and nothing has happened since), or 0.
	privOpen Seat
	last     Outcome // the last turn's outcome, for pictures and replies
	hasLast  bool
	paths    [3]witness
	searches int // full dead-draw searches run, for tests and benchmarks
}

// Outcome is what one action did: who did it, the peg placed, the links
// made and removed, and the result after it.
type Outcome struct {
	Move    Move
	Number  int // the turn's number (turns count placements and swaps); 0 if not a turn
	Seat    Seat
	Color   Color  // the colour that acted
	Hole    Hole   // the peg placed, or for a mirror swap the peg's new hole
	Freed   []Hole // the own pegs taken up first (3M), whose links are in Removed
	Added   []Link
	Removed []Link
	// Skipped is the seat whose turn Privilege took away, or 0.
	Skipped Seat
	Result  Result
}

// New starts a game.
func New(s Settings) (*Game, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	s = s.normalized()
	b, err := NewBoard(s.BoardSize(), s.Ruleset)
	if err != nil {
		return nil, err
	}
	g := &Game{set: s, board: b, toMove: 1}
	g.seats = [5]Color{NoColor, Red, Black, Red, Black}
	return g, nil
}

// Settings returns the game's settings, with defaults filled in.
func (g *Game) Settings() Settings { return g.set }

// Size is the size of the board played on.
func (g *Game) Size() Size { return g.board.Size() }

// Players is 2 or 4.
func (g *Game) Players() int { return g.set.Players }

// Board returns a copy of the position.
func (g *Game) Board() *Board { return g.board.Clone() }

// Peg returns the colour of the peg in h, or NoColor.
func (g *Game) Peg(h Hole) Color { return g.board.Peg(h) }

// Pegs returns c's pegs, ordered by column, then row.
func (g *Game) Pegs(c Color) []Hole { return g.board.Pegs(c) }

// Links returns c's links, ordered.
func (g *Game) Links(c Color) []Link { return g.board.Links(c) }

// Turns is the number of turns taken: placements and swaps.
func (g *Game) Turns() int { return g.turns }

// Number is the number the next turn will have (Turns()+1), as "#N" in
// the move syntax writes it.
func (g *Game) Number() int { return g.turns + 1 }

// Result returns how the game stands.
func (g *Game) Result() Result { return g.result }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.result.Over() }

// ToMove returns the seat to move and its colour; (0, NoColor) once the
// game is over.
func (g *Game) ToMove() (Seat, Color) {
	if g.Over() {
		return 0, NoColor
	}
	return g.toMove, g.turnColor(g.toMove)
}

// SeatColor returns the colour seat s plays now. After a sides swap the two
// seats of a two-player game have exchanged colours.
func (g *Game) SeatColor(s Seat) Color {
	if s < 1 || int(s) > g.set.Players {
		return NoColor
	}
	return g.seats[s]
}

// Seats returns the seats that play colour c.
func (g *Game) Seats(c Color) []Seat {
	var out []Seat
	for s := Seat(1); int(s) <= g.set.Players; s++ {
		if g.seats[s] == c {
			out = append(out, s)
		}
	}
	return out
}

// Log returns a copy of the move log.
func (g *Game) Log() []Move {
	out := make([]Move, len(g.log))
	for i, m := range g.log {
		out[i] = m.clone()
	}
	return out
}

func (m Move) clone() Move {
	m.Removes = slices.Clone(m.Removes)
	m.Unlinks = cloneChains(m.Unlinks)
	m.Links = cloneChains(m.Links)
	return m
}

func cloneChains(c [][]Hole) [][]Hole {
	if c == nil {
		return nil
	}
	out := make([][]Hole, len(c))
	for i := range c {
		out[i] = slices.Clone(c[i])
	}
	return out
}

// Last returns the outcome of the last turn, or false if no turn has been
// taken.
func (g *Game) Last() (Outcome, bool) {
	if !g.hasLast {
		return Outcome{}, false
	}
	o := g.last
	o.Move = o.Move.clone()
	o.Added = slices.Clone(o.Added)
	o.Removed = slices.Clone(o.Removed)
	o.Freed = slices.Clone(o.Freed)
	return o, true
}

// PrivilegeUsed reports whether the team playing c has claimed Privilege.
func (g *Game) PrivilegeUsed(c Color) bool { return g.privUsed[c] }

// CanClaimPrivilege reports whether seat s may claim Privilege now.
func (g *Game) CanClaimPrivilege(s Seat) bool { return g.checkPrivilege(s) == nil }

// PrivilegeClaimant returns the one seat that may claim Privilege now, if
// any: in Double TwixT, the seat that took the last turn, while nothing
// has happened since and its team has not used its Privilege. This is the
// rule of who may claim; the bot's commands and buttons ask it.
func (g *Game) PrivilegeClaimant() (Seat, bool) {
	if g.privOpen == 0 || g.checkPrivilege(g.privOpen) != nil {
		return 0, false
	}
	return g.privOpen, true
}

// SwapAvailable reports whether the player to move may swap now.
func (g *Game) SwapAvailable() bool { return g.checkSwap() == nil }

// LegalHoles returns the holes the player to move may peg, ordered by
// column, then row; none once the game is over.
func (g *Game) LegalHoles() []Hole {
	_, c := g.ToMove()
	if c == NoColor || g.ChoiceDue() {
		return nil
	}
	if hs := g.openingHoles(); hs != nil {
		return hs
	}
	return g.board.LegalHoles(c)
}

// WinningChain returns the chain that won the game by connection: its pegs
// in order from one border row to the other, and its links.
func (g *Game) WinningChain() ([]Hole, []Link) {
	if g.result.Reason != Connection {
		return nil, nil
	}
	return g.board.WinningChain(g.result.Winner)
}

// CanConnect reports whether c could still join its border rows (see
// Board.CanConnect).
func (g *Game) CanConnect(c Color) bool { return g.board.CanConnect(c) }

// Play makes seat s take move m. Turns (placements and swaps) must be taken
// by the seat to move; Privilege by the seat that just moved; anyone in the
// game may resign (for the whole team). Draw and Conclude record results
// agreed or decided outside the board; s is not checked for them.
func (g *Game) Play(s Seat, m Move) (Outcome, error) {
	if g.Over() {
		return Outcome{}, stateErr(ErrGameOver, "the game is over: %s", g.result)
	}
	if m.Kind != Draw && m.Kind != Conclude && (s < 1 || int(s) > g.set.Players) {
		return Outcome{}, stateErr(ErrNoSuchSeat, "there is no %s in a %d-player game", s, g.set.Players)
	}
	if m.IsTurn() {
		if s != g.toMove {
			return Outcome{}, &TurnError{Seat: s, ToMove: g.toMove, Color: g.seats[g.toMove]}
		}
		if m.Number != 0 && m.Number != g.turns+1 {
			return Outcome{}, &MoveNumberError{Got: m.Number, Want: g.turns + 1}
		}
		if err := g.checkOpening(m); err != nil {
			return Outcome{}, err
		}
	}
	var (
		o   Outcome
		err error
	)
	switch m.Kind {
	case Place:
		o, err = g.place(s, m)
	case Swap:
		o, err = g.swap(s, m)
	case Choose:
		o, err = g.choose(s, m)
	case Privilege:
		o, err = g.privilege(s, m)
	case Resign:
		o, err = g.resign(s, m)
	case Draw:
		o = Outcome{Move: m, Result: Result{Winner: NoColor, Reason: Agreement}}
		g.finish(o.Result)
	case Conclude:
		o, err = g.conclude(m)
	default:
		return Outcome{}, stateErr(ErrSyntax, "unknown kind of move %d", m.Kind)
	}
	if err != nil {
		return Outcome{}, err
	}
	if m.Kind == Place {
		// The move as played: removals read from Hensel's notation are
		// resolved against the position, so the log replays anywhere.
		m = o.Move
	}
	if m.Kind == Resign {
		// Record who resigned, so that a replay credits the right side
		// even when the resignation came out of turn.
		m.Color = o.Color
	}
	g.log = append(g.log, m.clone())
	o.Result = g.result
	return o, nil
}

// PlayMove plays a move for the seat to move: handy for replays, where the
// log says nothing of who moved.
func (g *Game) PlayMove(m Move) (Outcome, error) {
	s := g.toMove
	if m.Kind == Privilege && g.privOpen != 0 {
		s = g.privOpen
	}
	if m.Kind == Resign && m.Color != NoColor {
		if seats := g.Seats(m.Color); len(seats) > 0 {
			s = seats[0]
		}
	}
	return g.Play(s, m)
}

// PlayString parses a move in the move syntax and plays it for the seat to
// move.
func (g *Game) PlayString(s string) (Outcome, error) {
	m, err := ParseMove(s)
	if err != nil {
		return Outcome{}, err
	}
	return g.PlayMove(m)
}

func (g *Game) place(s Seat, m Move) (Outcome, error) {
	c := g.turnColor(s)
	b := g.board
	if len(m.Removes) == 0 {
		// (A 3M move may peg a hole it frees; apply checks it then.)
		if err := b.CheckPeg(m.Hole, c); err != nil {
			return Outcome{}, err
		}
	}
	m = b.resolveHensel(m, c)
	if !m.Explicit && len(m.Unlinks) == 0 && len(m.Removes) == 0 && len(m.Links) == 0 {
		// The common move: a peg with its autolinks cannot fail once the
		// hole is known to be free, so it goes straight onto the board.
		b.Place(m.Hole, c)
	} else {
		// Unlinks and explicit links are tried on a copy, which replaces
		// the position only if every step succeeds.
		t := g.scratch()
		if err := t.apply(m, c); err != nil {
			return Outcome{}, err
		}
		g.board, g.spare = t, b
		b = t
	}
	o := Outcome{Move: m, Seat: s, Color: c, Hole: m.Hole, Freed: slices.Clone(m.Removes), Added: b.Added(), Removed: b.Removed()}
	g.endTurn(&o, c)
	return o, nil
}

// scratch returns the spare board, made equal to the current one.
func (g *Game) scratch() *Board {
	if g.spare == nil {
		g.spare = g.board.Clone()
	} else {
		g.spare.copyFrom(g.board)
	}
	return g.spare
}

// apply plays a placement with removals, unlinks and explicit links on b.
func (b *Board) apply(m Move, c Color) error {
	b.added, b.removed = b.added[:0], b.removed[:0]
	if len(m.Removes) > 0 {
		if err := b.removePegs(m.Removes, c); err != nil {
			return err
		}
		if err := b.CheckPeg(m.Hole, c); err != nil {
			return err
		}
	}
	for _, l := range m.UnlinkList() {
		if err := b.RemoveLink(l, c); err != nil {
			return err
		}
	}
	i := b.g.index(m.Hole)
	b.putPeg(i, c)
	if !m.Explicit && len(m.Links) == 0 {
		b.autolink(i, c)
		return nil
	}
	// In every ruleset the '+' list may name any legal link among the
	// player's own pegs, not only links to the new peg: seed 003 lets a
	// player "create any number of new links between pegs of their
	// color", and TwixT PP differs from standard only in that own links
	// may cross and none is removed.
	for _, l := range m.LinkList() {
		if err := b.AddLink(l, c); err != nil {
			return err
		}
	}
	if !m.Explicit {
		// Links between older pegs first (Hensel's long move), then
		// every legal link to the new peg.
		b.autolinkRest(m.Hole, c)
	}
	return nil
}

// endTurn counts a turn taken by colour c, passes the move on and settles
// the result.
func (g *Game) endTurn(o *Outcome, c Color) {
	g.turns++
	o.Number = g.turns
	g.privOpen = 0
	if g.set.Players == 4 {
		g.privOpen = g.toMove
		g.toMove = g.toMove%4 + 1
	} else if !g.cutting() && (g.turns > g.set.ExtraMoves || g.seats[g.toMove] != Red) {
		// (The cutter of a pie3 opening places three pegs in a row.)
		g.toMove = 3 - g.toMove
	}
	g.last, g.hasLast = *o, true
	// When one move both fills the board and leaves neither side a path,
	// the draw is reported as no-path: that neither side can connect is
	// the stronger fact (it holds whoever moves, however many holes are
	// left), and a full board is only why the game cannot go on.
	switch next := g.turnColor(g.toMove); {
	case g.board.Connected(c):
		g.finish(Result{Winner: c, Reason: Connection})
	case !g.set.NoAutoDraw && !g.canConnect(Red) && !g.canConnect(Black):
		g.finish(Result{Reason: NoPath})
	case g.outOfHoles(next):
		g.finish(Result{Reason: BoardFull})
	}
}

func (g *Game) finish(r Result) {
	g.result = r
	g.privOpen = 0
}

func (g *Game) checkSwap() error {
	if g.Over() {
		return stateErr(ErrGameOver, "the game is over: %s", g.result)
	}
	if !g.set.SwapAllowed() {
		if g.set.Swap != SwapOff {
			if g.set.Players == 4 {
				return stateErr(ErrSwapNotNow, "Double TwixT is played without the pie rule (no swap); each team has its Privilege instead")
			}
			return stateErr(ErrSwapNotNow, "this game has a handicap, so it is played without the pie rule (no swap)")
		}
		return stateErr(ErrSwapNotNow, "this game is played without the pie rule (no swap)")
	}
	if g.turns != 1 {
		return stateErr(ErrSwapNotNow, "a swap is only allowed as Black's first move, right after Red's first peg")
	}
	return nil
}

func (g *Game) swap(s Seat, m Move) (Outcome, error) {
	if err := g.checkSwap(); err != nil {
		return Outcome{}, err
	}
	var first Hole
	for _, lm := range g.log {
		if lm.Kind == Place {
			first = lm.Hole
			break
		}
	}
	o := Outcome{Move: m, Seat: s, Color: g.seats[s], Hole: first}
	if g.set.Swap == SwapMirror {
		// The peg moves across the diagonal and becomes the swapper's;
		// the first player, still Red, moves next.
		mirror := Hole{Col: first.Row, Row: first.Col}
		t := g.scratch()
		t.added, t.removed = t.added[:0], t.removed[:0]
		t.takePeg(t.g.index(first))
		if err := t.CheckPeg(mirror, Black); err != nil {
			return Outcome{}, mirrorSwapErr(first, mirror, t.Size(), err)
		}
		t.putPeg(t.g.index(mirror), Black)
		g.board, g.spare = t, g.board
		o.Hole = mirror
		o.Color = Black
	} else {
		// The players exchange colours; the peg stays, and the first
		// player, now Black, moves next.
		g.seats[1], g.seats[2] = g.seats[2], g.seats[1]
		o.Color = g.seats[s]
	}
	g.endTurnSwap(&o)
	return o, nil
}

func (g *Game) endTurnSwap(o *Outcome) {
	g.turns++
	o.Number = g.turns
	g.toMove = 1
	g.last, g.hasLast = *o, true
}

func (g *Game) checkPrivilege(s Seat) error {
	if g.Over() {
		return stateErr(ErrGameOver, "the game is over: %s", g.result)
	}
	if g.set.Players != 4 {
		return stateErr(ErrNotDouble, "Privilege exists only in Double TwixT")
	}
	if s < 1 || s > 4 {
		return stateErr(ErrNoSuchSeat, "there is no %s in Double TwixT", s)
	}
	c := g.seats[s]
	if g.privUsed[c] {
		return stateErr(ErrPrivilegeUsed, "the %s team has already used its Privilege; each team may claim it once per game", c)
	}
	if g.privOpen != s {
		return stateErr(ErrPrivilegeTooLate, "Privilege can only be claimed right after your own move, before the next move is made")
	}
	return nil
}

func (g *Game) privilege(s Seat, m Move) (Outcome, error) {
	if err := g.checkPrivilege(s); err != nil {
		return Outcome{}, err
	}
	c := g.seats[s]
	g.privUsed[c] = true
	skipped := g.toMove
	g.toMove = s.Partner()
	g.privOpen = 0
	return Outcome{Move: m, Seat: s, Color: c, Skipped: skipped}, nil
}

func (g *Game) resign(s Seat, m Move) (Outcome, error) {
	c := g.seats[s]
	if m.Color != NoColor && m.Color != c {
		return Outcome{}, stateErr(ErrNotYourTurn, "%s plays %s and cannot resign for %s", s, c, m.Color)
	}
	g.finish(Result{Winner: c.Opponent(), Reason: Resignation})
	return Outcome{Move: m, Seat: s, Color: c}, nil
}

func (g *Game) conclude(m Move) (Outcome, error) {
	switch m.Reason {
	case Timeout, Adjudication:
		if m.Reason == Timeout && m.Color == NoColor {
			return Outcome{}, stateErr(ErrBadSettings, "a loss on time needs a winner")
		}
		if m.Color != NoColor && m.Color != Red && m.Color != Black {
			return Outcome{}, stateErr(ErrBadColor, "no such side")
		}
		g.finish(Result{Winner: m.Color, Reason: m.Reason})
	case Aborted:
		g.finish(Result{Reason: Aborted})
	default:
		return Outcome{}, stateErr(ErrBadSettings, "a concluded game needs a reason: timeout, adjudication or abort")
	}
	return Outcome{Move: m}, nil
}

// canConnect is Board.CanConnect, sped up by remembering the path that
// last showed c can connect.
func (g *Game) canConnect(c Color) bool {
	if !g.set.permanent() {
		return true
	}
	w := &g.paths[c]
	if w.holds(g.board, c) {
		return true
	}
	g.searches++
	return g.board.openPath(c, w)
}

// Replay starts a game with settings s and plays the log through it. It
// stops at the first move that fails, returning the game as it stood before
// that move together with an error that names the move's index in the log.
func Replay(s Settings, log []Move) (*Game, error) {
	g, err := New(s)
	if err != nil {
		return nil, err
	}
	g.log = make([]Move, 0, len(log))
	for i, m := range log {
		if _, err := g.PlayMove(m); err != nil {
			return g, &ReplayError{Index: i, Move: m, Err: err}
		}
	}
	return g, nil
}

// ReplayError is a move of a log that could not be played.
type ReplayError struct {
	Index int // position in the log, from 0
	Move  Move
	Err   error
}

func (e *ReplayError) Error() string {
	var pe *ParseError
	if errors.As(e.Err, &pe) { // a token that is not a move (Record.Stop)
		return "entry " + itoa(e.Index+1) + " of the log: " + e.Err.Error()
	}
	return "move " + e.Move.String() + " (entry " + itoa(e.Index+1) + " of the log): " + e.Err.Error()
}

func (e *ReplayError) Unwrap() error { return e.Err }
