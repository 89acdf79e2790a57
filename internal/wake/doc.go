// Package wake lets goroutines wait for state guarded by a lock to change:
// the "wait on a channel that is closed at the next change, then check
// again" loop, written once.
//
// The state's owner keeps a Signal next to it. Whoever changes the state
// calls Broadcast after the change (usually with the lock still held);
// Wait checks its condition with the lock held, and sleeps until the next
// Broadcast when it does not hold. Since Wait takes the channel in the
// same critical section as it checks the condition, a change made after
// the check always closes the channel it waits on: no wake-up is lost.
//
// It is an internal package of the module, imported by bot, its fake
// Discord (bot/discordtest) and storage; it imports nothing of theirs.
package wake
