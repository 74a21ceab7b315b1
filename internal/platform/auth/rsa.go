// Package auth holds the sign-in mechanisms with no business words: the RSA key
// pair that protects passwords in transit, the captcha, password hashing and
// policy, and session tokens.
package auth

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// KeyPair decrypts passwords the browser encrypted with the public key.
type KeyPair struct {
	private   *rsa.PrivateKey
	publicB64 string
}

// LoadOrCreateKeyPair reads dir/rsa_private.pem, or generates a 2048-bit key
// and writes it there (0600) on first start. No key ever ships in the code.
func LoadOrCreateKeyPair(dir string) (*KeyPair, error) {
	path := filepath.Join(dir, "rsa_private.pem")
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		data, err = createKeyPair(dir, path)
	}
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, fmt.Errorf("%s: not a PEM file", path)
	}
	key, err := x509.ParsePKCS1PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return newKeyPair(key)
}

// createKeyPair writes a new key to path unless another process got there
// first, and returns the PEM now at path. Instances starting at once on a
// shared data directory must agree on one key (a browser may encrypt with
// one instance's public key and post to another): the key is written in full
// to a temporary file and linked into place, which fails when path exists,
// and the loser reads the winner's.
func createKeyPair(dir, path string) ([]byte, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	data := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	tmp, err := os.CreateTemp(dir, ".rsa_private.pem-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // linked or abandoned: the name goes either way
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	if err := os.Link(tmp.Name(), path); errors.Is(err, os.ErrExist) {
		return os.ReadFile(path)
	} else if err != nil {
		return nil, err
	}
	return data, nil
}

func newKeyPair(key *rsa.PrivateKey) (*KeyPair, error) {
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return nil, err
	}
	return &KeyPair{private: key, publicB64: base64.StdEncoding.EncodeToString(der)}, nil
}

// PublicKey is the base64 X.509 SubjectPublicKeyInfo jsencrypt takes.
func (k *KeyPair) PublicKey() string { return k.publicB64 }

// ErrBadCiphertext means the password field was not encrypted with our key.
var ErrBadCiphertext = errors.New("password is not a valid RSA ciphertext")

// Decrypt reverses jsencrypt: base64 of RSA PKCS#1 v1.5.
func (k *KeyPair) Decrypt(b64 string) (string, error) {
	ct, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || len(ct) == 0 {
		return "", ErrBadCiphertext
	}
	//lint:ignore SA1019 the browser's jsencrypt only encrypts with PKCS#1 v1.5; one generic error hides why it failed
	pt, err := rsa.DecryptPKCS1v15(nil, k.private, ct)
	if err != nil {
		return "", ErrBadCiphertext
	}
	return string(pt), nil
}

// Encrypt is what the browser does; tests and command-line clients use it.
func (k *KeyPair) Encrypt(plain string) string {
	//lint:ignore SA1019 it mirrors jsencrypt, which only speaks PKCS#1 v1.5
	ct, err := rsa.EncryptPKCS1v15(rand.Reader, &k.private.PublicKey, []byte(plain))
	if err != nil {
		panic(err) // only for plaintexts longer than the key, which no password is
	}
	return base64.StdEncoding.EncodeToString(ct)
}
