package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/twixtbot/twixtbot/l10n"
	"github.com/twixtbot/twixtbot/render"
)

// runRender is twixt render: it replays a record with the replay flags and
// draws the final position as a PNG (-o FILE), or as a text board with
// --text (on standard output, or in -o FILE); --zoom draws only the part
// around the last move, as /twixt board zoom:true does; --lang writes the
// header and the legend in another language.
func runRender(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("render", "render [--theme classic|kosmos|colorblind] [--scale small|medium|large] [--lang en|de|fr|it|es] [--text] [--zoom] [flags] FILE|- -o OUT", stderr)
	opts := addReplayFlags(fs)
	theme := fs.String("theme", "classic", "colours: classic (red and black), kosmos (white and black) or colorblind")
	scale := fs.String("scale", "medium", "picture size: small, medium or large")
	lang := fs.String("lang", "en", "the language of the header and the text board's legend: en, de, fr, it or es")
	text := fs.Bool("text", false, "print a text board instead of a picture")
	zoom := fs.Bool("zoom", false, "draw only the 17x17 holes around the last move, at the same scale")
	out := fs.String("o", "", "the file to write (required for a picture)")
	path, code, ok := oneFile(fs, args, stderr)
	if !ok {
		return code
	}
	th, err := render.ParseTheme(*theme)
	if err != nil {
		fmt.Fprintf(stderr, "twixt render: --theme: %v\n", err)
		return exitBad
	}
	sc, err := render.ParseScale(*scale)
	if err != nil {
		fmt.Fprintf(stderr, "twixt render: --scale: %v\n", err)
		return exitBad
	}
	lg, err := l10n.ParseLang(*lang)
	if err != nil {
		fmt.Fprintf(stderr, "twixt render: --lang: %v\n", err)
		return exitBad
	}
	if *zoom && *text {
		fmt.Fprintln(stderr, "twixt render: --zoom is for pictures; the text board always shows the whole board")
		return exitBad
	}
	if *out == "" && !*text {
		fmt.Fprintln(stderr, "twixt render: say where to write the picture with -o out.png (or use --text)")
		return exitBad
	}
	rec, g, code, ok := opts.loadGame("render", path, stdin, stderr)
	if !ok {
		return code
	}
	v := render.FromGame(g, rec.Names...)
	o := render.Options{Theme: th, Scale: sc, Lang: lg}
	draw := render.PNG
	if *zoom {
		draw = render.ZoomPNG
	}
	var buf bytes.Buffer
	if *text {
		s, err := render.Text(v, o)
		if err != nil {
			fmt.Fprintf(stderr, "twixt render: %v\n", err)
			return exitBad
		}
		buf.WriteString(s)
	} else if err := draw(&buf, v, o); err != nil {
		fmt.Fprintf(stderr, "twixt render: %v\n", err)
		return exitBad
	}
	return writeOut("render", *out, buf.Bytes(), stdout, stderr)
}
