// Package storage keeps twixtbot's games in an embedded bbolt database, so
// that no game and no acknowledged move is ever lost.
//
// It stores, for each game, its settings, the user in each seat, where it
// is played (server, channel, thread), its state (proposed, active,
// finished with its result, or cancelled), its timestamps, its time
// control, what the bot keeps about it (Meta), and its move log. The
// position is not stored: it is rebuilt by replaying the log through the
// rules engine (package game): 50 to 100 µs for 200 moves here, but tens
// of milliseconds late in a long game on the largest board. So the store
// keeps the positions of the games played lately (within
// Options.PositionCache bytes), and a move copies the kept position
// instead of replaying the log, when loading the game and again inside
// the write transaction. The
// store also keeps indexes of ongoing games by channel, by user and by due
// time, of finished games by server, each player's tallies, and per
// server and per channel settings (opaque to this package) with a log of
// who changed them, and the players' Glicko-2 ratings (see ratings.go:
// per server and global, per pool, with an index sorted by rating for the
// leaderboards), which change in the transaction that finishes a rated
// game, so exactly once per game.
//
// # Guarantees
//
//   - A move is atomic, inside one bbolt write transaction (AppendMove): it
//     reloads the game, checks that the log still has the length the
//     caller validated against (optimistic concurrency: of two racing
//     moves one lands and the other gets ErrConflict) and, with
//     AppendMoves, the same number of takebacks (LogMark: a takeback and
//     a new move can bring a log back to a length it had, on another
//     position), plays the move
//     through the rules engine so that no illegal move is stored, appends
//     it, updates the state, the indexes and the players' records, and
//     commits. A method returns success only after its transaction has
//     committed and bbolt has fsynced the file; NoSync is never used.
//     Changes arriving together share one transaction and one fsync (group
//     commit), each still landing whole or not at all.
//   - The functions a caller passes to Update, AppendMove and
//     UpdateSettings run inside the write transaction: they must be quick
//     and pure, with no network or disk I/O, and must not call the Store
//     (a change asked from inside one would wait for itself). Read
//     transactions copy what they return and end before the method
//     returns; none stays open across a caller's code.
//   - Every record carries a CRC-32C. A damaged or truncated file, or a
//     record that does not decode, gives an error wrapping ErrCorrupt
//     that names the game (a *DecodeError), never a panic and never a game
//     silently left out: listings return the games they could read and an
//     error naming each one they could not.
//   - A new database is built under a temporary name beside its path
//     (path+".creating"), fsynced, and renamed into place: a crash during
//     the first start leaves no database or a whole one, never the empty
//     file that Open refuses (it may be a database truncated to nothing).
//     The next Open reuses or removes the leftover.
//   - A file held by another process gives ErrInUse after Options.Timeout
//     (DefaultTimeout, 2 s) instead of hanging.
//   - The schema version is stored; Open migrates an older database in one
//     transaction and refuses a newer one (ErrSchema).
//   - Backup and BackupFile copy the database while it serves; BackupFile
//     writes a compacted, checked copy, without the freed pages that may
//     still hold old versions of records.
//   - ForgetUser removes a user's data in one transaction: their ID and
//     name in games become DeletedUser and DeletedName, their ongoing
//     games end, their player record goes; the other players' games stay
//     and replay.
//
// # Backends
//
// Open keeps the store in a bbolt file: the default, for one process.
// OpenEtcd keeps it in an etcd v3 cluster, which several bot processes
// share. The same logic runs on both, through a small transactional
// key-value interface with buckets (kv.go); on etcd a change is an
// optimistic serializable transaction (kv_etcd.go): it reads at one
// revision and commits with one etcd Txn that compares the revisions of
// what it read, so a move commits only if its game's record is still the
// one it read, and the game's indexes, tallies, clock and ratings land in
// the same Txn; a change overtaken by another runs again, holding the
// process's locks of the keys it writes so that the changes of one
// process take turns at a busy key, for as long as its caller waits (at
// most 30 s, then ErrBusy). WatchGames tells a process of the games the
// others change (the leader learns so of the computer's turns). Each
// process keeps the buckets read at
// nearly every interaction (server settings and languages, players'
// choices) in memory, fed by an etcd watch (kv_etcd_cache.go): a change
// another process makes to them is seen a few milliseconds late. What the guarantees above say of the bbolt
// file (creation, locking, damage, backups) is bbolt's; on etcd, etcd
// keeps the data (raft, fsync on a quorum) and takes the backups (etcdctl
// snapshot). Changes larger than the server's --max-txn-ops or
// --max-request-bytes get ErrTooLarge. Package etcdtest runs a real etcd
// server in the process, for tests.
//
// Game IDs are written "g42" (GameID.String); ParseGameID also reads
// "42". Discord IDs are kept as the strings Discord sends, in their own
// types (UserID, GuildID, ChannelID, MessageID).
package storage
