package chain_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"zhdj/internal/platform/chain"
)

// Instances starting at once on one keys directory end with one key: the
// first link wins and the others read it.
func TestLoadOrCreateAgreesUnderRace(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "keys")
	const n = 20
	keys := make([]*chain.Key, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			keys[i], errs[i] = chain.LoadOrCreate(dir)
		}()
	}
	close(start)
	wg.Wait()
	var e chain.Encoder
	e.String("x")
	want, _ := keys[0].Link(chain.AlgHMACSHA256, "", &e)
	for i := range n {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if got, _ := keys[i].Link(chain.AlgHMACSHA256, "", &e); got != want {
			t.Fatalf("instance %d has another key", i)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 || entries[0].Name() != chain.KeyFile {
		t.Fatalf("keys directory: %v %v", entries, err)
	}
	if info, _ := os.Stat(filepath.Join(dir, chain.KeyFile)); info.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", info.Mode())
	}
	again, err := chain.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := again.Link(chain.AlgHMACSHA256, "", &e); got != want {
		t.Fatal("Load read another key")
	}
	if _, err := again.Link("sm3", "", &e); err == nil {
		t.Fatal("an unknown algorithm was accepted")
	}
}

// Fields are length-prefixed: moving a character from one field to the
// next changes the encoding.
func TestEncodingSeparatesFields(t *testing.T) {
	t.Parallel()
	var a, b chain.Encoder
	a.String("ab").String("c")
	b.String("a").String("bc")
	if bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two field lists encode alike")
	}
	var n1, n2 chain.Encoder
	zero := int64(0)
	n1.OptInt(nil)
	n2.OptInt(&zero)
	if bytes.Equal(n1.Bytes(), n2.Bytes()) {
		t.Fatal("NULL encodes as 0")
	}
}

// The 国密 MAC is a chain algorithm of its own: a row linked with it checks
// with it and never with HMAC-SHA256 (a row names its algorithm).
func TestSM3Links(t *testing.T) {
	t.Parallel()
	k, err := chain.NewKey(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	var e chain.Encoder
	e.String("操作日志").Int(7)
	sm3, err := k.Link(chain.AlgHMACSM3, "prev", &e)
	if err != nil || len(sm3) != 64 {
		t.Fatalf("%q %v", sm3, err)
	}
	again, _ := k.Link(chain.AlgHMACSM3, "prev", &e)
	sha, _ := k.Link(chain.AlgHMACSHA256, "prev", &e)
	if again != sm3 || sha == sm3 {
		t.Fatalf("sm3 %s again %s sha256 %s", sm3, again, sha)
	}
}
