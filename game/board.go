package game

import (
	"slices"
)

// Board is a position: pegs and links on a board of some size, under a
// ruleset. It enforces where pegs may go and which links block which, and it
// keeps each side's connectivity up to date as pegs and links are added, so
// that a win is known at once. It knows nothing of turns; that is [Game].
//
// Board is built for speed: placing a peg with its links and checking for a
// win does not allocate. A Board is not safe for concurrent use.
type Board struct {
	g     *geometry
	rules Ruleset
	pegs  []Color // per hole index
	links []Color // per link id: owner, or NoColor
	// blk holds the crossing counters of the four links starting at each
	// hole, link id h*4+d in bits 16d to 16d+15 of blk[h]: how many of
	// Red's links cross it in the low byte of those 16 bits, how many of
	// Black's in the high byte (at most 9 each, so nothing carries). One
	// load and a shift answer whether a link is free for a colour under
	// either ruleset (see stepMask); one word holds all four links a
	// new peg starts (see autolink). A spare word n, always zero, serves
	// the steps off the board (see geometry.dirStep).
	blk []uint64
	// nbr[c][i] has bit k set when c has a peg a knight step knight[k]
	// away from hole i: the candidates for autolinks, found without
	// looking at the eight neighbours one by one.
	nbr [3][]uint8
	// pegBits[c] has bit i set when c has a peg in hole index i.
	pegBits [3][]uint64
	// Union-find per colour over hole indices, plus two virtual nodes for
	// the colour's first (n) and last (n+1) border rows. A root holds
	// minus the size of its set; any other node, its parent.
	uf [3][]int32
	// touch[c][root] says which of c's border rows the root's set
	// reaches (bit 0 the first, bit 1 the last), and joined[c] whether
	// one set reaches both: a win, known the moment a union makes it.
	touch   [3][]uint8
	joined  [3]bool
	ufDirty [3]bool // a link was removed; rebuild before the next query
	npegs   [3]int
	nlinks  [3]int
	free    [3]int // empty holes each colour may still peg
	// The links made and removed by the last Place or Link/Unlink batch.
	added, removed []int32
	queue          []int32 // scratch for searches
	layer, bdist   []int32 // scratch for DistanceMap and the bridge distances
	seen           []uint32
	epoch          uint32
	ss             *searchScratch // Distance and TwoDistance, made when first needed
	bs             *bridgeScratch // the bridge distance's, likewise
}

// NewBoard returns an empty board.
func NewBoard(size Size, rules Ruleset) (*Board, error) {
	if !size.Valid() {
		return nil, &SizeError{Size: size}
	}
	g := geometryFor(size)
	b := &Board{
		g:       g,
		rules:   rules,
		pegs:    make([]Color, g.n),
		links:   make([]Color, g.n*4),
		blk:     make([]uint64, g.n+1),
		added:   make([]int32, 0, 16),
		removed: make([]int32, 0, 16),
	}
	for c := Red; c <= Black; c++ {
		b.pegBits[c] = make([]uint64, g.bits.words)
		b.nbr[c] = make([]uint8, g.n+1) // and a spare slot: see geometry.dirStep
		b.uf[c] = make([]int32, g.n+2)
		b.touch[c] = make([]uint8, g.n+2)
	}
	b.Reset()
	return b, nil
}

// Reset empties the board.
func (b *Board) Reset() {
	clear(b.pegs)
	clear(b.links)
	clear(b.blk)
	for c := Red; c <= Black; c++ {
		clear(b.pegBits[c])
		clear(b.nbr[c])
		copy(b.uf[c], b.g.fresh)
		copy(b.touch[c], b.g.freshTouch)
		b.joined[c] = false
		b.ufDirty[c] = false
		b.npegs[c], b.nlinks[c] = 0, 0
		b.free[c] = b.g.free[c]
	}
	b.added, b.removed = b.added[:0], b.removed[:0]
}

