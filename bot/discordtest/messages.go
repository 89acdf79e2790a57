package discordtest

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Attachment is a file of a message, with its bytes.
type Attachment struct {
	ID          string
	Filename    string
	Description string // the alt text
	ContentType string
	Size        int
	Data        []byte // nil with Options.DiscardFileData
}

// Message is a message as the fake keeps it.
type Message struct {
	ID            string
	ChannelID     string
	InteractionID string // the interaction it answers, if any
	Content       string
	Flags         discordgo.MessageFlags
	Components    []discordgo.MessageComponent
	Embeds        []*discordgo.MessageEmbed
	Attachments   []Attachment
	// AllowedMentions as sent; nil means Discord's default, which pings
	// everyone mentioned.
	AllowedMentions *discordgo.MessageAllowedMentions
	Deferred        bool // still the "thinking..." of a deferral
	Deleted         bool
	Edits           int
}

// Ephemeral reports whether only the acting user sees the message.
func (m Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

var userMention = regexp.MustCompile(`<@!?(\d+)>`)

// Pings lists the users the message notifies: those mentioned in its
// content that its allowed mentions let through.
func (m Message) Pings() []string {
	var out []string
	for _, sub := range userMention.FindAllStringSubmatch(m.Content, -1) {
		id := sub[1]
		am := m.AllowedMentions
		ok := am == nil || slices.Contains(am.Parse, discordgo.AllowedMentionTypeUsers) || slices.Contains(am.Users, id)
		if ok && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// Buttons lists the message's buttons, row by row.
func (m Message) Buttons() []discordgo.Button {
	var out []discordgo.Button
	for _, row := range m.Components {
		var cs []discordgo.MessageComponent
		switch r := row.(type) {
		case *discordgo.ActionsRow:
			cs = r.Components
		case discordgo.ActionsRow:
			cs = r.Components
		}
		for _, c := range cs {
			switch b := c.(type) {
			case *discordgo.Button:
				out = append(out, *b)
			case discordgo.Button:
				out = append(out, b)
			}
		}
	}
	return out
}

// Button finds a button by custom_id.
func (m Message) Button(customID string) (discordgo.Button, bool) {
	for _, b := range m.Buttons() {
		if b.CustomID == customID {
			return b, true
		}
	}
	return discordgo.Button{}, false
}

// File finds an attachment by file name.
func (m Message) File(name string) (Attachment, bool) {
	for _, a := range m.Attachments {
		if a.Filename == name {
			return a, true
		}
	}
	return Attachment{}, false
}

func (m *Message) clone() Message {
	c := *m
	c.Components = slices.Clone(m.Components)
	c.Embeds = slices.Clone(m.Embeds)
	c.Attachments = slices.Clone(m.Attachments)
	return c
}

func (f *Fake) wire(m *Message) *discordgo.Message {
	out := &discordgo.Message{
		ID: m.ID, ChannelID: m.ChannelID, Content: m.Content, Flags: m.Flags,
		Components: m.Components, Embeds: m.Embeds, Author: f.botUser(),
	}
	for _, a := range m.Attachments {
		out.Attachments = append(out.Attachments, &discordgo.MessageAttachment{
			ID: a.ID, Filename: a.Filename, ContentType: a.ContentType, Size: a.Size,
			URL: f.srv.URL + "/attachments/" + a.ID + "/" + a.Filename,
		})
	}
	return out
}

// Message is a copy of a message the bot created, by id.
func (f *Fake) Message(id string) (Message, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.messages[id]
	if !ok {
		return Message{}, false
	}
	return m.clone(), true
}

// ChannelMessages lists the messages in a channel, oldest first (deleted
// ones too, marked).
func (f *Fake) ChannelMessages(channel string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Message
	for _, m := range f.messages {
		if m.ChannelID == channel {
			out = append(out, m.clone())
		}
	}
	slices.SortFunc(out, func(a, b Message) int { return cmpID(a.ID, b.ID) })
	return out
}

// cmpID orders snowflakes written in decimal: a shorter one is smaller.
func cmpID(a, b string) int { return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b)) }

// Thread is a thread the bot started.
type Thread struct {
	ID, ParentID, MessageID, Name string
	AutoArchive                   int
}

// Threads lists the threads the bot started.
func (f *Fake) Threads() []Thread {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.threads)
}

