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

// joinAnd joins words as "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
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
// K10" or "swapped: the peg on E15 is now theirs".
func (v vocab) describeTurn(o game.Outcome, style game.SwapStyle) string {
	red, black := v.side(game.Red), v.side(game.Black)
	switch o.Move.Kind {
	case game.Swap:
		if style == game.SwapMirror {
			return fmt.Sprintf("swapped: %s's first peg moves to its mirror image %s and becomes %s's", red, o.Hole.Upper(), black)
		}
		return fmt.Sprintf("swapped: they now play %s, with the peg on %s", red, o.Hole.Upper())
	case game.Choose:
		return v.words(describeChoice(o))
	case game.Place:
	default:
		return o.Move.Kind.String()
	}
	var sb strings.Builder
	sb.WriteString(describeFreed(o))
	sb.WriteString("played ")
	sb.WriteString(o.Hole.Upper())
	if len(o.Removed) > 0 {
		sb.WriteString(", removing ")
		sb.WriteString(joinAnd(linkNames(o.Removed)))
	}
	if len(o.Added) > 0 {
		sb.WriteString(", linking ")
		sb.WriteString(joinAnd(otherEnds(o.Added, o.Hole)))
	}
	return sb.String()
}

// vocab is the words a game uses for its two sides: Red and Black, or
// White and Black on a Kosmos board, as the picture names them
// (render.Theme.SideName). A game speaks one vocabulary everywhere (its
// messages, history, alt text and picture), chosen by its theme, which the
// server's theme setting gave it when it was proposed.
type vocab struct{ theme render.Theme }

// vocabOf is the vocabulary of a stored game.
func vocabOf(g *storage.Game) vocab { return themeVocab(g.Meta.Theme) }

// themeVocab is the vocabulary of a theme by name; an unknown or empty
// name is the classic theme, as the renderer draws it.
func themeVocab(name string) vocab {
	th, err := render.ParseTheme(name)
	if err != nil {
		th = render.Classic
	}
	return vocab{theme: th}
}

// side names a colour: "Red", "White", "Black".
func (v vocab) side(c game.Color) string { return v.theme.SideName(c) }

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
	s := r.String()
	if r.Winner != game.NoColor {
		s = v.side(r.Winner) + strings.TrimPrefix(s, r.Winner.Title())
	}
	return s
}

// colourWord matches the first side's name in text written by game, which
// always says Red.
var colourWord = regexp.MustCompile(`\b(Red|red)\b`)