// Clone returns an independent copy.
func (b *Board) Clone() *Board {
	c := &Board{g: b.g, rules: b.rules}
	c.pegs = slices.Clone(b.pegs)
	c.links = slices.Clone(b.links)
	c.blk = slices.Clone(b.blk)
	for k := Red; k <= Black; k++ {
		c.pegBits[k] = slices.Clone(b.pegBits[k])
		c.nbr[k] = slices.Clone(b.nbr[k])
		c.uf[k] = slices.Clone(b.uf[k])
		c.touch[k] = slices.Clone(b.touch[k])
	}
	c.joined = b.joined
	c.ufDirty, c.npegs, c.nlinks, c.free = b.ufDirty, b.npegs, b.nlinks, b.free
	c.added = append(make([]int32, 0, 16), b.added...)
	c.removed = append(make([]int32, 0, 16), b.removed...)
	return c
}

// copyFrom makes b equal to src, reusing b's memory. Both must have the
// same size.
func (b *Board) copyFrom(src *Board) {
	b.rules = src.rules
	copy(b.pegs, src.pegs)
	copy(b.links, src.links)
	copy(b.blk, src.blk)
	for k := Red; k <= Black; k++ {
		copy(b.pegBits[k], src.pegBits[k])
		copy(b.nbr[k], src.nbr[k])
		copy(b.uf[k], src.uf[k])
		copy(b.touch[k], src.touch[k])
	}
	b.joined = src.joined
	b.ufDirty, b.npegs, b.nlinks, b.free = src.ufDirty, src.npegs, src.nlinks, src.free
	b.added = append(b.added[:0], src.added...)
	b.removed = append(b.removed[:0], src.removed...)
}

// Size returns the board's size.
func (b *Board) Size() Size { return b.g.size }

// Ruleset returns the ruleset the board enforces.
func (b *Board) Ruleset() Ruleset { return b.rules }

// Exists reports whether h is a hole of this board (on it, not a corner).
func (b *Board) Exists(h Hole) bool { return b.g.exists(h) }

// Peg returns the colour of the peg in h, or NoColor.
func (b *Board) Peg(h Hole) Color {
	if !b.g.onBoard(h) {
		return NoColor
	}
	return b.pegs[b.g.index(h)]
}

// LinkOwner returns the colour of link l, or NoColor if it is not there.
func (b *Board) LinkOwner(l Link) Color {
	if !b.g.onBoard(l.A) || !b.g.onBoard(l.B) {
		return NoColor
	}
	id := b.g.linkID(l.A, l.B)
	if id < 0 {
		return NoColor
	}
	return b.links[id]
}

// PegCount returns how many pegs c has.
func (b *Board) PegCount(c Color) int { return b.npegs[c] }

// LinkCount returns how many links c has.
func (b *Board) LinkCount(c Color) int { return b.nlinks[c] }

// Pegs returns c's pegs ordered by column, then row.
func (b *Board) Pegs(c Color) []Hole {
	out := make([]Hole, 0, b.npegs[c])
	for col := 0; col < b.g.cols; col++ {
		for row := 0; row < b.g.rows; row++ {
			if b.pegs[row*b.g.cols+col] == c {
				out = append(out, Hole{col, row})
			}
		}
	}
	return out
}

// Links returns c's links ordered by first end, then second end.
func (b *Board) Links(c Color) []Link {
	out := make([]Link, 0, b.nlinks[c])
	for id, o := range b.links {
		if o == c {
			out = append(out, b.g.link(id))
		}
	}
	slices.SortFunc(out, compareLinks)
	return out
}

func compareLinks(x, y Link) int {
	if x.A != y.A {
		if x.A.Less(y.A) {
			return -1
		}
		return 1
	}
	if x.B == y.B {
		return 0
	}
	if x.B.Less(y.B) {
		return -1
	}
	return 1
}

