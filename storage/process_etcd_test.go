package storage

import (
	"bufio"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/twixtbot/twixtbot/storage/etcdtest"
)

// TestTwoProcessesOnEtcdKill runs two processes that play moves as fast
// as they can in the same games of one store on etcd, each checking its
// move against the log it loaded, and SIGKILLs one of them midway while
// the other plays on. Then: every move either process acknowledged is in
// its game's log at the place it was acknowledged at, no place of any
// log was acknowledged twice (no move doubled), and the store checks
// clean.
func TestTwoProcessesOnEtcdKill(t *testing.T) {
	boltOnly(t) // it starts its own etcd server; once is enough
	if testing.Short() {
		t.Skip("runs child processes")
	}
	srv := etcdtest.New(t)
	db := "etcd:" + strings.Join(srv.Endpoints, ",") + "|kill/"
	s, err := openChildDB(db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for range 6 { // few games, so that the two processes collide often
		create(t, s, newGame(Active))
	}

	type place struct {
		id GameID
		n  int
	}
	acked := map[place]string{}
	var created []GameID
	lines := make(chan [2]string)
	var cmds [2]*struct {
		kill func()
		wait func() error
		sig  func() bool
		errs *strings.Builder
	}
	for i := range cmds {
		cmd, out, _, stderr := startChild(t, "crash", db, uint64(100+i))
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- [2]string{strconv.Itoa(i), sc.Text()}
			}
			lines <- [2]string{strconv.Itoa(i), "EOF"}
		}()
		cmds[i] = &struct {
			kill func()
			wait func() error
			sig  func() bool
			errs *strings.Builder
		}{
			kill: func() { cmd.Process.Kill() },
			wait: cmd.Wait,
			sig: func() bool {
				ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
				return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
			},
			errs: stderr,
		}
	}
	per := [2]int{}
	open := 2
	for open > 0 {
		l := <-lines
		who, _ := strconv.Atoi(l[0])
		f := strings.Fields(l[1])
		switch {
		case l[1] == "EOF":
			open--
			continue
		case len(f) == 4 && f[0] == "ack":
			id, _ := strconv.ParseUint(f[1], 10, 64)
			n, _ := strconv.Atoi(f[2])
			p := place{GameID(id), n}
			if prev, ok := acked[p]; ok {
				t.Errorf("move %d of %s acknowledged twice: %s, then %s by process %d", n, p.id, prev, f[3], who)
			}
			acked[p] = f[3]
			per[who]++
		case len(f) == 2 && f[0] == "new":
			id, _ := strconv.ParseUint(f[1], 10, 64)
			created = append(created, GameID(id))
		case l[1] == "ready":
		default:
			t.Fatalf("process %d said %q", who, l[1])
		}
		// Kill process 0 once both have played a while; process 1 once
		// it has played as much again on its own.
		if per[0] == 150 && per[1] > 0 {
			cmds[0].kill()
			per[0]++
		}
		if per[0] > 150 && per[1] == 400 {
			cmds[1].kill()
			per[1]++
		}
	}
	for i, c := range cmds {
		err := c.wait()
		if !c.sig() {
			t.Fatalf("process %d ended by itself (%v): %s", i, err, c.errs)
		}
	}
	for p, mov := range acked {
		g, err := s.Get(ctx, p.id)
		if err != nil {
			t.Fatalf("acknowledged game %s: %v", p.id, err)
		}
		if len(g.Log) < p.n || g.Log[p.n-1].String() != mov {
			t.Errorf("game %s lost acknowledged move %d (%s): log has %d entries", p.id, p.n, mov, len(g.Log))
		}
	}
	for _, id := range created {
		if _, err := s.Get(ctx, id); err != nil {
			t.Errorf("acknowledged new game %s: %v", id, err)
		}
	}
	mustCheck(t, s)
	t.Logf("%d moves acknowledged (%d by the process killed first), %d games created, none lost or doubled", len(acked), per[0]-1, len(created))
	if per[0] == 0 || per[1] == 0 {
		t.Fatal("a process acknowledged nothing: the test tested nothing")
	}
}
