package ai

import (
	"slices"

	"github.com/twixtbot/twixtbot/game"
)

// Tree reuse between moves. The bot asks for each move with a fresh game,
// so an Engine keeps, for a few positions it moved into, the part of its
// tree below its own move: the opponent's replies and what it thought of
// them. When it is asked about a position that one of those replies
// reached, the search starts from that subtree instead of from nothing.
//
// Only time-budgeted searches take part: a search with Config.Playouts
// must give the same answer under the same seed whatever came before. A
// saved tree is a copy, so the searches of different games never share
// nodes.

// savedTree is the subtree below one of the engine's moves.
type savedTree struct {
	board *game.Board // the position after the move (never modified)
	color game.Color  // to move there: the opponent
	turns int         // turns taken there
	nodes []node      // the subtree, rooted at 0; its children are the replies
}

// reusable reports whether this search may use and feed its owner's
// saved trees.
func (e *engine) reusable() bool {
	return e.owner != nil && e.owner.opts.SavedTrees > 0 && e.keep && e.g.Players() == 2 && e.rootMoves == nil
}

// save keeps the subtree below the root's child ch, the move being played.
func (e *engine) save(ch int32) {
	if !e.reusable() || e.nodes[ch].nchild == 0 {
		return
	}
	b := e.root.Clone()
	if _, err := b.Place(e.hole(e.nodes[ch].move), e.color); err != nil || b.Connected(e.color) {
		return
	}
	t := &savedTree{board: b, color: e.next(e.color, e.turns+1), turns: e.turns + 1, nodes: subtree(nil, e.nodes, ch, savedTreeNodes)}
	en := e.owner
	en.mu.Lock()
	defer en.mu.Unlock()
	en.trees = append(en.trees, t)
	en.total += len(t.nodes)
	for len(en.trees) > en.opts.SavedTrees || en.total > en.opts.SavedNodes {
		en.total -= len(en.trees[0].nodes)
		en.trees[0] = nil
		en.trees = en.trees[1:]
	}
}

// reuse starts the tree from a saved one when the root position is one of
// its replies, and reports whether it did.
func (e *engine) reuse() bool {
	if !e.reusable() {
		return false
	}
	en := e.owner
	en.mu.Lock()
	defer en.mu.Unlock()
	for k := len(en.trees) - 1; k >= 0; k-- {
		t := en.trees[k]
		if t.turns+1 != e.turns || e.next(t.color, t.turns+1) != e.color {
			continue
		}
		m, ok := e.replyTo(t)
		if !ok {
			continue
		}
		root := &t.nodes[0]
		for j := int32(0); j < root.nchild; j++ {
			if i := root.child + j; t.nodes[i].move == m && t.nodes[i].nchild > 0 {
				e.nodes = subtree(e.nodes, t.nodes, i, e.maxN)
				e.nodes[0].move = -1
				return true
			}
		}
	}
	return false
}

// replyTo returns the hole index of the peg that turned t's position into
// the root's, if the root is t's position plus one peg of t.color placed
// with its autolinks, as the search plays them.
func (e *engine) replyTo(t *savedTree) (int32, bool) {
	if t.board.Size() != e.size || t.board.Ruleset() != e.root.Ruleset() {
		return -1, false
	}
	m := int32(-1)
	for i := int32(0); i < int32(e.n); i++ {
		h := e.hole(i)
		was, is := t.board.Peg(h), e.root.Peg(h)
		switch {
		case was == is:
		case was == game.NoColor && is == t.color && m < 0:
			m = i
		default:
			return -1, false
		}
	}
	if m < 0 {
		return -1, false
	}
	after := t.board.Clone()
	if _, err := after.Place(e.hole(m), t.color); err != nil {
		return -1, false
	}
	for _, c := range [2]game.Color{game.Red, game.Black} {
		if !slices.Equal(after.Links(c), e.root.Links(c)) {
			return -1, false
		}
	}
	return m, true
}

// subtree copies the subtree of nodes rooted at r, breadth first, into
// dst[:0] (a new slice if dst is nil), at most limit nodes: the nodes whose
// children do not fit lose them, and are expanded again when the search
// comes back to them.
func subtree(dst, nodes []node, r int32, limit int) []node {
	if dst == nil {
		dst = make([]node, 0, min(limit, 1<<14))
	}
	out := append(dst[:0], nodes[r])
	for i := 0; i < len(out); i++ {
		nc := out[i].nchild
		if nc == 0 {
			continue
		}
		if len(out)+int(nc) > limit {
			out[i].child, out[i].nchild = -1, 0
			continue
		}
		src := out[i].child
		out[i].child = int32(len(out))
		out = append(out, nodes[src:src+nc]...)
	}
	return out
}
