package game

import "math/bits"

// This file holds the few questions a search engine (package game/ai) asks
// of a position many thousands of times a second, answered without
// changing the board and without allocating.

// CopyFrom makes b equal to src, reusing b's memory: the cheap way for a
// search to start each simulation from the same position. Both boards must
// have the same size; CopyFrom reports false, and changes nothing, if not.
func (b *Board) CopyFrom(src *Board) bool {
	if b.g != src.g {
		return false
	}
	b.copyFrom(src)
	return true
}

// CanPeg reports whether c may peg h now: a hole of the board, empty, and
// not in the opponent's border rows. It is CheckPeg without the error.
func (b *Board) CanPeg(h Hole, c Color) bool {
	if !b.g.onBoard(h) {
		return false
	}
	i := b.g.index(h)
	return b.pegs[i] == NoColor && b.g.canUse[c][i]
}

// Autolinks returns how many links c's peg in h would make now, without
// placing it. h must be a hole c may peg (see CanPeg).
func (b *Board) Autolinks(h Hole, c Color) int {
	if !b.CanPeg(h, c) {
		return 0
	}
	i := b.g.index(h)
	n := 0
	for m := b.nbr[c][i]; m != 0; m &= m - 1 {
		if b.linkFree(int(b.g.dirStep[i*8+bits.TrailingZeros8(m)].link), c) {
			n++
		}
	}
	return n
}

// Wins reports whether c pegging h now (with its autolinks) would join c's
// border rows, without placing the peg. It is false if c may not peg h.
func (b *Board) Wins(h Hole, c Color) bool {
	if !b.CanPeg(h, c) {
		return false
	}
	if b.ufDirty[c] {
		b.rebuild(c)
	}
	i := b.g.index(h)
	n := int32(b.g.n)
	top, bottom := b.find(c, n), b.find(c, n+1)
	reachTop, reachBottom := false, false
	switch b.g.side[c][i] {
	case 1:
		reachTop = true
	case 2:
		reachBottom = true
	}
	for m := b.nbr[c][i]; m != 0; m &= m - 1 {
		st := b.g.dirStep[i*8+bits.TrailingZeros8(m)]
		if !b.linkFree(int(st.link), c) {
			continue
		}
		r := b.find(c, int32(st.to))
		reachTop = reachTop || r == top
		reachBottom = reachBottom || r == bottom
	}
	return reachTop && reachBottom
}

// Unreachable is what Distance returns for a side that can no longer
// connect.
const Unreachable = 1 << 20

// Distance returns how many more pegs c needs, at the least, to join its
// border rows by placing pegs with their autolinks: the cheapest path from
// one border row to the other along knight steps that no link blocks (in
// standard, c's own crossing links block too, as they do autolinks),
// through c's pegs (free) and the empty holes c may peg (one each). It
// ignores the opponent's replies, so it is a bound, not a promise.
// Unreachable means c cannot connect this way; in TwixT PP that is exactly
// when CanConnect says no. It does not allocate once the board has
// searched.
func (b *Board) Distance(c Color) int {
	mark := b.search()
	if len(b.dist) != b.g.n {
		b.dist = make([]int32, b.g.n)
		b.layer = make([]int32, 0, b.g.n)
	}
	// A 0-1 search: cur holds the holes at distance d, next those at d+1.
	cur, next := b.queue[:0], b.layer[:0]
	for _, i := range b.g.border[c][0] {
		switch b.pegs[i] {
		case c:
			b.seen[i], b.dist[i] = mark, 0
			cur = append(cur, i)
		case NoColor:
			b.seen[i], b.dist[i] = mark, 1
			next = append(next, i)
		}
	}
	opp, own := b.block[c.Opponent()], b.block[c]
	pp := b.rules == PP
	use := b.g.canUse[c]
	side := b.g.side[c]
	d := int32(0)
	for len(cur) > 0 || len(next) > 0 {
		if len(cur) == 0 {
			cur, next = next, cur[:0]
			d++
			continue
		}
		i := cur[len(cur)-1]
		cur = cur[:len(cur)-1]
		if b.dist[i] != d {
			continue // reached more cheaply since
		}
		if side[i] == 2 {
			b.queue, b.layer = cur[:0], next[:0]
			return int(d)
		}
		for _, s := range b.g.steps(i) {
			if opp[s.link] != 0 || !pp && own[s.link] != 0 {
				continue
			}
			to := int32(s.to)
			nd := d
			switch p := b.pegs[to]; {
			case p == c:
			case p == NoColor && use[to]:
				nd++
			default:
				continue
			}
			if b.seen[to] == mark && b.dist[to] <= nd {
				continue
			}
			b.seen[to], b.dist[to] = mark, nd
			if nd == d {
				cur = append(cur, to)
			} else {
				next = append(next, to)
			}
		}
	}
	b.queue, b.layer = cur[:0], next[:0]
	return Unreachable
}

