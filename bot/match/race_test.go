package match

import (
	"context"
	"errors"
	"testing"

	"github.com/twixtbot/twixtbot/storage"
)

// interleaved is a store whose next write runs between another
// action's reads and its own write: before the first UpdateSettingsWith or
// Update after arm, it runs the armed action to the end. Whatever an
// action checks outside its write transaction is stale by then, so these
// tests show the interleaving every time rather than by luck.
type interleaved struct {
	Store
	between func()
}

func (s *interleaved) arm(f func()) { s.between = f }

func (s *interleaved) fire() {
	if f := s.between; f != nil {
		s.between = nil
		f()
	}
}

func (s *interleaved) UpdateSettingsWith(ctx context.Context, sc storage.Scope, by storage.UserID, note string, fn func(storage.ServerSettings, *storage.ServerSettings) error) (storage.ServerSettings, error) {
	s.fire()
	return s.Store.UpdateSettingsWith(ctx, sc, by, note, fn)
}

func (s *interleaved) Update(ctx context.Context, id storage.GameID, fn func(*storage.Game) error) (*storage.Game, error) {
	s.fire()
	return s.Store.Update(ctx, id, fn)
}

// TestSetRacesStayConsistent: handicap_min 5 and handicap_max 3 each
// pass alone, but not together. Whichever lands second is checked
// against the first, in its own write, and refused.
func TestSetRacesStayConsistent(t *testing.T) {
	for _, channel := range []storage.ChannelID{"", "chan"} {
		f := newFixture(t)
		st := &interleaved{Store: f.store}
		svc := NewService(st, f.clock.Now, func(int) int { return 0 })
		mod := Actor{User: "mod", Guild: "guild", Channel: "chan", Moderator: true}
		var second error
		st.arm(func() { _, second = svc.Set(f.ctx, mod, "handicap_max", "3", channel) })
		_, first := svc.Set(f.ctx, mod, "handicap_min", "5", channel)
		if second != nil {
			t.Fatalf("channel %q: handicap_max 3 alone: %v", channel, second)
		}
		if !errors.Is(first, ErrBadValue) {
			t.Errorf("channel %q: handicap_min 5 after handicap_max 3 landed: %v, want ErrBadValue", channel, first)
		}
		p, _, err := svc.Policy(f.ctx, "guild", "chan")
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Validate(); err != nil || p.HandicapMin != -12 || p.HandicapMax != 3 {
			t.Errorf("channel %q: stored policy handicap %d to %d: %v", channel, p.HandicapMin, p.HandicapMax, err)
		}
	}
}

// TestSetChannelChecksServerInSameWrite: a channel's size_max is checked
// against a server size_min that lands between the check's reads and the
// write.
func TestSetChannelChecksServerInSameWrite(t *testing.T) {
	f := newFixture(t)
	st := &interleaved{Store: f.store}
	svc := NewService(st, f.clock.Now, func(int) int { return 0 })
	mod := Actor{User: "mod", Guild: "guild", Channel: "chan", Moderator: true}
	if _, err := svc.Set(f.ctx, mod, "size", "12", ""); err != nil {
		t.Fatal(err)
	}
	st.arm(func() {
		if _, err := svc.Set(f.ctx, mod, "size_min", "12", ""); err != nil {
			t.Errorf("server size_min 12: %v", err)
		}
	})
	if _, err := svc.Set(f.ctx, mod, "size_max", "10", "chan"); !errors.Is(err, ErrBadValue) {
		t.Errorf("channel size_max 10 under a server size_min 12: %v, want ErrBadValue", err)
	}
}

// TestReseatRacesKeepNames: two moderators give the same seat to two
// players at once. The seat and the name shown for it always belong to
// the same player, and each is told who they replaced.
func TestReseatRacesKeepNames(t *testing.T) {
	f := newFixture(t)
	st := &interleaved{Store: f.store}
	svc := NewService(st, f.clock.Now, func(int) int { return 0 })
	g := f.start("alice", "bob")
	mod := Actor{User: "mod", Guild: "guild", Channel: "chan", Moderator: true}
	var (
		frank    *storage.Game
		frankOld storage.UserID
		err2     error
	)
	st.arm(func() { frank, frankOld, err2 = svc.Reseat(f.ctx, mod, g.ID.String(), 2, "frank", "Frank", false) })
	erin, erinOld, err := svc.Reseat(f.ctx, mod, g.ID.String(), 2, "erin", "Erin", false)
	if err != nil || err2 != nil {
		t.Fatalf("reseats: %v, %v", err, err2)
	}
	if frankOld != g.User(2) || frank.User(2) != "frank" || frank.Meta.Names[1] != "Frank" {
		t.Errorf("first reseat: replaced %s, seat 2 %s named %q", frankOld, frank.User(2), frank.Meta.Names[1])
	}
	if erinOld != "frank" {
		t.Errorf("second reseat replaced %s, want frank, who sat there when it landed", erinOld)
	}
	got, err := f.store.Get(f.ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.User(2) != "erin" || got.Meta.Names[1] != "Erin" || erin.Meta.Names[1] != "Erin" {
		t.Errorf("seat 2 is %s named %q, want erin named Erin", got.User(2), got.Meta.Names[1])
	}
}

// TestSubstituteRacesKeepNames: the same for a Double TwixT partner's
// substitute racing a moderator's reseat.
func TestSubstituteRacesKeepNames(t *testing.T) {
	f := newFixture(t)
	st := &interleaved{Store: f.store}
	svc := NewService(st, f.clock.Now, func(int) int { return 0 })
	g := f.start("alice", "bob", "carol", "dave")
	mod := Actor{User: "mod", Guild: "guild", Channel: "chan", Moderator: true}
	var err2 error
	st.arm(func() { _, _, err2 = svc.Reseat(f.ctx, mod, g.ID.String(), 2, "frank", "Frank", false) })
	ng, old, err := svc.Substitute(f.ctx, actor(string(g.User(4))), g.ID, 2, "erin", "Erin", false)
	if err != nil || err2 != nil {
		t.Fatalf("substitute: %v; reseat: %v", err, err2)
	}
	if old != "frank" || ng.User(2) != "erin" || ng.Meta.Names[1] != "Erin" {
		t.Errorf("substitute replaced %s; seat 2 is %s named %q", old, ng.User(2), ng.Meta.Names[1])
	}
}
