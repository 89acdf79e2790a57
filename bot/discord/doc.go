// Package discord is the Discord-facing machinery of twixtbot, with no game
// logic in it: it turns incoming interactions into [Event]s, routes them to
// handlers by command path, component custom_id pattern or modal id, and
// delivers each handler's [Reply] back to Discord within the interaction
// deadline.
//
// The pieces:
//
//   - [Event] wraps a discordgo.Interaction with typed accessors: the acting
//     user, guild, channel, member permissions, the command path ("twixt
//     move"), typed [Options] with clear errors, the focused option of an
//     autocomplete, and the custom_id with its path parameters.
//   - [Router] maps command paths, custom_id patterns ("accept/{game}") and
//     modal ids to [Handler]s, with a [Middleware] chain (per-user
//     [RateLimit], or your own).
//   - [Reply] is what a handler answers: a new message, an update of the
//     message a button is on, autocomplete choices, a modal, or nothing. It
//     is checked against Discord's limits before anything is sent.
//   - [Dispatcher] runs a handler for each interaction, recovers panics,
//     defers automatically when a handler runs long (and then delivers the
//     real reply by editing the original response or by a followup, keeping
//     it ephemeral or public as the reply asks), logs every interaction with
//     log/slog, feeds [Metrics], and tracks in-flight work for a graceful
//     shutdown.
//   - [Client] is the REST side, one discordgo.Session used as a REST client
//     whatever the transport. Its [Transport] redirects every call to
//     DISCORD_API_BASE when set, and retries 429 (honouring retry_after and
//     the global flag) and 5xx or dropped connections, never beyond the
//     deadline of the request's context. The client also posts messages
//     outside interactions ([Notifier]) and registers commands.
//   - Two transports feed one dispatcher: [RunGateway] (a discordgo
//     websocket session with the Guilds intent only, reopened with
//     [Backoff] whenever it cannot be opened or drops, its state on
//     /healthz through a [Connection]; it stops only on what retrying
//     cannot fix, such as a refused token, [ErrBadToken]; with a
//     [ShardPlan], one such session per [Shard], their IDENTIFYs paced by
//     Discord's max_concurrency, their states on /healthz one by one) and
//     [InteractionHandler] (the HTTP interactions endpoint, Ed25519
//     signatures checked, replies sent through the callback endpoint before
//     the 202). [App] wires it all from a [Config].
//
// Replays of the same REST call are harmless by design: the bot commits its
// own state before it calls Discord, so a retried callback, edit or
// followup can at worst repeat a message, never apply a move twice; and a
// second initial callback that Discord refuses as "already acknowledged"
// (code 40060) is taken as proof that the first one landed.
//
// discordgo's own log lines go to log/slog too ([LogLibrary]).
//
// Nothing here logs a bot token or an interaction token: REST routes are
// logged and counted as templates such as
// "POST /interactions/{id}/{token}/callback".
package discord
