package bot

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/fogleman/gg"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/rating"
	"github.com/twixtbot/twixtbot/storage"
)

// The options of the rating commands (and optPage, as /twixt games has it).
const (
	optRated = "rated"
	optScope = "scope"
)

// leaderboardPage is how many standings a leaderboard page shows.
const leaderboardPage = 10

// recentResults is how many results /twixt rating lists.
const recentResults = 10

func ratedOpt(desc string) *discordgo.ApplicationCommandOption { return boolOpt(optRated, desc) }

func poolOpt() *discordgo.ApplicationCommandOption {
	return strOpt(optRuleset, "Which ratings: standard, pp, 3m, or double (Double TwixT)", maxChoiceLen, false, false,
		"standard", "standard", "TwixT PP", "pp", "3M", "3m", "Double TwixT", "double")
}

func scopeOpt() *discordgo.ApplicationCommandOption {
	return strOpt(optScope, "This server's ratings, or the ratings over every server", maxChoiceLen, false, false,
		"this server", "server", "all servers", "global")
}

// ratingCommands are the /twixt subcommands about ratings.
func ratingCommands() []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		sub("rating", "A player's ratings, record, streak and last results",
			userOpt(optPlayer, "Whose rating (default: yours)", false), poolOpt(), scopeOpt()),
		sub("leaderboard", "The players ranked by rating",
			scopeOpt(), poolOpt(), intOpt(optPage, "Which page (10 players each)", false, 1, 10000)),
		sub("profile", "A player's rating card with a graph of their rating over their games",
			userOpt(optPlayer, "Whose profile (default: yours)", false), poolOpt(), scopeOpt()),
	}
}

// routeRatings adds the rating commands and the leaderboard's buttons.
func (b *Bot) routeRatings(cmd, btn func(string, discord.Handler)) {
	cmd("twixt rating", b.ratingCmd)
	cmd("twixt leaderboard", b.leaderboardCmd)
	cmd("twixt profile", b.profileCmd)
	btn("lb/{scope}/{ruleset}/{page}", b.leaderboardButton)
}

// withRatings adds a challenge's rating line to its message.
func (b *Bot) withRatings(ctx context.Context, g *storage.Game, v vocab, r discord.Reply) discord.Reply {
	if line := b.challengeRatings(ctx, g, v); line != "" {
		r.Content += "\n" + line
	}
	return r
}

// parseScope reads a scope option: "server" (the default) or "global".
func parseScope(s string, guild storage.GuildID) (storage.RatingScope, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "server":
		return ratingScopeOf(guild), nil
	case "global", "all":
		return storage.Global, nil
	}
	return storage.RatingScope{}, optionError("refusal.not_scope", args{"Value": fmt.Sprintf("%q", s)})
}

func scopeName(sc storage.RatingScope) string {
	if sc == storage.Global {
		return "global"
	}
	return "server"
}

// ratingArgs reads the player, pool and scope options of /twixt rating
// and /twixt profile. poolSet says whether a pool was asked for.
func ratingArgs(e *discord.Event) (u storage.UserID, pool storage.Pool, poolSet bool, sc storage.RatingScope, err error) {
	o := e.Options()
	u = e.UserID()
	if id, ok, err := o.User(optPlayer); err != nil {
		return "", 0, false, sc, err
	} else if ok {
		u = id
	}
	p, ok, err := o.String(optRuleset)
	if err != nil {
		return "", 0, false, sc, err
	}
	if ok {
		if pool, err = storage.ParsePool(p); err != nil {
			return "", 0, false, sc, optionError("refusal.not_pool", args{"Value": fmt.Sprintf("%q", p)})
		}
	}
	s, _, err := o.String(optScope)
	if err != nil {
		return "", 0, false, sc, err
	}
	sc, err = parseScope(s, e.GuildID())
	return u, pool, ok, sc, err
}

// standings are a player's standings in each pool of a scope, and the
// pool to show in detail: the one asked for, or the one with the most
// games.
func (b *Bot) standings(ctx context.Context, u storage.UserID, pool storage.Pool, poolSet bool, sc storage.RatingScope) ([]storage.Standing, storage.Pool, error) {
	var all []storage.Standing
	most := -1
	for _, p := range storage.Pools {
		st, err := b.svc.Standing(ctx, sc, p, storage.UserSubject(u))
		if err != nil {
			return nil, 0, err
		}
		all = append(all, st)
		if !poolSet && st.Games() > most {
			most, pool = st.Games(), p
		}
	}
	return all, pool, nil
}

