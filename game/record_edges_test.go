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
