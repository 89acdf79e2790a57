// Package match is the match logic of twixtbot: challenges, moves, swaps,
// Privilege, resignations, draws, takebacks, rematches, clocks, and the
// moderators' settings and decisions, on top of the store.
//
// Its entry point is Service. Every method checks everything the action
// needs and changes the store in one transaction, so that what was checked
// is what is written; it returns what happened, or an error to branch on
// (errors.go) that carries data, never a sentence for a player. The bot
// package turns those errors into replies, in one place.
//
// It imports game and storage, and nothing of Discord (a test asserts
// this): who is a moderator, which user is the computer, and what the
// players are called arrive as plain values.
package match
