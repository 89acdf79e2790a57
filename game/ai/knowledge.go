package ai

import "github.com/twixtbot/twixtbot/game"

// knowledge is the TwixT knowledge of the search for one board size: which
// moves to consider, and how promising each looks before any playout.
type knowledge struct {
	size game.Size
	n    int
}

func knowledgeFor(s game.Size) *knowledge { return &knowledge{size: s, n: s.Cols * s.Rows} }

// knightSteps are the eight knight steps (dc, dr).
var knightSteps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}

// doubleLink is an offset from a peg to a hole that two different
// intermediate holes each join to both with a knight step: two pegs so
// placed can be linked through either, like a bridge in Hex, so the
// opponent cannot stop them with one peg in between.
type doubleLink struct {
	dc, dr int
	mid    [2][2]int // the two intermediate holes, relative to the first peg
}

var doubleLinks = func() []doubleLink {
	var out []doubleLink
	for dc := -4; dc <= 4; dc++ {
		for dr := -4; dr <= 4; dr++ {
			if abs(dc)+abs(dr) < 4 { // (2,0), (1,1) and closer: too cramped
				continue
			}
			var mids [][2]int
			for _, k := range knightSteps {
				rc, rr := dc-k[0], dr-k[1]
				if isKnight(rc, rr) {
					mids = append(mids, k)
				}
			}
			if len(mids) == 2 {
				out = append(out, doubleLink{dc, dr, [2][2]int{mids[0], mids[1]}})
			}
		}
	}
	return out
}()

func isKnight(dc, dr int) bool {
	dc, dr = abs(dc), abs(dr)
	return dc == 1 && dr == 2 || dc == 2 && dr == 1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bigBoard is the number of holes above which only holes near the pegs are
// searched.
const bigBoard = 800

// moves appends to buf the holes c may peg on b, as indices. On a big board
// with pegs on it, only the holes near a peg count (nearMoves).
func (k *knowledge) moves(b *game.Board, c game.Color, buf []int32) []int32 {
	cols := k.size.Cols
	if k.n > bigBoard && b.PegCount(game.Red)+b.PegCount(game.Black) > 0 {
		return k.nearMoves(b, c, make([]bool, k.n), buf)
	}
	for i := 0; i < k.n; i++ {
		if b.CanPeg(game.Hole{Col: i % cols, Row: i / cols}, c) {
			buf = append(buf, int32(i))
		}
	}
	return buf
}

// nearReach: a hole is near a peg within this many rows and columns of it.
// With 2, the ranking one move ahead (ahead.go) judges fewer holes and
// depth 6 takes 25,304 positions instead of 28,926
// (BenchmarkAlphaBetaDepth), but against T1j (depth 5, 1 s a move, the 96
// games of seed 11, 2026-12-05) it scored 34 of 96, where 3 scored 38.5
// and 32.5 in two runs: within the noise, so the wider ranking stays.
const nearReach = 3

// nearMoves appends to buf the holes c may peg on b within nearReach rows
// and columns of a peg, as indices in increasing order; near is scratch,
// one entry a hole.
func (k *knowledge) nearMoves(b *game.Board, c game.Color, near []bool, buf []int32) []int32 {
	cols := k.size.Cols
	clear(near)
	for i := 0; i < k.n; i++ {
		h := game.Hole{Col: i % cols, Row: i / cols}
		if b.Peg(h) == game.NoColor {
			continue
		}
		for dc := -nearReach; dc <= nearReach; dc++ {
			for dr := -nearReach; dr <= nearReach; dr++ {
				x := game.Hole{Col: h.Col + dc, Row: h.Row + dr}
				if b.CanPeg(x, c) {
					near[x.Row*cols+x.Col] = true
				}
			}
		}
	}
	for i, ok := range near {
		if ok {
			buf = append(buf, int32(i))
		}
	}
	return buf
}

// prior estimates how good c's peg in h on b is before any playout, as a
// win probability around 0.5. last is the index of the last peg placed
// (the opponent's move, as a rule), or -1.
func (k *knowledge) prior(b *game.Board, h game.Hole, c game.Color, last int32) float32 {
	s := float32(0.5)
	links := b.Autolinks(h, c)
	if links > 0 {
		s += 0.1 + 0.05*float32(min(links-1, 2))
	}
	// Double links to own pegs, with both ways through still open.
	dbl := 0
	for _, d := range doubleLinks {
		p := game.Hole{Col: h.Col + d.dc, Row: h.Row + d.dr}
		if b.Peg(p) != c {
			continue
		}
		m1 := game.Hole{Col: h.Col + d.mid[0][0], Row: h.Row + d.mid[0][1]}
		m2 := game.Hole{Col: h.Col + d.mid[1][0], Row: h.Row + d.mid[1][1]}
		if b.CanPeg(m1, c) && b.CanPeg(m2, c) {
			dbl++
		}
	}
	if dbl > 0 {
		s += 0.06
		if dbl > 1 {
			s += 0.03
		}
	}
	// Contact with the opponent, above all with the peg just played.
	opp := c.Opponent()
	for _, st := range knightSteps {
		if b.Peg(game.Hole{Col: h.Col + st[0], Row: h.Row + st[1]}) == opp {
			s += 0.03
			break
		}
	}
	if last >= 0 {
		lc, lr := int(last)%k.size.Cols, int(last)/k.size.Cols
		switch d := max(abs(lc-h.Col), abs(lr-h.Row)); {
		case d <= 2:
			s += 0.07
		case d <= 4:
			s += 0.03
		}
	}
	// The edges: a peg on one's own border rows or next to them is
	// rarely worth a move unless it links.
	pos, length := h.Row, k.size.Rows
	if c == game.Black {
		pos, length = h.Col, k.size.Cols
	}
	edge := min(pos, length-1-pos)
	if links == 0 {
		switch edge {
		case 0:
			s -= 0.25
		case 1:
			s -= 0.08
		}
	}
	// The centre: early on it matters most; a peg there serves both as a
	// road and as a wall.
	cc := float32(abs(2*h.Col-(k.size.Cols-1))) / float32(k.size.Cols)
	cr := float32(abs(2*h.Row-(k.size.Rows-1))) / float32(k.size.Rows)
	weight := float32(0.03)
	if b.PegCount(game.Red)+b.PegCount(game.Black) < 6 {
		weight = 0.1
	}
	s += weight * (1 - (cc+cr)/2)
	return min(max(s, 0.1), 0.9)
}
