package render

import (
	"image"
	"image/color"
	"sync"
)

// shape is how a side's pegs are drawn.
type shape uint8

const (
	round shape = iota
	square
)

// sideStyle is how one side looks.
type sideStyle struct {
	fill, edge, shine color.RGBA // pegs and links
	border            color.RGBA // the border lines
	shape             shape
	stripe            bool       // links carry a light stripe along their middle
	stripeColor       color.RGBA // the stripe's colour
	dashedBorder      bool       // border lines are dashed
}

// theme is a Theme's colours and the palette its pictures are encoded with.
type theme struct {
	sideKey [3]string // the sides' names in the catalogue, indexed by sideIndex
	side    [3]sideStyle

	header, headerLine, text, textDim, tint color.RGBA // the header strip
	board, hole, label                      color.RGBA // the board
	ring                                    color.RGBA // the last move: ring, dot, link marks and labels
	markText                                color.RGBA // the last move's labels on the ring's colour, and the dot's rim
	win                                     color.RGBA // the winning chain's glow

	once    sync.Once
	palette color.Palette
	lut     []uint8 // 15-bit RGB (5 bits a channel) -> palette index
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

var themes = [...]*theme{
	Classic: {
		sideKey: [3]string{"side.none", "side.red", "side.black"},
		side: [3]sideStyle{
			1: {fill: rgb(0xd0312d), edge: rgb(0x7a1512), shine: rgb(0xf08a84), border: rgb(0xd0312d)},
			2: {fill: rgb(0x26272b), edge: rgb(0x000000), shine: rgb(0x7c7f88), border: rgb(0x26272b)},
		},
		header: rgb(0xfaf7f0), headerLine: rgb(0xc9b48a), text: rgb(0x26272b), textDim: rgb(0x6e6a62), tint: rgb(0xfde7a6),
		board: rgb(0xecd6a8), hole: rgb(0x8a6a3c), label: rgb(0x5a4325),
		ring: rgb(0x1479e8), markText: rgb(0xffffff), win: rgb(0xffcc1a),
	},
	Kosmos: {
		sideKey: [3]string{"side.none", "side.white", "side.black"},
		side: [3]sideStyle{
			1: {fill: rgb(0xf7f7f4), edge: rgb(0x4d5257), shine: rgb(0xffffff), border: rgb(0xf7f7f4)},
			2: {fill: rgb(0x1d1e21), edge: rgb(0x000000), shine: rgb(0x6d7077), border: rgb(0x1d1e21)},
		},
		header: rgb(0xf2f4f5), headerLine: rgb(0x8c9ba4), text: rgb(0x1d1e21), textDim: rgb(0x5f6a70), tint: rgb(0xffe0b2),
		board: rgb(0x93a7b2), hole: rgb(0x4f626c), label: rgb(0x18242b),
		ring: rgb(0xff6d00), markText: rgb(0xffffff), win: rgb(0xffd740),
	},
	Colorblind: {
		sideKey: [3]string{"side.none", "side.red", "side.black"},
		side: [3]sideStyle{
			// Okabe and Ito's vermillion against a near-black blue:
			// told apart by lightness, shape and pattern, not hue alone.
			1: {fill: rgb(0xe06a10), edge: rgb(0x7a3000), shine: rgb(0xffb27a), border: rgb(0xe06a10)},
			2: {fill: rgb(0x1a2a5e), edge: rgb(0x000000), shine: rgb(0x5a6aa0), border: rgb(0x1a2a5e),
				shape: square, stripe: true, stripeColor: rgb(0xe9eef8), dashedBorder: true},
		},
		header: rgb(0xf7f7f7), headerLine: rgb(0xa0a0a0), text: rgb(0x111111), textDim: rgb(0x555555), tint: rgb(0xd8ecf8),
		board: rgb(0xe3e1dc), hole: rgb(0x7d7a74), label: rgb(0x2a2a2a),
		ring: rgb(0xc2007e), markText: rgb(0xffffff), win: rgb(0xf5e23a),
	},
}

// themeFor returns t's colours (Classic for an unknown theme).
func themeFor(t Theme) *theme {
	if !t.valid() {
		t = Classic
	}
	th := themes[t]
	th.once.Do(th.build)
	return th
}

// keys returns the theme's distinct colours.
func (th *theme) keys() []color.RGBA {
	all := []color.RGBA{th.header, th.headerLine, th.text, th.textDim, th.tint, th.board, th.hole, th.label, th.ring, th.markText, th.win}
	for _, s := range th.side[1:] {
		all = append(all, s.fill, s.edge, s.shine, s.border)
		if s.stripe {
			all = append(all, s.stripeColor)
		}
	}
	var out []color.RGBA
	for _, c := range all {
		dup := false
		for _, o := range out {
			dup = dup || o == c
		}
		if !dup {
			out = append(out, c)
		}
	}
	return out
}

// build makes the theme's palette and the lookup table that maps any
// colour to its nearest palette entry. The palette holds the theme's own
// colours, then blends for the anti-aliased edges: several levels between
// the pairs of colours that meet on every board (a peg's rim on the board,
// text on the header), then the midpoints of other pairs while room lasts.
func (th *theme) build() {
	keys := th.keys()
	pal := make(color.Palette, 0, 256)
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if len(pal) < 256 && !seen[c] {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	for _, k := range keys {
		add(k)
	}
	const levels = 5
	for _, p := range th.edges() {
		for l := 1; l <= levels; l++ {
			add(mix(p[0], p[1], float64(l)/(levels+1)))
		}
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			add(mix(keys[i], keys[j], 0.5))
		}
	}
	th.palette = pal
	th.lut = make([]uint8, 1<<15)
	for i := range th.lut {
		r, g, b := uint8(i>>10)<<3|4, uint8(i>>5&31)<<3|4, uint8(i&31)<<3|4
		th.lut[i] = uint8(nearest(pal, r, g, b))
	}
	// The theme's own colours map exactly to themselves.
	for i, k := range keys {
		th.lut[lutIndex(k.R, k.G, k.B)] = uint8(i)
	}
}

// edges lists the pairs of colours that meet along anti-aliased edges on
// every picture.
func (th *theme) edges() [][2]color.RGBA {
	out := [][2]color.RGBA{
		{th.board, th.hole}, {th.board, th.label}, {th.header, th.text}, {th.header, th.textDim},
		{th.tint, th.text}, {th.tint, th.textDim}, {th.header, th.headerLine}, {th.header, th.tint},
		{th.board, th.ring}, {th.board, th.win},
	}
	for _, s := range th.side[1:] {
		out = append(out,
			[2]color.RGBA{th.board, s.edge}, [2]color.RGBA{s.edge, s.fill}, [2]color.RGBA{s.fill, s.shine},
			[2]color.RGBA{th.board, s.border}, [2]color.RGBA{th.ring, s.edge}, [2]color.RGBA{th.win, s.edge},
			[2]color.RGBA{th.header, s.edge}, [2]color.RGBA{th.tint, s.edge}, [2]color.RGBA{th.hole, s.edge})
		if s.stripe {
			out = append(out, [2]color.RGBA{s.fill, s.stripeColor})
		}
	}
	// The last move's labels and dot, after the pairs on every picture
	// while the palette has room.
	out = append(out, [2]color.RGBA{th.ring, th.markText})
	for _, s := range th.side[1:] {
		out = append(out, [2]color.RGBA{th.markText, s.fill})
	}
	return out
}

func lutIndex(r, g, b uint8) int { return int(r>>3)<<10 | int(g>>3)<<5 | int(b>>3) }

func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xff}
}

// nearest returns the index of the palette colour closest to (r, g, b),
// weighting the channels roughly as the eye does.
func nearest(pal color.Palette, r, g, b uint8) int {
	best, bestD := 0, 1<<62
	for i, c := range pal {
		p := c.(color.RGBA)
		dr, dg, db := int(p.R)-int(r), int(p.G)-int(g), int(p.B)-int(b)
		d := 2*dr*dr + 4*dg*dg + 3*db*db
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// quantize maps the pixels of src in r to palette indices in dst, which
// has one byte a pixel and the same size as src.
func (th *theme) quantize(dst []uint8, src *image.RGBA, r image.Rectangle) {
	r = r.Intersect(src.Rect)
	w := src.Rect.Dx()
	lut := th.lut[:1<<15]
	for y := r.Min.Y; y < r.Max.Y; y++ {
		s := src.Pix[src.PixOffset(r.Min.X, y):src.PixOffset(r.Max.X, y)]
		d := dst[y*w+r.Min.X : y*w+r.Max.X]
		for i := range d {
			p := s[4*i : 4*i+3 : 4*i+3]
			d[i] = lut[int(p[0]>>3)<<10|int(p[1]>>3)<<5|int(p[2]>>3)]
		}
	}
}
