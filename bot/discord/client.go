package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// ClientOptions configures a Client. Only Token is required.
type ClientOptions struct {
	Token   string // the bot token, with or without the "Bot " prefix
	APIBase string // origin that replaces https://discord.com ("http://127.0.0.1:8081"); "" for Discord
	Logger  *slog.Logger
	Metrics *Metrics // optional: counts REST calls by route and status
	Retry   RetryPolicy
	Base    http.RoundTripper                                // optional: the transport under the retries
	Sleep   func(ctx context.Context, d time.Duration) error // optional: how the retries wait (tests)
}

// Client talks to Discord's REST API through one discordgo.Session, the
// same in both transport modes. It is the dispatcher's Responder and the
// bot's Notifier.
//
// The session's http.Client runs on a Transport (redirect, retries within
// deadlines), with discordgo's own retrying off (ShouldRetryOnRateLimit
// false, MaxRestRetries 0). Calls with a message body (callbacks, edits,
// followups, channel messages) are built here, so that attachments carry
// alt text and per-interaction URLs do not pile up rate-limit buckets in
// discordgo; other calls use discordgo's methods.
type Client struct {
	s   *discordgo.Session
	t   *Transport
	log *slog.Logger
}

// BotToken returns token with the "Bot " prefix Discord wants.
func BotToken(token string) string {
	token = strings.TrimSpace(token)
	if strings.HasPrefix(token, "Bot ") {
		return token
	}
	return "Bot " + token
}

// ParseAPIBase checks a DISCORD_API_BASE value: an http or https origin
// with no path, query or fragment.
func ParseAPIBase(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSuffix(s, "/"))
	if err != nil {
		return nil, fmt.Errorf("%w: DISCORD_API_BASE %q: %v", ErrConfig, s, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return nil, fmt.Errorf("%w: DISCORD_API_BASE %q: want an origin such as http://127.0.0.1:8081, with no path", ErrConfig, s)
	}
	return u, nil
}

// NewClient returns a client for the bot token.
func NewClient(o ClientOptions) (*Client, error) {
	if strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(o.Token), "Bot ")) == "" {
		return nil, fmt.Errorf("%w: no bot token", ErrConfig)
	}
	log := o.Logger
	if log == nil {
		log = slog.Default()
	}
	t := &Transport{Base: o.Base, Policy: o.Retry, Logger: log, Sleep: o.Sleep}
	if o.APIBase != "" {
		u, err := ParseAPIBase(o.APIBase)
		if err != nil {
			return nil, err
		}
		t.Origin = u
	}
	if o.Metrics != nil {
		t.Observe = o.Metrics.observeREST
	}
	s, err := discordgo.New(BotToken(o.Token))
	if err != nil {
		return nil, err
	}
	s.Client = &http.Client{Transport: t}
	s.ShouldRetryOnRateLimit = false
	s.MaxRestRetries = 0
	s.LogLevel = discordgo.LogWarning // through LogLibrary, when set
	s.Identify.Intents = discordgo.IntentsGuilds
	return &Client{s: s, t: t, log: log}, nil
}

// Session is the underlying discordgo session, for calls this package does
// not wrap. Pass discordgo.WithContext(ctx) to bound them.
func (c *Client) Session() *discordgo.Session { return c.s }

// Transport is the client's transport.
func (c *Client) Transport() *Transport { return c.t }

