package render

import (
	"fmt"
	"image"
	"math"
	"strings"

	"golang.org/x/image/font"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
)

// drawHeader writes the header strip in w's language: one line per side
// (its swatch, its name and players, whose turn, Privilege in Double
// TwixT) and a status line (move number, whose turn, the last move, or the
// result).
func (b *base) drawHeader(dst *canvas, v *View, w words) {
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

				name := w.side(c)
				drawText(dst, bold, th.text, name, x, base)
				x += textWidth(bold, name) + fs*0.5

				var tag string
				switch {
				case won:
					tag = w.text("header.wins", nil)
				case v.Double && v.Side(c).PrivilegeUsed:
					tag = w.text("header.privilege_used", nil)
				case v.Double:
					tag = w.text("header.privilege_left", nil)
				case toMove:
					tag = w.text("header.to_move", nil)
				}
				right := width - pad
				if tag != "" {
					face := reg
					if won || toMove && !v.Double {
						face = bold
					}
					tw := textWidth(face, tag)
					if tw < (right-x)/2 {
						drawText(dst, face, th.textDim, tag, right-tw, base)
						right -= tw + fs
					}
				}
				drawText(dst, reg, th.text, fitText(reg, teamNames(v, c, w), right-x), x, base)
			}
			y0 := top + 2*l.lineH
			base := math.Round(y0 + l.lineH/2 + capH/2)
			drawText(dst, reg, th.text, fitText(reg, statusLine(v, w, reg, width-2*pad), width-2*pad), pad, base)
		})
	})
}

// teamNames returns the names of c's players: "Alice", or in Double TwixT
// the team with its seats, "#1 Alice · #3 Carol".
func teamNames(v *View, c game.Color, w words) string {
	var names []string
	for _, p := range v.Team(c) {
		n := cleanName(w.playerName(p))
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
func statusLine(v *View, w words, f font.Face, width float64) string {
	parts := statusParts(v, w)
	for n := len(parts); n > 1; n-- {
		s := strings.Join(parts[:n], " · ")
		if textWidth(f, s) <= width {
			return s
		}
	}
	return parts[0]
}

// statusParts are the pieces of the status line, most important first.
func statusParts(v *View, w words) []string {
	var parts []string
	toMove := func() string { return w.text("status.to_move", l10n.Args{"Who": turnName(v, w)}) }
	switch {
	case v.Result.Over():
		parts = append(parts, resultText(v.Result, w), w.count("status.moves", v.Turns, nil))
	case v.Turns == 0:
		parts = append(parts, toMove(), w.text("status.new_game", nil))
	default:
		parts = append(parts, w.text("status.move", l10n.Args{"Move": v.Turns + 1}), toMove())
	}
	if v.Timed && !v.Result.Over() {
		parts = append(parts, w.timeLeft(v.TimeLeft))
	}
	if v.Last != nil {
		if v.Last.Swap {
			parts = append(parts, w.text("status.last_swap", nil))
		} else {
			parts = append(parts, w.text("status.last_move", l10n.Args{"Side": w.side(v.Last.Color), "Hole": v.Last.Hole.Upper()}))
		}
	}
	parts = append(parts, v.Size.String())
	return parts
}

// maxStatusName is the most characters of a name in the status line.
const maxStatusName = 16

// turnName names the player to move: "Bob (Black)", or just "Black" when
// the seat has no name.
func turnName(v *View, w words) string {
	side := w.side(v.Turn)
	if p, ok := v.Player(v.ToMove); ok && strings.TrimSpace(p.Name) != "" {
		return w.text("status.who", l10n.Args{"Name": truncateRunes(cleanName(w.playerName(p)), maxStatusName), "Side": side})
	}
	return side
}

// resultKeys are the texts of the results, by reason: a win, then a draw.
var resultKeys = map[game.Reason][2]string{
	game.Connection:   {"result.connection", "result.draw"},
	game.Resignation:  {"result.resignation", "result.draw"},
	game.Timeout:      {"result.timeout", "result.draw"},
	game.Adjudication: {"result.adjudication", "result.drawn_by_adjudication"},
	game.Agreement:    {"result.win", "result.agreement"},
	game.NoPath:       {"result.win", "result.no_path"},
	game.BoardFull:    {"result.win", "result.board_full"},
}

// resultText is the result in words, with the theme's side names.
func resultText(r game.Result, w words) string {
	if r.Reason == game.Aborted {
		return w.text("result.aborted", nil)
	}
	keys, ok := resultKeys[r.Reason]
	if !ok {
		keys = [2]string{"result.win", "result.draw"}
	}
	if r.Winner == game.NoColor {
		return w.text(keys[1], nil)
	}
	return w.text(keys[0], l10n.Args{"Side": w.side(r.Winner)})
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
