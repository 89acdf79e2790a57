package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// The stored form of every record is an envelope:
//
//	kind byte | format byte | payload | CRC-32C of everything before (4 bytes, big-endian)
//
// bbolt checks its meta pages but not the pages that hold the data; the
// checksum turns a damaged record into a clear error instead of a wrong
// game. A game's payload is its header as JSON (the version-1 structs
// below, which spell every field out rather than dumping the engine's
// types) preceded by its length, then the move log in the engine's binary
// encoding (game.MarshalLog). Other records are JSON alone.
const (
	kindGame     = 'G'
	kindPlayer   = 'P'
	kindSettings = 'S'
	kindChange   = 'C'
	kindRating   = 'R'
	kindRated    = 'H' // an entry of a rating's history

	recordFormat = 1
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// seal wraps a payload in the envelope.
func seal(kind byte, parts ...[]byte) []byte {
	n := 6
	for _, p := range parts {
		n += len(p)
	}
	buf := make([]byte, 0, n)
	buf = append(buf, kind, recordFormat)
	for _, p := range parts {
		buf = append(buf, p...)
	}
	return binary.BigEndian.AppendUint32(buf, crc32.Checksum(buf, crcTable))
}

// unseal checks the envelope and returns the payload (a sub-slice of v).
func unseal(kind byte, v []byte) ([]byte, error) {
	if len(v) < 6 {
		return nil, fmt.Errorf("record of %d bytes is too short", len(v))
	}
	body, sum := v[:len(v)-4], binary.BigEndian.Uint32(v[len(v)-4:])
	if got := crc32.Checksum(body, crcTable); got != sum {
		return nil, fmt.Errorf("checksum mismatch (stored %08x, computed %08x)", sum, got)
	}
	if body[0] != kind {
		return nil, fmt.Errorf("record kind %q where %q belongs", body[0], kind)
	}
	if body[1] != recordFormat {
		return nil, fmt.Errorf("record format %d, want %d", body[1], recordFormat)
	}
	return body[2:], nil
}

// decodeJSON decodes strictly: unknown fields and trailing data are errors.
func decodeJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("trailing data after the record")
	}
	return nil
}

// gameRecV1 is the stored header of a game, version 1.
type gameRecV1 struct {
	ID       uint64        `json:"id"`
	Settings settingsRecV1 `json:"settings"`
	Seats    []string      `json:"seats"`
	Guild    string        `json:"guild,omitempty"`
	Channel  string        `json:"channel"`
	Thread   string        `json:"thread,omitempty"`
	State    string        `json:"state"`
	Winner   string        `json:"winner,omitempty"`
	Reason   string        `json:"reason,omitempty"`
	Winners  uint8         `json:"winners,omitempty"`
	Created  time.Time     `json:"created"`
	Updated  time.Time     `json:"updated"`
	Started  time.Time     `json:"started,omitzero"`
	Ended    time.Time     `json:"ended,omitzero"`
	Clock    clockRecV1    `json:"clock,omitzero"`
	Meta     metaRecV1     `json:"meta,omitzero"`
}

type settingsRecV1 struct {
	Cols       int    `json:"cols"`
	Rows       int    `json:"rows"`
	Ruleset    string `json:"ruleset"`
	Players    int    `json:"players"`
	Swap       string `json:"swap"`
	Handicap   int    `json:"handicap,omitempty"`
	ExtraMoves int    `json:"extra_moves,omitempty"`
	NoAutoDraw bool   `json:"no_auto_draw,omitempty"`
	// Opening came later: absent (as in every earlier record) is plain.
	Opening string `json:"opening,omitempty"`
}

type clockRecV1 struct {
	PerTurn   time.Duration `json:"per_turn_ns,omitempty"`
	TurnStart time.Time     `json:"turn_start,omitzero"`
	Deadline  time.Time     `json:"deadline,omitzero"`
	Reminded  uint32        `json:"reminded,omitempty"`
	Points    []int         `json:"points,omitempty"`
	Wake      time.Time     `json:"wake,omitzero"`
}