// do sends one call: JSON, or multipart/form-data with payload_json and
// files[n] when there are files. auth adds the bot token (interaction and
// webhook routes are authorised by their own token and get none).
func (c *Client) do(ctx context.Context, method, rawURL string, payload any, files []*discordgo.File, auth bool) ([]byte, error) {
	var body []byte
	var ctype string
	var err error
	switch {
	case len(files) > 0:
		ctype, body, err = discordgo.MultipartBodyWithJSON(payload, files)
	case payload != nil:
		ctype = "application/json"
		body, err = json.Marshal(payload)
	}
	if err != nil {
		return nil, err
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, rawURL, rd)
	if err != nil {
		return nil, redactURLError(err)
	}
	route := RouteOf(method, req.URL.Path)
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if auth {
		req.Header.Set("Authorization", c.s.Token)
	}
	req.Header.Set("User-Agent", c.s.UserAgent)
	resp, err := c.s.Client.Do(req)
	if err != nil {
		return nil, redactURLError(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return nil, fmt.Errorf("%s: reading the answer: %w", route, err)
	}
	if resp.StatusCode/100 != 2 {
		return nil, apiError(route, resp.StatusCode, out)
	}
	return out, nil
}

func apiError(route string, status int, body []byte) *APIError {
	e := &APIError{Route: route, Status: status}
	var v struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &v) == nil {
		e.Code, e.Message = v.Code, v.Message
	}
	if e.Message == "" {
		e.Message = http.StatusText(status)
	}
	return e
}

// wrap turns an error of a discordgo method into one that is safe to log
// and that errors.As finds as *APIError when Discord answered.
func wrap(err error) error {
	var re *discordgo.RESTError
	var rl *discordgo.RateLimitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &re) && re.Response != nil && re.Request != nil:
		return apiError(RouteOf(re.Request.Method, re.Request.URL.Path), re.Response.StatusCode, re.ResponseBody)
	case errors.As(err, &rl) && rl.RateLimit != nil:
		route := "rate limited call"
		if u, perr := url.Parse(rl.URL); perr == nil {
			route = RouteOf("", u.Path)
		}
		return &APIError{Route: strings.TrimSpace(route), Status: http.StatusTooManyRequests, Message: "rate limited; retry after " + rl.RetryAfter.String()}
	}
	return redactURLError(err)
}

// Callback sends the initial response to an interaction and returns the
// id of the message it shows in (a new message, or the message of a
// component it updates), or "" for a response that shows no message (a
// deferral, choices, a modal). It asks Discord for the callback's
// response (with_response=true) to learn the id without another call.
func (c *Client) Callback(ctx context.Context, i *discordgo.Interaction, typ discordgo.InteractionResponseType, r Reply) (MessageID, error) {
	var payload any
	var files []*discordgo.File
	switch typ {
	case discordgo.InteractionResponseDeferredMessageUpdate:
		payload = wireResponse{Type: typ}
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		f := wireFlags{}
		if r.Ephemeral {
			f.Flags = discordgo.MessageFlagsEphemeral
		}
		payload = wireResponse{Type: typ, Data: f}
	default:
		payload, files = r.response(typ)
	}
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	shows := typ == discordgo.InteractionResponseChannelMessageWithSource || typ == discordgo.InteractionResponseUpdateMessage
	if shows {
		endpoint += "?with_response=true"
	}
	b, err := c.do(ctx, http.MethodPost, endpoint, payload, files, false)
	if err != nil || !shows {
		return "", err
	}
	var got struct {
		Resource struct {
			Message struct {
				ID string `json:"id"`
			} `json:"message"`
		} `json:"resource"`
	}
	if len(b) > 0 {
		_ = json.Unmarshal(b, &got) // the reply is out either way; an unreadable answer only loses the id
	}
	return MessageID(got.Resource.Message.ID), nil
}

// EditOriginal replaces the original response: content, components and
// embeds; files when the reply has some (or RemoveFiles). It returns the
// id of the edited message.
func (c *Client) EditOriginal(ctx context.Context, i *discordgo.Interaction, r Reply) (MessageID, error) {
	m, files := r.message()
	m.Flags = 0 // an edit cannot change flags
	b, err := c.do(ctx, http.MethodPatch, discordgo.EndpointInteractionResponseActions(i.AppID, i.Token), m, files, false)
	return messageIDOf(b), err
}

