package game

import "sync"

// A link is identified by its first end (the one with the smaller column)
// and one of four forward knight directions; link id = hole index*4 + dir.
// Every knight move has a positive column step, so each link has exactly
// one id.
var forward = [4][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}}

// knight lists the eight knight steps (dc, dr).
var knight = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}

// step is one knight step from a hole: the hole it reaches and the id of
// the link along it.
type step struct {
	to, link uint16 // 100x100 has 10,000 holes and 40,000 link ids
}

// geometry is everything about a board size that never changes: which
// holes exist, the knight steps from each, and which links cross which.
// It is computed once per size and shared by every board of that size.
type geometry struct {
	size       Size
	cols, rows int
	n          int    // cols*rows: hole indices, corners included
	corner     []bool // per hole index
	// Knight steps and crossing links live in flat arrays with a fixed
	// stride, so that a hole's steps share one cache line.
	stepv  []step  // per hole, 8 slots: knight steps to holes on the board
	nsteps []uint8 // per hole: how many slots are used
	// The same steps by direction: slot i*8+k is knight[k] from hole i,
	// and bit k of dirMask[i] says whether that step stays on the board.
	// A step off the board leads to hole n, which is not a hole: tables
	// indexed by the hole a step reaches have a spare slot there, so that
	// a loop over all eight steps needs no test (see markNeighbours).
	// Its link is id 0, which nothing crosses.
	dirStep []step
	dirMask []uint8
	crossv  []uint16 // per link id, crossStride slots: the links that cross it
	ncross  []uint8  // per link id: how many slots are used
	// crossRel[d] lists the nine links that cross a link of forward
	// direction d away from the edges, as offsets from its id: the same
	// for every such link (those with ncross 9), and a cheaper table
	// than crossv for the hot path (see Board.addLink). hasRel is false
	// on boards too small for any.
	crossRel [4][crossStride]int32
	hasRel   [4]bool
	// crossWide[d] is crossRel[d] grouped by the hole the crossing
	// links start at, for the crossing counters, which keep a hole's
	// four links in one word (see Board.blk): seven words or fewer take
	// the nine counts. Unused slots add nothing.
	crossWide [4][crossHoles]crossAdd
	linkValid []bool // per link id: both ends on the board, neither a corner
	border    [3][2][]int32
	// Per colour and hole index: whether the colour may peg the hole, and
	// which of its border rows the hole is in (1 first, 2 last, 0 none).
	canUse  [3][]bool
	useBits []uint8 // per hole: bit c set when canUse[c]
	side    [3][]uint8
	free    [3]int  // holes each colour may peg on an empty board
	fresh   []int32 // all -1: a fresh union-find, every node its own set of size 1
	// freshTouch: which border rows each node of a fresh union-find
	// reaches (see Board.touch): only the two virtual nodes.
	freshTouch []uint8
	bits       bitGeometry
}

var geometries sync.Map // Size -> *geometry

func geometryFor(s Size) *geometry {
	if g, ok := geometries.Load(s); ok {
		return g.(*geometry)
	}
	g, _ := geometries.LoadOrStore(s, newGeometry(s))
	return g.(*geometry)
}

