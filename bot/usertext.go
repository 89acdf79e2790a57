package bot

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	"github.com/twixtbot/twixtbot/bot/discord"
	"github.com/twixtbot/twixtbot/bot/match"
	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
	"github.com/twixtbot/twixtbot/l10n"
	"github.com/twixtbot/twixtbot/storage"
)

// userMessage writes, once and in one place, what a player is told when an
// action fails, in their language: what is wrong, what to do instead, and
// "Nothing changed." (refusal.nothing_changed). It reports false for
// errors that are the bot's own fault, which are logged and answered with
// an apology.
func userMessage(l l10n.Lang, err error) (string, bool) {
	msg, ok := explain(l, err)
	if !ok {
		return "", false
	}
	return sentence(msg) + " " + texts.Text(l, "refusal.nothing_changed", nil), true
}

// moveSyntax shows how moves are written, with a hole of the player's
// board, or a hole every board has when the board is not known.
func (v vocab) moveSyntax(example string) string {
	if example == "" {
		example = "c3"
	}
	return v.t("move.syntax", args{"Example": example})
}

// explain is userMessage without its ending: whole sentences.
func explain(l l10n.Lang, err error) (string, bool) {
	var opt *discord.OptionError
	if errors.As(err, &opt) { // an option Discord sent wrong
		v := speak(l)
		a := args{"Option": fmt.Sprintf("%q", opt.Option), "Want": opt.Want, "Got": opt.Got, "Add": opt.Option + ":<" + opt.Want + ">"}
		if errors.Is(opt.Kind, discord.ErrMissingOption) {
			return v.t("refusal.option_missing", a), true
		}
		return v.t("refusal.option_type", a), true
	}
	if msg, ok := discord.UserMessage(err); ok {
		return sentence(msg), true // a user error of the router
	}
	var (
		amb  *match.AmbiguousError
		turn *match.TurnError
		not  *match.NotationError
		syn  *game.SyntaxError
		lim  *match.LimitError
		pol  *match.PolicyError
		voc  *match.InGame

		bot    *match.BotError
		twice  *match.TwiceError
		seated *match.SeatedError
		only   *match.OnlyError
		ref    *match.Refusal
		own    *refusedError
	)
	v := speak(l)
	if errors.As(err, &voc) {
		v = themeVocab(voc.Theme).in(l)
	}
	switch {
	case errors.As(err, &amb):
		ids := make([]string, len(amb.Candidates))
		for i, g := range amb.Candidates {
			players := make([]string, len(g.Seats))
			for j, u := range g.Seats {
				players[j] = mention(u)
			}
			ids[i] = v.t("refusal.ambiguous_game", args{"Game": g.ID, "Players": strings.Join(players, v.t("list.versus", nil))})
		}
		return v.t("refusal.ambiguous", args{"Games": strings.Join(ids, v.t("list.comma", nil))}), true
	case errors.As(err, &turn):
		tv := themeVocab(turn.Theme).in(l)
		return v.t("refusal.not_your_turn", args{"Player": mention(turn.ToMove), "Seat": tv.seat(turn.Players, turn.Seat, turn.Color), "Game": turn.Game}), true
	case errors.As(err, &not) && errors.As(err, &syn):
		return v.notationText(not, syn) + " " + v.moveSyntax(not.Example), true
	case errors.As(err, &syn):
		return v.notationText(&match.NotationError{Input: syn.Input}, syn) + " " + v.moveSyntax(""), true
	case errors.As(err, &lim):
		return v.t("refusal.too_many_games", args{"Player": mention(lim.User), "Limit": lim.Limit}), true
	case errors.As(err, &bot):
		return v.t("refusal.bot_player", args{"Player": mention(bot.User)}), true
	case errors.As(err, &twice):
		return v.t("refusal.named_twice", args{"Player": mention(twice.User)}), true
	case errors.As(err, &seated):
		return v.t("refusal.already_seated", args{"Player": mention(seated.User), "Seat": int(seated.Seat)}), true
	case errors.As(err, &only) && only.Claim:
		return v.t("refusal.only_claim", args{"Player": mention(only.User)}), true
	case errors.As(err, &only) && only.Partner != 0:
		return v.t("refusal.only_partner", args{"Player": mention(only.User), "Seat": int(only.Partner)}), true
	case errors.As(err, &only):
		return v.t("refusal.only_mover", args{"Player": mention(only.User)}), true
	case errors.As(err, &pol) && pol.Rule != "":
		a := args{}
		for k, x := range pol.Data {
			if list, ok := x.([]string); ok {
				x = v.or(list)
			}
			a[k] = x
		}
		return v.t("policy."+string(pol.Rule), a), true
	case errors.As(err, &pol):
		return v.t("refusal.policy", args{"What": pol.What, "Allowed": pol.Allowed}), true
	case errors.As(err, &ref):
		return refusalText(v, ref), true
	case errors.As(err, &own):
		a := args{}
		for k, x := range own.args {
			switch x := x.(type) {
			case storage.State:
				a[k] = v.stateWord(x)
			default:
				a[k] = x
			}
		}
		return v.t(own.id, a), true
	case errors.Is(err, storage.ErrConflict):
		return v.t("refusal.conflict", nil), true
	case errors.Is(err, storage.ErrWrongState):
		return v.t("refusal.not_running_any_more", nil), true
	case errors.Is(err, match.ErrNotForYou):
		return v.t("refusal.not_for_you", nil), true
	case errors.Is(err, match.ErrSelfChallenge):
		return v.t("refusal.self_challenge", nil), true
	case errors.Is(err, game.ErrBadSize), errors.Is(err, game.ErrBadSettings), errors.Is(err, game.ErrBadRuleset),
		errors.Is(err, game.ErrBadSwap), errors.Is(err, game.ErrBadColor), errors.Is(err, game.ErrBadOpening):
		return v.badSettings(err), true
	case isGameError(err):
		msg := v.gameError(err)
		if errors.Is(err, game.ErrLinkCrosses) {
			msg += " " + v.t("rules.remove_link_first", nil)
		}
		var he *game.HoleError
		var le *game.LinkError
		if errors.As(err, &he) || errors.As(err, &le) || errors.Is(err, game.ErrLinkCrosses) {
			msg += " " + v.t("rules.still_your_move", nil)
		}
		return msg, true
	case errors.Is(err, storage.ErrNotFound):
		return v.t("refusal.no_such_game_any_more", nil), true
	case isFull(err):
		return v.t("refusal.store_full", nil), true
	}
	return "", false
}

