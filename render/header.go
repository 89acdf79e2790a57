package render

import (
	"fmt"
	"image"
	"math"
	"strings"

	"golang.org/x/image/font"

	"github.com/twixtbot/twixtbot/game"
)

// drawHeader writes the header strip: one line per side (its swatch, its
// name and players, whose turn, Privilege in Double TwixT) and a status
// line (move number, whose turn, the last move, or the result).
func (b *base) drawHeader(dst *canvas, v *View) {
	l, th := b.layout, b.theme
	fs := l.headerFont
	pad := math.Round(fs * 0.6)
	top := math.Round(fs * 0.45)
	capH := fs * 0.72
	over := v.Result.Over()
	width := float64(l.Width)

	withFace(true, fs, func(bold font.Face) {
		withFace(false, fs, func(reg font.Face) {
			for i, c := range []game.Color{game.Red, game.Black} {
				y0 := top + float64(i)*l.lineH
				mid := y0 + l.lineH/2
				base := math.Round(mid + capH/2)
				toMove := !over && v.Turn == c
				won := over && v.Result.Winner == c
				if toMove || won {
					pill := &b.pill[0]
					if won {
						pill = &b.pill[1]
					}
					pill.over(dst.RGBA, image.Pt(int(math.Round(pad/2)), int(y0)+1))
				}
				// The swatch: a peg as drawn on the board.
				sp := &b.swatch[sideIndex(c)]
				x := pad + fs*0.5
				sp.over(dst.RGBA, image.Pt(int(x), int(mid)))
				x += fs * 1.1

				name := th.sideName[sideIndex(c)]
				drawText(dst, bold, th.text, name, x, base)
				x += textWidth(bold, name) + fs*0.5

				var tag string
				switch {
				case won:
					tag = "wins"
				case v.Double && v.Side(c).PrivilegeUsed:
					tag = "Privilege used"
				case v.Double:
					tag = "Privilege left"
				case toMove:
					tag = "to move"
				}
				right := width - pad
				if tag != "" {
					face := reg
					if won || toMove && !v.Double {
						face = bold
					}
					w := textWidth(face, tag)
					if w < (right-x)/2 {
						drawText(dst, face, th.textDim, tag, right-w, base)
						right -= w + fs
					}
				}
				drawText(dst, reg, th.text, fitText(reg, teamNames(v, c), right-x), x, base)
			}
			y0 := top + 2*l.lineH
			base := math.Round(y0 + l.lineH/2 + capH/2)
			drawText(dst, reg, th.text, fitText(reg, statusLine(v, th, reg, width-2*pad), width-2*pad), pad, base)
		})
	})
}

// teamNames returns the names of c's players: "Alice", or in Double TwixT
// the team with its seats, "#1 Alice · #3 Carol".
func teamNames(v *View, c game.Color) string {
	var names []string
	for _, p := range v.Team(c) {
		n := cleanName(playerName(p))
		if v.Double {
			n = fmt.Sprintf("#%d %s", int(p.Seat), n)
		}
		names = append(names, n)
	}
	return strings.Join(names, " · ")
}

// cleanName replaces the characters the embedded fonts cannot draw.
func cleanName(s string) string {
	return strings.Map(func(r rune) rune {
		if !hasGlyph(r) {
			return '?'
		}
		return r
	}, s)
}

// statusLine is the header's last line, shortened to fit width: whose turn
// and the move number, or the result.
func statusLine(v *View, th *theme, f font.Face, width float64) string {
	parts := statusParts(v, th)
	for n := len(parts); n > 1; n-- {
		s := strings.Join(parts[:n], " · ")
		if textWidth(f, s) <= width {
			return s
		}
	}
	return parts[0]
}

// statusParts are the pieces of the status line, most important first.
func statusParts(v *View, th *theme) []string {
	var parts []string
	switch {
	case v.Result.Over():
		parts = append(parts, resultText(v.Result, th), fmt.Sprintf("%d moves", v.Turns))
	case v.Turns == 0:
		parts = append(parts, fmt.Sprintf("%s to move", turnName(v, th)), "new game")
	default:
		parts = append(parts, fmt.Sprintf("Move %d", v.Turns+1), fmt.Sprintf("%s to move", turnName(v, th)))
	}
	if v.Timed && !v.Result.Over() {
		parts = append(parts, timeLeftText(v.TimeLeft))
	}
	if v.Last != nil {
		if v.Last.Swap {
			parts = append(parts, "last: swap")
		} else {
			parts = append(parts, "last: "+th.sideName[sideIndex(v.Last.Color)]+" "+v.Last.Hole.Upper())
		}
	}
	parts = append(parts, v.Size.String())
	return parts
}

// maxStatusName is the most characters of a name in the status line.
const maxStatusName = 16

// turnName names the player to move: "Bob (Black)", or just "Black" when
// the seat has no name.
func turnName(v *View, th *theme) string {
	side := th.sideName[sideIndex(v.Turn)]
	if p, ok := v.Player(v.ToMove); ok && strings.TrimSpace(p.Name) != "" {
		return truncateRunes(cleanName(playerName(p)), maxStatusName) + " (" + side + ")"
	}
	return side
}

// resultText is the result in words, with the theme's side names.
func resultText(r game.Result, th *theme) string {
	s := r.String()
	if r.Winner != game.NoColor {
		s = th.sideName[sideIndex(r.Winner)] + strings.TrimPrefix(s, r.Winner.Title())
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// fitText shortens s with an ellipsis until it fits width.
func fitText(f font.Face, s string, width float64) string {
	if textWidth(f, s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		t := strings.TrimSpace(string(r)) + "…"
		if textWidth(f, t) <= width {
			return t
		}
	}
	return ""
}
