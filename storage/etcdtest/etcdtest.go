// Package etcdtest runs a real etcd server inside the process, on
// loopback, for tests and load runs of the store on etcd: it is etcd's
// own server (go.etcd.io/etcd/server/v3/embed), not a mock.
package etcdtest

import (
	"errors"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
)

// MaxTxnOps is the limit of operations in one transaction the servers
// started here take (etcd's --max-txn-ops; its default is 128). Set the
// same on a real cluster for large changes such as forgetting a user
// with many games (see the README).
const MaxTxnOps = 4096

// Server is an etcd server running in this process.
type Server struct {
	etcd      *embed.Etcd
	closeOnce sync.Once
	// Endpoints are its client URLs.
	Endpoints []string
}

// Start starts a one-member etcd cluster with its data in dir, listening
// on free loopback ports, and waits until it serves (or startTimeout
// passes).
func Start(dir string, startTimeout time.Duration) (*Server, error) {
	cfg := embed.NewConfig()
	cfg.Dir = dir
	cfg.Name = "test"
	local := func() []url.URL { return []url.URL{{Scheme: "http", Host: "127.0.0.1:0"}} }
	cfg.ListenClientUrls, cfg.AdvertiseClientUrls = local(), local()
	cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = local(), local()
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	// Its shutdown logs errors about listeners it closed itself; what
	// goes wrong at start is returned.
	cfg.LogLevel = "fatal"
	cfg.MaxTxnOps = MaxTxnOps
	cfg.ListenMetricsUrls = nil
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		return nil, fmt.Errorf("start etcd: %w", err)
	}
	select {
	case <-e.Server.ReadyNotify():
	case err := <-e.Err():
		e.Close()
		return nil, fmt.Errorf("etcd failed: %w", err)
	case <-time.After(startTimeout):
		e.Server.Stop()
		e.Close()
		return nil, errors.New("etcd did not start in time")
	}
	s := &Server{etcd: e}
	for _, l := range e.Clients {
		s.Endpoints = append(s.Endpoints, "http://"+l.Addr().String())
	}
	return s, nil
}

// Close stops the server.
func (s *Server) Close() { s.closeOnce.Do(s.etcd.Close) }

// New starts a server for test tb in a temporary directory, stopped at
// the end of the test.
func New(tb testing.TB) *Server {
	tb.Helper()
	s, err := Start(tb.TempDir(), time.Minute)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(s.Close)
	return s
}
