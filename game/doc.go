// Package game holds the rules of TwixT and Double TwixT, and nothing else.
//
// It knows the board geometry (any size from 5x5 to 100x100, without the
// four corner holes), pegs and links, the standard ruleset with the cleanup
// rule and the TwixT PP ruleset, pbmserv's move syntax with link and unlink
// lists, the pie rule in its two styles, handicaps, the four seats of Double
// TwixT with the Privilege rule, results (connection, resignation, agreed
// draw, dead draw, full board), and the record formats a game is read from
// and written to.
//
// The package does no I/O, reads no clock and knows nothing of Discord,
// pictures or databases: render and storage import game, never the reverse.
//
// The two levels of the API are [Board], a fast position with pegs, links,
// crossing tables and incremental connectivity (used for playouts), and
// [Game], which adds turns, seats, the move log and the result. A move is
// checked before anything changes, and a move that fails leaves the game
// exactly as it was. Errors are the variables listed in errors.go, wrapped
// in typed errors that carry the details; branch on them with errors.Is and
// errors.As.
package game
