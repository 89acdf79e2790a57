// Package ai is the computer player of twixtbot: it chooses a move for the
// side to move, ranks candidate moves for hints and reviews, decides on the
// pie rule, and in Double TwixT decides when to claim Privilege.
//
// It has two searches (Config.Method; by default the level's own):
//
//   - Alpha-beta (levels 3 to 5, and hints at those levels):
//     iterative-deepening principal variation search with a transposition
//     table, killer moves and history, over a narrow list of candidate
//     moves (the holes on or near either side's best connection, by the
//     distance maps of package game; only the win when there is one; only
//     the blocks when the opponent threatens one). A position is judged by
//     how many pegs each side still needs until its connection is safe,
//     where double links count as links and the opponent's as walls
//     (game.Board.WalledBridgeDistance).
//   - Monte Carlo tree search (levels 1 and 2): UCT with RAVE
//     (all-moves-as-first), priors from TwixT knowledge (links a move
//     makes, bridge-like "double link" formations, replies near the
//     opponent's last peg, the edges), a solver for wins and losses in one,
//     and a cap on the nodes of the tree (a full tree is pruned to its most
//     visited subtrees and grows again). Its weak levels choose among the
//     moves it found nearly as good, which looks human.
//
// Before any search, a win in one is always played and a loss in one is
// always blocked when it can be, at every level.
//
// An Engine, created with NewEngine and owned by the caller, remembers
// between moves: the subtree below each of its moves, reused when the game
// goes on from one of the replies it searched, and the memory of its
// searches, recycled. The package functions Choose, Hint and HintWith
// (which also rates a given move, for reviews) remember nothing. The
// package keeps no mutable state of its own.
//
// Like package game it does no I/O; it reads the clock only to keep to its
// time budget and honours the context's deadline. With Config.Playouts set
// (simulations for Monte Carlo, positions for alpha-beta) and a fixed
// Config.Seed it is deterministic.
package ai
