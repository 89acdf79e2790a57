package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v2"
)

// TestComposeEtcd checks what can be checked here of the README's sample
// deployment on etcd (deploy/docker-compose.etcd.yml), which cannot run
// here: each bot's settings pass the bot's own validation and name every
// etcd node's client URL; the etcd nodes form one cluster whose
// --initial-cluster names each node at its advertised peer URL; the
// bots' TWIXTBOT_ETCD_MAX_TXN_OPS is the cluster's --max-txn-ops; and the
// load balancer sends to every bot.
func TestComposeEtcd(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "deploy", "docker-compose.etcd.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Services map[string]struct {
			Environment map[string]string `yaml:"environment"`
			Command     string            `yaml:"command"`
		} `yaml:"services"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var bots, nodes []string
	for name := range doc.Services {
		switch {
		case strings.HasPrefix(name, "bot"):
			bots = append(bots, name)
		case strings.HasPrefix(name, "etcd"):
			nodes = append(nodes, name)
		}
	}
	slices.Sort(bots)
	slices.Sort(nodes)
	if len(bots) != 2 || len(nodes) != 3 {
		t.Fatalf("bots %v, etcd nodes %v: want 2 and 3", bots, nodes)
	}
	var clientURLs []string
	maxOps := ""
	for _, n := range nodes {
		env := doc.Services[n].Environment
		if env["ETCD_NAME"] != n {
			t.Errorf("%s: ETCD_NAME %q", n, env["ETCD_NAME"])
		}
		peer := env["ETCD_INITIAL_ADVERTISE_PEER_URLS"]
		if !slices.Contains(strings.Split(env["ETCD_INITIAL_CLUSTER"], ","), n+"="+peer) {
			t.Errorf("%s: ETCD_INITIAL_CLUSTER %q does not name it at %s", n, env["ETCD_INITIAL_CLUSTER"], peer)
		}
		clientURLs = append(clientURLs, env["ETCD_ADVERTISE_CLIENT_URLS"])
		if maxOps != "" && env["ETCD_MAX_TXN_OPS"] != maxOps {
			t.Errorf("%s: ETCD_MAX_TXN_OPS %q, others %q", n, env["ETCD_MAX_TXN_OPS"], maxOps)
		}
		maxOps = env["ETCD_MAX_TXN_OPS"]
	}
	for _, name := range bots {
		env := doc.Services[name].Environment
		// The secrets come from .env; stand-ins here.
		vars := map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "1", "DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32)}
		for k, v := range env {
			vars[k] = v
		}
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		c, err := LoadConfig(fs, nil, func(k string) string { return vars[k] })
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		ec, _ := c.Etcd()
		if !slices.Equal(ec.Endpoints, clientURLs) {
			t.Errorf("%s: endpoints %v, the nodes advertise %v", name, ec.Endpoints, clientURLs)
		}
		if env["TWIXTBOT_ETCD_MAX_TXN_OPS"] != maxOps {
			t.Errorf("%s: TWIXTBOT_ETCD_MAX_TXN_OPS %q, the cluster's --max-txn-ops %q", name, env["TWIXTBOT_ETCD_MAX_TXN_OPS"], maxOps)
		}
		port := strings.TrimPrefix(env["TWIXTBOT_HTTP_ADDR"], ":")
		if !strings.Contains(doc.Services["lb"].Command, "--to "+name+":"+port) {
			t.Errorf("the load balancer (%q) does not send to %s:%s", doc.Services["lb"].Command, name, port)
		}
	}
}
