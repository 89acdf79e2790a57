// Command twixt is the offline tool of twixtbot: it replays game records
// and converts them between formats, from a shell, with no bot and no
// database, and it plays as the computer over GTP.
//
//	twixt replay [flags] FILE|-            replay a record, print its final state as JSON
//	twixt convert --to sgf|moves [flags] FILE|- [-o OUT]
//	twixt gtp [--ruleset standard|pp] [--movetime DURATION] [--level N] [--swap sides|mirror|off] [--seed N]
//
// twixt gtp speaks the Go Text Protocol on standard input and output
// (README, "Offline tools"), with the engine of package game/ai.
//
// It reads the formats of package game: the bot's moves format, SGF
// (GM[21]), Little Golem's .tsgf and T1 files, telling them apart by content
// and extension unless --format says. The replay flags (--size, --ruleset,
// --players, --swap, --handicap, --extra-moves, --no-auto-draw) set what the
// record's own header does not. The output and exit codes of replay are an
// interface other tools rely on (README, "Offline tools", and replay.go): 0 when every
// move is accepted, 1 when one is refused (the JSON then holds the error
// and the state before that move), 2 when the file cannot be read or
// parsed, or the command line is wrong.
package main
