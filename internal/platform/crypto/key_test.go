package crypto

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Instances starting at once on a shared, empty data directory end with
// one key: every LoadOrCreate returns the key on disk (with a rename, the
// last writer won while the others kept encrypting with keys no longer
// anywhere).
func TestLoadOrCreateIsRaceSafe(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "keys")
	const n = 32
	prints := make([]string, n)
	errs := make([]error, n)
	var start, wg sync.WaitGroup
	start.Add(1)
	for i := range n {
		wg.Go(func() {
			start.Wait()
			c, err := LoadOrCreate(dir)
			errs[i] = err
			if err == nil {
				prints[i] = c.Fingerprint()
			}
		})
	}
	start.Done()
	wg.Wait()
	onDisk, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("instance %d: %v", i, errs[i])
		}
		if prints[i] != onDisk.Fingerprint() {
			t.Fatalf("instance %d runs with a key that is not the one on disk", i)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != KeyFile {
		t.Fatalf("the key directory holds %d entries (%s…): temporary files left", len(entries), entries[0].Name())
	}
	if info, _ := entries[0].Info(); info.Mode().Perm() != 0o600 {
		t.Fatalf("field.key mode %v", info.Mode().Perm())
	}
}

// The fingerprint tells keys apart (either half) and reveals neither the
// key nor its plain hash.
func TestFingerprint(t *testing.T) {
	t.Parallel()
	key := bytes.Repeat([]byte{7}, 64)
	a, _ := New(key)
	same, _ := New(bytes.Clone(key))
	if a.Fingerprint() != same.Fingerprint() || len(a.Fingerprint()) != 64 {
		t.Fatalf("fingerprints of one key: %q %q", a.Fingerprint(), same.Fingerprint())
	}
	for _, i := range []int{0, 63} {
		other := bytes.Clone(key)
		other[i] ^= 1
		c, _ := New(other)
		if c.Fingerprint() == a.Fingerprint() {
			t.Fatalf("a key differing in byte %d has the same fingerprint", i)
		}
	}
	sum := sha256.Sum256(key)
	if fp := a.Fingerprint(); fp == hex.EncodeToString(sum[:]) || strings.Contains(fp, hex.EncodeToString(key[:8])) {
		t.Fatal("the fingerprint is the key or its plain hash")
	}
}
