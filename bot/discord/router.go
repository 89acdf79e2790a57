package discord

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// Handler answers one interaction. An error becomes an ephemeral reply to
// the user who acted: its own message when it is marked Visible (or is an
// *OptionError), a generic apology otherwise (and the error is logged).
type Handler func(ctx context.Context, e *Event) (Reply, error)

// Middleware wraps a handler, for every route of a router.
type Middleware func(next Handler) Handler

// Router maps interactions to handlers: commands and autocompletes by
// command path ("twixt move"), components and modals by path-like custom_id
// patterns ("accept/{game}", "move/{game}/{n}") where a {name} segment
// matches any one non-empty segment and a literal segment beats a {name} in
// the same place.
//
// Registering is done once at start, before the router serves: a bad path
// or pattern, or one registered twice, is a programming error and panics,
// as with http.ServeMux. Serving is safe from many goroutines.
type Router struct {
	mu           sync.RWMutex
	commands     map[string]Handler
	autocomplete map[string]Handler
	components   patternSet
	modals       patternSet
	middleware   []Middleware
	notFound     func(e *Event) Reply
	errorReply   func(e *Event, err error) Reply
	undelivered  func(e *Event, reply Reply, err error)
}

// NewRouter returns an empty router.
func NewRouter() *Router {
	return &Router{commands: map[string]Handler{}, autocomplete: map[string]Handler{}}
}

// Use appends middleware; the first added is the outermost.
func (r *Router) Use(mw ...Middleware) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.middleware = append(r.middleware, mw...)
}

