package render

import (
	"errors"
	"image/color"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
)

// TestCatalogue: every language has every text of en.toml, with the same
// placeholders.
func TestCatalogue(t *testing.T) {
	if err := catalogue.Check(); err != nil {
		t.Fatalf("render/locales:\n%v", err)
	}
	for _, id := range catalogue.IDs() {
		for _, l := range l10n.Langs() {
			if !catalogue.HasIn(l, id) {
				t.Errorf("render/locales/%s.toml has no %q", l, id)
			}
		}
	}
}

func TestSideNameIn(t *testing.T) {
	tests := []struct {
		theme      Theme
		l          l10n.Lang
		red, black string
	}{
		{Classic, l10n.English, "Red", "Black"},
		{Kosmos, l10n.English, "White", "Black"},
		{Classic, l10n.German, "Rot", "Schwarz"},
		{Kosmos, l10n.German, "Weiß", "Schwarz"},
		{Colorblind, l10n.French, "Rouge", "Noir"},
		{Kosmos, l10n.French, "Blanc", "Noir"},
		{Classic, l10n.Italian, "Rosso", "Nero"},
		{Kosmos, l10n.Italian, "Bianco", "Nero"},
		{Classic, l10n.Spanish, "Rojo", "Negro"},
		{Kosmos, l10n.Spanish, "Blanco", "Negro"},
		{Kosmos, "", "White", "Black"},
	}
	for _, tt := range tests {
		if got := tt.theme.SideNameIn(tt.l, game.Red); got != tt.red {
			t.Errorf("%s in %q: Red is %q, want %q", tt.theme, tt.l, got, tt.red)
		}
		if got := tt.theme.SideNameIn(tt.l, game.Black); got != tt.black {
			t.Errorf("%s in %q: Black is %q, want %q", tt.theme, tt.l, got, tt.black)
		}
	}
	if Kosmos.SideName(game.Red) != "White" || Classic.SideName(game.Black) != "Black" {
		t.Error("SideName is no longer English")
	}
}

