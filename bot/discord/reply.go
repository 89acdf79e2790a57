package discord

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits that replies and components are checked against.
const (
	MaxContentLength     = 2000
	MaxEmbeds            = 10
	MaxActionRows        = 5
	MaxButtonsPerRow     = 5
	MaxCustomIDLength    = 100
	MaxButtonLabel       = 80
	MaxChoices           = 25
	MaxChoiceName        = 100
	MaxChoiceValue       = 100
	MaxFiles             = 10
	MaxFileDescription   = 1024
	MaxUploadBytes       = 10 << 20 // all files of one message together
	MaxMentionedUsers    = 100
	MaxModalTitle        = 45
	MaxSelectOptions     = 25
	MaxSelectPlaceholder = 150
)

// ReplyKind is what a reply does.
type ReplyKind int

const (
	// KindMessage posts a new message in answer (callback type 4, or the
	// edit of the deferred response, or a followup).
	KindMessage ReplyKind = iota
	// KindUpdate edits the message the pressed component is on (type 7):
	// its content and components are replaced; its files too when Files
	// or RemoveFiles is set, and are kept otherwise.
	KindUpdate
	// KindChoices answers an autocomplete (type 8).
	KindChoices
	// KindModal opens a modal (type 9). It cannot follow a deferral, so a
	// handler that answers with a modal must answer fast.
	KindModal
	// KindNone sends nothing at all; Discord shows the user that the
	// interaction failed. The rate limiter answers floods this way.
	KindNone
)

func (k ReplyKind) String() string {
	switch k {
	case KindMessage:
		return "message"
	case KindUpdate:
		return "update"
	case KindChoices:
		return "choices"
	case KindModal:
		return "modal"
	case KindNone:
		return "none"
	}
	return fmt.Sprintf("ReplyKind(%d)", int(k))
}

// File is an attachment of a reply.
type File struct {
	Name        string // "board.png": ASCII letters, digits, '_', '-' and '.'
	ContentType string // "image/png"; sniffed from Data when empty
	Description string // the alt text, at most 1024 characters
	Data        []byte
}

// Modal is a form that a KindModal reply opens.
type Modal struct {
	CustomID   string
	Title      string
	Components []discordgo.MessageComponent // action rows, each of one discordgo.TextInput
}

// Reply is what a handler answers. The zero Reply is an empty public
// message, which Validate refuses: say something.
//
// Mentions lists the only users the message may ping; every other mention
// in the content is shown but notifies nobody (no @everyone, no roles).
type Reply struct {
	Kind        ReplyKind
	Content     string
	Ephemeral   bool // seen only by the user who acted (KindMessage)
	Files       []File
	RemoveFiles bool // KindUpdate without Files: drop the message's files
	Components  []discordgo.MessageComponent
	Embeds      []*discordgo.MessageEmbed
	Mentions    []UserID
	Choices     []*discordgo.ApplicationCommandOptionChoice
	Modal       *Modal
}

// Text is a public message.
func Text(content string) Reply { return Reply{Content: content} }

// Ephemeral is a message only the acting user sees.
func Ephemeral(content string) Reply { return Reply{Content: content, Ephemeral: true} }

// Update replaces the content and components of the message the pressed
// component is on.
func Update(content string, components ...discordgo.MessageComponent) Reply {
	return Reply{Kind: KindUpdate, Content: content, Components: components}
}

// Choices answers an autocomplete.
func Choices(choices ...*discordgo.ApplicationCommandOptionChoice) Reply {
	return Reply{Kind: KindChoices, Choices: choices}
}

// Choice is one autocomplete choice; value is a string, or a number for
// number and integer options.
func Choice(name string, value any) *discordgo.ApplicationCommandOptionChoice {
	return &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value}
}

// ShowModal opens a modal.
func ShowModal(m Modal) Reply { return Reply{Kind: KindModal, Modal: &m} }

// NoReply sends nothing.
func NoReply() Reply { return Reply{Kind: KindNone} }

// WithFiles returns r with files appended.
func (r Reply) WithFiles(files ...File) Reply {
	r.Files = append(append([]File(nil), r.Files...), files...)
	return r
}

