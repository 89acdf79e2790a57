package game

// The searches of Distance, DistanceMap and TwoDistance as they were
// written first, one hole at a time: the reference the bitset versions in
// engine.go must agree with (TestDistanceAgainstReference).

// refScratch is the scratch space of the reference searches.
type refScratch struct {
	queue, dist, layer []int32
	head, next, from   []int32
	count              []uint8
}

var refScratches = map[*Board]*refScratch{}

func refScratchFor(b *Board) *refScratch {
	r := refScratches[b]
	if r == nil {
		r = &refScratch{queue: make([]int32, 0, b.g.n+2)}
		refScratches[b] = r
	}
	return r
}

// Distance returns how many more pegs c needs, at the least, to join its
// border rows by placing pegs with their autolinks: the cheapest path from
// one border row to the other along knight steps that no link blocks (in
// standard, c's own crossing links block too, as they do autolinks),
// through c's pegs (free) and the empty holes c may peg (one each). It
// ignores the opponent's replies, so it is a bound, not a promise.
// Unreachable means c cannot connect this way; in TwixT PP that is exactly
// when CanConnect says no. It does not allocate once the board has
// searched.
func (b *Board) distanceRef(c Color) int {
	mark := b.search()
	rs := refScratchFor(b)
	if len(rs.dist) != b.g.n {
		rs.dist = make([]int32, b.g.n)
		rs.layer = make([]int32, 0, b.g.n)
	}
	// A 0-1 search: cur holds the holes at distance d, next those at d+1.
	cur, next := rs.queue[:0], rs.layer[:0]
	for _, i := range b.g.border[c][0] {
		switch b.pegs[i] {
		case c:
			b.seen[i], rs.dist[i] = mark, 0
			cur = append(cur, i)
		case NoColor:
			b.seen[i], rs.dist[i] = mark, 1
			next = append(next, i)
		}
	}
	mask := b.stepMask(c)
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
		if rs.dist[i] != d {
			continue // reached more cheaply since
		}
		if side[i] == 2 {
			rs.queue, rs.layer = cur[:0], next[:0]
			return int(d)
		}
		for _, s := range b.g.steps(i) {
			if b.crossed(int(s.link), mask) != 0 {
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
			if b.seen[to] == mark && rs.dist[to] <= nd {
				continue
			}
			b.seen[to], rs.dist[to] = mark, nd
			if nd == d {
				cur = append(cur, to)
			} else {
				next = append(next, to)
			}
		}
	}
	rs.queue, rs.layer = cur[:0], next[:0]
	return Unreachable
}

// TwoDistance is Distance as Hex programs measure it (the "two-distance"):
// a hole counts as only as near as its second-nearest neighbour, plus one,
// because the opponent can always block the nearest. A chain of c's linked
// pegs is one node, free to enter; the border rows are neighbours that
// cannot be blocked. So a path made of "double links", two ways to go at
// every step, is short, and a single thread is long. It does not allocate
// once the board has searched.
func (b *Board) twoDistanceRef(c Color) int {
	if b.ufDirty[c] {
		b.rebuild(c)
	}
	rs := refScratchFor(b)
	n := b.g.n
	if len(rs.count) != n+2 {
		rs.count = make([]uint8, n+2)
		rs.head = make([]int32, n+2)
		rs.next = make([]int32, n+2)
		rs.from = make([]int32, n+2)
	}
	if len(rs.dist) < n+2 {
		rs.dist = make([]int32, n+2)
		rs.layer = make([]int32, 0, n+2)
	}
	if cap(rs.queue) < n+2 {
		rs.queue = make([]int32, 0, n+2)
	}
	clear(rs.count)
	for i := range rs.head {
		rs.head[i], rs.next[i], rs.from[i] = -1, -1, -1
	}
	for i, p := range b.pegs {
		if p == c {
			r := b.find(c, int32(i))
			rs.next[i], rs.head[r] = rs.head[r], int32(i)
		}
	}
	// count[x] is 2 once x is settled (queued with its final distance).
	const settled = 2
	cur, later := rs.queue[:0], rs.layer[:0]
	for _, i := range b.g.border[c][0] {
		switch b.pegs[i] {
		case c:
			if r := b.find(c, i); rs.count[r] < settled {
				rs.count[r], rs.dist[r] = settled, 0
				cur = append(cur, r)
			}
		case NoColor:
			rs.count[i], rs.dist[i] = settled, 1 // the border row is two neighbours
			later = append(later, i)
		}
	}
	mask := b.stepMask(c)
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
			first = rs.head[x]
		} else if b.g.side[c][x] == 2 {
			if edge++; edge == 2 {
				result = int(d)
				break
			}
		}
		for p := first; p >= 0; p = rs.next[p] {
			for _, s := range b.g.steps(p) {
				// Count x once more for each neighbour through s.
				if b.crossed(int(s.link), mask) != 0 {
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
				if id == x || rs.count[id] >= settled || rs.from[id] == x {
					continue
				}
				rs.from[id] = x
				if rs.count[id]++; rs.count[id] == settled {
					rs.dist[id] = d + cost
					if cost == 0 {
						cur = append(cur, id)
					} else {
						later = append(later, id)
					}
				}
			}
		}
	}
	rs.queue, rs.layer = cur[:0], later[:0]
	return result
}

// distanceMapRef is DistanceMap as a 0-1 search, one hole at a time.
func (b *Board) distanceMapRef(c Color, from int, out []int32) int {
	start, goal := from&1, uint8(2-from&1)
	z := b.zeroOne(out)
	pegs := b.pegs
	use := b.g.canUse[c]
	for _, i := range b.g.border[c][start] {
		z.reach(pegs, use, c, i, 0)
	}
	m := b.stepMask(c)
	side := b.g.side[c]
	result := Unreachable
	for {
		i, ok := z.pop()
		if !ok {
			break
		}
		d := z.d
		if side[i] == goal && result == Unreachable {
			result = int(d)
		}
		for _, s := range b.g.steps(i) {
			if out[s.to] > d && b.crossed(int(s.link), m) == 0 {
				z.reach(pegs, use, c, int32(s.to), d)
			}
		}
	}
	b.queue, b.layer = z.cur[:0], z.next[:0]
	return result
}
