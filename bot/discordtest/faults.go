package discordtest

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Fault is a misbehaviour of the fake for the next calls that match it.
// Of Drop, Status and DropAfter the first set applies; Delay and Hold come
// before any of them (alone, they make a slow but normal answer).
type Fault struct {
	Method string // only calls of this method; "" any
	Path   string // only calls whose path contains this; "" any
	Times  int    // how many matching calls it affects (default 1)

	Status     int             // answer with this status: 429 gets Discord's JSON with retry_after; 5xx a JSON error
	RetryAfter time.Duration   // for 429: retry_after in the body and Retry-After in the headers
	Global     bool            // for 429: a global rate limit
	Delay      time.Duration   // wait this long first (cut short if the client gives up)
	Hold       <-chan struct{} // wait until this is closed first (or the client gives up)
	Drop       bool            // close the connection without an answer, before handling the call
	DropAfter  bool            // handle the call, then close the connection without an answer
}

func (f Fault) String() string {
	var parts []string
	if f.Delay > 0 {
		parts = append(parts, "delay "+f.Delay.String())
	}
	if f.Hold != nil {
		parts = append(parts, "hold")
	}
	switch {
	case f.Drop:
		parts = append(parts, "drop")
	case f.Status != 0:
		s := "status " + strconv.Itoa(f.Status)
		if f.Status == http.StatusTooManyRequests {
			s += " retry_after " + f.RetryAfter.String()
			if f.Global {
				s += " global"
			}
		}
		parts = append(parts, s)
	case f.DropAfter:
		parts = append(parts, "drop after handling")
	}
	return strings.Join(parts, ", ")
}

type faultState struct {
	Fault
	left int
}

// Inject adds a fault for the next calls that match it. Faults apply in
// the order injected; each call meets at most one.
func (f *Fake) Inject(flt Fault) {
	if flt.Times <= 0 {
		flt.Times = 1
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.faults = append(f.faults, &faultState{Fault: flt, left: flt.Times})
}

// PendingFaults is the number of injected faults not yet used up.
func (f *Fake) PendingFaults() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, x := range f.faults {
		n += x.left
	}
	return n
}

// takeFault finds and uses the fault for a call; f.mu is held.
func (f *Fake) takeFault(r *http.Request) *Fault {
	for i, x := range f.faults {
		if (x.Method == "" || x.Method == r.Method) && strings.Contains(r.URL.Path, x.Path) {
			x.left--
			if x.left == 0 {
				f.faults = append(f.faults[:i], f.faults[i+1:]...)
			}
			flt := x.Fault
			return &flt
		}
	}
	return nil
}

// before waits out Delay and Hold; false if the client gave up meanwhile.
func (flt *Fault) before(ctx context.Context) bool {
	if flt.Delay > 0 {
		t := time.NewTimer(flt.Delay)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return false
		}
	}
	if flt.Hold != nil {
		select {
		case <-flt.Hold:
		case <-ctx.Done():
			return false
		}
	}
	return true
}

// answer writes the fault's status as Discord would.
func (flt *Fault) answer(w http.ResponseWriter) {
	if flt.Status == http.StatusTooManyRequests {
		secs := flt.RetryAfter.Seconds()
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
		if flt.Global {
			w.Header().Set("X-RateLimit-Global", "true")
			w.Header().Set("X-RateLimit-Scope", "global")
		} else {
			w.Header().Set("X-RateLimit-Scope", "user")
		}
		writeJSON(w, flt.Status, map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": flt.Global})
		return
	}
	writeError(w, flt.Status, 0, fmt.Sprintf("%d: %s", flt.Status, http.StatusText(flt.Status)))
}
