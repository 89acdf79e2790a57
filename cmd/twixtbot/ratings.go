package main

import (
	"context"
	"fmt"
	"io"

	"github.com/twixtbot/twixtbot/storage"
)

// ratingsHelp is the ratings command's help.
const ratingsHelp = `usage: twixtbot ratings [-db FILE] rebuild

rebuild recomputes every rating from the stored results: it replays the
rated games in the order they ended, in one transaction, and says how the
result compares with the ratings it replaces (with every change made by
the bot, they are the same). It works while the bot runs.`

func init() {
	controlCommands["ratings-rebuild"] = func(ctx context.Context, store *storage.Store, _ string) (string, error) {
		r, err := store.RebuildRatings(ctx)
		if err != nil {
			return "", err
		}
		return describeRebuilt(r), nil
	}
}

// runRatings runs `twixtbot ratings rebuild`: directly when no bot has
// the database open, or through the running bot's control socket.
func runRatings(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	db, sub, code, ok := dbCommand("ratings", "rebuild", args, stderr, getenv, ratingsHelp, "say what to do with the ratings (rebuild is the one thing it does)")
	if !ok {
		return code
	}
	if sub != "rebuild" {
		fmt.Fprintf(stderr, "twixtbot ratings: %q is not something it does; the one subcommand is rebuild (twixtbot ratings rebuild). Nothing changed.\n", sub)
		return 2
	}
	reply, err := onDatabase(ctx, db, false, "ratings-rebuild", "", getenv)
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot ratings rebuild: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, reply)
	return 0
}

// describeRebuilt says what a rebuild found.
func describeRebuilt(r storage.RatingsRebuilt) string {
	s := fmt.Sprintf("rebuilt %d ratings from %d rated games", r.Ratings, r.Games)
	if r.Changed+r.Appeared+r.Vanished == 0 {
		return s + "; every rating is as it was"
	}
	return s + fmt.Sprintf("; %d differed from the stored ones, %d were missing and %d no longer follow from any game", r.Changed, r.Appeared, r.Vanished)
}
