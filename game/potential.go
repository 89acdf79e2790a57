package game

// DistanceMap is Distance measured to every hole at once, from one of c's
// border rows (from 0: the first, top or left; 1: the last): out[i] becomes
// how many pegs c needs, at the least, to join that row to hole index i
// (the hole's own peg included, if it is empty), for the empty holes c may
// peg and for c's pegs, and Unreachable for every other hole. It returns
// the distance to the other border row, which from the first row is what
// Distance returns. Through an empty hole i, c's shortest connection needs
// DistanceMap(c, 0)[i] + DistanceMap(c, 1)[i] - 1 pegs. out must have a
// slot per hole index; it does not allocate once the board has searched.
// It is the search of Distance, carried on to every hole it reaches.
func (b *Board) DistanceMap(c Color, from int, out []int32) int {
	return b.distance(c, from&1, out)
}

// zeroOne starts a 0-1 search whose distances go to dist (a slot per hole
// index, all set to Unreachable here), with the board's scratch queues.
// The search hands the queues back when it ends.
func (b *Board) zeroOne(dist []int32) zeroOne {
	n := b.g.n
	for i := range dist[:n] {
		dist[i] = Unreachable
	}
	if cap(b.queue) < n {
		b.queue = make([]int32, 0, n)
	}
	if cap(b.layer) < n {
		b.layer = make([]int32, 0, n)
	}
	return zeroOne{dist: dist[:n], cur: b.queue[:0], next: b.layer[:0]}
}

// zeroOne is the work list of a 0-1 breadth-first search over holes: cur
// holds the holes at the distance d being settled, next those one peg
// further.
type zeroOne struct {
	dist      []int32
	cur, next []int32
	d         int32
}

// pop returns the next hole whose distance is settled, nearest first (its
// distance is z.d), or false when the search has reached all it can. A
// hole queued again since at a shorter distance is passed over.
func (z *zeroOne) pop() (int32, bool) {
	for {
		if len(z.cur) == 0 {
			if len(z.next) == 0 {
				return 0, false
			}
			z.cur, z.next = z.next, z.cur[:0]
			z.d++
			continue
		}
		i := z.cur[len(z.cur)-1]
		z.cur = z.cur[:len(z.cur)-1]
		if z.dist[i] == z.d {
			return i, true
		}
	}
}

// reach records that c can get to hole index to at distance d plus the
// hole's cost (nothing for c's own peg, one peg for an empty hole c may
// peg), if that is nearer than known. Other holes are out of reach.
func (z *zeroOne) reach(pegs []Color, use []bool, c Color, to, d int32) {
	nd := d
	switch p := pegs[to]; {
	case p == c:
	case p == NoColor && use[to]:
		nd++
	default:
		return
	}
	if z.dist[to] <= nd {
		return
	}
	z.dist[to] = nd
	if nd == d {
		z.cur = append(z.cur, to)
	} else {
		z.next = append(z.next, to)
	}
}