// messageIDOf reads the id of a message object Discord answered with; ""
// if it cannot.
func messageIDOf(b []byte) MessageID {
	var got struct {
		ID string `json:"id"`
	}
	if len(b) == 0 || json.Unmarshal(b, &got) != nil {
		return ""
	}
	return MessageID(got.ID)
}

// DeleteOriginal deletes the original response.
func (c *Client) DeleteOriginal(ctx context.Context, i *discordgo.Interaction) error {
	_, err := c.do(ctx, http.MethodDelete, discordgo.EndpointInteractionResponseActions(i.AppID, i.Token), nil, nil, false)
	return err
}

// Followup posts a further message for the interaction (ephemeral if the
// reply is) and returns its id.
func (c *Client) Followup(ctx context.Context, i *discordgo.Interaction, r Reply) (MessageID, error) {
	m, files := r.message()
	b, err := c.do(ctx, http.MethodPost, discordgo.EndpointFollowupMessage(i.AppID, i.Token)+"?wait=true", m, files, false)
	return messageIDOf(b), err
}

// OriginalMessage fetches the original response of an interaction (to
// learn its message id, say, and start a thread on it).
func (c *Client) OriginalMessage(ctx context.Context, i *discordgo.Interaction) (*discordgo.Message, error) {
	b, err := c.do(ctx, http.MethodGet, discordgo.EndpointInteractionResponseActions(i.AppID, i.Token), nil, nil, false)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("reading the original message: %w", err)
	}
	return &m, nil
}

// Notifier posts outside interactions: announcements such as timeouts,
// and the thread each game opens. *Client is the real one.
type Notifier interface {
	// Send posts a message in a channel or thread and returns its id.
	Send(ctx context.Context, channel ChannelID, r Reply) (MessageID, error)
	// Edit replaces a message's content and components (and files when
	// given), to disable stale buttons, say.
	Edit(ctx context.Context, channel ChannelID, message MessageID, r Reply) error
	// StartThread opens a public thread on a message (or, when from is
	// empty, in the channel) and returns the thread's id.
	StartThread(ctx context.Context, channel ChannelID, from MessageID, name string) (ChannelID, error)
}

var _ Notifier = (*Client)(nil)
var _ Responder = (*Client)(nil)

func channelMessage(r Reply) error {
	if r.Kind != KindMessage && r.Kind != KindUpdate {
		return fmt.Errorf("%w: a channel message is KindMessage, not %s", ErrInvalidReply, r.Kind)
	}
	if r.Ephemeral {
		return fmt.Errorf("%w: only interaction replies can be ephemeral", ErrInvalidReply)
	}
	return r.Validate()
}

// Send posts a message in a channel.
func (c *Client) Send(ctx context.Context, channel ChannelID, r Reply) (MessageID, error) {
	if err := channelMessage(r); err != nil {
		return "", err
	}
	r.Kind = KindMessage
	m, files := r.message()
	b, err := c.do(ctx, http.MethodPost, discordgo.EndpointChannelMessages(string(channel)), m, files, true)
	if err != nil {
		return "", err
	}
	id := messageIDOf(b)
	if id == "" {
		return "", fmt.Errorf("discord: the posted message came back without an id")
	}
	return id, nil
}

// Edit replaces a channel message.
func (c *Client) Edit(ctx context.Context, channel ChannelID, message MessageID, r Reply) error {
	r.Kind = KindUpdate
	if err := channelMessage(r); err != nil {
		return err
	}
	m, files := r.message()
	_, err := c.do(ctx, http.MethodPatch, discordgo.EndpointChannelMessage(string(channel), string(message)), m, files, true)
	return err
}

