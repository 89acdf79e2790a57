package discord

import (
	"context"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func componentEvent(t testing.TB, customID string) *Event {
	t.Helper()
	e, err := NewEvent(&discordgo.Interaction{ID: "1", Token: "t", Type: discordgo.InteractionMessageComponent,
		Data: discordgo.MessageComponentInteractionData{CustomID: customID}}, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func named(name string) Handler {
	return func(context.Context, *Event) (Reply, error) { return Text(name), nil }
}

func TestRouterComponentPatterns(t *testing.T) {
	r := NewRouter()
	for _, p := range []string{"accept/{game}", "accept/special", "move/{game}/{n}", "move/{game}/swap", "{any}/x", "help"} {
		r.Component(p, named(p))
	}
	tests := []struct {
		id     string
		route  string // "" for no match
		params map[string]string
	}{
		{"accept/g1", "accept/{game}", map[string]string{"game": "g1"}},
		{"accept/special", "accept/special", map[string]string{}},
		{"move/g1/3", "move/{game}/{n}", map[string]string{"game": "g1", "n": "3"}},
		{"move/g1/swap", "move/{game}/swap", map[string]string{"game": "g1"}},
		{"accept/x", "accept/{game}", map[string]string{"game": "x"}}, // a literal first segment beats {any}
		{"zzz/x", "{any}/x", map[string]string{"any": "zzz"}},
		{"help", "help", map[string]string{}},
		{"accept", "", nil},
		{"accept/", "", nil},
		{"/g1", "", nil},
		{"accept/g1/extra", "", nil},
		{"", "", nil},
		{"help/" + string(make([]byte, 100)), "", nil},
	}
	for _, tt := range tests {
		e := componentEvent(t, "x")
		e.path = tt.id
		h, ok := r.match(e)
		if ok != (tt.route != "") {
			t.Errorf("%q: matched %v, want %q", tt.id, ok, tt.route)
			continue
		}
		if !ok {
			continue
		}
		rep, _ := h(context.Background(), e)
		if rep.Content != tt.route || e.Route() != tt.route || !maps.Equal(e.Params(), tt.params) {
			t.Errorf("%q: handler %q route %q params %v, want %q %v", tt.id, rep.Content, e.Route(), e.Params(), tt.route, tt.params)
		}
	}
}

func TestRouterRegistrationPanics(t *testing.T) {
	tests := []struct {
		name string
		reg  func(r *Router)
	}{
		{"empty pattern", func(r *Router) { r.Component("", named("")) }},
		{"empty segment", func(r *Router) { r.Component("a//b", named("")) }},
		{"empty parameter", func(r *Router) { r.Component("a/{}", named("")) }},
		{"repeated parameter", func(r *Router) { r.Component("a/{x}/{x}", named("")) }},
		{"half a parameter", func(r *Router) { r.Component("a/{x", named("")) }},
		{"parameter inside a segment", func(r *Router) { r.Component("a/b{x}", named("")) }},
		{"same shape twice", func(r *Router) { r.Component("a/{x}", named("")); r.Component("a/{y}", named("")) }},
		{"nil handler", func(r *Router) { r.Modal("m", nil) }},
		{"uppercase command", func(r *Router) { r.Command("Twixt", named("")) }},
		{"four words", func(r *Router) { r.Command("a b c d", named("")) }},
		{"command twice", func(r *Router) { r.Command("a b", named("")); r.Command("a  b", named("")) }},
		{"space in a name", func(r *Router) { r.Autocomplete("", named("")) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("no panic")
				}
			}()
			tt.reg(NewRouter())
		})
	}
}

func TestRouterCommandPaths(t *testing.T) {
	r := NewRouter()
	r.Command("game", named("game"))
	r.Command("game new", named("game new"))
	r.Command("admin size set", named("admin size set"))
	r.Autocomplete("game new", named("auto"))
	sub := func(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}
	}
	group := func(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionSubCommandGroup, Options: opts}
	}
	str := &discordgo.ApplicationCommandInteractionDataOption{Name: "s", Type: discordgo.ApplicationCommandOptionString, Value: "v"}
	tests := []struct {
		typ  discordgo.InteractionType
		name string
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want string // handler; "" for unknown
	}{
		{discordgo.InteractionApplicationCommand, "game", []*discordgo.ApplicationCommandInteractionDataOption{str}, "game"},
		{discordgo.InteractionApplicationCommand, "game", []*discordgo.ApplicationCommandInteractionDataOption{sub("new", str)}, "game new"},
		{discordgo.InteractionApplicationCommand, "admin", []*discordgo.ApplicationCommandInteractionDataOption{group("size", sub("set", str))}, "admin size set"},
		{discordgo.InteractionApplicationCommand, "admin", []*discordgo.ApplicationCommandInteractionDataOption{group("size", sub("get"))}, ""},
		{discordgo.InteractionApplicationCommandAutocomplete, "game", []*discordgo.ApplicationCommandInteractionDataOption{sub("new", str)}, "auto"},
		{discordgo.InteractionApplicationCommandAutocomplete, "game", nil, ""},
	}
	for _, tt := range tests {
		e, err := NewEvent(&discordgo.Interaction{ID: "1", Token: "t", Type: tt.typ,
			Data: discordgo.ApplicationCommandInteractionData{Name: tt.name, Options: tt.opts}}, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		rep, _ := r.Handle(context.Background(), e)
		if tt.want == "" {
			if e.Route() != "" {
				t.Errorf("%s: routed to %q, want no route", e.Path(), e.Route())
			}
			continue
		}
		if rep.Content != tt.want {
			t.Errorf("%s: handler %q, want %q", e.Path(), rep.Content, tt.want)
		}
		if tt.want != "auto" && !e.Options().Has("s") && tt.opts[0] == str {
			t.Errorf("options lost")
		}
	}
}

