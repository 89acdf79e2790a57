// Package ai is the computer player of twixtbot: a Monte Carlo tree search
// over package game that chooses a move for the side to move, ranks
// candidate moves for hints and reviews, decides on the pie rule, and in
// Double TwixT decides when to claim Privilege.
//
// The search is UCT with RAVE (all-moves-as-first), priors from TwixT
// knowledge (links a move makes, bridge-like "double link" formations,
// replies near the opponent's last peg, the edges), a solver for wins and
// losses in one, and a cap on the nodes of the tree. Before any search, a
// win in one is always played and a loss in one is always blocked when it
// can be, at every level.
//
// Like package game it does no I/O; it reads the clock only to keep to its
// time budget and honours the context's deadline. With Config.Playouts set
// and a fixed Config.Seed it is deterministic.
package ai