type metaRecV1 struct {
	ChallengeMessage string    `json:"challenge_message,omitempty"`
	BoardMessage     string    `json:"board_message,omitempty"`
	Accepted         uint8     `json:"accepted,omitempty"`
	Expires          time.Time `json:"expires,omitzero"`
	DrawOffer        int       `json:"draw_offer,omitempty"`
	Theme            string    `json:"theme,omitempty"`
	Names            []string  `json:"names,omitempty"`
	Proposer         int       `json:"proposer,omitempty"`
	// Added after version 1 was released: absent in older records, which
	// read as games between people.
	Computer      uint8 `json:"computer,omitempty"`
	ComputerLevel int   `json:"computer_level,omitempty"`
	// Takebacks, also added after version 1 (see takeback.go).
	TakebackAsk      int             `json:"takeback_ask,omitempty"`
	TakebackTurns    int             `json:"takeback_turns,omitempty"`
	Takebacks        []takebackRecV1 `json:"takebacks,omitempty"`
	Rematch          bool            `json:"rematch,omitempty"`
	Casual           bool            `json:"casual,omitempty"`
	CountAdjudicated bool            `json:"count_adjudicated,omitempty"`
}

func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

// canonical puts g in the form decoding gives back, so that the record a
// write returns equals the one a read returns: times in UTC without a
// monotonic reading, and an empty log as nil.
func canonical(g *Game) {
	for _, t := range []*time.Time{&g.Created, &g.Updated, &g.Started, &g.Ended,
		&g.Clock.TurnStart, &g.Clock.Deadline, &g.Clock.Wake, &g.Meta.Expires} {
		*t = utc(*t)
	}
	if len(g.Log) == 0 {
		g.Log = nil
	}
	for i := range g.Meta.Takebacks {
		g.Meta.Takebacks[i].At = utc(g.Meta.Takebacks[i].At)
	}
}

// encodeGame returns the stored form of g.
func encodeGame(g *Game) []byte {
	s := g.Settings
	r := gameRecV1{
		ID: uint64(g.ID),
		Settings: settingsRecV1{
			Cols: s.Size.Cols, Rows: s.Size.Rows, Ruleset: s.Ruleset.String(), Players: s.Players,
			Swap: s.Swap.String(), Handicap: s.Handicap, ExtraMoves: s.ExtraMoves, NoAutoDraw: s.NoAutoDraw,
		},
		Seats:   make([]string, len(g.Seats)),
		Guild:   string(g.Place.Guild),
		Channel: string(g.Place.Channel),
		Thread:  string(g.Place.Thread),
		State:   g.State.String(),
		Winners: uint8(g.Winners),
		Created: utc(g.Created),
		Updated: utc(g.Updated),
		Started: utc(g.Started),
		Ended:   utc(g.Ended),
		Clock: clockRecV1{
			PerTurn: g.Clock.PerTurn, TurnStart: utc(g.Clock.TurnStart), Deadline: utc(g.Clock.Deadline),
			Reminded: uint32(g.Clock.Reminded), Wake: utc(g.Clock.Wake),
			Points: pointsOut(g.Clock.Points),
		},
		Meta: metaRecV1{
			ChallengeMessage: string(g.Meta.ChallengeMessage), BoardMessage: string(g.Meta.BoardMessage),
			Accepted: uint8(g.Meta.Accepted), Expires: utc(g.Meta.Expires),
			DrawOffer: int(g.Meta.DrawOffer), Theme: g.Meta.Theme, Names: g.Meta.Names,
			Proposer: int(g.Meta.Proposer),
			Computer: uint8(g.Meta.Computer), ComputerLevel: g.Meta.ComputerLevel,
			TakebackAsk: int(g.Meta.TakebackAsk), TakebackTurns: g.Meta.TakebackTurns,
			Takebacks: takebacksOut(g.Meta.Takebacks), Rematch: g.Meta.Rematch,
			Casual: g.Meta.Casual, CountAdjudicated: g.Meta.CountAdjudicated,
		},
	}
	if s.Opening != game.OpeningPlain {
		r.Settings.Opening = s.Opening.String()
	}
	for i, u := range g.Seats {
		r.Seats[i] = string(u)
	}
	if g.Result.Over() {
		r.Winner = g.Result.Winner.String()
		r.Reason = g.Result.Reason.String()
	}
	head, err := json.Marshal(&r)
	if err != nil {
		// Only plain strings, numbers and times go in: cannot happen.
		panic("storage: encoding a game header: " + err.Error())
	}
	return seal(kindGame, binary.AppendUvarint(nil, uint64(len(head))), head, game.MarshalLog(g.Log))
}

