package storage

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// TestBackupRestore backs up a database while moves are being committed,
// restores the backup as the database, and checks that every move
// acknowledged before the backup began is in it and every game replays.
func TestBackupRestore(t *testing.T) {
	boltOnly(t)
	s, path := openTest(t)
	var games []GameID
	for i := 0; i < 6; i++ {
		games = append(games, create(t, s, newGame(Active)).ID)
	}
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 30; i++ {
		play(t, s, games[i%len(games)], r)
	}
	before := map[GameID]int{}
	for _, id := range games {
		g, _ := s.Get(ctx, id)
		before[id] = len(g.Log)
	}

	// Writers keep going during the backup.
	var stop atomic.Bool
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 2))
			for !stop.Load() {
				id := games[r.IntN(len(games))]
				g, pos, err := s.Load(ctx, id)
				if err != nil || g.State != Active {
					continue
				}
				seat, _ := pos.ToMove()
				s.AppendMove(ctx, id, len(g.Log), seat, randomMove(pos, r), nil)
			}
		}()
	}
	backup := filepath.Join(t.TempDir(), "backup.db")
	n, err := s.BackupFile(ctx, backup)
	stop.Store(true)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(backup); err != nil || st.Size() != n {
		t.Fatalf("backup file: %v, %d bytes written", err, n)
	}
	var buf bytes.Buffer
	if m, err := s.Backup(ctx, &buf); err != nil || m != int64(buf.Len()) {
		t.Fatalf("backup to a buffer: %d bytes, %v", m, err)
	}
	if _, err := s.BackupFile(ctx, path); err == nil {
		t.Error("a backup over the database itself was allowed")
	}
	s.Close()

	// Restore: the backup takes the database's place.
	copyFile(t, backup, path)
	restored, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	mustCheck(t, restored)
	for _, id := range games {
		g, _, err := restored.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Log) < before[id] {
			t.Errorf("game %s: %d moves in the backup, %d acknowledged before it", id, len(g.Log), before[id])
		}
	}
	// The restored database takes new moves.
	play(t, restored, games[0], r)
}

func TestBackupFileRefusesBadTarget(t *testing.T) {
	boltOnly(t)
	s, _ := openTest(t)
	missingDir := filepath.Join(t.TempDir(), "no", "such", "dir", "b.db")
	if _, err := s.BackupFile(ctx, missingDir); err == nil || errors.Is(err, ErrCorrupt) {
		t.Errorf("backup into a missing directory: %v", err)
	}
}
