package auth

import (
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRSARoundTripAndPersistence(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
	tok, hash := NewToken()
	if len(tok) < 40 || HashToken(tok) != hash || strings.Contains(hash, tok) {
		t.Fatalf("token %q hash %q", tok, hash)
	}
	tok2, _ := NewToken()
	if tok == tok2 {
		t.Fatal("tokens repeat")
	}
}

// A blind guess (always the same answer, as "0" passed 8.7% of the old
// one-digit sums) must almost never pass: no answer may come up in 1% of
// captchas or more.
func TestCaptchaBlindGuessRarelyPasses(t *testing.T) {
	t.Parallel()
	c := NewCaptcha()
	const draws = 600 // each draw paints a PNG (~1.5 ms); 600 still shows a 1% answer as 6+ hits
	seen := map[string]int{}
	for i := 0; i < draws; i++ {
		img, answer, err := c.Generate()
		if err != nil || !strings.HasPrefix(img, "data:image/png;base64,") || len(answer) != CaptchaLength {
			t.Fatalf("captcha: %v %.40q %q", err, img, answer)
		}
		seen[answer]++
	}
	top, topAnswer := 0, ""
	for a, n := range seen {
		if n > top {
			top, topAnswer = n, a
		}
	}
	if share := float64(top) / draws; share >= 0.01 {
		t.Fatalf("answer %q came up in %.1f%% of %d captchas", topAnswer, share*100, draws)
	}
}

func TestCaptchaAnswerIgnoresCaseAndSpaces(t *testing.T) {
	t.Parallel()
	if !CaptchaMatches(" ab3k ", "AB3K") || CaptchaMatches("AB3", "AB3K") || CaptchaMatches("", "") || CaptchaMatches("x", "") {
		t.Fatal("captcha comparison")
	}
}

// Imported accounts keep a cheap (cost 4) hash of their random initial
// password until they change it. Checked as it is, a wrong password for such
// an account answered in a millisecond against a real one's tens: the speed
// told which accounts were imported and untouched. A low-cost hash is now
// topped up to the configured cost.
func TestLowCostHashCostsAsMuchAsTheConfiguredCost(t *testing.T) {
	t.Parallel()
	h := NewHasher(10)
	cheap, err := (&Hasher{Cost: 4}).Hash("Initial#2026")
	if err != nil {
		t.Fatal(err)
	}
	full, err := h.Hash("Real#20260001")
	if err != nil {
		t.Fatal(err)
	}
	if !h.Check(cheap, "Initial#2026") || h.Check(cheap, "wrong") {
		t.Fatal("a low-cost hash must still check as itself")
	}
	// Each check costs one comparison at the configured cost, the low-cost
	// hash's included (topped up with the dummy); the time is in make bench.
	for _, hash := range []string{cheap, full} {
		before := h.FullComparisons()
		h.Check(hash, "wrong")
		if n := h.FullComparisons() - before; n != 1 {
			t.Errorf("a wrong password against %.7s… made %d full-cost comparisons, want 1", hash, n)
		}
	}
}

// The time of a wrong password against a cost-4 and a cost-10 hash, with the
// hasher at cost 10: the two should be about the same (make bench).
func BenchmarkLowCostHashCheck(b *testing.B) {
	h := NewHasher(10)
	cheap, _ := (&Hasher{Cost: 4}).Hash("Initial#2026")
	full, _ := h.Hash("Real#20260001")
	for name, hash := range map[string]string{"cost4": cheap, "cost10": full} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				h.Check(hash, "wrong")
			}
		})
	}
}

// Instances starting at once on a shared, empty key directory agree on one
// key pair: the one on disk.
func TestRSAKeyCreationIsRaceSafe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const n = 8
	keys := make([]*KeyPair, n)
	errs := make([]error, n)
	var start, wg sync.WaitGroup
	start.Add(1)
	for i := range n {
		wg.Go(func() {
			start.Wait()
			keys[i], errs[i] = LoadOrCreateKeyPair(dir)
		})
	}
	start.Done()
	wg.Wait()
	onDisk, err := LoadOrCreateKeyPair(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("instance %d: %v", i, errs[i])
		}
		if keys[i].PublicKey() != onDisk.PublicKey() {
			t.Fatalf("instance %d runs with a key pair that is not the one on disk", i)
		}
	}
}
