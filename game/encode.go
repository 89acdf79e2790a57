package game

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The binary encoding of a move log, for storage: a version byte, then one
// record per move. A record is the kind byte, then for a placement the
// hole, a flags byte, the unlink and link chains and the move number; for
// resign and conclude the colour and reason bytes. Numbers are uvarints.
// A 200-move game of plain placements takes about 600 bytes.
//
// A colour choice (Choose, the cut-the-pie opening) is the kind byte, the
// colour byte, then the flags byte as for a swap.
//
// The 3M rules' removals (Move.Removes) came later: they set flagRemoves
// and follow the flags byte as a count and the holes. A move without
// removals encodes exactly as before, so every stored log still decodes and
// a log without 3M removals is byte for byte what earlier versions wrote.
// (An earlier version refuses a log with removals as "unknown flags",
// rather than dropping them.)
const logVersion = 1

const (
	flagExplicit = 1 << iota
	flagUnlinks
	flagLinks
	flagNumber
	flagRemoves

	knownFlags = flagExplicit | flagUnlinks | flagLinks | flagNumber | flagRemoves
)

// ErrBadEncoding is a move log that cannot be decoded.
var ErrBadEncoding = errors.New("bad move log encoding")

// AppendMove appends the binary record of m to buf.
func AppendMove(buf []byte, m Move) []byte {
	buf = append(buf, byte(m.Kind))
	switch m.Kind {
	case Choose:
		// (Later than the others: the colour, then flags as for a swap.)
		buf = append(buf, byte(m.Color))
		fallthrough
	case Place, Swap:
		if m.Kind == Place {
			buf = appendHole(buf, m.Hole)
		}
		var f byte
		if m.Explicit {
			f |= flagExplicit
		}
		if len(m.Unlinks) > 0 {
			f |= flagUnlinks
		}
		if len(m.Links) > 0 {
			f |= flagLinks
		}
		if m.Number > 0 {
			f |= flagNumber
		}
		if len(m.Removes) > 0 {
			f |= flagRemoves
		}
		buf = append(buf, f)
		if f&flagRemoves != 0 {
			buf = binary.AppendUvarint(buf, uint64(len(m.Removes)))
			for _, h := range m.Removes {
				buf = appendHole(buf, h)
			}
		}
		if f&flagUnlinks != 0 {
			buf = appendChains(buf, m.Unlinks)
		}
		if f&flagLinks != 0 {
			buf = appendChains(buf, m.Links)
		}
		if f&flagNumber != 0 {
			buf = binary.AppendUvarint(buf, uint64(m.Number))
		}
	case Resign, Conclude:
		buf = append(buf, byte(m.Color), byte(m.Reason))
	}
	return buf
}

func appendHole(buf []byte, h Hole) []byte {
	buf = binary.AppendUvarint(buf, uint64(h.Col))
	return binary.AppendUvarint(buf, uint64(h.Row))
}

func appendChains(buf []byte, chains [][]Hole) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(chains)))
	for _, ch := range chains {
		buf = binary.AppendUvarint(buf, uint64(len(ch)))
		for _, h := range ch {
			buf = appendHole(buf, h)
		}
	}
	return buf
}

// MarshalLog encodes a move log.
func MarshalLog(log []Move) []byte {
	buf := make([]byte, 0, 1+len(log)*3)
	buf = append(buf, logVersion)
	for _, m := range log {
		buf = AppendMove(buf, m)
	}
	return buf
}

