package ai

import (
	"errors"
	"slices"

	"github.com/twixtbot/twixtbot/game"
)

// Removing one's own links. In standard TwixT a side's own links block its
// new links as the opponent's do, and a move may remove own links first
// (the unlink list of the move syntax) so that links can be made across
// where they stood. The search places pegs with their autolinks only, so
// when a side's own links had closed every way to its far border
// (Board.Distance says Unreachable, while Board.CanConnect, which lets a
// side pass links it may remove, says it can still connect), it played
// pegs that changed nothing until the game ran out: 27 of the 1,896 games
// against T1j of 2026-12-04 and 05 reached such a position, 24 of them
// went on to the 300-turn limit and the other 3 ended with neither side
// able to connect. In three the engine needed 2 to 4 pegs once one link
// was gone while T1j could no longer connect (or, in one, only by
// removing links too, which T1j never does), so a won game became a
// draw.
//
// unblock chooses the own link whose removal leaves the side nearest to a
// connection (by Distance; then the farther the opponent, the better), or
// two or three when fewer open no way (4 of 34 such positions in 2,810
// games; testdata/blocked.txt's position 3 needs two), and the search
// plays on a root board without them:
//   - If links between two of the side's pegs already on the board (up
//     to one for each removed link) cross the removed links' places and
//     bring the side nearer (a long move, as Hensel's notation writes it),
//     every placement the engine returns removes the links and adds those
//     first.
//   - Otherwise the way across takes new pegs, and a placement removes a
//     link only when one of the new peg's own links crosses its place
//     (engine.place); until then the link stays on the board, and the
//     search, which reads the root without it, plans the way across. (The
//     search lets the opponent cross the link's place too, which the real
//     board forbids: a fault on the safe side.)
//
// A link is never removed with nothing across its place: two own pegs a
// knight step apart and unlinked would stay so, since no autolink joins
// older pegs, while Distance counts the step as open.

// unlinkNear is how far (in rows and columns) outside the box a link
// spans a peg can stand and still make a link that crosses it: the point
// where two links cross lies in both boxes, and a knight step moves at
// most two holes either way.
const unlinkNear = 2

// unblockMost is the most own links unblock removes for one way across,
// and unblockTries the most sets of links it tries on 24x24 (70 ms on a
// busy core for 20 links, where three had to go), so that a big board
// with many links still answers in time.
const (
	unblockMost  = 3
	unblockTries = 2000
)

// unblock readies the root for a move that removes one of the side's own
// links, or two or three when fewer open no way, when that is the only way
// left to connect (see above). It does nothing when the side could connect
// as the links stand, cannot connect at all, when the opponent would win
// on its next move once the links are gone (the threat comes first), or
// when Config.KeepLinks says so.
func (e *engine) unblock() {
	b, c := e.root, e.color
	if e.cfg.KeepLinks || b.Distance(c) != game.Unreachable || !b.CanConnect(c) {
		return
	}
	opp := e.next(c, e.turns+1)
	var best *unblocking
	t := b.Clone()
	var free []game.Link // the links that may come off alone
	for _, l := range b.Links(c) {
		t.CopyFrom(b)
		if t.RemoveLink(l, c) != nil || opp != c && len(e.winsNow(t, opp, nil)) > 0 {
			continue
		}
		free = append(free, l)
	}
	// The fewest links that open a way: one, else two, else three, up to
	// unblockTries sets of links in all on 24x24, fewer on bigger boards
	// (a set costs about as much as an evaluation).
	tries, most := 0, max(unblockTries*24*24/e.n, len(free))
	var pick func(k, from int, set []game.Link)
	pick = func(k, from int, set []game.Link) {
		if len(set) == k {
			tries++
			t.CopyFrom(b)
			for _, l := range set {
				if t.RemoveLink(l, c) != nil {
					return
				}
			}
			if k > 1 && opp != c && len(e.winsNow(t, opp, nil)) > 0 {
				return
			}
			best = e.unblocking(t, slices.Clone(set), best)
			return
		}
		for i := from; i < len(free) && tries < most; i++ {
			pick(k, i+1, append(set, free[i]))
		}
	}
	for k := 1; k <= unblockMost && best == nil && tries < most; k++ {
		pick(k, 0, nil)
	}
	if best == nil {
		return
	}
	nb := b.Clone()
	for _, l := range best.links {
		if nb.RemoveLink(l, c) != nil {
			return // cannot happen: unblocking made the same changes
		}
	}
	for _, a := range best.adds {
		if nb.AddLink(a, c) != nil {
			return // cannot happen: unblocking made the same changes
		}
	}
	e.root = nb
	e.unlinks, e.adds, e.unlinkMode = best.links, best.adds, unlinkWhenCrossed
	if len(best.adds) > 0 {
		e.unlinkMode = unlinkAlways
	}
	// The kept tables and trees know positions by their pegs only, which
	// are the same with the links and without them.
	e.keep = false
}

// unblocking is a way unblock may open: own links to remove, and links
// between older pegs to add across their places (a long move).
type unblocking struct {
	links, adds []game.Link
	me, other   int // both sides' distances after it
}

