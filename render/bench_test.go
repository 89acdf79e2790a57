package render

import (
	"bytes"
	"io"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// BenchmarkPNG is the target of issue 8: a 24x24 mid-game (80 pegs, 60
// links) at the default scale, drawn and encoded; it reports the PNG's size.
// The target is 8 ms median on one core (-cpu 1) and 40 KB.
func BenchmarkPNG(b *testing.B) {
	for _, th := range Themes() {
		b.Run(th.String(), func(b *testing.B) {
			benchPNG(b, midgame(b), Options{Theme: th})
		})
	}
}

// BenchmarkPNGScale draws the mid-game at every scale.
func BenchmarkPNGScale(b *testing.B) {
	for _, sc := range Scales() {
		b.Run(sc.String(), func(b *testing.B) {
			benchPNG(b, midgame(b), Options{Scale: sc})
		})
	}
}

// BenchmarkPNGBoardSize draws the mid-game's pegs on boards of 24x24, 48x48
// (the biggest the default policy allows) and 100x100 at the default
// scale: the pitch rule makes the bigger boards bigger pictures.
func BenchmarkPNGBoardSize(b *testing.B) {
	for _, n := range []int{24, 48, 100} {
		b.Run(itoa(n), func(b *testing.B) {
			v := midgame(b)
			v.Size = game.Size{Cols: n, Rows: n}
			benchPNG(b, v, Options{})
		})
	}
}

func benchPNG(b *testing.B, v *View, o Options) {
	var buf bytes.Buffer
	if err := PNG(&buf, v, o); err != nil { // warm the cache of empty boards
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		buf.Reset()
		if err := PNG(&buf, v, o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

// BenchmarkDraw is drawing alone, without the PNG encoding.
func BenchmarkDraw(b *testing.B) {
	v := midgame(b)
	if _, err := Image(v, Options{}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Image(v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPNGParallel draws from every CPU at once.
func BenchmarkPNGParallel(b *testing.B) {
	v := midgame(b)
	if err := PNG(io.Discard, v, Options{}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := PNG(io.Discard, v, Options{}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkColdBase draws the empty board and sprites of a new size, as the
// first picture of a (size, theme, scale) does.
func BenchmarkColdBase(b *testing.B) {
	for _, n := range []int{24, 48, 100} {
		b.Run(itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := newBase(baseKey{size: game.Size{Cols: n, Rows: n}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkText(b *testing.B) {
	v := midgame(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Text(v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAltText(b *testing.B) {
	v := midgame(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = AltText(v, Options{})
	}
}