// UnmarshalLog decodes a move log written by MarshalLog (or by AppendMove
// after a version byte). It never panics on bad input; it returns an error
// wrapping ErrBadEncoding that says where decoding stopped.
func UnmarshalLog(data []byte) ([]Move, error) {
	if len(data) == 0 {
		return nil, fmt.Errorf("%w: empty", ErrBadEncoding)
	}
	if data[0] != logVersion {
		return nil, fmt.Errorf("%w: version %d, want %d", ErrBadEncoding, data[0], logVersion)
	}
	d := decoder{buf: data, pos: 1}
	// A plain placement takes four bytes; sizing for that avoids growing
	// the slice while decoding.
	log := make([]Move, 0, len(data)/4+1)
	for d.pos < len(d.buf) && d.err == nil {
		m := d.move()
		if d.err == nil {
			log = append(log, m)
		}
	}
	if d.err != nil {
		return nil, fmt.Errorf("%w: move %d (byte %d): %v", ErrBadEncoding, len(log)+1, d.pos, d.err)
	}
	if len(log) == 0 {
		return nil, nil
	}
	return log, nil
}

type decoder struct {
	buf []byte
	pos int
	err error
}

func (d *decoder) next() byte {
	if d.err != nil {
		return 0
	}
	if d.pos >= len(d.buf) {
		d.err = errors.New("truncated")
		return 0
	}
	b := d.buf[d.pos]
	d.pos++
	return b
}

func (d *decoder) uint(limit uint64) int {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.buf[d.pos:])
	if n <= 0 {
		d.err = errors.New("truncated or overlong number")
		return 0
	}
	if v > limit {
		d.err = fmt.Errorf("number %d out of range (at most %d)", v, limit)
		return 0
	}
	d.pos += n
	return int(v)
}

func (d *decoder) hole() Hole {
	c := d.uint(MaxSize)
	r := d.uint(MaxSize)
	return Hole{Col: c, Row: r}
}

// holes reads a count and that many holes (at least one).
func (d *decoder) holes() []Hole {
	n := d.uint(uint64(len(d.buf)))
	if n < 1 && d.err == nil {
		d.err = errors.New("an empty list of pegs to remove")
	}
	out := make([]Hole, 0, min(n, 64))
	for i := 0; i < n && d.err == nil; i++ {
		out = append(out, d.hole())
	}
	return out
}

func (d *decoder) chains() [][]Hole {
	n := d.uint(uint64(len(d.buf)))
	var out [][]Hole
	for i := 0; i < n && d.err == nil; i++ {
		k := d.uint(uint64(len(d.buf)))
		if k < 2 && d.err == nil {
			d.err = errors.New("a chain needs at least two holes")
		}
		ch := make([]Hole, 0, min(k, 64))
		for j := 0; j < k && d.err == nil; j++ {
			ch = append(ch, d.hole())
		}
		out = append(out, ch)
	}
	return out
}

func (d *decoder) move() Move {
	m := Move{Kind: MoveKind(d.next())}
	if m.Kind == Choose {
		m.Color = Color(d.next())
		if m.Color != Red && m.Color != Black && d.err == nil {
			d.err = fmt.Errorf("bad colour %d chosen", m.Color)
		}
	}
	switch m.Kind {
	case Place, Swap, Choose:
		if m.Kind == Place {
			m.Hole = d.hole()
		}
		f := d.next()
		if f&^knownFlags != 0 && d.err == nil {
			d.err = fmt.Errorf("unknown flags %#x", f)
		}
		m.Explicit = f&flagExplicit != 0
		if f&flagRemoves != 0 {
			m.Removes = d.holes()
		}
		if f&flagUnlinks != 0 {
			m.Unlinks = d.chains()
		}
		if f&flagLinks != 0 {
			m.Links = d.chains()
		}
		if f&flagNumber != 0 {
			m.Number = d.uint(1 << 30)
		}
	case Privilege, Draw:
	case Resign, Conclude:
		m.Color = Color(d.next())
		m.Reason = Reason(d.next())
		if (m.Color > Black || m.Reason > Aborted) && d.err == nil {
			d.err = fmt.Errorf("bad colour %d or reason %d", m.Color, m.Reason)
		}
	default:
		if d.err == nil {
			d.err = fmt.Errorf("unknown move kind %d", m.Kind)
		}
	}
	return m
}
