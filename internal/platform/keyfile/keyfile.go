// Package keyfile creates an installation's key files once. Several
// instances may start at the same moment on one shared data directory: a
// key written by rename would let the last writer win while the first keeps
// running with a key no longer on disk (ID numbers it encrypts could never
// be read again). A hard link cannot replace an existing file, so exactly one
// instance's key is put in place and the others read it.
package keyfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// LoadOrCreate reads the key at path, or makes one with generate and puts it
// there (mode 0600, its directory 0700) unless another process did first, in
// which case that process's key is answered.
func LoadOrCreate(path string, generate func() ([]byte, error)) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err == nil || !errors.Is(err, os.ErrNotExist) {
		return data, err
	}
	key, err := generate()
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	// A temporary file of this process's own (CreateTemp makes it 0600),
	// complete and synced before it is linked under the key's name.
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // the link, when made, keeps the key
	if _, err := tmp.Write(key); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	switch err := os.Link(tmp.Name(), path); {
	case err == nil:
		return key, nil
	case errors.Is(err, os.ErrExist):
		return os.ReadFile(path) // another instance's key came first
	default:
		return nil, fmt.Errorf("put the key in place at %s: %w", path, err)
	}
}
