// Package l10n holds twixtbot's languages and reads message catalogues.
//
// A catalogue is a directory of TOML files, one per language, named by the
// language's code (en.toml, de.toml, fr.toml, it.toml, es.toml), so that a
// translator can work on one file without reading Go. English is the source:
// every other file must have the same keys, and each text the same
// placeholders. [Catalogue.Check] reports every difference, and each package
// that keeps a catalogue runs it in a test.
//
// A message is either a plain string or, when it depends on a number, a
// table of CLDR plural forms (zero, one, two, few, many, other) that
// [Catalogue.Count] chooses from with the language's plural rules:
//
//	[refusal]
//	occupied = "The hole {{.Hole}} already has a peg. Nothing changed."
//
//	[turns]
//	one = "{{.Count}} turn"
//	other = "{{.Count}} turns"
//
// Placeholders are Go text/template actions such as {{.Hole}}; the code
// passes them as [Args]. Texts are looked up in the asked language and fall
// back to English when a language lacks one.
//
// The catalogues are read with github.com/nicksnyder/go-i18n, which brings
// the CLDR plural rules of golang.org/x/text and reads TOML files that a
// translator can edit by hand; golang.org/x/text/message would need Go
// code or generated catalogues instead.
package l10n
