package discord

import (
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"strings"
)

// Config is the bot's configuration (README, "Configuration"). Load it
// with LoadConfig: the environment first, then flags of the same meaning
// over it.
type Config struct {
	Token       string // DISCORD_TOKEN (-token): the bot token
	AppID       string // DISCORD_APP_ID (-app-id)
	GuildID     string // DISCORD_GUILD_ID (-guild-id): register commands in this server only
	DB          string // TWIXTBOT_DB (-db): the bbolt file; default twixtbot.db
	HTTPAddr    string // TWIXTBOT_HTTP_ADDR (-http-addr): serve HTTP interactions here instead of the gateway
	PublicKey   string // DISCORD_PUBLIC_KEY (-public-key): hex; required with HTTPAddr
	APIBase     string // DISCORD_API_BASE (-api-base): origin replacing https://discord.com
	MetricsAddr string // TWIXTBOT_METRICS_ADDR (-metrics-addr): /metrics and /healthz in gateway mode
	AIWorkers   string // TWIXTBOT_AI_WORKERS (-ai-workers): games the computer thinks about at once; default 1
}

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
	{"TWIXTBOT_AI_WORKERS", "ai-workers", "how many games the computer player thinks about at once (default 1); the others wait in a queue", func(c *Config) *string { return &c.AIWorkers }},
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

// HTTPMode reports whether the bot serves the HTTP interactions endpoint
// rather than the gateway.
func (c Config) HTTPMode() bool { return c.HTTPAddr != "" }

// Key is the parsed public key.
func (c Config) Key() (ed25519.PublicKey, error) { return ParsePublicKey(c.PublicKey) }

const portal = "https://discord.com/developers/applications"

// Validate checks the configuration and returns every problem, each a
// *ConfigError that says what is missing or wrong and how to fix it.
func (c Config) Validate() error {
	var errs []error
	bad := func(env, fl, format string, args ...any) {
		errs = append(errs, &ConfigError{Var: env, Flag: fl, Problem: fmt.Sprintf(format, args...)})
	}
	tok := strings.TrimPrefix(c.Token, "Bot ")
	switch {
	case tok == "":
		bad("DISCORD_TOKEN", "token", "is not set: open %s, choose your application, open \"Bot\", press \"Reset Token\", and put the token in DISCORD_TOKEN", portal)
	case strings.ContainsAny(tok, " \t\r\n"):
		bad("DISCORD_TOKEN", "token", "contains spaces: copy the token again from the \"Bot\" page of %s", portal)
	}
	switch {
	case c.AppID == "":
		bad("DISCORD_APP_ID", "app-id", "is not set: it is the \"Application ID\" on the \"General Information\" page of your application at %s", portal)
	case !isSnowflake(c.AppID):
		bad("DISCORD_APP_ID", "app-id", "%q is not an application id (digits only): copy the \"Application ID\" from \"General Information\" at %s", c.AppID, portal)
	}
	if c.GuildID != "" && !isSnowflake(c.GuildID) {
		bad("DISCORD_GUILD_ID", "guild-id", "%q is not a server id: turn on Developer Mode in Discord (Settings → Advanced), right-click the server, \"Copy Server ID\"; or leave it empty to register the commands globally", c.GuildID)
	}
	if c.DB == "" {
		bad("TWIXTBOT_DB", "db", "is empty: give the database file, such as %s", DefaultDB)
	}
	if c.HTTPAddr != "" {
		if _, _, err := net.SplitHostPort(c.HTTPAddr); err != nil {
			bad("TWIXTBOT_HTTP_ADDR", "http-addr", "%q is not host:port (such as :8080): %v", c.HTTPAddr, err)
		}
		if c.PublicKey == "" {
			bad("DISCORD_PUBLIC_KEY", "public-key", "is not set, and the HTTP interactions endpoint needs it to check Discord's signatures: copy the \"Public Key\" from \"General Information\" at %s", portal)
		}
	}
	if c.PublicKey != "" {
		if _, err := ParsePublicKey(c.PublicKey); err != nil {
			bad("DISCORD_PUBLIC_KEY", "public-key", "must be 64 hexadecimal characters: copy the \"Public Key\" from \"General Information\" at %s", portal)
		}
		if c.HTTPAddr == "" {
			bad("TWIXTBOT_HTTP_ADDR", "http-addr", "is not set although DISCORD_PUBLIC_KEY is: set it (such as :8080) to serve the HTTP interactions endpoint, or unset DISCORD_PUBLIC_KEY to use the gateway")
		}
	}
	if c.APIBase != "" {
		if _, err := ParseAPIBase(c.APIBase); err != nil {
			bad("DISCORD_API_BASE", "api-base", "%q is not an origin: use a scheme and host only, with no path, such as http://127.0.0.1:8081, or leave it empty for Discord itself", c.APIBase)
		}
	}
	if c.MetricsAddr != "" {
		if _, _, err := net.SplitHostPort(c.MetricsAddr); err != nil {
			bad("TWIXTBOT_METRICS_ADDR", "metrics-addr", "%q is not host:port (such as :9090): %v", c.MetricsAddr, err)
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

func redact(s string) string {
	if s == "" {
		return ""
	}
	return "[redacted]"
}

// String describes the configuration with the token redacted.
func (c Config) String() string {
	return fmt.Sprintf("token=%s app=%s guild=%s db=%s http=%s public_key=%s api_base=%s metrics=%s",
		redact(c.Token), c.AppID, c.GuildID, c.DB, c.HTTPAddr, c.PublicKey, c.APIBase, c.MetricsAddr)
}

// LogValue logs the configuration with the token redacted.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("token", redact(c.Token)),
		slog.String("app_id", c.AppID),
		slog.String("guild_id", c.GuildID),
		slog.String("db", c.DB),
		slog.String("http_addr", c.HTTPAddr),
		slog.String("public_key", c.PublicKey),
		slog.String("api_base", c.APIBase),
		slog.String("metrics_addr", c.MetricsAddr),
		slog.String("ai_workers", c.AIWorkers),
	)
}

// GoString keeps the token out of %#v too.
func (c Config) GoString() string { return "discord.Config{" + c.String() + "}" }
