package storage

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// FuzzDecodeGame feeds arbitrary bytes to the game record decoder: it must
// not panic, its errors must be *DecodeError naming the game, and what it
// accepts must encode back to the same bytes.
func FuzzDecodeGame(f *testing.F) {
	for _, g := range schema1Games(f) {
		g.ID = 7
		g.Clock.Deadline = time.Date(2025, 5, 1, 0, 0, 0, 0, time.UTC)
		g.Meta.Theme = "classic"
		f.Add(encodeGame(g))
	}
	f.Add([]byte{})
	f.Add([]byte("G\x01\x02{}\x01\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := decodeGame(7, data)
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) || de.Game != 7 || !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v is not a *DecodeError naming g7", err)
			}
			return
		}
		again := encodeGame(g)
		g2, err := decodeGame(7, again)
		if err != nil {
			t.Fatalf("re-encoded record does not decode: %v", err)
		}
		if !bytes.Equal(encodeGame(g2), again) {
			t.Fatal("encoding is not stable")
		}
	})
}

// FuzzDecodeRecords feeds arbitrary bytes to the other record decoders.
func FuzzDecodeRecords(f *testing.F) {
	f.Add(encodeJSON(kindPlayer, &playerRecV1{User: "u", Wins: 2}))
	f.Add(encodeJSON(kindSettings, &serverSettingsRecV1{Guild: "g", Data: []byte("{}"), Updated: time.Unix(1e9, 0).UTC()}))
	f.Add(encodeJSON(kindChange, &changeRecV1{Guild: "g", Note: "n", Removed: true}))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, k := range []struct {
			kind byte
			into any
		}{{kindPlayer, &playerRecV1{}}, {kindSettings, &serverSettingsRecV1{}}, {kindChange, &changeRecV1{}}} {
			if err := decodeRecord(k.kind, "rec", data, k.into); err != nil && !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
		}
	})
}

func FuzzParseGameID(f *testing.F) {
	for _, s := range []string{"g42", "42", "G1", "", "g", "g-1", "g+1", "18446744073709551615", " g3 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParseGameID(s)
		if err != nil {
			if !errors.Is(err, ErrBadID) {
				t.Fatalf("error %v does not wrap ErrBadID", err)
			}
			return
		}
		if id == 0 {
			t.Fatal("accepted game 0")
		}
		if back, err := ParseGameID(id.String()); err != nil || back != id {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, id, id.String(), back, err)
		}
	})
}

// TestEncodeGameCoversEveryField guards the record format: a game with
// every field set must come back equal, so a field added to Game without a
// place in the record fails here.
func TestEncodeGameCoversEveryField(t *testing.T) {
	at := func(h int) time.Time { return time.Date(2025, 1, 1, h, 0, 0, 0, time.UTC) }
	g := &Game{
		ID:       9,
		Settings: game.Settings{Size: game.Size{Cols: 20, Rows: 22}, Ruleset: game.PP, Players: 2, Swap: game.SwapSides, Handicap: 1, ExtraMoves: 0, NoAutoDraw: true},
		Seats:    []UserID{"a", "b"},
		Place:    Place{Guild: "g", Channel: "c", Thread: "t"},
		State:    Finished, Result: game.Result{Winner: game.Black, Reason: game.Timeout}, Winners: SeatSet(0).With(2),
		Created: at(1), Updated: at(2), Started: at(3), Ended: at(4),
		Clock: Clock{PerTurn: time.Hour, TurnStart: at(5), Deadline: at(6), Reminded: 5, Wake: at(7)},
		Meta:  Meta{ChallengeMessage: "m1", BoardMessage: "m2", Accepted: 6, Expires: at(8), DrawOffer: 1, Theme: "kosmos"},
		Log:   []game.Move{{Kind: game.Place, Hole: game.Hole{Col: 3, Row: 4}}, {Kind: game.Conclude, Color: game.Black, Reason: game.Timeout}},
	}
	got, err := decodeGame(9, encodeGame(g))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, g) {
		t.Errorf("decoded\n%+v\nwant\n%+v", got, g)
	}
}
