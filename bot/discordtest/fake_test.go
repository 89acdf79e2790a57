package discordtest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// call sends a raw request to the fake and returns the status and body.
func call(t *testing.T, f *Fake, method, path, ctype string, body []byte, auth bool) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, f.URL()+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if auth {
		req.Header.Set("Authorization", "Bot "+f.Token())
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func callJSON(t *testing.T, f *Fake, method, path string, v any, auth bool) (int, string) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return call(t, f, method, path, "application/json", b, auth)
}

func multipartBody(t *testing.T, payload string, files map[string]string) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="payload_json"`)
	h.Set("Content-Type", "application/json")
	p, _ := w.CreatePart(h)
	p.Write([]byte(payload))
	for field, name := range files {
		fw, _ := w.CreateFormFile(field, name)
		fw.Write([]byte("data of " + name))
	}
	w.Close()
	return w.FormDataContentType(), b.Bytes()
}

func TestFakeRefusesWhatDiscordRefuses(t *testing.T) {
	f := New(t, Options{})
	ch := "/api/v9/channels/" + f.ChannelID() + "/messages"
	long := strings.Repeat("x", 101)
	row := func(btns ...map[string]any) map[string]any { return map[string]any{"type": 1, "components": btns} }
	btn := func(id string) map[string]any {
		return map[string]any{"type": 2, "style": 1, "label": "b", "custom_id": id}
	}
	tests := []struct {
		name    string
		method  string
		path    string
		ctype   string
		body    []byte
		auth    bool
		status  int
		problem string
	}{
		{"content of 2001", "POST", ch, "", mustJSON(map[string]any{"content": strings.Repeat("é", 2001)}), true, 400, "2001"},
		{"empty message", "POST", ch, "", mustJSON(map[string]any{"content": ""}), true, 400, "empty message"},
		{"custom_id of 101", "POST", ch, "", mustJSON(map[string]any{"content": "x", "components": []any{row(btn(long))}}), true, 400, "custom_id of 101"},
		{"custom_id twice", "POST", ch, "", mustJSON(map[string]any{"content": "x", "components": []any{row(btn("a"), btn("a"))}}), true, 400, "twice"},
		{"six buttons", "POST", ch, "", mustJSON(map[string]any{"content": "x", "components": []any{row(btn("a"), btn("b"), btn("c"), btn("d"), btn("e"), btn("f"))}}), true, 400, "holds 6"},
		{"ephemeral in a channel", "POST", ch, "", mustJSON(map[string]any{"content": "x", "flags": 64}), true, 400, "ephemeral"},
		{"no token", "POST", ch, "", mustJSON(map[string]any{"content": "x"}), false, 401, "Authorization"},
		{"unknown path", "GET", "/api/v9/nowhere", "", nil, true, 404, "does not know"},
		{"no API prefix", "GET", "/channels/1", "", nil, true, 404, "does not know"},
		{"bad command name", "PUT", "/api/v9/applications/" + f.AppID() + "/commands", "",
			mustJSON([]map[string]any{{"name": "Twixt", "description": "d"}}), true, 400, "naming rule"},
		{"option without description", "PUT", "/api/v9/applications/" + f.AppID() + "/commands", "",
			mustJSON([]map[string]any{{"name": "t", "description": "d", "options": []any{map[string]any{"type": 3, "name": "x"}}}}), true, 400, "description of 0"},
		{"26 choices", "PUT", "/api/v10/applications/" + f.AppID() + "/commands", "",
			mustJSON([]map[string]any{{"name": "t", "description": "d", "options": []any{map[string]any{"type": 3, "name": "x", "description": "d",
				"choices": func() (out []any) {
					for i := 0; i < 26; i++ {
						out = append(out, map[string]any{"name": "n", "value": "v"})
					}
					return out
				}()}}}}), true, 400, "26 choices"},
		{"text option without max_length", "PUT", "/api/v10/applications/" + f.AppID() + "/commands", "",
			mustJSON([]map[string]any{{"name": "t", "description": "d", "options": []any{map[string]any{"type": 3, "name": "x", "description": "d"}}}}), true, 400, "a text option without max_length"},
		{"max_length of 6001", "PUT", "/api/v10/applications/" + f.AppID() + "/commands", "",
			mustJSON([]map[string]any{{"name": "t", "description": "d", "options": []any{map[string]any{"type": 3, "name": "x", "description": "d", "max_length": 6001}}}}), true, 400, "max_length 6001"},
		{"channel option without channel_types", "PUT", "/api/v10/applications/" + f.AppID() + "/commands", "",
			mustJSON([]map[string]any{{"name": "t", "description": "d", "options": []any{map[string]any{"type": 7, "name": "c", "description": "d"}}}}), true, 400, "a channel option without channel_types"},
		{"not JSON", "POST", ch, "application/json", []byte("{"), true, 400, "not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctype := tt.ctype
			if ctype == "" && tt.body != nil {
				ctype = "application/json"
			}
			status, body := call(t, f, tt.method, tt.path, ctype, tt.body, tt.auth)
			v := f.TakeViolations()
			if status != tt.status || len(v) == 0 || !strings.Contains(strings.Join(v, "\n"), tt.problem) {
				t.Fatalf("status %d (%s), violations %q; want %d and %q", status, body, v, tt.status, tt.problem)
			}
		})
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func TestFakeAttachmentsMustMatchUploads(t *testing.T) {
	f := New(t, Options{})
	ch := "/api/v9/channels/" + f.ChannelID() + "/messages"
	tests := []struct {
		name, payload string
		files         map[string]string
		problem       string // "" when fine
	}{
		{"matched", `{"content":"b","attachments":[{"id":0,"filename":"b.png","description":"alt"}]}`, map[string]string{"files[0]": "b.png"}, ""},
		{"id as a string", `{"content":"b","attachments":[{"id":"0","filename":"b.png"}]}`, map[string]string{"files[0]": "b.png"}, ""},
		{"upload without entry", `{"content":"b","attachments":[]}`, map[string]string{"files[0]": "b.png"}, "no attachments entry has id 0"},
		{"no attachments array", `{"content":"b"}`, map[string]string{"files[0]": "b.png"}, "without an attachments array"},
		{"entry without upload", `{"content":"b","attachments":[{"id":1,"filename":"c.png"}]}`, map[string]string{"files[0]": "b.png"}, "neither an upload"},
		{"other filename", `{"content":"b","attachments":[{"id":0,"filename":"c.png"}]}`, map[string]string{"files[0]": "b.png"}, "names \"c.png\""},
		{"no payload_json", ``, map[string]string{"files[0]": "b.png"}, "payload_json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctype, body := multipartBody(t, tt.payload, tt.files)
			if tt.payload == "" {
				var b bytes.Buffer
				w := multipart.NewWriter(&b)
				fw, _ := w.CreateFormFile("files[0]", "b.png")
				fw.Write([]byte("x"))
				w.Close()
				ctype, body = w.FormDataContentType(), b.Bytes()
			}
			status, resp := call(t, f, "POST", ch, ctype, body, true)
			v := f.TakeViolations()
			if tt.problem == "" {
				var m discordgo.Message
				if status != 200 || len(v) > 0 || json.Unmarshal([]byte(resp), &m) != nil {
					t.Fatalf("status %d %s, violations %q", status, resp, v)
				}
				got, _ := f.Message(m.ID)
				if a, ok := got.File("b.png"); !ok || string(a.Data) != "data of b.png" {
					t.Fatalf("attachment %+v", got.Attachments)
				}
				return
			}
			if status != 400 || !strings.Contains(strings.Join(v, "\n"), tt.problem) {
				t.Fatalf("status %d, violations %q; want 400 and %q", status, v, tt.problem)
			}
		})
	}
}

func TestFakeCallbackRules(t *testing.T) {
	f := New(t, Options{})
	u := f.NewUser("u")
	cb := func(i *discordgo.Interaction, typ int, data any) (int, string) {
		return callJSON(t, f, "POST", "/api/v9/interactions/"+i.ID+"/"+i.Token+"/callback", map[string]any{"type": typ, "data": data}, false)
	}
	i := f.Command(u, "ping")
	if s, b := cb(i, 4, map[string]any{"content": "pong"}); s != 204 {
		t.Fatalf("callback %d %s", s, b)
	}
	// A second callback is refused as Discord does; not a rule broken.
	if s, b := cb(i, 4, map[string]any{"content": "again"}); s != 400 || !strings.Contains(b, "40060") {
		t.Fatalf("second callback %d %s", s, b)
	}
	if v := f.TakeViolations(); len(v) != 0 {
		t.Fatalf("violations %q", v)
	}
	if r := f.Await(i.ID); r.Message.Content != "pong" || r.Callback != 4 {
		t.Fatalf("result %+v", r)
	}
	tests := []struct {
		name    string
		i       *discordgo.Interaction
		typ     int
		problem string
	}{
		{"update on a command", f.Command(u, "ping"), 7, "only a component"},
		{"choices on a command", f.Command(u, "ping"), 8, "only an autocomplete"},
		{"message on an autocomplete", f.Autocomplete(u, "ping", Focused("x", "")), 4, "type 8"},
		{"pong through REST", f.Command(u, "ping"), 1, "PONG"},
		{"wrong token", &discordgo.Interaction{ID: "1", Token: "nope"}, 4, "unknown interaction"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := cb(tt.i, tt.typ, map[string]any{"content": "x"})
			v := f.TakeViolations()
			if s/100 != 4 || !strings.Contains(strings.Join(v, "\n"), tt.problem) {
				t.Fatalf("status %d violations %q, want %q", s, v, tt.problem)
			}
		})
	}
}

func TestFakeLateCallback(t *testing.T) {
	f := New(t, Options{CallbackDeadline: time.Nanosecond})
	i := f.Command(f.NewUser("u"), "ping")
	s, b := callJSON(t, f, "POST", "/api/v9/interactions/"+i.ID+"/"+i.Token+"/callback", map[string]any{"type": 4, "data": map[string]any{"content": "x"}}, false)
	if s != 404 || !strings.Contains(b, "10062") {
		t.Fatalf("late callback %d %s", s, b)
	}
	r, err := f.WaitResult(ctxT(t), i.ID)
	if err != nil || len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "deadline") {
		t.Fatalf("result %+v %v", r, err)
	}
	f.TakeViolations()
}

func TestFakeDeferredFlows(t *testing.T) {
	f := New(t, Options{})
	u := f.NewUser("u")
	i := f.Command(u, "slow")
	hook := "/api/v9/webhooks/" + f.AppID() + "/" + i.Token
	if s, _ := callJSON(t, f, "POST", "/api/v9/interactions/"+i.ID+"/"+i.Token+"/callback", map[string]any{"type": 5, "data": map[string]any{"flags": 64}}, false); s != 204 {
		t.Fatal(s)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := f.WaitResult(ctx, i.ID); err == nil {
		t.Fatal("a bare deferral counts as an answer")
	}
	if s, _ := callJSON(t, f, "PATCH", hook+"/messages/@original", map[string]any{"content": "done"}, false); s != 200 {
		t.Fatal(s)
	}
	r := f.Await(i.ID)
	if r.Message.Content != "done" || !r.Message.Ephemeral() || !r.Deferred {
		t.Fatalf("result %+v", r)
	}
	// An edit cannot make an ephemeral message public.
	if s, _ := callJSON(t, f, "PATCH", hook+"/messages/@original", map[string]any{"content": "done", "flags": 0}, false); s != 400 {
		t.Fatalf("flag change accepted: %d", s)
	}
	f.TakeViolations()
	// Followups need an acknowledged interaction.
	j := f.Command(u, "x")
	if s, _ := callJSON(t, f, "POST", "/api/v9/webhooks/"+f.AppID()+"/"+j.Token, map[string]any{"content": "early"}, false); s != 404 {
		t.Fatalf("followup before any response: %d", s)
	}
	f.TakeViolations()
}

func TestFakeFaults(t *testing.T) {
	f := New(t, Options{})
	path := "/api/v9/users/@me"
	f.Inject(Fault{Path: "/users/", Status: 429, RetryAfter: 1500 * time.Millisecond, Global: true})
	f.Inject(Fault{Method: "GET", Status: 503, Times: 2})
	f.Inject(Fault{Drop: true})
	if f.PendingFaults() != 4 {
		t.Fatalf("%d pending", f.PendingFaults())
	}
	req, _ := http.NewRequest("GET", f.URL()+path, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var body struct {
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	json.NewDecoder(resp.Body).Decode(&body)
	resp.Body.Close()
	if resp.StatusCode != 429 || body.RetryAfter != 1.5 || !body.Global || resp.Header.Get("Retry-After") != "2" || resp.Header.Get("X-RateLimit-Global") != "true" {
		t.Fatalf("429: %d %+v %v", resp.StatusCode, body, resp.Header)
	}
	for k := 0; k < 2; k++ {
		if s, _ := call(t, f, "GET", path, "", nil, true); s != 503 {
			t.Fatalf("want 503, got %d", s)
		}
	}
	if _, err := http.Post(f.URL()+path, "application/json", strings.NewReader("{}")); err == nil {
		t.Fatal("the dropped connection answered")
	}
	if s, _ := call(t, f, "GET", path, "", nil, true); s != 200 {
		t.Fatalf("after the faults: %d", s)
	}
	calls := f.CallsTo("GET", "/users/@me")
	if len(calls) != 4 || calls[0].Fault == "" || calls[3].Fault != "" {
		t.Fatalf("calls %+v", calls)
	}
	f.TakeViolations() // the dropped POST was to a GET route
}

func TestFakePings(t *testing.T) {
	m := Message{Content: "<@1> vs <@!2>, <@3>", AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{"2"}}}
	if p := m.Pings(); len(p) != 1 || p[0] != "2" {
		t.Errorf("Pings() = %v", p)
	}
	m.AllowedMentions = nil
	if p := m.Pings(); len(p) != 3 {
		t.Errorf("default allowed mentions ping everyone mentioned: %v", p)
	}
}

func TestFakeGatewayRefusesPrivilegedIntentsAndBadTokens(t *testing.T) {
	tests := []struct {
		name    string
		token   string
		intents discordgo.Intent
		code    int
	}{
		{"privileged intent", "Bot fake-bot-token", discordgo.IntentsGuilds | discordgo.IntentsMessageContent, 4014},
		{"wrong token", "Bot other", discordgo.IntentsGuilds, 4004},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := New(t, Options{})
			ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(f.URL(), "http")+gatewayPath, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			var hello frame
			if err := ws.ReadJSON(&hello); err != nil || hello.Op != 10 {
				t.Fatalf("HELLO %+v %v", hello, err)
			}
			ws.WriteJSON(map[string]any{"op": 1, "d": nil})
			var ack frame
			if err := ws.ReadJSON(&ack); err != nil || ack.Op != 11 {
				t.Fatalf("heartbeat ack %+v %v", ack, err)
			}
			ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": tt.token, "intents": tt.intents}})
			_, _, err = ws.ReadMessage()
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != tt.code {
				t.Fatalf("after IDENTIFY: %v, want close %d", err, tt.code)
			}
			if v := f.TakeViolations(); len(v) != 1 {
				t.Fatalf("violations %q", v)
			}
		})
	}
}

func TestClock(t *testing.T) {
	c := NewClock(time.Unix(0, 0))
	a, _ := c.Timer(time.Second)
	b, stopB := c.Timer(3 * time.Second)
	if err := c.WaitTimers(ctxT(t), 2); err != nil {
		t.Fatal(err)
	}
	c.Advance(time.Second)
	select {
	case <-a:
	default:
		t.Fatal("the 1 s timer did not fire after 1 s")
	}
	if !stopB() || c.Pending() != 0 {
		t.Fatal("stop failed")
	}
	c.Advance(time.Hour)
	select {
	case <-b:
		t.Fatal("a stopped timer fired")
	default:
	}
	if got := c.Now(); !got.Equal(time.Unix(3601, 0)) {
		t.Errorf("Now() = %v", got)
	}
}

func TestFakeLeanOptions(t *testing.T) {
	f := New(t, Options{MaxCalls: 2, DiscardFileData: true})
	ch := "/api/v9/channels/" + f.ChannelID() + "/messages"
	var last string
	for k := 0; k < 6; k++ {
		ctype, body := multipartBody(t, `{"content":"b","attachments":[{"id":0,"filename":"b.png"}]}`, map[string]string{"files[0]": "b.png"})
		_, last = call(t, f, "POST", ch, ctype, body, true)
	}
	calls := f.Calls()
	if len(calls) > 4 || calls[len(calls)-1].Seq != 6 || calls[len(calls)-1].Files[0].Data != nil {
		t.Fatalf("%d calls kept, last %+v", len(calls), calls[len(calls)-1])
	}
	var m discordgo.Message
	json.Unmarshal([]byte(last), &m)
	got, _ := f.Message(m.ID)
	if a, _ := got.File("b.png"); a.Data != nil || a.Size != len("data of b.png") {
		t.Fatalf("attachment kept %+v", a)
	}
}

// TestForget: a forgotten interaction's state and messages are gone, and
// a later call about them is a violation, as for any unknown message.
func TestForget(t *testing.T) {
	f := New(t, Options{})
	u := f.NewUser("u")
	i := f.Command(u, "ping")
	hook := "/api/v9/webhooks/" + f.AppID() + "/" + i.Token
	if s, _ := callJSON(t, f, "POST", "/api/v9/interactions/"+i.ID+"/"+i.Token+"/callback", map[string]any{"type": 4, "data": map[string]any{"content": "pong"}}, false); s != 204 {
		t.Fatal(s)
	}
	if s, _ := callJSON(t, f, "POST", hook, map[string]any{"content": "more"}, false); s != 200 {
		t.Fatal(s)
	}
	r := f.Await(i.ID)
	keep := f.Command(u, "other")
	if n, m := f.Size(); n != 2 || m != 2 {
		t.Fatalf("before: %d interactions, %d messages", n, m)
	}
	f.Forget(i.ID)
	f.Forget(i.ID) // again: nothing
	f.Forget("unknown")
	if n, m := f.Size(); n != 1 || m != 0 {
		t.Fatalf("after: %d interactions, %d messages", n, m)
	}
	if _, ok := f.Message(r.Original.ID); ok {
		t.Error("the original response is still there")
	}
	if s, _ := callJSON(t, f, "PATCH", hook+"/messages/@original", map[string]any{"content": "late"}, false); s != 404 {
		t.Errorf("an edit of a forgotten response answered %d", s)
	}
	if v := f.TakeViolations(); len(v) != 1 || !strings.Contains(v[0], "unknown") {
		t.Errorf("violations %q", v)
	}
	if s, _ := callJSON(t, f, "POST", "/api/v9/interactions/"+keep.ID+"/"+keep.Token+"/callback", map[string]any{"type": 4, "data": map[string]any{"content": "still here"}}, false); s != 204 {
		t.Errorf("the interaction not forgotten cannot be answered: %d", s)
	}
}

// TestStandalone runs the fake outside a test: the rules the bot broke are
// what Close returns, and the fake is stopped then.
func TestStandalone(t *testing.T) {
	s := &Standalone{}
	f := New(s, Options{})
	call(t, f, "GET", "/api/v9/nowhere", "", nil, false)
	var order []int
	s.Cleanup(func() { order = append(order, 1) })
	s.Cleanup(func() { order = append(order, 2) })
	err := s.Close()
	if err == nil || !strings.Contains(err.Error(), "broke a Discord rule") || !strings.Contains(err.Error(), "/nowhere") {
		t.Errorf("Close() = %v", err)
	}
	if !slices.Equal(order, []int{2, 1}) {
		t.Errorf("cleanups ran in order %v, want the last first", order)
	}
	if _, err := http.Get(f.URL() + "/api/v9/gateway"); err == nil {
		t.Error("the fake still answers after Close")
	}
	if err2 := s.Close(); err2 == nil || err2.Error() != err.Error() {
		t.Errorf("closing again: %v", err2)
	}
	defer func() {
		var fe *FatalError
		if p := recover(); !errors.As(p.(error), &fe) || fe.Msg != "boom 1" {
			t.Errorf("Fatal panicked with %v", p)
		}
	}()
	s.Fatalf("boom %d", 1)
}

func TestSleepsAndBuffer(t *testing.T) {
	var s Sleeps
	ctx, cancel := context.WithCancel(context.Background())
	if err := s.Sleep(ctx, time.Hour); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := s.Sleep(ctx, time.Second); err == nil {
		t.Error("a sleep in a done context did not fail")
	}
	if got := s.List(); !slices.Equal(got, []time.Duration{time.Hour, time.Second}) {
		t.Errorf("List() = %v", got)
	}

	var b Buffer
	go func() {
		fmt.Fprintf(&b, "starting\n")
		fmt.Fprintf(&b, "serving addr=127.0.0.1:99\n")
	}()
	m, err := b.WaitFor(ctxT(t), regexp.MustCompile(`addr=(\S+)`))
	if err != nil || m[1] != "127.0.0.1:99" || !strings.Contains(b.String(), "starting") {
		t.Fatalf("WaitFor = %q, %v", m, err)
	}
	short, stop := context.WithCancel(context.Background())
	stop()
	if _, err := b.WaitFor(short, regexp.MustCompile("never")); err == nil {
		t.Error("WaitFor of what never comes returned no error")
	}
}

// TestServeSigned hands an endpoint a body signed as Discord signs it.
func TestServeSigned(t *testing.T) {
	f := New(t, Options{})
	body := []byte(`{"type":1}`)
	rec := f.ServeSigned(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, _ := io.ReadAll(r.Body)
		sig, _ := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
		if r.Method != "POST" || !bytes.Equal(got, body) || !ed25519.Verify(f.PublicKey(), append([]byte(r.Header.Get("X-Signature-Timestamp")), got...), sig) {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.WriteHeader(http.StatusTeapot)
	}), body)
	if rec.Code != http.StatusTeapot {
		t.Fatalf("status %d: the signature does not verify", rec.Code)
	}
}

func TestGet(t *testing.T) {
	f := New(t, Options{})
	resp, body, err := Get(ctxT(t), f.URL()+"/api/v9/gateway")
	if err != nil || resp.StatusCode != 200 || !strings.Contains(body, `"url":"ws`) {
		t.Fatalf("%v %q %v", resp, body, err)
	}
	if _, _, err := Get(ctxT(t), "http://127.0.0.1:0/"); err == nil {
		t.Error("no error from a port nobody listens on")
	}
}