// badSettings words terms that the rules cannot play: in English the
// rules' own detail, in another language the kind of the problem.
func (v vocab) badSettings(err error) string {
	if v.english() {
		return sentence(err.Error())
	}
	for _, k := range []struct {
		err error
		id  string
	}{
		{game.ErrBadSize, "rules.bad_size"}, {game.ErrBadRuleset, "rules.bad_ruleset"}, {game.ErrBadSwap, "rules.bad_swap"},
		{game.ErrBadColor, "rules.bad_colour"}, {game.ErrBadOpening, "rules.bad_opening"},
	} {
		if errors.Is(err, k.err) {
			return v.t(k.id, nil)
		}
	}
	return v.t("rules.bad_settings", nil)
}

// gameError words a refusal of the rules. The typed errors are told in
// full in every language; the other refusals of the rules are told in
// English in the rules' own words, and in another language by their kind
// (stateErrors).
func (v vocab) gameError(err error) string {
	var (
		he *game.HoleError
		le *game.LinkError
		ce *game.CrossError
		me *game.MoveNumberError
		te *game.TurnError
	)
	switch {
	case errors.As(err, &he):
		a := args{"Hole": he.Hole.Upper(), "Rows": he.Size.Rows, "LastCol": strings.ToUpper(game.ColumnName(he.Size.Cols - 1)),
			"Red": v.side(game.Red), "Black": v.side(game.Black), "Owner": v.lowerSide(he.Owner), "OwnerSide": v.side(he.Owner)}
		switch he.Err {
		case game.ErrOffBoard:
			return v.t("rules.off_board", a)
		case game.ErrCorner:
			return v.t("rules.corner", a)
		case game.ErrOpponentBorder:
			if he.Color == game.Red {
				return v.t("rules.black_border", a)
			}
			return v.t("rules.red_border", a)
		case game.ErrOccupied:
			return v.t("rules.occupied", a)
		case game.ErrPegRemoval:
			return v.t("rules.peg_removal", a)
		case game.ErrNoOwnPeg:
			if he.Owner == game.NoColor {
				return v.t("rules.no_peg_to_remove", a)
			}
			return v.t("rules.not_own_peg_to_remove", a)
		}
	case errors.As(err, &le):
		a := args{"Link": le.Link.Upper(), "Hole": le.Hole.Upper(), "Side": v.lowerSide(le.Color)}
		switch le.Err {
		case game.ErrNotKnightMove:
			return v.t("rules.not_knight_move", a)
		case game.ErrNotOwnPeg:
			return v.t("rules.link_not_own_peg", a)
		case game.ErrLinkExists:
			return v.t("rules.link_exists", a)
		case game.ErrNoSuchLink:
			return v.t("rules.no_such_link", a)
		case game.ErrLinkNotNewPeg:
			return v.t("rules.link_not_new_peg", a)
		case game.ErrOffBoard:
			return v.t("rules.link_off_board", a)
		}
	case errors.As(err, &ce):
		return v.t("rules.link_crosses", args{"Link": ce.Link.Upper(), "Crosses": ce.Crosses.Upper(), "Side": v.lowerSide(ce.Owner)})
	case errors.As(err, &me):
		a := args{"Got": me.Got, "Want": me.Want}
		if me.Got < me.Want {
			return v.t("rules.move_played", a)
		}
		return v.t("rules.move_not_next", a)
	case errors.As(err, &te):
		return v.t("rules.not_your_turn", args{"Seat": int(te.ToMove), "Side": v.side(te.Color)})
	}
	if v.english() {
		return sentence(v.words(err.Error()))
	}
	for _, k := range stateErrors {
		if errors.Is(err, k.err) {
			return v.t(k.id, nil)
		}
	}
	return sentence(v.words(err.Error()))
}