// CheckPeg reports why c may not peg h, or nil if it may.
func (b *Board) CheckPeg(h Hole, c Color) error {
	if !b.g.onBoard(h) {
		return &HoleError{Hole: h, Size: b.g.size, Color: c, Err: ErrOffBoard}
	}
	i := b.g.index(h)
	if b.g.corner[i] {
		return &HoleError{Hole: h, Size: b.g.size, Color: c, Err: ErrCorner}
	}
	if b.g.inBorder(i, c.Opponent()) != 0 {
		return &HoleError{Hole: h, Size: b.g.size, Color: c, Err: ErrOpponentBorder}
	}
	if o := b.pegs[i]; o != NoColor {
		return &HoleError{Hole: h, Size: b.g.size, Color: c, Err: ErrOccupied, Owner: o}
	}
	return nil
}

// Place puts a peg of colour c in h and makes every legal link to it (the
// autolinks of pbmserv). It returns how many links it made. It does not
// allocate.
func (b *Board) Place(h Hole, c Color) (int, error) {
	if err := b.CheckPeg(h, c); err != nil {
		return 0, err
	}
	b.placeAuto(b.g.index(h), c)
	return len(b.added), nil
}

// PlaceBare puts a peg of colour c in h and makes no links.
func (b *Board) PlaceBare(h Hole, c Color) error {
	if err := b.CheckPeg(h, c); err != nil {
		return err
	}
	b.added, b.removed = b.added[:0], b.removed[:0]
	b.putPeg(b.g.index(h), c)
	return nil
}

func (b *Board) putPeg(i int, c Color) {
	b.pegs[i] = c
	b.pegBits[c][i>>6] |= 1 << (i & 63)
	b.markNeighbours(i, c, true)
	b.npegs[c]++
	u := b.g.useBits[i] // bit c: colour c may peg hole i
	b.free[Red] -= int(u>>Red) & 1
	b.free[Black] -= int(u>>Black) & 1
	if side := b.g.inBorder(i, c); side != 0 && !b.ufDirty[c] {
		b.union(c, int32(i), int32(b.g.n+side-1))
	}
}

// around returns the knight steps from hole index i that reach a peg of
// c: bit k for step knight[k]. The candidates for autolinks.
func (b *Board) around(i int, c Color) uint8 { return b.nbr[c][i] }

// markNeighbours records (or forgets) c's peg in hole i in the neighbour
// masks of the holes a knight step away. It writes all eight without
// looking at which steps stay on the board: a step off the board leads to
// the spare slot n, which is never read.
func (b *Board) markNeighbours(i int, c Color, on bool) {
	nbr := b.nbr[c]
	dirs := b.g.dirStep[i*8 : i*8+8 : i*8+8]
	if on {
		markAll(nbr, dirs)
		return
	}
	for k := range dirs {
		nbr[dirs[k].to] &^= 1 << ((k + 4) & 7)
	}
}

// markAll records a peg in the neighbour masks nbr of the holes its eight
// steps dirs reach (bit k+4 is the step back of step k).
func markAll(nbr []uint8, dirs []step) {
	nbr[dirs[0].to] |= 1 << 4
	nbr[dirs[1].to] |= 1 << 5
	nbr[dirs[2].to] |= 1 << 6
	nbr[dirs[3].to] |= 1 << 7
	nbr[dirs[4].to] |= 1 << 0
	nbr[dirs[5].to] |= 1 << 1
	nbr[dirs[6].to] |= 1 << 2
	nbr[dirs[7].to] |= 1 << 3
}

// takePeg removes the peg in hole index i and every link to it.
func (b *Board) takePeg(i int) {
	c := b.pegs[i]
	for _, s := range b.g.steps(int32(i)) {
		if b.links[s.link] != NoColor {
			b.removeLink(int(s.link))
		}
	}
	b.pegs[i] = NoColor
	b.pegBits[c][i>>6] &^= 1 << (i & 63)
	b.markNeighbours(i, c, false)
	b.npegs[c]--
	for k := Red; k <= Black; k++ {
		if b.g.usable(i, k) {
			b.free[k]++
		}
	}
	b.ufDirty[c] = true
}

// linkFree reports whether no link blocks link id for colour c under the
// board's ruleset: in standard every crossing link blocks, in PP only the
// opponent's.
func (b *Board) linkFree(id int, c Color) bool {
	return b.crossed(id, b.stepMask(c)) == 0
}