// decodeGame reads the stored form of game id. Its errors are
// *DecodeError naming the game.
func decodeGame(id GameID, v []byte) (*Game, error) {
	g, err := decodeGameBody(id, v)
	if err != nil {
		return nil, &DecodeError{Game: id, Err: err}
	}
	return g, nil
}

func decodeGameBody(id GameID, v []byte) (*Game, error) {
	p, err := unseal(kindGame, v)
	if err != nil {
		return nil, err
	}
	n, k := binary.Uvarint(p)
	if k <= 0 || n > uint64(len(p)-k) {
		return nil, errors.New("bad header length")
	}
	head, logBytes := p[k:k+int(n)], p[k+int(n):]
	var r gameRecV1
	if err := decodeJSON(head, &r); err != nil {
		return nil, fmt.Errorf("header: %v", err)
	}
	if GameID(r.ID) != id {
		return nil, fmt.Errorf("the record says it is game %s", GameID(r.ID))
	}
	g := &Game{
		ID:      id,
		Seats:   make([]UserID, len(r.Seats)),
		Place:   Place{Guild: GuildID(r.Guild), Channel: ChannelID(r.Channel), Thread: ChannelID(r.Thread)},
		Winners: SeatSet(r.Winners),
		Created: r.Created, Updated: r.Updated, Started: r.Started, Ended: r.Ended,
		Clock: Clock{
			PerTurn: r.Clock.PerTurn, TurnStart: r.Clock.TurnStart, Deadline: r.Clock.Deadline,
			Reminded: ReminderSet(r.Clock.Reminded), Wake: r.Clock.Wake,
			Points: pointsIn(r.Clock.Points),
		},
		Meta: Meta{
			ChallengeMessage: MessageID(r.Meta.ChallengeMessage), BoardMessage: MessageID(r.Meta.BoardMessage),
			Accepted: SeatSet(r.Meta.Accepted), Expires: r.Meta.Expires,
			DrawOffer: game.Seat(r.Meta.DrawOffer), Theme: r.Meta.Theme, Names: r.Meta.Names,
			Proposer: game.Seat(r.Meta.Proposer),
			Computer: SeatSet(r.Meta.Computer), ComputerLevel: r.Meta.ComputerLevel,
			TakebackAsk: game.Seat(r.Meta.TakebackAsk), TakebackTurns: r.Meta.TakebackTurns,
			Rematch: r.Meta.Rematch,
			Casual:  r.Meta.Casual, CountAdjudicated: r.Meta.CountAdjudicated,
		},
	}
	if g.Meta.Takebacks, err = takebacksIn(r.Meta.Takebacks); err != nil {
		return nil, err
	}
	for i, u := range r.Seats {
		g.Seats[i] = UserID(u)
	}
	var ok bool
	if g.State, ok = parseState(r.State); !ok {
		return nil, fmt.Errorf("unknown state %q", r.State)
	}
	if g.Settings, err = decodeSettings(r.Settings); err != nil {
		return nil, err
	}
	if r.Reason != "" {
		reason, ok := game.ParseReason(r.Reason)
		if !ok {
			return nil, fmt.Errorf("unknown reason %q", r.Reason)
		}
		g.Result.Reason = reason
		switch r.Winner {
		case "red":
			g.Result.Winner = game.Red
		case "black":
			g.Result.Winner = game.Black
		case "none":
		default:
			return nil, fmt.Errorf("unknown winner %q", r.Winner)
		}
	} else if r.Winner != "" {
		return nil, fmt.Errorf("a winner (%q) without a reason", r.Winner)
	}
	if g.Log, err = game.UnmarshalLog(logBytes); err != nil {
		return nil, err
	}
	if err := checkRecord(g); err != nil {
		return nil, err
	}
	return g, nil
}

