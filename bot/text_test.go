package bot

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/render"
	"github.com/twixtbot/twixtbot/storage"
)

func TestDescribeTurn(t *testing.T) {
	h := func(s string) game.Hole { x, _ := game.ParseHole(s); return x }
	l := func(a, b string) game.Link { return game.NewLink(h(a), h(b)) }
	tests := []struct {
		o    game.Outcome
		want string
	}{
		{game.Outcome{Move: game.Move{Kind: game.Place}, Hole: h("j12"), Added: []game.Link{l("h11", "j12"), l("j12", "k10")}},
			"played J12, linking H11 and K10"},
		{game.Outcome{Move: game.Move{Kind: game.Place}, Hole: h("j12")}, "played J12"},
		{game.Outcome{Move: game.Move{Kind: game.Place}, Hole: h("j12"), Removed: []game.Link{l("i12", "k11")},
			Added: []game.Link{l("h11", "j12"), l("l11", "n12")}},
			"played J12, removing I12-K11, linking H11 and L11-N12"},
		{game.Outcome{Move: game.Move{Kind: game.Swap}, Hole: h("e15")}, "swapped: they now play Red, with the peg on E15"},
	}
	for _, tt := range tests {
		if got := (vocab{}).describeTurn(tt.o, game.SwapSides); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

func TestDurationWords(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{time.Second, "1 second"},
		{90 * time.Second, "90 seconds"},
		{time.Minute, "1 minute"},
		{119 * time.Minute, "119 minutes"},
		{time.Hour, "1 hour"},
		{90 * time.Minute, "90 minutes"},
		{47 * time.Hour, "47 hours"},
		{24 * time.Hour, "1 day"},
		{3*24*time.Hour + 5*time.Hour, "3 days"},
	}
	for _, tt := range tests {
		if got := durationWords(tt.d); got != tt.want {
			t.Errorf("durationWords(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
	if got := (vocab{}).left(-time.Minute); got != "no time" {
		t.Errorf("left of a past deadline: %q", got)
	}
}

// TestExampleHole: the hole shown as an example is on the board and legal
// for the player to move, whatever the board's size and shape.
func TestExampleHole(t *testing.T) {
	tests := []struct {
		settings game.Settings
		moves    []string
		want     string
	}{
		{game.Settings{Size: game.Size{Cols: 5, Rows: 5}}, nil, "c3"},
		{game.Settings{Size: game.Size{Cols: 5, Rows: 5}}, []string{"c3"}, "b3"},
		{game.Settings{Size: game.Size{Cols: 24, Rows: 24}}, nil, "l12"},
		{game.Settings{Size: game.Size{Cols: 6, Rows: 16}}, nil, "c8"},
	}
	for _, tt := range tests {
		pos, err := game.New(tt.settings)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tt.moves {
			mv, err := game.ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := pos.PlayMove(mv); err != nil {
				t.Fatal(err)
			}
		}
		got := exampleHole(pos)
		if got != tt.want {
			t.Errorf("%v after %v: %q, want %q", tt.settings.Size, tt.moves, got, tt.want)
		}
		h, err := game.ParseHole(got)
		if err != nil || !slices.Contains(pos.LegalHoles(), h) {
			t.Errorf("%v after %v: %q is not a legal hole (%v)", tt.settings.Size, tt.moves, got, err)
		}
	}
}

func TestVocabulary(t *testing.T) {
	kosmos, classic := themeVocab("kosmos"), themeVocab("")
	r := game.Result{Winner: game.Red, Reason: game.Connection}
	if got := kosmos.result(r); got != "White wins by connection" {
		t.Errorf("kosmos result %q", got)
	}
	if got := classic.result(r); got != "Red wins by connection" {
		t.Errorf("classic result %q", got)
	}
	if got := kosmos.seat(4, 3, game.Red); got != "White 2" {
		t.Errorf("kosmos seat 3 %q", got)
	}
	if got := kosmos.words("E11 is not a red peg; Red's border row; Redmond and hundred stay"); got != "E11 is not a white peg; White's border row; Redmond and hundred stay" {
		t.Errorf("kosmos words %q", got)
	}
	if got := themeVocab("no such theme").side(game.Red); got != "Red" {
		t.Errorf("an unknown theme calls Red %q", got)
	}
}

// TestColourChoiceSpeaksTheVocabulary: the cut-the-pie opening's colour
// choice is offered in the game's words (Play White in a Kosmos game),
// while the buttons' ids stay red and black.
func TestColourChoiceSpeaksTheVocabulary(t *testing.T) {
	pos := played(t, game.Settings{Opening: game.OpeningPie3}, "f6", "g8", "h5")
	g := &storage.Game{ID: 1}
	for _, tc := range []struct {
		theme, prompt string
		labels        [2]string
	}{
		{"classic", "choose your colour with Play Red or Play Black", [2]string{"Play Red", "Play Black"}},
		{"kosmos", "choose your colour with Play White or Play Black", [2]string{"Play White", "Play Black"}},
	} {
		v := themeVocab(tc.theme)
		if got := yourTurn(pos, v); got != tc.prompt {
			t.Errorf("%s: prompt %q, want %q", tc.theme, got, tc.prompt)
		}
		bs := choiceButtons(g, pos, "3", v)
		if len(bs) != 2 {
			t.Fatalf("%s: %d buttons", tc.theme, len(bs))
		}
		for i, want := range tc.labels {
			b := bs[i].(discordgo.Button)
			if b.Label != want || !strings.HasSuffix(b.CustomID, []string{"/red", "/black"}[i]) {
				t.Errorf("%s: button %q %q, want label %q", tc.theme, b.Label, b.CustomID, want)
			}
		}
	}
}

// TestThemesAreTheRenderers: the theme setting accepts exactly the
// themes the renderer draws. match keeps its own list, since it imports
// nothing but game and storage; this keeps the two the same.
func TestThemesAreTheRenderers(t *testing.T) {
	var names []string
	for _, th := range render.Themes() {
		names = append(names, th.String())
	}
	if !slices.Equal(names, match.Themes) {
		t.Errorf("match.Themes %q, render.Themes() %q", match.Themes, names)
	}
}
