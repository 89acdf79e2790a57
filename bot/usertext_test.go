package bot

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"unicode"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/l10n"
	"github.com/twixtbot/twixtbot/storage"
)

// declaredErrors lists the error variables (Err... = errors.New) declared
// in the Go files of a package directory, as "pkg.ErrName".
func declaredErrors(t *testing.T, dir, pkg string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var out []string
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if !strings.HasPrefix(name.Name, "Err") || i >= len(vs.Values) {
						continue
					}
					if call, ok := vs.Values[i].(*ast.CallExpr); ok {
						if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "New" {
							out = append(out, pkg+"."+name.Name)
						}
					}
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no error variables found in %s", dir)
	}
	return out
}

// userErrors are the errors a player can cause, one or more per kind, as
// the bot meets them: wrapped and typed as its code returns them. Every
// error variable of bot and game must have a row, so that a new kind of
// error cannot go without a message.
func userErrors() map[string][]error {
	h := func(s string) game.Hole {
		x, err := game.ParseHole(s)
		if err != nil {
			panic(err)
		}
		return x
	}
	l := func(a, b string) game.Link { return game.NewLink(h(a), h(b)) }
	sz := game.Size{Cols: 12, Rows: 12}
	g1 := &storage.Game{ID: 1, Seats: []storage.UserID{"1", "2"}}
	g2 := &storage.Game{ID: 2, Seats: []storage.UserID{"1", "3"}}
	_, syntax := game.ParseMove("hello world")
	_, trailing := game.ParseMove("j12+")
	_, late := game.ParseMove("j12+h11/")
	_, empty := game.ParseMove("")
	_, size := game.ParseSize("1000")
	_, ruleset := game.ParseRuleset("chess")
	_, color := game.ParseColor("green")
	_, opening := game.ParseOpening("pie4")
	pie3, _ := game.New(game.Settings{Opening: game.OpeningPie3})
	for _, m := range []string{"j12", "k14", "m12"} {
		pie3.PlayString(m)
	}
	_, choose := pie3.PlayString("p10")
	centre, _ := game.New(game.Settings{Opening: game.OpeningCentre})
	_, centreErr := centre.PlayString("c3")
	_ = trailing
	return map[string][]error{
		"match.ErrNoGame":        {&match.Refusal{Reason: match.NoGameOfYours}, &match.Refusal{Reason: match.NoSuchGame, Game: 9}, &match.Refusal{Reason: match.NoGameHere}},
		"match.ErrAmbiguousGame": {&match.AmbiguousError{Candidates: []*storage.Game{g1, g2}}},
		"match.ErrNotInGame":     {&match.Refusal{Reason: match.NotInGame, Game: 1}},
		"match.ErrNotYourTurn":   {&match.TurnError{Game: 1, ToMove: "2", Seat: 2, Color: game.Black, Players: 2}},
		"match.ErrSelfChallenge": {match.ErrSelfChallenge},
		"match.ErrBotChallenge":  {&match.BotError{User: "5"}},
		"match.ErrTooManyGames":  {&match.LimitError{User: "1", Limit: 3}},
		"match.ErrExpired":       {&match.Refusal{Reason: match.NotAcceptedInTime, Game: 1}},
		"match.ErrNotForYou":     {match.ErrNotForYou, &match.Refusal{Reason: match.OtherSideDraw}, &match.OnlyError{User: "4", Partner: 2}, &match.OnlyError{User: "4"}, &match.OnlyError{User: "4", Claim: true}},
		"match.ErrAnswered":      {&match.Refusal{Reason: match.ChallengeAnswered, Game: 1, State: storage.Active}},
		"match.ErrWaiting":       {&match.Refusal{Reason: match.AlreadyAccepted}},
		"match.ErrStale":         {&match.Refusal{Reason: match.MovedOn}, refused(match.ErrStale, "refusal.button_damaged", nil)},
		"match.ErrNoDrawOffer":   {&match.Refusal{Reason: match.NoDrawOffer}},
		"match.ErrNotModerator":  {&match.Refusal{Reason: match.NotModerator}},
		"match.ErrNotRunning":    {&match.Refusal{Reason: match.NotRunning, Game: 1, State: storage.Finished}},
		"match.ErrBadOption":     {&match.Refusal{Reason: match.NotGameNumber, Value: "banana"}, optionError("refusal.not_winner", args{"Value": `"blue"`})},
		"match.ErrBadValue":      {&match.Refusal{Reason: match.NotTheme, Value: "pink"}},
		"match.ErrNotAllowed": {&match.PolicyError{What: "a 30x30 board", Allowed: "each side from 5 to 24 holes"},
			&match.PolicyError{What: "a 30x30 board", Allowed: "each side from 5 to 24 holes", Rule: match.RuleSize, Data: map[string]any{"Size": "30x30", "Lo": 5, "Hi": 24}},
			&match.PolicyError{What: "starting a game without one of the player roles", Allowed: "you need <@&1> or <@&2>", Rule: match.RuleRoles, Data: map[string]any{"Roles": []string{"<@&1>", "<@&2>"}}}},
		"bot.ErrComputerBusy": {refused(ErrComputerBusy, "refusal.computer_busy", nil)},

		"game.ErrBadSize":     {size},
		"game.ErrBadRuleset":  {ruleset},
		"game.ErrBadSwap":     {fmt.Errorf("%w: %q (want sides, mirror or off)", game.ErrBadSwap, "twice")},
		"game.ErrBadColor":    {color},
		"game.ErrBadSettings": {fmt.Errorf("%w: a handicap needs a board of at least 5 columns", game.ErrBadSettings)},
		"game.ErrSyntax": {syntax, late, empty,
			&match.NotationError{Input: "hello world", Example: "c3", Err: syntax},
			&match.NotationError{Input: "j12+h11/", Example: "c3", Err: late}},
		"game.ErrOffBoard": {&game.HoleError{Hole: h("s5"), Size: sz, Color: game.Red, Err: game.ErrOffBoard},
			&game.LinkError{Link: l("k11", "l13"), Color: game.Red, Err: game.ErrOffBoard}},
		"game.ErrCorner": {&game.HoleError{Hole: h("a1"), Size: sz, Color: game.Red, Err: game.ErrCorner}},
		"game.ErrOpponentBorder": {&game.HoleError{Hole: h("a5"), Size: sz, Color: game.Red, Err: game.ErrOpponentBorder},
			&game.HoleError{Hole: h("e1"), Size: sz, Color: game.Black, Err: game.ErrOpponentBorder}},
		"game.ErrOccupied":         {&game.HoleError{Hole: h("f6"), Size: sz, Color: game.Black, Err: game.ErrOccupied, Owner: game.Red}},
		"game.ErrNotKnightMove":    {&game.LinkError{Link: l("f6", "f8"), Color: game.Red, Err: game.ErrNotKnightMove}},
		"game.ErrNotOwnPeg":        {&game.LinkError{Link: l("e11", "g12"), Hole: h("e11"), Color: game.Red, Err: game.ErrNotOwnPeg}},
		"game.ErrLinkExists":       {&game.LinkError{Link: l("f6", "g8"), Color: game.Red, Err: game.ErrLinkExists}},
		"game.ErrLinkCrosses":      {&game.CrossError{Link: l("f6", "g8"), Crosses: l("g6", "f8"), Owner: game.Black}},
		"game.ErrNoSuchLink":       {&game.LinkError{Link: l("f6", "g8"), Color: game.Red, Err: game.ErrNoSuchLink}},
		"game.ErrRemovalInPP":      {game.ErrRemovalInPP},
		"game.ErrLinkNotNewPeg":    {&game.LinkError{Link: l("f6", "g8"), Color: game.Red, Err: game.ErrLinkNotNewPeg}},
		"game.ErrNotYourTurn":      {&game.TurnError{Seat: 2, ToMove: 1, Color: game.Red}},
		"game.ErrNoSuchSeat":       {fmt.Errorf("%w: seat 5", game.ErrNoSuchSeat)},
		"game.ErrStaleMove":        {&game.MoveNumberError{Got: 3, Want: 5}, &game.MoveNumberError{Got: 9, Want: 5}},
		"game.ErrGameOver":         {&game.StateError{Err: game.ErrGameOver, Detail: "the game is over: Red wins by connection"}},
		"game.ErrSwapNotNow":       {&game.StateError{Err: game.ErrSwapNotNow, Detail: "a swap is allowed only as Black's first move"}},
		"game.ErrNotDouble":        {game.ErrNotDouble},
		"game.ErrPrivilegeUsed":    {&game.StateError{Err: game.ErrPrivilegeUsed, Detail: "your team has used its Privilege"}},
		"game.ErrPrivilegeTooLate": {game.ErrPrivilegeTooLate},
		"game.ErrBadOpening":       {opening},
		"game.ErrPegRemoval":       {&game.HoleError{Hole: h("c4"), Size: sz, Color: game.Red, Err: game.ErrPegRemoval}},
		"game.ErrNoOwnPeg": {&game.HoleError{Hole: h("c4"), Size: sz, Color: game.Red, Err: game.ErrNoOwnPeg},
			&game.HoleError{Hole: h("c4"), Size: sz, Color: game.Red, Err: game.ErrNoOwnPeg, Owner: game.Black}},
		"game.ErrOpening": {choose, centreErr},

		"storage.ErrConflict":   {fmt.Errorf("g1: %w", storage.ErrConflict)},
		"storage.ErrWrongState": {storage.ErrWrongState},
		"storage.ErrNotFound":   {storage.ErrNotFound},
		"storage.ErrReadOnly":   {storage.ErrReadOnly, fmt.Errorf("write: %w", syscall.ENOSPC)},

		"discord.OptionError": {
			&discord.OptionError{Option: "at", Want: "text", Kind: discord.ErrMissingOption},
			&discord.OptionError{Option: "at", Want: "text", Got: "the number 12", Kind: discord.ErrOptionType}},
	}
}

