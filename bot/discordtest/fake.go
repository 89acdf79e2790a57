package discordtest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Options configures a Fake. Zero fields take the defaults.
type Options struct {
	AppID     string // the application id (default 100000000000000001)
	BotUserID string // the bot user's id (default: AppID)
	GuildID   string // the server interactions come from by default (default 200000000000000001)
	ChannelID string // the channel they come from by default (default 300000000000000001)
	// GuildLocale is the server's locale sent with its interactions
	// (guild_locale); "" sends none.
	GuildLocale string
	Token       string // the bot token, without "Bot " (default "fake-bot-token")

	// CallbackDeadline is how late after delivery an initial callback is
	// still accepted (default 3 s, Discord's); negative: no deadline.
	CallbackDeadline time.Duration
	// AllowPrivilegedIntents lets the gateway accept privileged intents;
	// by default it refuses them with close code 4014, as Discord does for
	// an application that has not enabled them.
	AllowPrivilegedIntents bool

	// Sharding, as GET /gateway/bot tells it and the gateway enforces it.
	// Shards is the shard count it recommends (default 1); an IDENTIFY
	// with a shard outside [0, count) is closed with 4010 (Invalid shard),
	// and with RequireSharding one with fewer shards than Shards with 4011
	// (Sharding required), as Discord does for a bot in 2,500 servers or
	// more. MaxConcurrency is session_start_limit.max_concurrency (default
	// 1), StartsRemaining and ResetAfter its remaining (default 999) and
	// reset_after.
	Shards          int
	RequireSharding bool
	MaxConcurrency  int
	StartsRemaining *int
	ResetAfter      time.Duration
	// IdentifyClock, when set, times IDENTIFYs for Discord's identify
	// rate limit, which the gateway then enforces: at most one IDENTIFY
	// per 5 seconds for each rate-limit key (shard_id % max_concurrency),
	// refused with op 9 (and a violation) otherwise. Share it with the
	// bot's clock so that a test need not sleep. Without it the limit is
	// not enforced: discordgo identifies again at once after an op 9, so
	// a test of a refused RESUME would break it on the system clock.
	IdentifyClock interface{ Now() time.Time }
	// WaitTimeout bounds Await and the other waits that fail the test
	// (default 30 s: the waits end when their condition holds, so a
	// generous bound costs nothing but on failure, and a busy machine
	// running the race detector needs it).
	WaitTimeout time.Duration

	// For load tests, which would otherwise keep every byte they send:
	// MaxCalls keeps only about the latest calls (0: all), and
	// DiscardFileData keeps the names, sizes and alt texts of attachments
	// but not their bytes.
	MaxCalls        int
	DiscardFileData bool
}

// Fake is a fake Discord on loopback. Its methods are safe to call from
// several goroutines; those that fail the test (Await, Exchange, MustPress)
// must be called from the test's goroutine.
type Fake struct {
	t    TB
	o    Options
	srv  *httptest.Server
	priv ed25519.PrivateKey
	pub  ed25519.PublicKey

	watched
	seq            int
	nextID         uint64
	calls          []Call
	violations     []string
	faults         []*faultState
	interactions   map[string]*interactionState // by id
	byToken        map[string]*interactionState
	messages       map[string]*Message
	threads        []Thread
	dms            dmState                                    // direct message channels; see dm.go
	commands       map[string][]*discordgo.ApplicationCommand // by guild id, "" global
	endpoint       string
	expectFinished bool // WaitResult waits for Finished too
	mux            *http.ServeMux
	client         *http.Client // delivers interactions to the bot's endpoint

	gw gateway
}

