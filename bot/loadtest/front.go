package loadtest

import (
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
)

// front is the load balancer in front of several instances of the bot:
// each request goes to one of them at random, as a balancer without
// session affinity would send Discord's interactions.
type front struct {
	url string
	srv *http.Server
}

func newFront(backends []string, seed uint64) (*front, error) {
	var targets []*url.URL
	for _, b := range backends {
		u, err := url.Parse(b)
		if err != nil {
			return nil, err
		}
		targets = append(targets, u)
	}
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(seed, 0xf407))
	proxy := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		mu.Lock()
		t := targets[rng.IntN(len(targets))]
		mu.Unlock()
		pr.SetURL(t)
		pr.Out.Host = pr.In.Host
	}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	f := &front{url: "http://" + ln.Addr().String() + "/", srv: &http.Server{Handler: proxy}}
	go f.srv.Serve(ln)
	return f, nil
}

func (f *front) close() { f.srv.Close() }
