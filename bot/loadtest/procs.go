package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/twixtbot/twixtbot/storage"
	"github.com/twixtbot/twixtbot/storage/etcdtest"
)

// botProc is a bot running as a process of its own (Config.BotCommand).
type botProc struct {
	cmd    *exec.Cmd
	addr   string
	stderr *tailBuffer
	done   chan struct{} // closed when it has ended (cmd.Wait returned)
	err    error
}

// startProcesses starts cfg.Bots bot processes running cfg.BotCommand
// (cmd/twixtbot serve, as in production) in HTTP-interactions mode, with
// the fake as Discord, sharing a store on an etcd server started here,
// behind a front that sends each interaction to one of them at random.
func (r *run) startProcesses(ctx context.Context, dir string) (stop func() error, err error) {
	srv, err := etcdtest.Start(filepath.Join(dir, "etcd"), time.Minute)
	if err != nil {
		return nil, err
	}
	fake := r.fake
	env := append(os.Environ(), r.cfg.BotEnv...)
	env = append(env,
		"DISCORD_TOKEN="+fake.Token(), "DISCORD_APP_ID="+fake.AppID(), "DISCORD_GUILD_ID="+fake.GuildID(),
		"DISCORD_PUBLIC_KEY="+fake.PublicKeyHex(), "DISCORD_API_BASE="+fake.URL(),
		"TWIXTBOT_HTTP_ADDR=127.0.0.1:0", "TWIXTBOT_DB="+filepath.Join(dir, "unused.db"),
		"TWIXTBOT_ETCD_ENDPOINTS="+strings.Join(srv.Endpoints, ","),
		fmt.Sprintf("TWIXTBOT_ETCD_MAX_TXN_OPS=%d", etcdtest.MaxTxnOps))
	var procs []*botProc
	killAll := func() {
		for _, p := range procs {
			p.cmd.Process.Kill()
			<-p.done
		}
		srv.Close()
	}
	for i := range r.cfg.Bots {
		p, err := startProc(ctx, r.cfg.BotCommand, env)
		if err != nil {
			killAll()
			return nil, fmt.Errorf("bot process %d: %w", i+1, err)
		}
		procs = append(procs, p)
	}
	r.procs = procs
	r.tookBy = map[string]*botProc{}
	st, err := storage.OpenEtcd(storage.EtcdConfig{Endpoints: srv.Endpoints, MaxTxnOps: etcdtest.MaxTxnOps}, nil)
	if err != nil {
		killAll()
		return nil, err
	}
	r.store = st
	var addrs []string
	for _, p := range procs {
		addrs = append(addrs, p.addr)
	}
	byAddr := map[string]*botProc{}
	for _, p := range procs {
		byAddr[p.addr] = p
	}
	fr, err := newFailoverFront(addrs, r.cfg.Seed, func(id, addr string) {
		r.mu.Lock()
		r.tookBy[id] = byAddr[addr]
		r.mu.Unlock()
	})
	if err != nil {
		killAll()
		return nil, err
	}
	fake.UseEndpoint(fr.url)
	return func() error {
		var errs []error
		for i, p := range procs {
			select {
			case <-p.done: // killed
				continue
			default:
			}
			p.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-p.done:
			case <-time.After(30 * time.Second):
				p.cmd.Process.Kill()
				<-p.done
			}
			if p.err != nil {
				errs = append(errs, fmt.Errorf("bot process %d: %v; its log ends:\n%s", i+1, p.err, p.stderr))
			}
		}
		fr.close()
		r.afterStore = srv.Close
		return errors.Join(errs...)
	}, nil
}

// startProc starts one bot and waits until it serves interactions: its
// log says where.
func startProc(ctx context.Context, command, env []string) (*botProc, error) {
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Env = env
	pr, pw := io.Pipe()
	p := &botProc{cmd: cmd, stderr: &tailBuffer{}, done: make(chan struct{})}
	cmd.Stderr = pw
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		p.err = cmd.Wait()
		pw.Close()
		close(p.done)
	}()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			line := sc.Text()
			p.stderr.add(line)
			if strings.Contains(line, "serving HTTP interactions") {
				if _, a, ok := strings.Cut(line, "addr="); ok {
					select {
					case addr <- strings.Fields(a)[0]:
					default:
					}
				}
			}
		}
		io.Copy(io.Discard, pr)
	}()
	select {
	case a := <-addr:
		p.addr = a
		return p, nil
	case <-p.done:
		return nil, fmt.Errorf("it ended (%v) before serving; its log ends:\n%s", p.err, p.stderr)
	case <-time.After(time.Minute):
	case <-ctx.Done():
	}
	cmd.Process.Kill()
	<-p.done
	return nil, fmt.Errorf("it did not serve within a minute; its log ends:\n%s", p.stderr)
}