// New starts a fake Discord; t.Cleanup stops it and fails the test if
// any call broke a rule that the test did not take with TakeViolations.
// Outside a test, pass a *Standalone.
func New(t TB, o Options) *Fake {
	t.Helper()
	if o.AppID == "" {
		o.AppID = "100000000000000001"
	}
	if o.BotUserID == "" {
		o.BotUserID = o.AppID
	}
	if o.GuildID == "" {
		o.GuildID = "200000000000000001"
	}
	if o.ChannelID == "" {
		o.ChannelID = "300000000000000001"
	}
	if o.Token == "" {
		o.Token = "fake-bot-token"
	}
	if o.CallbackDeadline == 0 {
		o.CallbackDeadline = 3 * time.Second
	}
	if o.Shards < 1 {
		o.Shards = 1
	}
	if o.MaxConcurrency < 1 {
		o.MaxConcurrency = 1
	}
	if o.WaitTimeout <= 0 {
		o.WaitTimeout = 30 * time.Second
	}
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatalf("discordtest: generating a key: %v", err)
	}
	f := &Fake{
		t: t, o: o, pub: pub, priv: priv,
		nextID:       1,
		interactions: map[string]*interactionState{},
		byToken:      map[string]*interactionState{},
		messages:     map[string]*Message{},
		commands:     map[string][]*discordgo.ApplicationCommand{},
	}
	f.mux = f.buildMux()
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	f.client = newDeliveryClient()
	t.Cleanup(func() {
		f.gw.closeAll()
		f.srv.Close()
		f.client.CloseIdleConnections()
		for _, v := range f.TakeViolations() {
			t.Errorf("discordtest: the bot broke a Discord rule: %s", v)
		}
	})
	return f
}

// URL is the fake's origin, for DISCORD_API_BASE.
func (f *Fake) URL() string { return f.srv.URL }

// Token is the bot token the fake accepts (without "Bot ").
func (f *Fake) Token() string { return f.o.Token }

// AppID is the application's id.
func (f *Fake) AppID() string { return f.o.AppID }

// BotUserID is the bot user's id.
func (f *Fake) BotUserID() string { return f.o.BotUserID }

// GuildID and ChannelID are where interactions come from by default.
func (f *Fake) GuildID() string   { return f.o.GuildID }
func (f *Fake) ChannelID() string { return f.o.ChannelID }

// PublicKeyHex is the application's public key, for DISCORD_PUBLIC_KEY.
func (f *Fake) PublicKeyHex() string { return hex.EncodeToString(f.pub) }

// PublicKey is the application's public key.
func (f *Fake) PublicKey() ed25519.PublicKey { return f.pub }

// Sign signs timestamp+body with the application's private key, as
// Discord does, and returns the hex signature.
func (f *Fake) Sign(timestamp string, body []byte) string {
	msg := append([]byte(timestamp), body...)
	return hex.EncodeToString(ed25519.Sign(f.priv, msg))
}

func (f *Fake) newID() string {
	f.nextID++
	return strconv.FormatUint(900000000000000000+f.nextID, 10)
}

// violate records a broken rule; f.mu is held.
func (f *Fake) violate(c *Call, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if c != nil {
		msg = c.Method + " " + c.Route + ": " + msg
		c.Violations = append(c.Violations, msg)
	}
	f.violations = append(f.violations, msg)
	f.broadcast()
}

// Violations lists the broken rules recorded so far.
func (f *Fake) Violations() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.violations...)
}

// TakeViolations returns the broken rules recorded so far and forgets
// them, for tests that break rules on purpose.
func (f *Fake) TakeViolations() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	v := f.violations
	f.violations = nil
	return v
}

// Upload is one file of a multipart call.
type Upload struct {
	Field       string // "files[0]"
	Filename    string
	ContentType string
	Data        []byte
}

// Call is one REST call the fake received.
type Call struct {
	Seq        int
	Method     string
	Path       string // as received: /api/v9/channels/1/messages
	Route      string // the route matched, without /api/vN: /channels/{channel}/messages; "" if none
	Query      url.Values
	Header     http.Header
	Body       []byte // the JSON body, or the payload_json part of a multipart body
	Multipart  bool
	Files      []Upload
	Status     int    // what the fake answered; 0 when it dropped the connection
	Fault      string // the fault injected, if any
	At         time.Time
	Violations []string

	dropAfter bool
}

// Decode decodes the call's JSON body into v.
func (c Call) Decode(v any) error { return json.Unmarshal(c.Body, v) }

// Calls lists every call so far, in order of arrival.
func (f *Fake) Calls() []Call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Call(nil), f.calls...)
}

