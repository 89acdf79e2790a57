package ai

import (
	"context"
	"sync"
)

// Search on several cores, root parallel: Config.Threads engines search the
// same root at once, each growing its own tree with its own seed, its
// share of the nodes and (with Config.Playouts) of the simulations, and
// their root statistics are added up. Root parallelism needs no locks in
// the hot path and keeps a fixed-playout search deterministic: each
// engine's search depends only on its seed, and the sum does not depend
// on which finishes first.

// threads returns how many engines search at once. The weak levels, whose
// budget is a number of simulations, search on one core.
func (e *engine) threads() int {
	if e.prof.playouts > 0 {
		return 1
	}
	return max(e.cfg.Threads, 1)
}

// searchParallel runs e's search and threads()-1 helpers at once, and adds
// the helpers' root statistics to e's root.
func (e *engine) searchParallel(ctx context.Context) {
	k := e.threads()
	helpers := make([]*engine, k-1)
	for i := range helpers {
		cfg := e.cfg
		cfg.Threads = 1
		cfg.Seed = e.cfg.Seed + uint64(i+1)*0x9E3779B97F4A7C15
		cfg.MaxNodes = max(e.maxN/k, 1)
		if cfg.Playouts > 0 {
			cfg.Playouts = share(e.cfg.Playouts, k, i+1)
		}
		h := newEngine(e.g, cfg)
		h.start, h.rootMoves = e.start, e.rootMoves
		h.keep = false // helpers never reuse nor save trees
		helpers[i] = h
	}
	if e.cfg.Playouts > 0 {
		e.cfg.Playouts = share(e.cfg.Playouts, k, 0)
	}
	e.maxN = max(e.maxN/k, 1)
	var wg sync.WaitGroup
	for _, h := range helpers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.searchOne(ctx)
		}()
	}
	e.searchOne(ctx)
	wg.Wait()
	for _, h := range helpers {
		e.merge(h)
	}
}

// share is thread i's part of n simulations among k threads.
func share(n, k, i int) int {
	s := n / k
	if i < n%k {
		s++
	}
	return max(s, 1)
}

// merge adds h's root statistics, move by move, to e's root. Both roots
// have the same children (the same position, candidates and priors), but
// the order may differ once a reused tree is involved, so moves are
// matched by hole.
func (e *engine) merge(h *engine) {
	if len(h.nodes) == 0 || len(e.nodes) == 0 {
		return
	}
	root, hroot := &e.nodes[0], &h.nodes[0]
	at := make(map[int32]int32, root.nchild)
	for j := root.child; j < root.child+root.nchild; j++ {
		at[e.nodes[j].move] = j
	}
	for j := hroot.child; j < hroot.child+hroot.nchild; j++ {
		src := &h.nodes[j]
		i, ok := at[src.move]
		if !ok {
			continue
		}
		dst := &e.nodes[i]
		dst.n += src.n
		dst.w += src.w
		dst.rn += src.rn
		dst.rw += src.rw
		dst.visits += src.visits
		if dst.proven == 0 {
			dst.proven = src.proven // a proof found by one search holds for all
		}
	}
	root.visits += hroot.visits
	if root.proven == 0 {
		root.proven = hroot.proven
	}
	e.playouts += h.playouts
}
