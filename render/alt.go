package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/twixtbot/twixtbot/game"
)

// MaxAltText is the longest description Discord accepts for an
// attachment, in characters; AltText never returns more.
const MaxAltText = 1024

// maxAltName is the most characters of one player's name in the alt text.
const maxAltName = 40

// AltText describes the position in a few plain sentences for a screen
// reader, and for the description of the image: the board, whose turn it
// is, the last move and its links, and the pegs and links of each side (or
// the result, with the winning chain). It uses the theme's side names, as
// the picture does. It never fails: it describes whatever the view holds.
func AltText(v *View, o Options) string {
	if v == nil {
		return ""
	}
	th := themeFor(o.Theme)
	side := func(c game.Color) string { return th.sideName[sideIndex(c)] }
	var s []string

	kind := "TwixT"
	if v.Double {
		kind = "Double TwixT"
	}
	if v.Turns == 0 {
		s = append(s, fmt.Sprintf("%s board %s, no moves yet.", kind, v.Size))
	} else {
		s = append(s, fmt.Sprintf("%s board %s after move %d.", kind, v.Size, v.Turns))
	}

	if v.Result.Over() {
		r := resultText(v.Result, th) + "."
		if len(v.WinPegs) > 0 {
			r = fmt.Sprintf("%s, with a chain of %d pegs from %s to %s.", resultText(v.Result, th), len(v.WinPegs),
				v.WinPegs[0].Upper(), v.WinPegs[len(v.WinPegs)-1].Upper())
		}
		s = append(s, r)
	} else if v.Turn != game.NoColor {
		who := side(v.Turn)
		if p, ok := v.Player(v.ToMove); ok {
			seat := ""
			if v.Double {
				seat = fmt.Sprintf(", seat %d", int(p.Seat))
			}
			who = fmt.Sprintf("%s (%s%s)", altName(p), side(v.Turn), seat)
		}
		// who starts with a side name, already capitalised, or with a
		// player's name, which is written exactly as the player chose it.
		s = append(s, fmt.Sprintf("%s to move.", who))
		if v.Timed {
			s = append(s, fmt.Sprintf("Turn clock: %s.", timeLeftText(v.TimeLeft)))
		}
	}

	if m := v.Last; m != nil {
		who := side(m.Color)
		if p, ok := v.Player(m.Seat); ok && strings.TrimSpace(p.Name) != "" {
			who = altName(p)
		}
		switch {
		case m.Swap && m.Color == game.Red:
			s = append(s, fmt.Sprintf("Last move: %s swapped sides and now plays %s, taking the peg on %s.", who, side(game.Red), m.Hole.Upper()))
		case m.Swap:
			s = append(s, fmt.Sprintf("Last move: %s swapped; the first peg moved to %s and is now %s's.", who, m.Hole.Upper(), side(m.Color)))
		default:
			line := fmt.Sprintf("Last move: %s %s", side(m.Color), m.Hole.Upper())
			if who != side(m.Color) {
				line = fmt.Sprintf("Last move: %s (%s) at %s", who, side(m.Color), m.Hole.Upper())
			}
			if len(m.Added) == 0 {
				line += ", no new links"
			} else {
				added := slices.Clone(m.Added)
				slices.SortFunc(added, func(x, y game.Link) int { return compareHoles(x.Other(m.Hole), y.Other(m.Hole)) })
				ends := make([]string, len(added))
				for i, l := range added {
					if l.Has(m.Hole) {
						ends[i] = l.Other(m.Hole).Upper()
					} else {
						ends[i] = l.A.Upper() + " to " + l.B.Upper()
					}
				}
				line += ", linked to " + joinAnd(ends)
			}
			if len(m.Removed) > 0 {
				rs := make([]string, len(m.Removed))
				for i, l := range m.Removed {
					rs[i] = l.A.Upper() + " to " + l.B.Upper()
				}
				line += "; removed the links " + joinAnd(rs)
			}
			if len(m.Freed) > 0 {
				fs := make([]string, len(m.Freed))
				for i, h := range m.Freed {
					fs[i] = h.Upper()
				}
				what := "; first took up the peg on "
				if len(fs) > 1 {
					what = "; first took up the pegs on "
				}
				line += what + joinAnd(fs)
			}
			s = append(s, line+".")
		}
	}

	for _, c := range []game.Color{game.Red, game.Black} {
		sd := v.Side(c)
		line := side(c)
		if team := v.Team(c); len(team) > 0 {
			names := make([]string, len(team))
			for i, p := range team {
				names[i] = altName(p)
			}
			line += " (" + strings.Join(names, " and ") + ")"
		}
		line += fmt.Sprintf(": %s, %s", plural(len(sd.Pegs), "peg"), plural(len(sd.Links), "link"))
		if v.Double {
			if sd.PrivilegeUsed {
				line += ", Privilege used"
			} else {
				line += ", Privilege available"
			}
		}
		s = append(s, line+".")
	}
	return truncateRunes(strings.Join(s, " "), MaxAltText)
}

// compareHoles orders holes by column, then row.
func compareHoles(a, b game.Hole) int {
	switch {
	case a == b:
		return 0
	case a.Less(b):
		return -1
	}
	return 1
}

// altName is a player's name, shortened for the alt text.
func altName(p Player) string { return truncateRunes(playerName(p), maxAltName) }

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