// CallsTo lists the calls of one method and route ("POST",
// "/interactions/{id}/{token}/callback").
func (f *Fake) CallsTo(method, route string) []Call {
	var out []Call
	for _, c := range f.Calls() {
		if c.Method == method && c.Route == route {
			out = append(out, c)
		}
	}
	return out
}

// WaitCalls waits until pred holds for the calls so far and returns them.
func (f *Fake) WaitCalls(ctx context.Context, pred func([]Call) bool) ([]Call, error) {
	var out []Call
	err := f.wait(ctx, func() bool {
		if pred(f.calls) {
			out = append([]Call(nil), f.calls...)
			return true
		}
		return false
	})
	return out, err
}

// Routes of the REST API, after /api/v9 or /api/v10.
const (
	RouteGateway         = "/gateway"
	RouteGatewayBot      = "/gateway/bot"
	RouteMe              = "/users/@me"
	RouteGlobalCommands  = "/applications/{app}/commands"
	RouteGuildCommands   = "/applications/{app}/guilds/{guild}/commands"
	RouteCallback        = "/interactions/{id}/{token}/callback"
	RouteOriginal        = "/webhooks/{app}/{token}/messages/@original"
	RouteFollowup        = "/webhooks/{app}/{token}"
	RouteFollowupMessage = "/webhooks/{app}/{token}/messages/{message}"
	RouteChannelMessages = "/channels/{channel}/messages"
	RouteChannelMessage  = "/channels/{channel}/messages/{message}"
	RouteMessageThread   = "/channels/{channel}/messages/{message}/threads"
	RouteChannelThreads  = "/channels/{channel}/threads"
)

// apiHandler answers one call; f.mu is held, and the body is read.
type apiHandler func(c *Call, w http.ResponseWriter, r *http.Request)

type apiRoute struct {
	h   apiHandler
	bot bool // needs the bot token (interaction and webhook routes do not)
}

func (f *Fake) routes() map[string]apiRoute {
	return map[string]apiRoute{
		"GET " + RouteGateway:            {f.getGateway, false},
		"GET " + RouteGatewayBot:         {f.getGatewayBot, true},
		"GET " + RouteMe:                 {f.getMe, true},
		"PUT " + RouteGlobalCommands:     {f.putCommands, true},
		"PUT " + RouteGuildCommands:      {f.putCommands, true},
		"GET " + RouteGlobalCommands:     {f.getCommands, true},
		"GET " + RouteGuildCommands:      {f.getCommands, true},
		"POST " + RouteCallback:          {f.postCallback, false},
		"GET " + RouteOriginal:           {f.webhookMessage, false},
		"PATCH " + RouteOriginal:         {f.webhookMessage, false},
		"DELETE " + RouteOriginal:        {f.webhookMessage, false},
		"POST " + RouteFollowup:          {f.postFollowup, false},
		"GET " + RouteFollowupMessage:    {f.webhookMessage, false},
		"PATCH " + RouteFollowupMessage:  {f.webhookMessage, false},
		"DELETE " + RouteFollowupMessage: {f.webhookMessage, false},
		"POST " + RouteChannelMessages:   {f.postChannelMessage, true},
		"GET " + RouteChannelMessage:     {f.channelMessage, true},
		"PATCH " + RouteChannelMessage:   {f.channelMessage, true},
		"DELETE " + RouteChannelMessage:  {f.channelMessage, true},
		"POST " + RouteMessageThread:     {f.postThread, true},
		"POST " + RouteChannelThreads:    {f.postThread, true},
		"POST " + RouteUserChannels:      {f.postUserChannel, true},
	}
}

type callKey struct{}