// stateErrors are the other refusals of the rules, by kind.
var stateErrors = []struct {
	err error
	id  string
}{
	{game.ErrOffBoard, "rules.kind.off_board"}, {game.ErrRemovalInPP, "rules.kind.removal_in_pp"},
	{game.ErrNotYourTurn, "rules.kind.not_your_turn"}, {game.ErrStaleMove, "rules.kind.stale_move"},
	{game.ErrGameOver, "rules.kind.game_over"}, {game.ErrSwapNotNow, "rules.kind.swap_not_now"},
	{game.ErrNotDouble, "rules.kind.not_double"}, {game.ErrPrivilegeUsed, "rules.kind.privilege_used"},
	{game.ErrPrivilegeTooLate, "rules.kind.privilege_too_late"}, {game.ErrNoSuchSeat, "rules.kind.no_such_seat"},
	{game.ErrPegRemoval, "rules.kind.peg_removal"}, {game.ErrNoOwnPeg, "rules.kind.no_own_peg"},
	{game.ErrOpening, "rules.kind.opening"}, {game.ErrCorner, "rules.kind.corner"},
	{game.ErrOpponentBorder, "rules.kind.opponent_border"}, {game.ErrOccupied, "rules.kind.occupied"},
	{game.ErrNotKnightMove, "rules.kind.not_knight_move"}, {game.ErrNotOwnPeg, "rules.kind.not_own_peg"},
	{game.ErrLinkExists, "rules.kind.link_exists"}, {game.ErrLinkCrosses, "rules.kind.link_crosses"},
	{game.ErrNoSuchLink, "rules.kind.no_such_link"}, {game.ErrLinkNotNewPeg, "rules.kind.link_not_new_peg"},
}

// isGameError reports whether err is the rules refusing an action.
func isGameError(err error) bool {
	for _, target := range []error{
		game.ErrOffBoard, game.ErrCorner, game.ErrOpponentBorder, game.ErrOccupied,
		game.ErrNotKnightMove, game.ErrNotOwnPeg, game.ErrLinkExists, game.ErrLinkCrosses, game.ErrNoSuchLink,
		game.ErrRemovalInPP, game.ErrLinkNotNewPeg, game.ErrNotYourTurn, game.ErrStaleMove, game.ErrGameOver,
		game.ErrSwapNotNow, game.ErrNotDouble, game.ErrPrivilegeUsed, game.ErrPrivilegeTooLate, game.ErrNoSuchSeat,
		game.ErrPegRemoval, game.ErrNoOwnPeg, game.ErrOpening,
	} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// isFull reports a store that cannot write: a full disk, a read-only file
// system or database.
func isFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.EDQUOT) ||
		errors.Is(err, storage.ErrReadOnly)
}

