package render

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// The fonts are the Go fonts, embedded in the binary: nothing depends on
// the fonts of the system.
var (
	fontsOnce         sync.Once
	regular, boldFont *truetype.Font
)

func loadFonts() {
	fontsOnce.Do(func() {
		var err error
		if regular, err = truetype.Parse(goregular.TTF); err != nil {
			panic("render: the embedded Go Regular font does not parse: " + err.Error())
		}
		if boldFont, err = truetype.Parse(gobold.TTF); err != nil {
			panic("render: the embedded Go Bold font does not parse: " + err.Error())
		}
	})
}

// A truetype face caches glyphs and is not safe for concurrent use, so
// faces are lent out from a pool per (weight, size): each one is used by a
// single goroutine at a time, and its glyph cache survives between calls.
type faceKey struct {
	bold bool
	size float64
}

var facePools sync.Map // faceKey -> *sync.Pool

func facePool(k faceKey) *sync.Pool {
	if p, ok := facePools.Load(k); ok {
		return p.(*sync.Pool)
	}
	p, _ := facePools.LoadOrStore(k, &sync.Pool{New: func() any {
		loadFonts()
		f := regular
		if k.bold {
			f = boldFont
		}
		return &cachedFace{
			Face: truetype.NewFace(f, &truetype.Options{Size: k.size, Hinting: font.HintingFull}),
			adv:  map[rune]fixed.Int26_6{},
		}
	}})
	return p.(*sync.Pool)
}

// cachedFace remembers glyph advances: a truetype face caches the glyphs it
// draws but loads (and hints) the glyph again for every measurement.
type cachedFace struct {
	font.Face
	adv map[rune]fixed.Int26_6
}

func (c *cachedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if a, ok := c.adv[r]; ok {
		return a, true
	}
	a, ok := c.Face.GlyphAdvance(r)
	if ok {
		c.adv[r] = a
	}
	return a, ok
}

// withFace lends fn a face of the given weight and size (in pixels).
func withFace(bold bool, size float64, fn func(font.Face)) {
	p := facePool(faceKey{bold, size})
	f := p.Get().(font.Face)
	defer p.Put(f)
	fn(f)
}

// textWidth measures s in the given face, in pixels.
func textWidth(f font.Face, s string) float64 { return fixedFloat(font.MeasureString(f, s)) }

func fixedFloat(x fixed.Int26_6) float64 { return float64(x) / 64 }

// hasGlyph reports whether the embedded fonts can draw r.
func hasGlyph(r rune) bool {
	loadFonts()
	return regular.Index(r) != 0 && boldFont.Index(r) != 0
}