// TestAltTextInEveryLanguage: the alt text of one position, word for word,
// in each language, with the theme's side names and the game's words.
func TestAltTextInEveryLanguage(t *testing.T) {
	sq12 := game.Settings{Size: game.Size{Cols: 12, Rows: 12}}
	tests := []struct {
		name  string
		set   game.Settings
		moves string
		names []string
		o     Options
		timed time.Duration
		want  string
	}{
		{"de links", sq12, "g6 g8 c8 g4 c4 b8 e7", []string{"Alice", "Bob"}, Options{Lang: l10n.German}, 23*time.Hour + 59*time.Minute,
			"TwixT-Spielfeld 12x12 nach Zug 7. Bob (Schwarz) ist am Zug. Bedenkzeit: noch 23 h 59 min. Letzter Zug: Alice (Rot) auf E7, verbunden mit C8 und G6. Rot (Alice): 4 Pfeiler, 2 Brücken. Schwarz (Bob): 3 Pfeiler, 0 Brücken."},
		{"de double kosmos", game.Settings{Players: 4}, "j12 k10 l11 privilege m9 n10", []string{"Alice", "Bob", "Carol", ""}, Options{Lang: l10n.German, Theme: Kosmos}, 0,
			"Doppel-TwixT-Spielfeld 24x24 nach Zug 5. Carol (Weiß, Platz 3) ist am Zug. Letzter Zug: Bob (Schwarz) auf N10, keine neuen Brücken. Weiß (Alice und Carol): 3 Pfeiler, 2 Brücken, Privileg genutzt. Schwarz (Bob und Platz 4): 2 Pfeiler, 0 Brücken, Privileg verfügbar."},
		{"fr win", game.Settings{Size: game.Size{Cols: 5, Rows: 5}}, "c1 a2 d3 a4 c5", []string{"Alice", "Bob"}, Options{Lang: l10n.French}, 0,
			"Plateau de TwixT 5x5 après le coup 5. Rouge gagne par connexion, avec une chaîne de 3 piliers de C1 à C5. Dernier coup : Alice (Rouge) en C5, relié à D3. Rouge (Alice) : 3 piliers, 2 ponts. Noir (Bob) : 2 piliers, 0 pont."},
		{"fr swap", game.Settings{Swap: game.SwapSides}, "j12 swap", []string{"Alice", "Bob"}, Options{Lang: l10n.French}, 0,
			"Plateau de TwixT 24x24 après le coup 2. À Alice (Noir) de jouer. Dernier coup : Bob a échangé les camps et joue maintenant Rouge, avec le pilier en J12. Rouge (Bob) : 1 pilier, 0 pont. Noir (Alice) : 0 pilier, 0 pont."},
		{"it 3M", game.Settings{Size: game.Size{Cols: 12, Rows: 12}, Ruleset: game.ThreeM}, "e5 j10 f7 j8 d6--f7", []string{"Alice", "Bob"}, Options{Lang: l10n.Italian}, 0,
			"Tavoliere di TwixT 12x12 dopo la mossa 5. Muove Bob (Nero). Ultima mossa: Alice (Rosso) in D6, nessun nuovo ponte; ponti tolti: E5–F7; prima ha tolto il piolo in F7. Rosso (Alice): 2 pioli, 0 ponti. Nero (Bob): 2 pioli, 0 ponti."},
		{"it new kosmos", sq12, "", nil, Options{Lang: l10n.Italian, Theme: Kosmos}, 90 * time.Second,
			"Tavoliere di TwixT 12x12, ancora nessuna mossa. Muove Posto 1 (Bianco). Orologio: ancora 1 min. Bianco (Posto 1): 0 pioli, 0 ponti. Nero (Posto 2): 0 pioli, 0 ponti."},
		{"es resignation", sq12, "@sample12.moves", []string{"Alice", "Bob"}, Options{Lang: l10n.Spanish}, 0,
			"Tablero de TwixT 12x12 tras la jugada 15. Rojo gana por abandono. Última jugada: Alice (Rojo) en B2, unido a C4. Rojo (Alice): 8 postes, 7 puentes. Negro (Bob): 7 postes, 4 puentes."},
		{"es draw and a day left", sq12, "g6 g8", []string{"Alice", "Bob"}, Options{Lang: l10n.Spanish}, 49 * time.Hour,
			"Tablero de TwixT 12x12 tras la jugada 2. Turno de Alice (Rojo). Reloj: quedan 2 d 1 h. Última jugada: Bob (Negro) en G8, sin puentes nuevos. Rojo (Alice): 1 poste, 0 puentes. Negro (Bob): 1 poste, 0 puentes."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := FromGame(gameOf(t, tt.set, tt.moves), tt.names...)
			if tt.timed != 0 {
				v.Timed, v.TimeLeft = true, tt.timed
			}
			if got := AltText(v, tt.o); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// englishWords are words of the English texts that no other language's
// alt text or header should contain (whole words: German "links" is left).
var englishWords = regexp.MustCompile(`\b(moves?|pegs?|link|Red|Black|White|board|left|wins|Seat|Privilege|last|and|to)\b`)

// TestNoEnglishCopies: no language keeps a text of the catalogue as it is
// in English, but for the game's name.
func TestNoEnglishCopies(t *testing.T) {
	for _, l := range l10n.Langs()[1:] {
		if got, want := catalogue.SameAsEnglish(l), []string{"alt.twixt"}; !slices.Equal(got, want) {
			t.Errorf("%s: the texts written as in English are %q; want %q", l, got, want)
		}
	}
}

// TestNoEnglishLeftOver: in every other language, the alt text, the zoomed
// alt text, the header's status line and the text board's legend of a range
// of positions carry no English word.
func TestNoEnglishLeftOver(t *testing.T) {
	views := map[string]*View{
		"links":    FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 12, Rows: 12}}, "g6 g8 c8 g4 c4 b8 e7"), "Alice", "Bob"),
		"double":   FromGame(playMoves(t, game.Settings{Players: 4}, "j12 k10 l11 privilege m9 n10"), "Ann", "", "Cy", "Di"),
		"won":      FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 5, Rows: 5}}, "c1 a2 d3 a4 c5"), "Ann", "Bo"),
		"swap":     FromGame(playMoves(t, game.Settings{Swap: game.SwapSides}, "j12 swap"), "Ann", "Bo"),
		"mirror":   FromGame(playMoves(t, game.Settings{Swap: game.SwapMirror}, "e15 swap"), "Ann", "Bo"),
		"3M":       FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 12, Rows: 12}, Ruleset: game.ThreeM}, "e5 j10 f7 j8 d6--f7"), "Ann", "Bo"),
		"resigned": FromGame(playMoves(t, game.Settings{}, "j12 resign")),
		"drawn":    FromGame(playMoves(t, game.Settings{}, "j12 k10 draw")),
	}
	timed := *views["links"]
	timed.Timed, timed.TimeLeft = true, 30*time.Second
	views["timed"] = &timed
	for _, l := range l10n.Langs()[1:] {
		for name, v := range views {
			for _, th := range Themes() {
				o := Options{Lang: l, Theme: th, Scale: Small}
				text, err := Text(v, o)
				if err != nil {
					t.Fatal(err)
				}
				legend := text[strings.Index(text, "O "+th.SideNameIn(l, game.Red)):]
				for what, s := range map[string]string{
					"alt text":        AltText(v, o),
					"zoomed alt text": ZoomAltText(v, o),
					"status line":     strings.Join(statusParts(v, wordsFor(o)), " · "),
					"text legend":     legend,
				} {
					if word := englishWords.FindString(s); word != "" {
						t.Errorf("%s, %s, %s: the %s says %q in English: %q", l, name, th, what, word, s)
					}
				}
			}
		}
	}
}

