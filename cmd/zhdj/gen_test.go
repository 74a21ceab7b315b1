package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"zhdj/internal/app"
)

// `zhdj gen ROOT` (what `make gen` runs from the root) writes exactly the
// checked-in permission constants and vocabulary files.
func TestGenCommandWritesTheCheckedInFiles(t *testing.T) {
	t.Setenv("ZHDJ_DB", filepath.Join(t.TempDir(), "missing", "never-used.db"))
	root := t.TempDir()
	if err := gen([]string{root}); err != nil {
		t.Fatal(err)
	}
	files, err := app.Vocabulary()
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{app.PermissionsFile}
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	for _, p := range paths {
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("zhdj gen wrote a different %s: run %s", p, app.GenCommand)
		}
	}
	if err := gen([]string{"a", "b"}); err == nil {
		t.Fatal("two roots accepted")
	}
}
