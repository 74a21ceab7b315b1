// Package chain makes an append-only log tamper-evident: every entry keeps
// a chain value, a keyed MAC of the previous entry's value and of the
// entry's canonical encoding, so an entry changed, removed, inserted or
// moved breaks the chain from there on. The MAC is keyed (the audit key in
// the keys directory): someone who can only write the database cannot
// compute the values a forged entry would need.
package chain

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"os"
	"path/filepath"

	"github.com/emmansun/gmsm/sm3"

	"zhdj/internal/platform/keyfile"
)

// AlgHMACSHA256 is the chain's default MAC: HMAC-SHA256. The name is stored
// with every entry, so entries of another algorithm (AlgHMACSM3) join the
// same chain and each verifies by its own.
const AlgHMACSHA256 = "hmac-sha256"

// AlgHMACSM3 is the 国密 choice: HMAC over SM3 (GB/T 32905), for an
// installation whose setting cryptoSuite is gm. Rows of either algorithm
// verify in one chain: each names its own.
const AlgHMACSM3 = "hmac-sm3"

// KeyFile is the audit key's file in the keys directory.
const KeyFile = "audit.key"

const keySize = 32

// Key is the installation's audit key.
type Key struct {
	secret []byte
}

// LoadOrCreate reads dir/audit.key, generating it on first start. Several
// instances may start at once on a shared keys directory: each writes its
// candidate to a file of its own and links it into place, which fails for
// all but the first (link never replaces), and those read the winner's key,
// so every instance chains with the same key.
func LoadOrCreate(dir string) (*Key, error) {
	path := filepath.Join(dir, KeyFile)
	// keyfile: instances starting at once on a shared data directory end
	// with one key (the loser of the race reads the winner's).
	secret, err := keyfile.LoadOrCreate(path, func() ([]byte, error) {
		secret := make([]byte, keySize)
		_, err := rand.Read(secret)
		return secret, err
	})
	if err != nil {
		return nil, fmt.Errorf("audit key: %w", err)
	}
	return NewKey(secret)
}

// Load reads dir/audit.key and fails when there is none: a check must not
// make a new key (nothing would verify with it).
func Load(dir string) (*Key, error) {
	secret, err := os.ReadFile(filepath.Join(dir, KeyFile))
	if err != nil {
		return nil, fmt.Errorf("audit key: %w", err)
	}
	return NewKey(secret)
}

// NewKey makes a key of secret (32 bytes).
func NewKey(secret []byte) (*Key, error) {
	if len(secret) != keySize {
		return nil, fmt.Errorf("audit key: want %d bytes, have %d", keySize, len(secret))
	}
	return &Key{secret: append([]byte(nil), secret...)}, nil
}

// Alg is the algorithm new entries are chained with when nothing chooses
// another.
func (k *Key) Alg() string { return AlgHMACSHA256 }

// ErrAlg means an entry names an algorithm this build does not know.
var ErrAlg = errors.New("unknown chain algorithm")

// Link is the chain value of an entry: the MAC (hex) by alg of the
// previous entry's value prev and the entry's canonical encoding.
func (k *Key) Link(alg, prev string, entry *Encoder) (string, error) {
	m, err := k.mac(alg)
	if err != nil {
		return "", err
	}
	var e Encoder
	e.String("zhdj.audit.link.v1").String(prev)
	m.Write(e.Bytes())
	m.Write(entry.Bytes())
	return hex.EncodeToString(m.Sum(nil)), nil
}

// Sign is a MAC (hex) of parts, for the records kept beside a chain (its
// head, the point a purge cut it at): a domain apart from Link's, so a
// signature never passes for an entry's value.
func (k *Key) Sign(parts *Encoder) string {
	m, _ := k.mac(AlgHMACSHA256)
	var e Encoder
	e.String("zhdj.audit.sign.v1")
	m.Write(e.Bytes())
	m.Write(parts.Bytes())
	return hex.EncodeToString(m.Sum(nil))
}

// Check tells whether sig is Sign(parts), in constant time.
func (k *Key) Check(sig string, parts *Encoder) bool {
	return hmac.Equal([]byte(sig), []byte(k.Sign(parts)))
}

func (k *Key) mac(alg string) (hash.Hash, error) {
	switch alg {
	case AlgHMACSHA256:
		return hmac.New(sha256.New, k.secret), nil
	case AlgHMACSM3:
		return hmac.New(sm3.New, k.secret), nil
	}
	return nil, fmt.Errorf("%w: %q", ErrAlg, alg)
}

type keyCtx struct{}

// WithKey carries k to the migrations run with ctx (one that chains the
// rows already written needs it).
func WithKey(ctx context.Context, k *Key) context.Context { return context.WithValue(ctx, keyCtx{}, k) }

// KeyFrom is the key WithKey put on ctx, nil when there is none.
func KeyFrom(ctx context.Context) *Key {
	k, _ := ctx.Value(keyCtx{}).(*Key)
	return k
}
