package storage

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestLeaderOneAtATime: of two processes campaigning, one leads; when it
// closes its election the other leads at once; when a leader's process
// dies (its client gone, its lease left to expire) the other leads after
// the lease's TTL.
func TestLeaderOneAtATime(t *testing.T) {
	a, b := openEtcdPair(t)
	la, err := a.NewLeader("a", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	lb, err := b.NewLeader("b", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer lb.Close()
	leadA, err := la.Campaign(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan context.Context, 1)
	go func() {
		lead, err := lb.Campaign(ctx)
		if err != nil {
			t.Error(err)
		}
		got <- lead
	}()
	// b waits while a leads: ask a second campaign of a, which shares
	// the lead, and check b has not been given it meanwhile.
	if again, err := la.Campaign(ctx); err != nil || again.Err() != nil {
		t.Fatalf("a's second campaign: %v", err)
	}
	select {
	case <-got:
		t.Fatal("b leads while a does")
	default:
	}
	if !la.IsLeader() || lb.IsLeader() {
		t.Fatalf("a leads %v, b leads %v", la.IsLeader(), lb.IsLeader())
	}
	if err := la.Close(); err != nil {
		t.Fatal(err)
	}
	<-leadA.Done() // a's lead ends with its election
	leadB := <-got
	if leadB.Err() != nil || !lb.IsLeader() {
		t.Fatal("b does not lead after a resigned")
	}

	// A third process campaigns; b's process dies without resigning.
	l2, err := a.NewLeader("a2", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer l2.Close()
	done := make(chan error, 1)
	go func() {
		_, err := l2.Campaign(ctx)
		done <- err
	}()
	b.kv.(*etcdKV).cli.Close() // the process is gone: no keepalives, no resignation
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !l2.IsLeader() {
		t.Fatal("no lead after the leader's lease expired")
	}
}

// TestLeaderOnBolt: a bbolt store has no election.
func TestLeaderOnBolt(t *testing.T) {
	boltOnly(t)
	s, _ := openTest(t)
	if _, err := s.NewLeader("x", 0); !errors.Is(err, ErrNotSupported) {
		t.Fatalf("%v, want ErrNotSupported", err)
	}
}