// Masks of the crossing counters (see Board.blk).
const (
	laneRed   = 0x00FF // Red's counter
	laneBlack = 0xFF00 // Black's
	laneAny   = 0xFFFF
)

// laneOf is the mask of c's counter.
func laneOf(c Color) uint16 {
	if c == Black {
		return laneBlack
	}
	return laneRed
}

// stepMask is the mask of the counters of the links that block c's links
// under the board's ruleset: in standard every crossing link, in PP only
// the opponent's.
func (b *Board) stepMask(c Color) uint16 {
	if b.rules == PP {
		return laneOf(c.Opponent())
	}
	return laneAny
}

// crossed returns the crossing counters of link id under a mask: zero
// when no link the mask counts crosses it.
func (b *Board) crossed(id int, mask uint16) uint16 { return lane(b.blk[id>>2], id&3) & mask }

// lane returns the counters of link d of a word of crossing counters.
func lane(w uint64, d int) uint16 { return uint16(w >> (16 * uint(d&3))) }

// laneUnit is unit (see crossUnit) in the lane of link id.
func laneUnit(id int, unit uint16) uint64 { return uint64(unit) << (16 * uint(id&3)) }

// crossCount returns how many of c's links cross link id.
func (b *Board) crossCount(id int, c Color) int {
	return int(b.crossed(id, laneOf(c)) >> (8 * uint(c-Red)))
}

// crossUnit is 1 in c's counter.
func crossUnit(c Color) uint16 { return 1 << (8 * uint(c-Red)) }

// blocker returns a link that blocks link id for c, and its owner.
func (b *Board) blocker(id int, c Color) (Link, Color) {
	for _, x := range b.g.crosses(id) {
		o := b.links[x]
		if o != NoColor && (b.rules != PP || o != c) {
			return b.g.link(int(x)), o
		}
	}
	return Link{}, NoColor
}

func (b *Board) addLink(id int, c Color) {
	b.links[id] = c
	b.nlinks[c]++
	blk, unit := b.blk, crossUnit(c)
	if h := id >> 2; b.g.ncross[id] == crossStride {
		u := uint64(unit)
		for _, a := range &b.g.crossWide[id&3] {
			blk[h+int(a.hole)] += a.lanes * u
		}
	} else {
		for _, x := range b.g.crosses(id) {
			blk[x>>2] += laneUnit(int(x), unit)
		}
	}
	if !b.ufDirty[c] {
		x, y := b.g.linkEnds(id)
		b.union(c, int32(x), int32(y))
	}
	b.added = append(b.added, int32(id))
}

func (b *Board) removeLink(id int) {
	c := b.links[id]
	b.links[id] = NoColor
	b.nlinks[c]--
	blk, unit := b.blk, crossUnit(c)
	for _, x := range b.g.crosses(id) {
		blk[x>>2] -= laneUnit(int(x), unit)
	}
	b.ufDirty[c] = true
	b.removed = append(b.removed, int32(id))
}

// checkLink reports why c may not add link l now, or nil if it may.
func (b *Board) checkLink(l Link, c Color) (int, error) {
	if !b.g.onBoard(l.A) || !b.g.onBoard(l.B) {
		return -1, &LinkError{Link: l, Color: c, Err: ErrOffBoard}
	}
	id := b.g.linkID(l.A, l.B)
	if id < 0 {
		return -1, &LinkError{Link: l, Color: c, Err: ErrNotKnightMove}
	}
	for _, h := range [2]Hole{l.A, l.B} {
		if b.pegs[b.g.index(h)] != c {
			return -1, &LinkError{Link: l, Hole: h, Color: c, Err: ErrNotOwnPeg}
		}
	}
	if b.links[id] != NoColor {
		return -1, &LinkError{Link: l, Color: c, Err: ErrLinkExists}
	}
	if !b.linkFree(id, c) {
		x, o := b.blocker(id, c)
		return -1, &CrossError{Link: l, Crosses: x, Owner: o}
	}
	return id, nil
}

