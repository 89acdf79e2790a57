package l10n

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/template"
	"text/template/parse"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	tpl "github.com/nicksnyder/go-i18n/v2/i18n/template"
)

// A Ref is a function that texts call to name something that has its own
// name in every language, such as a command: {{cmd "twixt challenge"}}
// calls the catalogue's Ref "cmd" with "twixt challenge", and the text
// shows what it returns for the text's language. Its argument is always a
// string literal, so that [Catalogue.Check] can see what every text refers
// to. An error says that the argument names nothing.
type Ref func(l Lang, arg string) (string, error)

// Refs are a catalogue's Refs, by the name the texts call them by.
type Refs map[string]Ref

// WithRefs returns the catalogue with texts that call refs. It shares c's
// texts (and their parsing), and c is unchanged: a program can keep one
// catalogue and derive a view for each way of naming things (a command
// written as text, or as a clickable mention once its id is known).
func (c *Catalogue) WithRefs(refs Refs) *Catalogue {
	d := *c
	d.refs = refs
	return &d
}

// A RefCall is one call of a Ref in a text: {{cmd "twixt challenge"}} is
// RefCall{"cmd", "twixt challenge"}.
type RefCall struct{ Func, Arg string }

// String writes the call as a text writes it.
func (r RefCall) String() string { return fmt.Sprintf("{{%s %q}}", r.Func, r.Arg) }

// RefCalls returns the Ref calls of English text id, in every plural form,
// sorted and without repeats.
func (c *Catalogue) RefCalls(id string) []RefCall {
	calls, _ := refCalls(c.msgs[English][id])
	return sortedCalls(calls)
}

// call is what a text is executed with: its placeholders' values, and the
// language and Refs its function calls need.
type call struct {
	data map[string]any
	lang Lang
	refs Refs
}

// refParser parses texts once for every language and every Refs: the
// functions a text calls are bound when it is executed (see
// parsedText.Execute), so that the parsed text can be cached.
type refParser struct{}

func (refParser) Cacheable() bool { return true }

func (refParser) Parse(src, left, right string) (tpl.ParsedTemplate, error) {
	if left == "" {
		left = "{{"
	}
	if right == "" {
		right = "}}"
	}
	if !strings.Contains(src, left) {
		return literal(src), nil
	}
	trees, err := parseText(src, left, right)
	if err != nil {
		return nil, err
	}
	t := template.New("text").Delims(left, right).Option("missingkey=default")
	for name, tree := range trees {
		if _, err := t.AddParseTree(name, tree); err != nil {
			return nil, err
		}
	}
	p := &parsedText{t: t}
	seen := map[string]bool{}
	for _, tree := range trees {
		walk(tree.Root, func(_ *parse.CommandNode, name string) {
			p.calls = true
			if !builtins[name] && !seen[name] {
				seen[name] = true
				p.refs = append(p.refs, name)
			}
		})
	}
	return p, nil
}

// builtins are text/template's own functions: a text may call them, and
// they are no Refs.
var builtins = map[string]bool{
	"and": true, "call": true, "html": true, "index": true, "slice": true, "js": true, "len": true,
	"not": true, "or": true, "print": true, "printf": true, "println": true, "urlquery": true,
	"eq": true, "ge": true, "gt": true, "le": true, "lt": true, "ne": true,
}

// parseText parses a text without knowing its functions, which are
// checked when it runs (and by Check).
func parseText(src, left, right string) (map[string]*parse.Tree, error) {
	tree := parse.New("text")
	tree.Mode = parse.SkipFuncCheck
	trees := map[string]*parse.Tree{}
	if _, err := tree.Parse(src, left, right, trees); err != nil {
		return nil, err
	}
	return trees, nil
}

type literal string

func (s literal) Execute(any) (string, error) { return string(s), nil }

// parsedText is a text parsed once and shared by every language, view
// and goroutine. A text that calls Refs runs in a bound copy taken from
// bound, whose functions call the Refs of the call it runs for; a copy
// serves one Execute at a time, and goes back to the pool after it, so
// that the text is not cloned and its functions not bound at each use.
type parsedText struct {
	t     *template.Template
	calls bool     // it calls a function
	refs  []string // the functions it calls that are not builtins
	bound sync.Pool
}

// boundText is a copy of a parsed text whose Ref functions call cur's
// Refs, in cur's language.
type boundText struct {
	t   *template.Template
	cur *call
}

// bind returns a bound copy of the text, from the pool or cloned.
func (p *parsedText) bind() (*boundText, error) {
	if b, ok := p.bound.Get().(*boundText); ok {
		return b, nil
	}
	clone, err := p.t.Clone()
	if err != nil {
		return nil, err
	}
	b := &boundText{}
	m := make(template.FuncMap, len(p.refs))
	for _, name := range p.refs {
		m[name] = func(arg string) (string, error) {
			ref, ok := b.cur.refs[name]
			if !ok {
				return "", fmt.Errorf("function %q not defined", name)
			}
			return ref(b.cur.lang, arg)
		}
	}
	b.t = clone.Funcs(m)
	return b, nil
}

