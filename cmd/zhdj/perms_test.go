package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"zhdj/internal/app"
)

// `zhdj perms FILE` (what `make perms` runs) writes exactly the checked-in
// constants, whatever ZHDJ_DB names: it migrates a throwaway database of its own.
func TestPermsCommandWritesTheCheckedInFile(t *testing.T) {
	t.Setenv("ZHDJ_DB", filepath.Join(t.TempDir(), "missing", "never-used.db"))
	out := filepath.Join(t.TempDir(), "permissions.ts")
	if err := perms([]string{out}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(app.PermissionsFile)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("zhdj perms wrote a different %s: run `make perms`", app.PermissionsFile)
	}
	if err := perms([]string{"a", "b"}); err == nil {
		t.Fatal("two files accepted")
	}
}
