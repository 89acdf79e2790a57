package game

import "testing"

// TestPrivilegeClaimant: the seat that may claim Privilege is the one that
// just moved in Double TwixT, until anything else happens or its team has
// used its Privilege; in TwixT, nobody.
func TestPrivilegeClaimant(t *testing.T) {
	two, _ := New(Settings{})
	play(t, two, "e5")
	if s, ok := two.PrivilegeClaimant(); ok {
		t.Errorf("TwixT: seat %v may claim", s)
	}
	g, _ := New(Settings{Players: 4})
	if s, ok := g.PrivilegeClaimant(); ok {
		t.Errorf("before any move: seat %v may claim", s)
	}
	steps := []struct {
		move string
		want Seat // 0: nobody
	}{
		{"e5", 1}, {"j10", 2}, {"privilege", 0}, // Black's team claims: Red 2 skipped, Black 2 to move
		{"k14", 0}, // Black has used its Privilege
		{"g7", 1},
		{"h9", 0}, // seat 2: Black's used
	}
	for _, st := range steps {
		play(t, g, st.move)
		s, ok := g.PrivilegeClaimant()
		if st.want == 0 && ok || st.want != 0 && (!ok || s != st.want) {
			t.Fatalf("after %s: claimant %v %v, want %v", st.move, s, ok, st.want)
		}
		for seat := Seat(1); seat <= 4; seat++ {
			if g.CanClaimPrivilege(seat) != (ok && seat == s) {
				t.Errorf("after %s: CanClaimPrivilege(%v) = %v, claimant %v %v", st.move, seat, g.CanClaimPrivilege(seat), s, ok)
			}
		}
	}
}
