package render

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
)

// View is one position as it is drawn: plain data, copied out of a game
// (see [FromGame]) or filled in by hand. It knows nothing of Discord; the
// caller puts the players' display names in Players.
type View struct {
	// Size is the board played on (after any handicap).
	Size game.Size
	// Double is true for Double TwixT (four seats in two teams).
	Double bool
	// Red and Black hold each side's pegs and links.
	Red, Black Side
	// Players are the seats, in seat order; each knows its colour now
	// (after a sides swap the two seats have exchanged colours). Missing
	// names are drawn as "Seat N".
	Players []Player
	// Last is the last turn (a placement or a swap), or nil before the
	// first.
	Last *LastMove
	// ToMove is the seat to move and Turn its colour; zero and NoColor
	// once the game is over.
	ToMove game.Seat
	Turn   game.Color
	// Turns is the number of turns taken (placements and swaps).
	Turns int
	// Timed is true when the game has a turn clock and is still going;
	// TimeLeft is then how long the player to move has left, as the
	// caller worked it out from the deadline and its own clock (drawing
	// never reads the time, so the same view always gives the same
	// picture). Zero or less means the time is up.
	Timed    bool
	TimeLeft time.Duration
	// Result is how the game stands.
	Result game.Result
	// WinPegs and WinLinks are the chain that won by connection, if any.
	WinPegs  []game.Hole
	WinLinks []game.Link
}

// Side is what one colour has on the board.
type Side struct {
	Pegs  []game.Hole
	Links []game.Link
	// PrivilegeUsed is true once the team has claimed Privilege (Double
	// TwixT only).
	PrivilegeUsed bool
}

// Player is one seat at the table.
type Player struct {
	Seat  game.Seat
	Color game.Color
	Name  string
}

// LastMove is the last turn taken.
type LastMove struct {
	Swap   bool // a swap rather than a placement
	Number int  // the turn's number, from 1
	Seat   game.Seat
	Color  game.Color // the colour that acted (for a sides swap, the swapper's new colour)
	// Hole is the peg placed; for a swap, the peg that was taken over
	// (after a mirror swap, its new hole).
	Hole    game.Hole
	Added   []game.Link // links the turn made
	Removed []game.Link // links the turn removed
	Freed   []game.Hole // pegs the turn took up first (3M), ringed if still empty
}

// FromGame copies the position of g into a View. names are the players'
// display names in seat order (seat 1 first); missing ones stay empty.
func FromGame(g *game.Game, names ...string) *View {
	v := &View{
		Size:   g.Size(),
		Double: g.Players() == 4,
		Turns:  g.Turns(),
		Result: g.Result(),
	}
	v.ToMove, v.Turn = g.ToMove()
	for _, c := range []game.Color{game.Red, game.Black} {
		s := v.Side(c)
		s.Pegs = g.Pegs(c)
		s.Links = g.Links(c)
		s.PrivilegeUsed = g.PrivilegeUsed(c)
	}
	for s := game.Seat(1); int(s) <= g.Players(); s++ {
		p := Player{Seat: s, Color: g.SeatColor(s)}
		if int(s) <= len(names) {
			p.Name = names[s-1]
		}
		v.Players = append(v.Players, p)
	}
	// (A colour choice, after the cut-the-pie opening, places nothing:
	// it leaves no last move to show.)
	if o, ok := g.Last(); ok && o.Move.Kind != game.Choose {
		v.Last = &LastMove{
			Swap:    o.Move.Kind == game.Swap,
			Number:  o.Number,
			Seat:    o.Seat,
			Color:   o.Color,
			Hole:    o.Hole,
			Added:   o.Added,
			Removed: o.Removed,
			Freed:   o.Freed,
		}
	}
	v.WinPegs, v.WinLinks = g.WinningChain()
	return v
}

// Side returns the side of colour c (Red for anything but Black).
func (v *View) Side(c game.Color) *Side {
	if c == game.Black {
		return &v.Black
	}
	return &v.Red
}

// Team returns the players of colour c, in seat order.
func (v *View) Team(c game.Color) []Player {
	var out []Player
	for _, p := range v.Players {
		if p.Color == c {
			out = append(out, p)
		}
	}
	return out
}