// words rewrites a text of the rules (an error of package game, which
// speaks of Red and Black) in this vocabulary.
func (v vocab) words(s string) string {
	red := v.side(game.Red)
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

// termsText states a game's terms: the board and rules, and the clock.
func termsText(g *storage.Game) string {
	if g.Clock.PerTurn <= 0 {
		return fmt.Sprintf("%s, no clock", g.Settings)
	}
	return fmt.Sprintf("%s, clock: %s per move", g.Settings, durationWords(g.Clock.PerTurn))
}

// durationWords writes a duration in words, in its largest whole unit:
// "1 hour", "90 minutes", "3 days". It rounds down.
func durationWords(d time.Duration) string {
	unit := func(n time.Duration, word string) string {
		if n == 1 {
			return "1 " + word
		}
		return fmt.Sprintf("%d %ss", n, word)
	}
	const day = 24 * time.Hour
	switch {
	case d >= 2*day || d >= day && d%day == 0:
		return unit(d/day, "day")
	case d >= 2*time.Hour || d >= time.Hour && d%time.Hour == 0:
		return unit(d/time.Hour, "hour")
	case d >= 2*time.Minute || d >= time.Minute && d%time.Minute == 0:
		return unit(d/time.Minute, "minute")
	}
	return unit(d/time.Second, "second")
}

// formatLeft writes the time left on a clock.
func formatLeft(d time.Duration) string {
	if d < time.Second {
		return "no time"
	}
	return durationWords(d)
}

// timestamp writes a time as a Discord timestamp in a style: R for
// relative ("in 20 minutes"), f for the date and time. Each reader sees it
// in their own time zone.
func timestamp(t time.Time, style byte) string {
	return fmt.Sprintf("<t:%d:%c>", t.Unix(), style)
}

// deadlineText says when the turn under way runs out of time, or "" for a
// game without a clock.
func deadlineText(g *storage.Game) string {
	if g.Clock.Deadline.IsZero() {
		return ""
	}
	return fmt.Sprintf("Time runs out %s (%s).", timestamp(g.Clock.Deadline, 'R'), timestamp(g.Clock.Deadline, 'f'))
}

// timeLeftText says how long the player to move has left, as of now, for
// lists: "20 minutes left, until <t:…:f>", or "" without a clock.
func timeLeftText(g *storage.Game, now time.Time) string {
	if g.Clock.Deadline.IsZero() {
		return ""
	}
	return fmt.Sprintf("%s left, until %s", formatLeft(g.Clock.Deadline.Sub(now)), timestamp(g.Clock.Deadline, 'f'))
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

const helpText = "**TwixT** is a connection game by Alex Randolph. **Red** moves first and joins the top and bottom rows; " +
	"**Black** joins the left and right columns. Neither may peg in the other's border rows, and the corners are not used. (A game with the Kosmos board calls Red White.)\n" +
	"On your turn you place one peg. Every peg a knight's move away from one of yours is **linked** to it, unless a link is in the way: " +
	"links never cross (in TwixT PP your own links may cross each other). Join your two sides with an unbroken chain of links to win. " +
	"If neither side can still connect, the game is drawn.\n\n" +
	"**Moves** (`/twixt move at:`), no spaces, any case:\n" +
	"• `j12`: peg J12 with every legal link.\n" +
	"• `j12+`: peg J12 and make no links.\n" +
	"• `j12+h11/j12/l11`: make exactly the listed links: H11-J12 and J12-L11. A chain `a/b/c` names the links a-b and b-c; separate chains with commas.\n" +
	"• `j12-i12/k11,o11/n13`: first remove your links I12-K11 and O11-N13 (standard rules only), then peg J12 with every legal link. Combine: `j12-i12/k11+h11/j12`.\n" +
	"• Add `#N` to say it is move N, e.g. `j12#15`, so a late or repeated message cannot play twice.\n" +
	"• `swap` (or the Swap button): the pie rule. After Red's first peg, Black may take it over instead of moving.\n" +
	"• 3M: `j12--c4` takes your C4 off first. Cut the pie: `choose:red` or `choose:black`.\n\n" +
	"**Commands**: `/twixt challenge`, `move`, `swap`, `resign`, `draw`, `board`, `history`, `export`, `games`; " +
	"`/twixt computer` to play the computer, with `hint` during the game and `review` after it. " +
	"`takeback` asks to undo your last move; `notify` chooses a mention or a direct message when it is your move; `follow` a game to watch it; `games which:mine` lists where it is your move. " +
	"**Double TwixT** (`/twixt double`): two teams of two, seats Red 1, Black 1, Red 2, Black 2 in turn; once per game a team may claim **Privilege** right after its move: the next opponent loses that turn and the partner moves at once."

// reminderText reminds the player to move that their time is running.
func reminderText(g *storage.Game, n match.Notice) string {
	return fmt.Sprintf("%s, your move in %s is waiting (%s to move): %s left. %s",
		mention(g.User(n.Seat)), g.ID, vocabOf(g).seat(g.Settings.Players, n.Seat, n.Pos.SeatColor(n.Seat)),
		formatLeft(n.Left), deadlineText(g))
}

// moveHint tells the player to move how to write a move, with a hole of
// this board they may peg.
func moveHint(pos *game.Game) string {
	if h := exampleHole(pos); h != "" {
		return fmt.Sprintf("`/twixt move at:` a hole like `%s`", h)
	}
	return "`/twixt move at:` a hole"
}
