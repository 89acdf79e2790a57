package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/twixtbot/twixtbot/bot/discord"
)

const testKey = "ab8e0b7c3f7e1e4f3b0d2c3e1a9f8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a"

func TestConfigValidate(t *testing.T) {
	base := map[string]string{"DISCORD_TOKEN": "abc.def.ghi", "DISCORD_APP_ID": "123456789012345678"}
	with := func(kv ...string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	tests := []struct {
		name string
		env  map[string]string
		want []string // parts of the error; none when valid
	}{
		{"gateway", base, nil},
		{"http", with("TWIXTBOT_HTTP_ADDR", ":8080", "DISCORD_PUBLIC_KEY", testKey), nil},
		{"everything", with("DISCORD_GUILD_ID", "42", "TWIXTBOT_DB", "/data/t.db", "DISCORD_API_BASE", "http://127.0.0.1:9999", "TWIXTBOT_METRICS_ADDR", "127.0.0.1:9090"), nil},
		{"no token", with("DISCORD_TOKEN", ""), []string{"DISCORD_TOKEN", "Reset Token", "https://discord.com/developers/applications"}},
		{"token with a space", with("DISCORD_TOKEN", "abc def"), []string{"DISCORD_TOKEN", "contains spaces"}},
		{"no app id", with("DISCORD_APP_ID", ""), []string{"DISCORD_APP_ID", "Application ID", "General Information"}},
		{"app id not digits", with("DISCORD_APP_ID", "twixt"), []string{"DISCORD_APP_ID", "digits only"}},
		{"guild id not digits", with("DISCORD_GUILD_ID", "my server"), []string{"DISCORD_GUILD_ID", "Copy Server ID"}},
		{"http without key", with("TWIXTBOT_HTTP_ADDR", ":8080"), []string{"DISCORD_PUBLIC_KEY", "Public Key"}},
		{"key without http", with("DISCORD_PUBLIC_KEY", testKey), []string{"TWIXTBOT_HTTP_ADDR", "unset DISCORD_PUBLIC_KEY"}},
		{"key not hex", with("TWIXTBOT_HTTP_ADDR", ":8080", "DISCORD_PUBLIC_KEY", "xyz"), []string{"DISCORD_PUBLIC_KEY", "64 hexadecimal"}},
		{"bad address", with("TWIXTBOT_HTTP_ADDR", "8080", "DISCORD_PUBLIC_KEY", testKey), []string{"TWIXTBOT_HTTP_ADDR", "host:port"}},
		{"api base with a path", with("DISCORD_API_BASE", "http://127.0.0.1:9/api/v9"), []string{"DISCORD_API_BASE", "no path"}},
		{"api base without scheme", with("DISCORD_API_BASE", "127.0.0.1:9"), []string{"DISCORD_API_BASE"}},
		{"bad metrics address", with("TWIXTBOT_METRICS_ADDR", "metrics"), []string{"TWIXTBOT_METRICS_ADDR"}},
		{"two problems", with("DISCORD_TOKEN", "", "DISCORD_APP_ID", ""), []string{"DISCORD_TOKEN", "DISCORD_APP_ID"}},
		{"shards", with("TWIXTBOT_SHARDS", "auto", "TWIXTBOT_SHARD_IDS", "0,2,5-7"), nil},
		{"shard count 0", with("TWIXTBOT_SHARDS", "0"), []string{"TWIXTBOT_SHARDS", "a number from 1 to 65536"}},
		{"shard id beyond the count", with("TWIXTBOT_SHARDS", "4", "TWIXTBOT_SHARD_IDS", "2-4"), []string{"TWIXTBOT_SHARD_IDS", "names shard 4", "from 0 to 3"}},
		{"shard ids alone", with("TWIXTBOT_SHARD_IDS", "0-3"), []string{"TWIXTBOT_SHARD_IDS", "TWIXTBOT_SHARDS is not"}},
		{"shard ids garbled", with("TWIXTBOT_SHARDS", "auto", "TWIXTBOT_SHARD_IDS", "0-3,x"), []string{"TWIXTBOT_SHARD_IDS", `"x" is not a shard id`}},
		{"shards over http", with("TWIXTBOT_SHARDS", "auto", "TWIXTBOT_HTTP_ADDR", ":8080", "DISCORD_PUBLIC_KEY", testKey), []string{"TWIXTBOT_SHARDS", "HTTP interactions endpoint"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ConfigFromEnv(env(tt.env)).Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("valid configuration refused: %v", err)
				}
				return
			}
			var ce *discord.ConfigError
			if !errors.Is(err, discord.ErrConfig) || !errors.As(err, &ce) {
				t.Fatalf("error %v, want a ConfigError", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestConfigFlagsOverrideEnvironment(t *testing.T) {
	fs := flag.NewFlagSet("twixtbot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c, err := LoadConfig(fs, []string{"-db", "other.db", "-guild-id", "77"},
		env(map[string]string{"DISCORD_TOKEN": "tok", "DISCORD_APP_ID": "1", "DISCORD_GUILD_ID": "5"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.DB != "other.db" || c.GuildID != "77" || c.Token != "tok" || c.HTTPMode() {
		t.Fatalf("config %v", c)
	}
	if c := ConfigFromEnv(env(nil)); c.DB != DefaultDB {
		t.Errorf("default database %q", c.DB)
	}
}

func TestConfigNeverShowsTheToken(t *testing.T) {
	c := ConfigFromEnv(env(map[string]string{"DISCORD_TOKEN": "SECRET-TOKEN", "DISCORD_APP_ID": "1"}))
	var logs strings.Builder
	slog.New(slog.NewTextHandler(&logs, nil)).Info("starting", "config", c)
	var help strings.Builder
	fs := flag.NewFlagSet("twixtbot", flag.ContinueOnError)
	fs.SetOutput(&help)
	c.RegisterFlags(fs)
	fs.PrintDefaults()
	for what, s := range map[string]string{
		"String": c.String(), "%v": fmt.Sprintf("%v", c), "%+v": fmt.Sprintf("%+v", c), "%#v": fmt.Sprintf("%#v", c),
		"slog": logs.String(), "-help": help.String(),
	} {
		if strings.Contains(s, "SECRET-TOKEN") {
			t.Errorf("%s shows the token: %s", what, s)
		}
	}
	if !strings.Contains(logs.String(), "[redacted]") {
		t.Errorf("the log does not show that a token is set: %s", logs.String())
	}
}
