package snowflake

import "testing"

func TestValidAndMention(t *testing.T) {
	for _, tc := range []struct {
		s  string
		ok bool
	}{{"1", true}, {"12345678901234567890", true}, {"123456789012345678901", false}, {"", false}, {"12a", false}, {"-1", false}} {
		if Valid(tc.s) != tc.ok {
			t.Errorf("Valid(%q) = %v", tc.s, !tc.ok)
		}
	}
	if got := UserID("42").Mention(); got != "<@42>" {
		t.Errorf("user mention %q", got)
	}
	if got := ChannelID("7").Mention(); got != "<#7>" {
		t.Errorf("channel mention %q", got)
	}
}
