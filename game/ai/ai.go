package ai

import (
	"context"
	"fmt"
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
	// Seed the result is then always the same.
	Playouts int
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
}

// DefaultMaxNodes caps the tree at about 220 MB (a node is 36 bytes).
const DefaultMaxNodes = 6 << 20

// Decision is the move the engine chose, and why.
type Decision struct {
	// Move is the move to play: a placement (with all its legal links),
	// a swap, or a resignation.
	Move game.Move
	// ClaimPrivilege: in Double TwixT, claim Privilege right after Move.
	ClaimPrivilege bool
	// Playouts is how many simulations the search ran.
	Playouts int
	// Value is the estimated probability that the side that moved wins.
	Value float64
}

// String describes the decision for logs, e.g. "j12 (value 0.62, 31000 playouts)"
// (a playout here is one simulation).
func (d Decision) String() string {
	s := fmt.Sprintf("%s (value %.2f, %d playouts)", d.Move, d.Value, d.Playouts)
	if d.ClaimPrivilege {
		s += " and claim Privilege"
	}
	return s
}

// Candidate is a move the search considered, with its statistics.
type Candidate struct {
	Move   game.Move
	Visits int     // how often the search tried it
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
// first, for hints and reviews. It never modifies g. It remembers nothing
// between calls; an Engine does.
func Hint(ctx context.Context, g *game.Game, cfg Config, n int) ([]Candidate, error) {
	if err := check(ctx, g, cfg); err != nil {
		return nil, err
	}
	if n <= 0 {
		n = 1
	}
	return newEngine(g, cfg).rank(ctx, n), nil
}

func check(ctx context.Context, g *game.Game, cfg Config) error {
	if cfg.Level != 0 && !cfg.Level.Valid() {
		return fmt.Errorf("%w: %d (want %d to %d)", ErrBadLevel, cfg.Level, MinLevel, MaxLevel)
	}
	if g.Over() {
		return fmt.Errorf("%w: %s", ErrGameOver, g.Result())
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%w: %w", ErrCanceled, err)
	}
	return nil
}