func TestMiddlewareOrder(t *testing.T) {
	r := NewRouter()
	var order []string
	mw := func(name string) Middleware {
		return func(next Handler) Handler {
			return func(ctx context.Context, e *Event) (Reply, error) {
				order = append(order, name)
				return next(ctx, e)
			}
		}
	}
	r.Use(mw("outer"), mw("inner"))
	r.Component("x", func(context.Context, *Event) (Reply, error) {
		order = append(order, "handler")
		return NoReply(), nil
	})
	if _, err := r.Handle(context.Background(), componentEvent(t, "x")); err != nil {
		t.Fatal(err)
	}
	// Unknown routes go through the middleware too.
	if _, err := r.Handle(context.Background(), componentEvent(t, "y")); err != nil {
		t.Fatal(err)
	}
	want := []string{"outer", "inner", "handler", "outer", "inner"}
	if len(order) != len(want) {
		t.Fatalf("order %v, want %v", order, want)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("order %v, want %v", order, want)
		}
	}
}

// TestGroupMiddleware: a group's middleware wraps its commands only, the
// first given outermost, inside the router's own.
func TestGroupMiddleware(t *testing.T) {
	var trace []string
	mark := func(name string) Middleware {
		return func(next Handler) Handler {
			return func(ctx context.Context, e *Event) (Reply, error) {
				trace = append(trace, name)
				return next(ctx, e)
			}
		}
	}
	r := NewRouter()
	r.Use(mark("router"))
	admin := r.Group("admin", mark("outer"), mark("inner"))
	h := func(name string) Handler {
		return func(context.Context, *Event) (Reply, error) { trace = append(trace, name); return Text(name), nil }
	}
	admin.Command("set", h("set"))
	r.Command("play move", h("move"))
	tests := []struct {
		path string
		want string
	}{
		{"admin set", "router outer inner set"},
		{"play move", "router move"},
	}
	for _, tt := range tests {
		trace = nil
		e := commandEvent(t, discordgo.InteractionApplicationCommand)
		e.path = tt.path
		if _, err := r.Handle(context.Background(), e); err != nil {
			t.Fatalf("%s: %v", tt.path, err)
		}
		if got := strings.Join(trace, " "); got != tt.want {
			t.Errorf("%s ran %q, want %q", tt.path, got, tt.want)
		}
	}
}
