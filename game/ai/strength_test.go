package ai

import (
	"context"
	"flag"
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/twixtbot/twixtbot/game"
)

// The strength match is long, so it runs only when asked:
//
//	go test ./game/ai -run Strength -strength.games 20 -strength.time 1s -timeout 2h
var (
	strengthGames = flag.Int("strength.games", 0, "games of the strength match against plain UCT (0: skip)")
	strengthTime  = flag.Duration("strength.time", time.Second, "thinking time per move in the strength match")
	strengthSize  = flag.Int("strength.size", 24, "board size of the strength match")
	strengthLevel = flag.Int("strength.level", int(MaxLevel), "the engine's level in the strength match")
	strengthWant  = flag.Float64("strength.want", 0.9, "the share of games the engine must win")
	strengthLog   = flag.Bool("strength.log", false, "log every decision of the engine")
)

// uct is the plain UCT player the issue measures against: random playouts
// to the end, UCB1 selection, one node added per simulation, no patterns,
// no RAVE, no tactics.
type uct struct {
	nodes []uctNode
	rng   *game.FastRand
}

type uctNode struct {
	move         game.Hole
	visits, wins float64
	children     []int32
	untried      []game.Hole
}

func (u *uct) choose(ctx context.Context, g *game.Game, budget time.Duration) game.Move {
	_, me := g.ToMove()
	root := g.Board()
	work := root.Clone()
	u.nodes = append(u.nodes[:0], uctNode{untried: root.LegalHoles(me)})
	deadline := time.Now().Add(budget)
	var scratch []int32
	var path []int32
	for sims := 0; ; sims++ {
		if sims%32 == 0 && (time.Now().After(deadline) || ctx.Err() != nil) {
			break
		}
		work.CopyFrom(root)
		path = append(path[:0], 0)
		c := me
		cur := int32(0)
		winner, decided := game.NoColor, false
		for {
			nd := &u.nodes[cur]
			if len(nd.untried) > 0 {
				k := u.rng.IntN(len(nd.untried))
				h := nd.untried[k]
				nd.untried[k] = nd.untried[len(nd.untried)-1]
				nd.untried = nd.untried[:len(nd.untried)-1]
				work.Place(h, c)
				child := int32(len(u.nodes))
				u.nodes[cur].children = append(u.nodes[cur].children, child)
				var untried []game.Hole
				if !work.Connected(c) {
					untried = work.LegalHoles(c.Opponent())
				} else {
					winner, decided = c, true
				}
				u.nodes = append(u.nodes, uctNode{move: h, untried: untried})
				path = append(path, child)
				c = c.Opponent()
				break
			}
			if len(nd.children) == 0 {
				break // the board is full, or the game was won here
			}
			logN := math.Log(nd.visits + 1)
			best, bestV := int32(-1), -1.0
			for _, ci := range nd.children {
				ch := &u.nodes[ci]
				v := ch.wins/ch.visits + 0.7*math.Sqrt(logN/ch.visits)
				if v > bestV {
					best, bestV = ci, v
				}
			}
			work.Place(u.nodes[best].move, c)
			path = append(path, best)
			if work.Connected(c) {
				winner, decided = c, true
				c = c.Opponent()
				break
			}
			c = c.Opponent()
			cur = best
		}
		if !decided {
			winner, scratch = work.Playout(c, u.rng, scratch)
		}
		// The node at depth k was reached by a move of me (k odd) or the
		// opponent (k even).
		for k, idx := range path {
			nd := &u.nodes[idx]
			nd.visits++
			mover := me
			if k%2 == 0 {
				mover = me.Opponent()
			}
			switch winner {
			case mover:
				nd.wins++
			case game.NoColor:
				nd.wins += 0.5
			}
		}
	}
	best, bestN := game.Hole{}, -1.0
	for _, ci := range u.nodes[0].children {
		if ch := &u.nodes[ci]; ch.visits > bestN {
			best, bestN = ch.move, ch.visits
		}
	}
	if bestN < 0 {
		holes := g.LegalHoles()
		return game.Move{Kind: game.Place, Hole: holes[0]}
	}
	return game.Move{Kind: game.Place, Hole: best}
}

// TestStrength plays the engine against plain UCT at equal time per move,
// on one core, with colours alternated, and checks the share it wins.
func TestStrength(t *testing.T) {
	if *strengthGames == 0 {
		t.Skip("run with -strength.games N")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	size := game.Size{Cols: *strengthSize, Rows: *strengthSize}
	var score float64
	turns := 0
	for i := 0; i < *strengthGames; i++ {
		g, _ := game.New(game.Settings{Size: size})
		engineColor := game.Red
		if i%2 == 1 {
			engineColor = game.Black
		}
		u := &uct{rng: game.NewFastRand(uint64(1000 + i))}
		for !g.Over() {
			_, c := g.ToMove()
			var m game.Move
			if c == engineColor {
				d, err := Choose(context.Background(), g, Config{Level: Level(*strengthLevel), MoveTime: *strengthTime, Seed: uint64(i*1000 + g.Turns())})
				if err != nil {
					t.Fatal(err)
				}
				m = d.Move
				if *strengthLog {
					t.Logf("%d. %s %s", g.Turns()+1, c, d)
				}
			} else {
				m = u.choose(context.Background(), g, *strengthTime)
			}
			if _, err := g.PlayMove(m); err != nil {
				t.Fatalf("game %d: %s played %s: %v", i, c, m, err)
			}
		}
		r := g.Result()
		switch r.Winner {
		case engineColor:
			score++
		case game.NoColor:
			score += 0.5
		}
		turns += g.Turns()
		t.Logf("game %d: engine %s, %s after %d turns; engine %.1f of %d", i+1, engineColor, r, g.Turns(), score, i+1)
	}
	share := score / float64(*strengthGames)
	t.Logf("engine won %.1f of %d games (%.0f%%) at %s per move on %s, average %d turns", score, *strengthGames, 100*share, *strengthTime, size, turns / *strengthGames)
	if share < *strengthWant {
		t.Errorf("the engine won %.0f%% against plain UCT, want at least %.0f%%", 100*share, 100**strengthWant)
	}
}
