package render

import (
	"math"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font"

	"github.com/twixtbot/twixtbot/game"
)

// TestHeaderText checks the words of the header: names and seats, whose
// turn, Privilege, the result, with the theme's side names.
func TestHeaderText(t *testing.T) {
	double := FromGame(playMoves(t, game.Settings{Players: 4}, "j12 k10 l11 privilege m9"), "Alice", "Bob", "Carol", "")
	if got, want := teamNames(double, game.Red, wordsFor(Options{})), "#1 Alice · #3 Carol"; got != want {
		t.Errorf("red team %q, want %q", got, want)
	}
	if got, want := teamNames(double, game.Black, wordsFor(Options{})), "#2 Bob · #4 Seat 4"; got != want {
		t.Errorf("black team %q, want %q", got, want)
	}
	if got, want := strings.Join(statusParts(double, wordsFor(Options{Theme: Kosmos})), " · "), "Move 5 · Bob (Black) to move · last: White M9 · 24x24"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	two := FromGame(playMoves(t, game.Settings{Swap: game.SwapSides}, "j12 swap"), "Alice", "Bob")
	if got := teamNames(two, game.Red, wordsFor(Options{})); got != "Bob" {
		t.Errorf("after the swap Red is %q, want Bob", got)
	}
	if got, want := strings.Join(statusParts(two, wordsFor(Options{Theme: Classic})), " · "), "Move 3 · Alice (Black) to move · last: swap · 24x24"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	won := FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 5, Rows: 5}}, "c1 a2 d3 a4 c5"))
	if got, want := strings.Join(statusParts(won, wordsFor(Options{Theme: Kosmos})), " · "), "White wins by connection · 5 moves · last: White C5 · 5x5"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	fresh := FromGame(playMoves(t, game.Settings{}, ""), "Ann\x07")
	if got, want := strings.Join(statusParts(fresh, wordsFor(Options{Theme: Classic})), " · "), "Ann (Red) to move · new game · 24x24"; got != want {
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

func TestTimeLeftText(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{-time.Second, "time is up"},
		{0, "time is up"},
		{59 * time.Second, "under a minute left"},
		{time.Minute, "1m left"},
		{59*time.Minute + 59*time.Second, "59m left"},
		{time.Hour, "1h 0m left"},
		{24*time.Hour - time.Second, "23h 59m left"},
		{47*time.Hour + 59*time.Minute, "47h 59m left"},
		{48 * time.Hour, "2d 0h left"},
		{7*24*time.Hour + 5*time.Hour + 59*time.Minute, "7d 5h left"},
	}
	for _, tt := range tests {
		if got := wordsFor(Options{}).timeLeft(tt.d); got != tt.want {
			t.Errorf("timeLeft(%s) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

// TestHeaderTimeLeft: a game with a turn clock shows the time left in the
// header's status line (drawn: the line's ink reaches further right), in
// the text board's legend and in the alt text; a game without one, or one
// that is over, shows none.
func TestHeaderTimeLeft(t *testing.T) {
	v := FromGame(playMoves(t, game.Settings{}, "j12 m10 k14"), "Alice", "Bob")
	timed := *v
	timed.Timed, timed.TimeLeft = true, 23*time.Hour+59*time.Minute+30*time.Second
	th := themeFor(Classic)
	if got, want := strings.Join(statusParts(&timed, wordsFor(Options{})), " · "), "Move 4 · Bob (Black) to move · 23h 59m left · last: Red K14 · 24x24"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	l, err := NewLayout(v.Size, Options{})
	if err != nil {
		t.Fatal(err)
	}
	withFace(false, l.headerFont, func(f font.Face) {
		pad := math.Round(l.headerFont * 0.6)
		if got := statusLine(&timed, wordsFor(Options{}), f, float64(l.Width)-2*pad); !strings.Contains(got, "23h 59m left") {
			t.Errorf("the status line that fits a 24x24 picture, %q, leaves out the time left", got)
		}
	})
	// The status line's ink: its rightmost pixel of text.
	inkRight := func(v *View) int {
		img, _ := decode(t, v, Options{})
		y0 := int(math.Round(l.headerFont*0.45) + 2*l.lineH)
		right := 0
		for y := y0; y < y0+int(l.lineH); y++ {
			for x := 0; x < l.Width; x++ {
				if headerColourName(th, img.At(x, y)) == "text" {
					right = max(right, x)
				}
			}
		}
		return right
	}
	if a, b := inkRight(v), inkRight(&timed); b < a+50 {
		t.Errorf("the status line's ink ends at x=%d with the clock and %d without; the time left is not drawn", b, a)
	}
	if alt := AltText(&timed, Options{}); !strings.Contains(alt, "Bob (Black) to move. Turn clock: 23h 59m left.") {
		t.Errorf("alt text %q does not give the time left", alt)
	}
	if text, err := Text(&timed, Options{}); err != nil || !strings.Contains(text, "23h 59m left") {
		t.Errorf("text board %q (%v) does not give the time left", text, err)
	}
	if alt := AltText(v, Options{}); strings.Contains(alt, "left") {
		t.Errorf("alt text of a game without a clock mentions time: %q", alt)
	}
	over := FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 5, Rows: 5}}, "c1 a2 d3 a4 c5"))
	over.Timed = true
	if got := strings.Join(statusParts(over, wordsFor(Options{})), " · "); strings.Contains(got, "left") || strings.Contains(got, "time") {
		t.Errorf("a finished game's status %q mentions the clock", got)
	}
}
