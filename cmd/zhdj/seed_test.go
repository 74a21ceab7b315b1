package main

import (
	"errors"
	"testing"

	"zhdj/internal/demo"
)

// zhdj seed --demo fills an empty database once; a second run refuses, and
// with --if-empty quietly leaves the data alone (what `make run` does).
func TestSeedCommand(t *testing.T) {
	_, dbPath := useSQLite(t)
	if err := seed([]string{"--members", "300"}); err == nil {
		t.Fatal("seed without --demo ran")
	}
	if err := seed([]string{"--demo", "--members", "12"}); err == nil {
		t.Fatal("12 members accepted")
	}
	if err := seed([]string{"--demo", "--members", "300", "--seed", "5"}); err != nil {
		t.Fatal(err)
	}
	count := func() int { return countRows(t, dbPath, "dyjbxx") }
	// 300 from the registry, plus those the demo transfers brought in from
	// outside the school (校外转入 completed: a new member record each).
	seeded := count()
	if seeded < 300 || seeded > 320 {
		t.Fatalf("%d members seeded", seeded)
	}
	if err := seed([]string{"--demo", "--members", "300"}); !errors.Is(err, demo.ErrNotEmpty) {
		t.Fatalf("second seed: %v", err)
	}
	if err := seed([]string{"--demo", "--if-empty"}); err != nil {
		t.Fatalf("--if-empty on a seeded database: %v", err)
	}
	if n := count(); n != seeded {
		t.Fatalf("%d members after the refused runs, %d before", n, seeded)
	}
}
