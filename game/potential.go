package game

// TwoDistanceMap is TwoDistance measured to every hole at once, from one of
// c's border rows (from 0: the first, top or left; 1: the last): out[i]
// becomes the two-distance from that row to hole index i, for the empty
// holes c may peg and for c's pegs (a peg counts as its whole chain), and
// Unreachable for every other hole. It returns the two-distance to the other
// border row, which from the first row is what TwoDistance returns.
//
// Two maps of one side, from either row, add up to a hole's "potential" as
// Hex programs use it: how far c's best connection through that hole is. A
// search weighs moves by it, for both sides (a hole on the opponent's best
// connection is where to block). out must have a slot per hole index
// (Size.Cols*Size.Rows); it does not allocate once the board has searched.
func (b *Board) TwoDistanceMap(c Color, from int, out []int32) int {
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
	pegs := b.pegs
	for i, p := range pegs {
		if p == c {
			r := b.find(c, int32(i))
			b.next[i], b.head[r] = b.head[r], int32(i)
		}
	}
	start, goal := from&1, uint8(2-from&1) // the border row to start at; side[] of the other
	const settled = 2
	cur, later := b.queue[:0], b.layer[:0]
	for _, i := range b.g.border[c][start] {
		switch pegs[i] {
		case c:
			if r := b.find(c, i); b.count[r] < settled {
				b.count[r], b.dist[r] = settled, 0
				cur = append(cur, r)
			}
		case NoColor:
			b.count[i], b.dist[i] = settled, 1
			later = append(later, i)
		}
	}
	opp, own := b.block[c.Opponent()], b.block[c]
	pp := b.rules == PP
	use := b.g.canUse[c]
	side := b.g.side[c]
	last := b.find(c, int32(n+int(goal)-1))
	edge := 0
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
		first := x
		if int(x) >= n || pegs[x] == c {
			if x == last && result == Unreachable {
				result = int(d)
			}
			first = b.head[x]
		} else if side[x] == goal {
			if edge++; edge == 2 && result == Unreachable {
				result = int(d)
			}
		}
		for p := first; p >= 0; p = b.next[p] {
			for _, s := range b.g.steps(p) {
				if opp[s.link] != 0 || !pp && own[s.link] != 0 {
					continue
				}
				j := int32(s.to)
				id, cost := j, int32(1)
				switch q := pegs[j]; {
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
	for i := range out[:n] {
		id := int32(i)
		switch p := pegs[i]; {
		case p == c:
			id = b.find(c, id)
		case p != NoColor || !use[i]:
			out[i] = Unreachable
			continue
		}
		if b.count[id] >= settled {
			out[i] = b.dist[id]
		} else {
			out[i] = Unreachable
		}
	}
	return result
}

// DistanceMap is Distance measured to every hole at once, from one of c's
// border rows (from 0: the first, top or left; 1: the last): out[i] becomes
// how many pegs c needs, at the least, to join that row to hole index i
// (the hole's own peg included, if it is empty), for the empty holes c may
// peg and for c's pegs, and Unreachable for every other hole. It returns
// the distance to the other border row, which from the first row is what
// Distance returns. Through an empty hole i, c's shortest connection needs
// DistanceMap(c, 0)[i] + DistanceMap(c, 1)[i] - 1 pegs. out must have a
// slot per hole index; it does not allocate once the board has searched.
func (b *Board) DistanceMap(c Color, from int, out []int32) int {
	n := b.g.n
	for i := range out[:n] {
		out[i] = Unreachable
	}
	start, goal := from&1, uint8(2-from&1)
	if cap(b.queue) < n {
		b.queue = make([]int32, 0, n)
	}
	if cap(b.layer) < n {
		b.layer = make([]int32, 0, n)
	}
	cur, next := b.queue[:0], b.layer[:0]
	pegs := b.pegs
	for _, i := range b.g.border[c][start] {
		switch pegs[i] {
		case c:
			out[i] = 0
			cur = append(cur, i)
		case NoColor:
			out[i] = 1
			next = append(next, i)
		}
	}
	opp, own := b.block[c.Opponent()], b.block[c]
	pp := b.rules == PP
	use := b.g.canUse[c]
	side := b.g.side[c]
	d := int32(0)
	result := Unreachable
	for len(cur) > 0 || len(next) > 0 {
		if len(cur) == 0 {
			cur, next = next, cur[:0]
			d++
			continue
		}
		i := cur[len(cur)-1]
		cur = cur[:len(cur)-1]
		if out[i] != d {
			continue // reached more cheaply since
		}
		if side[i] == goal && result == Unreachable {
			result = int(d)
		}
		for _, s := range b.g.steps(i) {
			if out[s.to] <= d || opp[s.link] != 0 || !pp && own[s.link] != 0 {
				continue
			}
			to := int32(s.to)
			nd := d
			switch p := pegs[to]; {
			case p == c:
			case p == NoColor && use[to]:
				nd++
			default:
				continue
			}
			if out[to] <= nd {
				continue
			}
			out[to] = nd
			if nd == d {
				cur = append(cur, to)
			} else {
				next = append(next, to)
			}
		}
	}
	b.queue, b.layer = cur[:0], next[:0]
	return result
}
