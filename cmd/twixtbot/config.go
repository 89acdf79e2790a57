package main

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/storage"
)

// Config is twixtbot's configuration (README, "Configuration"): how to
// reach Discord, and the program's own settings. Load it with LoadConfig:
// the environment first, then flags of the same meaning over it.
type Config struct {
	discord.Config        // DISCORD_TOKEN, DISCORD_APP_ID, DISCORD_GUILD_ID, TWIXTBOT_HTTP_ADDR, DISCORD_PUBLIC_KEY, DISCORD_API_BASE, TWIXTBOT_METRICS_ADDR, TWIXTBOT_SHARDS, TWIXTBOT_SHARD_IDS
	DB             string // TWIXTBOT_DB (-db): the bbolt file; default twixtbot.db
	AIWorkers      string // TWIXTBOT_AI_WORKERS (-ai-workers): games the computer thinks about at once; default 1
	EtcdEndpoints  string // TWIXTBOT_ETCD_ENDPOINTS (-etcd-endpoints): keep the games in this etcd cluster instead of DB
	EtcdPrefix     string // TWIXTBOT_ETCD_PREFIX (-etcd-prefix): the key prefix there; default twixtbot/
	EtcdMaxTxnOps  string // TWIXTBOT_ETCD_MAX_TXN_OPS (-etcd-max-txn-ops): the cluster's --max-txn-ops; default 128
}

// metricsNamespace prefixes the names of the bot's metrics
// (twixtbot_interactions_total).
const metricsNamespace = "twixtbot"

// DefaultDB is the database file when TWIXTBOT_DB is not set.
const DefaultDB = "twixtbot.db"

type configVar struct {
	env, flag, usage string
	field            func(*Config) *string
}

var configVars = []configVar{
	{"DISCORD_TOKEN", "token", "bot token (prefer the environment: flags show in ps)", func(c *Config) *string { return &c.Token }},
	{"DISCORD_APP_ID", "app-id", "application id", func(c *Config) *string { return &c.AppID }},
	{"DISCORD_GUILD_ID", "guild-id", "register the commands in this server only (development); globally when empty", func(c *Config) *string { return &c.GuildID }},
	{"TWIXTBOT_DB", "db", "bbolt database file", func(c *Config) *string { return &c.DB }},
	{"TWIXTBOT_HTTP_ADDR", "http-addr", "serve the HTTP interactions endpoint (and /metrics, /healthz) on this address instead of using the gateway", func(c *Config) *string { return &c.HTTPAddr }},
	{"DISCORD_PUBLIC_KEY", "public-key", "the application's public key, hex (needed with -http-addr)", func(c *Config) *string { return &c.PublicKey }},
	{"DISCORD_API_BASE", "api-base", "origin that replaces https://discord.com for every REST call (tests: a fake Discord)", func(c *Config) *string { return &c.APIBase }},
	{"TWIXTBOT_METRICS_ADDR", "metrics-addr", "in gateway mode, serve /metrics and /healthz on this address", func(c *Config) *string { return &c.MetricsAddr }},
	{"TWIXTBOT_SHARDS", "shards", "run the gateway in shards: auto (Discord's recommended count) or the total count; empty: one session", func(c *Config) *string { return &c.Shards }},
	{"TWIXTBOT_SHARD_IDS", "shard-ids", "the shards this process runs, such as 0-3 or 0,2,5-7 (default all; needs -shards)", func(c *Config) *string { return &c.ShardIDs }},
	{"TWIXTBOT_AI_WORKERS", "ai-workers", "how many games the computer player thinks about at once (default 1); the others wait in a queue", func(c *Config) *string { return &c.AIWorkers }},
	{"TWIXTBOT_ETCD_ENDPOINTS", "etcd-endpoints", "keep the games in this etcd v3 cluster (client URLs, comma-separated) instead of the bbolt file, so several bot processes share them", func(c *Config) *string { return &c.EtcdEndpoints }},
	{"TWIXTBOT_ETCD_PREFIX", "etcd-prefix", "the prefix of the bot's keys in etcd (default " + storage.DefaultEtcdPrefix + ")", func(c *Config) *string { return &c.EtcdPrefix }},
	{"TWIXTBOT_ETCD_MAX_TXN_OPS", "etcd-max-txn-ops", "the etcd cluster's --max-txn-ops (default 128): changes larger than this are refused before they are sent", func(c *Config) *string { return &c.EtcdMaxTxnOps }},
}

// ConfigFromEnv reads the environment through getenv (os.Getenv).
func ConfigFromEnv(getenv func(string) string) Config {
	var c Config
	for _, v := range configVars {
		*v.field(&c) = strings.TrimSpace(getenv(v.env))
	}
	if c.DB == "" {
		c.DB = DefaultDB
	}
	return c
}