func (p *parsedText) Execute(data any) (string, error) {
	var b strings.Builder
	c, ok := data.(*call)
	if !ok || !p.calls {
		d := data
		if ok {
			d = c.data
		}
		if err := p.t.Execute(&b, d); err != nil {
			return "", err
		}
		return b.String(), nil
	}
	bt, err := p.bind()
	if err != nil {
		return "", err
	}
	bt.cur = c
	err = bt.t.Execute(&b, c.data)
	bt.cur = nil
	p.bound.Put(bt)
	if err != nil {
		return "", err
	}
	return b.String(), nil
}

// walk calls f for every function call in a parsed text, with the
// function's name.
func walk(n parse.Node, f func(cmd *parse.CommandNode, name string)) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			walk(c, f)
		}
	case *parse.ActionNode:
		walk(n.Pipe, f)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			walk(c, f)
		}
	case *parse.CommandNode:
		if id, ok := n.Args[0].(*parse.IdentifierNode); ok {
			f(n, id.Ident)
		}
		for _, a := range n.Args {
			walk(a, f)
		}
	case *parse.IfNode:
		walkBranch(&n.BranchNode, f)
	case *parse.RangeNode:
		walkBranch(&n.BranchNode, f)
	case *parse.WithNode:
		walkBranch(&n.BranchNode, f)
	case *parse.TemplateNode:
		walk(n.Pipe, f)
	}
}

func walkBranch(n *parse.BranchNode, f func(cmd *parse.CommandNode, name string)) {
	walk(n.Pipe, f)
	walk(n.List, f)
	walk(n.ElseList, f)
}

// refCalls returns the function calls of every form of m, and what is
// wrong with them: a call whose argument is not one string literal.
func refCalls(m *goi18n.Message) (map[RefCall]bool, []string) {
	calls := map[RefCall]bool{}
	var bad []string
	if m == nil {
		return calls, nil
	}
	for _, s := range forms(m) {
		trees, err := parseText(s, "{{", "}}")
		if err != nil {
			bad = append(bad, err.Error())
			continue
		}
		for _, tree := range trees {
			walk(tree.Root, func(cmd *parse.CommandNode, name string) {
				arg, ok := "", len(cmd.Args) == 2
				if ok {
					var str *parse.StringNode
					str, ok = cmd.Args[1].(*parse.StringNode)
					if ok {
						arg = str.Text
					}
				}
				if !ok {
					bad = append(bad, fmt.Sprintf("%s: a function takes one quoted argument, like {{%s %s}}", cmd, name, strconv.Quote("…")))
					return
				}
				calls[RefCall{name, arg}] = true
			})
		}
	}
	return calls, bad
}

func sortedCalls(set map[RefCall]bool) []RefCall {
	out := make([]RefCall, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Func != out[j].Func {
			return out[i].Func < out[j].Func
		}
		return out[i].Arg < out[j].Arg
	})
	return out
}

// checkRefs compares the Ref calls of a text in language l with English's
// and tries each: a call English does not make or one it lacks, a function
// that is no Ref, and an argument the Ref refuses.
func (c *Catalogue) checkRefs(l Lang, en, m *goi18n.Message) []error {
	var errs []error
	id := en.ID
	want, _ := refCalls(en)
	got, bad := refCalls(m)
	for _, b := range bad {
		errs = append(errs, fmt.Errorf("%s: key %q: %s", l, id, b))
	}
	if l != English {
		for _, r := range sortedCalls(want) {
			if !got[r] {
				errs = append(errs, fmt.Errorf("%s: key %q lacks %s, which English has", l, id, r))
			}
		}
		for _, r := range sortedCalls(got) {
			if !want[r] {
				errs = append(errs, fmt.Errorf("%s: key %q has %s, which English does not", l, id, r))
			}
		}
	}
	for _, r := range sortedCalls(got) {
		ref, ok := c.refs[r.Func]
		if !ok {
			errs = append(errs, fmt.Errorf("%s: key %q calls %s, but there is no function %q (there are %s)", l, id, r, r.Func, c.refNames()))
			continue
		}
		if _, err := ref(l, r.Arg); err != nil {
			errs = append(errs, fmt.Errorf("%s: key %q: %s: %v", l, id, r, err))
		}
	}
	return errs
}

func (c *Catalogue) refNames() string {
	if len(c.refs) == 0 {
		return "none"
	}
	names := make([]string, 0, len(c.refs))
	for n := range c.refs {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
