package crypto

import (
	"bytes"
	"strings"
	"testing"
)

func TestEncryptDecryptAndKeyPersistence(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c1, err := LoadOrCreate(dir)
	if err != nil {
		t.Fatal(err)
	}
	enc := c1.Encrypt("11010519491231002X")
	if enc == "" || strings.Contains(enc, "1949") {
		t.Fatalf("ciphertext %q", enc)
	}
	if enc == c1.Encrypt("11010519491231002X") {
		t.Fatal("equal plaintexts give equal ciphertexts (nonce reuse)")
	}
	c2, _ := LoadOrCreate(dir)
	if got, err := c2.Decrypt(enc); err != nil || got != "11010519491231002X" {
		t.Fatalf("reloaded key: %q %v", got, err)
	}
	other, _ := LoadOrCreate(t.TempDir())
	if _, err := other.Decrypt(enc); err != ErrCorrupt {
		t.Fatalf("foreign key: %v", err)
	}
	if c1.Encrypt("") != "" {
		t.Fatal("empty value encrypted")
	}
}

func TestBlindIndex(t *testing.T) {
	t.Parallel()
	c, _ := LoadOrCreate(t.TempDir())
	if c.Index("11010519491231002x") != c.Index(" 11010519491231002X ") {
		t.Fatal("index depends on case or spaces")
	}
	if c.Index("13800138000") == c.Index("13800138001") || c.Index("") != "" {
		t.Fatal("index collision or empty index")
	}
	other, _ := LoadOrCreate(t.TempDir())
	if other.Index("13800138000") == c.Index("13800138000") {
		t.Fatal("index does not depend on the key")
	}
}

func TestMasks(t *testing.T) {
	// Not parallel: testing.AllocsPerRun refuses to run beside parallel tests.
	cases := map[string]string{
		MaskIDNumber("11010519491231002X"):              "110105********002X",
		MaskPhone("13800138000"):                        "138****8000",
		MaskPhone("12"):                                 "**",
		MaskPhone("12345"):                              "1***5",
		MaskPhone("1234567"):                            "1*****7",
		MaskPhone("12345678"):                           "123*5678",
		MaskPhone("张三"):                                 "**",
		MaskIDNumber("张三丰王小明李四五六"):                      "张********六",
		MaskIDNumberBytes([]byte("11010519491231002X")): "110105********002X",
		MaskPhoneBytes([]byte("13800138000")):           "138****8000",
		MaskPhoneBytes(nil):                             "",
	}
	for got, want := range cases {
		if got != want {
			t.Errorf("got %s want %s", got, want)
		}
	}
	// An export masks two fields of every row: one allocation each, the result.
	plain := []byte("11010519491231002X")
	if n := testing.AllocsPerRun(100, func() { MaskIDNumberBytes(plain) }); n != 1 {
		t.Errorf("MaskIDNumberBytes: %v allocations", n)
	}
}

// Opener decrypts what Encrypt made, value after value into its buffers.
func TestOpener(t *testing.T) {
	// Not parallel: testing.AllocsPerRun refuses to run beside parallel tests.
	c, _ := LoadOrCreate(t.TempDir())
	o := c.Opener()
	for _, v := range []string{"13800138000", "", "11010519491231002X", "张三"} {
		got, err := o.Open(c.Encrypt(v))
		if err != nil || string(got) != v {
			t.Fatalf("Open(Encrypt(%q)) = %q, %v", v, got, err)
		}
	}
	if _, err := o.Open("not base64!"); err != ErrCorrupt {
		t.Fatalf("corrupt value: %v", err)
	}
	stored := c.Encrypt("13800138000")
	if n := testing.AllocsPerRun(100, func() { o.Open(stored) }); n != 0 { //nolint:errcheck
		t.Errorf("Open: %v allocations", n)
	}
	// After a rotation to sm (the ring built as Refresh builds it): both
	// formats open, still without allocating.
	sm, err := newDataKey(1, SchemeSM, bytes.Repeat([]byte{7}, dataKeyLen))
	if err != nil {
		t.Fatal(err)
	}
	c.ring.Store(newRing(map[int]*dataKey{0: c.ring.Load().keys[0], 1: sm}, map[int]string{0: StateRetiring, 1: StateActive}))
	fresh := c.Encrypt("13800138000")
	for _, v := range []string{stored, fresh} {
		if got, err := o.Open(v); err != nil || string(got) != "13800138000" {
			t.Fatalf("Open(%q) = %q, %v", v, got, err)
		}
	}
	if !strings.HasPrefix(fresh, "$1$") {
		t.Fatalf("sm value %q", fresh)
	}
	if n := testing.AllocsPerRun(100, func() { o.Open(fresh) }); n != 0 { //nolint:errcheck
		t.Errorf("Open of a prefixed value: %v allocations", n)
	}
	if _, err := o.Open("$9$" + fresh[3:]); err != ErrCorrupt {
		t.Fatalf("unknown key: %v", err)
	}
}

func TestSealKeepsAnUnchangedCiphertext(t *testing.T) {
	t.Parallel()
	c, _ := LoadOrCreate(t.TempDir())
	if enc, idx := c.Seal("", "", "13800138000", "old"); enc != "" || idx != "" {
		t.Fatalf("cleared field: %q %q", enc, idx)
	}
	if enc, idx := c.Seal("13800138000", "13800138000", "13800138000", "old"); enc != "old" || idx != c.Index("13800138000") {
		t.Fatalf("unchanged field: %q %q", enc, idx)
	}
	enc, idx := c.Seal("110105491231002", "11010519491231002X", "13800138000", "old")
	if got, _ := c.Decrypt(enc); got != "110105491231002" || idx != c.Index("11010519491231002X") {
		t.Fatalf("changed field: %q %q", got, idx)
	}
}

// A derived key is stable for a purpose and an installation, and differs
// between purposes and installations.
func TestDerive(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c1, _ := LoadOrCreate(dir)
	c2, _ := LoadOrCreate(dir)
	other, _ := LoadOrCreate(t.TempDir())
	a := string(c1.Derive("orglife.sign"))
	if len(a) != 32 || a != string(c2.Derive("orglife.sign")) {
		t.Fatal("not stable across loads of one key")
	}
	if a == string(c1.Derive("other")) || a == string(other.Derive("orglife.sign")) {
		t.Fatal("shared between purposes or installations")
	}
}
