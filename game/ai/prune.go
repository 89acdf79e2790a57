package ai

import (
	"slices"
	"sort"
)

// prune makes room in a tree that has nearly reached maxN nodes: it keeps
// the children of the most visited nodes only, at most half of maxN nodes
// in all, and drops the others' children, moving the nodes it keeps down
// in place so that the freed room is at the end of the arena. A node that
// loses its children is a leaf again, and is expanded afresh if the search
// comes back to it often enough. The root's children are always kept. A
// tree whose root alone fills half the cap cannot be pruned; it simply
// stops growing (expand refuses).
//
// A node's children always come after it in the arena (they are added
// when it is expanded, and subtree and prune keep that order), so one pass
// in order decides what to keep and a second moves it.
func (e *engine) prune() {
	if e.pruneStuck {
		return
	}
	nodes := e.nodes
	budget := e.maxN / 2
	// The threshold: the expanded nodes, most visited first, until
	// their children fill the budget.
	type expanded struct{ visits, nchild int32 }
	var xs []expanded
	for i := 1; i < len(nodes); i++ {
		if nodes[i].nchild > 0 {
			xs = append(xs, expanded{nodes[i].visits, nodes[i].nchild})
		}
	}
	sort.Slice(xs, func(a, b int) bool { return xs[a].visits > xs[b].visits })
	kept := 1 + int(nodes[0].nchild)
	threshold := int32(0)
	for _, x := range xs {
		if kept+int(x.nchild) > budget {
			threshold = x.visits + 1
			break
		}
		kept += int(x.nchild)
	}
	if threshold == 0 || kept > budget {
		e.pruneStuck = true // nothing to gain: stop expanding instead
		return
	}
	// keep[i]: 0 drop, 1 keep, 2 keep as the first of a block of children.
	keep := e.pruneKeep(len(nodes))
	keep[0] = 1
	for i := range nodes {
		nd := &nodes[i]
		if keep[i] == 0 || nd.nchild == 0 {
			continue
		}
		if i > 0 && nd.visits < threshold {
			nd.child, nd.nchild = -1, 0
			continue
		}
		for j := nd.child; j < nd.child+nd.nchild; j++ {
			keep[j] = 1
		}
		keep[nd.child] = 2
	}
	// Move the kept nodes down, remembering where each kept block of
	// children went, then point the parents at the new places.
	type moved struct{ from, to int32 }
	var blocks []moved
	w := int32(0)
	for i := range nodes {
		if keep[i] == 0 {
			continue
		}
		if keep[i] == 2 {
			blocks = append(blocks, moved{int32(i), w})
		}
		nodes[w] = nodes[i]
		w++
	}
	for j := int32(0); j < w; j++ {
		if nd := &nodes[j]; nd.nchild > 0 {
			k, _ := slices.BinarySearchFunc(blocks, nd.child, func(m moved, t int32) int { return int(m.from - t) })
			nd.child = blocks[k].to
		}
	}
	e.nodes = nodes[:w]
	e.prunes++
}

// pruneKeep returns a cleared slice of n marks, reused between prunes.
func (e *engine) pruneKeep(n int) []uint8 {
	if cap(e.keepMarks) < n {
		e.keepMarks = make([]uint8, n)
	}
	e.keepMarks = e.keepMarks[:n]
	clear(e.keepMarks)
	return e.keepMarks
}

// reserve makes room for k more nodes, growing the arena by doubling
// while it is small and then to maxN at once, never beyond: the cap bounds
// the memory taken, and the arenas left behind for the collector add up
// to a quarter of the cap at most.
func (e *engine) reserve(k int) {
	if len(e.nodes)+k <= cap(e.nodes) {
		return
	}
	size := max(2*cap(e.nodes), len(e.nodes)+k)
	if size > e.maxN/4 {
		size = e.maxN
	}
	grown := make([]node, len(e.nodes), size)
	copy(grown, e.nodes)
	e.nodes = grown
}
