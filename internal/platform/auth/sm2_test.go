package auth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A ciphertext made in Node by sm-crypto-v2 1.15.1, the web's library
// (sm2.doEncrypt(text, publicKey, 1): C1C3C2, hex, no 04 marker), for the
// key pair it generated: the server reads what the browser sends.
const (
	jsPrivate = "5ff4c8a349b38790c7323438611261f5fd295008ca2b62ea5742e7086f448617"
	jsPublic  = "0473681d48b963f27b00c4daf992405af1312be63f42a4c4774acdd7f7a654e4396346e7ca47cd162ffa251dd8b306f724e29b431d298c69db92d6e0700d2cc30d"
	jsCipher  = "d911c88b7f4288ed7b93139c57984b97f17c630402ee8304922aa700de282bd9c54f37447f984b7d48e4107b6d9a60ce48f3a2353fbe67c55f0fb8a54153a0a3e0a4df8e8779a5ff985da5782ae77bd321db5a997a30f1ab3a63209bcb1b7be5fbfa48b53dff1cf99075d65fc94a6f70"
)

func TestSM2ReadsTheBrowsersCiphertext(t *testing.T) {
	t.Parallel()
	k, err := SM2FromHex(jsPrivate)
	if err != nil {
		t.Fatal(err)
	}
	if k.PublicKey() != jsPublic {
		t.Fatalf("public key %s, the library derived %s", k.PublicKey(), jsPublic)
	}
	if got, err := k.Decrypt(jsCipher); err != nil || got != "Admin@123 党建" {
		t.Fatalf("%q %v", got, err)
	}
	// One flipped bit anywhere (C1, C3 or C2) and it is refused.
	for _, at := range []int{1, 130, 200, len(jsCipher) - 1} {
		b := []byte(jsCipher)
		b[at] = map[bool]byte{true: '0', false: '1'}[b[at] != '0']
		if _, err := k.Decrypt(string(b)); err != ErrBadCiphertext {
			t.Errorf("flipped at %d: %v", at, err)
		}
	}
	for _, bad := range []string{"", "zz", jsCipher[:192], "04" + jsCipher} {
		if _, err := k.Decrypt(bad); err != ErrBadCiphertext {
			t.Errorf("%.20q: %v", bad, err)
		}
	}
}

func TestSM2KeyPersistsAndRoundTrips(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	k1, err := LoadOrCreateSM2(dir)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(dir, SM2File))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file %v %v", info, err)
	}
	k2, err := LoadOrCreateSM2(dir)
	if err != nil || k2.PublicKey() != k1.PublicKey() || !strings.HasPrefix(k1.PublicKey(), "04") || len(k1.PublicKey()) != 130 {
		t.Fatalf("reloaded %v", err)
	}
	ct := k1.Encrypt("密码Pass1")
	if got, err := k2.Decrypt(ct); err != nil || got != "密码Pass1" {
		t.Fatalf("%q %v", got, err)
	}
	other, _ := LoadOrCreateSM2(t.TempDir())
	if _, err := other.Decrypt(ct); err != ErrBadCiphertext {
		t.Fatalf("another key: %v", err)
	}
}
