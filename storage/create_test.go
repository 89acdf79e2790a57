package storage

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// childStepEnv names the step of building a new database at which the
// "create" child stops.
const childStepEnv = "TWIXTBOT_STORAGE_CHILD_STEP"

// createChild opens a new database, stopping at a step of building it:
// it says "at STEP" and waits to be killed.
func createChild() {
	step := os.Getenv(childStepEnv)
	createHook = func(s string) {
		if s == step {
			os.Stdout.WriteString("at " + s + "\n")
			// Wait to be killed. Not select{}: with no other goroutine
			// left, the runtime calls that a deadlock and exits with 2
			// before the kill comes; a pending timer keeps it waiting.
			for {
				time.Sleep(time.Hour)
			}
		}
	}
	if _, err := Open(os.Getenv(childDBEnv), nil); err != nil {
		childFail("create: %v", err)
	}
	childFail("create: step %q was never reached", step)
}

// TestKilledWhileCreating kills a process at each step of building a new
// database, as an OOM kill or a container's restart loop would, and checks
// that the next start opens a whole, empty database without anyone's
// help, and leaves no temporary file behind.
func TestKilledWhileCreating(t *testing.T) {
	boltOnly(t)
	if testing.Short() {
		t.Skip("runs child processes")
	}
	for _, tt := range []struct {
		step      string
		finalName bool // whether the database has its final name at that step
	}{
		{stepTempOpen, false},
		{stepTempBolt, false},
		{stepTempReady, false},
		{stepRenamed, true},
		{stepDirSynced, true},
	} {
		t.Run(tt.step, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "twixt.db")
			t.Setenv(childStepEnv, tt.step) // startChild passes the environment on
			cmd, out, _, stderr := startChild(t, "create", path, 0)
			line, err := bufio.NewReader(out).ReadString('\n')
			if line != "at "+tt.step+"\n" {
				t.Fatalf("child said %q (%v); stderr: %s", line, err, stderr)
			}
			cmd.Process.Kill()
			cmd.Wait()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
				t.Fatalf("child was not killed: %v", cmd.ProcessState)
			}
			_, err = os.Stat(path)
			if exists := err == nil; exists != tt.finalName {
				t.Fatalf("after a kill at %s, the database exists: %v, want %v", tt.step, exists, tt.finalName)
			}
			s, err := Open(path, nil)
			if err != nil {
				t.Fatalf("reopen after a kill at %s: %v", tt.step, err)
			}
			defer s.Close()
			if err := s.Check(ctx); err != nil {
				t.Fatalf("check: %v", err)
			}
			create(t, s, newGame(Active)) // it takes games
			if _, err := os.Stat(creatingPath(path)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the temporary file is still there: %v", err)
			}
		})
	}
}

// TestCreateAfterLeftovers opens databases beside leftovers of crashed
// builds: a temporary file with garbage in it, when there is no database
// (it is reused), and when there is one (it is removed).
func TestCreateAfterLeftovers(t *testing.T) {
	boltOnly(t)
	for _, withDB := range []bool{false, true} {
		dir := t.TempDir()
		path := filepath.Join(dir, "twixt.db")
		if withDB {
			s, err := Open(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			create(t, s, newGame(Active))
			s.Close()
		}
		if err := os.WriteFile(creatingPath(path), []byte(strings.Repeat("half a database ", 500)), 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Open(path, nil)
		if err != nil {
			t.Fatalf("database there %v: open beside a leftover: %v", withDB, err)
		}
		games, err := s.Active(ctx)
		s.Close()
		if err != nil || len(games) != map[bool]int{false: 0, true: 1}[withDB] {
			t.Errorf("database there %v: %d games (%v)", withDB, len(games), err)
		}
		if _, err := os.Stat(creatingPath(path)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("database there %v: the leftover is still there: %v", withDB, err)
		}
	}
}

// TestCreateRace builds one new database from many opens at once: each
// gets the same database, one at a time.
func TestCreateRace(t *testing.T) {
	boltOnly(t)
	path := filepath.Join(t.TempDir(), "twixt.db")
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = ensureDB(path, &Options{Timeout: DefaultTimeout})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("open %d: %v", i, err)
		}
	}
	s, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(creatingPath(path)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the temporary file is still there: %v", err)
	}
}

// TestEmptyFileRefused keeps the refusal of an empty file at the final
// path: it may be a database truncated to nothing, and must not be
// silently replaced by a new one.
func TestEmptyFileRefused(t *testing.T) {
	boltOnly(t)
	path := filepath.Join(t.TempDir(), "twixt.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(path, nil)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "empty") {
		t.Fatalf("open an empty file: %v, want ErrCorrupt saying it is empty", err)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != 0 {
		t.Errorf("the empty file was changed: %v, %v", st, err)
	}
}
