package storage

import (
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/twixtbot/twixtbot/game"
)

// TestRacingMoves has many goroutines submit a move to one game against
// the same log length, round after round: exactly one must land each
// round and every other must get ErrConflict.
func TestRacingMoves(t *testing.T) {
	s, _ := openTest(t)
	g := create(t, s, newGame(Active))
	const racers, rounds = 16, 20
	for round := 0; round < rounds; round++ {
		rec, pos, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		seat, _ := pos.ToMove()
		holes := pos.LegalHoles()
		start := make(chan struct{})
		errs := make([]error, racers)
		var wg sync.WaitGroup
		for i := 0; i < racers; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				m := game.Move{Kind: game.Place, Hole: holes[(i*7+round)%len(holes)]}
				_, errs[i] = s.AppendMove(ctx, g.ID, len(rec.Log), seat, m, nil)
			}()
		}
		close(start)
		wg.Wait()
		landed := 0
		for _, err := range errs {
			switch {
			case err == nil:
				landed++
			case !errors.Is(err, ErrConflict):
				t.Fatalf("round %d: %v, want nil or ErrConflict", round, err)
			}
		}
		after, err := s.Get(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if landed != 1 || len(after.Log) != len(rec.Log)+1 {
			t.Fatalf("round %d: %d moves landed, log grew from %d to %d", round, landed, len(rec.Log), len(after.Log))
		}
	}
	mustCheck(t, s)
}

// TestConcurrentGames has goroutines play many games at once, retrying on
// conflicts, and checks that every acknowledged move is in the log, in
// order.
func TestConcurrentGames(t *testing.T) {
	s, _ := openTest(t)
	const nGames, workers, movesEach = 8, 8, 25
	var gameIDs []GameID
	for i := 0; i < nGames; i++ {
		gameIDs = append(gameIDs, create(t, s, newGame(Active)).ID)
	}
	type ack struct {
		n int
		m string
	}
	var mu sync.Mutex
	acked := map[GameID][]ack{}
	var wg sync.WaitGroup
	fail := make(chan error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 99))
			for done := 0; done < movesEach; {
				id := gameIDs[r.IntN(nGames)]
				g, pos, err := s.Load(ctx, id)
				if err != nil {
					fail <- err
					return
				}
				if g.State != Active {
					done++
					continue
				}
				seat, _ := pos.ToMove()
				m, err := s.AppendMove(ctx, id, len(g.Log), seat, randomMove(pos, r), nil)
				if errors.Is(err, ErrConflict) || errors.Is(err, ErrWrongState) {
					continue
				}
				if err != nil {
					fail <- err
					return
				}
				done++
				mu.Lock()
				acked[id] = append(acked[id], ack{len(m.Game.Log), m.Game.Log[len(m.Game.Log)-1].String()})
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(fail)
	for err := range fail {
		t.Fatal(err)
	}
	total := 0
	for _, id := range gameIDs {
		g, _, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(acked[id]) != len(g.Log) {
			t.Errorf("game %s: %d moves acknowledged, %d in the log", id, len(acked[id]), len(g.Log))
		}
		for _, a := range acked[id] {
			if a.n > len(g.Log) || g.Log[a.n-1].String() != a.m {
				t.Errorf("game %s: acknowledged move %d %s is not in the log", id, a.n, a.m)
			}
		}
		total += len(g.Log)
	}
	if total != workers*movesEach && total == 0 {
		t.Errorf("%d moves in all", total)
	}
	mustCheck(t, s)
}
