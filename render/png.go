package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"runtime"
	"slices"
	"sync"

	"github.com/klauspost/compress/zlib"

	"github.com/twixtbot/twixtbot/game"
)

// PNG draws the view and writes it to w as a PNG: 8-bit paletted (a fixed
// palette per theme), fastest compression. A 24x24 mid-game at the default
// scale is about 23 KB.
func PNG(w io.Writer, v *View, o Options) error {
	b, err := prepare(v, o)
	if err != nil {
		return err
	}
	return b.writePicture(w, v, wordsFor(o), nil)
}

// writePicture draws v over the base, with the header in wd's words, and
// writes it to w as a PNG, or with cut the part of it that cut copies out.
func (b *base) writePicture(w io.Writer, v *View, wd words, cut func(*image.Paletted) *image.Paletted) error {
	e := pngBufs.Get().(*pngBuf)
	defer pngBufs.Put(e)
	err := withSlot(func() error {
		f := b.getFrame()
		defer b.frames.Put(f)
		b.render(f, v, wd)
		pic := f.pal
		if cut != nil {
			pic = cut(pic)
		}
		return e.encode(pic)
	})
	if err != nil {
		return err
	}
	_, err = w.Write(e.out.Bytes())
	return err
}

// Image draws the view into a new paletted image, which the caller owns
// (its palette too).
func Image(v *View, o Options) (*image.Paletted, error) {
	b, err := prepare(v, o)
	if err != nil {
		return nil, err
	}
	var out *image.Paletted
	_ = withSlot(func() error {
		f := b.getFrame()
		defer b.frames.Put(f)
		b.render(f, v, wordsFor(o))
		out = image.NewPaletted(f.pal.Rect, slices.Clone(b.theme.palette))
		copy(out.Pix, f.pal.Pix)
		return nil
	})
	return out, nil
}

// drawSlots bounds the pictures drawn at once to the CPUs there are.
// Drawing and compressing only compute, so more at once would not finish
// sooner; but each holds a frame as big as its picture in full colour and
// in palette indices (24 MB for a 100x100 board), and twenty games on big
// boards drawing at once held a gigabyte.
var drawSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

// withSlot runs fn in one of the drawing slots, waiting for one if need be.
func withSlot(fn func() error) error {
	drawSlots <- struct{}{}
	defer func() { <-drawSlots }()
	return fn()
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

// render draws the view into frame f: the pieces go over a full-colour copy
// of the empty board, and only the pixels they changed (and the header) are
// mapped to the palette over a copy of the empty board's indices.
func (b *base) render(f *frame, v *View, w words) {
	b.draw(f.canvas, v, w)
	b.theme.quantize(f.pal.Pix, f.RGBA, b.layout.Header)
	for _, r := range f.dirty {
		b.theme.quantize(f.pal.Pix, f.RGBA, r)
	}
}

// draw paints the position over a copy of the empty board.
func (b *base) draw(c *canvas, v *View, w words) {
	b.drawHeader(c, v, w)
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
		p := b.layout.Pixel(v.Last.Hole)
		c.put(&b.ring, p)
		c.put(&b.dot, p)
		b.markLabels(c, v.Last.Hole)
		for _, h := range v.Last.Freed { // 3M: where pegs were taken up
			c.put(&b.ring, b.layout.Pixel(h))
		}
	}
}

// putLink lays the sprite of link l's direction at its first end.
func (b *base) putLink(c *canvas, sprites *[4]sprite, l game.Link) {
	l = game.NewLink(l.A, l.B)
	if d := dirOf(l); d >= 0 {
		c.put(&sprites[d], b.layout.Pixel(l.A))
	}
}

// frame is a picture being drawn over one base: the full-colour canvas and
// the palette indices. Frames are reused: a frame back from its base's pool
// differs from the empty board only in the header and the rectangles its
// last picture touched, so only those are copied back, not the whole board
// (a 24x24 board at the default scale is 1.3 MB of colour).
type frame struct {
	*canvas
	pal *image.Paletted
}