var codeSpan = regexp.MustCompile("`[^`]*`")

// checkConvention reports how a message breaks the convention of refusals:
// whole sentences, a full stop before the closing "Nothing changed.", and
// none of the parsers' own wording.
func checkConvention(l l10n.Lang, msg string) []string {
	var p []string
	nothingChanged := texts.Text(l, "refusal.nothing_changed", nil)
	body, ok := strings.CutSuffix(msg, " "+nothingChanged)
	if !ok {
		return []string{"does not end with \" " + nothingChanged + "\""}
	}
	if strings.Contains(body, strings.TrimSuffix(nothingChanged, ".")) {
		p = append(p, "says \""+nothingChanged+"\" twice")
	}
	if !strings.HasSuffix(body, ".") && !strings.HasSuffix(body, "!") && !strings.HasSuffix(body, "?") {
		p = append(p, "no full stop before \""+nothingChanged+"\"")
	}
	if r := []rune(body)[0]; !unicode.IsUpper(r) && !strings.ContainsRune("<`\"/", r) {
		p = append(p, "does not start with a capital letter")
	}
	body = codeSpan.ReplaceAllString(body, "`…`") // what the player typed is theirs
	if strings.Contains(body, `" at "`) || strings.Contains(body, "cannot read \"") || strings.Contains(body, "expected ") && !strings.Contains(body, "I expected") {
		p = append(p, "uses the parser's wording")
	}
	if strings.Contains(body, "..") && !strings.Contains(body, "...") {
		p = append(p, "has a double full stop")
	}
	return p
}

