package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"
)

// TestConfigWorkers reads TWIXTBOT_AI_WORKERS and -ai-workers, and refuses
// a value that is not a sensible number of workers.
func TestConfigWorkers(t *testing.T) {
	base := map[string]string{"DISCORD_TOKEN": "abc.def.ghi", "DISCORD_APP_ID": "123456789012345678"}
	tests := []struct {
		env, flag string
		want      int
		err       bool
	}{
		{"", "", 1, false},
		{"4", "", 4, false},
		{" 2 ", "", 2, false},
		{"2", "3", 3, false},
		{"0", "", 0, true},
		{"many", "", 0, true},
		{"1000", "", 0, true},
		{"", "-1", 0, true},
	}
	for _, tc := range tests {
		e := map[string]string{"TWIXTBOT_AI_WORKERS": tc.env}
		for k, v := range base {
			e[k] = v
		}
		var args []string
		if tc.flag != "" {
			args = []string{"-ai-workers", tc.flag}
		}
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		c, err := LoadConfig(fs, args, env(e))
		if tc.err {
			if err == nil || !strings.Contains(err.Error(), "TWIXTBOT_AI_WORKERS") {
				t.Errorf("env %q flag %q: %v, want a refusal naming TWIXTBOT_AI_WORKERS", tc.env, tc.flag, err)
			}
			continue
		}
		if n, werr := c.Workers(); err != nil || werr != nil || n != tc.want {
			t.Errorf("env %q flag %q: %d workers, %v, %v; want %d", tc.env, tc.flag, n, err, werr, tc.want)
		}
		// The startup log names the number the bot runs, the default included.
		if want := fmt.Sprintf("ai_workers=%d", tc.want); !strings.Contains(c.String(), want) {
			t.Errorf("env %q flag %q: the configuration reads %q, want %s", tc.env, tc.flag, c.String(), want)
		}
	}
}
