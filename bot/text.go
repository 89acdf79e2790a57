package bot

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
	"github.com/twixtbot/twixtbot/render"
	"github.com/twixtbot/twixtbot/storage"
)

// mention writes a Discord user mention; a player whose data was deleted
// (twixtbot forget-user) is no user, and is written by name.
func mention(user storage.UserID) string {
	if user == storage.DeletedUser {
		return storage.DeletedName
	}
	return user.Mention()
}

// otherEnds lists, in uppercase, the far ends of links from h.
func otherEnds(links []game.Link, h game.Hole) []string {
	out := make([]string, 0, len(links))
	for _, l := range links {
		if l.Has(h) {
			out = append(out, l.Other(h).Upper())
		} else {
			out = append(out, l.Upper())
		}
	}
	return out
}

func linkNames(links []game.Link) []string {
	out := make([]string, len(links))
	for i, l := range links {
		out[i] = l.Upper()
	}
	return out
}

// describeTurn says what a turn did, e.g. "played J12, linking H11 and
// K10" or "swapped: they now play Red, with the peg on E15".
func (v vocab) describeTurn(o game.Outcome, style game.SwapStyle) string {
	red, black := v.side(game.Red), v.side(game.Black)
	switch o.Move.Kind {
	case game.Swap:
		if style == game.SwapMirror {
			return v.t("turn.swap_mirror", args{"Red": red, "Black": black, "Hole": o.Hole.Upper()})
		}
		return v.t("turn.swap_sides", args{"Red": red, "Hole": o.Hole.Upper()})
	case game.Choose:
		return v.describeChoice(o)
	case game.Place:
	default:
		return o.Move.Kind.String()
	}
	a := args{"Hole": o.Hole.Upper(), "Removed": v.and(linkNames(o.Removed)), "Links": v.and(otherEnds(o.Added, o.Hole))}
	id := "turn.played"
	switch {
	case len(o.Removed) > 0 && len(o.Added) > 0:
		id = "turn.played_removing_linking"
	case len(o.Removed) > 0:
		id = "turn.played_removing"
	case len(o.Added) > 0:
		id = "turn.played_linking"
	}
	played := v.t(id, a)
	if len(o.Freed) > 0 {
		return v.t("turn.freed", args{"Holes": v.and(holeNames(o.Freed)), "Move": played})
	}
	return played
}

// vocab is the words a game uses for its two sides: Red and Black, or
// White and Black on a Kosmos board, as the picture names them
// (render.Theme.SideName), in a language. A game speaks one vocabulary
// everywhere (its messages, history, alt text and picture), chosen by its
// theme, which the server's theme setting gave it when it was proposed;
// the language is its reader's (see locale.go).
type vocab struct {
	theme render.Theme
	lang  l10n.Lang
}

// vocabOf is the vocabulary of a stored game, in English.
func vocabOf(g *storage.Game) vocab { return themeVocab(g.Meta.Theme) }

// themeVocab is the vocabulary of a theme by name, in English; an unknown
// or empty name is the classic theme, as the renderer draws it.
func themeVocab(name string) vocab {
	th, err := render.ParseTheme(name)
	if err != nil {
		th = render.Classic
	}
	return vocab{theme: th}
}

// side names a colour: "Red", "White", "Black".
func (v vocab) side(c game.Color) string {
	return v.theme.SideNameIn(v.lang, c)
}

// lowerSide names a colour as an adjective inside a sentence, "a white
// peg": lowercase, but in German, where the texts use the colour's name
// as a noun ("ein Pfeiler von Weiß"). The game words a colour qualifies
// (peg, link) are masculine in French, Italian and Spanish, so the
// adjective needs no agreement.
func (v vocab) lowerSide(c game.Color) string {
	if v.lang == l10n.German {
		return v.side(c)
	}
	return strings.ToLower(v.side(c))
}

// seat names a seat by colour, with its number in Double TwixT: "Red",
// "Black 2".
func (v vocab) seat(players int, s game.Seat, c game.Color) string {
	if players == 4 {
		return fmt.Sprintf("%s %d", v.side(c), (int(s)+1)/2)
	}
	return v.side(c)
}

// result says how a game stands, e.g. "White wins by connection".
func (v vocab) result(r game.Result) string {
	if !r.Over() {
		return v.t("result.in_progress", nil)
	}
	if r.Reason == game.Aborted {
		return v.t("result.aborted", nil)
	}
	a, keys, other := args{"Reason": r.Reason.String()}, winKeys, "result.win_other"
	if r.Winner == game.NoColor {
		keys, other = drawKeys, "result.draw_other"
	} else {
		a["Side"] = v.side(r.Winner)
	}
	if id, ok := keys[r.Reason]; ok {
		return v.t(id, a)
	}
	return v.t(other, a)
}

// drawKeys and winKeys are the texts of results by reason.
var (
	drawKeys = map[game.Reason]string{game.Agreement: "result.draw_agreement", game.NoPath: "result.draw_no_path",
		game.BoardFull: "result.draw_board_full"}
	winKeys = map[game.Reason]string{game.Connection: "result.win_connection", game.Timeout: "result.win_time",
		game.Resignation: "result.win_resignation", game.Adjudication: "result.win_adjudication"}
)

// colourWord matches the first side's name in text written by game, which
// always says Red.
var colourWord = regexp.MustCompile(`\b(Red|red)\b`)