// TestUserMessagesFollowTheConvention: every error a player can cause is
// told in whole sentences that say what is wrong and what to do, and
// ends with the same "Nothing changed.", whatever its kind.
func TestUserMessagesFollowTheConvention(t *testing.T) {
	cases := userErrors()
	declared := slices.Concat(declaredErrors(t, ".", "bot"), declaredErrors(t, "match", "match"), declaredErrors(t, "../game", "game"))
	// Errors of game records, which players never send the bot.
	internal := []string{"game.ErrBadRecord", "game.ErrUnknownFormat", "game.ErrBadEncoding"}
	for _, name := range declared {
		if _, ok := cases[name]; !ok && !slices.Contains(internal, name) {
			t.Errorf("%s has no row in userErrors: add the errors it stands for", name)
		}
	}
	for _, l := range l10n.Langs() {
		for name, errs := range cases {
			for _, err := range errs {
				for _, e := range []error{err, &match.InGame{Theme: "kosmos", Err: err}} {
					msg, ok := userMessage(l, e)
					if !ok {
						t.Errorf("%s: %v gets no message for the player", name, e)
						continue
					}
					for _, p := range checkConvention(l, msg) {
						t.Errorf("%s %s: %q %s", l, name, msg, p)
					}
				}
			}
		}
	}
	// The bot's own errors are not the player's to hear of.
	if _, ok := userMessage(l10n.English, errors.New("boom")); ok {
		t.Error("an internal error got a message for the player")
	}
}

