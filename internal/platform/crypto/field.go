// Package crypto protects personal fields at rest (ID numbers, phones): the
// value is stored AES-256-GCM encrypted, next to a keyed blind index (HMAC)
// so that exact-match search still works without decrypting every row.
package crypto

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"zhdj/internal/platform/keyfile"
)

// FieldCipher encrypts and indexes personal fields with one installation key.
type FieldCipher struct {
	aead        cipher.AEAD
	macKey      []byte
	fingerprint string
}

const keyFile = "field.key"

// LoadOrCreate reads dir/field.key (64 random bytes: 32 for AES, 32 for the
// index MAC), generating it on first start. Losing the key loses the data:
// `zhdj backup --keys` writes it to a place of its own (docs/backup.md).
func LoadOrCreate(dir string) (*FieldCipher, error) {
	path := filepath.Join(dir, keyFile)
	// keyfile: instances starting at once on a shared data directory end
	// with one key (the loser of the race reads the winner's).
	key, err := keyfile.LoadOrCreate(path, func() ([]byte, error) {
		key := make([]byte, 64)
		_, err := rand.Read(key)
		return key, err
	})
	if err != nil {
		return nil, err
	}
	return FromKey(key, path)
}

// Load reads dir/field.key and never creates one (a backup of a data
// directory without its key must fail, not invent a key).
func Load(dir string) (*FieldCipher, error) {
	path := filepath.Join(dir, keyFile)
	key, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return FromKey(key, path)
}

// FromKey builds a cipher from the contents of a field.key file (named
// where for the error).
func FromKey(key []byte, where string) (*FieldCipher, error) {
	if len(key) != 64 {
		return nil, fmt.Errorf("%s: want 64 bytes, have %d", where, len(key))
	}
	return New(key)
}

// New builds a cipher from a 64-byte key.
func New(key []byte) (*FieldCipher, error) {
	block, err := aes.NewCipher(key[:32])
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &FieldCipher{aead: aead, macKey: append([]byte(nil), key[32:]...), fingerprint: fingerprint(key)}, nil
}

// fingerprintLabel is what the fingerprint MACs: a fixed text, versioned so
// that a later scheme cannot be mistaken for this one.
const fingerprintLabel = "zhdj field key fingerprint v1"

// fingerprint names key without revealing it: HMAC-SHA256 of a fixed label
// under the whole key (both halves, so a key differing in either is told
// apart). It is stored in the database and in backups' manifests, so it is
// neither the key nor a plain hash of it, which would be a second name for
// the key's bytes usable anywhere else.
func fingerprint(key []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(fingerprintLabel))
	return hex.EncodeToString(m.Sum(nil))
}

// Fingerprint names the installation key: equal keys give equal
// fingerprints; the key cannot be recovered from it.
func (c *FieldCipher) Fingerprint() string { return c.fingerprint }

// KeyFile is the name of the field key in the keys directory.
const KeyFile = keyFile

