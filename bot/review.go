package bot

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/storage"
)

// The review's budget: all the game's positions share reviewTime, each
// gets at least reviewMinPerMove, and the moves beyond reviewMaxMoves
// (the latest first) are left out.
const (
	reviewTime        = 20 * time.Second
	reviewMinPerMove  = 50 * time.Millisecond
	reviewMaxMoves    = 200
	reviewCandidates  = 5
	reviewShown       = 10
	reviewValueMargin = 0.05 // a move this close to the best one's value counts as agreement
)

// reviewCommand is /twixt review.
func reviewCommand() *discordgo.ApplicationCommandOption {
	return sub("review", "After a game: where the computer disagreed with the moves played (only you see it)", gameOpt())
}

// disagreement is a move of a finished game that the computer would not
// have played.
type disagreement struct {
	Turn    int       // the move's number
	Seat    game.Seat // who played it
	Played  game.Move
	Best    ai.Candidate
	Rank    int     // the played move's place among the computer's candidates (1 is the best); 0 when not among them
	Value   float64 // the played move's value, when ranked
	Dropped float64 // how much the played move gave away, by the computer's estimate
}

// reviewed is what the computer thought of a finished game's moves.
type reviewed struct {
	Reviewed      int // moves looked at
	Disagreements []disagreement
}

// review looks at every placement and swap of a finished game, with the
// position before it, and lists where the computer preferred another move,
// the largest losses first.
func (c *computer) review(ctx context.Context, g *storage.Game) (reviewed, error) {
	var rv reviewed
	release, err := c.askSlot(ctx)
	if err != nil {
		return rv, err
	}
	defer release()
	pos, err := game.New(g.Settings)
	if err != nil {
		return rv, err
	}
	turns := 0
	for _, m := range g.Log {
		if m.Kind == game.Place || m.Kind == game.Swap {
			turns++
		}
	}
	per := max(reviewMinPerMove, reviewTime/time.Duration(max(min(turns, reviewMaxMoves), 1)))
	skip := max(turns-reviewMaxMoves, 0)
	for i, m := range g.Log {
		if (m.Kind == game.Place || m.Kind == game.Swap) && !pos.Over() {
			if skip > 0 {
				skip--
			} else if err := c.reviewMove(ctx, g, pos, m, i, per, &rv); err != nil {
				return rv, err
			}
		}
		if _, err := pos.PlayMove(m); err != nil {
			return rv, &storage.DecodeError{Game: g.ID, Err: err}
		}
	}
	slices.SortStableFunc(rv.Disagreements, func(a, b disagreement) int {
		switch {
		case a.Dropped > b.Dropped:
			return -1
		case a.Dropped < b.Dropped:
			return 1
		}
		return a.Turn - b.Turn
	})
	return rv, nil
}

// reviewMove compares move m, played in pos, with the computer's choice.
func (c *computer) reviewMove(ctx context.Context, g *storage.Game, pos *game.Game, m game.Move, i int, per time.Duration, rv *reviewed) error {
	cfg := c.askConfig(g, per, i)
	tctx, cancel := context.WithTimeout(ctx, budget(cfg))
	cands, err := c.player.HintWith(tctx, pos, cfg, reviewCandidates, m)
	cancel()
	if err != nil {
		return err
	}
	rv.Reviewed++
	if len(cands) == 0 {
		return nil
	}
	seat, _ := pos.ToMove()
	d := disagreement{Turn: pos.Number(), Seat: seat, Played: m, Best: cands[0]}
	rated := false
	for k, cand := range cands {
		if sameChoice(cand.Move, m) {
			rated, d.Value = true, cand.Value
			if k < reviewCandidates {
				d.Rank = k + 1
			}
			break
		}
	}
	if d.Rank == 1 {
		return nil
	}
	if !rated {
		// The search could not rate the move itself (a swap, or a win in
		// one missed): it is asked of the position the move left, in half
		// the time.
		v, err := c.after(ctx, g, pos, m, i, per/2)
		if err != nil {
			return err
		}
		d.Value = v
	}
	// The alpha-beta search's candidates often tie, so a move outside the
	// best few may be as good as they are: only what it gave away counts.
	if d.Dropped = d.Best.Value - d.Value; d.Dropped < reviewValueMargin {
		return nil
	}
	rv.Disagreements = append(rv.Disagreements, d)
	return nil
}

