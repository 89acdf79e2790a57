package discord

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// The errors of the package. Every error it returns wraps one of these, so
// callers branch with errors.Is; the typed errors below carry the details
// for errors.As.
var (
	// Building replies, buttons and command definitions.
	ErrInvalidReply    = errors.New("reply breaks a Discord rule")
	ErrInvalidCommand  = errors.New("command definition breaks a Discord rule")
	ErrInvalidCustomID = errors.New("bad custom_id")

	// Reading interactions.
	ErrMalformedInteraction = errors.New("malformed interaction")
	ErrMissingOption        = errors.New("missing option")
	ErrOptionType           = errors.New("option of the wrong type")

	// The HTTP interactions endpoint.
	ErrBadSignature   = errors.New("bad request signature")
	ErrStaleTimestamp = errors.New("request timestamp too old or in the future")

	// Talking to Discord.
	ErrDeadline = errors.New("the Discord call cannot finish before its deadline")
	ErrAPI      = errors.New("the Discord API refused the call")

	// Handling interactions. A handler that outlives its time
	// (DispatcherOptions.HandlerTimeout) is given up, and the Router's
	// ErrorReply hears of it as a visible error wrapping ErrTimedOut,
	// whose message is the default (English) reply.
	//lint:ignore ST1005 the text is the reply a user reads when no ErrorReply words it
	ErrTimedOut = errors.New("That took too long and was given up. Please try again.")

	// Lifecycle and configuration.
	ErrConfig       = errors.New("bad configuration")
	ErrShuttingDown = errors.New("shutting down: no new interactions are accepted")

	// Connecting: what retrying cannot fix, so the bot stops.
	ErrBadToken      = errors.New("the bot token was refused by Discord")
	ErrGatewayClosed = errors.New("the gateway was closed by Discord for good")
)

// LimitError is one broken Discord rule in a reply, a custom_id or a
// command definition. Where says which field ("components[0][2].label"),
// Problem what is wrong with it and what to do instead. It wraps
// ErrInvalidReply, ErrInvalidCommand or ErrInvalidCustomID.
type LimitError struct {
	Where   string
	Problem string
	Kind    error
}

func (e *LimitError) Error() string {
	if e.Where == "" {
		return e.Kind.Error() + ": " + e.Problem
	}
	return e.Kind.Error() + ": " + e.Where + ": " + e.Problem
}

func (e *LimitError) Unwrap() error { return e.Kind }

// limits collects LimitErrors of one kind while a value is checked.
type limits struct {
	kind error
	errs []error
}

func (l *limits) add(where, format string, args ...any) {
	l.errs = append(l.errs, &LimitError{Where: where, Problem: fmt.Sprintf(format, args...), Kind: l.kind})
}

func (l *limits) err() error { return errors.Join(l.errs...) }

// OptionError is an option of a command that is missing or has the wrong
// type. It wraps ErrMissingOption or ErrOptionType, and its message is fit
// to show to the user who typed the command.
type OptionError struct {
	Option string // the option's name
	Want   string // "text", "a whole number", "a user", ...
	Got    string // what came instead; empty when the option is missing
	Kind   error
}

func (e *OptionError) Error() string {
	if errors.Is(e.Kind, ErrMissingOption) {
		return fmt.Sprintf("the option %q is missing: add %s:<%s> to the command", e.Option, e.Option, e.Want)
	}
	return fmt.Sprintf("the option %q should be %s, but it is %s", e.Option, e.Want, e.Got)
}

func (e *OptionError) Unwrap() error { return e.Kind }

// UserMessage lets the dispatcher show the error to the user.
func (e *OptionError) UserMessage() string { return e.Error() }

// APIError is a call that Discord answered with an error status. Route is
// the call's template, with ids and tokens replaced ("PATCH
// /webhooks/{app}/{token}/messages/@original"), so the error is safe to log.
// Code is Discord's JSON error code when the body had one (40060:
// interaction already acknowledged; 10062: unknown interaction).
type APIError struct {
	Route   string
	Status  int
	Code    int
	Message string
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = "no message"
	}
	return fmt.Sprintf("discord: %s: HTTP %d (code %d): %s", e.Route, e.Status, e.Code, msg)
}

func (e *APIError) Unwrap() error { return ErrAPI }

// Discord JSON error codes the package branches on.
const (
	codeUnknownInteraction  = 10062
	codeAlreadyAcknowledged = 40060
)

