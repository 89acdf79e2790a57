package game

import "fmt"

// Settings are the terms a game is played on. The zero value is the classic
// game: 24x24, standard rules, two players, no pie rule, no handicap.
type Settings struct {
	// Size is the board before any handicap; zero means 24x24.
	Size Size
	// Ruleset is Standard (with the cleanup rule), PP or ThreeM (standard
	// and the removal of own pegs).
	Ruleset Ruleset
	// Players is 2, or 4 for Double TwixT; zero means 2.
	Players int
	// Swap is the pie rule's style. It is in force only in an even game:
	// two players, no Handicap and no ExtraMoves.
	Swap SwapStyle
	// Handicap is pbmserv's: N > 0 removes N columns (the board is
	// narrower, easier for Black), N < 0 removes -N rows (shorter, easier
	// for Red).
	Handicap int
	// ExtraMoves is the Kosmos head start: Red places this many extra pegs
	// (0 to 3) before Black's first move. Two-player games only.
	ExtraMoves int
	// Opening is how a two-player game begins: plain, the cut-the-pie
	// opening (pie3), or the Kosmos centre handicap (centre).
	Opening Opening
	// NoAutoDraw keeps the game going after neither side can still
	// connect; it then ends only by connection, resignation, agreement or
	// a full board.
	NoAutoDraw bool
}

// MaxExtraMoves is the largest Kosmos head start.
const MaxExtraMoves = 3

// normalized returns s with zero values replaced by defaults.
func (s Settings) normalized() Settings {
	if s.Size == (Size{}) {
		s.Size = Size{DefaultSize, DefaultSize}
	}
	if s.Players == 0 {
		s.Players = 2
	}
	return s
}

// BoardSize is the size of the board played on: Size less the handicap.
func (s Settings) BoardSize() Size {
	s = s.normalized()
	b := s.Size
	if s.Handicap > 0 {
		b.Cols -= s.Handicap
	} else {
		b.Rows += s.Handicap
	}
	return b
}

// SwapAllowed reports whether the pie rule is in force: a swap style is
// chosen and the game is even (two players, no handicap of any kind).
func (s Settings) SwapAllowed() bool {
	s = s.normalized()
	return s.Swap != SwapOff && s.Players == 2 && s.Handicap == 0 && s.ExtraMoves == 0 && s.Opening == OpeningPlain
}

// Validate reports what is wrong with the settings, if anything.
func (s Settings) Validate() error {
	s = s.normalized()
	if !s.Size.Valid() {
		return &SizeError{Size: s.Size}
	}
	if s.Players != 2 && s.Players != 4 {
		return fmt.Errorf("%w: %d players (TwixT is for 2, Double TwixT for 4)", ErrBadSettings, s.Players)
	}
	if s.Ruleset > ThreeM {
		return fmt.Errorf("%w: unknown ruleset %d", ErrBadSettings, s.Ruleset)
	}
	if s.Swap > SwapMirror {
		return fmt.Errorf("%w: unknown swap style %d", ErrBadSettings, s.Swap)
	}
	if b := s.BoardSize(); !b.Valid() {
		return fmt.Errorf("%w: handicap %d leaves a %s board; each side must stay from %d to %d holes", ErrBadSettings, s.Handicap, b, MinSize, MaxSize)
	}
	if s.ExtraMoves < 0 || s.ExtraMoves > MaxExtraMoves {
		return fmt.Errorf("%w: %d extra moves (the head start is 0 to %d)", ErrBadSettings, s.ExtraMoves, MaxExtraMoves)
	}
	if s.ExtraMoves > 0 && s.Players == 4 {
		return fmt.Errorf("%w: extra moves are a two-player handicap; Double TwixT has Privilege instead", ErrBadSettings)
	}
	if err := s.validateOpening(); err != nil {
		return err
	}
	// The mirror swap on a board that is not square is allowed: a game
	// in which nobody swaps is played as any other, and a swap whose
	// mirror image is not a hole Black may peg is refused on its own,
	// saying why (Game.Play).
	return nil
}

// String describes the settings briefly, e.g. "24x24 standard, swap:sides".
func (s Settings) String() string {
	s = s.normalized()
	out := fmt.Sprintf("%s %s", s.BoardSize(), s.Ruleset)
	if s.Players == 4 {
		out += ", Double TwixT"
	}
	if s.Handicap != 0 {
		out += fmt.Sprintf(", handicap %d", s.Handicap)
	}
	if s.ExtraMoves != 0 {
		out += fmt.Sprintf(", %d extra moves", s.ExtraMoves)
	}
	if s.Opening != OpeningPlain {
		out += ", opening:" + s.Opening.String()
	}
	if s.SwapAllowed() {
		out += ", swap:" + s.Swap.String()
	}
	if s.NoAutoDraw {
		out += ", no auto-draw"
	}
	return out
}