// WithComponents returns r with components (action rows) appended.
func (r Reply) WithComponents(c ...discordgo.MessageComponent) Reply {
	r.Components = append(append([]discordgo.MessageComponent(nil), r.Components...), c...)
	return r
}

// WithMentions returns r allowed to ping these users too.
func (r Reply) WithMentions(ids ...UserID) Reply {
	r.Mentions = append(append([]UserID(nil), r.Mentions...), ids...)
	return r
}

// Row is an action row holding up to five buttons, or one select menu.
func Row(components ...discordgo.MessageComponent) discordgo.ActionsRow {
	return discordgo.ActionsRow{Components: components}
}

// Button is a button that sends customID when pressed. Build customID with
// CustomID so it stays within Discord's 100 characters.
func Button(style discordgo.ButtonStyle, label, customID string) discordgo.Button {
	return discordgo.Button{Style: style, Label: label, CustomID: customID}
}

// LinkButton is a button that opens url.
func LinkButton(label, url string) discordgo.Button {
	return discordgo.Button{Style: discordgo.LinkButton, Label: label, URL: url}
}

// DisableAll returns a copy of components with every button and select
// menu disabled, for a message whose choices are used up or stale.
func DisableAll(components []discordgo.MessageComponent) []discordgo.MessageComponent {
	return disable(components, func(string) bool { return true })
}

// Disable returns a copy of components with the buttons and select menus
// of these custom_ids disabled.
func Disable(components []discordgo.MessageComponent, customIDs ...string) []discordgo.MessageComponent {
	return disable(components, func(id string) bool {
		for _, x := range customIDs {
			if x == id {
				return true
			}
		}
		return false
	})
}

func disable(components []discordgo.MessageComponent, which func(string) bool) []discordgo.MessageComponent {
	if components == nil {
		return nil
	}
	out := make([]discordgo.MessageComponent, 0, len(components))
	for _, c := range components {
		switch c := c.(type) {
		case discordgo.ActionsRow:
			out = append(out, discordgo.ActionsRow{Components: disable(c.Components, which), ID: c.ID})
		case *discordgo.ActionsRow:
			out = append(out, discordgo.ActionsRow{Components: disable(c.Components, which), ID: c.ID})
		case discordgo.Button:
			c.Disabled = c.Disabled || (c.Style != discordgo.LinkButton && which(c.CustomID))
			out = append(out, c)
		case *discordgo.Button:
			b := *c
			b.Disabled = b.Disabled || (b.Style != discordgo.LinkButton && which(b.CustomID))
			out = append(out, b)
		case discordgo.SelectMenu:
			c.Disabled = c.Disabled || which(c.CustomID)
			out = append(out, c)
		case *discordgo.SelectMenu:
			s := *c
			s.Disabled = s.Disabled || which(s.CustomID)
			out = append(out, s)
		default:
			out = append(out, c)
		}
	}
	return out
}

// CustomID joins segments into a path-like custom_id ("move/g42/17") that a
// Router pattern ("move/{game}/{n}") matches. Each segment must be
// non-empty, without '/' or control characters, and the whole at most 100
// characters.
func CustomID(segments ...string) (string, error) {
	l := limits{kind: ErrInvalidCustomID}
	if len(segments) == 0 {
		l.add("", "no segments: give at least one")
	}
	for i, s := range segments {
		switch {
		case s == "":
			l.add(fmt.Sprintf("segment %d", i), "empty; every segment needs a value")
		case strings.Contains(s, "/"):
			l.add(fmt.Sprintf("segment %d", i), "%q contains '/', which separates segments", s)
		case strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }):
			l.add(fmt.Sprintf("segment %d", i), "%q contains a control character", s)
		}
	}
	id := strings.Join(segments, "/")
	if n := utf8.RuneCountInString(id); n > MaxCustomIDLength {
		l.add("", "%q is %d characters, more than Discord's %d: use shorter ids", truncate(id, 40), n, MaxCustomIDLength)
	}
	if err := l.err(); err != nil {
		return "", err
	}
	return id, nil
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// Validate checks the reply against Discord's limits and rules, and
// returns every problem found (each a *LimitError wrapping
// ErrInvalidReply).
func (r Reply) Validate() error {
	l := limits{kind: ErrInvalidReply}
	switch r.Kind {
	case KindMessage, KindUpdate:
		r.validateMessage(&l)
	case KindChoices:
		validateChoices(&l, "choices", r.Choices)
	case KindModal:
		validateModal(&l, r.Modal)
	case KindNone:
	default:
		l.add("kind", "unknown reply kind %d", int(r.Kind))
	}
	return l.err()
}

