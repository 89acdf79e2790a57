package render

import (
	"image"
	"image/png"
	"io"
	"slices"
	"sync"

	"github.com/twixtbot/twixtbot/game"
)

// PNG draws the view and writes it to w as a PNG: 8-bit paletted (a fixed
// palette per theme), fastest compression. A 24x24 mid-game at the default
// scale is about 22 KB.
func PNG(w io.Writer, v *View, o Options) error {
	b, err := prepare(v, o)
	if err != nil {
		return err
	}
	pal := getPaletted(b)
	defer palPool.Put(&pal.Pix)
	b.render(pal, v)
	return encoder.Encode(w, pal)
}

// Image draws the view into a new paletted image, which the caller owns
// (its palette too).
func Image(v *View, o Options) (*image.Paletted, error) {
	b, err := prepare(v, o)
	if err != nil {
		return nil, err
	}
	pal := image.NewPaletted(image.Rect(0, 0, b.layout.Width, b.layout.Height), slices.Clone(b.theme.palette))
	b.render(pal, v)
	return pal, nil
}

// prepare checks the options and the view and fetches the empty board.
func prepare(v *View, o Options) (*base, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if err := v.Validate(); err != nil {
		return nil, err
	}
	return getBase(baseKey{v.Size, o.Theme, o.Scale})
}

// canvas is one picture being drawn: full colour, and the rectangles
// changed since the empty board.
type canvas struct {
	*image.RGBA
	dirty []image.Rectangle
}

// put lays sprite sp with its anchor at pixel p.
func (c *canvas) put(sp *sprite, p image.Point) {
	if r := sp.over(c.RGBA, p); !r.Empty() {
		c.dirty = append(c.dirty, r)
	}
}

// render draws the view into pal: the pieces go over a full-colour copy of
// the empty board, and only the pixels they changed are mapped to the
// palette over a copy of the empty board's indices.
func (b *base) render(pal *image.Paletted, v *View) {
	c := &canvas{RGBA: getRGBA(b.layout), dirty: make([]image.Rectangle, 0, 256)}
	defer rgbaPool.Put(&c.Pix)
	b.draw(c, v)
	copy(pal.Pix, b.pal)
	b.theme.quantize(pal.Pix, c.RGBA, b.layout.Header)
	for _, r := range c.dirty {
		b.theme.quantize(pal.Pix, c.RGBA, r)
	}
}

// draw paints the position over a copy of the empty board.
func (b *base) draw(c *canvas, v *View) {
	copy(c.Pix, b.img.Pix)
	b.drawHeader(c, v)
	for _, l := range v.WinLinks {
		b.putLink(c, &b.winLink, l)
	}
	for _, h := range v.WinPegs {
		c.put(&b.winPeg, b.layout.Pixel(h))
	}
	if v.Last != nil && !v.Last.Swap {
		for _, l := range v.Last.Added {
			b.putLink(c, &b.mark, l)
		}
	}
	for _, col := range []game.Color{game.Red, game.Black} {
		for _, l := range v.Side(col).Links {
			b.putLink(c, &b.link[sideIndex(col)], l)
		}
	}
	for _, col := range []game.Color{game.Red, game.Black} {
		sp := &b.peg[sideIndex(col)]
		for _, h := range v.Side(col).Pegs {
			c.put(sp, b.layout.Pixel(h))
		}
	}
	if v.Last != nil {
		c.put(&b.ring, b.layout.Pixel(v.Last.Hole))
	}
}

// putLink lays the sprite of link l's direction at its first end.
func (b *base) putLink(c *canvas, sprites *[4]sprite, l game.Link) {
	l = game.NewLink(l.A, l.B)
	if d := dirOf(l); d >= 0 {
		c.put(&sprites[d], b.layout.Pixel(l.A))
	}
}

// Pixel buffers are reused between calls: one pool for the full-colour
// canvases, one for the palette indices.
var rgbaPool, palPool sync.Pool // *[]byte

func getBuf(p *sync.Pool, n int) []byte {
	if b, ok := p.Get().(*[]byte); ok && cap(*b) >= n {
		return (*b)[:n]
	}
	return make([]byte, n)
}

func getRGBA(l Layout) *image.RGBA {
	r := image.Rect(0, 0, l.Width, l.Height)
	return &image.RGBA{Pix: getBuf(&rgbaPool, 4*l.Width*l.Height), Stride: 4 * l.Width, Rect: r}
}

func getPaletted(b *base) *image.Paletted {
	l := b.layout
	r := image.Rect(0, 0, l.Width, l.Height)
	return &image.Paletted{Pix: getBuf(&palPool, l.Width*l.Height), Stride: l.Width, Rect: r, Palette: b.theme.palette}
}

// encoder writes PNGs with the fastest compression, reusing its buffers.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderPool{}}

type encoderPool struct{ p sync.Pool }

func (e *encoderPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}

func (e *encoderPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }
