package storage

import (
	"context"
	"testing"
)

func TestPing(t *testing.T) {
	s, _ := openTest(t)
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("ping an open store: %v", err)
	}
	s.Close()
	if err := s.Ping(context.Background()); err == nil {
		t.Error("ping of a closed store succeeded")
	}
}
