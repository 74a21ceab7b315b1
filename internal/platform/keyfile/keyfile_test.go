package keyfile

import (
	"bytes"
	"crypto/rand"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Instances starting at once on one empty directory all end with the key
// that is on disk: one of theirs, the same for all.
func TestInstancesStartingAtOnceAgreeOnOneKey(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "keys", "field.key")
	const n = 16
	keys := make([][]byte, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			k, err := LoadOrCreate(path, func() ([]byte, error) {
				b := make([]byte, 64)
				_, err := rand.Read(b)
				return b, err
			})
			if err != nil {
				t.Error(err)
			}
			keys[i] = k
		})
	}
	close(start)
	wg.Wait()
	onDisk, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		if !bytes.Equal(k, onDisk) {
			t.Fatalf("instance %d runs with a key that is not the one on disk", i)
		}
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v, want 0600", info.Mode().Perm())
	}
	left, _ := os.ReadDir(filepath.Dir(path))
	if len(left) != 1 {
		t.Fatalf("temporary files left beside the key: %v", left)
	}
}

func TestExistingKeyIsReadNotReplaced(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "field.key")
	if err := os.WriteFile(path, []byte("the installation's key"), 0o600); err != nil {
		t.Fatal(err)
	}
	k, err := LoadOrCreate(path, func() ([]byte, error) {
		t.Fatal("a key was generated although one exists")
		return nil, nil
	})
	if err != nil || string(k) != "the installation's key" {
		t.Fatalf("%q %v", k, err)
	}
}
