package ai

import (
	"context"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// blocked reads testdata/blocked.txt: positions of games against T1j
// where the side to move could connect only by removing its own links.
func blocked(t *testing.T) []*game.Game {
	t.Helper()
	var out []*game.Game
	for _, moves := range moveLists(t, "blocked.txt") {
		out = append(out, playBlocked(t, game.Settings{Swap: game.SwapOff}, moves))
	}
	return out
}

// playBlocked plays moves in a new game of settings s, and checks that the
// side to move then could connect only by removing its own links.
func playBlocked(t *testing.T, s game.Settings, moves []string) *game.Game {
	t.Helper()
	g, err := game.New(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if _, err := g.PlayString(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	_, c := g.ToMove()
	if b := g.Board(); b.Distance(c) != game.Unreachable || !b.CanConnect(c) {
		t.Fatalf("%v after %d turns: %v is not blocked by its own links", s.Size, g.Turns(), c)
	}
	return g
}

// TestUnblock: where its own links have closed every way to connect, the
// engine removes one (or two, one at a time, where no single link opens a
// way: position 3), and can then connect again; where the opponent could
// no longer connect at all, it starts doing so within a few moves (once it
// has a peg ready to link across a link's place) and goes on to win.
// Before, it played on without a way through. Every move it makes is
// legal, at a weak level too; with Config.KeepLinks it removes no link.
func TestUnblock(t *testing.T) {
	for i, g0 := range blocked(t) {
		_, c := g0.ToMove()
		oppCan := g0.Board().CanConnect(c.Opponent())
		for _, tc := range []struct {
			level Level
			turns int
		}{{3, 30}, {1, 6}} {
			g := g0.Clone()
			own, first, opened := 0, 0, false
			for turn := 0; turn < tc.turns && !g.Over(); turn++ {
				_, mover := g.ToMove()
				d, err := Choose(context.Background(), g, Config{Level: tc.level, Playouts: 1500, Seed: uint64(turn)})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := g.PlayMove(d.Move); err != nil {
					t.Fatalf("position %d, level %d, turn %d: %v refused: %v", i, tc.level, g.Turns(), d.Move, err)
				}
				if mover != c || opened {
					continue
				}
				own++
				if len(d.Move.Unlinks) > 0 && first == 0 {
					first = own
				}
				opened = g.Board().Distance(c) != game.Unreachable
			}
			if tc.level < 3 {
				continue
			}
			if !opened {
				t.Errorf("position %d: after %d moves %v still cannot connect without removing links", i, own, c)
			}
			if oppCan {
				continue // where both can connect, other moves may come first
			}
			if first == 0 || first > 4 {
				t.Errorf("position %d: %v removed its first link at its move %d, want by its fourth", i, c, first)
			}
			if r := g.Result(); r.Winner != c {
				t.Errorf("position %d: the opponent cannot connect, but after %d turns the result is %v", i, g.Turns(), r)
			}
		}
		d, err := Choose(context.Background(), g0, Config{Level: 3, Playouts: 1500, Seed: 1, KeepLinks: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Move.Unlinks) != 0 {
			t.Errorf("position %d with KeepLinks: %v removes links", i, d.Move)
		}
	}
}

// TestUnblockSeveralLinks: where no single own link opens a way but two or
// three do, and the opponent cannot connect any more, the engine removes
// them (in one move or one at a time; the 9x9 position needs two links
// added across their places in the same move) and wins. The positions
// come from random games on small boards; before, each ended with the
// board full.
func TestUnblockSeveralLinks(t *testing.T) {
	for _, tc := range []struct {
		size  int
		moves string
	}{
		{6, "d1 b5 c2 d4 d6 c3 c1 e3 e4 e5 d2 b3 b2 f2 e2 f5 e1 a4"},
		{9, "c5 c8 e8 g8 e4 b8 b2 a7 g2 f2 d8 d3 b3 d5 c4 c7 g1 i2 e6 h7 h2 g6 b9 b7 h8 c3 f9 a5 d2 f5 d4 e2 d7 a3 b1 a8 f7 f4 c9 g5 c2 a2 g7 i4 g9 e3 h6 d6 e5 i7 h1 i3 b5 f3 e9 h4 f6 f8 e7 i6 d9 g4 c1 c6 e1"},
		{8, "e3 g5 g6 d3 c5 b3 d8 f4 g3 h7 e5 c4 d6 h5 f7 d5 b6 e6 b5 a5 f2 f6 g2 d4 e4 a4 d1 g7 c8 d7 c7 f5 b1 h6 b8 g4 f1 b4 c1 h3 e8 c2 f8 e7 g1 a6 b2 d2 b7 c3 c6 a3 g8 h4 e2 a2 f3"},
		{8, "b7 g2 e3 c2 e5 h3 f3 d6 b6 f6 e1 a7 f5 a2 e6 a6 d8 d4 g1 b3 b2 d5 g3 e7 c8 h5 c7 f4 c4 g4 c3 f2 e8 g5 d7 f7 b4 b5 c5 a4 e2 e4"},
		{10, "h1 b2 e9 e3 e5 c5 g2 h4 d8 a7 g4 c4 g6 i5 b7 g7 d2 c9 i1 j5 g3 b3 b9 j6 c7 d6 b5 g5 i9 f3 b1 d5 f7 j9 e10 h7 d4 e2 h5 e4 i6 b6 h8 a8 c3 j8 i10 c6 g9 a6 i2 i3 d9 h3 e8 f8 e1 j7 e7 h2 h9 b4 c2 a3 h6 f2 b10 d7 d10 b8 g8 f4 c10 j2 d1 f6 h10 j3 g1 d3 c8 e6 i8 a2 f5"}, // three links
		{10, "c8 c3 g2 i5 d10 d9 f10 b6 i10 b8 e5 e2 i9 f7 b7 h6 c9 i2 e3 j3 i1 e9 e6 e8 g5 g6 b10 a8 h4 i4 e7 b2 d3 d4 e1 i7 h2 a3 f1 b4 c1 c6 f4 a9 h8 f5 h3 a7 f6 j8 d7 f8"},
	} {
		g := playBlocked(t, game.Settings{Size: game.Size{Cols: tc.size, Rows: tc.size}, Swap: game.SwapOff}, strings.Fields(tc.moves))
		_, c := g.ToMove()
		b := g.Board()
		if b.CanConnect(c.Opponent()) {
			t.Fatalf("%dx%d: the opponent can still connect", tc.size, tc.size)
		}
		for _, l := range b.Links(c) {
			if t1 := b.Clone(); t1.RemoveLink(l, c) == nil && t1.Distance(c) != game.Unreachable {
				t.Fatalf("%dx%d: removing %v alone opens a way", tc.size, tc.size, l)
			}
		}
		removed := 0
		for turn := 0; turn < 2*tc.size*tc.size && !g.Over(); turn++ {
			_, mover := g.ToMove()
			d, err := Choose(context.Background(), g, Config{Level: 3, Playouts: 1500, Seed: uint64(turn)})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.PlayMove(d.Move); err != nil {
				t.Fatalf("%dx%d, turn %d: %v refused: %v", tc.size, tc.size, g.Turns(), d.Move, err)
			}
			if mover == c {
				removed += len(d.Move.Unlinks)
			}
		}
		if r := g.Result(); r.Winner != c || removed < 2 {
			t.Errorf("%dx%d: %v removed %d links, and the result is %v", tc.size, tc.size, c, removed, r)
		}
	}
}

// TestUnblockLongMove: where a link between two of the side's pegs
// already on the board would cross the place of the own link that blocks
// it, the engine's very move removes that link and adds the other (a long
// move), at every level. The positions come from random games on small
// boards.
func TestUnblockLongMove(t *testing.T) {
	for _, tc := range []struct {
		size  int
		moves string
	}{
		{6, "d6 c4 c6 f3 e2 a2 c1 c2 c5 b5 e3 b3 e1 c3 d3 a5 b4 d2 b1 a3 d5 b2 e4 d4"},
		{7, "d5 a5 b2 g2 f5 g4 b7 c5 e1 d3 b6 b4 d6 b5 f1 c6 e4 g5 f6 d4 f7 d2 f3 a6 b1 a4 b3 c4 e3 e5 c1 e2"},
		{8, "f1 c6 e4 h3 c7 f6 f5 a3 c8 d6 g8 a4 d8 g3 b5 b2 d3 c4 d5 a2 e6 g2 f4 c3 f7 h7 f8 h5 d1 b4 b8 c2 g4 e3 g6"},
	} {
		g := playBlocked(t, game.Settings{Size: game.Size{Cols: tc.size, Rows: tc.size}, Swap: game.SwapOff}, strings.Fields(tc.moves))
		_, c := g.ToMove()
		for _, level := range []Level{1, 3, 5} {
			d, err := Choose(context.Background(), g, Config{Level: level, Playouts: 500, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Move.Unlinks) != 1 || len(d.Move.Links) != 1 {
				t.Fatalf("%dx%d, level %d: %v, want a long move: one link removed, one added", tc.size, tc.size, level, d.Move)
			}
			after := g.Clone()
			if _, err := after.PlayMove(d.Move); err != nil {
				t.Fatalf("%dx%d, level %d: %v refused: %v", tc.size, tc.size, level, d.Move, err)
			}
			if after.Board().Distance(c) == game.Unreachable {
				t.Errorf("%dx%d, level %d: after %v, %v still cannot connect without removing links", tc.size, tc.size, level, d.Move, c)
			}
		}
	}
}