func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	if strings.TrimSuffix(r.URL.Path, "/") == gatewayPath {
		f.serveGateway(w, r)
		return
	}
	// Read the body first: the server notices a client that gives up only
	// once the body is read.
	body, err := io.ReadAll(io.LimitReader(r.Body, 25<<20))
	if err != nil {
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	f.mu.Lock()
	f.seq++
	c := &Call{Seq: f.seq, Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(), At: time.Now()}
	flt := f.takeFault(r)
	f.mu.Unlock()
	if r2, ok := f.apiRequest(r, c); ok {
		if _, pattern := f.mux.Handler(r2); pattern != "" {
			c.Route = strings.TrimPrefix(pattern, r.Method+" ")
		}
	}
	// Each call is recorded before its answer leaves, under the same lock
	// as the state it changed: whoever sees the answer (or waits on the
	// state) finds the call recorded.
	if flt != nil {
		c.Fault = flt.String()
		if !flt.before(r.Context()) {
			c.Fault += " (the client gave up)"
			f.record(c)
			return
		}
		switch {
		case flt.Drop:
			f.record(c)
			dropConnection(w)
			return
		case flt.Status != 0:
			rec := httptest.NewRecorder()
			flt.answer(rec)
			c.Status = rec.Code
			f.record(c)
			copyResponse(w, rec)
			return
		case flt.DropAfter:
			c.dropAfter = true
			f.route(c, httptest.NewRecorder(), r)
			dropConnection(w)
			return
		}
	}
	rec := httptest.NewRecorder()
	f.route(c, rec, r)
	copyResponse(w, rec)
}

// record adds the call to the list.
func (f *Fake) record(c *Call) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.recordLocked(c)
}

// recordLocked adds the call to the list; f.mu is held.
func (f *Fake) recordLocked(c *Call) {
	if f.o.DiscardFileData {
		for i := range c.Files {
			c.Files[i].Data = nil
		}
	}
	f.calls = append(f.calls, *c)
	if m := f.o.MaxCalls; m > 0 && len(f.calls) > 2*m {
		f.calls = append([]Call(nil), f.calls[len(f.calls)-m:]...)
	}
	f.broadcast()
}

func copyResponse(w http.ResponseWriter, rec *httptest.ResponseRecorder) {
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

func dropConnection(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic("discordtest: the response writer cannot be hijacked")
	}
	conn, _, err := hj.Hijack()
	if err == nil {
		conn.Close()
	}
}

func (f *Fake) buildMux() *http.ServeMux {
	mux := http.NewServeMux()
	for pattern, rt := range f.routes() {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c := r.Context().Value(callKey{}).(*Call)
			rec := w.(*httptest.ResponseRecorder)
			f.mu.Lock()
			defer f.mu.Unlock()
			f.readBody(c, r)
			switch {
			case len(c.Violations) > 0:
				writeError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
			case rt.bot && c.Header.Get("Authorization") != "Bot "+f.o.Token:
				f.violate(c, "bad Authorization header: want \"Bot <token>\"")
				writeError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			default:
				rt.h(c, w, r)
			}
			if !c.dropAfter {
				c.Status = rec.Code
			}
			f.recordLocked(c)
		})
	}
	return mux
}

// apiRequest is r with its path stripped of /api/v9 or /api/v10 and the
// call in its context; false if the path has no such prefix.
func (f *Fake) apiRequest(r *http.Request, c *Call) (*http.Request, bool) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/api/v9/")
	if !ok {
		rest, ok = strings.CutPrefix(r.URL.Path, "/api/v10/")
	}
	r2 := r.Clone(context.WithValue(r.Context(), callKey{}, c))
	r2.URL.Path = "/" + rest
	r2.URL.RawPath = ""
	return r2, ok
}

// route finds the handler of the call and runs it; the answer goes to a
// recorder, and the call is recorded.
func (f *Fake) route(c *Call, w *httptest.ResponseRecorder, r *http.Request) {
	r2, ok := f.apiRequest(r, c)
	if _, pattern := f.mux.Handler(r2); !ok || pattern == "" {
		writeError(w, http.StatusNotFound, 0, "404: Not Found")
		f.mu.Lock()
		defer f.mu.Unlock()
		f.violate(c, "the fake does not know %s %s: Discord's REST paths look like /api/v9/channels/{id}/messages", r.Method, r.URL.Path)
		if !c.dropAfter {
			c.Status = w.Code
		}
		f.recordLocked(c)
		return
	}
	f.mux.ServeHTTP(w, r2)
}

