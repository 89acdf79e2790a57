package ai

import (
	"context"
	"flag"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

var memoryTime = flag.Duration("memory.time", 0, "run TestMemory: a search of this long on 24x24 (the issue says 10s)")

// TestMemory runs one long Monte Carlo search (the search with a tree) on
// a 24x24 mid-game and checks that the
// memory the process took from the system stays under 500 MB. It runs only
// when asked: go test ./game/ai -run Memory -memory.time 10s
func TestMemory(t *testing.T) {
	if *memoryTime == 0 {
		t.Skip("run with -memory.time 10s")
	}
	g := randomGame(t, game.Settings{}, 20, rand.New(rand.NewPCG(2, 2)))
	runtime.GC()
	d, err := Choose(context.Background(), g, Config{Level: MaxLevel, Method: MCTS, MoveTime: *memoryTime})
	if err != nil {
		t.Fatal(err)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("%s search: %s; %d MB from the system, %d MB of heap in use", *memoryTime, d, ms.Sys>>20, ms.HeapInuse>>20)
	if ms.Sys > 500<<20 {
		t.Errorf("the search took %d MB from the system, want under 500 MB", ms.Sys>>20)
	}
}
