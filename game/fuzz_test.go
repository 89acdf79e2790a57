package game

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		pbmMove, "j12", "J12", "aa17", "j12+", "j12#15", "swap", "SWAP#2",
		"e5-f7/g9", "e5+e5/f7,g9/h11/j12#3", "5e", "e5-", "e5+,", "e5#",
		"e5#-1", "e5#+3", "zzzz9999", "a0", "e5-e6/e7/e8,e9/e10+e1/e2",
		"j12--c4,d6-i12/k11+h11/j12#9", "j12--", "j12--c4,", "j12---c4", "j12--c4/d6",
		"-c'5j12", "\\d4'/c'5j12#3", "-f10'-c'5j12", "\\d4'j12--a9", "-c5j12", "/a'1j12",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if m.Kind != Place || m.Hole != (Hole{}) || m.Links != nil || m.Removes != nil {
				t.Fatalf("a failed parse returned a move: %+v", m)
			}
			return
		}
		// What parses, prints as something that parses to the same move,
		// whatever the case it was written in.
		again, err := ParseMove(m.String())
		if err != nil {
			t.Fatalf("%q parsed, but its String %q does not: %v", s, m.String(), err)
		}
		if !reflect.DeepEqual(m, again) {
			t.Fatalf("%q -> %+v -> %q -> %+v", s, m, m.String(), again)
		}
		upper, err := ParseMove(strings.ToUpper(s))
		if err != nil || !reflect.DeepEqual(upper, m) {
			t.Fatalf("%q and its upper case differ: %v %+v", s, err, upper)
		}
	})
}

// FuzzPlay plays arbitrary move strings on a game in progress: a move
// either succeeds, or fails and changes nothing.
func FuzzPlay(f *testing.F) {
	for _, s := range []string{"j12", "j12-i12/k11", "f6-e5/f7+d5/f6", "k12+e5/f7", "swap", "e5", "a1", "x24", "m12+m12/n14,e5/f7", "p16#7", "p16#8", "e5--e5", "d5--e5,f7", "j12--d5-e5/f7+j12/k10", "-e'6m12", "\\f5'm12"} {
		for v := uint8(0); v < 4; v++ {
			f.Add(s, v)
		}
	}
	f.Fuzz(func(t *testing.T, s string, variant uint8) {
		settings := []Settings{{Swap: SwapSides}, {Ruleset: PP, Swap: SwapMirror}, {Players: 4}, {Ruleset: ThreeM}}[int(variant)%4]
		g, err := New(settings)
		if err != nil {
			t.Fatal(err)
		}
		play(t, g, "e5", "k10", "f7", "l12", "d5", "n13")
		before := snap(g)
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		seat, _ := g.ToMove()
		if _, err := g.Play(seat, m); err != nil && snap(g) != before {
			t.Fatalf("%q failed (%v) but changed the game", s, err)
		}
		checkInvariants(t, g)
	})
}

// checkInvariants compares the board's incremental state with what a plain
// recomputation from its pegs and links gives.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	b := g.board
	geo := b.g
	var all []struct {
		l Link
		c Color
	}
	for id, c := range b.links {
		if c == NoColor {
			continue
		}
		l := geo.link(id)
		if !l.IsKnight() || b.Peg(l.A) != c || b.Peg(l.B) != c {
			t.Fatalf("%s link %s does not join two %s pegs a knight's move apart", c, l, c)
		}
		all = append(all, struct {
			l Link
			c Color
		}{l, c})
	}
	// No two blocking links cross: any two in standard, only links of
	// different colours in PP.
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if segmentsCross(all[i].l, all[j].l) && (b.rules != PP || all[i].c != all[j].c) {
				t.Fatalf("%s %s and %s %s cross", all[i].c, all[i].l, all[j].c, all[j].l)
			}
		}
	}
	// Crossing counters.
	for id := range b.links {
		for c := Red; c <= Black; c++ {
			n := 0
			for _, x := range geo.crosses(id) {
				if b.links[x] == c {
					n++
				}
			}
			if got := b.crossCount(id, c); got != n {
				t.Fatalf("link %s: %d %s links cross it, counter says %d", geo.link(id), n, c, got)
			}
		}
	}
	for c := Red; c <= Black; c++ {
		// Win detection against a plain search along links.
		if got, want := b.Connected(c), plainConnected(b, c); got != want {
			t.Fatalf("%s connected: union-find says %v, a plain search %v", c, got, want)
		}
		// The remembered path gives the same answer as a fresh search.
		if g.Over() {
			continue
		}
		if got, want := g.canConnect(c), b.CanConnect(c); got != want {
			t.Fatalf("%s can connect: with the remembered path %v, fresh search %v", c, got, want)
		}
		// Neighbour masks.
		for i := 0; i < geo.n; i++ {
			var m uint8
			for k := 0; k < 8; k++ {
				if geo.dirMask[i]&(1<<k) != 0 && b.pegs[geo.dirStep[i*8+k].to] == c {
					m |= 1 << k
				}
			}
			if got := b.around(i, c); got != m {
				t.Fatalf("neighbour mask of %s for %s is %08b, want %08b", geo.hole(i), c, got, m)
			}
		}
	}
}

