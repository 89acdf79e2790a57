package storage

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// The environment of a child process.
const (
	childDBEnv   = "TWIXTBOT_STORAGE_CHILD_DB"
	childSeedEnv = "TWIXTBOT_STORAGE_CHILD_SEED"
)

// startChild runs this test binary again in a role (see TestMain), with
// its standard output on a pipe.
func startChild(t *testing.T, role, db string, seed uint64) (*exec.Cmd, io.ReadCloser, io.WriteCloser, *strings.Builder) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+role, childDBEnv+"="+db, childSeedEnv+"="+strconv.FormatUint(seed, 10))
	stderr := &strings.Builder{}
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd, out, in, stderr
}

func childFail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

// holdChild opens the database, says "locked", and keeps it open until its
// standard input closes.
func holdChild() {
	s, err := Open(os.Getenv(childDBEnv), nil)
	if err != nil {
		childFail("hold: %v", err)
	}
	os.Stdout.WriteString("locked\n")
	io.Copy(io.Discard, os.Stdin)
	s.Close()
}

func TestInUseByAnotherProcess(t *testing.T) {
	boltOnly(t)
	path := filepath.Join(t.TempDir(), "twixt.db")
	s, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := create(t, s, newGame(Active))
	s.Close()

	cmd, out, in, stderr := startChild(t, "hold", path, 0)
	line, err := bufio.NewReader(out).ReadString('\n')
	if line != "locked\n" {
		t.Fatalf("child said %q (%v); stderr: %s", line, err, stderr)
	}
	for _, readOnly := range []bool{false, true} {
		_, err = Open(path, &Options{Timeout: 200 * time.Millisecond, ReadOnly: readOnly})
		if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "already in use") {
			t.Errorf("read-only %v: open while another process holds it: %v, want ErrInUse", readOnly, err)
		}
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v; stderr: %s", err, stderr)
	}
	s, err = Open(path, nil)
	if err != nil {
		t.Fatalf("open after the other process let go: %v", err)
	}
	defer s.Close()
	if _, err := s.Get(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
}

