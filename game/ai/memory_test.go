package ai

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

var memoryTime = flag.Duration("memory.time", 0, "run TestMemory: a search of this long on 24x24 (the issue says 10s)")

// TestMemory runs one long search on a 24x24 mid-game and checks that the
// memory the process took from the system stays under 500 MB. It runs only
// when asked: go test ./game/ai -run Memory -memory.time 10s
func TestMemory(t *testing.T) {
	if *memoryTime == 0 {
		t.Skip("run with -memory.time 10s")
	}
	g := randomGame(t, game.Settings{}, 20, rand.New(rand.NewPCG(2, 2)))
	runtime.GC()
	e := newEngine(g, Config{Level: MaxLevel, MoveTime: *memoryTime})
	d, err := e.decide(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tree: %d nodes at the end, cap %d, pruned %d times", len(e.nodes), e.maxN, e.prunes)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("%s search: %s; %d MB from the system, %d MB of heap in use, peak resident %s", *memoryTime, d, ms.Sys>>20, ms.HeapInuse>>20, peakRSS())
	if ms.Sys > 500<<20 {
		t.Errorf("the search took %d MB from the system, want under 500 MB", ms.Sys>>20)
	}
}

// peakRSS is the process's peak resident memory as Linux reports it
// (VmHWM), or "unknown".
func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}