// TestWaitGet polls until the answer is the one waited for, and when it
// never comes returns the last answer seen with the context's error.
func TestWaitGet(t *testing.T) {
	var mu sync.Mutex
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		hits++
		if hits < 4 {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintf(w, "not yet %d", hits)
			return
		}
		fmt.Fprint(w, "ready")
	}))
	t.Cleanup(srv.Close)
	code, body, err := WaitGet(ctxT(t), srv.URL, func(code int, body string) bool { return code == 200 })
	if err != nil || code != 200 || body != "ready" {
		t.Fatalf("WaitGet = %d %q %v", code, body, err)
	}
	short, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	code, body, err = WaitGet(short, srv.URL, func(int, string) bool { return false })
	if !errors.Is(err, context.DeadlineExceeded) || code != 200 || body != "ready" {
		t.Fatalf("WaitGet of what never comes = %d %q %v, want the last answer and the deadline", code, body, err)
	}
	short2, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	if _, _, err := WaitGet(short2, "http://127.0.0.1:0/", func(int, string) bool { return true }); err == nil {
		t.Error("no error from a port nobody listens on")
	}
}

// TestExpectFinished: once the test expects it, an answered interaction
// counts as answered only when the bot has also said it finished it.
func TestExpectFinished(t *testing.T) {
	f := New(t, Options{})
	f.ExpectFinished()
	i := f.Command(f.NewUser("u"), "ping")
	if s, _ := callJSON(t, f, "POST", "/api/v9/interactions/"+i.ID+"/"+i.Token+"/callback", map[string]any{"type": 4, "data": map[string]any{"content": "pong"}}, false); s != 204 {
		t.Fatal(s)
	}
	short, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if r, err := f.WaitResult(short, i.ID); err == nil || !strings.Contains(err.Error(), "never said it finished") || r.Message.Content != "pong" {
		t.Fatalf("before Finished: %+v %v", r.Message, err)
	}
	done := make(chan Result, 1)
	go func() {
		r, err := f.WaitResult(ctxT(t), i.ID)
		if err != nil {
			t.Error(err)
		}
		done <- r
	}()
	f.Finished("unknown") // ignored
	f.Finished(i.ID)
	if r := <-done; r.Message.Content != "pong" {
		t.Fatalf("after Finished: %+v", r.Message)
	}
	if err := f.WaitFinished(ctxT(t), i.ID); err != nil {
		t.Fatal(err)
	}
	other := f.Command(f.NewUser("v"), "ping")
	short2, cancel2 := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel2()
	if err := f.WaitFinished(short2, other.ID); err == nil {
		t.Error("WaitFinished of an interaction never finished returned no error")
	}
}

