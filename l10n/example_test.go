package l10n_test

import (
	"fmt"
	"os"

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