// words rewrites an English text of the rules (an error of package game,
// which speaks of Red and Black) in this vocabulary's colours.
func (v vocab) words(s string) string {
	red := v.theme.SideName(game.Red)
	if red == "Red" {
		return s
	}
	return colourWord.ReplaceAllStringFunc(s, func(w string) string {
		if w == "red" {
			return strings.ToLower(red)
		}
		return red
	})
}

// settings states a game's board and rules: "24x24 standard, swap:sides".
func (v vocab) settings(s game.Settings) string {
	parts := []string{fmt.Sprintf("%s %s", s.BoardSize(), s.Ruleset)}
	if s.Players == 4 {
		parts = append(parts, v.t("settings.double", nil))
	}
	if s.Handicap != 0 {
		parts = append(parts, v.t("settings.handicap", args{"N": s.Handicap}))
	}
	if s.ExtraMoves != 0 {
		parts = append(parts, v.n("settings.extra_moves", s.ExtraMoves, nil))
	}
	if s.Opening != game.OpeningPlain {
		parts = append(parts, "opening:"+s.Opening.String())
	}
	if s.SwapAllowed() {
		parts = append(parts, "swap:"+s.Swap.String())
	}
	if s.NoAutoDraw {
		parts = append(parts, v.t("settings.no_auto_draw", nil))
	}
	return strings.Join(parts, ", ")
}

// terms states a game's terms: the board and rules, and the clock.
func (v vocab) terms(g *storage.Game) string {
	if g.Clock.PerTurn <= 0 {
		return v.t("terms.no_clock", args{"Settings": v.settings(g.Settings)})
	}
	return v.t("terms.clock", args{"Settings": v.settings(g.Settings), "Time": v.duration(g.Clock.PerTurn)})
}

// duration writes a duration in words, in its largest whole unit:
// "1 hour", "90 minutes", "3 days". It rounds down.
func (v vocab) duration(d time.Duration) string {
	const day = 24 * time.Hour
	switch {
	case d >= 2*day || d >= day && d%day == 0:
		return v.n("duration.days", int(d/day), nil)
	case d >= 2*time.Hour || d >= time.Hour && d%time.Hour == 0:
		return v.n("duration.hours", int(d/time.Hour), nil)
	case d >= 2*time.Minute || d >= time.Minute && d%time.Minute == 0:
		return v.n("duration.minutes", int(d/time.Minute), nil)
	}
	return v.n("duration.seconds", int(d/time.Second), nil)
}

// durationWords is duration in English.
func durationWords(d time.Duration) string { return vocab{}.duration(d) }

// left writes the time left on a clock.
func (v vocab) left(d time.Duration) string {
	if d < time.Second {
		return v.t("duration.none", nil)
	}
	return v.duration(d)
}

// timestamp writes a time as a Discord timestamp in a style: R for
// relative ("in 20 minutes"), f for the date and time. Each reader sees it
// in their own time zone and language.
func timestamp(t time.Time, style byte) string {
	return fmt.Sprintf("<t:%d:%c>", t.Unix(), style)
}

// deadline says when the turn under way runs out of time, or "" for a
// game without a clock.
func (v vocab) deadline(g *storage.Game) string {
	if g.Clock.Deadline.IsZero() {
		return ""
	}
	return v.t("clock.deadline", args{"In": timestamp(g.Clock.Deadline, 'R'), "At": timestamp(g.Clock.Deadline, 'f')})
}

// timeLeft says how long the player to move has left, as of now, for
// lists: "20 minutes left, until <t:…:f>", or "" without a clock.
func (v vocab) timeLeft(g *storage.Game, now time.Time) string {
	if g.Clock.Deadline.IsZero() {
		return ""
	}
	return v.t("clock.left_until", args{"Left": v.left(g.Clock.Deadline.Sub(now)), "At": timestamp(g.Clock.Deadline, 'f')})
}

// exampleHole is a hole the player to move may peg, to show how moves are
// written: the legal hole nearest the middle of the board. It is "" when
// nobody is to move.
func exampleHole(pos *game.Game) string {
	holes := pos.LegalHoles()
	if len(holes) == 0 {
		return ""
	}
	size := pos.Size()
	mid := func(h game.Hole) float64 {
		return math.Hypot(float64(h.Col)-float64(size.Cols-1)/2, float64(h.Row)-float64(size.Rows-1)/2)
	}
	return slices.MinFunc(holes, func(a, b game.Hole) int {
		da, db := mid(a), mid(b)
		switch {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		if a.Less(b) {
			return -1
		}
		return 1
	}).String()
}

// reminder reminds the player to move that their time is running.
func (v vocab) reminder(g *storage.Game, n match.Notice) string {
	return v.t("clock.reminder", args{"Player": mention(g.User(n.Seat)), "Game": g.ID,
		"Seat": v.seat(g.Settings.Players, n.Seat, n.Pos.SeatColor(n.Seat)), "Left": v.left(n.Left), "Deadline": v.deadline(g)})
}

// moveHint tells the player to move how to write a move, with a hole of
// this board they may peg.
func (v vocab) moveHint(pos *game.Game) string {
	if h := exampleHole(pos); h != "" {
		return v.t("hint.move_like", args{"Hole": h})
	}
	return v.t("hint.move", nil)
}
