package auth

import (
	"crypto/rand"
	"errors"
	"math/big"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dlclark/regexp2"
	"golang.org/x/crypto/bcrypt"
)

// Hasher hashes passwords with bcrypt at a configured cost. Use one
// *Hasher per service (it keeps the dummy hash).
type Hasher struct {
	Cost int

	dummyOnce sync.Once
	dummy     []byte
	full      atomic.Int64 // comparisons made at the configured cost or above
}

// NewHasher makes a hasher at cost (0 = 12).
func NewHasher(cost int) *Hasher {
	if cost == 0 {
		cost = 12
	}
	return &Hasher{Cost: cost}
}

func (h *Hasher) cost() int {
	if h.Cost == 0 {
		return 12
	}
	return h.Cost
}

// Hash returns the bcrypt hash of plain.
func (h *Hasher) Hash(plain string) (string, error) {
	b, err := bcrypt.GenerateFromPassword([]byte(plain), h.cost())
	return string(b), err
}

// Check compares plain with hash in constant time. A hash made at a lower
// cost than the configured one (the random initial passwords of an import,
// an account from before a cost increase) is topped up with one dummy
// comparison, so that its answer takes as long as any other: the speed of a
// wrong password must not tell such accounts apart.
func (h *Hasher) Check(hash, plain string) bool {
	ok := bcrypt.CompareHashAndPassword([]byte(hash), []byte(plain)) == nil
	if c, err := bcrypt.Cost([]byte(hash)); err != nil || c < h.cost() {
		h.CheckMissing(plain)
	} else {
		h.full.Add(1)
	}
	return ok
}

// FullComparisons is how many comparisons at the configured cost (or above)
// the hasher has made: every answer to a password, right, wrong or for a
// missing account, is to cost exactly one. Tests count it instead of timing
// the machine; `make bench` times the paths.
func (h *Hasher) FullComparisons() int64 { return h.full.Load() }

// CheckMissing spends the time of one comparison at the configured cost and
// always fails, so a missing account takes as long to refuse as a wrong
// password. The dummy hash is made on first use, at the same cost as real ones.
func (h *Hasher) CheckMissing(plain string) {
	h.dummyOnce.Do(func() {
		hash, _ := h.Hash(RandomPassword(16))
		h.dummy = []byte(hash)
	})
	bcrypt.CompareHashAndPassword(h.dummy, []byte(plain)) //nolint:errcheck
	h.full.Add(1)
}

// ErrBadPolicy means the configured passwordReg cannot be compiled.
var ErrBadPolicy = errors.New("invalid password pattern")

// MatchPolicy tells whether plain matches pattern, a JavaScript regular
// expression (the same text the browser checks with), run with a timeout so a
// pathological pattern cannot hang the server.
func MatchPolicy(pattern, plain string) (bool, error) {
	if pattern == "" {
		return true, nil
	}
	re, err := CompilePolicy(pattern)
	if err != nil {
		return false, err
	}
	return re.MatchString(plain)
}

// CompilePolicy compiles a JavaScript-style pattern (lookaheads allowed).
func CompilePolicy(pattern string) (*regexp2.Regexp, error) {
	re, err := regexp2.Compile(pattern, regexp2.ECMAScript)
	if err != nil {
		return nil, ErrBadPolicy
	}
	re.MatchTimeout = 100 * time.Millisecond
	return re, nil
}

// RandomPassword makes a password of n characters with at least one lower,
// upper, digit and symbol, from crypto/rand.
func RandomPassword(n int) string {
	if n < 8 {
		n = 8
	}
	sets := []string{"abcdefghijkmnpqrstuvwxyz", "ABCDEFGHJKLMNPQRSTUVWXYZ", "23456789", "!@#%^*-_+="}
	all := sets[0] + sets[1] + sets[2] + sets[3]
	out := make([]byte, n)
	for i := range out {
		set := all
		if i < len(sets) {
			set = sets[i]
		}
		out[i] = set[randInt(len(set))]
	}
	for i := len(out) - 1; i > 0; i-- { // shuffle so the classes are not in fixed places
		j := randInt(i + 1)
		out[i], out[j] = out[j], out[i]
	}
	return string(out)
}

func randInt(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(err)
	}
	return int(v.Int64())
}