func (v vocab) streakWords(n int) string {
	switch {
	case n > 1:
		return v.t("rating.streak_wins", args{"N": n})
	case n == 1:
		return v.t("rating.streak_won", nil)
	case n == -1:
		return v.t("rating.streak_lost", nil)
	case n < -1:
		return v.t("rating.streak_losses", args{"N": -n})
	}
	return v.t("rating.streak_none", nil)
}

func (v vocab) standingLine(st storage.Standing) string {
	return v.n("rating.standing", st.Games(), args{"Pool": st.Pool, "Rating": v.ratingWords(st.Rating), "Wins": st.Wins, "Losses": st.Losses,
		"Draws": st.Draws, "Streak": v.streakWords(st.Streak)})
}

func (v vocab) scoreWord(s rating.Score) string {
	switch s {
	case rating.Win:
		return v.t("rating.score_won", nil)
	case rating.Loss:
		return v.t("rating.score_lost", nil)
	}
	return v.t("rating.score_drew", nil)
}

// resultLines lists a player's last rated results, newest first, with
// the opponents and a link to where each was played.
func (b *Bot) resultLines(ctx context.Context, u storage.UserID, pool storage.Pool, sc storage.RatingScope, n int, v vocab) ([]string, error) {
	hist, err := b.svc.RatingHistory(ctx, sc, pool, storage.UserSubject(u), n)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, h := range hist {
		line := fmt.Sprintf("%s %s", h.Game, v.scoreWord(h.Score))
		if g, err := b.svc.Game(ctx, h.Game); err == nil {
			var opp []string
			mine := g.SeatsOf(u)
			for i, p := range g.Seats {
				if p != u && !slices.Contains(opp, mention(p)) && !sameSide(g, mine, game.Seat(i+1)) {
					opp = append(opp, mention(p))
				}
			}
			line += " " + v.t("rating.against", args{"Opponents": v.and(opp), "Place": "<#" + string(place(g)) + ">"})
		}
		line += fmt.Sprintf(" <t:%d:R>: %.0f (%s)", h.Ended.Unix(), h.After.Rating, signed(h.Change()))
		out = append(out, line)
	}
	return out, nil
}

// sameSide reports whether seat s plays on the side of one of the seats
// mine (partners in Double TwixT sit two apart).
func sameSide(g *storage.Game, mine []game.Seat, s game.Seat) bool {
	for _, m := range mine {
		if m == s || len(g.Seats) == 4 && (m-s)%2 == 0 {
			return true
		}
	}
	return false
}

// ratingText is /twixt rating's answer, and the text of /twixt profile.
func (b *Bot) ratingText(ctx context.Context, u storage.UserID, pool storage.Pool, poolSet bool, sc storage.RatingScope, v vocab) (string, storage.Pool, bool, error) {
	all, pool, err := b.standings(ctx, u, pool, poolSet, sc)
	if err != nil {
		return "", 0, false, err
	}
	var sb strings.Builder
	sb.WriteString(v.t("rating.head", args{"Player": mention(u), "Scope": v.scopeWords(sc)}) + "\n")
	any := false
	for _, st := range all {
		if st.Games() > 0 || poolSet && st.Pool == pool {
			sb.WriteString(v.standingLine(st) + "\n")
			any = any || st.Games() > 0
		}
	}
	if !any {
		if !poolSet {
			sb.WriteString(v.t("rating.none_yet", args{"Start": v.ratingWords(rating.New())}))
		} else {
			sb.WriteString(v.t("rating.none_in_pool", args{"Pool": pool}))
		}
		return sb.String(), pool, false, nil
	}
	lines, err := b.resultLines(ctx, u, pool, sc, recentResults, v)
	if err != nil {
		return "", 0, false, err
	}
	if len(lines) > 0 {
		sb.WriteString(v.n("rating.last_results", len(lines), args{"Pool": pool}) + "\n")
		for _, l := range lines {
			sb.WriteString("· " + l + "\n")
		}
	}
	return sb.String(), pool, true, nil
}