func TestUserMessageTexts(t *testing.T) {
	_, syntax := game.ParseMove("hello world")
	tests := []struct {
		err  error
		want string
	}{
		{&match.NotationError{Input: "hello world", Example: "c3", Err: syntax},
			"I cannot read `hello world` as a move. Write a move as a hole, column letters then the row number, like `c3`, or `swap`; `/twixt help` shows how to add links and unlinks. Nothing changed."},
		{&game.MoveNumberError{Got: 3, Want: 5},
			"Move #3 was already played; this is move #5 (the game moved on, refresh and try again). Nothing changed."},
		{&match.InGame{Theme: "kosmos", Err: &game.HoleError{Hole: game.Hole{Col: 4, Row: 0}, Size: game.Size{Cols: 12, Rows: 12}, Color: game.Black, Err: game.ErrOpponentBorder}},
			"E1 is in White's border row (rows 1 and 12 belong to White); Black may not peg there. It is still your move. Nothing changed."},
		{&match.InGame{Theme: "kosmos", Err: &game.LinkError{Link: game.NewLink(game.Hole{Col: 4, Row: 10}, game.Hole{Col: 6, Row: 11}), Hole: game.Hole{Col: 4, Row: 10}, Color: game.Red, Err: game.ErrNotOwnPeg}},
			"Cannot link E11-G12: E11 is not a white peg. It is still your move. Nothing changed."},
	}
	for _, tt := range tests {
		if got, _ := userMessage(l10n.English, tt.err); got != tt.want {
			t.Errorf("got  %q\nwant %q", got, tt.want)
		}
	}
}

// FuzzNotationMessage: whatever a player types as a move, if it cannot be
// read, the answer follows the convention and fits in a message.
func FuzzNotationMessage(f *testing.F) {
	for _, s := range []string{"hello world", "f 6", "", "j12+h11/", "j12#", "j12-", "swap#x", "ä12", "`j12`", "j12+h11/j12/l11,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		_, err := game.ParseMove(in)
		if err == nil {
			return
		}
		for _, l := range l10n.Langs() {
			msg, ok := userMessage(l, &match.NotationError{Input: in, Example: "c3", Err: err})
			if !ok {
				t.Fatalf("%q: no message for %v", in, err)
			}
			for _, p := range checkConvention(l, msg) {
				t.Errorf("%s %q: %q %s", l, in, msg, p)
			}
			if n := len([]rune(msg)); n > discord.MaxContentLength {
				t.Errorf("%s %q: a message of %d characters", l, in, n)
			}
		}
	})
}

// TestEveryRefusalHasText: every reason the match logic gives for a
// refusal has its words here, and they follow the convention, whatever
// data the refusal carries.
func TestEveryRefusalHasText(t *testing.T) {
	for _, r := range match.Reasons() {
		if _, ok := refusals[r]; !ok {
			t.Errorf("reason %q (%d) has no words in refusals", r, r)
			continue
		}
		for _, e := range []*match.Refusal{
			{Reason: r},
			{Reason: r, Game: 7, State: storage.Finished, Value: "x`y", N: 3, Lo: 1, Hi: 5},
			{Reason: r, Value: "thirty", Err: fmt.Errorf("%w: 1000 is too large", game.ErrBadSize)},
		} {
			for _, l := range l10n.Langs() {
				msg, ok := userMessage(l, e)
				if !ok {
					t.Errorf("%v: no message", e)
					continue
				}
				for _, p := range checkConvention(l, msg) {
					t.Errorf("%s %s: %q %s", l, r, msg, p)
				}
			}
			if !errors.Is(e, r.Kind()) {
				t.Errorf("%s: %v is not its kind %v", r, e, r.Kind())
			}
		}
	}
	if len(refusals) != len(match.Reasons()) {
		t.Errorf("refusals has %d entries for %d reasons", len(refusals), len(match.Reasons()))
	}
}
