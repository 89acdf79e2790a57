package wake_test

import (
	"context"
	"fmt"
	"sync"

	"github.com/twixtbot/twixtbot/internal/wake"
)

func ExampleSignal() {
	var (
		mu      sync.Mutex
		done    int
		changed wake.Signal
	)
	for range 3 {
		go func() {
			mu.Lock()
			done++
			changed.Broadcast()
			mu.Unlock()
		}()
	}
	err := changed.Wait(context.Background(), &mu, func() bool { return done == 3 })
	fmt.Println(done, err)
	// Output: 3 <nil>
}