// TwoDistance is Distance as Hex programs measure it (the "two-distance"):
// a hole counts as only as near as its second-nearest neighbour, plus one,
// because the opponent can always block the nearest. A chain of c's linked
// pegs is one node, free to enter; the border rows are neighbours that
// cannot be blocked. So a path made of "double links", two ways to go at
// every step, is short, and a single thread is long. It does not allocate
// once the board has searched.
func (b *Board) TwoDistance(c Color) int {
	if b.ufDirty[c] {
		b.rebuild(c)
	}
	n := b.g.n
	if len(b.count) != n+2 {
		b.count = make([]uint8, n+2)
		b.head = make([]int32, n+2)
		b.next = make([]int32, n+2)
		b.from = make([]int32, n+2)
	}
	if len(b.dist) < n+2 {
		b.dist = make([]int32, n+2)
		b.layer = make([]int32, 0, n+2)
	}
	if cap(b.queue) < n+2 {
		b.queue = make([]int32, 0, n+2)
	}
	clear(b.count)
	for i := range b.head {
		b.head[i], b.next[i], b.from[i] = -1, -1, -1
	}
	for i, p := range b.pegs {
		if p == c {
			r := b.find(c, int32(i))
			b.next[i], b.head[r] = b.head[r], int32(i)
		}
	}
	// count[x] is 2 once x is settled (queued with its final distance).
	const settled = 2
	cur, later := b.queue[:0], b.layer[:0]
	for _, i := range b.g.border[c][0] {
		switch b.pegs[i] {
		case c:
			if r := b.find(c, i); b.count[r] < settled {
				b.count[r], b.dist[r] = settled, 0
				cur = append(cur, r)
			}
		case NoColor:
			b.count[i], b.dist[i] = settled, 1 // the border row is two neighbours
			later = append(later, i)
		}
	}
	opp, own := b.block[c.Opponent()], b.block[c]
	pp := b.rules == PP
	use := b.g.canUse[c]
	last := b.find(c, int32(n+1))
	edge := 0 // empty holes of the last row settled so far
	d := int32(0)
	result := Unreachable
	for len(cur) > 0 || len(later) > 0 {
		if len(cur) == 0 {
			cur, later = later, cur[:0]
			d++
			continue
		}
		x := cur[len(cur)-1]
		cur = cur[:len(cur)-1]
		// x is a group (its pegs are listed from head[x]) or an empty
		// hole (a list of itself, as next[x] is -1).
		first := x
		if int(x) >= n || b.pegs[x] == c {
			if x == last {
				result = int(d)
				break
			}
			first = b.head[x]
		} else if b.g.side[c][x] == 2 {
			if edge++; edge == 2 {
				result = int(d)
				break
			}
		}
		for p := first; p >= 0; p = b.next[p] {
			for _, s := range b.g.steps(p) {
				// Count x once more for each neighbour through s.
				if opp[s.link] != 0 || !pp && own[s.link] != 0 {
					continue
				}
				j := int32(s.to)
				id, cost := j, int32(1)
				switch q := b.pegs[j]; {
				case q == c:
					id, cost = b.find(c, j), 0
				case q != NoColor || !use[j]:
					continue
				}
				if id == x || b.count[id] >= settled || b.from[id] == x {
					continue
				}
				b.from[id] = x
				if b.count[id]++; b.count[id] == settled {
					b.dist[id] = d + cost
					if cost == 0 {
						cur = append(cur, id)
					} else {
						later = append(later, id)
					}
				}
			}
		}
	}
	b.queue, b.layer = cur[:0], later[:0]
	return result
}
