package backup

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// Writer streams members into a new archive. The archive is written under a
// temporary name beside its path and linked into place by Finish, so a
// failed or interrupted backup leaves nothing at the path, and an existing
// file there is never replaced.
type Writer struct {
	path    string
	tmp     *os.File
	gz      *gzip.Writer
	tw      *tar.Writer
	members []Member
	done    bool
}

// ErrExists means the archive's path is taken.
var ErrExists = errors.New("文件已存在")

// Create starts an archive at path (mode 0600).
func Create(path string) (*Writer, error) {
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("%s %w，请换一个文件名", path, ErrExists)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".zhdj-backup-*.partial")
	if err != nil {
		return nil, err
	}
	// CreateTemp makes 0600 files already; said again so it never depends on that.
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		os.Remove(tmp.Name()) //nolint:errcheck
		return nil, err
	}
	gz, err := gzip.NewWriterLevel(tmp, gzip.BestSpeed)
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name()) //nolint:errcheck
		return nil, err
	}
	return &Writer{path: path, tmp: tmp, gz: gz, tw: tar.NewWriter(gz)}, nil
}

// Add copies r (size bytes) into the archive as name.
func (w *Writer) Add(name string, size int64, r io.Reader) error {
	if !validName(name) || name == ManifestName {
		return fmt.Errorf("bad member name %q", name)
	}
	if err := w.tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: size, ModTime: time.Now().UTC(),
		Typeflag: tar.TypeReg, Format: tar.FormatPAX}); err != nil {
		return err
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(w.tw, h), r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if n != size {
		return fmt.Errorf("%s changed while it was copied (%d bytes, expected %d)", name, n, size)
	}
	w.members = append(w.members, Member{Name: name, Size: size, SHA256: hex.EncodeToString(h.Sum(nil))})
	return nil
}

// AddFile copies the file at src into the archive as name.
func (w *Writer) AddFile(name, src string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	// Exactly the size stat saw: a file growing meanwhile is cut there, and
	// one shrinking fails Add.
	return w.Add(name, info.Size(), io.LimitReader(f, info.Size()))
}

// AddDir copies every regular file under dir into the archive under
// prefix, and returns how many. Names starting with "." are skipped: they
// are files still being written (an upload's temporary file). A missing
// dir holds no files.
func (w *Writer) AddDir(prefix, dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == dir {
			return fs.SkipAll
		}
		if err != nil {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") && p != dir {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		n++
		return w.AddFile(prefix+filepath.ToSlash(rel), p)
	})
	return n, err
}

// Finish writes the manifest (m with the members written) and puts the
// archive in place.
func (w *Writer) Finish(m Manifest) error {
	m.Format = FormatVersion
	m.Members = w.members
	body, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := w.tw.WriteHeader(&tar.Header{Name: ManifestName, Mode: 0o600, Size: int64(len(body)), ModTime: m.Created,
		Typeflag: tar.TypeReg, Format: tar.FormatPAX}); err != nil {
		return err
	}
	if _, err := w.tw.Write(body); err != nil {
		return err
	}
	if err := w.tw.Close(); err != nil {
		return err
	}
	if err := w.gz.Close(); err != nil {
		return err
	}
	if err := w.tmp.Sync(); err != nil {
		return err
	}
	if err := w.tmp.Close(); err != nil {
		return err
	}
	defer os.Remove(w.tmp.Name()) //nolint:errcheck // linked into place or abandoned
	// A link, unlike a rename, fails when path exists (O_EXCL's promise).
	if err := os.Link(w.tmp.Name(), w.path); errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s %w，请换一个文件名", w.path, ErrExists)
	} else if err != nil {
		return err
	}
	w.done = true
	return syncDir(filepath.Dir(w.path))
}

// Abort removes the unfinished archive; after Finish it does nothing.
func (w *Writer) Abort() {
	if w.done {
		return
	}
	w.done = true
	w.tmp.Close()
	os.Remove(w.tmp.Name()) //nolint:errcheck
}

// validName accepts the member names this package writes: relative,
// slash-separated, no "." or ".." element, no backslash. A reader applies
// it too, so no member can name a path outside the directory it is
// extracted to.
func validName(name string) bool {
	if name == "" || strings.Contains(name, "\\") || strings.HasPrefix(name, "/") || path.Clean(name) != name {
		return false
	}
	for _, part := range strings.Split(name, "/") {
		if part == "" || part == "." || part == ".." {
			return false
		}
	}
	return filepath.IsLocal(filepath.FromSlash(name))
}

// syncDir makes a new directory entry durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
