package ai

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Level is how strongly the computer plays, from MinLevel (beginner) to
// MaxLevel (strongest). A level is a time budget plus, at the low end,
// deliberate weakness that still looks human: a weak level picks among the
// moves its search rated nearly as good as the best, but it never misses a
// win in one and never leaves a loss in one unblocked.
type Level int

// The range of levels.
const MinLevel, MaxLevel Level = 1, 5

// DefaultLevel is the level used when none is given.
const DefaultLevel Level = 3

var levelNames = [...]string{"", "beginner", "casual", "club", "strong", "strongest"}

// String returns the level's name, e.g. "beginner".
func (l Level) String() string {
	if l.Valid() {
		return levelNames[l]
	}
	return "level(" + strconv.Itoa(int(l)) + ")"
}

// Valid reports whether l is within MinLevel..MaxLevel.
func (l Level) Valid() bool { return l >= MinLevel && l <= MaxLevel }

// ParseLevel reads a level as a number ("1".."5") or a name ("beginner").
func ParseLevel(s string) (Level, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(t); err == nil && Level(n).Valid() {
		return Level(n), nil
	}
	for i, name := range levelNames {
		if i > 0 && name == t {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("%w: %q (want %d to %d, or one of beginner, casual, club, strong, strongest)", ErrBadLevel, s, MinLevel, MaxLevel)
}

// profile is what a level means to the search.
type profile struct {
	moveTime time.Duration // default budget per move
	playouts int           // at most this many playouts (0: no cap)
	// temperature > 0 makes the level choose among the good moves at
	// random, weighted by visits^(1/temperature); spread bounds how much
	// worse (in share of the best move's visits) a chosen move may be.
	temperature float64
	spread      float64
	// alphaBeta: the level uses the alpha-beta searcher (alphabeta.go)
	// instead of Monte Carlo search.
	alphaBeta bool
}

var profiles = [...]profile{
	1: {moveTime: 300 * time.Millisecond, playouts: 300, temperature: 1.5, spread: 0.15},
	2: {moveTime: 500 * time.Millisecond, playouts: 3000, temperature: 0.8, spread: 0.35},
	3: {moveTime: time.Second, alphaBeta: true},
	4: {moveTime: 3 * time.Second, alphaBeta: true},
	5: {moveTime: 10 * time.Second, alphaBeta: true},
}

func (l Level) profile() profile {
	if !l.Valid() {
		l = DefaultLevel
	}
	return profiles[l]
}

// MoveTime returns the level's default time budget per move.
func (l Level) MoveTime() time.Duration { return l.profile().moveTime }
