// Package discordtest is a fake Discord for tests, on loopback: a REST API
// that records and checks every call, a gateway websocket, and helpers
// that build, sign and deliver interactions and read back what the bot
// answered.
//
// It speaks Discord's wire protocol only and imports nothing of the bot, so
// it checks the bot's payloads independently: names of at most 32
// characters, at most 25 options and choices, localized names and
// descriptions (keys among Discord's locales, names that follow the naming
// rule and stay distinct among siblings in every locale, descriptions and
// choice names of 1 to 100 characters), custom_ids of at most 100
// characters, content of at most 2000, action rows and buttons within
// limits, attachments referenced correctly (each files[n] upload has an
// attachments entry with id n, and the reverse), callbacks of a type the
// interaction allows, sent once and within the deadline (answered 204, or
// with with_response=true 200 and the message the response shows). A call that
// breaks a rule is answered 400 (or 404, 401) as Discord would, and is
// recorded as a violation that fails the test at cleanup unless the test
// takes it with TakeViolations.
//
// The fake keeps the messages it was asked to create, so a test can press
// a button on a message the bot posted (Press), and see the message
// updated. Faults (429 with retry_after, 5xx, slow answers, dropped
// connections) are injected with Inject. The gateway can be dropped
// (DropGateway), refused (RefuseGateway) and its session invalidated
// (InvalidateSession); it answers RESUME with the events the client
// missed, then RESUMED. It shards as Discord does: GET /gateway/bot
// recommends Options.Shards with Options.MaxConcurrency, each shard has
// its own session, an interaction of a server goes only to the shard
// (guild_id >> 22) % count (DMs to shard 0), a bad [shard, count] is
// closed with 4010 (4011 when RequireSharding finds too few shards), and
// with an IdentifyClock an IDENTIFY that breaks the identify rate limit
// (one per 5 s per shard_id % max_concurrency) gets op 9. Waiting is done on conditions, never with sleeps:
// ExpectFinished makes answers wait until the bot says it has finished
// (counted, logged) the interaction, and WaitGet polls a bot's /metrics or
// /healthz until it shows what the test waits for.
//
// For load tests, Options.MaxCalls and DiscardFileData keep the record
// of calls small, and Forget drops an interaction once its answer is read;
// a program that runs the fake outside a test passes a *Standalone for the
// test it does not have.
//
// A test points the bot's DISCORD_API_BASE at URL(), its token at Token(),
// its public key at PublicKeyHex(); the gateway URL that GET /gateway
// returns is the fake's own websocket.
package discordtest
