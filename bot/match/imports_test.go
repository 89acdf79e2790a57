package match

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportsNoDiscord: the match logic knows nothing of Discord. Neither
// it nor anything it imports, however indirectly, is the bot's Discord
// side or a Discord library; of this module only game and storage are
// below it, with what they use (rating, the snowflake IDs, internal/wake),
// and l10n for the language setting.
func TestImportsNoDiscord(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/twixtbot/twixtbot/"
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps gave %d packages: %q", len(deps), deps)
	}
	for _, p := range deps {
		switch {
		case strings.Contains(p, "discord"):
			t.Errorf("bot/match depends on %s", p)
		case strings.HasPrefix(p, module):
			rel := strings.TrimPrefix(p, module)
			ok := rel == "bot/match" || rel == "storage" || rel == "rating" || rel == "snowflake" || rel == "l10n" || rel == "internal/wake" || strings.HasPrefix(rel, "game")
			if !ok {
				t.Errorf("bot/match depends on %s; it may import only game and storage of this module (and their rating, snowflake and internal/wake)", p)
			}
		}
	}
}
