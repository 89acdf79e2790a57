package render

import (
	"bytes"
	"fmt"
	"sync"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestConcurrent draws from many goroutines at once, over more (size,
// theme, scale) combinations than the cache of empty boards holds, and
// checks that every picture is byte for byte the one drawn alone. Run it
// with -race: faces, sprites and cached boards are shared.
func TestConcurrent(t *testing.T) {
	views := testViews(t)
	type job struct {
		name string
		v    *View
		o    Options
	}
	var jobs []job
	for name, v := range views {
		if name == "monster-100" {
			continue // slow to draw for nothing new
		}
		for _, th := range Themes() {
			for _, sc := range Scales() {
				jobs = append(jobs, job{fmt.Sprintf("%s/%s/%s", name, th, sc), v, Options{Theme: th, Scale: sc}})
			}
		}
	}
	if len(jobs) <= baseCacheSize {
		t.Fatalf("only %d jobs: the cache of %d boards would never evict", len(jobs), baseCacheSize)
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		var buf bytes.Buffer
		if err := PNG(&buf, j.v, j.o); err != nil {
			t.Fatal(err)
		}
		want[i] = buf.Bytes()
	}
	const workers = 4
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range len(jobs) / 2 {
				i := (k*7 + w*(len(jobs)/workers)) % len(jobs) // each worker in its own order
				j := jobs[i]
				var buf bytes.Buffer
				if err := PNG(&buf, j.v, j.o); err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(buf.Bytes(), want[i]) {
					errs <- fmt.Errorf("%s: drawn concurrently, the picture differs from the one drawn alone", j.name)
					return
				}
				if _, err := Text(j.v, j.o); err != nil {
					errs <- err
					return
				}
				_ = AltText(j.v, j.o)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestConcurrentFirstUse: many goroutines asking at once for a board that
// is not drawn yet all get the same, complete picture.
func TestConcurrentFirstUse(t *testing.T) {
	v := FromGame(playMoves(t, game.Settings{Size: game.Size{Cols: 17, Rows: 19}}, "c3 d5 e5 f7"), "A", "B")
	o := Options{Theme: Kosmos, Scale: Large}
	var wg sync.WaitGroup
	out := make([][]byte, 6)
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf bytes.Buffer
			if err := PNG(&buf, v, o); err != nil {
				t.Error(err)
			}
			out[i] = buf.Bytes()
		}()
	}
	wg.Wait()
	for i := range out {
		if !bytes.Equal(out[i], out[0]) {
			t.Fatalf("picture %d differs from picture 0", i)
		}
	}
	checkPicture(t, v, o, "17x19 kosmos large, drawn first by many")
}
