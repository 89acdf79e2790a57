// Package render draws a TwixT or Double TwixT position for people: a PNG
// board (drawn with github.com/fogleman/gg and the embedded Go fonts), a
// monospace text board in the spirit of pbmserv's display, and a short alt
// text for screen readers and Discord's image description.
//
// Everything starts from a [View]: the plain data of one position (board
// size, pegs and links per side, the last move, the winning chain, the
// players and whose turn it is). [FromGame] builds one from a *game.Game;
// callers such as the bot fill in the players' names. A View knows nothing
// of Discord.
//
//	v := render.FromGame(g, "Alice", "Bob")
//	err := render.PNG(w, v, render.Options{Theme: render.Kosmos})
//	alt := render.AltText(v, render.Options{})
//
// [Options] choose a [Theme] (classic Red/Black as on pbmserv, Kosmos
// White/Black, and a colour-blind-safe theme whose sides also differ in
// shape and pattern) and a [Scale] (small, medium, large; the zero value is
// medium, sized for a phone's chat preview). Bigger boards make bigger
// pictures, never smaller holes: the spacing between holes has a floor per
// scale (16 pixels at medium) and grows until every column's name fits
// over its column. [NewLayout] tells where every hole lands in the picture.
//
// Options.Lang picks the language of the header, the text board's legend
// and the alt text: English (the zero value), German, French, Italian or
// Spanish, from the catalogue in locales/ (one TOML file a language, with
// the game's words of l10n/GLOSSARY.md). [Theme.SideNameIn] names the
// sides in a language ("Weiß" for the Kosmos theme's first side in
// German). Moves and holes stay in TwixT notation.
//
// The last move stands out in every theme: a thick ring, a dot on its peg
// and its coordinates highlighted. A view may carry the time left on the
// turn clock (View.TimeLeft), which the caller computes: drawing never
// reads the time.
//
// Rendering is safe from many goroutines at once. The empty board of each
// (size, theme, scale) is drawn once and then shared read-only; the pieces
// are drawn from small pre-drawn sprites, the picture is mapped to a fixed
// per-theme palette and encoded with the fastest PNG compression.
package render
