package storage

import (
	"errors"
	"slices"
	"testing"
)

func TestServerSettings(t *testing.T) {
	s, _ := openTest(t)
	guild := Scope{Guild: "g1"}
	chan1 := Scope{Guild: "g1", Channel: "c1"}
	if _, found, err := s.LoadSettings(ctx, guild); found || err != nil {
		t.Fatalf("settings of a new server: found %v, %v", found, err)
	}
	set := func(sc Scope, by UserID, note string, data []byte) ServerSettings {
		t.Helper()
		out, err := s.UpdateSettings(ctx, sc, by, note, func(st *ServerSettings) error {
			st.Format, st.Data = 3, data
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	set(guild, "mod1", "size 24 -> 18", []byte(`{"size":18}`))
	set(chan1, "mod2", "pp in c1", []byte(`{"ruleset":"pp"}`))
	set(Scope{Guild: "g1", Channel: "c2"}, "mod2", "c2", []byte(`{}`))
	set(Scope{Guild: "g2"}, "mod9", "other server", []byte(`x`))
	got := set(guild, "mod1", "size 18 -> 20", []byte(`{"size":20}`))
	if got.UpdatedBy != "mod1" || got.Updated.IsZero() || string(got.Data) != `{"size":20}` || got.Scope != guild {
		t.Errorf("returned %+v", got)
	}
	loaded, found, err := s.LoadSettings(ctx, guild)
	if err != nil || !found || !equalSettings(loaded, got) {
		t.Errorf("loaded %+v, %v, %v; want %+v", loaded, found, err, got)
	}

	// fn's error changes nothing.
	boom := errors.New("boom")
	if _, err := s.UpdateSettings(ctx, guild, "mod1", "x", func(st *ServerSettings) error { st.Data = nil; return boom }); !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
	// Removing an override.
	if _, err := s.UpdateSettings(ctx, Scope{Guild: "g1", Channel: "c2"}, "mod3", "drop c2", func(st *ServerSettings) error { st.Data = nil; return nil }); err != nil {
		t.Fatal(err)
	}
	overrides, err := s.ChannelSettings(ctx, "g1")
	if err != nil || len(overrides) != 1 || overrides[0].Scope != chan1 {
		t.Errorf("overrides %+v, %v", overrides, err)
	}
	hist, err := s.SettingsHistory(ctx, "g1", 0)
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, h := range hist {
		notes = append(notes, h.Note)
	}
	if want := []string{"drop c2", "size 18 -> 20", "c2", "pp in c1", "size 24 -> 18"}; !slices.Equal(notes, want) {
		t.Errorf("history notes %q, want %q", notes, want)
	}
	if !hist[0].Removed || hist[0].By != "mod3" || hist[0].Scope.Channel != "c2" {
		t.Errorf("newest change %+v", hist[0])
	}
	if hist, _ := s.SettingsHistory(ctx, "g1", 2); len(hist) != 2 {
		t.Errorf("limit 2 gave %d", len(hist))
	}

	for _, bad := range []struct {
		sc   Scope
		by   UserID
		note string
		data []byte
	}{
		{Scope{}, "m", "", []byte("x")},
		{guild, "", "", []byte("x")},
		{guild, "m", "a\x00b", []byte("x")},
		{guild, "m", "", make([]byte, MaxSettingsSize+1)},
	} {
		_, err := s.UpdateSettings(ctx, bad.sc, bad.by, bad.note, func(st *ServerSettings) error { st.Data = bad.data; return nil })
		if !errors.Is(err, ErrBadID) && !errors.Is(err, ErrBadRecord) {
			t.Errorf("UpdateSettings(%+v, %q, %q, %d bytes) = %v", bad.sc, bad.by, bad.note, len(bad.data), err)
		}
	}
	mustCheck(t, s)
}

func equalSettings(a, b ServerSettings) bool {
	return a.Scope == b.Scope && a.Format == b.Format && string(a.Data) == string(b.Data) && a.Updated.Equal(b.Updated) && a.UpdatedBy == b.UpdatedBy
}

// TestUpdateSettingsWith: a channel's change sees the server's settings
// as they stand in the same transaction, and a server's change sees none
// (its own are in st).
func TestUpdateSettingsWith(t *testing.T) {
	s, _ := openTest(t)
	guild, chan1 := Scope{Guild: "g1"}, Scope{Guild: "g1", Channel: "c1"}
	seen := func(sc Scope) string {
		t.Helper()
		var got string
		_, err := s.UpdateSettingsWith(ctx, sc, "mod", "n", func(server ServerSettings, st *ServerSettings) error {
			got = string(server.Data)
			st.Format, st.Data = 1, []byte(`{"by":"`+string(sc.Channel)+`"}`)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := seen(chan1); got != "" {
		t.Errorf("a channel of a server without settings saw %q", got)
	}
	if got := seen(guild); got != "" {
		t.Errorf("the server's change saw server settings %q, want none", got)
	}
	if got := seen(chan1); got != `{"by":""}` {
		t.Errorf("the channel's change saw %q, want the server's", got)
	}
}
