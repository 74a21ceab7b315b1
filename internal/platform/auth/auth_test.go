package auth

import (
	"strings"
	"testing"
	"time"
)

func TestRSARoundTripAndPersistence(t *testing.T) {
	dir := t.TempDir()
	k1, err := LoadOrCreateKeyPair(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := k1.Decrypt(k1.Encrypt("密码Pa$$w0rd"))
	if err != nil || got != "密码Pa$$w0rd" {
		t.Fatalf("round trip: %q %v", got, err)
	}
	k2, err := LoadOrCreateKeyPair(dir) // second start reads the same key
	if err != nil {
		t.Fatal(err)
	}
	if k1.PublicKey() != k2.PublicKey() {
		t.Fatal("key pair not persisted")
	}
	if _, err := k2.Decrypt(k1.Encrypt("x")); err != nil {
		t.Fatal("reloaded key cannot decrypt")
	}
	for _, bad := range []string{"", "not base64!", "aGVsbG8="} {
		if _, err := k1.Decrypt(bad); err != ErrBadCiphertext {
			t.Errorf("Decrypt(%q) = %v, want ErrBadCiphertext", bad, err)
		}
	}
	other, _ := LoadOrCreateKeyPair(t.TempDir())
	if _, err := k1.Decrypt(other.Encrypt("x")); err == nil {
		t.Fatal("a ciphertext of another key was accepted")
	}
}

func TestPasswordPolicyUsesJavaScriptPatterns(t *testing.T) {
	const reg = `^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d\s]).{8,32}$`
	cases := map[string]bool{"abc": false, "abcdefgh": false, "abcdefg1": false, "abcdef1!": true, "ABCDEF1@x": true, "12345678!": false}
	for pw, want := range cases {
		got, err := MatchPolicy(reg, pw)
		if err != nil || got != want {
			t.Errorf("MatchPolicy(%q) = %v %v, want %v", pw, got, err, want)
		}
	}
	if _, err := MatchPolicy("(", "x"); err != ErrBadPolicy {
		t.Fatalf("bad pattern: %v", err)
	}
	// A catastrophic pattern is cut off by the match timeout instead of
	// hanging the request.
	start := time.Now()
	MatchPolicy(`^(a+)+$`, strings.Repeat("a", 40)+"!") //nolint:errcheck
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("pathological pattern ran %v", d)
	}
}

func TestRandomPasswordMeetsDefaultPolicy(t *testing.T) {
	const reg = `^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d\s]).{8,32}$`
	seen := map[string]bool{}
	for i := 0; i < 50; i++ {
		p := RandomPassword(12)
		if ok, _ := MatchPolicy(reg, p); !ok || len(p) != 12 {
			t.Fatalf("%q does not meet the policy", p)
		}
		if seen[p] {
			t.Fatal("repeated password")
		}
		seen[p] = true
	}
}

func TestTokenHashing(t *testing.T) {
	tok, hash := NewToken()
	if len(tok) < 40 || HashToken(tok) != hash || strings.Contains(hash, tok) {
		t.Fatalf("token %q hash %q", tok, hash)
	}
	tok2, _ := NewToken()
	if tok == tok2 {
		t.Fatal("tokens repeat")
	}
}

func TestCaptchaDrawsAnArithmeticImage(t *testing.T) {
	img, answer, err := NewCaptcha().Generate()
	if err != nil || !strings.HasPrefix(img, "data:image/png;base64,") || answer == "" {
		t.Fatalf("captcha: %v %.40q %q", err, img, answer)
	}
}
