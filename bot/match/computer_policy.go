package match

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/game/ai"
)

// ComputerPolicy is what a server allows of the computer opponent: whether
// it plays at all, how strongly, on how large a board, and when players may
// ask it for hints.
type ComputerPolicy struct {
	On       bool     // whether games against the computer may start
	LevelMax ai.Level // the strongest level allowed
	SizeMax  int      // the largest board side it plays on
	Hints    HintMode // when /twixt hint answers
}

// HintMode says in which games /twixt hint answers.
type HintMode uint8

const (
	// HintsComputer: only in games against the computer (the default).
	HintsComputer HintMode = iota
	// HintsOff: never.
	HintsOff
	// HintsAll: in games between people too.
	HintsAll
)

var hintModeNames = [...]string{"computer", "off", "all"}

// String returns "computer", "off" or "all".
func (h HintMode) String() string {
	if int(h) < len(hintModeNames) {
		return hintModeNames[h]
	}
	return "hints(" + strconv.Itoa(int(h)) + ")"
}

// ParseHintMode reads "off", "computer" or "all".
func ParseHintMode(v string) (HintMode, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	for i, n := range hintModeNames {
		if v == n {
			return HintMode(i), nil
		}
	}
	return 0, refuseValue(NotHintMode, v)
}

// defaultComputerPolicy: the computer plays at every level on the boards a
// default server allows, and gives hints in its own games only.
func defaultComputerPolicy() ComputerPolicy {
	return ComputerPolicy{On: true, LevelMax: ai.MaxLevel, SizeMax: defaultComputerSizeMax, Hints: HintsComputer}
}

// defaultComputerSizeMax is the largest board the computer plays on a
// server whose moderators changed nothing: the default policy's size_max.
const defaultComputerSizeMax = 48

// levelRange describes the levels allowed, for refusals.
func (c ComputerPolicy) levelRange() string {
	if c.LevelMax == ai.MinLevel {
		return fmt.Sprintf("level %d (%s) only", ai.MinLevel, ai.MinLevel)
	}
	return fmt.Sprintf("levels %d (%s) to %d (%s)", ai.MinLevel, ai.MinLevel, c.LevelMax, c.LevelMax)
}

// computerSettings are the settings of the computer opponent, listed after
// the others by /twixtadmin settings.
var computerSettings = []Setting{
	{Name: "computer", Description: "whether players may play the computer (twixtbot itself)", examples: []string{"on", "off"},
		set: func(p *Policy, v string) (err error) { p.Computer.On, err = parseBool(v); return },
		get: func(p Policy) string { return onOff(p.Computer.On) }},
	{Name: "computer_level_max", Description: "the strongest level of the computer allowed (1 beginner to 5 strongest)",
		examples: []string{"2", "5"},
		set: func(p *Policy, v string) error {
			l, err := ai.ParseLevel(strings.TrimSpace(v))
			if err != nil || !l.Valid() {
				return &Refusal{Reason: NotLevel, Value: v, Lo: int(ai.MinLevel), Hi: int(ai.MaxLevel)}
			}
			p.Computer.LevelMax = l
			return nil
		},
		get: func(p Policy) string { return fmt.Sprintf("%d (%s)", p.Computer.LevelMax, p.Computer.LevelMax) }},
	{Name: "computer_size_max", Description: "the largest board side the computer plays on", examples: []string{"16", "24", "48"},
		set: func(p *Policy, v string) (err error) {
			p.Computer.SizeMax, err = parseInt(v, game.MinSize, game.MaxSize)
			return
		},
		get: func(p Policy) string { return strconv.Itoa(p.Computer.SizeMax) }},
	{Name: "hints", Description: "when /twixt hint answers: off, computer (games against the computer) or all", examples: []string{"computer", "off", "all"},
		set: func(p *Policy, v string) (err error) { p.Computer.Hints, err = ParseHintMode(v); return },
		get: func(p Policy) string { return p.Computer.Hints.String() }},
}

// The computer's settings join the others in the one list that the
// admin commands, Resolve and Check all read; they live here, beside the
// computer, rather than in that list's literal.
func init() { Settings = append(Settings, computerSettings...) }

// ModeName names value i of a small enumeration of choices, or writes
// kind(i) for a value outside it.
func ModeName(names []string, i int, kind string) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("%s(%d)", kind, i)
}