func (r Reply) validateMessage(l *limits) {
	if n := runes(r.Content); n > MaxContentLength {
		l.add("content", "%d characters, more than Discord's %d: shorten it or attach it as a file", n, MaxContentLength)
	}
	if r.Kind == KindMessage && strings.TrimSpace(r.Content) == "" && len(r.Files) == 0 && len(r.Embeds) == 0 {
		l.add("content", "a new message needs content, a file or an embed")
	}
	if r.Kind == KindUpdate && r.Ephemeral {
		l.add("ephemeral", "an update cannot change whether the message is ephemeral: use a KindMessage reply")
	}
	if len(r.Embeds) > MaxEmbeds {
		l.add("embeds", "%d embeds, more than Discord's %d", len(r.Embeds), MaxEmbeds)
	}
	validateFiles(l, r.Files)
	validateComponents(l, r.Components)
	if len(r.Mentions) > MaxMentionedUsers {
		l.add("mentions", "%d users, more than Discord's %d", len(r.Mentions), MaxMentionedUsers)
	}
	for i, id := range r.Mentions {
		if !isSnowflake(string(id)) {
			l.add(fmt.Sprintf("mentions[%d]", i), "%q is not a user id", string(id))
		}
	}
	if len(r.Choices) > 0 || r.Modal != nil {
		l.add("kind", "choices and modals need KindChoices and KindModal, not %s", r.Kind)
	}
}

// rowOf is the components of an action row, given as a value or a pointer.
func rowOf(c discordgo.MessageComponent) ([]discordgo.MessageComponent, bool) {
	switch c := c.(type) {
	case discordgo.ActionsRow:
		return c.Components, true
	case *discordgo.ActionsRow:
		return c.Components, true
	}
	return nil, false
}