func newGeometry(s Size) *geometry {
	g := &geometry{size: s, cols: s.Cols, rows: s.Rows, n: s.Cols * s.Rows}
	g.corner = make([]bool, g.n)
	for _, h := range []Hole{{0, 0}, {s.Cols - 1, 0}, {0, s.Rows - 1}, {s.Cols - 1, s.Rows - 1}} {
		g.corner[g.index(h)] = true
	}
	g.stepv = make([]step, g.n*8)
	g.nsteps = make([]uint8, g.n)
	g.dirStep = make([]step, g.n*8)
	g.dirMask = make([]uint8, g.n)
	g.linkValid = make([]bool, g.n*4)
	for i := 0; i < g.n; i++ {
		for k := range knight {
			g.dirStep[i*8+k].to = uint16(g.n)
		}
		if g.corner[i] {
			continue
		}
		h := g.hole(i)
		for k, d := range knight {
			o := Hole{h.Col + d[0], h.Row + d[1]}
			if !g.exists(o) {
				continue
			}
			st := step{to: uint16(g.index(o)), link: uint16(g.linkID(h, o))}
			g.stepv[i*8+int(g.nsteps[i])] = st
			g.nsteps[i]++
			g.dirStep[i*8+k] = st
			g.dirMask[i] |= 1 << k
		}
		for d := range forward {
			o := Hole{h.Col + forward[d][0], h.Row + forward[d][1]}
			if g.exists(o) {
				g.linkValid[i*4+d] = true
			}
		}
	}
	// Crossing tables: a link can only be crossed by links whose first end
	// lies within two columns and three rows of its own first end.
	g.crossv = make([]uint16, g.n*4*crossStride)
	g.ncross = make([]uint8, g.n*4)
	for id, ok := range g.linkValid {
		if !ok {
			continue
		}
		l := g.link(id)
		for dc := -2; dc <= 2; dc++ {
			for dr := -3; dr <= 3; dr++ {
				a := Hole{l.A.Col + dc, l.A.Row + dr}
				if !g.onBoard(a) {
					continue
				}
				for d := range forward {
					oid := g.index(a)*4 + d
					if oid != id && g.linkValid[oid] && segmentsCross(l, g.link(oid)) {
						// At most 9 links cross a knight link (Test
						// CrossingTables checks it for every size).
						g.crossv[id*crossStride+int(g.ncross[id])] = uint16(oid)
						g.ncross[id]++
					}
				}
			}
		}
	}
	for id, nc := range g.ncross {
		if d := id % 4; nc == crossStride && !g.hasRel[d] {
			g.hasRel[d] = true
			for k, x := range g.crosses(id) {
				g.crossRel[d][k] = int32(x) - int32(id)
			}
			g.crossWide[d] = wideTemplate(g.crossRel[d], d)
		}
	}
	// Border rows: for each colour, the holes of its first and last row.
	for c := 1; c < s.Cols-1; c++ {
		g.border[Red][0] = append(g.border[Red][0], int32(g.index(Hole{c, 0})))
		g.border[Red][1] = append(g.border[Red][1], int32(g.index(Hole{c, s.Rows - 1})))
	}
	for r := 1; r < s.Rows-1; r++ {
		g.border[Black][0] = append(g.border[Black][0], int32(g.index(Hole{0, r})))
		g.border[Black][1] = append(g.border[Black][1], int32(g.index(Hole{s.Cols - 1, r})))
	}
	for c := Red; c <= Black; c++ {
		g.canUse[c] = make([]bool, g.n)
		g.useBits = make([]uint8, g.n)
		g.side[c] = make([]uint8, g.n)
		for i := 0; i < g.n; i++ {
			g.side[c][i] = uint8(g.borderSide(i, c))
		}
	}
	for c := Red; c <= Black; c++ {
		for i := 0; i < g.n; i++ {
			g.canUse[c][i] = !g.corner[i] && g.side[c.Opponent()][i] == 0
			if g.canUse[c][i] {
				g.useBits[i] |= 1 << c
				g.free[c]++
			}
		}
	}
	g.fresh = make([]int32, g.n+2)
	for i := range g.fresh {
		g.fresh[i] = -1
	}
	g.freshTouch = make([]uint8, g.n+2)
	g.freshTouch[g.n], g.freshTouch[g.n+1] = 1, 2
	g.initBits()
	return g
}

// crossStride is the most links that can cross one knight link.
const crossStride = 9

// crossHoles is the most holes at which the nine links crossing a link
// away from the edges start.
const crossHoles = 7

// crossAdd is one word of crossing counters to add to when a link is made:
// the hole, as an offset from the link's first end, and a 1 in the lane of
// each of its links that the new link crosses.
type crossAdd struct {
	hole  int32
	lanes uint64
}

