package bot

import (
	"fmt"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// mention writes a Discord user mention; a player whose data was deleted
// (twixtbot forget-user) is no user, and is written by name.
func mention(user string) string {
	if user == string(storage.DeletedUser) {
		return storage.DeletedName
	}
	return "<@" + user + ">"
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
func describeTurn(o game.Outcome, style game.SwapStyle) string {
	switch o.Move.Kind {
	case game.Swap:
		if style == game.SwapMirror {
			return fmt.Sprintf("swapped: Red's first peg moves to its mirror image %s and becomes Black's", o.Hole.Upper())
		}
		return fmt.Sprintf("swapped: they now play Red, with the peg on %s", o.Hole.Upper())
	case game.Choose:
		return describeChoice(o)
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

// seatName names a seat by colour, with its number in Double TwixT:
// "Red", "Black 2".
func seatName(players int, s game.Seat, c game.Color) string {
	if players == 4 {
		return fmt.Sprintf("%s %d", c.Title(), (int(s)+1)/2)
	}
	return c.Title()
}

const helpText = "**TwixT** is a connection game by Alex Randolph. **Red** moves first and joins the top and bottom rows; " +
	"**Black** joins the left and right columns. Neither may peg in the other's border rows, and the corners are not used.\n" +
	"On your turn you place one peg. Every peg a knight's move away from one of yours is **linked** to it, unless a link is in the way: " +
	"links never cross (in TwixT PP your own links may cross each other). Join your two sides with an unbroken chain of links to win. " +
	"If neither side can still connect, the game is drawn.\n\n" +
	"**Moves** (`/twixt move at:`), no spaces, any case:\n" +
	"• `j12`: peg J12 with every legal link.\n" +
	"• `j12+`: peg J12 and make no links.\n" +
	"• `j12+h11/j12/l11`: make exactly the listed links: H11-J12 and J12-L11. A chain `a/b/c` names the links a-b and b-c; separate chains with commas.\n" +
	"• `j12-i12/k11,o11/n13`: first remove your links I12-K11 and O11-N13 (standard rules only), then peg J12 with every legal link. Combine: `j12-i12/k11+h11/j12`.\n" +
	"• Add `#N` to say it is move N, e.g. `j12#15`, so a late or repeated message cannot play twice.\n" +
	"• `swap` (or the Swap button): the pie rule. After Red's first peg, Black may take it over instead of moving.\n\n" +
	"**Commands**: `/twixt challenge`, `move`, `swap`, `resign`, `draw`, `board`, `history`, `export`, `games`. " +
	"**Double TwixT** (`/twixt double`): two teams of two, seats Red 1, Black 1, Red 2, Black 2 in turn; once per game a team may claim **Privilege** right after its move: the next opponent loses that turn and the partner moves at once."
