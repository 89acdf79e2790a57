package bot

import (
	"github.com/bwmarrin/discordgo"
	"github.com/twixtbot/twixtbot/bot/match"
)

// The names of the commands, subcommands and options, as Discord shows
// them and as the router matches them.
const (
	cmdTwixt = "twixt"
	cmdAdmin = "twixtadmin"

	optOpponent   = "opponent"
	optPartner    = "partner"
	optOpponent2  = "opponent2"
	optColor      = "color"
	optSize       = "size"
	optHandicap   = "handicap"
	optExtraMoves = "extra_moves"
	optRuleset    = "ruleset"
	optSwap       = "swap"
	optPreset     = "handicap_preset"
	optAt         = "at"
	optPrivilege  = "privilege"
	optGame       = "game"
	optSeat       = "seat"
	optPlayer     = "player"
	optWinner     = "winner"
	optSetting    = "setting"
	optValue      = "value"
	optChannel    = "channel"
	optName       = "name"
	optTheme      = "theme"
	optText       = "text"
	optZoom       = "zoom"
)

// The longest text each free-text option takes: Discord refuses longer
// input before it reaches the bot, so that nobody can send the bot
// kilobytes of junk to parse, log or echo.
const (
	maxMoveLen   = 200  // a move with link and unlink lists
	maxGameLen   = 24   // a game number, like g12, up to g18446744073709551615
	maxSizeLen   = 10   // a board size, like 12x16
	maxValueLen  = 1000 // a setting's value: lists of channels or roles are long
	maxChoiceLen = 32   // options with fixed choices
)

// channelTypes are where games and their settings live: text and
// announcement channels, and threads.
var channelTypes = []discordgo.ChannelType{discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildNews,
	discordgo.ChannelTypeGuildNewsThread, discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread}

func channelOpt(desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionChannel, Name: optChannel, Description: desc, ChannelTypes: channelTypes}
}

// manageGuild is Discord's MANAGE_GUILD permission ("Manage Server").
const manageGuild int64 = 1 << 5

func choices(pairs ...string) []*discordgo.ApplicationCommandOptionChoice {
	out := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: pairs[i], Value: pairs[i+1]})
	}
	return out
}

func floatp(f float64) *float64 { return &f }

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
}

func group(name, desc string, subs ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: name, Description: desc, Options: subs}
}

func userOpt(name, desc string, required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc, Required: required}
}

// strOpt is a text option that takes at most maxLen characters.
func strOpt(name, desc string, maxLen int, required, auto bool, ch ...string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Required: required, Autocomplete: auto, MaxLength: maxLen}
	if len(ch) > 0 {
		o.Choices = choices(ch...)
	}
	return o
}

func intOpt(name, desc string, required bool, lo, hi float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: name, Description: desc, Required: required, MinValue: floatp(lo), MaxValue: hi}
}

func boolOpt(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: name, Description: desc}
}

func gameOpt() *discordgo.ApplicationCommandOption {
	return strOpt(optGame, "Which game (needed only when you play more than one here)", maxGameLen, false, true)
}

func colorOpt() *discordgo.ApplicationCommandOption {
	return strOpt(optColor, "Your colour: Red moves first and joins top and bottom (default: random)", maxChoiceLen, false, false,
		"red (moves first)", "red", "black", "black", "random", "random")
}

func sizeOpt() *discordgo.ApplicationCommandOption {
	return strOpt(optSize, "Board size: 24 for 24x24, or COLSxROWS like 12x16 (default: the server's)", maxSizeLen, false, true)
}

func handicapOpt() *discordgo.ApplicationCommandOption {
	return intOpt(optHandicap, "pbmserv handicap: N>0 removes N columns (helps Black), N<0 removes rows (helps Red)", false, -40, 40)
}

func rulesetOpt() *discordgo.ApplicationCommandOption {
	return strOpt(optRuleset, "Rules: standard (own links removable), pp (own links may cross), 3m (own pegs removable too)", maxChoiceLen, false, false,
		"standard", "standard", "TwixT PP", "pp", "3M (remove own pegs)", "3m")
}

