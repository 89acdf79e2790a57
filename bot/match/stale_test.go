package match

import (
	"context"
	"errors"
	"testing"

	"github.com/twixtbot/twixtbot/game"
	"github.com/twixtbot/twixtbot/storage"
)

// raceStore runs race, once, as a change of a game's log begins: after
// the service has read and checked the game, before the store's
// transaction.
type raceStore struct {
	Store
	race func()
}

func (s *raceStore) AppendMoves(ctx context.Context, id storage.GameID, at storage.LogMark, moves []storage.SeatMove, update func(*storage.Game, game.Outcome) error) (storage.Moved, error) {
	if r := s.race; r != nil {
		s.race = nil
		r()
	}
	return s.Store.AppendMoves(ctx, id, at, moves, update)
}

// TestActionAfterTakebackAndReplay: after Red's first peg is taken back
// and Red pegs elsewhere, the log has one entry again, on another
// position. Black's swap decided on the first peg (a button from the
// board before, or a command whose check passed just before the takeback)
// is refused and changes nothing; one decided on the new peg is played.
func TestActionAfterTakebackAndReplay(t *testing.T) {
	j12, _ := game.ParseMove("j12")
	f6, _ := game.ParseMove("f6")
	swap := game.Move{Kind: game.Swap}
	tests := []struct {
		name string
		// act is Black's action, given the record before the takeback
		// and the one after the new peg.
		act func(before, after *storage.Game) Action
		// race: the takeback and the new peg come after the service's
		// check, before the store's transaction.
		race bool
		want error // nil: the swap is played
	}{
		{"button from before the takeback", func(before, _ *storage.Game) Action { return ActionAt(before, Action{Move: swap}) }, false, ErrStale},
		{"button posted after the new peg", func(_, after *storage.Game) Action { return ActionAt(after, Action{Move: swap}) }, false, nil},
		{"command after the new peg", func(_, _ *storage.Game) Action { return Action{Move: swap, Turns: -1} }, false, nil},
		{"button checked just before the takeback", func(before, _ *storage.Game) Action { return ActionAt(before, Action{Move: swap}) }, true, storage.ErrConflict},
		{"command checked just before the takeback", func(_, _ *storage.Game) Action { return Action{Move: swap, Turns: -1} }, true, storage.ErrConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			rs := &raceStore{Store: f.store}
			f.svc = NewService(rs, f.clock.Now, func(int) int { return 0 })
			g := f.start("alice", "bob")
			p, err := f.svc.Play(f.ctx, actor("alice"), g.ID, Action{Move: j12, Turns: -1})
			if err != nil {
				t.Fatal(err)
			}
			before := p.Game
			redo := func() *storage.Game {
				tb, err := f.store.TakeBack(f.ctx, g.ID, before.LogMark(), 0, 1, nil)
				if err != nil {
					t.Fatal(err)
				}
				m, err := f.store.AppendMoves(f.ctx, g.ID, tb.Game.LogMark(), []storage.SeatMove{{Seat: 1, Move: f6}}, nil)
				if err != nil {
					t.Fatal(err)
				}
				return m.Game
			}
			var after *storage.Game
			if tt.race {
				rs.race = func() { after = redo() }
			} else {
				after = redo()
			}
			_, err = f.svc.Play(f.ctx, actor("bob"), g.ID, tt.act(before, after))
			now, _ := f.store.Get(f.ctx, g.ID)
			if tt.want != nil {
				if !errors.Is(err, tt.want) {
					t.Fatalf("swap: %v, want %v", err, tt.want)
				}
				if now.LogMark() != (storage.LogMark{Len: 1, Takebacks: 1}) || now.Log[0].Hole.String() != "f6" {
					t.Fatalf("the refused swap left %v, first %s: want Red's f6 alone", now.LogMark(), now.Log[0])
				}
				return
			}
			if err != nil || len(now.Log) != 2 || now.Log[1].Kind != game.Swap || now.Log[0].Hole.String() != "f6" {
				t.Fatalf("swap: %v, log %v: want the swap of f6 played", err, now.Log)
			}
		})
	}
}