// notationText says where a move could not be read and what was
// expected, without the parser's wording.
func (v vocab) notationText(ne *match.NotationError, syn *game.SyntaxError) string {
	in := ne.Input
	if in == "" {
		in = syn.Input
	}
	if strings.TrimSpace(in) == "" {
		return v.t("move.empty", nil)
	}
	if syn.Pos <= 0 || syn.Pos > len(syn.Input) || syn.Pos == len(syn.Input) && !v.english() {
		return v.t("move.unreadable", args{"Input": quote(in)})
	}
	if !v.english() { // what the parser expected is in English (game.SyntaxError.Want)
		return v.t("move.unreadable_at", args{"Input": quote(in), "From": quote(syn.Input[syn.Pos:])})
	}
	if syn.Pos == len(syn.Input) {
		return v.t("move.ends_too_soon", args{"Input": quote(in), "Want": syn.Want})
	}
	return v.t("move.unreadable_from", args{"Input": quote(in), "From": quote(syn.Input[syn.Pos:]), "Want": syn.Want})
}

// quote shows what a player typed in code style, shortened and without
// backticks that would break it.
func quote(s string) string {
	s = strings.ReplaceAll(strings.TrimSpace(s), "`", "'")
	if r := []rune(s); len(r) > 40 {
		s = string(r[:39]) + "…"
	}
	return "`" + s + "`"
}

// sentence capitalizes the first letter and ends with a full stop, also
// after a closing parenthesis.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	if c := s[0]; c >= 'a' && c <= 'z' {
		s = string(c-'a'+'A') + s[1:]
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, ".)") {
		s += "."
	}
	return s
}

// refusedError is a refusal the bot itself writes, at the edge: its text
// (id in the catalogue, with its args) is the player's to read, in their
// language; its kind is for errors.Is.
type refusedError struct {
	kind error
	id   string
	args args
}

func (e *refusedError) Error() string {
	return e.kind.Error() + ": " + texts.Text(l10n.English, e.id, e.args)
}
func (e *refusedError) Unwrap() error { return e.kind }

// refused is a refusal of kind, told by text id of the catalogue.
func refused(kind error, id string, a args) error {
	return &refusedError{kind: kind, id: id, args: a}
}

// optionError is a command option that cannot be used.
func optionError(id string, a args) error {
	return refused(match.ErrBadOption, id, a)
}

