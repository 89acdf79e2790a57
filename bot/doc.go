// Package bot is the Discord side of twixtbot: the /twixt and /twixtadmin
// command definitions, the routing of commands and buttons to thin
// handlers, the match logic those handlers call (challenges, moves, swaps,
// Privilege, resignations, draws, clocks, moderation), and the replies they
// turn into, with the board picture attached.
//
// It talks to Discord through the bot/discord package (gateway or HTTP
// interactions, one router) and keeps games in storage; it knows nothing of
// bbolt, and the rules live in game.
package bot