// messagePayload is the JSON of a message create or edit.
type messagePayload struct {
	Content         *string                           `json:"content"`
	Components      *[]json.RawMessage                `json:"components"`
	Embeds          *[]*discordgo.MessageEmbed        `json:"embeds"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Attachments     *[]attachmentRef                  `json:"attachments"`
	Flags           *discordgo.MessageFlags           `json:"flags"`
}

type attachmentRef struct {
	ID          json.RawMessage `json:"id"`
	Filename    string          `json:"filename"`
	Description string          `json:"description"`
}

func (a attachmentRef) id() string {
	var s string
	if json.Unmarshal(a.ID, &s) == nil {
		return s
	}
	var n json.Number
	if json.Unmarshal(a.ID, &n) == nil {
		return n.String()
	}
	return string(a.ID)
}

// apply checks a message payload and applies it to m (a new message when
// create). It returns false, with violations recorded, when Discord would
// refuse the payload. f.mu is held.
func (f *Fake) apply(c *Call, m *Message, data json.RawMessage, create bool) bool {
	var p messagePayload
	if err := json.Unmarshal(data, &p); err != nil {
		f.violate(c, "the message payload does not decode: %v", err)
		return false
	}
	next := m.clone()
	var problems []string
	if p.Content != nil {
		next.Content = *p.Content
	}
	if p.Components != nil {
		next.Components = nil
		for i, raw := range *p.Components {
			comp, err := discordgo.MessageComponentFromJSON(raw)
			if err != nil {
				problems = append(problems, fmt.Sprintf("components[%d]: %v", i, err))
				continue
			}
			next.Components = append(next.Components, comp)
		}
	}
	if p.Embeds != nil {
		next.Embeds = *p.Embeds
	}
	if p.AllowedMentions != nil || create {
		next.AllowedMentions = p.AllowedMentions
	}
	if p.Flags != nil {
		if create {
			next.Flags = *p.Flags
		} else if *p.Flags&discordgo.MessageFlagsEphemeral != next.Flags&discordgo.MessageFlagsEphemeral {
			problems = append(problems, "an edit cannot make a message ephemeral or public")
		}
	}
	problems = append(problems, f.attachments(c, &next, p.Attachments, create)...)
	problems = append(problems, checkMessage(next)...)
	if create && next.Content == "" && len(next.Embeds) == 0 && len(next.Attachments) == 0 && !next.Deferred {
		problems = append(problems, "Cannot send an empty message (50006): give content, an embed or a file")
	}
	if len(problems) > 0 {
		for _, pr := range problems {
			f.violate(c, "%s", pr)
		}
		return false
	}
	if !create {
		next.Edits++
		next.Deferred = false
	}
	*m = next
	return true
}

// attachments matches the uploads of the call to the attachments array:
// each files[n] needs an entry with id n, and each entry is either an
// upload or a file the message already has.
func (f *Fake) attachments(c *Call, m *Message, refs *[]attachmentRef, create bool) []string {
	var problems []string
	uploads := map[string]Upload{}
	for _, u := range c.Files {
		n := u.Field[len("files[") : len(u.Field)-1]
		uploads[n] = u
	}
	if refs == nil {
		if len(c.Files) > 0 {
			problems = append(problems, "files uploaded without an attachments array: list each files[n] as {\"id\": n, ...} to give it a name and alt text")
		}
		return problems
	}
	old := map[string]Attachment{}
	for _, a := range m.Attachments {
		old[a.ID] = a
	}
	var next []Attachment
	used := map[string]bool{}
	for i, ref := range *refs {
		id := ref.id()
		if u, ok := uploads[id]; ok {
			used[id] = true
			if ref.Filename != "" && ref.Filename != u.Filename {
				problems = append(problems, fmt.Sprintf("attachments[%d] names %q but files[%s] is %q", i, ref.Filename, id, u.Filename))
			}
			if len([]rune(ref.Description)) > 1024 {
				problems = append(problems, fmt.Sprintf("attachments[%d].description is longer than 1024 characters", i))
			}
			a := Attachment{ID: f.newID(), Filename: u.Filename, Description: ref.Description, ContentType: u.ContentType, Size: len(u.Data), Data: u.Data}
			if f.o.DiscardFileData {
				a.Data = nil
			}
			next = append(next, a)
			continue
		}
		if a, ok := old[id]; ok && !create {
			next = append(next, a)
			continue
		}
		problems = append(problems, fmt.Sprintf("attachments[%d] has id %s, which is neither an upload files[n] nor a file of the message", i, id))
	}
	for n := range uploads {
		if !used[n] {
			problems = append(problems, fmt.Sprintf("files[%s] is uploaded but no attachments entry has id %s", n, n))
		}
	}
	if len(next) > 10 {
		problems = append(problems, fmt.Sprintf("%d attachments, more than Discord's 10", len(next)))
	}
	m.Attachments = next
	return problems
}

// interactionState is what the fake knows of an interaction it built.
type interactionState struct {
	i         *discordgo.Interaction
	sentAt    time.Time
	callback  int // the type of the accepted initial response, 0 if none
	original  string
	followups []string
	choices   []*discordgo.ApplicationCommandOptionChoice
	modal     *ModalData
	deleted   bool
	edits     int
	problems  []string
	finished  bool // the bot said it is done with it (Finished)
}

// ModalData is a modal the bot opened.
type ModalData struct {
	CustomID   string                       `json:"custom_id"`
	Title      string                       `json:"title"`
	Components []discordgo.MessageComponent `json:"-"`
}

func (f *Fake) interactionProblem(st *interactionState, c *Call, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	st.problems = append(st.problems, msg)
	f.violate(c, "interaction %s: %s", st.i.ID, msg)
}

func (f *Fake) postCallback(c *Call, w http.ResponseWriter, r *http.Request) {
	st := f.interactions[r.PathValue("id")]
	if st == nil || st.i.Token != r.PathValue("token") {
		f.violate(c, "callback for an unknown interaction or with a wrong token")
		writeError(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if st.callback != 0 {
		// Discord's answer to a second callback; not a rule broken, as a
		// retried callback may meet it after a lost answer.
		writeError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	if late := time.Since(st.sentAt); f.o.CallbackDeadline > 0 && late > f.o.CallbackDeadline {
		f.interactionProblem(st, c, "initial response %v after delivery, past the %v deadline", late.Round(time.Millisecond), f.o.CallbackDeadline)
		writeError(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	var resp struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := json.Unmarshal(c.Body, &resp); err != nil {
		f.interactionProblem(st, c, "the callback does not decode: %v", err)
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	if why := callbackAllowed(st.i, resp.Type); why != "" {
		f.interactionProblem(st, c, "callback type %d: %s", resp.Type, why)
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	if len(resp.Data) == 0 || string(resp.Data) == "null" {
		resp.Data = json.RawMessage("{}")
	}
	withResponse, ok := queryBool(r, "with_response")
	if !ok {
		f.interactionProblem(st, c, "with_response=%q is not a boolean", r.URL.Query().Get("with_response"))
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	switch resp.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		m := &Message{ID: f.newID(), ChannelID: st.i.ChannelID, InteractionID: st.i.ID,
			Deferred: resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource}
		if m.Deferred {
			var fl struct {
				Flags discordgo.MessageFlags `json:"flags"`
			}
			_ = json.Unmarshal(resp.Data, &fl)
			m.Flags = fl.Flags
			if len(c.Files) > 0 {
				f.interactionProblem(st, c, "files on a deferral")
			}
		} else if !f.apply(c, m, resp.Data, true) {
			st.problems = append(st.problems, "the message was refused")
			writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		f.messages[m.ID] = m
		st.original = m.ID
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		m := f.messages[st.i.Message.ID]
		if m == nil {
			f.interactionProblem(st, c, "the message of the component is unknown to the fake")
			writeError(w, http.StatusNotFound, 10008, "Unknown Message")
			return
		}
		if resp.Type == discordgo.InteractionResponseUpdateMessage && !f.apply(c, m, resp.Data, false) {
			st.problems = append(st.problems, "the update was refused")
			writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		st.original = m.ID
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		var d struct {
			Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
		}
		if err := json.Unmarshal(resp.Data, &d); err != nil {
			f.interactionProblem(st, c, "choices do not decode: %v", err)
			writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		if probs := checkChoices("choices", d.Choices); len(probs) > 0 {
			for _, p := range probs {
				f.interactionProblem(st, c, "%s", p)
			}
			writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		st.choices = d.Choices
		if st.choices == nil {
			st.choices = []*discordgo.ApplicationCommandOptionChoice{}
		}
	case discordgo.InteractionResponseModal:
		var d struct {
			ModalData
			Raw []json.RawMessage `json:"components"`
		}
		if err := json.Unmarshal(resp.Data, &d); err != nil {
			f.interactionProblem(st, c, "the modal does not decode: %v", err)
			writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		if probs := checkModal(d.CustomID, d.Title, d.Raw); len(probs) > 0 {
			for _, p := range probs {
				f.interactionProblem(st, c, "%s", p)
			}
			writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		for _, raw := range d.Raw {
			comp, _ := discordgo.MessageComponentFromJSON(raw)
			d.ModalData.Components = append(d.ModalData.Components, comp)
		}
		st.modal = &d.ModalData
	}
	st.callback = int(resp.Type)
	f.broadcast()
	if !withResponse {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	// Discord's interaction callback response: the interaction, and the
	// resource the response created, with its message when it shows one.
	type resource struct {
		Type    discordgo.InteractionResponseType `json:"type"`
		Message *discordgo.Message                `json:"message,omitempty"`
	}
	out := struct {
		Interaction struct {
			ID   string                    `json:"id"`
			Type discordgo.InteractionType `json:"type"`
		} `json:"interaction"`
		Resource *resource `json:"resource,omitempty"`
	}{}
	out.Interaction.ID, out.Interaction.Type = st.i.ID, st.i.Type
	switch resp.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage,
		discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseDeferredMessageUpdate:
		out.Resource = &resource{Type: resp.Type, Message: f.wire(f.messages[st.original])}
	}
	writeJSON(w, http.StatusOK, out)
}

// queryBool reads an optional boolean query parameter as Discord does
// ("true" or "false"); ok is false for anything else.
func queryBool(r *http.Request, name string) (v, ok bool) {
	switch r.URL.Query().Get(name) {
	case "", "false":
		return false, true
	case "true":
		return true, true
	}
	return false, false
}

// callbackAllowed says why a callback type does not fit the interaction,
// or "" when it does.
func callbackAllowed(i *discordgo.Interaction, t discordgo.InteractionResponseType) string {
	onMessage := i.Type == discordgo.InteractionMessageComponent || (i.Type == discordgo.InteractionModalSubmit && i.Message != nil)
	auto := i.Type == discordgo.InteractionApplicationCommandAutocomplete
	switch t {
	case discordgo.InteractionResponsePong:
		return "PONG answers a PING in the HTTP response, never through the callback endpoint"
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		if auto {
			return "an autocomplete is answered with type 8"
		}
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		if !onMessage {
			return "only a component (or a modal opened from one) can update its message"
		}
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		if !auto {
			return "choices answer only an autocomplete"
		}
	case discordgo.InteractionResponseModal:
		if auto || i.Type == discordgo.InteractionModalSubmit {
			return "a modal cannot answer an autocomplete or a modal"
		}
	default:
		return "unknown callback type"
	}
	return ""
}

// webhookInteraction finds the interaction of a webhook route; f.mu is held.
func (f *Fake) webhookInteraction(c *Call, w http.ResponseWriter, r *http.Request) *interactionState {
	st := f.byToken[r.PathValue("token")]
	if st == nil || r.PathValue("app") != f.o.AppID {
		f.violate(c, "webhook call with an unknown application id or interaction token")
		writeError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	if st.callback == 0 {
		f.interactionProblem(st, c, "a webhook call before any initial response")
		writeError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	return st
}

func (f *Fake) webhookMessage(c *Call, w http.ResponseWriter, r *http.Request) {
	st := f.webhookInteraction(c, w, r)
	if st == nil {
		return
	}
	id := r.PathValue("message")
	if id == "" {
		id = st.original
	} else if !slices.Contains(st.followups, id) {
		f.interactionProblem(st, c, "message %s is not a followup of this interaction", id)
		writeError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	m := f.messages[id]
	if m == nil || m.Deleted {
		f.interactionProblem(st, c, "the message is unknown or deleted")
		writeError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	switch f.serveMessage(c, w, r, m) {
	case http.MethodDelete:
		st.deleted = st.deleted || id == st.original
	case http.MethodPatch:
		st.edits++
	case "refused":
		st.problems = append(st.problems, "the edit was refused")
	}
}

// serveMessage answers GET, DELETE and PATCH on a stored message, and says
// which of them changed it ("refused" for a refused edit); f.mu is held.
func (f *Fake) serveMessage(c *Call, w http.ResponseWriter, r *http.Request, m *Message) string {
	switch r.Method {
	case http.MethodDelete:
		m.Deleted = true
		w.WriteHeader(http.StatusNoContent)
	case http.MethodPatch:
		if !f.apply(c, m, c.Body, false) {
			writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return "refused"
		}
		writeJSON(w, http.StatusOK, f.wire(m))
	default:
		writeJSON(w, http.StatusOK, f.wire(m))
		return ""
	}
	f.broadcast()
	return r.Method
}

func (f *Fake) postFollowup(c *Call, w http.ResponseWriter, r *http.Request) {
	st := f.webhookInteraction(c, w, r)
	if st == nil {
		return
	}
	m := &Message{ID: f.newID(), ChannelID: st.i.ChannelID, InteractionID: st.i.ID}
	if !f.apply(c, m, c.Body, true) {
		st.problems = append(st.problems, "the followup was refused")
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	f.messages[m.ID] = m
	st.followups = append(st.followups, m.ID)
	f.broadcast()
	writeJSON(w, http.StatusOK, f.wire(m))
}

func (f *Fake) postChannelMessage(c *Call, w http.ResponseWriter, r *http.Request) {
	m := &Message{ID: f.newID(), ChannelID: r.PathValue("channel")}
	if f.refuseChannelLocked(w, m.ChannelID) {
		return
	}
	if !f.apply(c, m, c.Body, true) {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	if m.Ephemeral() {
		f.violate(c, "only interaction responses can be ephemeral")
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	f.messages[m.ID] = m
	f.broadcast()
	writeJSON(w, http.StatusOK, f.wire(m))
}

func (f *Fake) channelMessage(c *Call, w http.ResponseWriter, r *http.Request) {
	m := f.messages[r.PathValue("message")]
	if m == nil || m.Deleted || m.ChannelID != r.PathValue("channel") || m.Ephemeral() {
		f.violate(c, "unknown message %s in channel %s", r.PathValue("message"), r.PathValue("channel"))
		writeError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	f.serveMessage(c, w, r, m)
}

func (f *Fake) postThread(c *Call, w http.ResponseWriter, r *http.Request) {
	var d struct {
		Name        string `json:"name"`
		AutoArchive int    `json:"auto_archive_duration"`
		Type        int    `json:"type"`
	}
	if err := json.Unmarshal(c.Body, &d); err != nil {
		f.violate(c, "the thread payload does not decode: %v", err)
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	if n := len([]rune(d.Name)); n < 1 || n > 100 {
		f.violate(c, "thread name of %d characters; Discord wants 1 to 100", n)
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	switch d.AutoArchive {
	case 0, 60, 1440, 4320, 10080:
	default:
		f.violate(c, "auto_archive_duration %d; Discord wants 60, 1440, 4320 or 10080", d.AutoArchive)
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	msg := r.PathValue("message")
	if msg != "" {
		if m := f.messages[msg]; m == nil || m.ChannelID != r.PathValue("channel") || m.Ephemeral() {
			f.violate(c, "a thread on unknown message %s", msg)
			writeError(w, http.StatusNotFound, 10008, "Unknown Message")
			return
		}
	}
	th := Thread{ID: f.newID(), ParentID: r.PathValue("channel"), MessageID: msg, Name: d.Name, AutoArchive: d.AutoArchive}
	f.threads = append(f.threads, th)
	f.broadcast()
	writeJSON(w, http.StatusCreated, &discordgo.Channel{ID: th.ID, ParentID: th.ParentID, Name: th.Name, Type: discordgo.ChannelTypeGuildPublicThread, GuildID: f.o.GuildID})
}

// Result is what the bot answered to one interaction.
type Result struct {
	InteractionID string
	// Callback is the type of the accepted initial response: 4 message,
	// 5 deferred message, 6 deferred update, 7 update, 8 choices, 9 modal.
	Callback discordgo.InteractionResponseType
	Deferred bool
	// Message is the answer the user sees: the last followup if there is
	// one, else the original response (for an update, the updated
	// message). Zero for choices and modals.
	Message   Message
	Original  *Message
	Followups []Message
	Choices   []*discordgo.ApplicationCommandOptionChoice
	Modal     *ModalData
	// Problems lists the rules the bot broke answering this interaction.
	Problems []string
}

// settled reports whether the interaction has its final answer; f.mu is
// held.
func (st *interactionState) settled() bool {
	if len(st.problems) > 0 {
		return true
	}
	switch discordgo.InteractionResponseType(st.callback) {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage,
		discordgo.InteractionApplicationCommandAutocompleteResult, discordgo.InteractionResponseModal:
		return true
	case discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseDeferredMessageUpdate:
		return len(st.followups) > 0 || (st.edits > 0 && !st.deleted)
	}
	return false
}

func (f *Fake) result(st *interactionState) Result {
	r := Result{
		InteractionID: st.i.ID,
		Callback:      discordgo.InteractionResponseType(st.callback),
		Deferred:      st.callback == 5 || st.callback == 6,
		Choices:       slices.Clone(st.choices),
		Modal:         st.modal,
		Problems:      slices.Clone(st.problems),
	}
	if m := f.messages[st.original]; m != nil {
		c := m.clone()
		r.Original = &c
		if !c.Deleted {
			r.Message = c
		}
	}
	for _, id := range st.followups {
		if m := f.messages[id]; m != nil {
			r.Followups = append(r.Followups, m.clone())
			r.Message = m.clone()
		}
	}
	return r
}

// WaitResult waits until the bot has answered the interaction in full
// (an initial response that is final, or a deferral followed by an edit or
// a followup), or has broken a rule answering it; and, after
// ExpectFinished, until the bot has said it finished the interaction.
func (f *Fake) WaitResult(ctx context.Context, interactionID string) (Result, error) {
	var r Result
	err := f.wait(ctx, func() bool {
		st := f.interactions[interactionID]
		if st == nil || !st.settled() || (f.expectFinished && !st.finished && len(st.problems) == 0) {
			return false
		}
		r = f.result(st)
		return true
	})
	if err != nil {
		f.mu.Lock()
		defer f.mu.Unlock()
		if st := f.interactions[interactionID]; st != nil {
			if st.settled() {
				return f.result(st), fmt.Errorf("discordtest: interaction %s was answered, but the bot never said it finished it (Finished): %w", interactionID, err)
			}
			return f.result(st), fmt.Errorf("discordtest: interaction %s not answered in full (callback type %d, %d edits, %d followups): %w",
				interactionID, st.callback, st.edits, len(st.followups), err)
		}
		return Result{}, fmt.Errorf("discordtest: interaction %s is unknown to the fake: %w", interactionID, err)
	}
	return r, nil
}

// ExpectFinished makes the fake wait, before it calls an interaction
// answered (WaitResult, Await, Exchange), until the bot also says it has
// finished the interaction, with Finished. A bot counts, logs and
// observes an interaction after its reply has reached Discord, so a test
// that reads the bot's metrics, log or other accounting after an answer
// needs this; the bot's dispatcher reports each interaction it finishes
// (its Observe hook) to Finished.
func (f *Fake) ExpectFinished() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.expectFinished = true
	f.broadcast()
}

// Finished records that the bot has finished the interaction: its
// handler ran, its reply went out or failed, and it is accounted for.
// Ids the fake did not make are ignored.
func (f *Fake) Finished(interactionID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if st := f.interactions[interactionID]; st != nil {
		st.finished = true
		f.broadcast()
	}
}

// WaitFinished waits until the bot has said it finished the interaction
// (Finished): for an interaction delivered without awaiting its answer,
// such as one whose reply Discord refused.
func (f *Fake) WaitFinished(ctx context.Context, interactionID string) error {
	err := f.wait(ctx, func() bool {
		st := f.interactions[interactionID]
		return st != nil && st.finished
	})
	if err != nil {
		return fmt.Errorf("discordtest: the bot never said it finished interaction %s: %w", interactionID, err)
	}
	return nil
}

// Await is WaitResult with the fake's WaitTimeout; it fails the test on
// timeout or when the bot broke a rule answering.
func (f *Fake) Await(interactionID string) Result {
	f.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), f.o.WaitTimeout)
	defer cancel()
	r, err := f.WaitResult(ctx, interactionID)
	if err != nil {
		f.t.Fatal(err)
	}
	if len(r.Problems) > 0 {
		f.t.Fatalf("discordtest: answering interaction %s the bot broke Discord's rules: %v", interactionID, r.Problems)
	}
	return r
}

// Exchange delivers the interaction and awaits the answer; it fails the
// test if either fails.
func (f *Fake) Exchange(i *discordgo.Interaction) Result {
	f.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), f.o.WaitTimeout)
	defer cancel()
	if err := f.Deliver(ctx, i); err != nil {
		f.t.Fatalf("discordtest: delivering interaction %s: %v", i.ID, err)
	}
	return f.Await(i.ID)
}

// Answered reports whether the interaction got any initial response.
func (f *Fake) Answered(interactionID string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	st := f.interactions[interactionID]
	return st != nil && st.callback != 0
}

// Forget drops what the fake keeps of an interaction: its state and the
// messages it was answered with (the original response, or for a button
// the message it updated, and the followups). A load test that runs for a
// long time forgets each interaction once it has read the answer, so that
// the fake's memory stays bounded; a later call about a forgotten message
// is a violation, as for any unknown message.
func (f *Fake) Forget(interactionID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	st := f.interactions[interactionID]
	if st == nil {
		return
	}
	delete(f.interactions, interactionID)
	delete(f.byToken, st.i.Token)
	delete(f.messages, st.original)
	for _, id := range st.followups {
		delete(f.messages, id)
	}
}

// Size is how many interactions and messages the fake keeps.
func (f *Fake) Size() (interactions, messages int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.interactions), len(f.messages)
}
