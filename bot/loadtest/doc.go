// Package loadtest puts a real twixtbot under load: it starts the bot as
// it runs in production (bot.New, its router, discord.App serving HTTP
// interactions, storage with fsync on a fresh database, real board
// pictures) against the fake Discord of bot/discordtest on loopback, and
// plays many games at once to the end with signed interactions: a
// challenge and its acceptance, then random legal moves (and now and then
// a swap by button) until the game ends or a turn limit makes the player
// to move resign.
//
// It measures what the players would feel (the time from an
// interaction's arrival to the bot's first answer, and to its full reply;
// moves per second) and what the bot costs (CPU time, peak memory), and it
// checks that nothing went wrong: every move the bot acknowledged is in
// the store exactly once and in order, no move landed unacknowledged, no
// reply was an error, and no call broke one of Discord's rules.
//
// cmd/twixtload runs it from the command line; the package's own test
// runs a short game set as part of go test.
package loadtest
