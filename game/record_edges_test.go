package game

import (
	"errors"
	"strings"
	"testing"
)

// TestRecordMessages: what the issue found said wrongly.
func TestRecordMessages(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"a Go SGF file", []byte("(;GM[1]SZ[19];B[dd])"),
			`sgf record, line 1 column 6: cannot read "1": this is an SGF file for another game (GM[1]), not a TwixT record (TwixT is GM[21])`},
		{"a Go SGF file with Little Golem's source", []byte("(;GM[1]SO[littlegolem.net];b[dd])"), "this is an SGF file for another game (GM[1])"},
		{"a file too big, before its format is known", make([]byte, maxRecordSize+1),
			"record: the file is 16777217 bytes; a record is at most 16777216"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadRecord(tt.data, FormatAuto, "")
			if !errors.Is(err, ErrBadRecord) || !strings.HasPrefix(err.Error(), tt.want) && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "auto record") || strings.Contains(err.Error(), "lg record") {
				t.Errorf("%v names the wrong format", err)
			}
		})
	}
}

// hugeRecords are files of maxRecordSize bytes of tiny tokens, in every
// format: far more moves than any game, which reading must not keep.
func hugeRecords() []struct {
	name  string
	data  []byte
	stops bool // whether reading stops before the end
} {
	fill := func(head, unit, tail string) []byte {
		n := (maxRecordSize - len(head) - len(tail)) / len(unit)
		buf := make([]byte, 0, maxRecordSize)
		buf = append(buf, head...)
		for range n {
			buf = append(buf, unit...)
		}
		return append(buf, tail...)
	}
	t1Head := "#\n#\n1\nA\nB\n24\n24\nH\nH\n1\nV\nY\nN\n"
	return []struct {
		name  string
		data  []byte
		stops bool
	}{
		{"moves", fill("", "a1 ", ""), true},
		{"moves-privilege", fill("", "privilege\n", ""), true},
		{"t1", fill(t1Head, "a1\n", ""), true},
		{"sgf", fill("(;GM[21]", ";W[a1]", ")"), true},
		{"sgf-empty-nodes", fill("(;GM[21]", ";", ")"), false}, // an empty game
		{"sgf-comments", fill("(;GM[21]", ";C[x]", ")"), true},
		{"lg", fill("(;SZ[24]", ";b[aa]", ")"), true},
	}
}

// TestHugeRecords: reading stops at the longest game the board allows,
// with a clear Stop, so memory follows the game and not the file.
func TestHugeRecords(t *testing.T) {
	if testing.Short() {
		t.Skip("16 MB files")
	}
	bound := Size{MaxSize, MaxSize}.Holes() + maxOtherEntries
	for _, h := range hugeRecords() {
		t.Run(h.name, func(t *testing.T) {
			rec, err := ReadRecord(h.data, FormatAuto, "")
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Moves) > bound || cap(rec.Moves) > 2*bound {
				t.Errorf("kept %d moves (capacity %d); no game has more than %d", len(rec.Moves), cap(rec.Moves), bound)
			}
			if !h.stops {
				if rec.Stop != nil || len(rec.Moves) != 0 {
					t.Errorf("%d moves, stop %v; want an empty game", len(rec.Moves), rec.Stop)
				}
				return
			}
			if rec.Stop == nil || !strings.Contains(rec.Stop.Error(), "the rest of the file was not read") {
				t.Errorf("Stop = %v, want it to say reading stopped", rec.Stop)
			}
			if _, err := rec.Replay(Settings{}); err == nil {
				t.Error("the replay of a record longer than any game succeeded")
			}
		})
	}
}

// TestRecordBound: on a stated 5x5 board (21 holes) the 22nd placement is
// past the bound, and a 3M removal frees a place again.
func TestRecordBound(t *testing.T) {
	holes := strings.Repeat("b2 ", 21)
	rec, err := ParseMovesRecord([]byte("# size: 5\n" + holes + "c3 d4"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Moves) != 21 || rec.Stop == nil || rec.Token(21) != "c3" {
		t.Fatalf("%d moves, stop %v at %q", len(rec.Moves), rec.Stop, rec.Token(21))
	}
	want := `moves record, line 2 column 64: cannot read "c3": no game goes on this long (a 5x5 board holds at most 21 pegs, and a game has at most 16 turns that are not placements); the rest of the file was not read`
	if rec.Stop.Error() != want {
		t.Errorf("Stop %q\nwant %q", rec.Stop, want)
	}
	rec, err = ParseMovesRecord([]byte("# size: 5\n" + holes + "c3--b2 d4"))
	if err != nil || len(rec.Moves) != 22 || rec.Stop == nil || rec.Token(22) != "d4" {
		t.Fatalf("with a removal: %v, %d moves, stop %v", err, len(rec.Moves), rec.Stop)
	}
}

// BenchmarkHugeRecord reads and replays the huge files: the time and the
// bytes allocated per file (B/op) are what a hostile upload costs.
func BenchmarkHugeRecord(b *testing.B) {
	for _, h := range hugeRecords() {
		b.Run(h.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(h.data)))
			for b.Loop() {
				rec, err := ReadRecord(h.data, FormatAuto, "")
				if err != nil {
					b.Fatal(err)
				}
				rec.Replay(Settings{})
			}
		})
	}
}
