// Package bot is the Discord side of twixtbot: the /twixt and /twixtadmin
// command definitions, the routing of commands and buttons to thin
// handlers, the match logic those handlers call (challenges, moves, swaps,
// Privilege, resignations, draws, clocks, moderation), and the replies they
// turn into, with the board picture attached.
//
// The computer opponent (game/ai) plays as the bot's own user: its moves
// are queued and thought about by a bounded pool of workers outside the
// interactions (RunComputer), then played through the same match logic as
// a person's, and posted as messages of their own.
//
// It talks to Discord through the bot/discord package (gateway or HTTP
// interactions, one router) and keeps games in storage; it knows nothing of
// bbolt, and the rules live in game.
package bot
