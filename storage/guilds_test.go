package storage

import (
	"context"
	"testing"
)

func TestGuildLocale(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if info, err := s.Guild(ctx, "1"); err != nil || info.Locale != "" {
		t.Fatalf("unknown server = %+v, %v; want nothing", info, err)
	}
	if err := s.SetGuildLocale(ctx, "1", "es-ES"); err != nil {
		t.Fatal(err)
	}
	if info, err := s.Guild(ctx, "1"); err != nil || info.Locale != "es-ES" {
		t.Fatalf("server 1 = %+v, %v; want es-ES", info, err)
	}
	if err := s.SetGuildLocale(ctx, "", "de"); err == nil {
		t.Error("a locale for no server was saved")
	}
}