// AddLink adds link l for colour c, if it is legal: both ends c's pegs a
// knight's move apart, not already there, and not blocked.
func (b *Board) AddLink(l Link, c Color) error {
	id, err := b.checkLink(l, c)
	if err != nil {
		return err
	}
	b.addLink(id, c)
	return nil
}

// RemoveLink removes c's link l. It fails in TwixT PP, where nothing is
// ever removed, and if c has no such link.
func (b *Board) RemoveLink(l Link, c Color) error {
	if b.rules == PP {
		return &LinkError{Link: l, Color: c, Err: ErrRemovalInPP}
	}
	if !l.IsKnight() {
		return &LinkError{Link: l, Color: c, Err: ErrNotKnightMove}
	}
	if b.LinkOwner(l) != c {
		return &LinkError{Link: l, Color: c, Err: ErrNoSuchLink}
	}
	b.removeLink(b.g.linkID(l.A, l.B))
	return nil
}

// Added returns the links made by the last change (a Place, or the moves a
// Game applies), in the order they were made.
func (b *Board) Added() []Link { return b.idsToLinks(b.added) }

// Removed returns the links removed by the last change.
func (b *Board) Removed() []Link { return b.idsToLinks(b.removed) }

func (b *Board) idsToLinks(ids []int32) []Link {
	if len(ids) == 0 {
		return nil
	}
	out := make([]Link, len(ids))
	for i, id := range ids {
		out[i] = b.g.link(int(id))
	}
	return out
}

func (b *Board) find(c Color, x int32) int32 {
	p := b.uf[c]
	for {
		px := p[x]
		if px < 0 {
			return x
		}
		ppx := p[px]
		if ppx < 0 {
			return px
		}
		p[x] = ppx // path halving
		x = ppx
	}
}

// union joins the sets of x and y, hanging the smaller under the larger
// (a root holds minus its set's size), so trees stay shallow.
func (b *Board) union(c Color, x, y int32) {
	rx, ry := b.find(c, x), b.find(c, y)
	if rx == ry {
		return
	}
	p := b.uf[c]
	if p[rx] > p[ry] { // rx's set is the smaller
		rx, ry = ry, rx
	}
	p[rx] += p[ry]
	p[ry] = rx
	t := b.touch[c]
	f := t[rx] | t[ry]
	t[rx] = f
	if f == 3 {
		b.joined[c] = true
	}
}

// rebuild recomputes c's connectivity from scratch after a removal.
func (b *Board) rebuild(c Color) {
	p := b.uf[c]
	copy(p, b.g.fresh)
	copy(b.touch[c], b.g.freshTouch)
	b.joined[c] = false
	b.ufDirty[c] = false
	for side := 0; side < 2; side++ {
		for _, i := range b.g.border[c][side] {
			if b.pegs[i] == c {
				b.union(c, i, int32(b.g.n+side))
			}
		}
	}
	for id, o := range b.links {
		if o == c {
			x, y := b.g.linkEnds(id)
			b.union(c, int32(x), int32(y))
		}
	}
}

// Connected reports whether c has a chain of linked pegs joining its two
// border rows: a win.
func (b *Board) Connected(c Color) bool {
	if c != Red && c != Black {
		return false
	}
	if b.ufDirty[c] {
		b.rebuild(c)
	}
	return b.joined[c]
}

// Free returns how many empty holes c may still peg.
func (b *Board) Free(c Color) int { return b.free[c] }

// LegalHoles returns every hole c may peg now, ordered by column, then row.
func (b *Board) LegalHoles(c Color) []Hole {
	out := make([]Hole, 0, b.free[c])
	for col := 0; col < b.g.cols; col++ {
		for row := 0; row < b.g.rows; row++ {
			i := row*b.g.cols + col
			if b.pegs[i] == NoColor && b.g.usable(i, c) {
				out = append(out, Hole{col, row})
			}
		}
	}
	return out
}
