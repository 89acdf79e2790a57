package render

import (
	"fmt"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
)

// Theme is the look of a board: its colours, and how the two sides are
// told apart.
type Theme uint8

// The themes. The zero value is Classic.
const (
	// Classic is pbmserv's Red and Black on a light wooden board.
	Classic Theme = iota
	// Kosmos is the Kosmos set's White and Black (seed 004); the first
	// side is called White in every text.
	Kosmos
	// Colorblind is safe for every common colour-vision deficiency: an
	// orange-red side with round pegs and solid links against a dark blue
	// side with square pegs and striped links, with dashed border lines.
	Colorblind
)

var themeNames = [...]string{"classic", "kosmos", "colorblind"}

// Themes lists every theme, in order.
func Themes() []Theme { return []Theme{Classic, Kosmos, Colorblind} }

// String returns "classic", "kosmos" or "colorblind".
func (t Theme) String() string {
	if int(t) < len(themeNames) {
		return themeNames[t]
	}
	return fmt.Sprintf("theme(%d)", uint8(t))
}

// valid reports whether t is one of the themes.
func (t Theme) valid() bool { return int(t) < len(themeNames) }

// SideName returns what the theme calls side c in English: "Red" or
// "Black", or "White" for Red in the Kosmos theme. It returns "None" for
// NoColor.
func (t Theme) SideName(c game.Color) string { return t.SideNameIn(l10n.English, c) }

// SideNameIn returns what the theme calls side c in language l: "Rot",
// "Noir", or "Weiß" for Red in the Kosmos theme.
func (t Theme) SideNameIn(l l10n.Lang, c game.Color) string {
	return words{lang: l, th: themeFor(t)}.side(c)
}

// ParseTheme reads a theme name (any case): classic, kosmos or colorblind
// (also "colourblind", "cb", "pbmserv" and "white").
func ParseTheme(s string) (Theme, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "classic", "pbmserv", "red", "":
		return Classic, nil
	case "kosmos", "white":
		return Kosmos, nil
	case "colorblind", "colourblind", "cb", "color-blind", "colour-blind":
		return Colorblind, nil
	}
	return Classic, fmt.Errorf("%w: %q (want classic, kosmos or colorblind)", ErrBadTheme, s)
}

// Scale is how big a picture is drawn. pbmserv offered display sizes too.
type Scale uint8

// The scales. The zero value is Medium, the default, sized so that a 24x24
// board is about 530 pixels wide and stays readable in a phone's chat
// preview.
const (
	Medium Scale = iota
	Small
	Large
)

var scaleNames = [...]string{"medium", "small", "large"}

// Scales lists every scale, smallest first.
func Scales() []Scale { return []Scale{Small, Medium, Large} }

// String returns "small", "medium" or "large".
func (s Scale) String() string {
	if int(s) < len(scaleNames) {
		return scaleNames[s]
	}
	return fmt.Sprintf("scale(%d)", uint8(s))
}

func (s Scale) valid() bool { return int(s) < len(scaleNames) }

// ParseScale reads "small", "medium" or "large" (any case; "s", "m", "l",
// "big" and "default" too).
func ParseScale(s string) (Scale, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "medium", "m", "default", "":
		return Medium, nil
	case "small", "s":
		return Small, nil
	case "large", "l", "big":
		return Large, nil
	}
	return Medium, fmt.Errorf("%w: %q (want small, medium or large)", ErrBadScale, s)
}

// Options choose how a view is drawn. The zero value is the classic theme
// at medium scale, in English.
type Options struct {
	Theme Theme
	Scale Scale
	// Lang is the language of the header, the text board's legend and the
	// alt text; the zero value is English.
	Lang l10n.Lang
}

// check reports an unknown theme, scale or language.
func (o Options) check() error {
	if !o.Theme.valid() {
		return fmt.Errorf("%w: %s (want classic, kosmos or colorblind)", ErrBadTheme, o.Theme)
	}
	if !o.Scale.valid() {
		return fmt.Errorf("%w: %s (want small, medium or large)", ErrBadScale, o.Scale)
	}
	if o.Lang != "" && !o.Lang.Known() {
		return fmt.Errorf("%w: %q (want one of %v, or none for English)", ErrBadLang, string(o.Lang), l10n.Langs())
	}
	return nil
}
