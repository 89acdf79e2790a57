package match

import (
	"errors"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

func TestPolicyCasual(t *testing.T) {
	yes, no := true, false
	even, handicap, extra := game.Settings{}, game.Settings{Handicap: 2}, game.Settings{ExtraMoves: 1}
	for _, tc := range []struct {
		name                 string
		rated, ratedHandicap bool
		asked                *bool
		set                  game.Settings
		casual               bool
		refused              bool
	}{
		{"default rated", true, true, nil, even, false, false},
		{"asked casual", true, true, &no, even, true, false},
		{"casual server", false, true, nil, even, true, false},
		{"casual server, asked rated", false, true, &yes, even, false, false},
		{"handicap allowed rated", true, true, nil, handicap, false, false},
		{"handicap kept casual", true, false, nil, handicap, true, false},
		{"extra moves kept casual", true, false, nil, extra, true, false},
		{"rated handicap asked and refused", true, false, &yes, handicap, false, true},
		{"casual handicap asked", true, false, &no, handicap, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := DefaultPolicy()
			p.Rated, p.RatedHandicap = tc.rated, tc.ratedHandicap
			casual, err := p.casual(tc.asked, tc.set)
			if (err != nil) != tc.refused || err == nil && casual != tc.casual {
				t.Errorf("casual %v, err %v; want casual %v, refused %v", casual, err, tc.casual, tc.refused)
			}
			if err != nil && !errors.Is(err, ErrNotAllowed) {
				t.Errorf("refused with %v, not ErrNotAllowed", err)
			}
		})
	}
}
