package crypto

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"strconv"
	"strings"

	"github.com/emmansun/gmsm/sm3"
	"github.com/emmansun/gmsm/sm4"
)

// The schemes a data key may use. The 国密 option of issue 33 is the
// scheme of the active key: "aes" (the default, what the program always
// used) or "sm" (the Chinese national algorithms, GB/T 32907 SM4 and GB/T
// 32905 SM3). Both are implemented by maintained libraries: Go's own crypto
// for aes, github.com/emmansun/gmsm for sm (pure Go, no cgo, used by
// Alibaba's and Ant's open-source Go projects; no other maintained SM4/SM3
// library for Go was available here).
const (
	SchemeAES = "aes" // AES-256-GCM values, HMAC-SHA256 blind index
	SchemeSM  = "sm"  // SM4-GCM values, HMAC-SM3 blind index
)

// CheckScheme refuses a scheme the program does not know (zhdj keys
// a scheme the settings name: the operator reads the message).
func CheckScheme(s string) error {
	if s != SchemeAES && s != SchemeSM {
		return fmt.Errorf("未知的字段加密方案 %q：应为 %q（默认算法 AES/SHA-256）或 %q（国密 SM4/SM3）", s, SchemeAES, SchemeSM)
	}
	return nil
}

// dataKey is one key of the keyring: what encrypts and indexes the values
// stored under its id. Immutable once built, so rings share them.
type dataKey struct {
	id     int
	scheme string
	aead   cipher.AEAD
	mac    func() hash.Hash
	macKey []byte
	// prefix starts every value stored under the key: "" for key 0 (the
	// values written before keys had ids), "$<id>$" for the others. '$' is
	// not in the base64 alphabet, so a prefixed value is never a legacy one.
	prefix string
}

// dataKeyLen is the length of a data key's material: the first 32 bytes
// are the cipher's (SM4 takes the first 16), the last 32 the index MAC's.
const dataKeyLen = 64

func newDataKey(id int, scheme string, material []byte) (*dataKey, error) {
	if len(material) != dataKeyLen {
		return nil, fmt.Errorf("field key %d: want %d bytes, have %d", id, dataKeyLen, len(material))
	}
	aead, err := newAEAD(scheme, material[:32])
	if err != nil {
		return nil, fmt.Errorf("field key %d: %w", id, err)
	}
	k := &dataKey{id: id, scheme: scheme, aead: aead, mac: macHash(scheme), macKey: append([]byte(nil), material[32:]...)}
	if id != 0 {
		k.prefix = "$" + strconv.Itoa(id) + "$"
	}
	return k, nil
}

// newAEAD is the value cipher of scheme: GCM over AES-256 or over SM4 (SM4
// has 128-bit keys: the first 16 bytes of key).
func newAEAD(scheme string, key []byte) (cipher.AEAD, error) {
	var block cipher.Block
	var err error
	switch scheme {
	case SchemeAES:
		block, err = aes.NewCipher(key[:32])
	case SchemeSM:
		block, err = sm4.NewCipher(key[:16])
	default:
		return nil, CheckScheme(scheme)
	}
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

func macHash(scheme string) func() hash.Hash {
	if scheme == SchemeSM {
		return sm3.New
	}
	return sha256.New
}

// index is the blind index of plain under k: the MAC of its canonical form
// (upper case, trimmed), 40 hex characters whatever the scheme, so the index
// columns (VARCHAR(40) and wider) hold either.
func (k *dataKey) index(plain string) string {
	plain = strings.ToUpper(strings.TrimSpace(plain))
	if plain == "" {
		return ""
	}
	m := hmac.New(k.mac, k.macKey)
	m.Write([]byte(plain))
	return hex.EncodeToString(m.Sum(nil))[:40]
}

// splitStored reads the key id off a stored value without allocating:
// (0, stored) for a legacy value, (id, rest) for "$<id>$rest".
func splitStored(stored string) (id int, body string, ok bool) {
	if stored == "" || stored[0] != '$' {
		return 0, stored, true
	}
	for i := 1; i < len(stored) && i < 11; i++ {
		c := stored[i]
		if c == '$' && i > 1 {
			return id, stored[i+1:], true
		}
		if c < '0' || c > '9' {
			return 0, "", false
		}
		id = id*10 + int(c-'0')
	}
	return 0, "", false
}
