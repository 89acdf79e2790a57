package main

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestEtcdConfig: TWIXTBOT_ETCD_* choose the store on etcd; bad values are
// refused with a message naming the variable and the fix.
func TestEtcdConfig(t *testing.T) {
	base := map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "1"}
	tests := []struct {
		vars    map[string]string
		eps     []string
		maxOps  int
		wantErr string
	}{
		{vars: nil},
		{vars: map[string]string{"TWIXTBOT_ETCD_ENDPOINTS": "http://etcd1:2379, http://etcd2:2379"}, eps: []string{"http://etcd1:2379", "http://etcd2:2379"}},
		{vars: map[string]string{"TWIXTBOT_ETCD_ENDPOINTS": "https://e:2379", "TWIXTBOT_ETCD_MAX_TXN_OPS": "4096"}, eps: []string{"https://e:2379"}, maxOps: 4096},
		{vars: map[string]string{"TWIXTBOT_ETCD_ENDPOINTS": "etcd1:2379"}, wantErr: "TWIXTBOT_ETCD_ENDPOINTS"},
		{vars: map[string]string{"TWIXTBOT_ETCD_ENDPOINTS": "http://etcd1"}, wantErr: "http://host:port"},
		{vars: map[string]string{"TWIXTBOT_ETCD_ENDPOINTS": " , "}, wantErr: "no etcd endpoint"},
		{vars: map[string]string{"TWIXTBOT_ETCD_ENDPOINTS": "http://e:2379", "TWIXTBOT_ETCD_MAX_TXN_OPS": "many"}, wantErr: "TWIXTBOT_ETCD_MAX_TXN_OPS"},
		{vars: map[string]string{"TWIXTBOT_ETCD_PREFIX": "x/"}, wantErr: "TWIXTBOT_ETCD_ENDPOINTS"},
	}
	for _, tt := range tests {
		vars := map[string]string{}
		for k, v := range base {
			vars[k] = v
		}
		for k, v := range tt.vars {
			vars[k] = v
		}
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		c, err := LoadConfig(fs, nil, func(k string) string { return vars[k] })
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%v: %v, want an error about %s", tt.vars, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v: %v", tt.vars, err)
			continue
		}
		ec, _ := c.Etcd()
		if !slices.Equal(ec.Endpoints, tt.eps) || ec.MaxTxnOps != tt.maxOps {
			t.Errorf("%v: endpoints %v, max ops %d; want %v, %d", tt.vars, ec.Endpoints, ec.MaxTxnOps, tt.eps, tt.maxOps)
		}
	}
}
