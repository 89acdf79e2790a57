package game

import "sync"

// The row gap: how many of its rows a side has yet to fill, in the spirit
// of the classical TwixT programs' evaluations. Only linked pegs fill rows
// for good: a chain of linked pegs covers every row it spans, and the rows
// between a side's groups, or between a group and a border row, are gaps.
// A gap is bridged straight along a column of holes, one row at a time,
// or by a knight step into or out of one of the side's pegs; a sideways
// move needs a peg: a knight step between two empty holes, only from a
// hole whose column the opponent closes, costs a row more than the rows
// it spans. The opponent's pegs and links close the columns they
// stand in or cross, so a wall of the opponent's linked pegs across the
// board closes every way. Unlike the
// bridge distance, a lone peg saves nothing by itself, and a double link
// leaves a gap of its two rows: the measure favours connected chains.

// RowUnit is what one row of gap costs in RowGap. A knight step costs the
// rows it spans, plus rowSideways when it goes two columns sideways.
const (
	RowUnit     = 4
	rowSideways = 1
	rowRing     = 16 // more than the dearest step
)

// Rows is scratch space for RowGap. The zero value is ready to use; keep
// one per searcher to avoid allocating.
type Rows struct {
	dist []int32
	ring [rowRing][]int32 // the holes queued at distance d in ring[d%rowRing]
	d    int32            // the distance being settled
	left int              // holes queued, stale ones included
}

// rowTable holds, per colour and hole index, the next hole along the
// colour's way (down for Red, right for Black; -1 in the last row), the
// hole before it (-1 in the first row), the two links that cross the
// step to the next hole (link id 0, which no link crosses, if off the
// board: no peg ever owns it, so it closes nothing), and what
// each knight step from the hole costs (by its slot in geometry.stepv).
type rowTable struct {
	next  [3][]int32
	prev  [3][]int32
	block [3][][2]int32
	cost  [3][]uint8
}

var rowTables sync.Map // *geometry -> *rowTable

func (g *geometry) rowTable() *rowTable {
	if t, ok := rowTables.Load(g); ok {
		return t.(*rowTable)
	}
	t := &rowTable{}
	for c := Red; c <= Black; c++ {
		t.next[c] = make([]int32, g.n)
		t.prev[c] = make([]int32, g.n)
		t.block[c] = make([][2]int32, g.n)
		t.cost[c] = make([]uint8, g.n*8)
		// along turns (across, along) coordinates of c into a hole.
		along := func(u, v int) Hole {
			if c == Black {
				return Hole{Col: v, Row: u}
			}
			return Hole{Col: u, Row: v}
		}
		link := func(a, b Hole) int32 {
			if !g.onBoard(a) || !g.onBoard(b) {
				return 0
			}
			return int32(g.linkID(a, b))
		}
		for i := 0; i < g.n; i++ {
			h := g.hole(i)
			u, v := h.Col, h.Row
			if c == Black {
				u, v = h.Row, h.Col
			}
			t.next[c][i], t.prev[c][i] = -1, -1
			if p := along(u, v-1); g.onBoard(p) {
				t.prev[c][i] = int32(g.index(p))
			}
			if n := along(u, v+1); g.onBoard(n) {
				t.next[c][i] = int32(g.index(n))
				t.block[c][i] = [2]int32{
					link(along(u-1, v), along(u+1, v+1)),
					link(along(u-1, v+1), along(u+1, v)),
				}
			}
			for k, st := range g.steps(int32(i)) {
				to := g.hole(int(st.to))
				du, dv := abs(to.Col-h.Col), abs(to.Row-h.Row)
				if c == Black {
					du, dv = dv, du
				}
				cost := dv * RowUnit
				if du == 2 {
					cost += rowSideways
				}
				t.cost[c][i*8+k] = uint8(cost)
			}
		}
	}
	v, _ := rowTables.LoadOrStore(g, t)
	return v.(*rowTable)
}

// RowGap is how many rows c has yet to fill to connect, in RowUnits (see
// the comment at the top of rows.go), or Unreachable when every way is
// closed. It is 0 once c has connected. r is scratch space, reused from
// call to call.
func (b *Board) RowGap(c Color, r *Rows) int {
	g := b.g
	t := g.rowTable()
	if len(r.dist) != g.n {
		r.dist = make([]int32, g.n)
	}
	for i := range r.dist {
		r.dist[i] = Unreachable
	}
	o := c.Opponent()
	pegs, links := b.pegs, b.links
	use, side := g.canUse[c], g.side[c]
	next, prev, block, cost := t.next[c], t.prev[c], t.block[c], t.cost[c]
	m := b.stepMask(c)
	for _, i := range g.border[c][0] {
		if pegs[i] == c || pegs[i] == NoColor && use[i] {
			r.push(i, 0)
		}
	}
	result := Unreachable
	for {
		i, d, ok := r.pop()
		if !ok {
			break
		}
		if side[i] == 2 {
			result = int(d)
			break
		}
		// Along the column, both ways, unless o's pegs or links close
		// it.
		stuck := false
		if j := next[i]; j >= 0 {
			if bl := block[i]; (pegs[j] == c || pegs[j] == NoColor && use[j]) && links[bl[0]] != o && links[bl[1]] != o {
				r.push(j, d+RowUnit)
			} else {
				stuck = true
			}
		}
		if j := prev[i]; j >= 0 {
			if bl := block[j]; (pegs[j] == c || pegs[j] == NoColor && use[j]) && links[bl[0]] != o && links[bl[1]] != o {
				r.push(j, d+RowUnit)
			} else {
				stuck = true
			}
		}
		// Knight steps, into or out of c's pegs, and round a closed
		// column.
		own := pegs[i] == c
		for k, st := range g.steps(i) {
			j := int32(st.to)
			pj := pegs[j]
			switch {
			case own && links[st.link] == c:
				r.push(j, d)
			case !own && pj != c && !stuck:
			case pj != c && (pj != NoColor || !use[j]) || b.crossed(int(st.link), m) != 0:
			case own || pj == c:
				r.push(j, d+int32(cost[int(i)*8+k]))
			default:
				// From hole to hole: the step needs a peg, so it
				// costs a row more.
				r.push(j, d+int32(cost[int(i)*8+k])+RowUnit)
			}
		}
	}
	r.reset()
	return result
}

// push records that hole index i is d away, if that is nearer than known.
func (r *Rows) push(i, d int32) {
	if r.dist[i] <= d {
		return
	}
	r.dist[i] = d
	q := &r.ring[d%rowRing]
	*q = append(*q, i)
	r.left++
}

// pop returns the nearest hole not yet settled and its distance, or false
// when none is left.
func (r *Rows) pop() (int32, int32, bool) {
	for r.left > 0 {
		q := &r.ring[r.d%rowRing]
		if len(*q) == 0 {
			r.d++
			continue
		}
		i := (*q)[len(*q)-1]
		*q = (*q)[:len(*q)-1]
		r.left--
		if r.dist[i] == r.d {
			return i, r.d, true
		}
	}
	return 0, 0, false
}

// reset empties the queue for the next search.
func (r *Rows) reset() {
	for k := range r.ring {
		r.ring[k] = r.ring[k][:0]
	}
	r.d, r.left = 0, 0
}
