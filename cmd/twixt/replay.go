package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/twixtbot/twixtbot/game"
)

// replayResult is the JSON that twixt replay prints (README, "Offline tools"): the field
// order and names are an interface; null stands for "not applicable".
type replayResult struct {
	Cols          int           `json:"cols"`
	Rows          int           `json:"rows"`
	Ruleset       string        `json:"ruleset"`
	Players       int           `json:"players"`
	Moves         int           `json:"moves"`
	ToMove        *string       `json:"to_move"`
	SeatToMove    *int          `json:"seat_to_move"`
	Result        *string       `json:"result"`
	Reason        *string       `json:"reason"`
	Pegs          sides         `json:"pegs"`
	Links         sides         `json:"links"`
	PrivilegeUsed privilegeUsed `json:"privilege_used"`
	Error         *replayError  `json:"error"`
}

type sides struct {
	Red   []string `json:"red"`
	Black []string `json:"black"`
}

type privilegeUsed struct {
	Red   bool `json:"red"`
	Black bool `json:"black"`
}

type replayError struct {
	Move    int    `json:"move"`
	Token   string `json:"token"`
	Message string `json:"message"`
}

func ptr[T any](v T) *T { return &v }

// describe builds the replay JSON of a game: holes lowercase, links "a-b"
// with the smaller (column, row) first, both in that order (as the game
// gives them).
func describe(g *game.Game) replayResult {
	s := g.Settings()
	r := replayResult{
		Cols: g.Size().Cols, Rows: g.Size().Rows,
		Ruleset: s.Ruleset.String(), Players: s.Players,
		Moves: g.Turns(),
		PrivilegeUsed: privilegeUsed{
			Red: g.PrivilegeUsed(game.Red), Black: g.PrivilegeUsed(game.Black),
		},
	}
	if seat, c := g.ToMove(); c != game.NoColor {
		r.ToMove, r.SeatToMove = ptr(c.String()), ptr(int(seat))
	}
	if res := g.Result(); res.Over() {
		if code := res.Code(); code != "" {
			r.Result = ptr(code)
		}
		r.Reason = ptr(res.Reason.String())
	}
	holes := func(hs []game.Hole) []string {
		out := make([]string, len(hs))
		for i, h := range hs {
			out[i] = h.String()
		}
		return out
	}
	links := func(ls []game.Link) []string {
		out := make([]string, len(ls))
		for i, l := range ls {
			out[i] = l.String()
		}
		return out
	}
	r.Pegs = sides{Red: holes(g.Pegs(game.Red)), Black: holes(g.Pegs(game.Black))}
	r.Links = sides{Red: links(g.Links(game.Red)), Black: links(g.Links(game.Black))}
	return r
}

// runReplay is twixt replay.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("replay", "replay [flags] FILE|-", stderr)
	opts := addReplayFlags(fs)
	path, code, ok := oneFile(fs, args, stderr)
	if !ok {
		return code
	}
	rec, g, err := opts.load(path, stdin)
	re, isRejected := rejected(err)
	if err != nil && !isRejected {
		fmt.Fprintf(stderr, "twixt replay: %v\n", err)
		return exitBad
	}
	out := describe(g)
	code = exitOK
	if isRejected {
		out.Error = &replayError{Move: g.Turns() + 1, Token: rec.Token(re.Index), Message: re.Err.Error()}
		code = exitRejected
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(stderr, "twixt replay: %v\n", err)
		return exitBad
	}
	return code
}
