// Package ai is the computer player of twixtbot: a Monte Carlo tree search
// over package game that chooses a move for the side to move, ranks
// candidate moves for hints and reviews, decides on the pie rule, and in
// Double TwixT decides when to claim Privilege.
//
// The search is UCT with RAVE (all-moves-as-first), priors from TwixT
// knowledge (links a move makes, bridge-like "double link" formations,
// replies near the opponent's last peg, the edges), a solver for wins and
// losses in one, and a cap on the nodes of the tree (a full tree is
// pruned to its most visited subtrees and grows again). Before any search,
// a win in one is always played and a loss in one is always blocked when it
// can be, at every level.
//
// An Engine, created with NewEngine and owned by the caller, remembers
// between moves: the subtree below each of its moves, reused when the game
// goes on from one of the replies it searched, and the memory of its
// searches, recycled. The package functions Choose and Hint remember
// nothing. The package keeps no mutable state of its own.
//
// Like package game it does no I/O; it reads the clock only to keep to its
// time budget and honours the context's deadline. With Config.Playouts set
// and a fixed Config.Seed it is deterministic.
package ai
