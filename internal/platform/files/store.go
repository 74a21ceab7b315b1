// Package files keeps uploaded bytes under random names, in a local
// directory or in an S3-compatible bucket (MinIO, a cloud's object store),
// chosen by the settings. Names from users never become paths or keys: the
// stored name is generated here and checked against a strict pattern before
// every open.
package files

import (
	"context"
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

// Store keeps uploaded files in a backend. Every upload first lands in a
// temporary file of the local staging directory, where its size is limited
// and its checksum taken; only a whole, checked upload reaches the backend.
type Store struct {
	backend backend
	staging string
}

// backend is where the bytes of stored names live.
type backend interface {
	// put stores the finished temporary file tmp (size bytes, checksum
	// sum) as name; it may move tmp away.
	put(ctx context.Context, name, tmp string, size int64, sum string) error
	// open returns name's bytes; a missing name is os.ErrNotExist.
	open(ctx context.Context, name string) (File, error)
	// remove deletes name; a missing name is not an error.
	remove(ctx context.Context, name string) error
	// walk calls fn with every stored name and its size.
	walk(ctx context.Context, fn func(name string, size int64) error) error
	// String names the backend for logs and commands.
	String() string
}

// File is an open stored file: seekable, so downloads answer range
// requests (a video of the party school is watched from the middle).
type File interface {
	io.ReadSeekCloser
	Size() int64
}

// NewStore keeps files in the local directory dir (made if needed).
func NewStore(dir string) (*Store, error) {
	d, err := newDisk(dir)
	if err != nil {
		return nil, err
	}
	return newStore(d, filepath.Join(dir, ".staging"))
}

// NewS3Store keeps files in an S3 bucket, staging uploads in the local
// directory staging.
func NewS3Store(ctx context.Context, cfg S3Config, staging string) (*Store, error) {
	b, err := newS3(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return newStore(b, staging)
}

func newStore(b backend, staging string) (*Store, error) {
	// A leading dot: backups and the migration skip files being written.
	if filepath.Base(staging)[0] != '.' {
		return nil, fmt.Errorf("staging directory %s must start with a dot", staging)
	}
	if err := os.MkdirAll(staging, 0o750); err != nil {
		return nil, err
	}
	return &Store{backend: b, staging: staging}, nil
}

// String names where the files are kept.
func (s *Store) String() string { return s.backend.String() }

// ErrTooLarge means the upload passed the size limit.
var ErrTooLarge = errors.New("file too large")

var storedName = regexp.MustCompile(`^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$`)

// ValidName tells whether name is a name this package could have given.
func ValidName(name string) bool { return storedName.MatchString(name) }

// Saved describes bytes written to the store.
type Saved struct {
	Name   string // stored name
	Size   int64
	SHA256 string
}

// Save copies r (at most max bytes) to a new random name with extension ext
// ("" or lower-case letters/digits). The bytes are staged in a temporary
// file first, so a failed or oversized upload leaves nothing behind.
func (s *Store) Save(ctx context.Context, r io.Reader, ext string, max int64) (Saved, error) {
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
	tmp, n, sum, err := s.stage(r, max)
	defer os.Remove(tmp) //nolint:errcheck // gone after a disk backend moved it
	if err != nil {
		return Saved{}, err
	}
	if n > max {
		return Saved{}, ErrTooLarge
	}
	if err := s.backend.put(ctx, name, tmp, n, sum); err != nil {
		return Saved{}, err
	}
	return Saved{Name: name, Size: n, SHA256: sum}, nil
}

// Open returns the stored file; a name this package never gives is
// os.ErrNotExist.
func (s *Store) Open(ctx context.Context, name string) (File, error) {
	if !storedName.MatchString(name) {
		return nil, os.ErrNotExist
	}
	return s.backend.open(ctx, name)
}

// Remove deletes the stored file; a missing file is not an error. It runs
// to the end even when ctx is cancelled: it cleans up after a failure.
func (s *Store) Remove(ctx context.Context, name string) error {
	if !storedName.MatchString(name) {
		return nil
	}
	return s.backend.remove(context.WithoutCancel(ctx), name)
}

// Walk calls fn with every stored name and its size (files being written
// are not stored yet and not walked).
func (s *Store) Walk(ctx context.Context, fn func(name string, size int64) error) error {
	return s.backend.walk(ctx, fn)
}

// Put stores r (size bytes, whose SHA-256 is sum) under name, as a
// migration or a restore does with a file another store held. The bytes
// are staged and checked first: a copy that does not match sum is refused
// and stores nothing.
func (s *Store) Put(ctx context.Context, name string, r io.Reader, size int64, sum string) error {
	if !storedName.MatchString(name) {
		return fmt.Errorf("not a stored name: %q", name)
	}
	tmp, n, got, err := s.stage(r, size)
	defer os.Remove(tmp) //nolint:errcheck
	if err != nil {
		return err
	}
	if n != size || got != sum {
		return fmt.Errorf("%s: read %d bytes with SHA-256 %s, want %d bytes with %s", name, n, got, size, sum)
	}
	return s.backend.put(ctx, name, tmp, size, sum)
}

// stage copies r, up to max+1 bytes (one more tells a reader over the
// limit), into a new temporary file of the staging directory, and returns
// its path ("" when none was made), how many bytes it took and their
// SHA-256.
func (s *Store) stage(r io.Reader, max int64) (tmp string, n int64, sum string, err error) {
	f, err := os.CreateTemp(s.staging, "upload-*")
	if err != nil {
		return "", 0, "", err
	}
	h := sha256.New()
	n, err = io.Copy(io.MultiWriter(f, h), io.LimitReader(r, max+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return f.Name(), n, hex.EncodeToString(h.Sum(nil)), err
}

// Checksum reads name whole and returns its size and SHA-256.
func (s *Store) Checksum(ctx context.Context, name string) (int64, string, error) {
	f, err := s.Open(ctx, name)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", err
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}