var commandWord = regexp.MustCompile(`^[-_'\p{Ll}\p{Lo}\p{Lm}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

func commandKey(path string) string {
	words := strings.Fields(path)
	if len(words) == 0 || len(words) > 3 {
		panic(fmt.Sprintf("discord: command path %q: want a command and at most a subcommand group and a subcommand", path))
	}
	for _, w := range words {
		if !commandWord.MatchString(w) {
			panic(fmt.Sprintf("discord: command path %q: %q is not a valid lowercase command name", path, w))
		}
	}
	return strings.Join(words, " ")
}

// Command routes the command path ("twixt challenge": command, then
// subcommand group and subcommand if any) to h.
func (r *Router) Command(path string, h Handler) {
	r.register(r.commands, commandKey(path), h, "command")
}

// Autocomplete routes autocomplete requests of the command path to h,
// which answers with Choices.
func (r *Router) Autocomplete(path string, h Handler) {
	r.register(r.autocomplete, commandKey(path), h, "autocomplete")
}

func (r *Router) register(m map[string]Handler, key string, h Handler, what string) {
	if h == nil {
		panic("discord: nil handler for " + what + " " + key)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := m[key]; dup {
		panic(fmt.Sprintf("discord: %s %q registered twice", what, key))
	}
	m[key] = h
}

// Component routes the custom_ids matching pattern to h.
func (r *Router) Component(pattern string, h Handler) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.components.add(pattern, h, "component")
}

// Modal routes the modal submissions whose custom_id matches pattern to h.
func (r *Router) Modal(pattern string, h Handler) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.modals.add(pattern, h, "modal")
}

// NotFound sets the reply to an interaction that no route matches. The
// default says so ephemerally (and answers an autocomplete with no choices).
func (r *Router) NotFound(f func(e *Event) Reply) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.notFound = f
}

// ErrorReply sets how a handler's error becomes a reply. The default
// answers ephemerally with the error's message if it is fit for the user
// (see UserMessage), with a generic apology otherwise (also for a nil
// err, after a panic), and with no choices for an autocomplete.
func (r *Router) ErrorReply(f func(e *Event, err error) Reply) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errorReply = f
}

// Undelivered sets what becomes of a reply that could not be delivered
// although its handler succeeded: Discord refused it, or it could not be
// sent before the interaction's deadline (a long rate limit, an outage).
// What the handler did has happened (a move landed, say), and the user
// would otherwise see only Discord's "the application did not respond":
// f may post the reply elsewhere, in the interaction's channel. Only
// public replies (messages and updates, not ephemeral) are handed to f.
// It runs in the interaction's goroutine once delivery has failed, so it
// should only start its work; a panic in it is logged.
func (r *Router) Undelivered(f func(e *Event, reply Reply, err error)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.undelivered = f
}

func (r *Router) undeliveredHook() func(e *Event, reply Reply, err error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.undelivered
}

// Routes lists what is registered, for documentation and tests.
func (r *Router) Routes() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var out []string
	for k := range r.commands {
		out = append(out, "command "+k)
	}
	for k := range r.autocomplete {
		out = append(out, "autocomplete "+k)
	}
	for _, p := range r.components.list {
		out = append(out, "component "+p.raw)
	}
	for _, p := range r.modals.list {
		out = append(out, "modal "+p.raw)
	}
	return out
}

// Match finds the handler for e and records the route and its parameters
// on e. It reports false when nothing matches.
func (r *Router) match(e *Event) (Handler, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var h Handler
	var route string
	var params map[string]string
	switch e.Type() {
	case discordgo.InteractionApplicationCommand:
		h, route = r.commands[e.Path()], e.Path()
	case discordgo.InteractionApplicationCommandAutocomplete:
		h, route = r.autocomplete[e.Path()], e.Path()
	case discordgo.InteractionMessageComponent:
		h, route, params = r.components.match(e.Path())
	case discordgo.InteractionModalSubmit:
		h, route, params = r.modals.match(e.Path())
	}
	if h == nil {
		return nil, false
	}
	e.setRoute(route, params)
	return h, true
}

// Handle routes e through the middleware to its handler and returns what
// the handler answered. An interaction no route matches gets the NotFound
// reply, through the middleware too, and its outcome is OutcomeUnknown.
func (r *Router) Handle(ctx context.Context, e *Event) (Reply, error) {
	h, ok := r.match(e)
	if !ok {
		h = func(context.Context, *Event) (Reply, error) {
			e.SetOutcome(OutcomeUnknown)
			return r.notFoundReply(e), nil
		}
	}
	r.mu.RLock()
	mw := r.middleware
	r.mu.RUnlock()
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h(ctx, e)
}

func (r *Router) notFoundReply(e *Event) Reply {
	r.mu.RLock()
	f := r.notFound
	r.mu.RUnlock()
	if f != nil {
		return f(e)
	}
	switch e.Type() {
	case discordgo.InteractionApplicationCommand:
		return Ephemeral(fmt.Sprintf("I don't know the command `/%s`. The commands may have just changed: try again in a minute. Nothing changed.", e.Path()))
	case discordgo.InteractionApplicationCommandAutocomplete:
		return Choices()
	case discordgo.InteractionMessageComponent:
		return Ephemeral("This button no longer works. Use the commands instead. Nothing changed.")
	default:
		return Ephemeral("I can't handle this here. Nothing changed.")
	}
}

// apology is the reply to an error the user should not see.
const apology = "Something went wrong on my side, sorry. It has been logged; please try again."

func (r *Router) replyForError(e *Event, err error) Reply {
	r.mu.RLock()
	f := r.errorReply
	r.mu.RUnlock()
	if f != nil {
		return f(e, err)
	}
	return defaultErrorReply(e, err)
}

// defaultErrorReply is the reply to err: its user message (see
// UserMessage), or the apology if it has none (a nil err too).
func defaultErrorReply(e *Event, err error) Reply {
	if e != nil && e.Type() == discordgo.InteractionApplicationCommandAutocomplete {
		return Choices()
	}
	if msg, ok := UserMessage(err); ok && msg != "" {
		return Ephemeral(truncate(msg, MaxContentLength-1))
	}
	return Ephemeral(apology)
}

// A pattern is a custom_id template: segments separated by '/', each a
// literal or a {name}.
type pattern struct {
	raw      string
	segs     []string // literal text, or "" for a parameter
	names    []string // parameter name per segment, or ""
	literals int
	h        Handler
}

type patternSet struct{ list []pattern }

var paramName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func (s *patternSet) add(raw string, h Handler, what string) {
	if h == nil {
		panic("discord: nil handler for " + what + " " + raw)
	}
	if raw == "" || runes(raw) > MaxCustomIDLength {
		panic(fmt.Sprintf("discord: %s pattern %q: want 1 to %d characters", what, raw, MaxCustomIDLength))
	}
	p := pattern{raw: raw, h: h}
	seen := map[string]bool{}
	for _, seg := range strings.Split(raw, "/") {
		switch {
		case seg == "":
			panic(fmt.Sprintf("discord: %s pattern %q has an empty segment", what, raw))
		case strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}"):
			name := seg[1 : len(seg)-1]
			if !paramName.MatchString(name) || seen[name] {
				panic(fmt.Sprintf("discord: %s pattern %q: bad or repeated parameter %q", what, raw, seg))
			}
			seen[name] = true
			p.segs = append(p.segs, "")
			p.names = append(p.names, name)
		case strings.ContainsAny(seg, "{}"):
			panic(fmt.Sprintf("discord: %s pattern %q: a segment is either literal or a whole {name}", what, raw))
		default:
			p.segs = append(p.segs, seg)
			p.names = append(p.names, "")
			p.literals++
		}
	}
	for _, q := range s.list {
		if sameShape(p, q) {
			panic(fmt.Sprintf("discord: %s patterns %q and %q match the same custom_ids", what, q.raw, raw))
		}
	}
	s.list = append(s.list, p)
}

func sameShape(a, b pattern) bool {
	if len(a.segs) != len(b.segs) {
		return false
	}
	for i := range a.segs {
		if a.segs[i] != b.segs[i] {
			return false
		}
	}
	return true
}

// match finds the most specific pattern for id: among the patterns that
// match, the one whose first literal-versus-parameter difference is a
// literal.
func (s *patternSet) match(id string) (Handler, string, map[string]string) {
	if id == "" || runes(id) > MaxCustomIDLength {
		return nil, "", nil
	}
	parts := strings.Split(id, "/")
	var best *pattern
	for i := range s.list {
		p := &s.list[i]
		if len(p.segs) != len(parts) || !p.matches(parts) {
			continue
		}
		if best == nil || p.beats(best) {
			best = p
		}
	}
	if best == nil {
		return nil, "", nil
	}
	params := map[string]string{}
	for i, name := range best.names {
		if name != "" {
			params[name] = parts[i]
		}
	}
	return best.h, best.raw, params
}

func (p *pattern) matches(parts []string) bool {
	for i, seg := range p.segs {
		if parts[i] == "" || (seg != "" && seg != parts[i]) {
			return false
		}
	}
	return true
}

func (p *pattern) beats(q *pattern) bool {
	for i := range p.segs {
		pl, ql := p.segs[i] != "", q.segs[i] != ""
		if pl != ql {
			return pl
		}
	}
	return false
}

// Group is a set of commands under one command name that share
// middleware of their own, inside the router's (Use) middleware: the
// moderators' commands, say, which all check the caller first.
type Group struct {
	r      *Router
	prefix string
	mw     []Middleware
}

// Group returns the group of commands under prefix ("twixtadmin"); mw
// wraps each of its handlers, the first given outermost.
func (r *Router) Group(prefix string, mw ...Middleware) *Group {
	return &Group{r: r, prefix: prefix, mw: mw}
}

// Command routes the command path under the group's prefix ("set" for
// "twixtadmin set") to h, wrapped in the group's middleware.
func (g *Group) Command(path string, h Handler) {
	for i := len(g.mw) - 1; i >= 0; i-- {
		h = g.mw[i](h)
	}
	g.r.Command(g.prefix+" "+path, h)
}