// TestStatusLineInEveryLanguage: the header's status line, word for word.
func TestStatusLineInEveryLanguage(t *testing.T) {
	v := FromGame(playMoves(t, game.Settings{}, "j12 m10 k14"), "Alice", "Bob")
	v.Timed, v.TimeLeft = true, 23*time.Hour+59*time.Minute+30*time.Second
	won := FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 5, Rows: 5}}, "c1 a2 d3 a4 c5"))
	tests := []struct {
		l          l10n.Lang
		th         Theme
		timed, won string
	}{
		{l10n.English, Classic, "Move 4 · Bob (Black) to move · 23h 59m left · last: Red K14 · 24x24",
			"Red wins by connection · 5 moves · last: Red C5 · 5x5"},
		{l10n.German, Kosmos, "Zug 4 · Bob (Schwarz) am Zug · noch 23 h 59 min · zuletzt: Weiß K14 · 24x24",
			"Weiß gewinnt durch Verbindung · 5 Züge · zuletzt: Weiß C5 · 5x5"},
		{l10n.French, Classic, "Coup 4 · À Bob (Noir) de jouer · encore 23 h 59 min · dernier : Rouge K14 · 24x24",
			"Rouge gagne par connexion · 5 coups · dernier : Rouge C5 · 5x5"},
		{l10n.Italian, Classic, "Mossa 4 · Muove Bob (Nero) · ancora 23 h 59 min · ultima: Rosso K14 · 24x24",
			"Rosso vince per collegamento · 5 mosse · ultima: Rosso C5 · 5x5"},
		{l10n.Spanish, Kosmos, "Jugada 4 · Turno de Bob (Negro) · quedan 23 h 59 min · última: Blanco K14 · 24x24",
			"Blanco gana por conexión · 5 jugadas · última: Blanco C5 · 5x5"},
	}
	for _, tt := range tests {
		w := wordsFor(Options{Lang: tt.l, Theme: tt.th})
		if got := strings.Join(statusParts(v, w), " · "); got != tt.timed {
			t.Errorf("%s: status %q, want %q", tt.l, got, tt.timed)
		}
		if got := strings.Join(statusParts(won, w), " · "); got != tt.won {
			t.Errorf("%s: status %q, want %q", tt.l, got, tt.won)
		}
	}
}

// TestTimeLeftInEveryLanguage: the clock's words and plural forms.
func TestTimeLeftInEveryLanguage(t *testing.T) {
	tests := []struct {
		l    l10n.Lang
		d    time.Duration
		want string
	}{
		{l10n.German, 0, "Zeit abgelaufen"},
		{l10n.German, 30 * time.Second, "noch unter einer Minute"},
		{l10n.German, 61 * time.Minute, "noch 1 h 1 min"},
		{l10n.German, 24 * time.Hour * 3, "noch 3 Tage 0 h"},
		{l10n.French, time.Minute, "encore 1 min"},
		{l10n.French, 50 * time.Hour, "encore 2 j 2 h"},
		{l10n.Italian, -time.Hour, "tempo scaduto"},
		{l10n.Italian, 47 * time.Hour, "ancora 47 h 0 min"},
		{l10n.Spanish, time.Minute, "queda 1 min"},
		{l10n.Spanish, 5 * time.Minute, "quedan 5 min"},
		{l10n.Spanish, time.Hour + 5*time.Minute, "queda 1 h 5 min"},
		{l10n.Spanish, 30 * time.Second, "menos de un minuto"},
	}
	for _, tt := range tests {
		if got := wordsFor(Options{Lang: tt.l}).timeLeft(tt.d); got != tt.want {
			t.Errorf("%s: timeLeft(%s) = %q, want %q", tt.l, tt.d, got, tt.want)
		}
	}
}