// RegisterFlags adds a flag per field to fs, each defaulting to c's
// current value, so flags override the environment.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	for _, v := range configVars {
		p := v.field(c)
		def := *p
		shown := def
		if v.env == "DISCORD_TOKEN" && shown != "" {
			shown = "from $DISCORD_TOKEN" // never print the token in -help
		}
		fs.Func(v.flag, v.usage+" ($"+v.env+")", func(s string) error { *p = strings.TrimSpace(s); return nil })
		if shown != "" {
			fs.Lookup(v.flag).DefValue = shown
		}
	}
}

// LoadConfig reads the environment, then the flags in args (without the
// program name) over it, and validates the result.
func LoadConfig(fs *flag.FlagSet, args []string, getenv func(string) string) (Config, error) {
	c := ConfigFromEnv(getenv)
	c.RegisterFlags(fs)
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	return c, c.Validate()
}

// Validate checks the configuration and returns every problem, each a
// *discord.ConfigError that says what is missing or wrong and how to fix
// it.
func (c Config) Validate() error {
	var errs []error
	if err := c.Config.Validate(); err != nil {
		errs = append(errs, err)
	}
	bad := func(env, fl, format string, args ...any) {
		errs = append(errs, &discord.ConfigError{Var: env, Flag: fl, Problem: fmt.Sprintf(format, args...)})
	}
	if c.DB == "" {
		bad("TWIXTBOT_DB", "db", "is empty: give the database file, such as %s", DefaultDB)
	}
	if _, err := c.Etcd(); err != nil {
		var ce *discord.ConfigError
		if errors.As(err, &ce) {
			errs = append(errs, ce)
		}
	}
	if _, err := c.Workers(); err != nil {
		bad("TWIXTBOT_AI_WORKERS", "ai-workers", "%q is not a number of workers from 1 to %d: give how many games the computer may think about at once, or leave it empty for 1", c.AIWorkers, maxAIWorkers)
	}
	return errors.Join(errs...)
}

// maxAIWorkers bounds TWIXTBOT_AI_WORKERS.
const maxAIWorkers = 256

// Workers is the number of the computer's workers: TWIXTBOT_AI_WORKERS,
// default 1.
func (c Config) Workers() (int, error) {
	if c.AIWorkers == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(c.AIWorkers)
	if err != nil || n < 1 || n > maxAIWorkers {
		return 0, fmt.Errorf("bad number of workers %q", c.AIWorkers)
	}
	return n, nil
}

// Etcd returns where the store on etcd is, or ok false for none (the
// bbolt file). Its error is a *discord.ConfigError.
func (c Config) Etcd() (cfg storage.EtcdConfig, err error) {
	if c.EtcdEndpoints == "" {
		if c.EtcdPrefix != "" || c.EtcdMaxTxnOps != "" {
			return cfg, &discord.ConfigError{Var: "TWIXTBOT_ETCD_ENDPOINTS", Flag: "etcd-endpoints", Problem: "is empty, but TWIXTBOT_ETCD_PREFIX or TWIXTBOT_ETCD_MAX_TXN_OPS is set: give the etcd cluster's client URLs, or unset those to use the bbolt file"}
		}
		return cfg, nil
	}
	eps, err := storage.ParseEndpoints(c.EtcdEndpoints)
	if err != nil {
		return cfg, &discord.ConfigError{Var: "TWIXTBOT_ETCD_ENDPOINTS", Flag: "etcd-endpoints", Problem: err.Error()}
	}
	cfg = storage.EtcdConfig{Endpoints: eps, Prefix: c.EtcdPrefix}
	if c.EtcdMaxTxnOps != "" {
		n, err := strconv.Atoi(c.EtcdMaxTxnOps)
		if err != nil || n < 16 {
			return cfg, &discord.ConfigError{Var: "TWIXTBOT_ETCD_MAX_TXN_OPS", Flag: "etcd-max-txn-ops", Problem: fmt.Sprintf("%q is not a number of operations of at least 16: give the cluster's --max-txn-ops, or leave it empty for etcd's default, 128", c.EtcdMaxTxnOps)}
		}
		cfg.MaxTxnOps = n
	}
	return cfg, nil
}

// store names the store: the bbolt file, or the etcd cluster.
func (c Config) store() string {
	if c.EtcdEndpoints != "" {
		return "etcd:" + c.EtcdEndpoints
	}
	return c.DB
}

// String describes the configuration with the token redacted.
func (c Config) String() string {
	return fmt.Sprintf("%s db=%s ai_workers=%s", c.Config, c.store(), c.workersText())
}

// LogValue logs the configuration with the token redacted.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(slog.Any("discord", c.Config), slog.String("db", c.store()), slog.String("ai_workers", c.workersText()))
}

// workersText is the number of the computer's workers as the bot will run
// them (the default when TWIXTBOT_AI_WORKERS is unset), or the bad setting.
func (c Config) workersText() string {
	if n, err := c.Workers(); err == nil {
		return strconv.Itoa(n)
	}
	return c.AIWorkers
}

// GoString keeps the token out of %#v too.
func (c Config) GoString() string { return "main.Config{" + c.String() + "}" }