// refusals words each reason of the match logic's refusals; a reason
// missing here fails TestEveryRefusalHasText.
var refusals = map[match.Reason]func(v vocab, e *match.Refusal) string{
	match.NoSuchGame:          func(v vocab, e *match.Refusal) string { return v.t("refusal.no_such_game", eargs(v, e)) },
	match.NoGameOfYours:       func(v vocab, e *match.Refusal) string { return v.t("refusal.no_game_of_yours", eargs(v, e)) },
	match.NoGameHere:          func(v vocab, e *match.Refusal) string { return v.t("refusal.no_game_here", eargs(v, e)) },
	match.NotGameNumber:       func(v vocab, e *match.Refusal) string { return v.t("refusal.not_game_number", eargs(v, e)) },
	match.NotRunning:          func(v vocab, e *match.Refusal) string { return v.t("refusal.not_running", eargs(v, e)) },
	match.FollowNotRunning:    func(v vocab, e *match.Refusal) string { return v.t("refusal.follow_not_running", eargs(v, e)) },
	match.RematchNotFinished:  func(v vocab, e *match.Refusal) string { return v.t("refusal.rematch_not_finished", eargs(v, e)) },
	match.TakebackNotRunning:  func(v vocab, e *match.Refusal) string { return v.t("refusal.takeback_not_running", eargs(v, e)) },
	match.NotInGame:           func(v vocab, e *match.Refusal) string { return v.t("refusal.not_in_game", eargs(v, e)) },
	match.MovedOn:             func(v vocab, e *match.Refusal) string { return v.t("refusal.moved_on", nil) },
	match.StartedMeanwhile:    func(v vocab, e *match.Refusal) string { return v.t("refusal.started_meanwhile", eargs(v, e)) },
	match.DrawMovedOn:         func(v vocab, e *match.Refusal) string { return v.t("refusal.draw_moved_on", nil) },
	match.TakebackMovedOn:     func(v vocab, e *match.Refusal) string { return v.t("refusal.takeback_moved_on", nil) },
	match.TakebackAskAgain:    func(v vocab, e *match.Refusal) string { return v.t("refusal.takeback_ask_again", nil) },
	match.TakebackGone:        func(v vocab, e *match.Refusal) string { return v.t("refusal.takeback_gone", nil) },
	match.TakebackGoneMoved:   func(v vocab, e *match.Refusal) string { return v.t("refusal.takeback_gone_moved", nil) },
	match.NotPlayable:         func(v vocab, e *match.Refusal) string { return v.t("refusal.not_playable", eargs(v, e)) },
	match.DrawAlreadyOffered:  func(v vocab, e *match.Refusal) string { return v.t("refusal.draw_already_offered", nil) },
	match.NoDrawOffer:         func(v vocab, e *match.Refusal) string { return v.t("refusal.no_draw_offer", nil) },
	match.OtherSideDraw:       func(v vocab, e *match.Refusal) string { return v.t("refusal.other_side_draw", nil) },
	match.OtherSideTakeback:   func(v vocab, e *match.Refusal) string { return v.t("refusal.other_side_takeback", nil) },
	match.RematchNotPlayer:    func(v vocab, e *match.Refusal) string { return v.t("refusal.rematch_not_player", eargs(v, e)) },
	match.RematchProposed:     func(v vocab, e *match.Refusal) string { return v.t("refusal.rematch_proposed", eargs(v, e)) },
	match.BothSides:           func(v vocab, e *match.Refusal) string { return v.t("refusal.both_sides", eargs(v, e)) },
	match.NothingToTakeBack:   func(v vocab, e *match.Refusal) string { return v.t("refusal.nothing_to_take_back", eargs(v, e)) },
	match.MoveStands:          func(v vocab, e *match.Refusal) string { return v.t("refusal.move_stands", nil) },
	match.TakebackWaiting:     func(v vocab, e *match.Refusal) string { return v.t("refusal.takeback_waiting", nil) },
	match.TakebackAnswerFirst: func(v vocab, e *match.Refusal) string { return v.t("refusal.takeback_answer_first", nil) },
	match.NotDoubleSubstitute: func(v vocab, e *match.Refusal) string { return v.t("refusal.not_double_substitute", nil) },
	match.NoDoubleSeat:        func(v vocab, e *match.Refusal) string { return v.t("refusal.no_double_seat", eargs(v, e)) },
	match.NoSuchSeat:          func(v vocab, e *match.Refusal) string { return v.t("refusal.no_such_seat", eargs(v, e)) },
	match.InviteCount:         func(v vocab, e *match.Refusal) string { return v.t("refusal.invite_count", nil) },
	match.NotColour:           func(v vocab, e *match.Refusal) string { return v.t("refusal.not_colour", eargs(v, e)) },
	match.ChallengeAnswered:   func(v vocab, e *match.Refusal) string { return v.t("refusal.challenge_answered", eargs(v, e)) },
	match.AlreadyAccepted:     func(v vocab, e *match.Refusal) string { return v.t("refusal.already_accepted", nil) },
	match.NotAcceptedInTime:   func(v vocab, e *match.Refusal) string { return v.t("refusal.not_accepted_in_time", eargs(v, e)) },
	match.NoSuchLevel: func(v vocab, e *match.Refusal) string {
		a := eargs(v, e)
		a["LoName"], a["HiName"] = ai.Level(e.Lo).String(), ai.Level(e.Hi).String()
		return v.t("refusal.no_such_level", a)
	},
	match.NotModerator:     func(v vocab, e *match.Refusal) string { return v.t("refusal.not_moderator", nil) },
	match.NoSuchSetting:    func(v vocab, e *match.Refusal) string { return v.t("refusal.no_such_setting", eargs(v, e)) },
	match.NotSetHere:       func(v vocab, e *match.Refusal) string { return v.t("refusal.not_set_here", eargs(v, e)) },
	match.ServerOnly:       func(v vocab, e *match.Refusal) string { return v.t("refusal.server_only", eargs(v, e)) },
	match.PresetName:       func(v vocab, e *match.Refusal) string { return v.t("refusal.preset_name", eargs(v, e)) },
	match.TooManyPresets:   func(v vocab, e *match.Refusal) string { return v.t("refusal.too_many_presets", eargs(v, e)) },
	match.NoSuchPreset:     func(v vocab, e *match.Refusal) string { return v.t("refusal.no_such_preset", eargs(v, e)) },
	match.NotOnOff:         func(v vocab, e *match.Refusal) string { return v.t("refusal.not_on_off", eargs(v, e)) },
	match.NotWholeNumber:   func(v vocab, e *match.Refusal) string { return v.t("refusal.not_whole_number", eargs(v, e)) },
	match.NotTime:          func(v vocab, e *match.Refusal) string { return v.t("refusal.not_time", eargs(v, e)) },
	match.NotExpiry:        func(v vocab, e *match.Refusal) string { return v.t("refusal.not_expiry", eargs(v, e)) },
	match.NotChannelOrRole: func(v vocab, e *match.Refusal) string { return v.t("refusal.not_channel_or_role", eargs(v, e)) },
	match.BadSize: func(v vocab, e *match.Refusal) string {
		if e.Err != nil {
			return v.badSettings(e.Err)
		}
		return v.t("refusal.bad_size", eargs(v, e))
	},
	match.NotRuleset:   func(v vocab, e *match.Refusal) string { return v.t("refusal.not_ruleset", eargs(v, e)) },
	match.NotSwapStyle: func(v vocab, e *match.Refusal) string { return v.t("refusal.not_swap_style", eargs(v, e)) },
	match.NotTheme: func(v vocab, e *match.Refusal) string {
		a := eargs(v, e)
		a["Themes"] = strings.Join(match.Themes, ", ")
		return v.t("refusal.not_theme", a)
	},
	match.BadReminders: func(v vocab, e *match.Refusal) string { return v.t("refusal.bad_reminders", eargs(v, e)) },
	match.NotHintMode:  func(v vocab, e *match.Refusal) string { return v.t("refusal.not_hint_mode", eargs(v, e)) },
	match.NotLevel: func(v vocab, e *match.Refusal) string {
		a := eargs(v, e)
		a["LoName"] = ai.Level(e.Lo).String()
		return v.t("refusal.not_level", a)
	},
	match.NotTakebackMode:    func(v vocab, e *match.Refusal) string { return v.t("refusal.not_takeback_mode", eargs(v, e)) },
	match.SizeMinOverMax:     func(v vocab, e *match.Refusal) string { return v.t("refusal.size_min_over_max", eargs(v, e)) },
	match.DefaultSizeOutside: func(v vocab, e *match.Refusal) string { return v.t("refusal.default_size_outside", eargs(v, e)) },
	match.HandicapMinOverMax: func(v vocab, e *match.Refusal) string { return v.t("refusal.handicap_min_over_max", eargs(v, e)) },
	match.NotOpening:         func(v vocab, e *match.Refusal) string { return v.t("refusal.not_opening", eargs(v, e)) },
	match.NoOpenings:         func(v vocab, e *match.Refusal) string { return v.t("refusal.no_openings", nil) },
	match.NotTogether:        func(v vocab, e *match.Refusal) string { return v.t("refusal.not_together", nil) },
	match.NotLanguage: func(v vocab, e *match.Refusal) string {
		a := eargs(v, e)
		a["Languages"] = languageList()
		return v.t("refusal.not_language", a)
	},
}