// kill SIGKILLs the first bot process, once.
func (r *run) kill() {
	r.killOnce.Do(func() {
		p := r.procs[0]
		r.killing.Store(true)
		p.cmd.Process.Kill()
		<-p.done
		r.mu.Lock()
		r.killedAt = r.moves
		r.mu.Unlock()
	})
}

// killed reports whether a bot process has been killed.
func (r *run) killed() bool { return r.killing.Load() }

// untilDead returns a context that ends with ctx, or when the bot
// process that took interaction id has died: its answer will not come.
func (r *run) untilDead(ctx context.Context, id string) (context.Context, context.CancelFunc) {
	r.mu.Lock()
	p := r.tookBy[id]
	r.mu.Unlock()
	ctx, cancel := context.WithCancel(ctx)
	if p != nil {
		go func() {
			select {
			case <-p.done:
				cancel()
			case <-ctx.Done():
			}
		}()
	}
	return ctx, cancel
}

// childCPU is the CPU time the bot processes used.
func (r *run) childCPU() time.Duration {
	var d time.Duration
	for _, p := range r.procs {
		<-p.done
		if st := p.cmd.ProcessState; st != nil {
			d += st.UserTime() + st.SystemTime()
		}
	}
	return d
}

// tailBuffer keeps the last lines of a log.
type tailBuffer struct {
	mu    sync.Mutex
	lines []string
}

func (t *tailBuffer) add(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lines = append(t.lines, line)
	if len(t.lines) > 20 {
		t.lines = t.lines[1:]
	}
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(t.lines, "\n")
}

// failoverFront is the load balancer in front of several instances of
// the bot: it sends each request to one at random, as a balancer without
// session affinity would send Discord's interactions; a bot that refuses the connection (it is gone) is
// dropped and the request goes to another, which is safe: the request
// never reached it. A connection that breaks after the request was sent
// gets 502, as from a real balancer: the bot may have taken it.
type failoverFront struct {
	url string
	srv *http.Server
}

func newFailoverFront(addrs []string, seed uint64, took func(interactionID, addr string)) (*failoverFront, error) {
	var mu sync.Mutex
	alive := append([]string(nil), addrs...)
	rng := rand.New(rand.NewPCG(seed, 0xf407))
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	h := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, err := io.ReadAll(req.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		for {
			mu.Lock()
			if len(alive) == 0 {
				mu.Unlock()
				http.Error(w, "no bot is up", http.StatusBadGateway)
				return
			}
			to := alive[rng.IntN(len(alive))]
			mu.Unlock()
			var in struct {
				ID string `json:"id"`
			}
			if json.Unmarshal(body, &in) == nil && in.ID != "" {
				took(in.ID, to)
			}
			out, _ := http.NewRequestWithContext(req.Context(), req.Method, "http://"+to+req.URL.RequestURI(), bytes.NewReader(body))
			out.Header = req.Header.Clone()
			resp, err := client.Do(out)
			var op *net.OpError
			if errors.As(err, &op) && op.Op == "dial" {
				mu.Lock()
				for i, a := range alive {
					if a == to {
						alive = append(alive[:i], alive[i+1:]...)
						break
					}
				}
				mu.Unlock()
				continue
			}
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
			for k, v := range resp.Header {
				w.Header()[k] = v
			}
			w.WriteHeader(resp.StatusCode)
			io.Copy(w, resp.Body)
			resp.Body.Close()
			return
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	f := &failoverFront{url: "http://" + ln.Addr().String() + "/", srv: &http.Server{Handler: h}}
	go f.srv.Serve(ln)
	return f, nil
}

func (f *failoverFront) close() { f.srv.Close() }
