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

// PegsByIndex copies the colour of every hole into dst (grown if too
// short) and returns it: entry row*cols+col is the peg in that hole, or
// NoColor. It is one copy, for a search that reads the whole board after
// each simulation.
func (b *Board) PegsByIndex(dst []Color) []Color {
	if cap(dst) < len(b.pegs) {
		dst = make([]Color, len(b.pegs))
	}
	dst = dst[:len(b.pegs)]
	copy(dst, b.pegs)
	return dst
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
	for m := b.around(i, c); m != 0; m &= m - 1 {
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
	for m := b.around(i, c); m != 0; m &= m - 1 {
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
//
// The search moves whole layers at once, as bitsets (see distance).
func (b *Board) Distance(c Color) int { return b.distance(c, 0, nil) }

// distance is the search of Distance and DistanceMap, from c's border row
// from (0 or 1) to the other: it moves whole layers at once, as bitsets
// (see bitset.go): the holes at distance d, then every peg of c they reach
// through open steps, then the empty holes one step further at d+1. With
// out nil it stops at the other row; otherwise it goes on until it has
// reached all it can, and writes each hole's distance to out.
func (b *Board) distance(c Color, from int, out []int32) int {
	s := b.searchSpace(c)
	bg := &b.g.bits
	own, last := b.pegBits[c], bg.edge[c][1-from]
	front, more := s.front.set(), s.more.set()
	clear(s.done)
	if out != nil {
		out = out[:b.g.n]
		for i := range out {
			out[i] = Unreachable
		}
	}
	result := Unreachable
	// Distance 0: c's pegs in its first row; 1: the row's empty holes.
	first := bg.edge[c][from]
	for w := range front {
		front[w] = first[w] & own[w]
	}
	for d := 0; ; d++ {
		// Close the layer over c's pegs: a peg one open step from a
		// hole of the layer is as near.
		copy(more, front)
		for w := range front {
			s.done[w] |= front[w]
		}
		for {
			clear(s.tmp)
			s.expand(s.tmp, s.more, own, bg)
			grew := false
			for w, x := range s.tmp {
				x &^= s.done[w]
				more[w] = x
				s.done[w] |= x
				front[w] |= x
				grew = grew || x != 0
			}
			if !grew {
				break
			}
		}
		if result == Unreachable {
			reached := false
			for w := range front {
				reached = reached || front[w]&last[w] != 0
			}
			if reached {
				if out == nil {
					return d
				}
				result = d
			}
		}
		if out != nil {
			for w, x := range front {
				for ; x != 0; x &= x - 1 {
					out[w<<6+bits.TrailingZeros64(x)] = int32(d)
				}
			}
		}
		any := false
		clear(s.tmp)
		s.expand(s.tmp, s.front, s.empty, bg)
		for w, x := range s.tmp {
			if d == 0 {
				x |= first[w] & s.empty[w]
			}
			x &^= s.done[w]
			front[w] = x
			any = any || x != 0
		}
		if !any {
			return result
		}
	}
}

// TwoDistance is Distance as Hex programs measure it (the "two-distance"):
// a hole counts as only as near as its second-nearest neighbour, plus one,
// because the opponent can always block the nearest. A chain of c's linked
// pegs is one node, free to enter; the border rows are neighbours that
// cannot be blocked. So a path made of "double links", two ways to go at
// every step, is short, and a single thread is long. It does not allocate
// once the board has searched.
//
// The empty holes settle layer by layer, as bitsets: two-bit counters
// (ones, twos) say which holes have one settled neighbour and which two or
// more. The few groups of pegs are nodes of their own, with their
// neighbours listed once at the start.
func (b *Board) TwoDistance(c Color) int {
	if b.ufDirty[c] {
		b.rebuild(c)
	}
	s := b.searchSpace(c)
	bg := &b.g.bits
	b.listGroups(c, s)
	n := int32(b.g.n)
	lastGroup := int32(-1)
	if r := b.find(c, n+1); s.groupMark[r] == s.mark {
		lastGroup = s.groupOf[r]
	}
	queue := s.queue[:0]
	if r := b.find(c, n); s.groupMark[r] == s.mark {
		g := s.groupOf[r]
		s.count[g] = 2
		queue = append(queue, g)
	}
	front := s.front.set()
	clear(front)
	clear(s.ones)
	clear(s.twos)
	// The empty holes of the first row are at distance 1: the row is
	// two neighbours.
	first, last := bg.edge[c][0], bg.edge[c][1]
	for w := range s.done {
		s.done[w] = first[w] & s.empty[w]
	}
	edge := 0 // empty holes of the last row settled so far
	for d := int32(0); ; d++ {
		if d > 0 {
			lo, hi := s.front.span()
			if lo > hi {
				s.queue = queue
				return Unreachable
			}
			for w := lo; w <= hi; w++ {
				edge += bits.OnesCount64(front[w] & last[w])
			}
			if edge >= 2 {
				s.queue = queue
				return int(d)
			}
			for k := range s.open {
				count2(s.ones, s.twos, s.front, s.open[k], bg.off[k], lo, hi)
			}
			// The groups next to the new layer count it once each.
			adj := s.adjacent
			for w := lo; w <= hi; w++ {
				for x := front[w] & adj[w]; x != 0; x &= x - 1 {
					queue = b.countGroups(c, s, int32(w<<6+bits.TrailingZeros64(x)), queue)
				}
			}
		}
		for len(queue) > 0 {
			g := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			if g == lastGroup {
				s.queue = queue
				return int(d)
			}
			for _, e := range s.nbEmpty[s.emptyAt[g]:s.emptyAt[g+1]] {
				w, bit := e>>6, uint64(1)<<uint(e&63)
				s.twos[w] |= s.ones[w] & bit
				s.ones[w] |= bit
			}
			for _, h := range s.nbGroup[s.groupAt[g]:s.groupAt[g+1]] {
				if s.count[h] < 2 {
					if s.count[h]++; s.count[h] == 2 {
						queue = append(queue, h)
					}
				}
			}
		}
		// The empty holes with two settled neighbours are at d+1.
		for w := range front {
			x := s.twos[w] & s.empty[w] &^ s.done[w]
			if d == 0 {
				x |= first[w] & s.empty[w]
			}
			front[w] = x
			s.done[w] |= x
		}
	}
}

// countGroups counts the empty hole e, just settled, as a settled
// neighbour of each of c's groups one open step away, once per group, and
// queues the groups that have two.
func (b *Board) countGroups(c Color, s *searchScratch, e int32, queue []int32) []int32 {
	var met [8]int32
	nmet := 0
	mask := b.stepMask(c)
next:
	for _, st := range b.g.steps(e) {
		if b.pegs[st.to] != c || b.crossed(int(st.link), mask) != 0 {
			continue
		}
		g := s.pegGroup[st.to]
		for _, h := range met[:nmet] {
			if h == g {
				continue next
			}
		}
		met[nmet] = g
		nmet++
		if s.count[g] < 2 {
			if s.count[g]++; s.count[g] == 2 {
				queue = append(queue, g)
			}
		}
	}
	return queue
}

// listGroups numbers c's groups of linked pegs (c's pegs in a border row
// are one group with the row) and lists, for each, the empty holes c may
// peg and the other groups one open step away, each once, and marks those
// empty holes in s.adjacent. It returns how many groups there are.
func (b *Board) listGroups(c Color, s *searchScratch) int32 {
	s.mark++
	if s.mark == 0 {
		clear(s.groupMark)
		clear(s.groupSeen)
		s.mark = 1
	}
	ng := int32(0)
	s.head = s.head[:0]
	for w, word := range b.pegBits[c] {
		for ; word != 0; word &= word - 1 {
			i := int32(w<<6 + bits.TrailingZeros64(word))
			r := b.find(c, i)
			if s.groupMark[r] != s.mark {
				s.groupMark[r], s.groupOf[r] = s.mark, ng
				s.head = append(s.head, -1)
				ng++
			}
			g := s.groupOf[r]
			s.nextPeg[i], s.head[g] = s.head[g], i
			s.pegGroup[i] = g
		}
	}
	if cap(s.count) < int(ng) {
		s.count = make([]uint8, ng)
		s.groupSeen = make([]uint32, ng)
	}
	s.count = s.count[:ng]
	clear(s.count)
	s.groupSeen = s.groupSeen[:cap(s.groupSeen)]
	clear(s.adjacent)
	s.emptyAt, s.groupAt = s.emptyAt[:0], s.groupAt[:0]
	s.nbEmpty, s.nbGroup = s.nbEmpty[:0], s.nbGroup[:0]
	mask := b.stepMask(c)
	use := b.g.canUse[c]
	for g := int32(0); g < ng; g++ {
		s.emptyAt = append(s.emptyAt, int32(len(s.nbEmpty)))
		s.groupAt = append(s.groupAt, int32(len(s.nbGroup)))
		seen := b.search() // marks the empty neighbours listed
		if seen == 1 {     // the marks wrapped (or this is the first search)
			clear(s.groupSeen)
		}
		for p := s.head[g]; p >= 0; p = s.nextPeg[p] {
			for _, st := range b.g.steps(p) {
				if b.crossed(int(st.link), mask) != 0 {
					continue
				}
				j := int32(st.to)
				switch q := b.pegs[j]; {
				case q == c:
					h := s.pegGroup[j]
					if h != g && s.groupSeen[h] != seen {
						s.groupSeen[h] = seen
						s.nbGroup = append(s.nbGroup, h)
					}
				case q == NoColor && use[j] && b.seen[j] != seen:
					b.seen[j] = seen
					s.nbEmpty = append(s.nbEmpty, j)
					setBit(s.adjacent, int(j))
				}
			}
		}
	}
	s.emptyAt = append(s.emptyAt, int32(len(s.nbEmpty)))
	s.groupAt = append(s.groupAt, int32(len(s.nbGroup)))
	return ng
}
