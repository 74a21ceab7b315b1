// Package crypto protects personal fields at rest (ID numbers, phones): the
// value is stored encrypted (AES-256-GCM, or SM4-GCM with the 国密 option),
// next to a keyed blind index (HMAC-SHA256, or HMAC-SM3) so that exact-match
// search still works without decrypting every row.
package crypto

import (
	"context"
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
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/keyfile"
)

// FieldCipher encrypts and indexes personal fields with a keyring: the
// installation key (field.key) is the master key; the data keys live in the
// database (sys_field_key) wrapped under it, so that every instance sharing
// the database sees a rotation without copying files. Values are written
// with the active data key and read with any key of the ring. Safe for
// concurrent use: the ring is an immutable value swapped atomically.
type FieldCipher struct {
	master      []byte
	derive      []byte
	fingerprint string
	ring        atomic.Pointer[ring]
	// refresh serialises Refresh; src is the database it reads (Attach).
	refresh sync.Mutex
	src     atomic.Pointer[source]
}

type source struct{ idb bun.IDB }

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

// New builds a cipher from a 64-byte master key. Its ring holds key 0 only
// (the master key used directly, as before data keys existed) until Refresh
// reads the database's keys.
func New(key []byte) (*FieldCipher, error) {
	legacy, err := newDataKey(0, SchemeAES, key)
	if err != nil {
		return nil, err
	}
	c := &FieldCipher{master: append([]byte(nil), key...), derive: append([]byte(nil), key[32:]...), fingerprint: fingerprint(key)}
	c.ring.Store(newRing(map[int]*dataKey{0: legacy}, map[int]string{0: StateActive}))
	return c, nil
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

// Fingerprint names the installation (master) key: equal keys give equal
// fingerprints; the key cannot be recovered from it. Rotating data keys
// does not change it.
func (c *FieldCipher) Fingerprint() string { return c.fingerprint }

// KeyFile is the name of the field key in the keys directory.
const KeyFile = keyFile

// Encrypt returns the value encrypted with the active key: base64(nonce|
// ciphertext), after "$<id>$" unless the active key is key 0; "" stays "".
func (c *FieldCipher) Encrypt(plain string) string {
	if plain == "" {
		return ""
	}
	k := c.ring.Load().active
	nonce := make([]byte, k.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	return k.prefix + base64.StdEncoding.EncodeToString(k.aead.Seal(nonce, nonce, []byte(plain), nil))
}

// ErrCorrupt means a stored value was not made by this key.
var ErrCorrupt = errors.New("encrypted field cannot be decrypted with this installation's key")

// keyOf is the key stored was made with. A key id the ring does not know
// yet (another instance rotated a moment ago) makes it re-read the database
// once before giving up.
func (c *FieldCipher) keyOf(stored string) (*dataKey, string, error) {
	id, body, ok := splitStored(stored)
	if !ok {
		return nil, "", ErrCorrupt
	}
	if k := c.ring.Load().keys[id]; k != nil {
		return k, body, nil
	}
	if src := c.src.Load(); src != nil && id > c.ring.Load().maxID {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := c.Refresh(ctx, src.idb); err == nil {
			if k := c.ring.Load().keys[id]; k != nil {
				return k, body, nil
			}
		}
	}
	return nil, "", ErrCorrupt
}

// Decrypt reverses Encrypt, with whichever key of the ring made the value.
func (c *FieldCipher) Decrypt(stored string) (string, error) {
	if stored == "" {
		return "", nil
	}
	k, body, err := c.keyOf(stored)
	if err != nil {
		return "", err
	}
	raw, err := base64.StdEncoding.DecodeString(body)
	n := k.aead.NonceSize()
	if err != nil || len(raw) < n {
		return "", ErrCorrupt
	}
	plain, err := k.aead.Open(nil, raw[:n], raw[n:], nil)
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
	k, body, err := o.c.keyOf(stored)
	if err != nil {
		return nil, err
	}
	need := base64.StdEncoding.DecodedLen(len(body))
	if cap(o.raw) < need {
		o.raw = make([]byte, need)
	}
	n, err := base64.StdEncoding.Decode(o.raw[:need], []byte(body))
	ns := k.aead.NonceSize()
	if err != nil || n < ns {
		return nil, ErrCorrupt
	}
	raw := o.raw[:n]
	o.plain, err = k.aead.Open(o.plain[:0], raw[:ns], raw[ns:], nil)
	if err != nil {
		return nil, ErrCorrupt
	}
	return o.plain, nil
}

// Index is the blind index of a value under the active key, what a write
// stores: equal inputs (case- and space-insensitive) give equal indexes;
// the index reveals nothing without the key.
func (c *FieldCipher) Index(plain string) string {
	return c.ring.Load().active.index(plain)
}

// Indexes are the blind indexes of a value under every key rows may still
// be indexed with (the active one first, then those a re-encryption has
// not finished moving away from): what an exact-match search compares with,
// `idx IN (?)`. A value with no index gives [""], like Index.
func (c *FieldCipher) Indexes(plain string) []string {
	r := c.ring.Load()
	out := make([]string, 0, len(r.search))
	for _, k := range r.search {
		out = append(out, k.index(plain))
		if out[0] == "" {
			break
		}
	}
	return out
}

// Derive is a key for another purpose (signing the links a module hands
// out) drawn from the installation key: HMAC-SHA256 of the purpose under the
// index key, so each purpose has its own key, none of them reveals the index
// key, and like it they live in field.key, never in code. Data-key rotation
// leaves it alone: links handed out stay valid.
func (c *FieldCipher) Derive(purpose string) []byte {
	m := hmac.New(sha256.New, c.derive)
	m.Write([]byte("zhdj derived key: " + purpose))
	return m.Sum(nil)
}

// Seal is the stored pair of a personal field: the ciphertext of plain and
// the blind index of its canonical form, both "" when there is no value.
// Encrypt is randomised, so a value equal to the record's current one
// (curPlain, stored as curEnc) keeps curEnc when the active key made it: an
// unchanged field leaves the row as it was, and a field made by an older
// key moves to the active one.
func (c *FieldCipher) Seal(plain, canonical, curPlain, curEnc string) (enc, idx string) {
	switch {
	case plain == "":
		return "", ""
	case plain == curPlain && c.IsCurrent(curEnc):
		return curEnc, c.Index(canonical)
	}
	return c.Encrypt(plain), c.Index(canonical)
}

// IsCurrent reports whether stored was made by the active key.
func (c *FieldCipher) IsCurrent(stored string) bool {
	id, _, ok := splitStored(stored)
	return ok && id == c.ring.Load().active.id
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