func decodeSettings(r settingsRecV1) (game.Settings, error) {
	s := game.Settings{
		Size: game.Size{Cols: r.Cols, Rows: r.Rows}, Players: r.Players,
		Handicap: r.Handicap, ExtraMoves: r.ExtraMoves, NoAutoDraw: r.NoAutoDraw,
	}
	switch r.Ruleset {
	case "standard":
		s.Ruleset = game.Standard
	case "pp":
		s.Ruleset = game.PP
	case "3m":
		s.Ruleset = game.ThreeM
	default:
		return s, fmt.Errorf("unknown ruleset %q", r.Ruleset)
	}
	switch r.Swap {
	case "off":
		s.Swap = game.SwapOff
	case "sides":
		s.Swap = game.SwapSides
	case "mirror":
		s.Swap = game.SwapMirror
	default:
		return s, fmt.Errorf("unknown swap style %q", r.Swap)
	}
	if r.Opening != "" {
		o, err := game.ParseOpening(r.Opening)
		if err != nil {
			return s, err
		}
		s.Opening = o
	}
	if err := s.Validate(); err != nil {
		return s, err
	}
	return s, nil
}

// playerRecV1 is the stored form of a player's record, version 1.
type playerRecV1 struct {
	User    string `json:"user"`
	Wins    int    `json:"wins"`
	Losses  int    `json:"losses"`
	Draws   int    `json:"draws"`
	Aborted int    `json:"aborted,omitempty"`
}

// settingsRecV1 is the stored form of server settings, version 1.
type serverSettingsRecV1 struct {
	Guild     string    `json:"guild,omitempty"`
	Channel   string    `json:"channel,omitempty"`
	Format    uint16    `json:"format"`
	Data      []byte    `json:"data"`
	Updated   time.Time `json:"updated"`
	UpdatedBy string    `json:"updated_by"`
}

// changeRecV1 is the stored form of an entry of the settings change log,
// version 1.
type changeRecV1 struct {
	Guild   string    `json:"guild,omitempty"`
	Channel string    `json:"channel,omitempty"`
	At      time.Time `json:"at"`
	By      string    `json:"by"`
	Note    string    `json:"note,omitempty"`
	Format  uint16    `json:"format"`
	Data    []byte    `json:"data"`
	Removed bool      `json:"removed,omitempty"`
}

// encodeJSON seals a JSON record.
func encodeJSON(kind byte, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("storage: encoding a record: " + err.Error())
	}
	return seal(kind, b)
}

// decodeRecord unseals and decodes a JSON record; errors name the key.
func decodeRecord(kind byte, key string, v []byte, into any) error {
	p, err := unseal(kind, v)
	if err == nil {
		err = decodeJSON(p, into)
	}
	if err != nil {
		return &DecodeError{Key: key, Err: err}
	}
	return nil
}

func pointsOut(p []uint8) []int {
	if len(p) == 0 {
		return nil
	}
	out := make([]int, len(p))
	for i, v := range p {
		out[i] = int(v)
	}
	return out
}

// pointsIn keeps only reminder points that make sense (1..99 percent), so
// a damaged value cannot produce a reminder after the deadline.
func pointsIn(p []int) []uint8 {
	var out []uint8
	for _, v := range p {
		if v >= 1 && v <= 99 && len(out) < 32 {
			out = append(out, uint8(v))
		}
	}
	return out
}