// TestFakeGatewayResume speaks the gateway protocol by hand: a session is
// identified, its connection dropped, an interaction dispatched meanwhile
// is replayed on RESUME before RESUMED; a RESUME of another session, or
// after InvalidateSession, gets op 9; while refused, connections get 503.
func TestFakeGatewayResume(t *testing.T) {
	f := New(t, Options{})
	url := "ws" + strings.TrimPrefix(f.URL(), "http") + gatewayPath
	dial := func() *websocket.Conn {
		t.Helper()
		ws, _, err := websocket.DefaultDialer.Dial(url, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ws.Close() })
		var hello frame
		if err := ws.ReadJSON(&hello); err != nil || hello.Op != 10 {
			t.Fatalf("HELLO %+v %v", hello, err)
		}
		return ws
	}
	read := func(ws *websocket.Conn) frame {
		t.Helper()
		var fr frame
		if err := ws.ReadJSON(&fr); err != nil {
			t.Fatal(err)
		}
		return fr
	}
	resume := func(ws *websocket.Conn, session string, seq int64) {
		ws.WriteJSON(map[string]any{"op": 6, "d": map[string]any{"token": "Bot " + f.Token(), "session_id": session, "seq": seq}})
	}

	ws := dial()
	ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot " + f.Token(), "intents": discordgo.IntentsGuilds}})
	ready := read(ws)
	var r struct {
		SessionID string `json:"session_id"`
	}
	if json.Unmarshal(ready.Data, &r); ready.Type != "READY" || r.SessionID == "" {
		t.Fatalf("READY %+v", ready)
	}
	// The session is ready once READY has gone out: wait for that before
	// each drop.
	if err := f.WaitGateway(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if err := f.DropGateway(4000); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ws.ReadMessage(); err == nil {
		t.Fatal("the connection is still open after DropGateway")
	}
	if err := f.DropGateway(4000); err == nil {
		t.Error("DropGateway with no session ready did not fail")
	}
	i := f.Command(f.NewUser("u"), "ping")
	sent := make(chan error, 1)
	go func() { sent <- f.Dispatch(ctxT(t), i) }() // waits for a session

	f.RefuseGateway(true)
	if _, resp, err := websocket.DefaultDialer.Dial(url, nil); err == nil || resp == nil || resp.StatusCode != 503 {
		t.Fatalf("a refused connection: %v %v", resp, err)
	}
	f.RefuseGateway(false)

	ws = dial()
	resume(ws, "another-session", ready.Seq)
	if fr := read(ws); fr.Op != 9 {
		t.Fatalf("RESUME of another session answered %+v, want op 9", fr)
	}
	ws = dial()
	resume(ws, r.SessionID, ready.Seq)
	if fr := read(ws); fr.Type != "RESUMED" {
		t.Fatalf("RESUME answered %+v", fr)
	}
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	create := read(ws)
	if create.Type != "INTERACTION_CREATE" || !strings.Contains(string(create.Data), i.ID) {
		t.Fatalf("after RESUMED: %+v", create)
	}
	// Dropped again before the client read anything more: the RESUME
	// replays what it missed, then RESUMED.
	if err := f.DropGateway(0); err != nil {
		t.Fatal(err)
	}
	ws = dial()
	resume(ws, r.SessionID, ready.Seq)
	if fr := read(ws); fr.Type != "INTERACTION_CREATE" || fr.Seq != create.Seq {
		t.Fatalf("RESUME from before the interaction replayed %+v", fr)
	}
	if fr := read(ws); fr.Type != "RESUMED" {
		t.Fatalf("after the replay: %+v", fr)
	}
	if err := f.WaitGateway(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	f.InvalidateSession()
	if err := f.DropGateway(0); err != nil {
		t.Fatal(err)
	}
	ws = dial()
	resume(ws, r.SessionID, create.Seq)
	if fr := read(ws); fr.Op != 9 {
		t.Fatalf("RESUME after InvalidateSession answered %+v, want op 9", fr)
	}
	st := f.GatewayStats()
	if st.Identifies != 1 || st.Resumes != 2 || st.Invalidated != 2 || st.Refused != 1 || st.Drops != 3 || st.Connections != 5 {
		t.Errorf("stats %+v", st)
	}
}

// TestFakeCallbackWithResponse: with with_response=true the callback
// answers 200 with the interaction and the message it created, as Discord
// does; a with_response that is not a boolean is refused.
func TestFakeCallbackWithResponse(t *testing.T) {
	f := New(t, Options{})
	u := f.NewUser("u")
	bad := f.Command(u, "ping")
	if s, b := callJSON(t, f, "POST", "/api/v9/interactions/"+bad.ID+"/"+bad.Token+"/callback?with_response=yes", map[string]any{"type": 4, "data": map[string]any{"content": "x"}}, false); s != 400 {
		t.Fatalf("with_response=yes: %d %s", s, b)
	}
	if v := f.TakeViolations(); len(v) != 1 || !strings.Contains(v[0], "with_response") {
		t.Fatalf("violations %q", v)
	}
	i := f.Command(u, "ping")
	s, b := callJSON(t, f, "POST", "/api/v9/interactions/"+i.ID+"/"+i.Token+"/callback?with_response=true", map[string]any{"type": 4, "data": map[string]any{"content": "pong"}}, false)
	if s != 200 {
		t.Fatalf("callback %d %s", s, b)
	}
	var got struct {
		Interaction struct {
			ID string `json:"id"`
		} `json:"interaction"`
		Resource struct {
			Type    int `json:"type"`
			Message struct {
				ID      string `json:"id"`
				Content string `json:"content"`
			} `json:"message"`
		} `json:"resource"`
	}
	if err := json.Unmarshal([]byte(b), &got); err != nil {
		t.Fatal(err)
	}
	r := f.Await(i.ID)
	if got.Interaction.ID != i.ID || got.Resource.Type != 4 || got.Resource.Message.ID == "" ||
		got.Resource.Message.ID != r.Message.ID || got.Resource.Message.Content != "pong" {
		t.Fatalf("answer %+v, the reply is message %s", got, r.Message.ID)
	}
}
