package ai

import (
	"context"
	"math"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// node is one position of the search tree, reached by move (a hole index,
// row*cols+col) from its parent. Its statistics count for the side that
// played move. Children are stored contiguously: nchild nodes from child.
type node struct {
	n, w   float32 // visits and wins, the prior's virtual ones included
	rn, rw float32 // all-moves-as-first (RAVE) visits and wins
	child  int32
	nchild int32
	move   int32
	visits int32 // real visits
	proven int8  // +1: the side that played move has won; -1: has lost
}

// Tuning of the search.
const (
	expandAt   = 4  // real visits before a leaf gets its children
	priorN     = 20 // virtual visits a prior is worth
	raveBias   = 1.0 / 3000
	explore    = 0.12 // UCT exploration constant
	checkEvery = 32   // simulations between looks at the clock
)

// engine is one search: the position it starts from and the tree.
type engine struct {
	cfg   Config
	prof  profile
	g     *game.Game // never modified
	size  game.Size
	cols  int
	n     int // hole indices: cols*rows
	root  *game.Board
	work  *game.Board
	color game.Color // to move at the root
	turns int        // turns taken at the root
	extra int        // Red's head start (Kosmos extra moves)
	last  int32      // index of the last peg placed, or -1

	rng     *game.FastRand
	nodes   []node
	maxN    int
	path    []int32
	colors  []game.Color
	scratch []int32
	final   []game.Color // pegs at the end of a simulation, per index
	// rootMoves, if not nil, are the only moves the root may choose.
	rootMoves []int32
	playouts  int
	pk        *knowledge
}

func newEngine(g *game.Game, cfg Config) *engine {
	if cfg.Level == 0 {
		cfg.Level = DefaultLevel
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = DefaultMaxNodes
	}
	b := g.Board()
	_, c := g.ToMove()
	e := &engine{
		cfg:   cfg,
		prof:  cfg.Level.profile(),
		g:     g,
		size:  b.Size(),
		root:  b,
		work:  b.Clone(),
		color: c,
		turns: g.Turns(),
		extra: g.Settings().ExtraMoves,
		last:  -1,
		rng:   game.NewFastRand(cfg.Seed*0x9E3779B97F4A7C15 + 1),
		maxN:  cfg.MaxNodes,
	}
	e.cols = e.size.Cols
	e.n = e.size.Cols * e.size.Rows
	e.final = make([]game.Color, e.n)
	if o, ok := g.Last(); ok && o.Move.Kind == game.Place || ok && o.Move.Kind == game.Swap {
		e.last = e.index(o.Hole)
	}
	e.pk = knowledgeFor(e.size)
	return e
}

func (e *engine) index(h game.Hole) int32 { return int32(h.Row*e.cols + h.Col) }
func (e *engine) hole(i int32) game.Hole {
	return game.Hole{Col: int(i) % e.cols, Row: int(i) / e.cols}
}

// next is the colour to move after turn t (counted from 1) was played by c:
// Red keeps the move during its head start.
func (e *engine) next(c game.Color, t int) game.Color {
	if t <= e.extra && c == game.Red {
		return game.Red
	}
	return c.Opponent()
}

// budget returns when to stop and how many playouts at most.
func (e *engine) budget(ctx context.Context) (time.Time, int) {
	limit := e.cfg.Playouts
	if limit <= 0 {
		limit = e.prof.playouts
	} else if e.prof.playouts > 0 && e.prof.playouts < limit {
		limit = e.prof.playouts
	}
	var deadline time.Time
	if e.cfg.Playouts <= 0 {
		t := e.cfg.MoveTime
		if t <= 0 {
			t = e.prof.moveTime
		}
		deadline = time.Now().Add(t)
	}
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	return deadline, limit
}

// search grows the tree from the root until the budget is spent.
func (e *engine) search(ctx context.Context) {
	deadline, limit := e.budget(ctx)
	if e.nodes == nil {
		capacity := e.maxN
		if capacity > 1<<16 && limit > 0 {
			// A fixed budget needs no more nodes than it can expand.
			if need := limit*64 + e.n + 1; need < capacity {
				capacity = need
			}
		}
		e.nodes = make([]node, 1, capacity)
		e.nodes[0] = node{child: -1, move: -1}
		e.expand(0, e.root, e.color)
	}
	done := ctx.Done()
	for i := 0; ; i++ {
		if limit > 0 && e.playouts >= limit {
			return
		}
		if e.nodes[0].proven != 0 {
			return
		}
		if i%checkEvery == 0 {
			select {
			case <-done:
				return
			default:
			}
			if !deadline.IsZero() && !time.Now().Before(deadline) {
				return
			}
		}
		e.simulate()
	}
}

// simulate runs one simulation: down the tree, a playout, and back up.
func (e *engine) simulate() {
	b := e.work
	b.CopyFrom(e.root)
	e.path = append(e.path[:0], 0)
	e.colors = append(e.colors[:0], e.color)
	c, t := e.color, e.turns
	cur := int32(0)
	winner, decided := game.NoColor, false
	for {
		nd := &e.nodes[cur]
		if nd.nchild == 0 {
			if nd.visits < expandAt || !e.expand(cur, b, c) {
				break
			}
		}
		ci := e.selectChild(cur)
		ch := &e.nodes[ci]
		b.Place(e.hole(ch.move), c)
		e.path = append(e.path, ci)
		t++
		if b.Connected(c) {
			winner, decided = c, true
			ch.proven = 1
			break
		}
		c = e.next(c, t)
		e.colors = append(e.colors, c)
		cur = ci
	}
	if !decided {
		winner, e.scratch = b.Playout(c, e.rng, e.scratch)
	}
	e.playouts++
	e.backup(b, winner)
}

// backup adds the result to the nodes of the path, and to the RAVE
// statistics of their children.
func (e *engine) backup(b *game.Board, winner game.Color) {
	for i := range e.final {
		e.final[i] = b.Peg(e.hole(int32(i)))
	}
	score := func(c game.Color) float32 {
		switch winner {
		case c:
			return 1
		case game.NoColor:
			return 0.5
		}
		return 0
	}
	for k, idx := range e.path {
		nd := &e.nodes[idx]
		nd.visits++
		if k > 0 {
			nd.n++
			nd.w += score(e.colors[k-1])
		}
		if k < len(e.colors) && nd.nchild > 0 {
			c := e.colors[k]
			s := score(c)
			kids := e.nodes[nd.child : nd.child+nd.nchild]
			for j := range kids {
				if e.final[kids[j].move] == c {
					kids[j].rn++
					kids[j].rw += s
				}
			}
		}
	}
}

// selectChild picks the child of p to explore, by UCT with RAVE, and
// settles p when a child is proven.
func (e *engine) selectChild(p int32) int32 {
	parent := &e.nodes[p]
	kids := e.nodes[parent.child : parent.child+parent.nchild]
	logN := float32(math.Log(float64(parent.visits) + 1))
	best, bestScore := int32(-1), float32(-1)
	for j := range kids {
		ch := &kids[j]
		if ch.proven > 0 {
			parent.proven = -1
			return parent.child + int32(j)
		}
		if ch.proven < 0 {
			continue
		}
		q := ch.w / ch.n
		if ch.rn > 0 {
			beta := ch.rn / (ch.rn + ch.n + ch.rn*ch.n*raveBias)
			q = (1-beta)*q + beta*(ch.rw/ch.rn)
		}
		q += explore * float32(math.Sqrt(float64(logN/(float32(ch.visits)+1))))
		if q > bestScore {
			best, bestScore = parent.child+int32(j), q
		}
	}
	if best < 0 { // every move loses
		parent.proven = 1
		return parent.child
	}
	return best
}

// expand gives node p its children: the moves c may make on b, with their
// priors. It reports false when there are none or the tree is full.
func (e *engine) expand(p int32, b *game.Board, c game.Color) bool {
	moves := e.candidates(b, c, p == 0)
	if len(moves) == 0 || len(e.nodes)+len(moves) > cap(e.nodes) {
		return false
	}
	first := int32(len(e.nodes))
	var last int32 = -1
	if p == 0 {
		last = e.last
	} else {
		last = e.nodes[p].move
	}
	for _, m := range moves {
		pr := e.pk.prior(b, e.hole(m), c, last)
		e.nodes = append(e.nodes, node{n: priorN, w: priorN * pr, child: -1, move: m})
	}
	nd := &e.nodes[p]
	nd.child, nd.nchild = first, int32(len(moves))
	return true
}

// candidates lists the moves c may make on b. The root may be restricted;
// on big boards only holes near the pegs are considered.
func (e *engine) candidates(b *game.Board, c game.Color, atRoot bool) []int32 {
	if atRoot && e.rootMoves != nil {
		return e.rootMoves
	}
	return e.pk.moves(b, c, nil)
}

// best returns the root's child with the most visits (a proven win first).
func (e *engine) best() int32 {
	root := &e.nodes[0]
	best := int32(-1)
	for j := int32(0); j < root.nchild; j++ {
		i := root.child + j
		ch := &e.nodes[i]
		switch {
		case ch.proven > 0:
			return i
		case best < 0:
			best = i
		case e.nodes[best].proven < 0 && ch.proven >= 0:
			best = i
		case ch.proven >= 0 && ch.visits > e.nodes[best].visits:
			best = i
		}
	}
	return best
}

// value is a node's estimated win probability for the side that played it.
func (nd *node) value() float64 {
	switch {
	case nd.proven > 0:
		return 1
	case nd.proven < 0:
		return 0
	}
	return float64(nd.w / nd.n)
}
