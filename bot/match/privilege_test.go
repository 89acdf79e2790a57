package match

import (
	"errors"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestPrivilegeClaimOthers: right after alice's move, only alice may
// claim her team's Privilege. Her partner and both opponents who type the
// command are told who may, by command and by button alike; nothing is
// played.
func TestPrivilegeClaimOthers(t *testing.T) {
	f := newFixture(t)
	g := f.start("alice", "bob", "carol", "dave")
	f.mustMove("alice", g.ID, "e5")
	claim := game.Move{Kind: game.Privilege}
	for _, u := range []string{"bob", "carol", "dave"} {
		for _, turns := range []int{-1, 1} {
			_, err := f.svc.Play(f.ctx, actor(u), g.ID, Action{Move: claim, Turns: turns})
			var only *OnlyError
			if !errors.As(err, &only) || only.User != "alice" || only.Claim != (turns < 0) || !errors.Is(err, ErrNotForYou) {
				t.Errorf("%s claims (turns %d): %v, want an OnlyError naming alice", u, turns, err)
			}
		}
	}
	p, err := f.svc.Play(f.ctx, actor("alice"), g.ID, Action{Move: claim, Turns: -1})
	if err != nil || p.Last().Move.Kind != game.Privilege {
		t.Fatalf("alice claims: %v", err)
	}
	// Once used, the rules say so to anyone.
	if _, err := f.svc.Play(f.ctx, actor("bob"), g.ID, Action{Move: claim, Turns: -1}); err == nil {
		t.Error("a second claim was played")
	}
}