// plainConnected searches c's links from its first border row, without
// union-find.
func plainConnected(b *Board, c Color) bool {
	seen := map[Hole]bool{}
	var stack []Hole
	for _, h := range b.Pegs(c) {
		if b.g.inBorder(b.g.index(h), c) == 1 {
			seen[h] = true
			stack = append(stack, h)
		}
	}
	for len(stack) > 0 {
		h := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b.g.inBorder(b.g.index(h), c) == 2 {
			return true
		}
		for _, l := range b.Links(c) {
			if l.Has(h) && !seen[l.Other(h)] {
				seen[l.Other(h)] = true
				stack = append(stack, l.Other(h))
			}
		}
	}
	return false
}

// randomMove picks a legal-looking move for the player to move: mostly
// plain pegs, sometimes a bare '+', explicit links to neighbours, or (in
// standard) removals of own links; swaps and Privilege when allowed. Some
// of these are refused by the rules, which is part of the test.
func randomMove(g *Game, r *rand.Rand) Move {
	seat, c := g.ToMove()
	if g.ChoiceDue() {
		return Move{Kind: Choose, Color: []Color{Red, Black}[r.IntN(2)]}
	}
	if g.SwapAvailable() && r.IntN(3) == 0 {
		return Move{Kind: Swap}
	}
	if g.set.Players == 4 && r.IntN(6) == 0 {
		if s := g.privOpen; s != 0 && g.CanClaimPrivilege(s) {
			return Move{Kind: Privilege}
		}
	}
	_ = seat
	holes := g.LegalHoles()
	var removes []Hole
	if g.set.Ruleset == ThreeM && (len(holes) == 0 || r.IntN(6) == 0) {
		// 3M: take up one or two own pegs first, and sometimes put the
		// new peg into a hole just freed.
		if own := g.Pegs(c); len(own) > 0 {
			removes = append(removes, own[r.IntN(len(own))])
			if len(own) > 1 && r.IntN(3) == 0 {
				removes = append(removes, own[r.IntN(len(own))]) // may repeat: refused
			}
			if len(holes) == 0 || r.IntN(2) == 0 {
				holes = removes
			}
		}
	}
	h := holes[r.IntN(len(holes))]
	m := Move{Kind: Place, Hole: h, Removes: removes}
	switch r.IntN(8) {
	case 0:
		m.Explicit = true
	case 1, 2:
		m.Explicit = true
		for _, k := range knight {
			o := Hole{h.Col + k[0], h.Row + k[1]}
			if g.board.Peg(o) == c && r.IntN(2) == 0 {
				m.Links = append(m.Links, []Hole{h, o})
			}
		}
	case 4:
		// A long move in Hensel's notation: a link between two older
		// pegs, then every link to the new one.
		if own := g.Pegs(c); len(own) > 0 {
			p := own[r.IntN(len(own))]
			k := knight[r.IntN(8)]
			if q := (Hole{p.Col + k[0], p.Row + k[1]}); g.board.Peg(q) == c && p != h && q != h {
				l := NewLink(p, q) // (as Hensel's notation reads it back)
				m.Links = [][]Hole{{l.A, l.B}}
			}
		}
	case 3:
		if g.set.Ruleset != PP {
			if own := g.Links(c); len(own) > 0 {
				l := own[r.IntN(len(own))]
				m.Unlinks = [][]Hole{{l.A, l.B}}
			}
		}
	}
	if r.IntN(4) == 0 {
		m.Number = g.Number()
	}
	return m
}

// TestRandomGames plays many random games in every setting and checks the
// invariants after every action, and that the log replays to the same
// position and survives its binary encoding.
func TestRandomGames(t *testing.T) {
	settings := []Settings{
		{}, {Ruleset: PP}, {Swap: SwapSides}, {Swap: SwapMirror, Ruleset: PP},
		{Players: 4}, {Players: 4, Ruleset: PP}, {Size: Size{7, 9}}, {Size: Size{5, 5}, Ruleset: PP},
		{Handicap: 4, ExtraMoves: 2}, {Size: Size{30, 11}, NoAutoDraw: true},
		{Ruleset: ThreeM}, {Ruleset: ThreeM, Size: Size{5, 5}, Swap: SwapSides}, {Ruleset: ThreeM, Players: 4},
		{Ruleset: ThreeM, Size: Size{7, 7}, Swap: SwapMirror}, {Ruleset: ThreeM, Size: Size{6, 9}, NoAutoDraw: true},
		{Opening: OpeningPie3}, {Opening: OpeningPie3, Ruleset: ThreeM, Size: Size{6, 6}}, {Opening: OpeningCentre, ExtraMoves: 2},
		{Opening: OpeningCentre, Size: Size{9, 9}, Swap: SwapSides},
	}
	games := 12
	if testing.Short() {
		games = 3
	}
	for i, s := range settings {
		for k := 0; k < games; k++ {
			seed := uint64(i*1000 + k)
			t.Run(fmt.Sprintf("%v/%d", s, seed), func(t *testing.T) {
				randomGame(t, s, seed, 120)
			})
		}
	}
}

