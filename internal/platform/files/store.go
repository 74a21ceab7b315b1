// Package files keeps uploaded bytes in a local directory under random names.
// Names from users never become paths: the stored name is generated here and
// checked against a strict pattern before every open.
package files

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
)

// Store is a directory of uploaded files.
type Store struct{ dir string }

// NewStore makes (if needed) and uses dir.
func NewStore(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	return &Store{dir: dir}, nil
}

// ErrTooLarge means the upload passed the size limit.
var ErrTooLarge = errors.New("file too large")

var storedName = regexp.MustCompile(`^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$`)

// Saved describes bytes written to the store.
type Saved struct {
	Name   string // stored name
	Size   int64
	SHA256 string
}

// Save copies r (at most max bytes) to a new random name with extension ext
// ("" or lower-case letters/digits). The file is written to a temporary name
// and renamed, so a failed upload leaves nothing behind.
func (s *Store) Save(r io.Reader, ext string, max int64) (Saved, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return Saved{}, err
	}
	name := hex.EncodeToString(b)
	if ext != "" {
		name += "." + ext
	}
	if !storedName.MatchString(name) {
		return Saved{}, fmt.Errorf("bad extension %q", ext)
	}
	// The shard directory keeps any one directory small.
	final := s.path(name)
	if err := os.MkdirAll(filepath.Dir(final), 0o750); err != nil {
		return Saved{}, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(final), ".upload-*")
	if err != nil {
		return Saved{}, err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone after the rename
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(tmp, h), io.LimitReader(r, max+1))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Saved{}, err
	}
	if n > max {
		return Saved{}, ErrTooLarge
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		return Saved{}, err
	}
	return Saved{Name: name, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// Open returns the stored file.
func (s *Store) Open(name string) (*os.File, error) {
	if !storedName.MatchString(name) {
		return nil, os.ErrNotExist
	}
	return os.Open(s.path(name))
}

// Remove deletes the stored file; a missing file is not an error.
func (s *Store) Remove(name string) error {
	if !storedName.MatchString(name) {
		return nil
	}
	err := os.Remove(s.path(name))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

func (s *Store) path(name string) string { return filepath.Join(s.dir, name[:2], name) }