// unblocking returns the better of best and the ways that removing links
// (already off t) opens, if any: with no link added, or with up to one
// for each removed link of the links older pegs could make across their
// places (the first eight of them). Where such links exist, a way that
// leaves one of them unmade is not considered: Distance
// would count the older pegs' step across as open, and no autolink makes
// it. Of equal distances, a long move comes first (it needs no peg), then
// the farther the opponent, the better.
func (e *engine) unblocking(t *game.Board, links []game.Link, best *unblocking) *unblocking {
	c := e.color
	consider := func(u *game.Board, adds []game.Link) {
		d := u.Distance(c)
		if d == game.Unreachable {
			return
		}
		for _, l := range links {
			if len(adds) > 0 && len(e.relinks(u, l)) > 0 {
				return // a step across left unmade, which Distance counts as open
			}
		}
		ch := &unblocking{links: links, adds: adds, me: d, other: u.Distance(c.Opponent())}
		long, bestLong := len(adds) > 0, best != nil && len(best.adds) > 0
		if best == nil || ch.me < best.me || ch.me == best.me && (long && !bestLong || long == bestLong && ch.other > best.other) {
			best = ch
		}
	}
	var adds []game.Link
	for _, l := range links {
		for _, a := range e.relinks(t, l) {
			if !slices.Contains(adds, a) {
				adds = append(adds, a)
			}
		}
	}
	if len(adds) == 0 {
		consider(t, nil)
		return best
	}
	// Every set of up to one link for each removed one, by a bit mask.
	u := t.Clone()
	for mask := 1; mask < 1<<min(len(adds), 8); mask++ {
		set := make([]game.Link, 0, len(links))
		for i, a := range adds {
			if mask&(1<<i) != 0 {
				set = append(set, a)
			}
		}
		if len(set) > len(links) {
			continue
		}
		u.CopyFrom(t)
		ok := true
		for _, a := range set {
			ok = ok && u.AddLink(a, c) == nil
		}
		if ok {
			consider(u, set)
		}
	}
	return best
}

// unlinkMode is how engine.place treats the links unblock took off the
// root's board.
type unlinkMode uint8

const (
	unlinkNone        unlinkMode = iota // nothing taken off
	unlinkAlways                        // every placement removes them and adds relinks
	unlinkWhenCrossed                   // a placement removes those whose place its links cross
)

// relinks returns the links c could add on b between two of its pegs near
// l (which b lacks), except l itself: those that cross l's place are
// among them. The links are not checked against the others on b.
func (e *engine) relinks(b *game.Board, l game.Link) []game.Link {
	var out []game.Link
	for _, p := range e.near(l, func(h game.Hole) bool { return b.Peg(h) == e.color }) {
		for _, st := range knightSteps {
			q := game.Hole{Col: p.Col + st[0], Row: p.Row + st[1]}
			if q.Col < p.Col || q.Col == p.Col && q.Row < p.Row || !b.Exists(q) || b.Peg(q) != e.color {
				continue // each pair once, from its first end
			}
			if k := game.NewLink(p, q); k != l && b.LinkOwner(k) != e.color && crosses(b, k, l, e.color) {
				out = append(out, k)
			}
		}
	}
	return out
}

// crosses reports whether c may make link k on b, where l's place is
// free, and k then crosses that place.
func crosses(b *game.Board, k, l game.Link, c game.Color) bool {
	t := b.Clone()
	return t.AddLink(k, c) == nil && crossed(t, l, c)
}

// crossed reports whether a link of c's crosses l's place on b, which has
// no link there (b gains l otherwise: only for scratch boards).
func crossed(b *game.Board, l game.Link, c game.Color) bool {
	return errors.Is(b.AddLink(l, c), game.ErrLinkCrosses)
}

// near returns the holes within unlinkNear of the box l spans for which
// keep holds, in the order of the board.
func (e *engine) near(l game.Link, keep func(game.Hole) bool) []game.Hole {
	lo := game.Hole{Col: min(l.A.Col, l.B.Col) - unlinkNear, Row: min(l.A.Row, l.B.Row) - unlinkNear}
	hi := game.Hole{Col: max(l.A.Col, l.B.Col) + unlinkNear, Row: max(l.A.Row, l.B.Row) + unlinkNear}
	var out []game.Hole
	for r := max(lo.Row, 0); r <= min(hi.Row, e.size.Rows-1); r++ {
		for col := max(lo.Col, 0); col <= min(hi.Col, e.size.Cols-1); col++ {
			if h := (game.Hole{Col: col, Row: r}); keep(h) {
				out = append(out, h)
			}
		}
	}
	return out
}

// placement returns the move that pegs hole i, with the change of links
// unblock chose: the root's board is without the removed links, the real
// one still has them.
func (e *engine) placement(i int32) game.Move {
	h := e.hole(i)
	m := game.Move{Kind: game.Place, Hole: h}
	switch e.unlinkMode {
	case unlinkAlways:
		m.Unlinks, m.Links = ends(e.unlinks...), ends(e.adds...)
	case unlinkWhenCrossed:
		t, u := e.root.Clone(), e.root.Clone()
		if _, err := t.Place(h, e.color); err != nil {
			break
		}
		for _, l := range e.unlinks {
			if u.CopyFrom(t); crossed(u, l, e.color) {
				m.Unlinks = append(m.Unlinks, ends(l)...)
			}
		}
	}
	return m
}

// ends writes links as a move's link lists write them: each its two holes.
func ends(ls ...game.Link) [][]game.Hole {
	var out [][]game.Hole
	for _, l := range ls {
		out = append(out, []game.Hole{l.A, l.B})
	}
	return out
}
