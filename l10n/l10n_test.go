package l10n

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestFromDiscord(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Lang
		ok   bool
	}{
		{"de", German, true}, {"en-US", English, true}, {"en-GB", English, true},
		{"es-ES", Spanish, true}, {"es-419", Spanish, true}, {"fr", French, true}, {"it", Italian, true},
		{"pt-BR", English, false}, {"", English, false}, {"ja", English, false},
	} {
		got, ok := FromDiscord(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("FromDiscord(%q) = %s, %v; want %s, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestParseLang(t *testing.T) {
	for in, want := range map[string]Lang{"de": German, "German": German, "deutsch": German, " FR ": French,
		"Français": French, "es-ES": Spanish, "italiano": Italian, "english": English} {
		if got, err := ParseLang(in); err != nil || got != want {
			t.Errorf("ParseLang(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	_, err := ParseLang("klingon")
	var ue *UnknownLangError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "de (Deutsch)") {
		t.Errorf("ParseLang(klingon) error = %v; want an UnknownLangError naming the languages", err)
	}
}

func TestDiscordLocalesRoundTrip(t *testing.T) {
	for _, l := range Langs() {
		if len(l.DiscordLocales()) == 0 {
			t.Errorf("%s has no Discord locale", l)
		}
		for _, loc := range l.DiscordLocales() {
			if got, ok := FromDiscord(loc); !ok || got != l {
				t.Errorf("FromDiscord(%q) = %s, %v; want %s", loc, got, ok, l)
			}
		}
	}
}

func TestTextAndPlurals(t *testing.T) {
	c, err := Load(os.DirFS("testdata"), "good")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Check(); err != nil {
		t.Fatalf("Check: %v", err)
	}
	for _, tc := range []struct {
		lang Lang
		n    int
		want string
	}{
		{English, 1, "1 turn"}, {English, 0, "0 turns"}, {English, 2, "2 turns"},
		{German, 1, "1 Zug"}, {German, 5, "5 Züge"},
		{French, 0, "0 tour"}, {French, 1, "1 tour"}, {French, 2, "2 tours"}, // French counts 0 as one
		{Italian, 1, "1 turno"}, {Spanish, 3, "3 turnos"},
	} {
		if got := c.Count(tc.lang, "turns", tc.n, nil); got != tc.want {
			t.Errorf("Count(%s, turns, %d) = %q; want %q", tc.lang, tc.n, got, tc.want)
		}
	}
	if got := c.Text(German, "refusal.occupied", Args{"Hole": "j12"}); got != "Im Loch j12 steht schon ein Pfeiler. Nichts wurde geändert." {
		t.Errorf("German text = %q", got)
	}
	if got := c.Placeholders("refusal.occupied"); len(got) != 1 || got[0] != "Hole" {
		t.Errorf("Placeholders = %v", got)
	}
	if got := c.Text(German, "no.such.key", nil); got != "no.such.key" {
		t.Errorf("missing key gives %q; want the key", got)
	}
}

func TestFallbackToEnglish(t *testing.T) {
	fsys := fstest.MapFS{
		"c/en.toml": {Data: []byte("a = \"Hello {{.Name}}\"\nb = \"Bye\"\n")},
		"c/de.toml": {Data: []byte("a = \"Hallo {{.Name}}\"\n")},
	}
	c, err := Load(fsys, "c")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Text(German, "b", nil); got != "Bye" {
		t.Errorf("German b = %q; want the English fallback", got)
	}
	if got := c.Text(Lang("xx"), "a", Args{"Name": "Ana"}); got != "Hello Ana" {
		t.Errorf("unknown language gives %q; want English", got)
	}
	if c.Check() == nil {
		t.Error("Check passed with a key and three files missing")
	}
	for _, tt := range []struct {
		l    Lang
		id   string
		want bool
	}{{English, "a", true}, {English, "b", true}, {German, "a", true}, {German, "b", false}, {French, "a", false}, {English, "c", false}} {
		if got := c.HasIn(tt.l, tt.id); got != tt.want {
			t.Errorf("HasIn(%s, %q) = %v, want %v", tt.l, tt.id, got, tt.want)
		}
	}
}

func TestCheckFindsEveryProblem(t *testing.T) {
	c, err := Load(os.DirFS("testdata"), "bad")
	if err != nil {
		t.Fatal(err)
	}
	err = c.Check()
	if err == nil {
		t.Fatal("Check passed on bad catalogues")
	}
	for _, want := range []string{
		`de: key "refusal.occupied" lacks placeholder {{.Hole}}`,
		`de: key "refusal.occupied" has placeholder {{.Loch}}, which English does not`,
		`de: key "refusal.extra" is not in en.toml`,
		`de: key "turns" lacks the "one" plural form`,
		`fr: key "refusal.occupied" is missing`,
		`fr: key "turns" has plural form "two", which Français does not use`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Check error lacks %q; got:\n%v", want, err)
		}
	}
	for _, clean := range []string{"es:", "it:"} {
		if strings.Contains(err.Error(), clean) {
			t.Errorf("Check reports %s, which is complete:\n%v", clean, err)
		}
	}
}

func TestLoadRefusesBrokenFiles(t *testing.T) {
	for name, fsys := range map[string]fstest.MapFS{
		"no English": {"c/de.toml": {Data: []byte("a = \"x\"\n")}},
		"bad TOML":   {"c/en.toml": {Data: []byte("a = \"x\"\n")}, "c/de.toml": {Data: []byte("a = \"x\n")}},
	} {
		if _, err := Load(fsys, "c"); err == nil {
			t.Errorf("%s: Load succeeded", name)
		}
	}
}

func FuzzParseLang(f *testing.F) {
	for _, s := range []string{"de", "es-419", "Deutsch", "", "xx-YY", "english"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLang(s)
		if err == nil && !l.Known() {
			t.Fatalf("ParseLang(%q) = %q, which is not a known language", s, l)
		}
		if err != nil && !strings.Contains(err.Error(), "twixtbot speaks") {
			t.Fatalf("ParseLang(%q) error %q does not say what to write instead", s, err)
		}
	})
}

// TestSameAsEnglish: a text written exactly as English's, in every form,
// is reported, unless it has no word of its own; a text translated in one
// form only, or missing, is not.
func TestSameAsEnglish(t *testing.T) {
	c := MustLoad(fstest.MapFS{
		"c/en.toml": {Data: []byte(`copied = "Nothing changed."
shared = "page {{.N}}"
marks = "{{.Name}} ({{.Side}}), {{cmd \"x\"}}"
translated = "Your turn."
missing = "Only in English."
[minutes]
one = "{{.Count}} minute"
other = "{{.Count}} minutes"
[turns]
one = "{{.Count}} turn"
other = "{{.Count}} turns"
`)},
		"c/fr.toml": {Data: []byte(`copied = "Nothing changed."
shared = "page {{.N}}"
marks = "{{.Name}} ({{.Side}}), {{cmd \"x\"}}"
translated = "À toi."
[minutes]
one = "{{.Count}} minute"
other = "{{.Count}} minutes"
[turns]
one = "{{.Count}} tour"
other = "{{.Count}} turns"
`)},
	}, "c")
	for _, tc := range []struct {
		l    Lang
		want []string
	}{
		{French, []string{"copied", "minutes", "shared"}},
		{German, nil}, // no file: nothing of its own
		{English, nil},
	} {
		if got := c.SameAsEnglish(tc.l); !slices.Equal(got, tc.want) {
			t.Errorf("SameAsEnglish(%s) = %q; want %q", tc.l, got, tc.want)
		}
	}
}
