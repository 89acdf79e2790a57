package bot

import (
	"context"
	"embed"
	"strings"
	"sync"
	"time"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/l10n"
	"github.com/twixtbot/twixtbot/render"
	"github.com/twixtbot/twixtbot/storage"
)

// Every text the bot writes in a message is in the catalogue
// locales/<lang>.toml, one file per language (see l10n). The language of a
// text is its reader's:
//
//   - a private reply (ephemeral) speaks the acting user's own language,
//     the interaction's locale;
//   - a direct message speaks its receiver's language, the locale last
//     seen from them (kept with their prefs);
//   - a public message in a channel speaks the channel's language: the
//     moderators' language setting, or else the server's own language
//     (guild_locale, last seen per server and kept, so that the clock's
//     notices and the computer's moves speak it after a restart too); in
//     direct messages, a game's messages speak its proposer's language.
//
// Any language twixtbot does not speak is English.

//go:embed locales/*.toml
var localeFiles embed.FS

// texts is every text of package bot, in every language.
var texts = l10n.MustLoad(localeFiles, "locales")

// args are a text's placeholders.
type args = l10n.Args

// t is text id in the vocabulary's language.
func (v vocab) t(id string, a args) string { return texts.Text(v.lang, id, a) }

// n is text id in the plural form for count.
func (v vocab) n(id string, count int, a args) string { return texts.Count(v.lang, id, count, a) }

// english reports whether the vocabulary speaks English.
func (v vocab) english() bool { return v.lang == l10n.English || v.lang == "" }

// in is the vocabulary in language l.
func (v vocab) in(l l10n.Lang) vocab {
	v.lang = l
	return v
}

// speak is the classic vocabulary in language l, for texts about no game.
func speak(l l10n.Lang) vocab { return vocab{theme: render.Classic, lang: l} }

// and joins words as "a", "a and b", "a, b and c", in the language.
func (v vocab) and(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return v.t("list.and", args{"List": strings.Join(words[:len(words)-1], v.t("list.comma", nil)), "Last": words[len(words)-1]})
}

// or joins words as "a", "a or b", "a, b or c", in the language.
func (v vocab) or(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return v.t("list.or", args{"List": strings.Join(words[:len(words)-1], v.t("list.comma", nil)), "Last": words[len(words)-1]})
}

// langOf reads a Discord locale; any other is English.
func langOf(locale string) l10n.Lang {
	l, _ := l10n.FromDiscord(locale)
	return l
}

// userLang is the acting user's language, for private replies.
func userLang(e *discord.Event) l10n.Lang { return langOf(e.Locale()) }

// userVocab is the classic vocabulary in the acting user's language.
func userVocab(e *discord.Event) vocab { return speak(userLang(e)) }

// placeLang is the language of public messages in a channel: the
// language setting, or the server's language as Discord last sent it.
func (b *Bot) placeLang(ctx context.Context, guild storage.GuildID, channel storage.ChannelID) l10n.Lang {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	p, _, err := b.svc.Policy(ctx, guild, channel)
	if err != nil {
		b.log.Warn("could not read the channel's language", "guild", string(guild), "err", err)
		return l10n.English
	}
	if p.Language != "" {
		return p.Language
	}
	return langOf(p.GuildLocale)
}

// gameVocab is a game's vocabulary in the language of its channel, for
// its public messages.
func (b *Bot) gameVocab(g *storage.Game) vocab {
	ctx := context.Background()
	if g.Place.Guild == "" { // a game in direct messages: its proposer's language
		return vocabOf(g).in(b.dmLang(ctx, match.Proposer(g), l10n.English))
	}
	return vocabOf(g).in(b.placeLang(ctx, g.Place.Guild, g.Place.Channel))
}

// publicVocab is the classic vocabulary in the language of the channel of
// an interaction, for public replies about no game.
func (b *Bot) publicVocab(ctx context.Context, e *discord.Event) vocab {
	if e.GuildID() == "" { // direct messages: the user's own language
		return userVocab(e)
	}
	return speak(b.placeLang(ctx, e.GuildID(), e.ChannelID()))
}

// dmLang is the language of direct messages to u: the locale last seen
// from them, or else fallback.
func (b *Bot) dmLang(ctx context.Context, u storage.UserID, fallback l10n.Lang) l10n.Lang {
	p, err := b.svc.Prefs(ctx, u)
	if err != nil || p.Locale == "" {
		return fallback
	}
	return langOf(p.Locale)
}

// locales remembers the locales last written to the store, so that only a
// change is written.
type locales struct {
	mu    sync.Mutex
	seen  map[string]string // "g"+guild or "u"+user -> locale
	store func(ctx context.Context, key, locale string) error
}

func (l *locales) note(ctx context.Context, key, locale string) error {
	if locale == "" || key == "" {
		return nil
	}
	l.mu.Lock()
	if l.seen == nil {
		l.seen = map[string]string{}
	}
	same := l.seen[key] == locale
	l.mu.Unlock()
	if same {
		return nil
	}
	if err := l.store(ctx, key, locale); err != nil {
		return err
	}
	l.mu.Lock()
	l.seen[key] = locale
	l.mu.Unlock()
	return nil
}

// noteLocales is middleware that keeps the server's and the user's
// locales as Discord sends them, for the messages sent later without an
// interaction. A failure to keep them is only logged: the interaction
// goes on.
func (b *Bot) noteLocales(next discord.Handler) discord.Handler {
	return func(ctx context.Context, e *discord.Event) (discord.Reply, error) {
		if g := e.GuildID(); g != "" {
			if err := b.locales.note(ctx, "g"+string(g), e.GuildLocale()); err != nil {
				b.log.Debug("could not keep the server's language", "guild", string(g), "err", err)
			}
		}
		if u := e.UserID(); u != "" {
			if err := b.locales.note(ctx, "u"+string(u), e.Locale()); err != nil {
				b.log.Debug("could not keep the user's language", "user", string(u), "err", err)
			}
		}
		return next(ctx, e)
	}
}

// keepLocale writes a locale noted by noteLocales.
func (b *Bot) keepLocale(ctx context.Context, key, locale string) error {
	id := key[1:]
	if key[0] == 'g' {
		return b.svc.NoteGuildLocale(ctx, storage.GuildID(id), locale)
	}
	u := storage.UserID(id)
	p, err := b.svc.Prefs(ctx, u)
	if err != nil || p.Locale == locale {
		return err
	}
	_, err = b.svc.UpdatePrefs(ctx, u, func(p *storage.Prefs) error { p.Locale = locale; return nil })
	return err
}
