package l10n

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Args are the values of a text's placeholders, by name: Args{"Hole": "j12"}
// fills {{.Hole}}.
type Args map[string]any

// Catalogue is one package's texts in every language. It is safe for
// concurrent use.
type Catalogue struct {
	bundle *goi18n.Bundle
	loc    map[Lang]*goi18n.Localizer
	msgs   map[Lang]map[string]*goi18n.Message
	ids    []string // English keys, sorted
	refs   Refs     // the functions texts call (see WithRefs)
}

// Load reads a catalogue from dir in fsys: en.toml, which must exist, and
// one file for each other language, which may be missing or incomplete
// ([Catalogue.Check] says so; texts fall back to English).
func Load(fsys fs.FS, dir string) (*Catalogue, error) {
	c := &Catalogue{
		bundle: goi18n.NewBundle(language.English),
		loc:    map[Lang]*goi18n.Localizer{},
		msgs:   map[Lang]map[string]*goi18n.Message{},
	}
	c.bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, l := range Langs() {
		name := path.Join(dir, string(l)+".toml")
		f, err := c.bundle.LoadMessageFileFS(fsys, name)
		if errors.Is(err, fs.ErrNotExist) && l != English {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("l10n: reading %s: %w", name, err)
		}
		m := map[string]*goi18n.Message{}
		for _, msg := range f.Messages {
			m[msg.ID] = msg
		}
		c.msgs[l] = m
	}
	for id := range c.msgs[English] {
		c.ids = append(c.ids, id)
	}
	sort.Strings(c.ids)
	for _, l := range Langs() {
		c.loc[l] = goi18n.NewLocalizer(c.bundle, string(l))
	}
	return c, nil
}

// MustLoad is Load for catalogues embedded in the program, where an error is
// a bug found by the package's tests.
func MustLoad(fsys fs.FS, dir string) *Catalogue {
	c, err := Load(fsys, dir)
	if err != nil {
		panic(err)
	}
	return c
}

// IDs returns the key of every English text, sorted.
func (c *Catalogue) IDs() []string { return slices.Clone(c.ids) }

// Has reports whether the English catalogue has a text id.
func (c *Catalogue) Has(id string) bool {
	_, ok := c.msgs[English][id]
	return ok
}

// HasIn reports whether language l's own file has a text id, without
// falling back to English.
func (c *Catalogue) HasIn(l Lang, id string) bool {
	_, ok := c.msgs[l][id]
	return ok
}

// Text returns text id in language l with args filled in, falling back to
// English. An id that English lacks gives the id itself, so a missing text
// shows as its key instead of as nothing; tests keep that from happening.
func (c *Catalogue) Text(l Lang, id string, args Args) string {
	return c.localize(l, &goi18n.LocalizeConfig{MessageID: id, TemplateData: &call{data: map[string]any(args), lang: l, refs: c.refs}})
}

// Count returns text id in language l in the plural form for n, with args and
// {{.Count}} (which is n) filled in.
func (c *Catalogue) Count(l Lang, id string, n int, args Args) string {
	data := make(map[string]any, len(args)+1)
	for k, v := range args {
		data[k] = v
	}
	data["Count"] = n
	return c.localize(l, &goi18n.LocalizeConfig{MessageID: id, TemplateData: &call{data: data, lang: l, refs: c.refs}, PluralCount: n})
}

func (c *Catalogue) localize(l Lang, cfg *goi18n.LocalizeConfig) string {
	cfg.TemplateParser = refParser{}
	loc := c.loc[l]
	if loc == nil {
		loc = c.loc[English]
	}
	s, err := loc.Localize(cfg)
	if s == "" && err != nil {
		return cfg.MessageID
	}
	return s
}

// Placeholders returns the names of the placeholders in English text id, in
// every plural form, sorted: ["Game", "Hole"] for "{{.Hole}} in {{.Game}}".
func (c *Catalogue) Placeholders(id string) []string {
	return sortedKeys(placeholders(c.msgs[English][id]))
}

var placeholderRE = regexp.MustCompile(`\{\{-?\s*\.([A-Za-z_][A-Za-z0-9_]*)\s*-?\}\}`)

func placeholders(m *goi18n.Message) map[string]bool {
	set := map[string]bool{}
	if m == nil {
		return set
	}
	for _, s := range forms(m) {
		for _, sub := range placeholderRE.FindAllStringSubmatch(s, -1) {
			set[sub[1]] = true
		}
	}
	return set
}

// forms returns a message's texts by plural form, leaving out empty ones.
func forms(m *goi18n.Message) map[plural.Form]string {
	all := map[plural.Form]string{
		plural.Zero: m.Zero, plural.One: m.One, plural.Two: m.Two,
		plural.Few: m.Few, plural.Many: m.Many, plural.Other: m.Other,
	}
	for f, s := range all {
		if s == "" {
			delete(all, f)
		}
	}
	return all
}

