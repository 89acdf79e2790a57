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
// an apology. command is the path of the command that failed ("twixt
// move"; a button's custom_id, or "", names no command), whose options
// are named as the player's Discord shows them.
func userMessage(v vocab, command string, err error) (string, bool) {
	msg, ok := explain(v, command, err)
	if !ok {
		return "", false
	}
	return sentence(msg) + " " + v.t("refusal.nothing_changed", nil), true
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
func explain(v vocab, command string, err error) (string, bool) {
	var opt *discord.OptionError
	if errors.As(err, &opt) { // an option Discord sent wrong
		name := optionName(v.lang, command, opt.Option)
		a := args{"Option": fmt.Sprintf("%q", name), "Want": opt.Want, "Got": opt.Got, "Add": name + ":<" + opt.Want + ">"}
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
	if errors.As(err, &voc) {
		v = v.themed(voc.Theme)
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
		tv := v.themed(turn.Theme)
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
		id, ok := holeKeys[he.Err]
		switch {
		case he.Err == game.ErrOpponentBorder && he.Color == game.Red:
			id = "rules.black_border"
		case he.Err == game.ErrNoOwnPeg && he.Owner == game.NoColor:
			id = "rules.no_peg_to_remove"
		}
		if ok {
			return v.t(id, a)
		}
	case errors.As(err, &le):
		a := args{"Link": le.Link.Upper(), "Hole": le.Hole.Upper(), "Side": v.lowerSide(le.Color)}
		if id, ok := linkKeys[le.Err]; ok {
			return v.t(id, a)
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

// holeKeys and linkKeys are the texts of the rules' refusals of a peg and
// of a link, by kind (a peg in the opponent's border is Red's or Black's,
// and removing no peg at all has its own text: gameError says which).
var (
	holeKeys = map[error]string{game.ErrOffBoard: "rules.off_board", game.ErrCorner: "rules.corner",
		game.ErrOpponentBorder: "rules.red_border", game.ErrOccupied: "rules.occupied", game.ErrPegRemoval: "rules.peg_removal",
		game.ErrNoOwnPeg: "rules.not_own_peg_to_remove"}
	linkKeys = map[error]string{game.ErrNotKnightMove: "rules.not_knight_move", game.ErrNotOwnPeg: "rules.link_not_own_peg",
		game.ErrLinkExists: "rules.link_exists", game.ErrNoSuchLink: "rules.no_such_link",
		game.ErrOffBoard: "rules.link_off_board"}
)

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
	{game.ErrNoSuchLink, "rules.kind.no_such_link"},
}

// isGameError reports whether err is the rules refusing an action.
func isGameError(err error) bool {
	for _, target := range []error{
		game.ErrOffBoard, game.ErrCorner, game.ErrOpponentBorder, game.ErrOccupied,
		game.ErrNotKnightMove, game.ErrNotOwnPeg, game.ErrLinkExists, game.ErrLinkCrosses, game.ErrNoSuchLink,
		game.ErrRemovalInPP, game.ErrNotYourTurn, game.ErrStaleMove, game.ErrGameOver,
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

// refusals names the text of each reason of the match logic's refusals;
// a reason missing here fails TestEveryRefusalHasText. Every text gets
// the refusal's data (eargs).
var refusals = map[match.Reason]string{
	match.NoSuchGame:           "refusal.no_such_game",
	match.NoGameOfYours:        "refusal.no_game_of_yours",
	match.NoGameHere:           "refusal.no_game_here",
	match.NotGameNumber:        "refusal.not_game_number",
	match.NotRunning:           "refusal.not_running",
	match.FollowNotRunning:     "refusal.follow_not_running",
	match.RematchNotFinished:   "refusal.rematch_not_finished",
	match.TakebackNotRunning:   "refusal.takeback_not_running",
	match.NotInGame:            "refusal.not_in_game",
	match.MovedOn:              "refusal.moved_on",
	match.StartedMeanwhile:     "refusal.started_meanwhile",
	match.DrawMovedOn:          "refusal.draw_moved_on",
	match.TakebackMovedOn:      "refusal.takeback_moved_on",
	match.TakebackAskAgain:     "refusal.takeback_ask_again",
	match.TakebackGone:         "refusal.takeback_gone",
	match.TakebackGoneMoved:    "refusal.takeback_gone_moved",
	match.NotPlayable:          "refusal.not_playable",
	match.DrawAlreadyOffered:   "refusal.draw_already_offered",
	match.NoDrawOffer:          "refusal.no_draw_offer",
	match.DrawComputerThinking: "refusal.draw_computer_thinking",
	match.OtherSideDraw:        "refusal.other_side_draw",
	match.OtherSideTakeback:    "refusal.other_side_takeback",
	match.RematchNotPlayer:     "refusal.rematch_not_player",
	match.RematchProposed:      "refusal.rematch_proposed",
	match.BothSides:            "refusal.both_sides",
	match.NothingToTakeBack:    "refusal.nothing_to_take_back",
	match.MoveStands:           "refusal.move_stands",
	match.TakebackWaiting:      "refusal.takeback_waiting",
	match.TakebackAnswerFirst:  "refusal.takeback_answer_first",
	match.NotDoubleSubstitute:  "refusal.not_double_substitute",
	match.NoDoubleSeat:         "refusal.no_double_seat",
	match.NoSuchSeat:           "refusal.no_such_seat",
	match.InviteCount:          "refusal.invite_count",
	match.NotColour:            "refusal.not_colour",
	match.ChallengeAnswered:    "refusal.challenge_answered",
	match.AlreadyAccepted:      "refusal.already_accepted",
	match.NotAcceptedInTime:    "refusal.not_accepted_in_time",
	match.NoSuchLevel:          "refusal.no_such_level",
	match.NotModerator:         "refusal.not_moderator",
	match.NoSuchSetting:        "refusal.no_such_setting",
	match.NotSetHere:           "refusal.not_set_here",
	match.ServerOnly:           "refusal.server_only",
	match.PresetName:           "refusal.preset_name",
	match.TooManyPresets:       "refusal.too_many_presets",
	match.NoSuchPreset:         "refusal.no_such_preset",
	match.NotOnOff:             "refusal.not_on_off",
	match.NotWholeNumber:       "refusal.not_whole_number",
	match.NotTime:              "refusal.not_time",
	match.NotExpiry:            "refusal.not_expiry",
	match.NotChannelOrRole:     "refusal.not_channel_or_role",
	match.BadSize:              "refusal.bad_size",
	match.NotRuleset:           "refusal.not_ruleset",
	match.NotSwapStyle:         "refusal.not_swap_style",
	match.NotTheme:             "refusal.not_theme",
	match.BadReminders:         "refusal.bad_reminders",
	match.NotHintMode:          "refusal.not_hint_mode",
	match.NotLevel:             "refusal.not_level",
	match.NotTakebackMode:      "refusal.not_takeback_mode",
	match.SizeMinOverMax:       "refusal.size_min_over_max",
	match.DefaultSizeOutside:   "refusal.default_size_outside",
	match.HandicapMinOverMax:   "refusal.handicap_min_over_max",
	match.NotOpening:           "refusal.not_opening",
	match.NoOpenings:           "refusal.no_openings",
	match.NotTogether:          "refusal.not_together",
	match.NotLanguage:          "refusal.not_language",
}

// eargs are a refusal's data as placeholders: Game, State (in words),
// Value (quoted as %q does), Raw (the value as typed), N, Lo and Hi, the
// levels' names LoName and HiName, and the choices of the theme and
// language settings, Themes and Languages.
func eargs(v vocab, e *match.Refusal) args {
	return args{"Game": e.Game, "State": v.stateWord(e.State), "Value": fmt.Sprintf("%q", e.Value), "Raw": e.Value,
		"N": e.N, "Lo": e.Lo, "Hi": e.Hi, "LoName": ai.Level(e.Lo).String(), "HiName": ai.Level(e.Hi).String(),
		"Themes": strings.Join(match.Themes, ", "), "Languages": languageList()}
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
	if e.Reason == match.BadSize && e.Err != nil {
		return v.badSettings(e.Err) // the rules say why
	}
	if id, ok := refusals[e.Reason]; ok {
		return v.t(id, eargs(v, e))
	}
	return sentence(e.Error()) // a reason without words fails TestEveryRefusalHasText
}
