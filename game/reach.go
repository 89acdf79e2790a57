package game

// search prepares the scratch space of a breadth-first search and returns a
// fresh mark.
func (b *Board) search() uint32 {
	if len(b.seen) != b.g.n {
		b.seen = make([]uint32, b.g.n)
		b.queue = make([]int32, 0, b.g.n)
		b.epoch = 0
	}
	b.epoch++
	if b.epoch == 0 { // wrapped: clear the marks once every 4 billion searches
		clear(b.seen)
		b.epoch = 1
	}
	b.queue = b.queue[:0]
	return b.epoch
}

// CanConnect reports whether c could still join its border rows: whether a
// path runs from one border row to the other through c's pegs and the empty
// holes c may peg, along knight steps that no opponent link crosses. Own
// links never block the path, since in standard they can be removed and in
// PP they may be crossed, so the test is sound: if it says no, c can never
// win from here, whatever either side does (short of the opponent removing
// links, which it is never obliged to do). Under the 3M rules it is always
// true: there every peg and link may be removed by its owner, so no path is
// ever closed for good.
func (b *Board) CanConnect(c Color) bool { return b.rules == ThreeM || b.openPath(c, nil) }

// openPath runs the search of CanConnect. With w, it also records the path
// it found in w, for witness.holds to recheck cheaply later.
func (b *Board) openPath(c Color, w *witness) bool {
	mark := b.search()
	if w != nil && len(w.prev) != b.g.n {
		w.prev = make([]int32, b.g.n)
	}
	opp := laneOf(c.Opponent())
	for _, i := range b.g.border[c][0] {
		if b.pegs[i] == c || b.pegs[i] == NoColor {
			b.seen[i] = mark
			b.queue = append(b.queue, i)
			if w != nil {
				w.prev[i] = -1
			}
		}
	}
	for head := 0; head < len(b.queue); head++ {
		i := b.queue[head]
		if b.g.inBorder(int(i), c) == 2 {
			if w != nil {
				w.record(b.g, i)
			}
			return true
		}
		for _, s := range b.g.steps(i) {
			if b.seen[s.to] == mark || b.crossed(int(s.link), opp) != 0 {
				continue
			}
			p := b.pegs[s.to]
			if p == c || p == NoColor && b.g.usable(int(s.to), c) {
				b.seen[s.to] = mark
				b.queue = append(b.queue, int32(s.to))
				if w != nil {
					w.prev[s.to] = i
				}
			}
		}
	}
	if w != nil {
		w.holes, w.links = w.holes[:0], w.links[:0]
	}
	return false
}

// witness is a path that shows a side can still connect. While no opponent
// peg stands on its holes and no opponent link crosses its steps, the side
// can still connect, and the full search need not run again: after most
// moves a dead-draw check costs a walk along two short paths.
type witness struct {
	holes []int32 // from the first border row to the last
	links []int32 // the link ids of the steps between them
	prev  []int32 // scratch for the search
}

// record stores the path that ends at hole index end.
func (w *witness) record(g *geometry, end int32) {
	w.holes, w.links = w.holes[:0], w.links[:0]
	for i := end; i >= 0; i = w.prev[i] {
		w.holes = append(w.holes, i)
		if p := w.prev[i]; p >= 0 {
			w.links = append(w.links, int32(g.linkID(g.hole(int(p)), g.hole(int(i)))))
		}
	}
}

// holds reports whether the recorded path is still open to c on b.
func (w *witness) holds(b *Board, c Color) bool {
	if len(w.holes) == 0 {
		return false
	}
	opp := c.Opponent()
	for _, i := range w.holes {
		if b.pegs[i] == opp {
			return false
		}
	}
	lane := laneOf(opp)
	for _, id := range w.links {
		if b.crossed(int(id), lane) != 0 {
			return false
		}
	}
	return true
}

// WinningChain returns a shortest chain of c's linked pegs joining c's
// border rows, as its pegs from the first border row to the last and the
// links between them, or nil if c is not connected.
func (b *Board) WinningChain(c Color) ([]Hole, []Link) {
	if !b.Connected(c) {
		return nil, nil
	}
	mark := b.search()
	prev := make([]int32, b.g.n)
	for _, i := range b.g.border[c][0] {
		if b.pegs[i] == c {
			b.seen[i] = mark
			prev[i] = -1
			b.queue = append(b.queue, i)
		}
	}
	for head := 0; head < len(b.queue); head++ {
		i := b.queue[head]
		if b.g.inBorder(int(i), c) == 2 {
			var holes []Hole
			for j := i; j >= 0; j = prev[j] {
				holes = append(holes, b.g.hole(int(j)))
			}
			for l, r := 0, len(holes)-1; l < r; l, r = l+1, r-1 {
				holes[l], holes[r] = holes[r], holes[l]
			}
			links := make([]Link, 0, len(holes)-1)
			for k := 1; k < len(holes); k++ {
				links = append(links, NewLink(holes[k-1], holes[k]))
			}
			return holes, links
		}
		for _, s := range b.g.steps(i) {
			if b.seen[s.to] != mark && b.links[s.link] == c {
				b.seen[s.to] = mark
				prev[s.to] = i
				b.queue = append(b.queue, int32(s.to))
			}
		}
	}
	return nil, nil
}