// SameAsEnglish returns the keys of language l's own texts that are
// written exactly as English's, in every plural form l gives, sorted: an
// English text copied and not translated, or a word both languages share
// ("page" in French). A text with no word outside its template actions,
// such as "{{.Name}} ({{.Side}})", is left out. A package's test lists the
// texts meant to be the same, so that a leftover is caught.
func (c *Catalogue) SameAsEnglish(l Lang) []string {
	if l == English {
		return nil
	}
	var same []string
	for _, id := range c.ids {
		m, ok := c.msgs[l][id]
		if !ok {
			continue
		}
		en := forms(c.msgs[English][id])
		copied, words := true, false
		for f, s := range forms(m) {
			copied = copied && en[f] == s
			words = words || hasWords(s)
		}
		if copied && words {
			same = append(same, id)
		}
	}
	return same
}

// templateAction is a text/template action: a placeholder or a call.
var templateAction = regexp.MustCompile(`\{\{.*?\}\}`)

// hasWords reports whether s has a letter outside its template actions.
func hasWords(s string) bool {
	return strings.IndexFunc(templateAction.ReplaceAllString(s, ""), unicode.IsLetter) >= 0
}

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Check compares every language with English and returns every difference,
// joined: a missing file, a missing or extra key, a missing "other" form, a
// plural form the language does not have, a placeholder missing or extra,
// and a call of a Ref (see [Catalogue.WithRefs]) missing or extra, calling
// no Ref, or with an argument its Ref refuses (in English too).
// A plural message without a form the language's rules have falls back to
// "other", so only "one" and "other" are required where the rules have them.
func (c *Catalogue) Check() error {
	var errs []error
	for _, id := range c.ids {
		en := c.msgs[English][id]
		errs = append(errs, c.checkRefs(English, en, en)...)
	}
	for _, l := range Langs()[1:] {
		msgs, ok := c.msgs[l]
		if !ok {
			errs = append(errs, fmt.Errorf("%s: no catalogue file %s.toml", l, l))
			continue
		}
		for _, id := range c.ids {
			m, ok := msgs[id]
			if !ok {
				errs = append(errs, fmt.Errorf("%s: key %q is missing", l, id))
				continue
			}
			errs = append(errs, checkMessage(l, c.msgs[English][id], m)...)
			errs = append(errs, c.checkRefs(l, c.msgs[English][id], m)...)
		}
		for id := range msgs {
			if !c.Has(id) {
				errs = append(errs, fmt.Errorf("%s: key %q is not in en.toml", l, id))
			}
		}
	}
	return errors.Join(errs...)
}

func checkMessage(l Lang, en, m *goi18n.Message) []error {
	var errs []error
	id := en.ID
	want := placeholders(en)
	got := placeholders(m)
	for _, p := range sortedKeys(want) {
		if !got[p] && p != "Count" {
			errs = append(errs, fmt.Errorf("%s: key %q lacks placeholder {{.%s}}", l, id, p))
		}
	}
	for _, p := range sortedKeys(got) {
		if !want[p] && p != "Count" {
			errs = append(errs, fmt.Errorf("%s: key %q has placeholder {{.%s}}, which English does not", l, id, p))
		}
	}
	enForms, fs := forms(en), forms(m)
	if _, ok := fs[plural.Other]; !ok {
		errs = append(errs, fmt.Errorf("%s: key %q has no text (\"other\" form)", l, id))
	}
	if len(enForms) > 1 {
		allowed := pluralForms(l)
		if allowed[plural.One] {
			if _, ok := fs[plural.One]; !ok {
				errs = append(errs, fmt.Errorf("%s: key %q lacks the \"one\" plural form", l, id))
			}
		}
		for f := range fs {
			if !allowed[f] {
				errs = append(errs, fmt.Errorf("%s: key %q has plural form %q, which %s does not use", l, id, formNames[f], l.Name()))
			}
		}
	} else if len(fs) > 1 {
		errs = append(errs, fmt.Errorf("%s: key %q has plural forms, but the English text has none", l, id))
	}
	return errs
}

var formNames = map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two",
	plural.Few: "few", plural.Many: "many", plural.Other: "other"}

// pluralForms returns the CLDR plural forms of l's cardinal numbers.
func pluralForms(l Lang) map[plural.Form]bool {
	forms := map[plural.Form]bool{plural.Other: true}
	tag := language.Make(string(l))
	for _, n := range []int{0, 1, 2, 3, 5, 11, 21, 100, 1000000} {
		forms[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)] = true
	}
	return forms
}