// TestHeaderFitsInEveryLanguage draws the header of a 24x24 board in each
// language, at every scale, and checks by its pixels and its measured text
// that the longer German and French words still fit: the status line keeps
// the move, whose turn and the time left, the tag beside each side (to
// move, Privilege, wins) is drawn, and no text runs into the right margin.
func TestHeaderFitsInEveryLanguage(t *testing.T) {
	long := "Maximiliane-Josephine"
	mid := FromGame(playMoves(t, game.Settings{}, "j12 m10 k14"), long, "Jean-Baptiste-Édouard")
	mid.Timed, mid.TimeLeft = true, 47*time.Hour+59*time.Minute
	double := FromGame(playMoves(t, game.Settings{Players: 4}, "j12 k10 l11 privilege m9"), long, "Bernadette", "Carolina", "Dominique")
	double.Timed, double.TimeLeft = true, 23*time.Hour+59*time.Minute
	won := FromGame(playMoves(t, game.Settings{}, "j12 resign"), long, "Bob")
	views := []struct {
		name string
		v    *View
		tags [2]bool // a tag is drawn on Red's line, on Black's
	}{
		{"mid-game", mid, [2]bool{false, true}},
		{"double", double, [2]bool{true, true}},
		{"won", won, [2]bool{true, false}},
	}
	for _, l := range l10n.Langs() {
		for _, sc := range Scales() {
			for _, vc := range views {
				o := Options{Lang: l, Scale: sc, Theme: Kosmos}
				w, th := wordsFor(o), themeFor(o.Theme)
				lay, err := NewLayout(vc.v.Size, o)
				if err != nil {
					t.Fatal(err)
				}
				pad := math.Round(lay.headerFont * 0.6)
				width := float64(lay.Width) - 2*pad
				withFace(false, lay.headerFont, func(f font.Face) {
					got := statusLine(vc.v, w, f, width)
					if tw := textWidth(f, got); tw > width {
						t.Errorf("%s %s %s: the status line %q is %.0f px wide, the header %.0f", l, sc, vc.name, got, tw, width)
					}
					if vc.v.Timed && !vc.v.Result.Over() && !strings.Contains(got, w.timeLeft(vc.v.TimeLeft)) {
						t.Errorf("%s %s %s: the status line that fits, %q, leaves out the time left", l, sc, vc.name, got)
					}
				})
				img, _ := decode(t, vc.v, o)
				top := math.Round(lay.headerFont * 0.45)
				for i := range 2 {
					y0 := int(top + float64(i)*lay.lineH)
					dim, margin := 0, 0
					for y := y0; y < y0+int(lay.lineH); y++ {
						for x := 0; x < lay.Width; x++ {
							// The tag is the only text in the dim colour; the
							// edges of other text blend into colours near it,
							// never onto it.
							if color.RGBAModel.Convert(img.At(x, y)) == th.textDim {
								dim++
							}
							if n := headerColourName(th, img.At(x, y)); (n == "text" || n == "text-dim") && float64(x) > float64(lay.Width)-pad/2 {
								margin++
							}
						}
					}
					if vc.tags[i] && dim == 0 {
						t.Errorf("%s %s %s: line %d has no tag: it did not fit", l, sc, vc.name, i+1)
					}
					if margin > 0 {
						t.Errorf("%s %s %s: line %d has %d pixels of text in the right margin", l, sc, vc.name, i+1, margin)
					}
				}
			}
		}
	}
}

// TestUnknownLanguage: a picture in a language the catalogues lack is
// refused with ErrBadLang; the alt text, which never fails, falls back to
// English.
func TestUnknownLanguage(t *testing.T) {
	v := FromGame(playMoves(t, game.Settings{}, "j12"), "Alice", "Bob")
	o := Options{Lang: "pt"}
	if err := PNG(&strings.Builder{}, v, o); !errors.Is(err, ErrBadLang) {
		t.Errorf("PNG in pt: %v, want ErrBadLang", err)
	}
	if _, err := Text(v, o); !errors.Is(err, ErrBadLang) {
		t.Errorf("Text in pt: %v, want ErrBadLang", err)
	}
	if got, want := AltText(v, o), AltText(v, Options{}); got != want {
		t.Errorf("alt text in pt: %q, want the English %q", got, want)
	}
}
