package l10n

import (
	"fmt"
	"strings"
)

// Lang is a language twixtbot speaks, named by its ISO 639-1 code.
type Lang string

// The languages twixtbot speaks. English is the source of every catalogue and
// the fallback for any text a language lacks.
const (
	English Lang = "en"
	German  Lang = "de"
	French  Lang = "fr"
	Italian Lang = "it"
	Spanish Lang = "es"
)

// Langs lists every language, English first.
func Langs() []Lang { return []Lang{English, German, French, Italian, Spanish} }

// String returns the language code, such as "de".
func (l Lang) String() string { return string(l) }

// Known reports whether twixtbot speaks l.
func (l Lang) Known() bool {
	for _, k := range Langs() {
		if k == l {
			return true
		}
	}
	return false
}

// Name returns the language's name in the language itself, such as "Deutsch".
func (l Lang) Name() string {
	switch l {
	case English:
		return "English"
	case German:
		return "Deutsch"
	case French:
		return "Français"
	case Italian:
		return "Italiano"
	case Spanish:
		return "Español"
	}
	return string(l)
}

// DiscordLocales returns the Discord locales that mean l, for a command's
// name_localizations and description_localizations.
func (l Lang) DiscordLocales() []string {
	switch l {
	case English:
		return []string{"en-US", "en-GB"}
	case Spanish:
		return []string{"es-ES", "es-419"}
	case German, French, Italian:
		return []string{string(l)}
	}
	return nil
}

// FromDiscord returns the language for a Discord locale such as "de",
// "en-GB" or "es-419" (an interaction's locale or guild_locale). A locale
// twixtbot does not speak, or an empty one, gives English and false.
func FromDiscord(locale string) (Lang, bool) {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(locale)), "-")
	if l := Lang(base); l.Known() {
		return l, true
	}
	return English, false
}

// ParseLang reads a language as a moderator would write it: a code ("de"),
// a Discord locale ("es-ES"), or a name in English or in the language itself
// ("German", "Deutsch"). The error names the languages there are.
func ParseLang(s string) (Lang, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if l, ok := FromDiscord(t); ok {
		return l, nil
	}
	for _, l := range Langs() {
		if t == strings.ToLower(l.Name()) || t == strings.ToLower(englishNames[l]) {
			return l, nil
		}
	}
	return "", &UnknownLangError{Input: s}
}

var englishNames = map[Lang]string{English: "English", German: "German", French: "French", Italian: "Italian", Spanish: "Spanish"}

// UnknownLangError is a language twixtbot does not speak.
type UnknownLangError struct{ Input string }

func (e *UnknownLangError) Error() string {
	codes := make([]string, 0, len(Langs()))
	for _, l := range Langs() {
		codes = append(codes, fmt.Sprintf("%s (%s)", l, l.Name()))
	}
	return fmt.Sprintf("l10n: unknown language %q; twixtbot speaks %s", e.Input, strings.Join(codes, ", "))
}
