package files

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSaveOpenRemove(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := NewStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := s.Save(strings.NewReader("hello"), "txt", 100)
	if err != nil || saved.Size != 5 || len(saved.SHA256) != 64 || !strings.HasSuffix(saved.Name, ".txt") {
		t.Fatalf("%+v %v", saved, err)
	}
	f, err := s.Open(saved.Name)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(f)
	f.Close()
	if string(b) != "hello" {
		t.Fatalf("read %q", b)
	}
	if err := s.Remove(saved.Name); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(saved.Name); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("after remove: %v", err)
	}
}

func TestNamesNeverLeaveTheDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, _ := NewStore(filepath.Join(dir, "files"))
	os.WriteFile(filepath.Join(dir, "secret"), []byte("x"), 0o600) //nolint:errcheck
	for _, name := range []string{"../secret", "/etc/passwd", "..", "ab/../../secret", "0123456789abcdef0123456789abcdef/../x"} {
		if _, err := s.Open(name); err == nil {
			t.Errorf("Open(%q) succeeded", name)
		}
	}
	if _, err := s.Save(strings.NewReader("x"), "../x", 10); err == nil {
		t.Fatal("extension with a path accepted")
	}
}

func TestTooLargeLeavesNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, _ := NewStore(dir)
	if _, err := s.Save(strings.NewReader(strings.Repeat("x", 11)), "txt", 10); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err %v", err)
	}
	var files []string
	filepath.Walk(dir, func(p string, info os.FileInfo, _ error) error { //nolint:errcheck
		if !info.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) != 0 {
		t.Fatalf("left behind: %v", files)
	}
}