// Player returns the player in seat s, and whether there is one.
func (v *View) Player(s game.Seat) (Player, bool) {
	for _, p := range v.Players {
		if p.Seat == s {
			return p, true
		}
	}
	return Player{}, false
}

// Validate reports what in the view cannot be drawn, if anything.
func (v *View) Validate() error {
	if v == nil {
		return &ViewError{Field: "View", Detail: "no view given; build one with FromGame"}
	}
	if !v.Size.Valid() {
		return &ViewError{Field: "Size", Detail: fmt.Sprintf("%s is out of range; each side must be %d to %d holes", v.Size, game.MinSize, game.MaxSize)}
	}
	check := func(field string, h game.Hole) error {
		if !exists(v.Size, h) {
			return &ViewError{Field: field, Detail: fmt.Sprintf("%s is not a hole of a %s board (off the board or a corner)", h.Upper(), v.Size)}
		}
		return nil
	}
	checkLinks := func(field string, ls []game.Link) error {
		for _, l := range ls {
			if err := check(field, l.A); err != nil {
				return err
			}
			if err := check(field, l.B); err != nil {
				return err
			}
			if !l.IsKnight() {
				return &ViewError{Field: field, Detail: fmt.Sprintf("%s is not a knight's move", l.Upper())}
			}
		}
		return nil
	}
	for _, c := range []game.Color{game.Red, game.Black} {
		s := v.Side(c)
		name := c.Title()
		for _, h := range s.Pegs {
			if err := check(name+".Pegs", h); err != nil {
				return err
			}
		}
		if err := checkLinks(name+".Links", s.Links); err != nil {
			return err
		}
	}
	if v.Last != nil {
		if err := check("Last.Hole", v.Last.Hole); err != nil {
			return err
		}
		if err := checkLinks("Last.Added", v.Last.Added); err != nil {
			return err
		}
		if err := checkLinks("Last.Removed", v.Last.Removed); err != nil {
			return err
		}
		for _, h := range v.Last.Freed {
			if err := check("Last.Freed", h); err != nil {
				return err
			}
		}
	}
	for _, h := range v.WinPegs {
		if err := check("WinPegs", h); err != nil {
			return err
		}
	}
	return checkLinks("WinLinks", v.WinLinks)
}

// exists reports whether h is a hole of a board of size s.
func exists(s game.Size, h game.Hole) bool {
	if h.Col < 0 || h.Row < 0 || h.Col >= s.Cols || h.Row >= s.Rows {
		return false
	}
	edgeC := h.Col == 0 || h.Col == s.Cols-1
	edgeR := h.Row == 0 || h.Row == s.Rows-1
	return !(edgeC && edgeR)
}

// sideIndex maps a colour to an index of per-side tables: 1 Red, 2 Black,
// 0 anything else.
func sideIndex(c game.Color) int {
	switch c {
	case game.Red:
		return 1
	case game.Black:
		return 2
	}
	return 0
}

// cleanPlayerName returns a player's name without control characters and
// surrounding space; "" when nothing is left ([words.playerName] then
// names the seat).
func cleanPlayerName(name string) string {
	n := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, name)
	return strings.TrimSpace(n)
}

// inChain reports whether h is in hs.
func inChain(hs []game.Hole, h game.Hole) bool { return slices.Contains(hs, h) }

// truncateRunes cuts s to at most n characters, ending with an ellipsis
// when it had to cut.
func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// timeLeft says how long is left on the turn clock, rounded down so that
// it never promises more: "2d 3h left", "23h 59m left", "12m left", "under
// a minute left", or "time is up".
func (w words) timeLeft(d time.Duration) string {
	switch {
	case d <= 0:
		return w.text("clock.up", nil)
	case d < time.Minute:
		return w.text("clock.under_a_minute", nil)
	case d < time.Hour:
		return w.count("clock.minutes", int(d/time.Minute), nil)
	case d < 48*time.Hour:
		return w.count("clock.hours", int(d/time.Hour), l10n.Args{"Minutes": int(d % time.Hour / time.Minute)})
	}
	return w.count("clock.days", int(d/(24*time.Hour)), l10n.Args{"Hours": int(d % (24 * time.Hour) / time.Hour)})
}
