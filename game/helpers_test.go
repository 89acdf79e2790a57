package game

import (
	"slices"
	"strings"
	"testing"
)

// position builds a game whose board holds exactly the given pegs and
// links (space-separated holes, and links written "a1-b3"), with toMove to
// play. It places pegs without autolinks and checks every link, so the
// position is legal under s's ruleset. It is how the seeds' diagrams become
// tests.
func position(t testing.TB, s Settings, red, black, redLinks, blackLinks string, toMove Color) *Game {
	t.Helper()
	g, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	b := g.board
	for c, list := range map[Color]string{Red: red, Black: black} {
		for _, f := range strings.Fields(list) {
			if err := b.PlaceBare(mustHole(t, f), c); err != nil {
				t.Fatalf("setting up %s peg %s: %v", c, f, err)
			}
			g.turns++
		}
	}
	for c, list := range map[Color]string{Red: redLinks, Black: blackLinks} {
		for _, f := range strings.Fields(list) {
			if err := b.AddLink(mustLink(t, f), c); err != nil {
				t.Fatalf("setting up %s link %s: %v", c, f, err)
			}
		}
	}
	b.added, b.removed = b.added[:0], b.removed[:0]
	g.toMove = g.Seats(toMove)[0]
	return g
}

func mustHole(t testing.TB, s string) Hole {
	t.Helper()
	h, err := ParseHole(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func mustLink(t testing.TB, s string) Link {
	t.Helper()
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		t.Fatalf("bad link %q", s)
	}
	return NewLink(mustHole(t, a), mustHole(t, b))
}

// linkSet writes links as a sorted, space-separated string, for comparing.
func linkSet(links []Link) string {
	out := make([]string, len(links))
	for i, l := range links {
		out[i] = l.String()
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// normLinks sorts a space-separated list of links written either way round.
func normLinks(t testing.TB, s string) string {
	t.Helper()
	var links []Link
	for _, f := range strings.Fields(s) {
		links = append(links, mustLink(t, f))
	}
	return linkSet(links)
}

// snapshot captures everything observable about a game, to check that a
// failed action changed nothing.
type snapshot struct {
	red, black           string
	redLinks, blackLinks string
	turns                int
	seat                 Seat
	color                Color
	log                  int
	result               Result
	priv                 [3]bool
	canPriv              [5]bool
	swap                 bool
}

func snap(g *Game) snapshot {
	s := snapshot{
		red: holesString(g.Pegs(Red)), black: holesString(g.Pegs(Black)),
		redLinks: linkSet(g.Links(Red)), blackLinks: linkSet(g.Links(Black)),
		turns: g.Turns(), log: len(g.Log()), result: g.Result(),
		priv: g.privUsed, swap: g.SwapAvailable(),
	}
	s.seat, s.color = g.ToMove()
	for i := Seat(1); i <= 4; i++ {
		s.canPriv[i] = g.CanClaimPrivilege(i)
	}
	return s
}

func holesString(hs []Hole) string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.String()
	}
	return strings.Join(out, " ")
}

// play plays moves for the seat to move, failing the test on any error.
func play(t testing.TB, g *Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		var err error
		switch {
		case m == "privilege":
			_, err = g.PlayMove(Move{Kind: Privilege})
		case m == "draw":
			_, err = g.PlayMove(Move{Kind: Draw})
		case strings.HasPrefix(m, "resign"):
			var c Color
			if _, name, ok := strings.Cut(m, ":"); ok {
				c, _ = ParseColor(name)
			}
			_, err = g.PlayMove(Move{Kind: Resign, Color: c})
		default:
			_, err = g.PlayString(m)
		}
		if err != nil {
			t.Fatalf("move %q: %v", m, err)
		}
	}
}