func FuzzRandomGame(f *testing.F) {
	f.Add(uint64(1), uint8(0))
	f.Add(uint64(2), uint8(4))
	f.Fuzz(func(t *testing.T, seed uint64, variant uint8) {
		settings := []Settings{{}, {Ruleset: PP}, {Swap: SwapSides}, {Swap: SwapMirror}, {Players: 4}, {Size: Size{6, 6}}, {Ruleset: ThreeM, Size: Size{6, 6}}, {Ruleset: ThreeM, Players: 4}, {Opening: OpeningPie3, Size: Size{7, 7}}, {Opening: OpeningCentre, Size: Size{8, 8}}}
		randomGame(t, settings[int(variant)%len(settings)], seed, 80)
	})
}

func randomGame(t *testing.T, s Settings, seed uint64, maxTurns int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 99))
	g, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	for g.Turns() < maxTurns && !g.Over() {
		m := randomMove(g, r)
		before := snap(g)
		if _, err := g.PlayMove(m); err != nil {
			if snap(g) != before {
				t.Fatalf("%v refused (%v) but changed the game", m, err)
			}
			continue
		}
		checkInvariants(t, g)
	}
	if r.IntN(4) == 0 && !g.Over() {
		if _, err := g.PlayMove(Move{Kind: Resign}); err != nil {
			t.Fatal(err)
		}
	}
	log := g.Log()
	decoded, err := UnmarshalLog(MarshalLog(log))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(normalizeLog(decoded), normalizeLog(log)) {
		t.Fatalf("log changed in the binary encoding:\n%v\n%v", log, decoded)
	}
	again, err := Replay(s, decoded)
	if err != nil {
		t.Fatalf("the log does not replay: %v", err)
	}
	if snap(again) != snap(g) {
		t.Fatalf("replay differs:\n%+v\n%+v", snap(again), snap(g))
	}
}

// normalizeLog makes empty chain lists nil, as decoding does.
func normalizeLog(log []Move) []Move {
	out := make([]Move, len(log))
	for i, m := range log {
		if len(m.Removes) == 0 {
			m.Removes = nil
		}
		if len(m.Unlinks) == 0 {
			m.Unlinks = nil
		}
		if len(m.Links) == 0 {
			m.Links = nil
		}
		out[i] = m
	}
	return out
}

func FuzzUnmarshalLog(f *testing.F) {
	g, _ := New(Settings{Players: 4})
	play(f, g, "e5", "k10", "f7#3", "m11", "privilege", "l13-k10/m11+", "g9+", "resign:red")
	f.Add(MarshalLog(g.Log()))
	f.Add([]byte{1, 0, 3})
	f.Add([]byte{2})
	f.Fuzz(func(t *testing.T, data []byte) {
		log, err := UnmarshalLog(data)
		if err != nil {
			return
		}
		again, err := UnmarshalLog(MarshalLog(log))
		if err != nil || !reflect.DeepEqual(normalizeLog(again), normalizeLog(log)) {
			t.Fatalf("re-encoding changed the log: %v", err)
		}
		// Whatever decodes can be replayed without a panic.
		_, _ = Replay(Settings{Players: 4}, log)
	})
}

func TestCrossingTables(t *testing.T) {
	for _, s := range []Size{{5, 5}, {7, 9}, {24, 24}, {13, 24}, {100, 100}} {
		geo := geometryFor(s)
		most := 0
		for id, ok := range geo.linkValid {
			if ok {
				most = max(most, int(geo.ncross[id]))
			}
		}
		if most > crossStride || (s.Cols >= 7 && s.Rows >= 7 && most != 9) {
			t.Errorf("%v: at most %d links cross one link, want 9", s, most)
		}
	}
	// On a small board, the tables agree with testing every pair.
	geo := geometryFor(Size{7, 9})
	for a, okA := range geo.linkValid {
		if !okA {
			continue
		}
		want := map[int]bool{}
		for b, okB := range geo.linkValid {
			if okB && a != b && segmentsCross(geo.link(a), geo.link(b)) {
				want[b] = true
			}
		}
		got := map[int]bool{}
		for _, x := range geo.crosses(a) {
			got[int(x)] = true
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("link %s: table %v, brute force %v", geo.link(a), got, want)
		}
	}
}
