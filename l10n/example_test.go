package l10n_test

import (
	"fmt"
	"os"
	"testing/fstest"

	"github.com/twixtbot/twixtbot/l10n"
)

func Example() {
	c := l10n.MustLoad(os.DirFS("testdata"), "good")
	lang, _ := l10n.FromDiscord("de") // an interaction's locale
	fmt.Println(c.Text(lang, "refusal.occupied", l10n.Args{"Hole": "j12"}))
	fmt.Println(c.Count(l10n.French, "turns", 2, nil))
	// Output:
	// Im Loch j12 steht schon ein Pfeiler. Nichts wurde geändert.
	// 2 tours
}

func ExampleCatalogue_WithRefs() {
	c := l10n.MustLoad(fstest.MapFS{
		"c/en.toml": {Data: []byte(`none = "No game here: start one with {{cmd \"challenge\"}}."` + "\n")},
		"c/de.toml": {Data: []byte(`none = "Hier läuft keine Partie: starte eine mit {{cmd \"challenge\"}}."` + "\n")},
	}, "c")
	names := map[l10n.Lang]string{l10n.English: "challenge", l10n.German: "herausfordern"}
	c = c.WithRefs(l10n.Refs{"cmd": func(l l10n.Lang, arg string) (string, error) {
		if arg != "challenge" {
			return "", fmt.Errorf("no command %q", arg)
		}
		return "`/" + names[l] + "`", nil
	}})
	fmt.Println(c.Text(l10n.English, "none", nil))
	fmt.Println(c.Text(l10n.German, "none", nil))
	// Output:
	// No game here: start one with `/challenge`.
	// Hier läuft keine Partie: starte eine mit `/herausfordern`.
}
