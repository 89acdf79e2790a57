package game

import "slices"

// Clone returns an independent copy of the game: what is played on one
// does not change the other. It costs a copy of the board, far less than
// replaying the log on a large board (Replay searches for open paths as it
// goes), so a position can be kept and copied for each use.
func (g *Game) Clone() *Game {
	c := *g
	c.board = g.board.Clone()
	c.spare = nil // scratch, made again when needed
	c.log = make([]Move, len(g.log), cap(g.log))
	for i, m := range g.log {
		c.log[i] = m.clone()
	}
	c.last.Move = g.last.Move.clone()
	c.last.Added = slices.Clone(g.last.Added)
	c.last.Removed = slices.Clone(g.last.Removed)
	for k := range c.paths {
		c.paths[k] = witness{holes: slices.Clone(g.paths[k].holes), links: slices.Clone(g.paths[k].links)}
	}
	return &c
}
