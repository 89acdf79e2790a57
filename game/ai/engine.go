package ai

import (
	"context"
	"slices"
	"sync"

	"github.com/twixtbot/twixtbot/game"
)

// Engine is a computer player that remembers between moves: the part of
// its search tree below each move it played, so that the search for its
// next move starts from the subtree of the reply (tree reuse), the
// alpha-beta searches' transposition tables and evaluation caches (see
// abTables), and the memory of its finished searches, so that the next
// search does not allocate its tree again. Create one with NewEngine and
// keep it for as long as games are played: a bot keeps one for all its
// games. An Engine is safe for concurrent use; searches run in parallel
// and share only the saved trees and the recycled memory, behind a mutex
// taken briefly at the start and the end of a search.
//
// The package functions Choose and Hint search without an Engine: nothing
// is remembered from one call to the next.
type Engine struct {
	opts EngineOptions

	mu    sync.Mutex
	trees []*savedTree // oldest first
	total int          // nodes in trees
	free  [][]node     // arenas of finished searches, to recycle
	spare int          // nodes of capacity in free
	// tables are the alpha-beta searches' tables (see abTables), free
	// for the next search, oldest first.
	tables []*abTables
}

// EngineOptions bounds what an Engine keeps between searches. The zero
// value is a sound default.
type EngineOptions struct {
	// SavedTrees is how many trees are kept for reuse, the oldest
	// dropped first; zero means 8, and negative keeps none.
	SavedTrees int
	// SavedNodes caps the nodes of all saved trees together; zero means
	// 4 M nodes (some 150 MB).
	SavedNodes int
	// SpareNodes caps the capacity of the finished searches' arenas kept
	// for the next searches; an arena that would pass it is left to the
	// collector. Zero means 2 M nodes (some 75 MB), enough for a 1 s
	// search; negative keeps none.
	SpareNodes int
	// SavedTables is how many alpha-beta searches' tables (transposition
	// table, evaluation cache, history: some 7.5 MB each on any board
	// size) are kept for the next searches; zero means 4, negative keeps
	// none. One is taken by each search running at once.
	SavedTables int
}

// Defaults of EngineOptions.
const (
	defaultSavedTrees  = 8
	defaultSavedNodes  = 4 << 20
	defaultSpareNodes  = 2 << 20
	defaultSavedTables = 4
	savedTreeNodes     = 1 << 20 // nodes kept of one tree; deeper ones are cut
)

// NewEngine returns an Engine that keeps at most what opts allows.
func NewEngine(opts EngineOptions) *Engine {
	if opts.SavedTrees == 0 {
		opts.SavedTrees = defaultSavedTrees
	}
	if opts.SavedNodes <= 0 {
		opts.SavedNodes = defaultSavedNodes
	}
	if opts.SpareNodes == 0 {
		opts.SpareNodes = defaultSpareNodes
	}
	if opts.SavedTables == 0 {
		opts.SavedTables = defaultSavedTables
	}
	return &Engine{opts: opts}
}

// Choose picks a move for the side to move in g, as the package function
// Choose does, starting from a saved tree when g follows from one of the
// engine's earlier moves (searches with Config.Playouts never do, so they
// stay repeatable).
func (en *Engine) Choose(ctx context.Context, g *game.Game, cfg Config) (Decision, error) {
	if err := check(ctx, g, cfg); err != nil {
		return Decision{}, err
	}
	e := newEngine(g, cfg)
	e.owner = en
	defer e.release()
	return e.decide(ctx)
}

// Hint ranks up to n candidate moves for the side to move in g, best
// first, as the package function Hint does.
func (en *Engine) Hint(ctx context.Context, g *game.Game, cfg Config, n int) ([]Candidate, error) {
	return hint(ctx, en, g, cfg, n, nil)
}

// HintWith ranks up to n moves and rates m too, as the package function
// HintWith does.
func (en *Engine) HintWith(ctx context.Context, g *game.Game, cfg Config, n int, m game.Move) ([]Candidate, error) {
	return hint(ctx, en, g, cfg, n, &m)
}

// arena returns a node slice of length 0 to grow a tree in, recycled if
// the owner has one.
func (e *engine) arena() []node {
	if en := e.owner; en != nil {
		en.mu.Lock()
		defer en.mu.Unlock()
		if k := len(en.free); k > 0 {
			a := en.free[k-1]
			en.free = en.free[:k-1]
			en.spare -= cap(a)
			return a[:0]
		}
	}
	return make([]node, 0, min(e.maxN, 1<<14))
}

// release gives the search's tree back to its owner for the next search,
// as long as the owner's recycled arenas stay within SpareNodes.
func (e *engine) release() {
	en, a := e.owner, e.nodes
	e.nodes = nil
	if en == nil || a == nil {
		return
	}
	en.mu.Lock()
	defer en.mu.Unlock()
	if en.spare+cap(a) > en.opts.SpareNodes {
		return // let the collector have it
	}
	en.free = append(en.free, a[:0])
	en.spare += cap(a)
}

// takeTables returns kept alpha-beta tables for a search of root, a board
// of n holes, or nil if there are none of that size. It prefers the
// tables of the latest search whose root root follows from (all of its
// pegs are on root): those of an earlier move of the same game. Tables of
// another game, under the same ruleset, keep only what is keyed by
// position.
func (en *Engine) takeTables(root *game.Board, n int) *abTables {
	en.mu.Lock()
	defer en.mu.Unlock()
	pick, same := -1, false
	for i, t := range en.tables {
		// The keys hold only the pegs: a position's value depends on
		// the ruleset too (which links block which).
		if t.n != n || t.root == nil || t.root.Ruleset() != root.Ruleset() {
			continue
		}
		if f := follows(root, t.root); pick < 0 || f {
			pick, same = i, f
		}
	}
	if pick < 0 {
		return nil
	}
	t := en.tables[pick]
	en.tables = slices.Delete(en.tables, pick, pick+1)
	t.age(same)
	return t
}

// putTables keeps t, last used to search root, for the next searches,
// dropping the oldest beyond SavedTables.
func (en *Engine) putTables(t *abTables, root *game.Board) {
	if en.opts.SavedTables < 0 {
		return
	}
	t.root = root
	en.mu.Lock()
	defer en.mu.Unlock()
	en.tables = append(en.tables, t)
	if k := len(en.tables) - en.opts.SavedTables; k > 0 {
		en.tables = slices.Delete(en.tables, 0, k)
	}
}

// follows reports whether every peg of before stands on after, in the
// same colour: after may be a later position of before's game.
func follows(after, before *game.Board) bool {
	if before == nil || after.Size() != before.Size() {
		return false
	}
	s := after.Size()
	for r := 0; r < s.Rows; r++ {
		for c := 0; c < s.Cols; c++ {
			h := game.Hole{Col: c, Row: r}
			if p := before.Peg(h); p != game.NoColor && after.Peg(h) != p {
				return false
			}
		}
	}
	return true
}