func (b *Bot) ratingCmd(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	u, pool, poolSet, sc, err := ratingArgs(e)
	if err != nil {
		return discord.Reply{}, err
	}
	text, _, _, err := b.ratingText(ctx, u, pool, poolSet, sc, b.publicVocab(ctx, e))
	if err != nil {
		return discord.Reply{}, err
	}
	return discord.Text(truncate(text, discord.MaxContentLength)), nil
}

// profileCmd is the rating card with a graph of the rating over the last
// games of the main pool.
func (b *Bot) profileCmd(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	u, pool, poolSet, sc, err := ratingArgs(e)
	if err != nil {
		return discord.Reply{}, err
	}
	v := b.publicVocab(ctx, e)
	text, pool, any, err := b.ratingText(ctx, u, pool, poolSet, sc, v)
	if err != nil {
		return discord.Reply{}, err
	}
	r := discord.Text(truncate(text, discord.MaxContentLength))
	if !any {
		return r, nil
	}
	hist, err := b.svc.RatingHistory(ctx, sc, pool, storage.UserSubject(u), graphGames)
	if err != nil {
		return discord.Reply{}, err
	}
	file, err := ratingGraph(hist, pool, v)
	if err != nil {
		return discord.Reply{}, err
	}
	return r.WithFiles(file), nil
}

// graphGames is how many games the rating graph spans.
const graphGames = 50

// ratingGraph draws a rating over games, oldest to newest (hist is
// newest first), with its deviation as a band.
func ratingGraph(hist []storage.RatedResult, pool storage.Pool, v vocab) (discord.File, error) {
	const w, h, pad = 600, 240, 36.0
	pts := make([]rating.Rating, 0, len(hist)+1)
	if len(hist) > 0 {
		pts = append(pts, hist[len(hist)-1].Before)
	}
	for i := len(hist) - 1; i >= 0; i-- {
		pts = append(pts, hist[i].After)
	}
	lo, hi := pts[0].Rating, pts[0].Rating
	for _, p := range pts {
		lo, hi = min(lo, p.Rating-p.Deviation), max(hi, p.Rating+p.Deviation)
	}
	if hi-lo < 100 {
		mid := (hi + lo) / 2
		lo, hi = mid-50, mid+50
	}
	x := func(i int) float64 { return pad + float64(i)*(w-2*pad)/float64(max(len(pts)-1, 1)) }
	y := func(r float64) float64 { return h - pad - (r-lo)*(h-2*pad)/(hi-lo) }
	dc := gg.NewContext(w, h)
	dc.SetColor(color.White)
	dc.Clear()
	dc.SetColor(color.RGBA{0xdd, 0xe6, 0xf4, 0xff}) // the deviation band
	for i, p := range pts {
		dc.LineTo(x(i), y(p.Rating+p.Deviation))
	}
	for i := len(pts) - 1; i >= 0; i-- {
		dc.LineTo(x(i), y(pts[i].Rating-pts[i].Deviation))
	}
	dc.ClosePath()
	dc.Fill()
	dc.SetColor(color.RGBA{0x99, 0x99, 0x99, 0xff}) // the axes
	dc.SetLineWidth(1)
	dc.DrawLine(pad, pad/2, pad, h-pad)
	dc.DrawLine(pad, h-pad, w-pad/2, h-pad)
	dc.Stroke()
	dc.SetColor(color.RGBA{0xc0, 0x20, 0x20, 0xff}) // the rating
	dc.SetLineWidth(3)
	for i, p := range pts {
		dc.LineTo(x(i), y(p.Rating))
	}
	dc.Stroke()
	dc.SetColor(color.Black)
	dc.DrawStringAnchored(strconv.Itoa(int(hi)), pad-4, pad, 1, 0.5)
	dc.DrawStringAnchored(strconv.Itoa(int(lo)), pad-4, h-pad, 1, 0.5)
	last := pts[len(pts)-1]
	dc.DrawStringAnchored(v.n("rating.graph_label", len(hist), args{"Pool": pool, "Now": fmt.Sprintf("%.0f", last.Rating)}), w/2, h-pad/2, 0.5, 0.5)
	var buf bytes.Buffer
	if err := dc.EncodePNG(&buf); err != nil {
		return discord.File{}, err
	}
	desc := v.n("rating.graph_alt", len(hist), args{"Pool": pool, "From": fmt.Sprintf("%.0f", pts[0].Rating), "To": fmt.Sprintf("%.0f", last.Rating)})
	return discord.File{Name: "rating.png", ContentType: "image/png", Description: desc, Data: buf.Bytes()}, nil
}