func validFileName(name string) bool {
	if name == "" || len(name) > 255 || strings.Trim(name, ".") == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

func validateFiles(l *limits, files []File) {
	if len(files) > MaxFiles {
		l.add("files", "%d files, more than Discord's %d", len(files), MaxFiles)
	}
	total := 0
	seen := map[string]bool{}
	for i, f := range files {
		where := fmt.Sprintf("files[%d]", i)
		if !validFileName(f.Name) {
			l.add(where+".name", "%q: use ASCII letters, digits, '_', '-' and '.' only", f.Name)
		}
		if seen[f.Name] {
			l.add(where+".name", "%q is attached twice: give each file its own name", f.Name)
		}
		seen[f.Name] = true
		if len(f.Data) == 0 {
			l.add(where, "%q has no bytes", f.Name)
		}
		if n := runes(f.Description); n > MaxFileDescription {
			l.add(where+".description", "%d characters, more than Discord's %d", n, MaxFileDescription)
		}
		total += len(f.Data)
	}
	if total > MaxUploadBytes {
		l.add("files", "%d bytes in all, more than Discord's %d", total, MaxUploadBytes)
	}
}

func validateComponents(l *limits, rows []discordgo.MessageComponent) {
	if len(rows) > MaxActionRows {
		l.add("components", "%d rows, more than Discord's %d", len(rows), MaxActionRows)
	}
	ids := map[string]bool{}
	checkID := func(where, id string) {
		switch n := runes(id); {
		case n == 0:
			l.add(where+".custom_id", "empty: every button and menu needs a custom_id")
		case n > MaxCustomIDLength:
			l.add(where+".custom_id", "%d characters, more than Discord's %d", n, MaxCustomIDLength)
		case ids[id]:
			l.add(where+".custom_id", "%q is used twice in one message", id)
		}
		ids[id] = true
	}
	for i, c := range rows {
		where := fmt.Sprintf("components[%d]", i)
		row, ok := rowOf(c)
		if !ok {
			l.add(where, "a %T at the top level: put buttons and menus in action rows (Row)", c)
			continue
		}
		if len(row) == 0 {
			l.add(where, "an empty action row")
		}
		if len(row) > MaxButtonsPerRow {
			l.add(where, "%d components, more than Discord's %d per row", len(row), MaxButtonsPerRow)
		}
		for j, x := range row {
			w := fmt.Sprintf("%s[%d]", where, j)
			switch x := x.(type) {
			case discordgo.Button:
				validateButton(l, w, x, checkID)
			case *discordgo.Button:
				validateButton(l, w, *x, checkID)
			case discordgo.SelectMenu:
				validateSelect(l, w, x, len(row), checkID)
			case *discordgo.SelectMenu:
				validateSelect(l, w, *x, len(row), checkID)
			default:
				l.add(w, "a %T cannot go in a message's action row", x)
			}
		}
	}
}

func validateButton(l *limits, where string, b discordgo.Button, checkID func(string, string)) {
	if n := runes(b.Label); n > MaxButtonLabel {
		l.add(where+".label", "%d characters, more than Discord's %d", n, MaxButtonLabel)
	}
	if b.Label == "" && b.Emoji == nil {
		l.add(where+".label", "a button needs a label or an emoji")
	}
	switch b.Style {
	case discordgo.LinkButton:
		if b.URL == "" || b.CustomID != "" {
			l.add(where, "a link button has a url and no custom_id")
		}
	case discordgo.PremiumButton:
		if b.SKUID == "" {
			l.add(where, "a premium button needs a sku_id")
		}
	case 0, discordgo.PrimaryButton, discordgo.SecondaryButton, discordgo.SuccessButton, discordgo.DangerButton:
		if b.URL != "" {
			l.add(where, "only link buttons have a url")
		}
		checkID(where, b.CustomID)
	default:
		l.add(where+".style", "unknown button style %d", b.Style)
	}
}

func validateSelect(l *limits, where string, s discordgo.SelectMenu, rowLen int, checkID func(string, string)) {
	if rowLen != 1 {
		l.add(where, "a select menu must be alone in its row")
	}
	checkID(where, s.CustomID)
	if n := runes(s.Placeholder); n > MaxSelectPlaceholder {
		l.add(where+".placeholder", "%d characters, more than Discord's %d", n, MaxSelectPlaceholder)
	}
	if len(s.Options) > MaxSelectOptions {
		l.add(where+".options", "%d options, more than Discord's %d", len(s.Options), MaxSelectOptions)
	}
	if (s.MenuType == 0 || s.MenuType == discordgo.StringSelectMenu) && len(s.Options) == 0 {
		l.add(where+".options", "a string select needs at least one option")
	}
}

// validateChoices checks autocomplete or command choices and returns the
// characters of their names and string values.
func validateChoices(l *limits, where string, choices []*discordgo.ApplicationCommandOptionChoice) int {
	total := 0
	if len(choices) > MaxChoices {
		l.add(where, "%d choices, more than Discord's %d: keep the best %d", len(choices), MaxChoices, MaxChoices)
	}
	for i, c := range choices {
		w := fmt.Sprintf("%s[%d]", where, i)
		if c == nil {
			l.add(w, "nil choice")
			continue
		}
		if n := runes(c.Name); n < 1 || n > MaxChoiceName {
			l.add(w+".name", "%d characters; Discord wants 1 to %d", n, MaxChoiceName)
		}
		total += runes(c.Name)
		switch v := c.Value.(type) {
		case string:
			if n := runes(v); n > MaxChoiceValue {
				l.add(w+".value", "%d characters, more than Discord's %d", n, MaxChoiceValue)
			}
			total += runes(v)
		case int, int32, int64, float64, float32, uint, uint32, uint64:
		default:
			l.add(w+".value", "a %T; a choice's value is a string or a number", c.Value)
		}
	}
	return total
}

func validateModal(l *limits, m *Modal) {
	if m == nil {
		l.add("modal", "a KindModal reply needs a Modal")
		return
	}
	if n := runes(m.CustomID); n < 1 || n > MaxCustomIDLength {
		l.add("modal.custom_id", "%d characters; Discord wants 1 to %d", n, MaxCustomIDLength)
	}
	if n := runes(m.Title); n < 1 || n > MaxModalTitle {
		l.add("modal.title", "%d characters; Discord wants 1 to %d", n, MaxModalTitle)
	}
	if len(m.Components) < 1 || len(m.Components) > MaxActionRows {
		l.add("modal.components", "%d rows; Discord wants 1 to %d", len(m.Components), MaxActionRows)
	}
	for i, c := range m.Components {
		row, _ := rowOf(c)
		if len(row) != 1 {
			l.add(fmt.Sprintf("modal.components[%d]", i), "each row of a modal holds exactly one text input")
			continue
		}
		var ti discordgo.TextInput
		switch x := row[0].(type) {
		case discordgo.TextInput:
			ti = x
		case *discordgo.TextInput:
			ti = *x
		default:
			l.add(fmt.Sprintf("modal.components[%d]", i), "a %T; a modal holds text inputs", x)
			continue
		}
		if n := runes(ti.CustomID); n < 1 || n > MaxCustomIDLength {
			l.add(fmt.Sprintf("modal.components[%d].custom_id", i), "%d characters; Discord wants 1 to %d", n, MaxCustomIDLength)
		}
		if n := runes(ti.Label); n < 1 || n > 45 {
			l.add(fmt.Sprintf("modal.components[%d].label", i), "%d characters; Discord wants 1 to 45", n)
		}
	}
}

// The wire forms of replies. They use discordgo's component, embed, choice
// and allowed-mentions types, with an attachments array of their own:
// discordgo.MessageAttachment has no description, which carries alt text.

type wireAttachment struct {
	ID          int    `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

type wireMessage struct {
	Content         string                            `json:"content"`
	Components      []discordgo.MessageComponent      `json:"components"`
	Embeds          []*discordgo.MessageEmbed         `json:"embeds"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Attachments     *[]wireAttachment                 `json:"attachments,omitempty"`
	Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
}

type wireChoices struct {
	Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
}

type wireModal struct {
	CustomID   string                       `json:"custom_id"`
	Title      string                       `json:"title"`
	Components []discordgo.MessageComponent `json:"components"`
}

type wireFlags struct {
	Flags discordgo.MessageFlags `json:"flags,omitempty"`
}

type wireResponse struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data any                               `json:"data,omitempty"`
}

