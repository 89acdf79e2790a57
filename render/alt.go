package render

import (
	"slices"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
)

// MaxAltText is the longest description Discord accepts for an
// attachment, in characters; AltText never returns more.
const MaxAltText = 1024

// maxAltName is the most characters of one player's name in the alt text.
const maxAltName = 40

// AltText describes the position in a few plain sentences for a screen
// reader, and for the description of the image: the board, whose turn it
// is, the last move and its links, and the pegs and links of each side (or
// the result, with the winning chain). It is written in the options'
// language (English for one it does not know) and uses the theme's side
// names, as the picture does. It never fails: it describes whatever the
// view holds.
func AltText(v *View, o Options) string {
	if v == nil {
		return ""
	}
	w := wordsFor(o)
	var s []string

	kind := w.text("alt.twixt", nil)
	if v.Double {
		kind = w.text("alt.double", nil)
	}
	if v.Turns == 0 {
		s = append(s, w.text("alt.board_new", l10n.Args{"Kind": kind, "Size": v.Size.String()}))
	} else {
		s = append(s, w.text("alt.board", l10n.Args{"Kind": kind, "Size": v.Size.String(), "Move": v.Turns}))
	}

	if v.Result.Over() {
		r := w.text("alt.result", l10n.Args{"Result": resultText(v.Result, w)})
		if len(v.WinPegs) > 0 {
			r = w.count("alt.chain", len(v.WinPegs), l10n.Args{"Result": resultText(v.Result, w),
				"From": v.WinPegs[0].Upper(), "To": v.WinPegs[len(v.WinPegs)-1].Upper()})
		}
		s = append(s, r)
	} else if v.Turn != game.NoColor {
		who := w.side(v.Turn)
		if p, ok := v.Player(v.ToMove); ok {
			args := l10n.Args{"Name": altName(p, w), "Side": who, "Seat": int(p.Seat)}
			if v.Double {
				who = w.text("alt.who_seat", args)
			} else {
				who = w.text("alt.who", args)
			}
		}
		// who starts with a side name, already capitalised, or with a
		// player's name, which is written exactly as the player chose it.
		s = append(s, w.text("alt.to_move", l10n.Args{"Who": who}))
		if v.Timed {
			s = append(s, w.text("alt.clock", l10n.Args{"Left": w.timeLeft(v.TimeLeft)}))
		}
	}

	if m := v.Last; m != nil {
		s = append(s, lastMoveText(v, m, w))
	}

	for _, c := range []game.Color{game.Red, game.Black} {
		sd := v.Side(c)
		args := l10n.Args{"Side": w.side(c), "Pegs": w.count("alt.pegs", len(sd.Pegs), nil), "Links": w.count("alt.links", len(sd.Links), nil)}
		line := w.text("alt.side", args)
		if team := v.Team(c); len(team) > 0 {
			names := make([]string, len(team))
			for i, p := range team {
				names[i] = altName(p, w)
			}
			args["Names"] = strings.Join(names, " "+w.text("alt.and", nil)+" ")
			line = w.text("alt.team_side", args)
		}
		if v.Double {
			if sd.PrivilegeUsed {
				line += w.text("alt.privilege_used", nil)
			} else {
				line += w.text("alt.privilege_available", nil)
			}
		}
		s = append(s, line+".")
	}
	return truncateRunes(strings.Join(s, " "), MaxAltText)
}

// lastMoveText is the alt text's sentence about the last move m: who
// played where, the links it made and removed, the pegs it took up, or
// the swap.
func lastMoveText(v *View, m *LastMove, w words) string {
	who := w.side(m.Color)
	named := false
	if p, ok := v.Player(m.Seat); ok && strings.TrimSpace(p.Name) != "" {
		who, named = altName(p, w), true
	}
	hole := m.Hole.Upper()
	switch {
	case m.Swap && m.Color == game.Red:
		return w.text("alt.swap_sides", l10n.Args{"Who": who, "Side": w.side(game.Red), "Hole": hole})
	case m.Swap:
		return w.text("alt.swap_mirror", l10n.Args{"Who": who, "Side": w.side(m.Color), "Hole": hole})
	}
	line := w.text("alt.last", l10n.Args{"Side": w.side(m.Color), "Hole": hole})
	if named {
		line = w.text("alt.last_named", l10n.Args{"Who": who, "Side": w.side(m.Color), "Hole": hole})
	}
	link := func(l game.Link) string { return w.text("alt.link", l10n.Args{"From": l.A.Upper(), "To": l.B.Upper()}) }
	if len(m.Added) == 0 {
		line += w.text("alt.no_links", nil)
	} else {
		added := slices.Clone(m.Added)
		slices.SortFunc(added, func(x, y game.Link) int { return compareHoles(x.Other(m.Hole), y.Other(m.Hole)) })
		ends := make([]string, len(added))
		for i, l := range added {
			if l.Has(m.Hole) {
				ends[i] = l.Other(m.Hole).Upper()
			} else {
				ends[i] = link(l)
			}
		}
		line += w.text("alt.linked", l10n.Args{"Holes": w.and(ends)})
	}
	if len(m.Removed) > 0 {
		rs := make([]string, len(m.Removed))
		for i, l := range m.Removed {
			rs[i] = link(l)
		}
		line += w.text("alt.removed", l10n.Args{"Links": w.and(rs)})
	}
	if len(m.Freed) > 0 {
		fs := make([]string, len(m.Freed))
		for i, h := range m.Freed {
			fs[i] = h.Upper()
		}
		line += w.count("alt.freed", len(fs), l10n.Args{"Holes": w.and(fs)})
	}
	return line + "."
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
func altName(p Player, w words) string { return truncateRunes(w.playerName(p), maxAltName) }