func (b *Bot) leaderboardCmd(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	o := e.Options()
	s, _, err := o.String(optScope)
	if err != nil {
		return discord.Reply{}, err
	}
	sc, err := parseScope(s, e.GuildID())
	if err != nil {
		return discord.Reply{}, err
	}
	p, _, err := o.String(optRuleset)
	if err != nil {
		return discord.Reply{}, err
	}
	pool, err := storage.ParsePool(p)
	if err != nil {
		return discord.Reply{}, optionError("refusal.not_pool", args{"Value": fmt.Sprintf("%q", p)})
	}
	page := int64(1)
	if n, ok, err := o.Int(optPage); err != nil {
		return discord.Reply{}, err
	} else if ok {
		page = n
	}
	return b.leaderboard(ctx, sc, pool, int(page), b.publicVocab(ctx, e))
}

// leaderboardButton turns a leaderboard's page: its custom_id is
// lb/{scope}/{ruleset}/{page}, the page to show.
func (b *Bot) leaderboardButton(ctx context.Context, e *discord.Event) (discord.Reply, error) {
	damaged := refused(match.ErrStale, "refusal.leaderboard_button_damaged", nil)
	sc, err := parseScope(e.Param("scope"), e.GuildID())
	if err != nil {
		return discord.Reply{}, damaged
	}
	pool, err := storage.ParsePool(e.Param("ruleset"))
	if err != nil {
		return discord.Reply{}, damaged
	}
	page, err := strconv.Atoi(e.Param("page"))
	if err != nil || page < 1 {
		return discord.Reply{}, damaged
	}
	r, err := b.leaderboard(ctx, sc, pool, page, b.publicVocab(ctx, e))
	if err != nil {
		return discord.Reply{}, err
	}
	r.Kind = discord.KindUpdate
	return r, nil
}

// leaderboard is one page of a leaderboard: the established ratings
// ranked, then the provisional ones, apart.
func (b *Bot) leaderboard(ctx context.Context, sc storage.RatingScope, pool storage.Pool, page int, v vocab) (discord.Reply, error) {
	if page < 1 {
		return discord.Reply{}, optionError("refusal.pages_start_at_1", nil)
	}
	list, more, err := b.svc.Leaderboard(ctx, sc, pool, (page-1)*leaderboardPage, leaderboardPage)
	if err != nil {
		return discord.Reply{}, err
	}
	title := v.t("leaderboard.title", args{"Pool": pool, "Scope": v.scopeWords(sc)})
	if len(list) == 0 {
		if page > 1 {
			return discord.Reply{}, optionError("refusal.no_leaderboard_page", args{"Pool": pool, "Page": page})
		}
		return discord.Text(title + "\n" + v.t("leaderboard.empty", args{"Pool": pool})), nil
	}
	var sb strings.Builder
	sb.WriteString(v.t("leaderboard.page", args{"Title": title, "Page": page}) + "\n")
	provisional := false
	for i, st := range list {
		if st.Provisional() && !provisional {
			provisional = true
			sb.WriteString(v.t("leaderboard.provisional", args{"Deviation": fmt.Sprintf("%.0f", rating.ProvisionalDeviation)}) + "\n")
		}
		rank := "·"
		if !st.Provisional() {
			rank = strconv.Itoa((page-1)*leaderboardPage+i+1) + "."
		}
		sb.WriteString(v.n("leaderboard.row", st.Games(), args{"Rank": rank, "Player": subjectName(st.Subject), "Rating": v.ratingWords(st.Rating),
			"Wins": st.Wins, "Losses": st.Losses, "Draws": st.Draws}) + "\n")
	}
	prev := button(discordgo.SecondaryButton, v.t("button.previous", nil), "lb", scopeName(sc), pool.String(), strconv.Itoa(page-1))
	prev.Disabled = page == 1
	next := button(discordgo.SecondaryButton, v.t("button.next", nil), "lb", scopeName(sc), pool.String(), strconv.Itoa(page+1))
	next.Disabled = !more
	return discord.Text(truncate(sb.String(), discord.MaxContentLength)).WithComponents(discord.Row(prev, next)), nil
}