// message is the reply as a message payload and its uploads. With files,
// the attachments array names each upload files[n] by its index n and
// carries its alt text; an update without files keeps the message's files
// unless RemoveFiles is set.
func (r Reply) message() (wireMessage, []*discordgo.File) {
	users := make([]string, 0, len(r.Mentions))
	for _, id := range r.Mentions {
		users = append(users, string(id))
	}
	m := wireMessage{
		Content:         r.Content,
		Components:      r.Components,
		Embeds:          r.Embeds,
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users},
	}
	if m.Components == nil {
		m.Components = []discordgo.MessageComponent{}
	}
	if m.Embeds == nil {
		m.Embeds = []*discordgo.MessageEmbed{}
	}
	if r.Ephemeral {
		m.Flags = discordgo.MessageFlagsEphemeral
	}
	var files []*discordgo.File
	if len(r.Files) > 0 || r.RemoveFiles {
		atts := make([]wireAttachment, 0, len(r.Files))
		for i, f := range r.Files {
			ct := f.ContentType
			if ct == "" {
				ct = http.DetectContentType(f.Data)
			}
			files = append(files, &discordgo.File{Name: f.Name, ContentType: ct, Reader: bytes.NewReader(f.Data)})
			atts = append(atts, wireAttachment{ID: i, Filename: f.Name, Description: f.Description})
		}
		m.Attachments = &atts
	}
	return m, files
}

// response is the reply as an interaction callback of type typ.
func (r Reply) response(typ discordgo.InteractionResponseType) (wireResponse, []*discordgo.File) {
	switch r.Kind {
	case KindChoices:
		c := r.Choices
		if c == nil {
			c = []*discordgo.ApplicationCommandOptionChoice{}
		}
		return wireResponse{Type: typ, Data: wireChoices{Choices: c}}, nil
	case KindModal:
		return wireResponse{Type: typ, Data: wireModal{CustomID: r.Modal.CustomID, Title: r.Modal.Title, Components: r.Modal.Components}}, nil
	}
	m, files := r.message()
	return wireResponse{Type: typ, Data: m}, files
}
