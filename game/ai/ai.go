package ai

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// Config says how hard to think.
type Config struct {
	// Level is MinLevel..MaxLevel; zero means DefaultLevel.
	Level Level
	// MoveTime is the budget per move; zero means the level's default.
	// The context's deadline, if sooner, wins.
	MoveTime time.Duration
	// Playouts, if > 0, is a fixed number of simulations (each ending in
	// an evaluation or a playout) instead of a time budget: with the same
	// Seed the result is then always the same. For the alpha-beta
	// searcher it is the number of positions searched.
	Playouts int
	// Method chooses the search; zero means the level's own.
	Method Method
	// Seed seeds the search's random numbers.
	Seed uint64
	// Threads is how many cores search at once, each with its own tree,
	// its share of MaxNodes and Playouts, and their root statistics
	// added up; zero or one means one.
	Threads int
	// MaxNodes caps the search tree; zero means DefaultMaxNodes. When a
	// search fills it, the search prunes the least visited subtrees and
	// goes on in the room they leave (see prune.go).
	MaxNodes int
	// KeepLinks forbids moves that remove the side's own links. Without
	// it, when those links have closed every way the side has left to
	// connect, the engine removes one with its move (an unlink list, as
	// in "j12-i12/k11"), so that the new peg can link across its place.
	// A front end whose protocol has no way to say so (twixt gtp answers
	// a hole) sets it.
	KeepLinks bool
}

// Method is a kind of search.
type Method int

// The searches. Levels 1 and 2 use Monte Carlo search, whose weak
// choices look human; levels 3 to 5 use alpha-beta, which is stronger.
const (
	ByLevel   Method = iota // the level's own
	MCTS                    // Monte Carlo tree search with RAVE (search.go)
	AlphaBeta               // iterative-deepening alpha-beta (alphabeta.go)
)

// String returns the method's name, e.g. "alpha-beta".
func (m Method) String() string {
	switch m {
	case ByLevel:
		return "by level"
	case MCTS:
		return "mcts"
	case AlphaBeta:
		return "alpha-beta"
	}
	return "method(" + strconv.Itoa(int(m)) + ")"
}

// DefaultMaxNodes caps the tree at about 220 MB (a node is 36 bytes).
const DefaultMaxNodes = 6 << 20

// Decision is the move the engine chose, and why.
type Decision struct {
	// Move is the move to play: a placement (with all its legal links,
	// after removing the own links of its unlink list, if it has one; see
	// Config.KeepLinks), a swap, or a resignation.
	Move game.Move
	// ClaimPrivilege: in Double TwixT, claim Privilege right after Move.
	ClaimPrivilege bool
	// Playouts is how many simulations the search ran, or for the
	// alpha-beta search how many positions it searched.
	Playouts int
	// Method is AlphaBeta when the alpha-beta search chose the move, and
	// zero otherwise (Monte Carlo search, or no search: a win in one, a
	// single safe move, the pie rule's opening).
	Method Method
	// Value is the estimated probability that the side that moved wins.
	Value float64
}

// String describes the decision for logs, e.g. "j12 (value 0.62, 31000
// playouts)" (a playout here is one simulation), or "j12 (value 0.62, 9000
// positions)" from the alpha-beta search.
func (d Decision) String() string {
	unit := "playouts"
	if d.Method == AlphaBeta {
		unit = "positions"
	}
	s := fmt.Sprintf("%s (value %.2f, %d %s)", d.Move, d.Value, d.Playouts, unit)
	if d.ClaimPrivilege {
		s += " and claim Privilege"
	}
	return s
}

// Candidate is a move the search considered, with its statistics.
type Candidate struct {
	Move   game.Move
	Visits int     // how often the search tried it (Monte Carlo), or the positions it read below it (alpha-beta)
	Value  float64 // the estimated probability that the mover wins after it
}

// String returns e.g. "j12 0.62 (1500 visits)".
func (c Candidate) String() string {
	return fmt.Sprintf("%s %.2f (%d visits)", c.Move, c.Value, c.Visits)
}

// Choose picks a move for the side to move in g. It never modifies g. It
// honours ctx's deadline: when the deadline comes first, it returns the best
// move found so far. It remembers nothing between calls; an Engine does.
func Choose(ctx context.Context, g *game.Game, cfg Config) (Decision, error) {
	if err := check(ctx, g, cfg); err != nil {
		return Decision{}, err
	}
	return newEngine(g, cfg).decide(ctx)
}

// Hint ranks up to n candidate moves for the side to move in g, best
// first, for hints and reviews, with the search of cfg's level: by visits
// for Monte Carlo, by value for alpha-beta, which gives each of the n an
// exact score. It never modifies g. It remembers nothing between calls; an
// Engine does.
func Hint(ctx context.Context, g *game.Game, cfg Config, n int) ([]Candidate, error) {
	return hint(ctx, nil, g, cfg, n, nil)
}

// HintWith ranks up to n moves as Hint does, and rates the placement m
// too, whatever its rank: with alpha-beta the root reads m with the full
// window, like the n best, and when m is not among them it follows them
// with its own exact score, so that a review can say what a move played
// gave away by the same search. The list lacks m when the search could
// not rate it: Monte Carlo, a move that is not a legal placement, a win
// in one on the board, or a deadline before the first iteration. It never
// modifies g.
func HintWith(ctx context.Context, g *game.Game, cfg Config, n int, m game.Move) ([]Candidate, error) {
	return hint(ctx, nil, g, cfg, n, &m)
}

// hint ranks n moves of g for Hint and HintWith (m not nil), with the
// tables and trees of en if it is not nil.
func hint(ctx context.Context, en *Engine, g *game.Game, cfg Config, n int, m *game.Move) ([]Candidate, error) {
	if err := check(ctx, g, cfg); err != nil {
		return nil, err
	}
	e := newEngine(g, cfg)
	if en != nil {
		e.owner = en
		defer e.release()
	}
	if m != nil && m.Kind == game.Place {
		e.also, e.rate = m.Hole, true
	}
	return e.rank(ctx, max(n, 1)), nil
}

func check(ctx context.Context, g *game.Game, cfg Config) error {
	if cfg.Level != 0 && !cfg.Level.Valid() {
		return fmt.Errorf("%w: %d (want %d to %d)", ErrBadLevel, cfg.Level, MinLevel, MaxLevel)
	}
	if cfg.Method < ByLevel || cfg.Method > AlphaBeta {
		return fmt.Errorf("%w: %s", ErrBadMethod, cfg.Method)
	}
	if g.Over() {
		return fmt.Errorf("%w: %s", ErrGameOver, g.Result())
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%w: %w", ErrCanceled, err)
	}
	return nil
}