// Commands returns the application commands twixtbot registers: /twixt
// for players and /twixtadmin for moderators (Manage Server), with their
// names and descriptions in every language twixtbot speaks (commandtext.go).
func Commands() []*discordgo.ApplicationCommand {
	admin := manageGuild
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	return localizeCommands([]*discordgo.ApplicationCommand{
		{
			Name:        cmdTwixt,
			Description: "Play TwixT, the connection game by Alex Randolph",
			Contexts:    guildOnly,
			Options: append([]*discordgo.ApplicationCommandOption{
				sub("challenge", "Challenge someone to a game of TwixT",
					userOpt(optOpponent, "Who you want to play", true),
					colorOpt(), sizeOpt(), handicapOpt(),
					intOpt(optExtraMoves, "Kosmos head start: extra pegs Red places before Black's first move", false, 0, 3),
					rulesetOpt(),
					boolOpt(optSwap, "Pie rule: after Red's first peg Black may take it over (off with handicaps)"),
					strOpt(optPreset, "A handicap preset of this server (see /twixtadmin settings)", match.MaxPresetLen, false, true),
					openingOpt(),
					ratedOpt("Rated (changes ratings) or casual (default: the server's)"),
				),
				sub("double", "Propose a Double TwixT team match: you and a partner against two opponents",
					userOpt(optPartner, "Your partner; the two of you share a colour", true),
					userOpt(optOpponent, "First opponent", true),
					userOpt(optOpponent2, "Second opponent, partner of the first", true),
					colorOpt(), sizeOpt(), handicapOpt(), rulesetOpt(),
					ratedOpt("Rated (changes ratings) or casual (default: the server's)"),
				),
				sub("move", "Place a peg: e.g. j12, or j12-i12/k11+h11/j12 to unlink and link",
					strOpt(optAt, "Where: a hole like j12, with optional -unlinks and +links (see /twixt help)", maxMoveLen, true, true),
					boolOpt(optPrivilege, "Double TwixT: claim your team's Privilege after this move"),
					gameOpt(),
				),
				sub("swap", "Pie rule: take over Red's first peg instead of moving", gameOpt()),
				sub("privilege", "Double TwixT: claim your team's Privilege right after your move", gameOpt()),
				sub("resign", "Resign the game (asks you to confirm)", gameOpt()),
				sub("draw", "Offer a draw (or accept the one on the table)", gameOpt()),
				sub("board", "Show the current board again", gameOpt(),
					strOpt(optTheme, "Colours: classic, kosmos, or colorblind", maxChoiceLen, false, false,
						"classic (red and black)", "classic", "kosmos (white and black)", "kosmos", "colour-blind safe", "colorblind"),
					boolOpt(optText, "Show the board as text instead of a picture"),
					boolOpt(optZoom, "Show only the part around the last move, for big boards on a phone"),
				),
				sub("history", "Show the game's moves in notation", gameOpt()),
				sub("export", "Download the game record (SGF, or the moves format for Double TwixT)", gameOpt()),
				sub("games", "List your active games and this channel's", gamesOptions()...),
				sub("substitute", "Double TwixT: replace a player who left (the remaining partner agrees)",
					intOpt(optSeat, "The seat to fill: 1 Red 1, 2 Black 1, 3 Red 2, 4 Black 2", true, 1, 4),
					userOpt(optPlayer, "Who takes the seat", true),
					gameOpt(),
				),
				sub("help", "How to play TwixT and how to write moves"),
				computerCommand(),
				hintCommand(),
				reviewCommand(),
			}, append(comfortCommands(), ratingCommands()...)...),
		},
		{
			Name:                     cmdAdmin,
			Description:              "Set up TwixT on this server (moderators)",
			DefaultMemberPermissions: &admin,
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				sub("settings", "Show the settings in force in this channel and where each comes from",
					channelOpt("Show another channel's settings"),
				),
				sub("set", "Change a setting for the server, or for one channel",
					strOpt(optSetting, "Which setting (autocomplete lists them)", maxChoiceLen, true, true),
					strOpt(optValue, "The new value (autocomplete shows what is allowed)", maxValueLen, true, true),
					channelOpt("Override it for this channel only"),
				),
				sub("unset", "Go back to the default (or the server's value, for a channel)",
					strOpt(optSetting, "Which setting (autocomplete lists them)", maxChoiceLen, true, true),
					channelOpt("Clear this channel's override"),
				),
				sub("log", "Show recent changes to the settings"),
				group("preset", "Named handicap presets players pick in /twixt challenge",
					sub("add", "Add or replace a preset",
						strOpt(optName, "Preset name, e.g. beginner", match.MaxPresetLen, true, false),
						intOpt(optHandicap, "pbmserv handicap (columns removed; negative: rows)", false, -40, 40),
						intOpt(optExtraMoves, "Extra pegs for Red before Black's first move", false, 0, 3),
						boolOpt(optSwap, "Pie rule on or off with this preset"),
						strOpt(optSize, "Board size, e.g. 24 or 12x16", maxSizeLen, false, false),
						rulesetOpt(),
					),
					sub("remove", "Remove a preset", strOpt(optName, "Preset name", match.MaxPresetLen, true, true)),
					sub("list", "List the presets"),
				),
				sub("games", "List every active game on this server"),
				sub("abort", "End a game with no result", strOpt(optGame, "Game number", maxGameLen, true, true)),
				sub("adjudicate", "End a game with a stated result",
					strOpt(optGame, "Game number", maxGameLen, true, true),
					strOpt(optWinner, "Who wins", maxChoiceLen, true, false, "red", "red", "black", "black", "draw", "draw"),
					ratedOpt("Count the result for ratings, if the game is rated (default: no)"),
				),
				sub("substitute", "Give a seat of a game to another player",
					strOpt(optGame, "Game number", maxGameLen, true, true),
					intOpt(optSeat, "Seat: 1 and 2 in TwixT; 1 Red 1, 2 Black 1, 3 Red 2, 4 Black 2 in Double TwixT", true, 1, 4),
					userOpt(optPlayer, "Who takes the seat", true),
				),
			},
		},
	})
}
