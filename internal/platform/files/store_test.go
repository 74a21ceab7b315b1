package files_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"zhdj/internal/platform/files"
	"zhdj/internal/platform/files/s3test"
)

// backends runs test on a store of each kind: every behaviour of the
// store is the same on a local directory and in a bucket.
func backends(t *testing.T, test func(t *testing.T, s *files.Store, staging string)) {
	t.Run("disk", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		s, err := files.NewStore(dir)
		if err != nil {
			t.Fatal(err)
		}
		test(t, s, filepath.Join(dir, ".staging"))
	})
	t.Run("s3", func(t *testing.T) {
		t.Parallel()
		staging := filepath.Join(t.TempDir(), ".staging")
		s, err := files.NewS3Store(context.Background(), s3test.Bucket(t), staging)
		if err != nil {
			t.Fatal(err)
		}
		test(t, s, staging)
	})
}

func TestSaveOpenRemove(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, s *files.Store, _ string) {
		ctx := context.Background()
		saved, err := s.Save(ctx, strings.NewReader("hello"), "txt", 100)
		if err != nil || saved.Size != 5 || len(saved.SHA256) != 64 || !strings.HasSuffix(saved.Name, ".txt") {
			t.Fatalf("%+v %v", saved, err)
		}
		f, err := s.Open(ctx, saved.Name)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(f)
		f.Close()
		if string(b) != "hello" || f.Size() != 5 {
			t.Fatalf("read %q, size %d", b, f.Size())
		}
		if n, sum, err := s.Checksum(ctx, saved.Name); err != nil || n != 5 || sum != saved.SHA256 {
			t.Fatalf("checksum %d %s %v", n, sum, err)
		}
		if err := s.Remove(ctx, saved.Name); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Open(ctx, saved.Name); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("after remove: %v", err)
		}
		if err := s.Remove(ctx, saved.Name); err != nil {
			t.Fatalf("removing a missing file: %v", err)
		}
	})
}

// A video is watched from the middle: reads after a seek return the bytes
// from there on, and a seek back starts again at the new place.
func TestSeekAndRead(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, s *files.Store, _ string) {
		ctx := context.Background()
		body := strings.Repeat("0123456789", 1000)
		saved, err := s.Save(ctx, strings.NewReader(body), "mp4", 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		f, err := s.Open(ctx, saved.Name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if end, err := f.Seek(0, io.SeekEnd); err != nil || end != 10000 {
			t.Fatalf("seek end %d %v", end, err)
		}
		for _, at := range []int64{9995, 1234, 0} {
			if _, err := f.Seek(at, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			got := make([]byte, 5)
			if _, err := io.ReadFull(f, got); err != nil || string(got) != body[at:at+5] {
				t.Fatalf("at %d read %q %v, want %q", at, got, err, body[at:at+5])
			}
		}
		if _, err := f.Seek(10000, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		if n, err := f.Read(make([]byte, 1)); n != 0 || err != io.EOF {
			t.Fatalf("read at the end: %d %v", n, err)
		}
	})
}

func TestNamesNeverLeaveTheStore(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, _ := files.NewStore(filepath.Join(dir, "files"))
	os.WriteFile(filepath.Join(dir, "secret"), []byte("x"), 0o600) //nolint:errcheck
	for _, name := range []string{"../secret", "/etc/passwd", "..", "ab/../../secret", "0123456789abcdef0123456789abcdef/../x"} {
		if _, err := s.Open(context.Background(), name); err == nil {
			t.Errorf("Open(%q) succeeded", name)
		}
		if err := s.Put(context.Background(), name, strings.NewReader("x"), 1,
			"2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"); err == nil {
			t.Errorf("Put(%q) succeeded", name)
		}
	}
	if _, err := s.Save(context.Background(), strings.NewReader("x"), "../x", 10); err == nil {
		t.Fatal("extension with a path accepted")
	}
}

func TestTooLargeLeavesNothing(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, s *files.Store, staging string) {
		ctx := context.Background()
		if _, err := s.Save(ctx, strings.NewReader(strings.Repeat("x", 11)), "txt", 10); !errors.Is(err, files.ErrTooLarge) {
			t.Fatalf("err %v", err)
		}
		// Exactly the limit is allowed.
		if _, err := s.Save(ctx, strings.NewReader(strings.Repeat("x", 10)), "txt", 10); err != nil {
			t.Fatalf("10 bytes of 10: %v", err)
		}
		n := 0
		s.Walk(ctx, func(string, int64) error { n++; return nil }) //nolint:errcheck
		left, _ := os.ReadDir(staging)
		if n != 1 || len(left) != 0 {
			t.Fatalf("stored %d files (want 1), staging holds %d", n, len(left))
		}
	})
}

// Put is how a file moves between stores: a copy that does not match its
// checksum is refused and stores nothing.
func TestPutChecksAndWalkLists(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, s *files.Store, _ string) {
		ctx := context.Background()
		const name = "0123456789abcdef0123456789abcdef.pdf"
		const sum = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824" // "hello"
		if err := s.Put(ctx, name, strings.NewReader("hellO"), 5, sum); err == nil {
			t.Fatal("a damaged copy was stored")
		}
		if err := s.Put(ctx, name, strings.NewReader("hello!"), 5, sum); err == nil {
			t.Fatal("a longer copy was stored")
		}
		if _, err := s.Open(ctx, name); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("a refused copy left %v", err)
		}
		if err := s.Put(ctx, name, strings.NewReader("hello"), 5, sum); err != nil {
			t.Fatal(err)
		}
		saved, _ := s.Save(ctx, strings.NewReader("world"), "", 10)
		var got []string
		if err := s.Walk(ctx, func(n string, size int64) error {
			got = append(got, n)
			if size != 5 {
				t.Errorf("%s size %d", n, size)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		sort.Strings(got)
		want := []string{name, saved.Name}
		sort.Strings(want)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("walk %v, want %v", got, want)
		}
	})
}

func TestS3RefusesAMissingBucket(t *testing.T) {
	t.Parallel()
	cfg := s3test.Bucket(t)
	cfg.Bucket = "nobucket"
	_, err := files.NewS3Store(context.Background(), cfg, filepath.Join(t.TempDir(), ".staging"))
	if err == nil || !strings.Contains(err.Error(), "没有存储桶") {
		t.Fatalf("err %v", err)
	}
}
