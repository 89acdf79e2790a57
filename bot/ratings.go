package bot

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/rating"
	"github.com/twixtbot/twixtbot/storage"
)

// ratingScopeOf is the scope a game's ratings are shown in: its server's,
// or the global one for a game in direct messages.
func ratingScopeOf(guild storage.GuildID) storage.RatingScope {
	if guild == "" {
		return storage.Global
	}
	return storage.ServerRatings(guild)
}

// subjectName is how a rated subject is named in a message.
func subjectName(s storage.Subject) string {
	if s.Computer() {
		return s.String()
	}
	return mention(s.User)
}

// ratingWords gives a standing as "1534 ±62", marked provisional while
// it is.
func (v vocab) ratingWords(r rating.Rating) string {
	s := fmt.Sprintf("%.0f ±%.0f", r.Rating, r.Deviation)
	if r.Provisional() {
		s += " " + v.t("rating.provisional", nil)
	}
	return s
}

// signed gives a rating change as "+14" or "-9" (rounded, "±0" for none).
func signed(d float64) string {
	n := math.Round(d)
	switch {
	case n > 0:
		return fmt.Sprintf("+%.0f", n)
	case n < 0:
		return fmt.Sprintf("%.0f", n)
	}
	return "±0"
}

// challengeRatings is the line of a challenge about ratings: casual, or
// rated with each side's rating and the expected score.
func (b *Bot) challengeRatings(ctx context.Context, g *storage.Game, v vocab) string {
	if !match.IsRated(g) {
		return v.t("rating.casual_challenge", nil)
	}
	sc, pool := ratingScopeOf(g.Place.Guild), storage.PoolOf(g.Settings)
	start, err := game.New(g.Settings)
	if err != nil {
		return ""
	}
	var sides [2]string
	var team [2][]rating.Rating
	for i, c := range []game.Color{game.Red, game.Black} {
		var parts []string
		for _, s := range start.Seats(c) {
			subj := storage.SubjectOf(g, s)
			st, err := b.svc.Standing(ctx, sc, pool, subj)
			if err != nil {
				return v.t("rating.rated", nil)
			}
			parts = append(parts, fmt.Sprintf("%s %s", subjectName(subj), v.ratingWords(st.Rating)))
			team[i] = append(team[i], st.Rating)
		}
		sides[i] = v.and(parts)
	}
	e := rating.Expected(rating.Team(team[0]...), rating.Team(team[1]...))
	return v.t("rating.challenge", args{"Pool": pool, "Scope": v.scopeWords(sc), "Red": sides[0], "Black": sides[1],
		"RedSide": v.side(game.Red), "RedScore": fmt.Sprintf("%.2f", e), "BlackSide": v.side(game.Black), "BlackScore": fmt.Sprintf("%.2f", 1-e)})
}

func (v vocab) scopeWords(sc storage.RatingScope) string {
	if sc == storage.Global {
		return v.t("rating.scope_global", nil)
	}
	return v.t("rating.scope_server", nil)
}

// ratingChangeLine says what a finished game did to the ratings shown
// where it was played: "Ratings: @a 1512 (+12), @b 1488 (-12)." It is a
// read of the local database, made after the result has committed.
func (b *Bot) ratingChangeLine(ctx context.Context, g *storage.Game, v vocab) string {
	if g.State != storage.Finished {
		return ""
	}
	if !match.IsRated(g) {
		return v.t("rating.casual_result", nil)
	}
	changes, err := b.svc.RatingChanges(ctx, g.ID)
	if err != nil {
		b.log.Warn("could not read the rating changes", "game", g.ID, "err", err)
		return ""
	}
	sc := ratingScopeOf(g.Place.Guild)
	var parts []string
	for _, c := range changes {
		if c.Scope == sc {
			parts = append(parts, fmt.Sprintf("%s %.0f (%s)", subjectName(c.Subject), c.After.Rating, signed(c.Change())))
		}
	}
	switch {
	case len(parts) > 0:
		return v.t("rating.changes", args{"Changes": strings.Join(parts, ", ")})
	case g.Result.Reason == game.Adjudication:
		return v.t("rating.adjudicated_unrated", nil)
	case g.Result.Reason == game.Aborted:
		return ""
	}
	return v.t("rating.not_rated", nil)
}
