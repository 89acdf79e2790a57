package discord

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
)

// Config is what App needs to reach Discord and to serve interactions.
// The program that runs the App fills it (cmd/twixtbot reads it from the
// environment and flags, whose names the problems Validate finds use).
type Config struct {
	Token       string // DISCORD_TOKEN (-token): the bot token
	AppID       string // DISCORD_APP_ID (-app-id)
	GuildID     string // DISCORD_GUILD_ID (-guild-id): register commands in this server only
	HTTPAddr    string // TWIXTBOT_HTTP_ADDR (-http-addr): serve HTTP interactions here instead of the gateway
	PublicKey   string // DISCORD_PUBLIC_KEY (-public-key): hex; required with HTTPAddr
	APIBase     string // DISCORD_API_BASE (-api-base): origin replacing https://discord.com
	MetricsAddr string // TWIXTBOT_METRICS_ADDR (-metrics-addr): /metrics and /healthz in gateway mode
	Shards      string // TWIXTBOT_SHARDS (-shards): "auto" or a count; empty: one session, no sharding
	ShardIDs    string // TWIXTBOT_SHARD_IDS (-shard-ids): the shards this process runs, such as 0-3 or 0,2,5-7; empty: all
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
	if c.Shards != "" || c.ShardIDs != "" {
		errs = append(errs, c.validateShards()...)
	}
	return errors.Join(errs...)
}

// validateShards checks TWIXTBOT_SHARDS and TWIXTBOT_SHARD_IDS.
func (c Config) validateShards() []error {
	var errs []error
	bad := func(env, fl, format string, args ...any) {
		errs = append(errs, &ConfigError{Var: env, Flag: fl, Problem: fmt.Sprintf(format, args...)})
	}
	if c.HTTPAddr != "" {
		bad("TWIXTBOT_SHARDS", "shards", "is set with TWIXTBOT_HTTP_ADDR: shards are gateway sessions, and the HTTP interactions endpoint takes every interaction without them; unset TWIXTBOT_SHARDS and TWIXTBOT_SHARD_IDS")
		return errs
	}
	auto, count, err := ParseShardCount(c.Shards)
	if err != nil {
		errs = append(errs, err)
	}
	ids, err := ParseShardIDs(c.ShardIDs)
	switch {
	case err != nil:
		errs = append(errs, err)
	case c.Shards == "" && ids != nil:
		bad("TWIXTBOT_SHARD_IDS", "shard-ids", "is set but TWIXTBOT_SHARDS is not: set TWIXTBOT_SHARDS to auto or to the total count of shards across your processes")
	case !auto && count > 0 && ids != nil:
		if _, err := (ShardPlan{Count: count, IDs: ids}).Shards(count); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// ShardPlan is the sharding TWIXTBOT_SHARDS and TWIXTBOT_SHARD_IDS ask
// for; the zero plan (no sharding) when they are empty.
func (c Config) ShardPlan() (ShardPlan, error) {
	if c.Shards == "" && c.ShardIDs == "" {
		return ShardPlan{}, nil
	}
	if errs := c.validateShards(); len(errs) > 0 {
		return ShardPlan{}, errors.Join(errs...)
	}
	auto, count, _ := ParseShardCount(c.Shards)
	ids, _ := ParseShardIDs(c.ShardIDs)
	return ShardPlan{Auto: auto, Count: count, IDs: ids}, nil
}

func redact(s string) string {
	if s == "" {
		return ""
	}
	return "[redacted]"
}

// String describes the configuration with the token redacted.
func (c Config) String() string {
	return fmt.Sprintf("token=%s app=%s guild=%s http=%s public_key=%s api_base=%s metrics=%s shards=%s shard_ids=%s",
		redact(c.Token), c.AppID, c.GuildID, c.HTTPAddr, c.PublicKey, c.APIBase, c.MetricsAddr, c.Shards, c.ShardIDs)
}

// LogValue logs the configuration with the token redacted.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("token", redact(c.Token)),
		slog.String("app_id", c.AppID),
		slog.String("guild_id", c.GuildID),
		slog.String("http_addr", c.HTTPAddr),
		slog.String("public_key", c.PublicKey),
		slog.String("api_base", c.APIBase),
		slog.String("metrics_addr", c.MetricsAddr),
		slog.String("shards", c.Shards),
		slog.String("shard_ids", c.ShardIDs),
	)
}

// GoString keeps the token out of %#v too.
func (c Config) GoString() string { return "discord.Config{" + c.String() + "}" }