// StartThread opens a public thread that archives after a day of quiet.
func (c *Client) StartThread(ctx context.Context, channel ChannelID, from MessageID, name string) (ChannelID, error) {
	if n := runes(name); n < 1 || n > 100 {
		return "", &LimitError{Where: "thread name", Problem: fmt.Sprintf("%d characters; Discord wants 1 to 100", n), Kind: ErrInvalidReply}
	}
	var ch *discordgo.Channel
	var err error
	if from != "" {
		ch, err = c.s.MessageThreadStartComplex(string(channel), string(from),
			&discordgo.ThreadStart{Name: name, AutoArchiveDuration: 1440}, discordgo.WithContext(ctx))
	} else {
		ch, err = c.s.ThreadStartComplex(string(channel),
			&discordgo.ThreadStart{Name: name, AutoArchiveDuration: 1440, Type: discordgo.ChannelTypeGuildPublicThread}, discordgo.WithContext(ctx))
	}
	if err != nil {
		return "", wrap(err)
	}
	return ChannelID(ch.ID), nil
}

// RegisterCommands checks the definitions against Discord's rules, then
// replaces the application's commands with them in one bulk overwrite: in
// one server when guild is set (instant; for development), globally
// otherwise.
func (c *Client) RegisterCommands(ctx context.Context, appID string, guild GuildID, cmds []*discordgo.ApplicationCommand) ([]*discordgo.ApplicationCommand, error) {
	if !isSnowflake(appID) {
		return nil, fmt.Errorf("%w: application id %q is not a snowflake", ErrConfig, appID)
	}
	if err := ValidateCommands(cmds); err != nil {
		return nil, err
	}
	got, err := c.s.ApplicationCommandBulkOverwrite(appID, string(guild), cmds, discordgo.WithContext(ctx))
	return got, wrap(err)
}

// OpenDM opens (or finds) the direct message channel with a user, for
// Send. Opening it works even when the user takes no direct messages:
// Discord refuses the message itself, with code 50007 (see IsDMClosed).
func (c *Client) OpenDM(ctx context.Context, user UserID) (ChannelID, error) {
	b, err := c.do(ctx, http.MethodPost, discordgo.EndpointUserChannels("@me"), map[string]string{"recipient_id": string(user)}, nil, true)
	if err != nil {
		return "", err
	}
	var got struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(b, &got); err != nil || got.ID == "" {
		return "", fmt.Errorf("discord: the DM channel came back without an id")
	}
	return ChannelID(got.ID), nil
}

// codeCannotDM is Discord's refusal of a direct message: the user closed
// their DMs, or shares no server with the bot.
const codeCannotDM = 50007

// IsDMClosed reports whether err is Discord refusing a direct message.
func IsDMClosed(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && ae.Code == codeCannotDM
}

// ClearCommands removes every command of the application in one server
// (guild set) or the global ones (guild empty), in one bulk overwrite with
// an empty list, and returns the commands it removed (none: nothing was
// sent). It is how stale registrations go, say the server commands left
// by DISCORD_GUILD_ID once the bot registers globally. A token Discord
// refuses is a *TokenError.
func (c *Client) ClearCommands(ctx context.Context, appID string, guild GuildID) ([]*discordgo.ApplicationCommand, error) {
	if !isSnowflake(appID) {
		return nil, fmt.Errorf("%w: application id %q is not a snowflake", ErrConfig, appID)
	}
	if guild != "" && !isSnowflake(string(guild)) {
		return nil, fmt.Errorf("%w: %q is not a server id (digits only): in Discord, turn on Developer Mode (Settings → Advanced), right-click the server, \"Copy Server ID\"", ErrConfig, guild)
	}
	old, err := c.s.ApplicationCommands(appID, string(guild), discordgo.WithContext(ctx))
	if err != nil {
		return nil, tokenRefused(wrap(err))
	}
	if len(old) == 0 {
		return nil, nil
	}
	if _, err := c.s.ApplicationCommandBulkOverwrite(appID, string(guild), []*discordgo.ApplicationCommand{}, discordgo.WithContext(ctx)); err != nil {
		return nil, tokenRefused(wrap(err))
	}
	return old, nil
}
