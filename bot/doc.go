// Package bot is the Discord side of twixtbot: the /twixt and /twixtadmin
// command definitions, the routing of commands and buttons to thin
// handlers, and the replies they turn into, with the board picture
// attached. The match logic the handlers call (challenges, moves, swaps,
// Privilege, resignations, draws, clocks, moderation) is bot/match.
//
// The computer opponent (game/ai) plays as the bot's own user: its moves
// are queued and thought about by a bounded pool of workers outside the
// interactions (RunComputer), then played through the same match logic as
// a person's, on the very position the computer searched (refused, and
// looked at again, if the game moved on meanwhile), and posted as
// messages of their own. A look that cannot read the game or store its
// move is tried again after a growing wait (1 s, 2 s, ... a minute).
//
// Several bot processes may share one store (on etcd). Then a Leader
// (Options.Leader, an election) picks the one that runs the clock's
// sweeps and the computer's moves, so that each runs once; the others
// serve interactions only. The leader hears of the turns the others
// hand to the computer from the store's watch of the games
// (storage.Store.WatchGames), not by listing the games. A turn it handles
// itself it hears of twice, from its own handling and from the watch;
// the computer reads and thinks about such a turn once.
//
// It talks to Discord through the bot/discord package (gateway or HTTP
// interactions, one router) and keeps games in storage; it knows nothing of
// bbolt, and the rules live in game.
package bot
