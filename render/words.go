package render

import (
	"embed"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
)

// The words of the pictures, the text board and the alt text, one file a
// language under locales (l10n/GLOSSARY.md has the game's words).
//
//go:embed locales/*.toml
var localeFiles embed.FS

var catalogue = l10n.MustLoad(localeFiles, "locales")

// words writes the texts of one picture or description: in its language,
// with its theme's names for the sides.
type words struct {
	lang l10n.Lang
	th   *theme
}

func wordsFor(o Options) words { return words{lang: o.Lang, th: themeFor(o.Theme)} }

// text is text id with args filled in.
func (w words) text(id string, args l10n.Args) string { return catalogue.Text(w.lang, id, args) }

// count is text id in the plural form for n, with {{.Count}} and args
// filled in.
func (w words) count(id string, n int, args l10n.Args) string {
	return catalogue.Count(w.lang, id, n, args)
}

// side is what the theme calls side c in the language: "Red", "Weiß".
func (w words) side(c game.Color) string { return w.text(w.th.sideKey[sideIndex(c)], nil) }

// and joins "a", "b" and "c" as "a, b and c", with the language's "and".
func (w words) and(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + w.text("alt.and", nil) + " " + xs[len(xs)-1]
}

// playerName is p's name, or "Seat N" in the language when it has none.
func (w words) playerName(p Player) string {
	if n := cleanPlayerName(p.Name); n != "" {
		return n
	}
	return w.text("player.seat", l10n.Args{"Seat": int(p.Seat)})
}
