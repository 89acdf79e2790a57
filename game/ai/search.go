package ai

import (
	"context"
	"math"
	"slices"
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
	expandAt = 4  // real visits before a leaf gets its children
	priorN   = 20 // virtual visits a prior is worth
	// raveBias sets how fast RAVE gives way to a move's own results.
	// Playouts fill most of the board, so every move's RAVE statistics
	// grow with nearly every simulation and, at 1/3000, drowned its own
	// results. 1/300 won 24 of 40 games against 1/3000 (0.3 s a move,
	// pairs of games from the same random opening, colours swapped).
	raveBias = 1.0 / 300
	explore  = 0.12 // UCT exploration constant
)

// The leaf evaluation: evalWeight of it comes from the two-distances, the
// rest from a random playout. Half and half won games against plain UCT
// sooner than either alone (4 of 4 each at 0.3 s a move, in 66 turns on
// average against 83 for playouts alone), and the evaluation alone lost one
// of its first two games at 1 s. Playouts that save double links (answer a
// peg in one of a double link's two holes with the other) did no better
// than random ones against this engine: 17 wins of 40 at 0.3 s a move.
const (
	evalWeight    float32 = 0.5
	tempo                 = 0.5 // the move is worth half a peg
	distanceSlope         = 0.5
	useTwo                = true
	threadPenalty         = 4
	rootEval              = true
	rootEvalMoves         = 64 // candidates the root looks ahead for
	widenBase             = 8
	widenK                = 1.5
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
	spare *game.Board
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
	// also is a placement rank rates whatever its rank, if rate is set
	// (HintWith).
	also game.Hole
	rate bool
	// unlinks are own links taken off root's board (one to three, the
	// fewest that open a way), and adds links between older pegs put on
	// it across their places; unlinkMode says when a placement makes
	// those changes (see unblock).
	unlinks, adds []game.Link
	unlinkMode    unlinkMode

	buf       []int32 // scratch for candidates
	playouts  int
	pk        *knowledge
	start     time.Time // when the engine was asked
	lookUntil time.Time // when the root must stop looking ahead (zero: never)
	keep      bool      // use and feed the owner's saved trees (see reuse.go)
	owner     *Engine   // nil: a search on its own, remembering nothing
	prunes    int       // times the tree was pruned to stay under maxN
	// pruneStuck: pruning cannot make room (the root's children fill
	// half the cap); the tree stops growing instead.
	pruneStuck bool
	keepMarks  []uint8 // scratch for prune
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
		spare: b.Clone(),
		color: c,
		turns: g.Turns(),
		extra: g.Settings().ExtraMoves,
		last:  -1,
		rng:   game.NewFastRand(cfg.Seed*0x9E3779B97F4A7C15 + 1),
		maxN:  cfg.MaxNodes,
		start: time.Now(),
		keep:  cfg.Playouts <= 0,
	}
	e.cols = e.size.Cols
	e.n = e.size.Cols * e.size.Rows
	e.final = make([]game.Color, e.n)
	if o, ok := g.Last(); ok && o.Move.Kind == game.Place || ok && o.Move.Kind == game.Swap {
		e.last = e.index(o.Hole)
	}
	e.pk = knowledgeFor(e.size)
	e.unblock()
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
		deadline = e.start.Add(t)
	}
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	return deadline, limit
}

// search grows the tree from the root until the budget is spent, on
// Config.Threads cores (see parallel.go).
func (e *engine) search(ctx context.Context) {
	if e.threads() > 1 {
		e.searchParallel(ctx)
		return
	}
	e.searchOne(ctx)
}