// readBody records the JSON body, or payload_json and the files of a
// multipart body; f.mu is held.
func (f *Fake) readBody(c *Call, r *http.Request) {
	ct := r.Header.Get("Content-Type")
	mt, params, _ := mime.ParseMediaType(ct)
	body, err := io.ReadAll(r.Body) // already in memory
	if err != nil {
		f.violate(c, "reading the body: %v", err)
		return
	}
	switch {
	case len(body) == 0:
		if ct != "" {
			f.violate(c, "Content-Type %q on an empty body (Discord answers 400)", ct)
		}
	case mt == "application/json":
		c.Body = body
		if !json.Valid(body) {
			f.violate(c, "the body is not valid JSON")
		}
	case mt == "multipart/form-data":
		c.Multipart = true
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				f.violate(c, "reading the multipart body: %v", err)
				return
			}
			data, _ := io.ReadAll(p)
			switch name := p.FormName(); {
			case name == "payload_json":
				c.Body = data
				if !json.Valid(data) {
					f.violate(c, "payload_json is not valid JSON")
				}
			case strings.HasPrefix(name, "files[") && strings.HasSuffix(name, "]"):
				if p.FileName() == "" {
					f.violate(c, "the part %s has no filename", name)
				}
				c.Files = append(c.Files, Upload{Field: name, Filename: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
			default:
				f.violate(c, "unexpected multipart field %q: use payload_json and files[n]", name)
			}
		}
		if c.Body == nil {
			f.violate(c, "a multipart body without payload_json")
		}
	default:
		f.violate(c, "unexpected Content-Type %q: use application/json or multipart/form-data", ct)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	writeJSON(w, status, map[string]any{"code": code, "message": msg})
}

func (f *Fake) getGateway(c *Call, w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"url": f.gatewayURL()})
}

func (f *Fake) gatewayURL() string { return "ws" + strings.TrimPrefix(f.srv.URL, "http") + gatewayPath }

// getGatewayBot answers GET /gateway/bot: the gateway's URL, the
// recommended shard count and the session start limit.
func (f *Fake) getGatewayBot(c *Call, w http.ResponseWriter, r *http.Request) {
	remaining := 999
	if f.o.StartsRemaining != nil {
		remaining = *f.o.StartsRemaining
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"url": f.gatewayURL(), "shards": f.o.Shards,
		"session_start_limit": map[string]int{"total": 1000, "remaining": remaining,
			"reset_after": int(f.o.ResetAfter / time.Millisecond), "max_concurrency": f.o.MaxConcurrency},
	})
}

func (f *Fake) maxConcurrency() int { return f.o.MaxConcurrency }

func (f *Fake) getMe(c *Call, w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, f.botUser())
}

func (f *Fake) botUser() *discordgo.User {
	return &discordgo.User{ID: f.o.BotUserID, Username: "twixtbot", Bot: true}
}

