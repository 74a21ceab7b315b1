package main

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"zhdj/internal/demo"
	"zhdj/internal/platform/db"
)

// zhdj seed --demo fills an empty database once; a second run refuses, and
// with --if-empty quietly leaves the data alone (what `make run` does).
func TestSeedCommand(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "zhdj.db")
	t.Setenv("ZHDJ_DB", dbPath)
	t.Setenv("ZHDJ_DATA_DIR", dir)
	if err := seed([]string{"--members", "300"}); err == nil {
		t.Fatal("seed without --demo ran")
	}
	if err := seed([]string{"--demo", "--members", "12"}); err == nil {
		t.Fatal("12 members accepted")
	}
	if err := seed([]string{"--demo", "--members", "300", "--seed", "5"}); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		database, err := db.Open(context.Background(), dbPath)
		if err != nil {
			t.Fatal(err)
		}
		defer database.Close()
		n, err := database.NewSelect().Table("dyjbxx").Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return int(n)
	}
	if n := count(); n != 300 {
		t.Fatalf("%d members seeded", n)
	}
	if err := seed([]string{"--demo", "--members", "300"}); !errors.Is(err, demo.ErrNotEmpty) {
		t.Fatalf("second seed: %v", err)
	}
	if err := seed([]string{"--demo", "--if-empty"}); err != nil {
		t.Fatalf("--if-empty on a seeded database: %v", err)
	}
	if n := count(); n != 300 {
		t.Fatalf("%d members after the refused runs", n)
	}
}
