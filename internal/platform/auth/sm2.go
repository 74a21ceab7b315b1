package auth

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/emmansun/gmsm/sm2"

	"zhdj/internal/platform/keyfile"
)

// SM2Key decrypts passwords the browser encrypted with the 国密 SM2 public
// key (GB/T 32918.4), the transport chosen when the installation runs on
// the 国密 algorithms. The private key is generated on first start like the
// RSA pair and never ships in the code.
type SM2Key struct {
	private   *sm2.PrivateKey
	publicHex string
}

// SM2File is the private key's file in the keys directory.
const SM2File = "sm2_private.key"

// LoadOrCreateSM2 reads dir/sm2_private.key (the private scalar in hex),
// generating it on first start; instances starting at once on one
// directory end with the same key (keyfile).
func LoadOrCreateSM2(dir string) (*SM2Key, error) {
	path := filepath.Join(dir, SM2File)
	data, err := keyfile.LoadOrCreate(path, func() ([]byte, error) {
		k, err := sm2.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		return []byte(hex.EncodeToString(k.D.FillBytes(make([]byte, 32))) + "\n"), nil
	})
	if err != nil {
		return nil, err
	}
	return SM2FromHex(strings.TrimSpace(string(data)))
}

// SM2FromHex builds the key from its private scalar in hex.
func SM2FromHex(d string) (*SM2Key, error) {
	raw, err := hex.DecodeString(d)
	if err != nil || len(raw) != 32 {
		return nil, errors.New("SM2 private key: want 32 bytes in hex")
	}
	k, err := sm2.NewPrivateKey(raw)
	if err != nil {
		return nil, fmt.Errorf("SM2 private key: %w", err)
	}
	pub := make([]byte, 65)
	pub[0] = 4
	k.X.FillBytes(pub[1:33])
	k.Y.FillBytes(pub[33:])
	return &SM2Key{private: k, publicHex: hex.EncodeToString(pub)}, nil
}

// PublicKey is the uncompressed public point in hex ("04" + X + Y), the form
// the browser's SM2 library (sm-crypto-v2) takes.
func (k *SM2Key) PublicKey() string { return k.publicHex }

// Decrypt reverses the browser: hex of C1‖C3‖C2 (the standard's order),
// C1 without the 04 marker of an uncompressed point, as sm-crypto-v2 sends
// it. (Accepting both forms would be a guess: a point's X may begin with
// the byte 04.)
func (k *SM2Key) Decrypt(hexCT string) (string, error) {
	ct, err := hex.DecodeString(hexCT)
	if err != nil || len(ct) <= 96 { // C1 64 bytes, C3 32, C2 at least 1
		return "", ErrBadCiphertext
	}
	pt, err := sm2.Decrypt(k.private, append([]byte{4}, ct...))
	if err != nil {
		return "", ErrBadCiphertext
	}
	return string(pt), nil
}

// Encrypt is what the browser does (without the 04 marker); tests and
// command-line clients use it.
func (k *SM2Key) Encrypt(plain string) string {
	ct, err := sm2.Encrypt(rand.Reader, &k.private.PublicKey, []byte(plain), nil)
	if err != nil {
		panic(err)
	}
	return hex.EncodeToString(ct[1:])
}