func (f *Fake) putCommands(c *Call, w http.ResponseWriter, r *http.Request) {
	if r.PathValue("app") != f.o.AppID {
		f.violate(c, "application id %s, want %s", r.PathValue("app"), f.o.AppID)
		writeError(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(c.Body, &cmds); err != nil {
		f.violate(c, "the body is not an array of commands: %v", err)
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	if problems := checkCommands(cmds); len(problems) > 0 {
		for _, p := range problems {
			f.violate(c, "%s", p)
		}
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+strings.Join(problems, "; "))
		return
	}
	guild := r.PathValue("guild")
	for _, cmd := range cmds {
		cmd.ID, cmd.ApplicationID, cmd.GuildID, cmd.Version = f.newID(), f.o.AppID, guild, "1"
		if cmd.Type == 0 {
			cmd.Type = discordgo.ChatApplicationCommand
		}
	}
	f.commands[guild] = cmds
	f.broadcast()
	writeJSON(w, http.StatusOK, cmds)
}

func (f *Fake) getCommands(c *Call, w http.ResponseWriter, r *http.Request) {
	cmds := f.commands[r.PathValue("guild")]
	if cmds == nil {
		cmds = []*discordgo.ApplicationCommand{}
	}
	writeJSON(w, http.StatusOK, cmds)
}

// Commands are the commands last registered globally (guild "") or in a
// server.
func (f *Fake) Commands(guild string) []*discordgo.ApplicationCommand {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*discordgo.ApplicationCommand(nil), f.commands[guild]...)
}

// UseEndpoint makes Deliver POST interactions, signed, to url (the bot's
// HTTP interactions endpoint); an empty url makes it dispatch them over
// the gateway.
func (f *Fake) UseEndpoint(url string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.endpoint = url
}

// Deliver sends the interaction to the bot: signed to the HTTP endpoint
// set by UseEndpoint (which must answer 202), or over the gateway. The
// callback deadline counts from now.
func (f *Fake) Deliver(ctx context.Context, i *discordgo.Interaction) error {
	f.mu.Lock()
	endpoint := f.endpoint
	if st := f.interactions[i.ID]; st != nil {
		st.sentAt = time.Now()
	}
	f.mu.Unlock()
	if endpoint == "" {
		return f.Dispatch(ctx, i)
	}
	resp, body, err := f.Post(ctx, endpoint, i)
	if err != nil {
		return err
	}
	want := http.StatusAccepted
	if i.Type == discordgo.InteractionPing {
		want = http.StatusOK
	}
	if resp.StatusCode != want {
		return fmt.Errorf("discordtest: the endpoint answered %s (%s), want %d", resp.Status, strings.TrimSpace(string(body)), want)
	}
	return nil
}

// Post signs the interaction (timestamp now) and POSTs it to url; it
// returns the answer and its body.
func (f *Fake) Post(ctx context.Context, url string, i *discordgo.Interaction) (*http.Response, []byte, error) {
	body, err := MarshalInteraction(i)
	if err != nil {
		return nil, nil, err
	}
	return f.PostRaw(ctx, url, body, time.Now(), nil)
}

// PostRaw POSTs body to url signed with timestamp ts; edit, if not nil,
// may change the request (to spoil the signature, say) before it goes.
func (f *Fake) PostRaw(ctx context.Context, url string, body []byte, ts time.Time, edit func(*http.Request)) (*http.Response, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	f.signRequest(req, body, ts)
	if edit != nil {
		edit(req)
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, b, err
}

// signRequest sets the headers Discord sends with an interaction: the
// signature of body with timestamp ts.
func (f *Fake) signRequest(req *http.Request, body []byte, ts time.Time) {
	stamp := strconv.FormatInt(ts.Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	req.Header.Set("X-Signature-Timestamp", stamp)
	req.Header.Set("X-Signature-Ed25519", f.Sign(stamp, body))
}

// ServeSigned hands body, signed now as Discord signs interactions, to the
// interactions endpoint h in memory, without a connection, and returns
// its answer: for fuzzing an endpoint.
func (f *Fake) ServeSigned(h http.Handler, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	f.signRequest(req, body, time.Now())
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// newDeliveryClient is the client that posts interactions. It keeps
// enough idle connections for many deliveries in flight at once, as
// Discord's many senders would have; http.DefaultClient keeps two per
// host, so a load test would open (and leave in TIME_WAIT) a connection
// for nearly every interaction.
func newDeliveryClient() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns, t.MaxIdleConnsPerHost = 1024, 1024
	return &http.Client{Transport: t}
}

// MarshalInteraction writes an interaction as Discord sends it.
// discordgo's own encoding drops a message's components (its Message has
// them only for decoding), but Discord sends the components of the message
// a pressed button is on, and bots read them to disable that button, so
// they are put back here.
func MarshalInteraction(i *discordgo.Interaction) ([]byte, error) {
	body, err := json.Marshal(i)
	if err != nil || i.Message == nil || len(i.Message.Components) == 0 {
		return body, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		return nil, err
	}
	var msg map[string]json.RawMessage
	if err := json.Unmarshal(top["message"], &msg); err != nil {
		return nil, err
	}
	if msg["components"], err = json.Marshal(i.Message.Components); err != nil {
		return nil, err
	}
	if top["message"], err = json.Marshal(msg); err != nil {
		return nil, err
	}
	return json.Marshal(top)
}