// DeadlineError is a REST call given up because waiting (for a rate limit
// or before a retry) would overrun the deadline of its context. It wraps
// ErrDeadline.
type DeadlineError struct {
	Route string
	Wait  time.Duration // the wait that did not fit
	Why   string        // "rate limited", "HTTP 503", ...
}

func (e *DeadlineError) Error() string {
	return fmt.Sprintf("discord: %s: %s, and waiting %v would overrun the deadline", e.Route, e.Why, e.Wait)
}

func (e *DeadlineError) Unwrap() error { return ErrDeadline }

// ConfigError is one problem with the configuration: Var names the
// environment variable (and Flag its flag), Problem says what is wrong and
// how to put it right.
type ConfigError struct {
	Var     string
	Flag    string
	Problem string
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("%s (-%s) %s", e.Var, e.Flag, e.Problem)
}

func (e *ConfigError) Unwrap() error { return ErrConfig }

// visibleError marks an error as safe to show to the user.
type visibleError struct{ err error }

func (e visibleError) Error() string       { return e.err.Error() }
func (e visibleError) Unwrap() error       { return e.err }
func (e visibleError) UserMessage() string { return e.err.Error() }

// Visible marks err as fit to show to the user who caused it: when a
// handler returns it, the dispatcher answers with its message, ephemerally.
// Other errors are logged and the user sees a generic apology.
func Visible(err error) error {
	if err == nil {
		return nil
	}
	return visibleError{err}
}

// Errorf is Visible(fmt.Errorf(format, args...)).
func Errorf(format string, args ...any) error {
	return Visible(fmt.Errorf(format, args...))
}

// UserMessage reports the message of the first error in err's chain that is
// marked fit for the user (by Visible, or by a UserMessage() string method).
func UserMessage(err error) (string, bool) {
	var v interface{ UserMessage() string }
	if errors.As(err, &v) {
		return strings.TrimSpace(v.UserMessage()), true
	}
	return "", false
}

// TokenError is Discord refusing the bot token: HTTP 401 from the REST
// API, or the gateway closing with 4004. It wraps ErrBadToken.
type TokenError struct {
	Err error // what Discord answered
}

func (e *TokenError) Error() string {
	return fmt.Sprintf("%v (%v): DISCORD_TOKEN is wrong or was reset; open %s, choose the application, open \"Bot\", press \"Reset Token\" and put the new token in DISCORD_TOKEN",
		ErrBadToken, e.Err, portal)
}

func (e *TokenError) Unwrap() []error { return []error{ErrBadToken, e.Err} }

// GatewayCloseError is the gateway closing with a code that forbids
// reconnecting (4010 to 4014: a bad shard, an API version or intents
// Discord does not accept). Problem says what to do. It wraps
// ErrGatewayClosed.
type GatewayCloseError struct {
	Code    int
	Text    string // Discord's reason
	Problem string
}

func (e *GatewayCloseError) Error() string {
	return fmt.Sprintf("%v: close code %d (%s): %s", ErrGatewayClosed, e.Code, e.Text, e.Problem)
}

func (e *GatewayCloseError) Unwrap() error { return ErrGatewayClosed }

// closeCodeError is the error for a gateway close code after which
// Discord's documentation says not to reconnect; nil for the others.
func closeCodeError(code int, text string) error {
	var problem string
	switch code {
	case 4004:
		return &TokenError{Err: fmt.Errorf("the gateway closed with code 4004 (%s)", text)}
	case 4010:
		problem = "Discord refused the shard settings: every process must use the same TWIXTBOT_SHARDS, and TWIXTBOT_SHARD_IDS must name shards below it"
	case 4011:
		problem = "Discord requires sharding: the bot is in too many servers (2,500 or more) for one session; set TWIXTBOT_SHARDS=auto (see \"Running at scale\" in the README)"
	case 4012:
		problem = "this version of twixtbot speaks a gateway version Discord no longer accepts: upgrade twixtbot"
	case 4013:
		problem = "the bot asked for intents Discord does not know: this is a bug, report it"
	case 4014:
		problem = "the bot asked for privileged intents its application has not enabled: twixtbot needs none, so this is a bug, report it"
	default:
		return nil
	}
	return &GatewayCloseError{Code: code, Text: text, Problem: problem}
}