// wideTemplate groups the crossings rel of a link of forward direction d
// (id offsets, see geometry.crossRel) by the hole they start at. The
// slots left over repeat the first hole with no lanes.
func wideTemplate(rel [crossStride]int32, d int) [crossHoles]crossAdd {
	var t [crossHoles]crossAdd
	n := 0
next:
	for _, r := range rel {
		x := int32(d) + r // the crossing link's id, less the first end's hole*4
		h, lane := x>>2, uint(x&3)
		for k := range t[:n] {
			if t[k].hole == h {
				t[k].lanes |= 1 << (16 * lane)
				continue next
			}
		}
		if n == crossHoles {
			panic("game: a knight link crossed at more than seven holes")
		}
		t[n] = crossAdd{hole: h, lanes: 1 << (16 * lane)}
		n++
	}
	for k := n; k < crossHoles; k++ {
		t[k] = crossAdd{hole: t[0].hole}
	}
	return t
}

// steps returns the knight steps from hole index i.
func (g *geometry) steps(i int32) []step {
	k := int(i) * 8
	return g.stepv[k : k+int(g.nsteps[i])]
}

// crosses returns the ids of the links that cross link id.
func (g *geometry) crosses(id int) []uint16 {
	k := id * crossStride
	return g.crossv[k : k+int(g.ncross[id])]
}

func (g *geometry) index(h Hole) int { return h.Row*g.cols + h.Col }

func (g *geometry) hole(i int) Hole { return Hole{Col: i % g.cols, Row: i / g.cols} }

func (g *geometry) onBoard(h Hole) bool {
	return h.Col >= 0 && h.Col < g.cols && h.Row >= 0 && h.Row < g.rows
}

// exists reports whether h is a hole of this board: on it and not a corner.
func (g *geometry) exists(h Hole) bool { return g.onBoard(h) && !g.corner[g.index(h)] }

// linkID returns the id of the link between two holes a knight's move
// apart, or -1.
func (g *geometry) linkID(a, b Hole) int {
	if b.Less(a) {
		a, b = b, a
	}
	for d, f := range forward {
		if b.Col-a.Col == f[0] && b.Row-a.Row == f[1] {
			return g.index(a)*4 + d
		}
	}
	return -1
}

func (g *geometry) link(id int) Link {
	a := g.hole(id / 4)
	f := forward[id%4]
	return Link{A: a, B: Hole{a.Col + f[0], a.Row + f[1]}}
}

// linkEnds returns the hole indices of a link's two ends.
func (g *geometry) linkEnds(id int) (int, int) {
	f := forward[id%4]
	a := id / 4
	return a, a + f[1]*g.cols + f[0]
}

// inBorder reports whether hole index i is in one of c's own border rows:
// 1 for the first (top, left), 2 for the last (bottom, right), 0 if not.
func (g *geometry) inBorder(i int, c Color) int { return int(g.side[c][i]) }

func (g *geometry) borderSide(i int, c Color) int {
	col, row := i%g.cols, i/g.cols
	switch c {
	case Red:
		if row == 0 {
			return 1
		}
		if row == g.rows-1 {
			return 2
		}
	case Black:
		if col == 0 {
			return 1
		}
		if col == g.cols-1 {
			return 2
		}
	}
	return 0
}

// usable reports whether colour c may peg hole index i: it exists and is
// not in the opponent's border rows.
func (g *geometry) usable(i int, c Color) bool { return g.canUse[c][i] }

// segmentsCross reports whether two knight links cross. Links that share an
// end never cross, and no lattice point lies inside a knight link, so two
// links either cross properly or not at all.
func segmentsCross(p, q Link) bool {
	if p.A == q.A || p.A == q.B || p.B == q.A || p.B == q.B {
		return false
	}
	d1 := orient(q.A, q.B, p.A)
	d2 := orient(q.A, q.B, p.B)
	d3 := orient(p.A, p.B, q.A)
	d4 := orient(p.A, p.B, q.B)
	return (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) && (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0)
}

func orient(a, b, c Hole) int {
	return (b.Col-a.Col)*(c.Row-a.Row) - (b.Row-a.Row)*(c.Col-a.Col)
}