// eargs are a refusal's data as placeholders: Game, State (in words),
// Value (quoted as %q does), Raw (the value as typed), N, Lo and Hi.
func eargs(v vocab, e *match.Refusal) args {
	return args{"Game": e.Game, "State": v.stateWord(e.State), "Value": fmt.Sprintf("%q", e.Value), "Raw": e.Value,
		"N": e.N, "Lo": e.Lo, "Hi": e.Hi}
}

// stateWord says how a game stands: under way, over, cancelled, or
// waiting for answers.
func (v vocab) stateWord(st storage.State) string {
	switch st {
	case storage.Active:
		return v.t("state.active", nil)
	case storage.Finished:
		return v.t("state.finished", nil)
	case storage.Cancelled:
		return v.t("state.cancelled", nil)
	}
	return v.t("state.proposed", nil)
}

// languageList lists the languages for the language setting: "auto, en
// (English), de (Deutsch), …".
func languageList() string {
	out := []string{"auto"}
	for _, l := range l10n.Langs() {
		out = append(out, string(l)+" ("+l.Name()+")")
	}
	return strings.Join(out, ", ")
}

// refusalText words a refusal of the match logic.
func refusalText(v vocab, e *match.Refusal) string {
	if w, ok := refusals[e.Reason]; ok {
		return w(v, e)
	}
	return sentence(e.Error()) // a reason without words fails TestEveryRefusalHasText
}
