package render

import (
	"strings"
	"testing"

	"golang.org/x/image/font"

	"github.com/twixtbot/twixtbot/game"
)

// TestHeaderText checks the words of the header: names and seats, whose
// turn, Privilege, the result, with the theme's side names.
func TestHeaderText(t *testing.T) {
	double := FromGame(playMoves(t, game.Settings{Players: 4}, "j12 k10 l11 privilege m9"), "Alice", "Bob", "Carol", "")
	if got, want := teamNames(double, game.Red), "#1 Alice · #3 Carol"; got != want {
		t.Errorf("red team %q, want %q", got, want)
	}
	if got, want := teamNames(double, game.Black), "#2 Bob · #4 Seat 4"; got != want {
		t.Errorf("black team %q, want %q", got, want)
	}
	if got, want := strings.Join(statusParts(double, themeFor(Kosmos)), " · "), "Move 5 · Bob (Black) to move · last: White M9 · 24x24"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	two := FromGame(playMoves(t, game.Settings{Swap: game.SwapSides}, "j12 swap"), "Alice", "Bob")
	if got := teamNames(two, game.Red); got != "Bob" {
		t.Errorf("after the swap Red is %q, want Bob", got)
	}
	if got, want := strings.Join(statusParts(two, themeFor(Classic)), " · "), "Move 3 · Alice (Black) to move · last: swap · 24x24"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	won := FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 5, Rows: 5}}, "c1 a2 d3 a4 c5"))
	if got, want := strings.Join(statusParts(won, themeFor(Kosmos)), " · "), "White wins by connection · 5 moves · last: White C5 · 5x5"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	fresh := FromGame(playMoves(t, game.Settings{}, ""), "Ann\x07")
	if got, want := strings.Join(statusParts(fresh, themeFor(Classic)), " · "), "Ann (Red) to move · new game · 24x24"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	if got := cleanName("Zoë 🦄"); got != "Zoë ?" {
		t.Errorf("cleanName kept a glyph the fonts lack: %q", got)
	}
	withFace(false, 14, func(f font.Face) {
		long := strings.Repeat("W", 200)
		if got := fitText(f, long, 100); textWidth(f, got) > 100 || !strings.HasSuffix(got, "…") {
			t.Errorf("fitText: %q is %.0f px", got, textWidth(f, got))
		}
	})
}