// crashChild plays random moves in every active game of the database, from
// several goroutines, as fast as it can, printing each move after it is
// acknowledged: "ack ID LEN MOVE" (LEN is the log's length with the move),
// and "new ID" for each game it creates when one ends. It runs until it is
// killed.
func crashChild() {
	seed, _ := strconv.ParseUint(os.Getenv(childSeedEnv), 10, 64)
	s, err := openChildDB(os.Getenv(childDBEnv))
	if err != nil {
		childFail("crash child: open: %v", err)
	}
	active, err := s.Active(context.Background())
	if err != nil || len(active) == 0 {
		childFail("crash child: %d active games, %v", len(active), err)
	}
	var mu sync.Mutex
	games := ids(active)
	say := func(format string, args ...any) {
		line := fmt.Sprintf(format+"\n", args...)
		mu.Lock()
		defer mu.Unlock()
		os.Stdout.WriteString(line) // one write: a whole line or nothing
	}
	say("ready")
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, uint64(w)))
			for {
				mu.Lock()
				i := r.IntN(len(games))
				id := games[i]
				mu.Unlock()
				g, pos, err := s.Load(context.Background(), id)
				if err != nil {
					childFail("crash child: load %s: %v", id, err)
				}
				if g.State != Active {
					continue
				}
				seat, _ := pos.ToMove()
				mv := randomMove(pos, r)
				if r.IntN(100) == 0 {
					mv = game.Move{Kind: game.Resign}
				}
				m, err := s.AppendMove(context.Background(), id, len(g.Log), seat, mv, nil)
				if errors.Is(err, ErrConflict) || errors.Is(err, ErrWrongState) { // another worker got there first
					continue
				}
				if err != nil {
					childFail("crash child: move in %s: %v", id, err)
				}
				say("ack %d %d %s", id, len(m.Game.Log), m.Game.Log[len(m.Game.Log)-1])
				if m.Game.State == Finished {
					ng, err := s.Create(context.Background(), newGame(Active))
					if err != nil {
						childFail("crash child: create: %v", err)
					}
					say("new %d", ng.ID)
					mu.Lock()
					games[i] = ng.ID
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
}

// openChildDB opens a child's database: a bbolt file, or etcd written
// "etcd:ENDPOINTS|PREFIX".
func openChildDB(db string) (*Store, error) {
	if rest, ok := strings.CutPrefix(db, "etcd:"); ok {
		eps, prefix, _ := strings.Cut(rest, "|")
		return OpenEtcd(EtcdConfig{Endpoints: strings.Split(eps, ","), Prefix: prefix}, nil)
	}
	return Open(db, &Options{Timeout: 10 * time.Second})
}

// TestCrash kills a process that commits moves as fast as it can, at
// random moments, and checks after each kill that the database is
// consistent, that every move the process acknowledged is there, and that
// every game replays.
func TestCrash(t *testing.T) {
	boltOnly(t)
	if testing.Short() {
		t.Skip("runs child processes")
	}
	path := filepath.Join(t.TempDir(), "twixt.db")
	s, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 12; i++ {
		create(t, s, newGame(Active))
	}
	s.Close()

	type ack struct {
		id  GameID
		n   int
		mov string
	}
	var acks []ack
	var created []GameID
	r := rand.New(rand.NewPCG(11, 12))
	const rounds = 24
	total := 0
	for round := 0; round < rounds; round++ {
		// Kill after a random number of acknowledged moves; in some rounds
		// at once, while the child is starting or opening the file.
		wait := r.IntN(150)
		if round%6 == 0 {
			wait = -1
		}
		cmd, out, _, stderr := startChild(t, "crash", path, uint64(round))
		lines := make(chan string)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		n := 0
		killed := false
		if wait < 0 {
			cmd.Process.Kill()
			killed = true
		}
		for line := range lines {
			f := strings.Fields(line)
			switch {
			case len(f) == 4 && f[0] == "ack":
				id, _ := strconv.ParseUint(f[1], 10, 64)
				k, _ := strconv.Atoi(f[2])
				acks = append(acks, ack{GameID(id), k, f[3]})
				n++
			case len(f) == 2 && f[0] == "new":
				id, _ := strconv.ParseUint(f[1], 10, 64)
				created = append(created, GameID(id))
			case line == "ready":
			default:
				t.Fatalf("child said %q", line)
			}
			if !killed && n >= wait {
				cmd.Process.Kill()
				killed = true
			}
		}
		err := cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
			t.Fatalf("round %d: child ended by itself (%v); stderr: %s", round, err, stderr)
		}
		total += n

		s, err := Open(path, nil)
		if err != nil {
			t.Fatalf("round %d: reopen after the kill: %v", round, err)
		}
		if err := s.Check(ctx); err != nil {
			t.Fatalf("round %d: check after the kill: %v", round, err)
		}
		for _, a := range acks {
			g, err := s.Get(ctx, a.id)
			if err != nil {
				t.Fatalf("round %d: acknowledged game %s: %v", round, a.id, err)
			}
			if len(g.Log) < a.n || g.Log[a.n-1].String() != a.mov {
				t.Fatalf("round %d: game %s lost acknowledged move %d (%s): log has %d entries", round, a.id, a.n, a.mov, len(g.Log))
			}
		}
		for _, id := range created {
			if _, err := s.Get(ctx, id); err != nil {
				t.Fatalf("round %d: acknowledged new game %s: %v", round, id, err)
			}
		}
		s.Close()
	}
	t.Logf("%d rounds, %d acknowledged moves, %d new games, all present after SIGKILL", rounds, total, len(created))
	if total == 0 {
		t.Fatal("the child acknowledged no move: the test tested nothing")
	}
}