// getFrame returns a frame holding the empty board.
func (b *base) getFrame() *frame {
	if f, ok := b.frames.Get().(*frame); ok {
		b.restore(f, b.layout.Header)
		for _, r := range f.dirty {
			b.restore(f, r)
		}
		f.dirty = f.dirty[:0]
		return f
	}
	r := b.img.Rect
	f := &frame{
		canvas: &canvas{RGBA: image.NewRGBA(r), dirty: make([]image.Rectangle, 0, 256)},
		pal:    &image.Paletted{Pix: slices.Clone(b.pal), Stride: r.Dx(), Rect: r, Palette: b.theme.palette},
	}
	copy(f.Pix, b.img.Pix)
	return f
}

// restore copies rectangle r of the empty board back into f.
func (b *base) restore(f *frame, r image.Rectangle) {
	r = r.Intersect(b.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := b.img.PixOffset(r.Min.X, y)
		copy(f.Pix[i:i+4*r.Dx()], b.img.Pix[i:i+4*r.Dx()])
		j := f.pal.PixOffset(r.Min.X, y)
		copy(f.pal.Pix[j:j+r.Dx()], b.pal[j:j+r.Dx()])
	}
}

// writePNG writes pal as a PNG: 8-bit paletted, no row filters, the
// fastest compression. image/png would do, but its compressor is the
// standard library's, and compressing is most of the cost of a picture:
// klauspost/compress's deflate at level 1 is twice as fast for the same
// size (0.35 ms against 0.69 ms for a 24x24 mid-game, 21.8 KB both), so the
// few chunks of a paletted PNG are written here around it.
func writePNG(w io.Writer, pal *image.Paletted) error {
	e := pngBufs.Get().(*pngBuf)
	defer pngBufs.Put(e)
	if err := e.encode(pal); err != nil {
		return err
	}
	_, err := w.Write(e.out.Bytes())
	return err
}

// encode writes pal as a PNG into e.out.
func (e *pngBuf) encode(pal *image.Paletted) error {
	width, height := pal.Rect.Dx(), pal.Rect.Dy()

	e.idat.Reset()
	e.zw.Reset(&e.idat)
	e.row = append(e.row[:0], 0) // filter: none
	for y := 0; y < height; y++ {
		i := pal.PixOffset(pal.Rect.Min.X, pal.Rect.Min.Y+y)
		e.row = append(e.row[:1], pal.Pix[i:i+width]...)
		if _, err := e.zw.Write(e.row); err != nil {
			return err
		}
	}
	if err := e.zw.Close(); err != nil {
		return err
	}

	e.out.Reset()
	e.out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits per index, paletted; deflate, no filter method, no interlace
	writeChunk(&e.out, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(pal.Palette))
	var trns []byte
	for i, c := range pal.Palette {
		nc := color.NRGBAModel.Convert(c).(color.NRGBA) // PNG palettes are not premultiplied
		plte = append(plte, nc.R, nc.G, nc.B)
		if nc.A != 0xff {
			for len(trns) < i {
				trns = append(trns, 0xff)
			}
			trns = append(trns, nc.A)
		}
	}
	writeChunk(&e.out, "PLTE", plte)
	if len(trns) > 0 {
		writeChunk(&e.out, "tRNS", trns)
	}
	writeChunk(&e.out, "IDAT", e.idat.Bytes())
	writeChunk(&e.out, "IEND", nil)
	return nil
}

// pngBuf is the reusable state of writePNG.
type pngBuf struct {
	zw        *zlib.Writer
	idat, out bytes.Buffer
	row       []byte
}

var pngBufs = sync.Pool{New: func() any {
	zw, _ := zlib.NewWriterLevel(nil, zlib.BestSpeed)
	return &pngBuf{zw: zw}
}}

// writeChunk appends a PNG chunk: length, type, data, and the CRC of type
// and data.
func writeChunk(out *bytes.Buffer, typ string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], typ)
	out.Write(head[:])
	out.Write(data)
	crc := crc32.Update(crc32.ChecksumIEEE(head[4:]), crc32.IEEETable, data)
	out.Write(binary.BigEndian.AppendUint32(nil, crc))
}
