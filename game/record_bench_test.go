package game

import (
	"os"
	"path/filepath"
	"testing"
)

// benchRecords are the records the benchmarks read: a 200-move 24x24 game
// written in both written formats, and the corpus's longest T1 and Little
// Golem files.
func benchRecords(b *testing.B) []struct {
	name string
	data []byte
	base Settings
} {
	b.Helper()
	s := Settings{}
	g, err := Replay(s, randomLog(b, s, 200, 7))
	if err != nil || g.Turns() != 200 {
		b.Fatalf("a 200-move game: %v, %d turns", err, g.Turns())
	}
	rec := NewRecord(g, "Ann", "Bob")
	sgf, err := rec.MarshalSGF()
	if err != nil {
		b.Fatal(err)
	}
	corpus := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("testdata", "corpus", name))
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	return []struct {
		name string
		data []byte
		base Settings
	}{
		{"moves-200", rec.MarshalMoves(), Settings{}},
		{"sgf-200", sgf, Settings{}},
		{"t1-572", corpus("full_board.T1"), Settings{NoAutoDraw: true}},
		{"lg-22", corpus("game2220939.tsgf"), Settings{}},
	}
}

// BenchmarkReadRecord measures telling a record's format and parsing it.
func BenchmarkReadRecord(b *testing.B) {
	for _, r := range benchRecords(b) {
		b.Run(r.name, func(b *testing.B) {
			b.SetBytes(int64(len(r.data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ReadRecord(r.data, FormatAuto, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReadReplayRecord measures loading a game from a record: parsing
// it and replaying every move through the rules, as twixt replay does.
func BenchmarkReadReplayRecord(b *testing.B) {
	for _, r := range benchRecords(b) {
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				rec, err := ReadRecord(r.data, FormatAuto, "")
				if err != nil {
					b.Fatal(err)
				}
				if _, err := rec.Replay(r.base); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMarshalRecord measures exporting a 200-move game.
func BenchmarkMarshalRecord(b *testing.B) {
	s := Settings{}
	g, err := Replay(s, randomLog(b, s, 200, 7))
	if err != nil {
		b.Fatal(err)
	}
	rec := NewRecord(g, "Ann", "Bob")
	for _, f := range []Format{FormatMoves, FormatSGF} {
		b.Run(f.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := rec.Marshal(f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