// Encrypt returns base64(nonce|ciphertext); "" stays "".
func (c *FieldCipher) Encrypt(plain string) string {
	if plain == "" {
		return ""
	}
	nonce := make([]byte, c.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	return base64.StdEncoding.EncodeToString(c.aead.Seal(nonce, nonce, []byte(plain), nil))
}

// ErrCorrupt means a stored value was not made by this key.
var ErrCorrupt = errors.New("encrypted field cannot be decrypted with this installation's key")

// Decrypt reverses Encrypt.
func (c *FieldCipher) Decrypt(stored string) (string, error) {
	if stored == "" {
		return "", nil
	}
	raw, err := base64.StdEncoding.DecodeString(stored)
	if err != nil || len(raw) < c.aead.NonceSize() {
		return "", ErrCorrupt
	}
	n := c.aead.NonceSize()
	plain, err := c.aead.Open(nil, raw[:n], raw[n:], nil)
	if err != nil {
		return "", ErrCorrupt
	}
	return string(plain), nil
}

// Opener decrypts one value after another into the same buffers (an
// export's rows): no allocation per value. Not for concurrent use; each
// value returned is valid until the next Open.
type Opener struct {
	c          *FieldCipher
	raw, plain []byte
}

// Opener returns an Opener of c.
func (c *FieldCipher) Opener() *Opener { return &Opener{c: c} }

// Open is Decrypt into the Opener's buffer.
func (o *Opener) Open(stored string) ([]byte, error) {
	if stored == "" {
		return nil, nil
	}
	need := base64.StdEncoding.DecodedLen(len(stored))
	if cap(o.raw) < need {
		o.raw = make([]byte, need)
	}
	n, err := base64.StdEncoding.Decode(o.raw[:need], []byte(stored))
	ns := o.c.aead.NonceSize()
	if err != nil || n < ns {
		return nil, ErrCorrupt
	}
	raw := o.raw[:n]
	o.plain, err = o.c.aead.Open(o.plain[:0], raw[:ns], raw[ns:], nil)
	if err != nil {
		return nil, ErrCorrupt
	}
	return o.plain, nil
}

// Index is the blind index of a value: equal inputs (case- and space-
// insensitive) give equal indexes; the index reveals nothing without the key.
func (c *FieldCipher) Index(plain string) string {
	plain = strings.ToUpper(strings.TrimSpace(plain))
	if plain == "" {
		return ""
	}
	m := hmac.New(sha256.New, c.macKey)
	m.Write([]byte(plain))
	return hex.EncodeToString(m.Sum(nil))[:40]
}

// Derive is a key for another purpose (signing the links a module hands
// out) drawn from the installation key: HMAC-SHA256 of the purpose under the
// index key, so each purpose has its own key, none of them reveals the index
// key, and like it they live in field.key, never in code.
func (c *FieldCipher) Derive(purpose string) []byte {
	m := hmac.New(sha256.New, c.macKey)
	m.Write([]byte("zhdj derived key: " + purpose))
	return m.Sum(nil)
}

// Seal is the stored pair of a personal field: the ciphertext of plain and
// the blind index of its canonical form, both "" when there is no value.
// Encrypt is randomised, so a value equal to the record's current one
// (curPlain, stored as curEnc) keeps curEnc: an unchanged field leaves the
// row as it was.
func (c *FieldCipher) Seal(plain, canonical, curPlain, curEnc string) (enc, idx string) {
	switch {
	case plain == "":
		return "", ""
	case plain == curPlain:
		return curEnc, c.Index(canonical)
	}
	return c.Encrypt(plain), c.Index(canonical)
}

// MaskIDNumber shows the region code and the last four characters:
// 110101********123X.
func MaskIDNumber(v string) string { return maskMiddle(v, 6, 4) }

// MaskIDNumberBytes is MaskIDNumber of a decrypted value (Opener's).
func MaskIDNumberBytes(v []byte) string { return maskMiddle(v, 6, 4) }

// MaskPhoneBytes is MaskPhone of a decrypted value (Opener's).
func MaskPhoneBytes(v []byte) string { return maskMiddle(v, 3, 4) }

// MaskPhone shows the first three and last four digits: 138****8000.
func MaskPhone(v string) string { return maskMiddle(v, 3, 4) }

// maskMiddle keeps the first head and last tail characters of v and stars
// the rest; a value too short for that keeps its first and last character
// (two or fewer: all stars). One allocation, the result: an export masks
// two fields of every row.
func maskMiddle[S ~string | ~[]byte](v S, head, tail int) string {
	n := utf8.RuneCount([]byte(v))
	if n <= head+tail {
		head, tail = 1, 1
		if n <= 2 {
			head, tail = 0, 0
		}
	}
	var b strings.Builder
	b.Grow(len(v))
	i := 0
	for j := 0; j < len(v); i++ {
		r, size := utf8.DecodeRune([]byte(v[j:]))
		if i < head || i >= n-tail {
			b.WriteRune(r)
		} else {
			b.WriteByte('*')
		}
		j += size
	}
	return b.String()
}

type cipherKey struct{}

// WithCipher carries c to the migrations run with ctx: a migration that
// moves a plaintext column into an encrypted one needs the installation's
// key, which the migration API does not otherwise pass.
func WithCipher(ctx context.Context, c *FieldCipher) context.Context {
	return context.WithValue(ctx, cipherKey{}, c)
}

// CipherFrom is the cipher WithCipher put on ctx, nil when there is none.
func CipherFrom(ctx context.Context) *FieldCipher {
	c, _ := ctx.Value(cipherKey{}).(*FieldCipher)
	return c
}
