package l10n

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// commandNames are a command's names by language, as a Ref looks them up.
var commandNames = map[string]map[Lang]string{
	"challenge": {English: "challenge", German: "herausfordern", French: "défier", Italian: "sfida", Spanish: "desafiar"},
	"move":      {English: "move", German: "setzen", French: "jouer", Italian: "muovi", Spanish: "mover"},
}

func nameRef(l Lang, arg string) (string, error) {
	names, ok := commandNames[arg]
	if !ok {
		return "", fmt.Errorf("no command %q", arg)
	}
	return "`/" + names[l] + "`", nil
}

func refCatalogue(t *testing.T, files map[Lang]string) *Catalogue {
	t.Helper()
	fsys := fstest.MapFS{}
	for l, s := range files {
		fsys["c/"+string(l)+".toml"] = &fstest.MapFile{Data: []byte(s)}
	}
	c, err := Load(fsys, "c")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var goodRefs = map[Lang]string{
	English: `start = "Start one with {{cmd \"challenge\"}}, then {{cmd \"move\"}} at {{.Hole}}."
[games]
one = "{{.Count}} game: see {{cmd \"move\"}}"
other = "{{.Count}} games: see {{cmd \"move\"}}"
`,
	German: `start = "Starte eine mit {{cmd \"challenge\"}} und setze mit {{cmd \"move\"}} auf {{.Hole}}."
[games]
one = "{{.Count}} Partie: siehe {{cmd \"move\"}}"
other = "{{.Count}} Partien: siehe {{cmd \"move\"}}"
`,
	French:  `start = "Lancez-en une avec {{cmd \"challenge\"}}, puis {{cmd \"move\"}} en {{.Hole}}."` + "\n",
	Italian: `start = "Iniziane una con {{cmd \"challenge\"}}, poi {{cmd \"move\"}} in {{.Hole}}."` + "\n",
	Spanish: `start = "Empieza una con {{cmd \"challenge\"}} y luego {{cmd \"move\"}} en {{.Hole}}."` + "\n",
}

func TestRefsSpeakTheTextsLanguage(t *testing.T) {
	c := refCatalogue(t, goodRefs).WithRefs(Refs{"cmd": nameRef})
	for _, tc := range []struct {
		l    Lang
		id   string
		want string
	}{
		{English, "start", "Start one with `/challenge`, then `/move` at j12."},
		{German, "start", "Starte eine mit `/herausfordern` und setze mit `/setzen` auf j12."},
		{French, "start", "Lancez-en une avec `/défier`, puis `/jouer` en j12."},
		// Italian lacks games: the English text, with the Italian names.
		{Italian, "games", "2 games: see `/muovi`"},
	} {
		got := c.Count(tc.l, tc.id, 2, Args{"Hole": "j12"})
		if tc.id == "start" {
			got = c.Text(tc.l, tc.id, Args{"Hole": "j12"})
		}
		if got != tc.want {
			t.Errorf("%s %s = %q; want %q", tc.l, tc.id, got, tc.want)
		}
	}
	if got := c.Count(German, "games", 1, nil); got != "1 Partie: siehe `/setzen`" {
		t.Errorf("German games(1) = %q", got)
	}
}

// Views with other Refs share the parsed texts, and each call binds its
// own: used at once from many goroutines, none sees another's names.
func TestViewsKeepTheirOwnRefs(t *testing.T) {
	base := refCatalogue(t, goodRefs)
	views := map[string]*Catalogue{}
	for _, id := range []string{"111", "222", "333"} {
		id := id
		views[id] = base.WithRefs(Refs{"cmd": func(l Lang, arg string) (string, error) {
			return "</" + arg + ":" + id + ">", nil
		}})
	}
	var wg sync.WaitGroup
	errs := make(chan string, 300)
	for id, v := range views {
		for i := 0; i < 100; i++ {
			wg.Add(1)
			go func(id string, v *Catalogue, l Lang) {
				defer wg.Done()
				got := v.Text(l, "start", Args{"Hole": "c3"})
				if strings.Count(got, ":"+id+">") != 2 {
					errs <- fmt.Sprintf("view %s in %s: %q", id, l, got)
				}
			}(id, v, Langs()[i%len(Langs())])
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if got := base.WithRefs(Refs{"cmd": nameRef}).Text(German, "start", Args{"Hole": "c3"}); !strings.Contains(got, "`/herausfordern`") {
		t.Errorf("after the views, a view naming commands gives %q", got)
	}
	if got := base.Text(English, "start", nil); got != "start" {
		t.Errorf("a catalogue without its Refs gives %q; want the key, as for a text it cannot write", got)
	}
}

func TestRefCalls(t *testing.T) {
	c := refCatalogue(t, goodRefs)
	got := fmt.Sprint(c.RefCalls("start"))
	if want := `[{{cmd "challenge"}} {{cmd "move"}}]`; got != want {
		t.Errorf("RefCalls(start) = %s; want %s", got, want)
	}
	if got := c.RefCalls("no.such"); len(got) != 0 {
		t.Errorf("RefCalls of a missing key = %v", got)
	}
}

func TestCheckComparesRefs(t *testing.T) {
	files := map[Lang]string{}
	for l, s := range goodRefs {
		files[l] = s
	}
	files[English] = `bad_arg = "See {{cmd \"chalenge\"}}."` + "\n" + `not_literal = "See {{cmd .Name}}."` + "\n" + files[English]
	files[German] = `start = "Starte eine mit {{cmd \"move\"}} auf {{.Hole}} oder {{cmd \"help\"}}."
bad_arg = "Siehe {{cmd \"chalenge\"}}."
not_literal = "Siehe {{kmd \"move\"}}."
[games]
one = "{{.Count}} Partie"
other = "{{.Count}} Partien: siehe {{cmd \"move\"}}"
`
	c := refCatalogue(t, files).WithRefs(Refs{"cmd": nameRef})
	err := c.Check()
	if err == nil {
		t.Fatal("Check passed with wrong references")
	}
	for _, want := range []string{
		`de: key "start" lacks {{cmd "challenge"}}, which English has`,
		`de: key "start" has {{cmd "help"}}, which English does not`,
		`de: key "start": {{cmd "help"}}: no command "help"`,
		`en: key "bad_arg": {{cmd "chalenge"}}: no command "chalenge"`,
		`de: key "bad_arg": {{cmd "chalenge"}}: no command "chalenge"`,
		`en: key "not_literal": cmd .Name: a function takes one quoted argument`,
		`de: key "not_literal" calls {{kmd "move"}}, but there is no function "kmd" (there are cmd)`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Check error lacks %q; got:\n%v", want, err)
		}
	}
	// A plural form without the call is fine while another form has it:
	// the forms of a text are compared together, as placeholders are.
	if strings.Contains(err.Error(), `de: key "games"`) {
		t.Errorf("Check reports games:\n%v", err)
	}
	if err := refCatalogue(t, goodRefs).Check(); err == nil || !strings.Contains(err.Error(), `there is no function "cmd" (there are none)`) {
		t.Errorf("Check of texts calling functions, without Refs: %v", err)
	}
}

func BenchmarkTextWithRefs(b *testing.B) {
	fsys := fstest.MapFS{}
	for l, s := range goodRefs {
		fsys["c/"+string(l)+".toml"] = &fstest.MapFile{Data: []byte(s)}
	}
	c := MustLoad(fsys, "c").WithRefs(Refs{"cmd": nameRef})
	a := Args{"Hole": "j12"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c.Text(German, "start", a)
	}
}

// BenchmarkTextWithoutRefs is BenchmarkTextWithRefs's baseline: a text
// with a placeholder and no call.
func BenchmarkTextWithoutRefs(b *testing.B) {
	c := MustLoad(fstest.MapFS{"c/en.toml": {Data: []byte(`start = "Start one at {{.Hole}}, then move at {{.Hole}}."` + "\n")}}, "c")
	a := Args{"Hole": "j12"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c.Text(German, "start", a)
	}
}

// A text may call template builtins beside its Refs: they stay the
// builtins, and the Refs speak each call's language however often the
// text runs (its bound copies are reused).
func TestRefsBesideBuiltins(t *testing.T) {
	c := refCatalogue(t, map[Lang]string{
		English: `n = """{{printf "%03d" .N}}: {{if eq .N 7}}{{cmd "move"}}{{else}}{{cmd "challenge"}}{{end}}"""` + "\n",
	}).WithRefs(Refs{"cmd": nameRef})
	for i, tc := range []struct {
		l    Lang
		n    int
		want string
	}{
		{English, 7, "007: `/move`"},
		{German, 7, "007: `/setzen`"},
		{French, 8, "008: `/défier`"},
		{German, 7, "007: `/setzen`"},
		{English, 9, "009: `/challenge`"},
	} {
		if got := c.Text(tc.l, "n", Args{"N": tc.n}); got != tc.want {
			t.Errorf("%d: %s n(%d) = %q; want %q", i, tc.l, tc.n, got, tc.want)
		}
	}
}

// Calls inside if, range and with are found too.
func TestRefCallsInBranches(t *testing.T) {
	c := refCatalogue(t, map[Lang]string{English: `x = """{{if .A}}{{cmd "challenge"}}{{else}}{{cmd "move"}}{{end}}{{with .B}}{{cmd "help"}}{{end}}{{range .C}}{{cmd "games"}}{{end}}"""` + "\n"})
	got := fmt.Sprint(c.RefCalls("x"))
	if want := `[{{cmd "challenge"}} {{cmd "games"}} {{cmd "help"}} {{cmd "move"}}]`; got != want {
		t.Errorf("RefCalls = %s; want %s", got, want)
	}
}