// after returns the chance that the side playing m in pos wins, by a
// search of the position m leaves for time per, from the other side's
// view when that side moves next.
func (c *computer) after(ctx context.Context, g *storage.Game, pos *game.Game, m game.Move, i int, per time.Duration) (float64, error) {
	next := pos.Clone()
	seat, _ := next.ToMove()
	me := next.SeatColor(seat)
	if _, err := next.PlayMove(m); err != nil {
		return 0, &storage.DecodeError{Game: g.ID, Err: err}
	}
	if next.Over() {
		switch next.Result().Winner {
		case me:
			return 1, nil
		case game.NoColor:
			return 0.5, nil
		}
		return 0, nil
	}
	v, err := c.chance(ctx, next, c.askConfig(g, per, i+1))
	if err != nil {
		return 0, err
	}
	if s, _ := next.ToMove(); next.SeatColor(s) != me {
		v = 1 - v
	}
	return v, nil
}

// sameChoice reports whether two moves are the same choice of hole (or
// both swaps), whatever links they make.
func sameChoice(a, b game.Move) bool {
	return a.Kind == b.Kind && (a.Kind != game.Place || a.Hole == b.Hole)
}

// reviewCmd handles /twixt review: after a game has ended, where the
// computer disagreed with its moves, for the caller alone.
func (b *Bot) reviewCmd(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	e.DeferEphemeral()
	g, err := b.gameOption(ctx, e, false)
	if err != nil {
		return discord.Reply{}, err
	}
	if g.State != storage.Finished {
		return discord.Reply{}, refused(match.ErrNotRunning, "refusal.review_not_finished", args{"Game": g.ID, "State": g.State})
	}
	p, err := b.svc.GamePolicy(ctx, g)
	if err != nil {
		return discord.Reply{}, err
	}
	if p.Computer.Hints == match.HintsOff {
		return discord.Reply{}, refused(match.ErrNotAllowed, "refusal.no_reviews", nil)
	}
	rv, err := b.comp.review(ctx, g)
	if err != nil {
		return discord.Reply{}, err
	}
	pos, err := g.Replay()
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Ephemeral(truncate(reviewText(g, pos, rv, gameUserVocab(g, e)), discord.MaxContentLength)), nil
}

// reviewText writes a review, the largest disagreements first.
func reviewText(g *storage.Game, pos *game.Game, rv reviewed, v vocab) string {
	var sb strings.Builder
	sb.WriteString(v.n("review.head", rv.Reviewed, args{"Game": g.ID, "Settings": v.settings(g.Settings), "Otherwise": len(rv.Disagreements)}) + "\n")
	for i, d := range rv.Disagreements {
		if i == reviewShown {
			sb.WriteString(v.t("review.more", args{"N": len(rv.Disagreements) - i}) + "\n")
			break
		}
		a := args{"N": d.Turn, "Player": v.who(g, pos, d.Seat), "Played": "`" + moveWord(d.Played) + "`", "Best": "`" + moveWord(d.Best.Move) + "`",
			"Percent": percent(d.Best.Value), "Rank": d.Rank, "RankPercent": percent(d.Value), "Count": reviewCandidates}
		if d.Rank > 1 {
			sb.WriteString("• " + v.t("review.ranked", a) + "\n")
		} else {
			sb.WriteString("• " + v.t("review.unranked", a) + "\n")
		}
	}
	if len(rv.Disagreements) == 0 {
		sb.WriteString(v.t("review.none", nil) + "\n")
	}
	return sb.String()
}

// percent writes a probability as a whole percentage.
func percent(v float64) int { return int(v*100 + 0.5) }