// searchOne grows the tree on one core.
func (e *engine) searchOne(ctx context.Context) {
	deadline, limit := e.budget(ctx)
	if !deadline.IsZero() {
		e.lookUntil = e.start.Add(deadline.Sub(e.start) / 5)
	}
	switch {
	case e.nodes != nil:
	case e.reuse():
		if rootEval {
			root := &e.nodes[0]
			e.lookAhead(e.root, e.color, e.nodes[root.child:root.child+root.nchild])
		}
	default:
		// The tree grows as it needs to, up to maxN nodes: a short
		// search does not pay for clearing a big arena.
		e.nodes = append(e.arena(), node{child: -1, move: -1})
		e.expand(0, e.root, e.color)
	}
	done := ctx.Done()
	// The clock is read before every simulation: a look costs some 50 ns,
	// a simulation 20 µs or more (milliseconds on 100x100).
	for {
		if limit > 0 && e.playouts >= limit {
			return
		}
		if e.nodes[0].proven != 0 {
			return
		}
		select {
		case <-done:
			return
		default:
		}
		if !deadline.IsZero() && !time.Now().Before(deadline) {
			return
		}
		if len(e.nodes) > e.maxN-e.n {
			e.prune() // room for one more expansion, at the least
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
	pRed := float32(0)
	switch {
	case decided && winner == game.Red:
		pRed = 1
	case decided:
		pRed = 0
	default:
		pRed = e.leaf(b, c)
	}
	e.playouts++
	e.backup(b, pRed)
}

// leaf estimates the probability that Red wins from the position b with c
// to move: from the two-distances both sides still have to go and from a
// random playout.
func (e *engine) leaf(b *game.Board, c game.Color) float32 {
	var p float32
	if evalWeight > 0 {
		v := distanceValue(b, c)
		if c == game.Black {
			v = 1 - v
		}
		p = evalWeight * v
	}
	if evalWeight < 1 {
		var winner game.Color
		winner, e.scratch = b.Playout(c, e.rng, e.scratch)
		switch winner {
		case game.Red:
			p += 1 - evalWeight
		case game.NoColor:
			p += (1 - evalWeight) / 2
		}
	}
	return p
}

// distance is how far c is from connecting: the two-distance, or when
// only a single thread is left, the plain distance and a penalty.
func distance(b *game.Board, c game.Color) int {
	if !useTwo {
		return b.Distance(c)
	}
	if d := b.TwoDistance(c); d < game.Unreachable {
		return d
	}
	if d := b.Distance(c); d < game.Unreachable {
		return d + threadPenalty
	}
	return game.Unreachable
}

// distanceValue is the probability that c, to move, wins, judged by how
// many pegs each side still needs (see game.Board.Distance).
func distanceValue(b *game.Board, c game.Color) float32 {
	me, opp := distance(b, c), distance(b, c.Opponent())
	switch {
	case me >= game.Unreachable && opp >= game.Unreachable:
		return 0.5
	case me >= game.Unreachable:
		return 0.02
	case opp >= game.Unreachable:
		return 0.98
	}
	diff := float64(opp-me) + tempo
	return float32(1 / (1 + math.Exp(-distanceSlope*diff)))
}

// backup adds the result to the nodes of the path, and to the RAVE
// statistics of their children.
func (e *engine) backup(b *game.Board, pRed float32) {
	e.final = b.PegsByIndex(e.final)
	score := func(c game.Color) float32 {
		if c == game.Red {
			return pRed
		}
		return 1 - pRed
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
	limit := widen(parent.visits)
	for j := range kids {
		if j >= limit && best >= 0 {
			break
		}
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
	if len(moves) == 0 || len(e.nodes)+len(moves) > e.maxN {
		return false
	}
	e.reserve(len(moves))
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
	kids := e.nodes[first:]
	// The most promising first: selection widens over them progressively.
	slices.SortFunc(kids, byPrior)
	if p == 0 && rootEval {
		e.lookAhead(b, c, kids)
	}
	nd := &e.nodes[p]
	nd.child, nd.nchild = first, int32(len(moves))
	return true
}

// byPrior orders nodes by their prior (or, once visited, by their wins),
// the most promising first, and by move among equals: a total order, so
// the same tree every time.
func byPrior(x, y node) int {
	switch {
	case x.w > y.w:
		return -1
	case x.w < y.w:
		return 1
	}
	return int(x.move - y.move)
}

// lookAhead judges the root's likeliest moves, kids, one move ahead with
// the evaluation, since at the root there is time to, and blends that into
// their priors; then it sorts them again. Moves already visited (in a
// reused tree) keep their statistics.
func (e *engine) lookAhead(b *game.Board, c game.Color, kids []node) {
	opp := e.next(c, e.turns+1)
	for j := range kids[:min(len(kids), rootEvalMoves)] {
		if j%8 == 7 && !e.lookUntil.IsZero() && time.Now().After(e.lookUntil) {
			break // a big board: keep the time for the search
		}
		if kids[j].visits > 0 {
			continue
		}
		e.spare.CopyFrom(b)
		e.spare.Place(e.hole(kids[j].move), c)
		v := distanceValue(e.spare, opp)
		if opp != c {
			v = 1 - v
		}
		kids[j].w = (kids[j].w + 2*priorN*v) / 3
	}
	slices.SortFunc(kids, byPrior)
}

// widen is how many of a node's children (best prior first) selection
// looks at after visits visits.
func widen(visits int32) int {
	return widenBase + int(widenK*math.Sqrt(float64(visits)))
}

// candidates lists the moves c may make on b. The root may be restricted;
// on big boards only holes near the pegs are considered.
func (e *engine) candidates(b *game.Board, c game.Color, atRoot bool) []int32 {
	if atRoot && e.rootMoves != nil {
		return e.rootMoves
	}
	e.buf = e.pk.moves(b, c, e.buf[:0])
	return e.buf
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
