package storage

import (
	"container/list"
	"sync"

	"github.com/twixtbot/twixtbot/game"
)

// DefaultPositionCache is the memory, in bytes, that a Store spends by
// default on the positions of the games played lately (Options.PositionCache):
// about two thousand games on the classic board, or a hundred on the
// largest.
const DefaultPositionCache = 32 << 20

// positions keeps the positions of the games played lately, so that a move
// does not replay the game's whole log twice (once when the caller loads
// the game to check the move against the player's view, and once in the
// write transaction, where a long replay would hold up every other
// change). On a large board late in a game a replay takes milliseconds to
// tens of milliseconds (it searches for open paths as it goes); a copy of
// the position, tens to hundreds of microseconds.
//
// An entry is the position after a game's log of a given length under
// given settings. A log grows by AppendMoves and shrinks only by TakeBack,
// which records each takeback in the game's Meta, and a game's settings
// change only before its first move, so an entry whose length, number of
// takebacks and settings match a record is exactly what replaying the
// record gives; one that does
// not match is stale, and is replaced. Entries are kept within a budget of
// memory, the least recently used going first. Callers get copies, and the
// cache keeps its own.
type positions struct {
	mu     sync.Mutex
	budget int
	used   int
	lru    list.List // of *posEntry, the most recently used first
	byID   map[GameID]*list.Element
	hits   int // for tests
}

type posEntry struct {
	id       GameID
	n        int // log length
	tb       int // takebacks made: a takeback shortens the log, so a length alone does not name a log
	settings game.Settings
	pos      *game.Game
	cost     int
}

func newPositions(budget int) *positions {
	return &positions{budget: budget, byID: map[GameID]*list.Element{}}
}

// positionCost estimates the memory a kept position takes: about 28 bytes
// a hole for the board, and its log.
func positionCost(g *Game) int {
	return 28*g.Settings.BoardSize().Holes() + 48*len(g.Log) + 512
}

// get returns a copy of the position after g's log, or nil if none is
// kept.
func (p *positions) get(g *Game) *game.Game {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	el := p.byID[g.ID]
	if el == nil {
		return nil
	}
	e := el.Value.(*posEntry)
	if e.n != len(g.Log) || e.tb != len(g.Meta.Takebacks) || e.settings != g.Settings {
		return nil
	}
	p.lru.MoveToFront(el)
	p.hits++
	return e.pos.Clone()
}

// put keeps a copy of pos as the position after g's log. Without a cache
// it does nothing, not even the copy.
func (p *positions) put(g *Game, pos *game.Game) {
	if p == nil {
		return
	}
	e := &posEntry{id: g.ID, n: len(g.Log), tb: len(g.Meta.Takebacks), settings: g.Settings, pos: pos.Clone(), cost: positionCost(g)}
	p.mu.Lock()
	defer p.mu.Unlock()
	if e.cost > p.budget {
		p.dropLocked(g.ID)
		return
	}
	if el := p.byID[g.ID]; el != nil {
		old := el.Value.(*posEntry)
		if (old.tb > e.tb || old.tb == e.tb && old.n > e.n) && old.settings == e.settings {
			return // a later position is kept already (commits may report out of order)
		}
		p.used += e.cost - old.cost
		el.Value = e
		p.lru.MoveToFront(el)
	} else {
		p.byID[g.ID] = p.lru.PushFront(e)
		p.used += e.cost
	}
	for p.used > p.budget {
		p.dropLocked(p.lru.Back().Value.(*posEntry).id)
	}
}

// drop forgets a game's position.
func (p *positions) drop(id GameID) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.dropLocked(id)
}

func (p *positions) dropLocked(id GameID) {
	if el := p.byID[id]; el != nil {
		p.used -= el.Value.(*posEntry).cost
		p.lru.Remove(el)
		delete(p.byID, id)
	}
}
