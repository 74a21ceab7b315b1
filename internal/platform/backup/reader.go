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
	"os"
	"path/filepath"
)

// maxManifest bounds the manifest read into memory (a member list of a
// million uploads stays well under it).
const maxManifest = 256 << 20

// ErrDamaged means an archive does not match its manifest: a member was
// changed, added, left out or cut short.
var ErrDamaged = errors.New("备份文件已损坏或被改动")

// walk calls fn for every member of the archive at path, in order, with
// the member's content; fn must read it. The manifest is read and returned,
// not passed to fn.
func walk(path string, fn func(h *tar.Header, r io.Reader) error) (Manifest, error) {
	var m Manifest
	f, err := os.Open(path)
	if err != nil {
		return m, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return m, fmt.Errorf("%s: %w（不是 gzip 压缩的备份文件：%v）", path, ErrDamaged, err)
	}
	tr := tar.NewReader(gz)
	seenManifest := false
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return m, fmt.Errorf("%s: %w：%v", path, ErrDamaged, err)
		}
		if h.Typeflag != tar.TypeReg || !validName(h.Name) || seenManifest {
			return m, fmt.Errorf("%s: %w：意外的成员 %q", path, ErrDamaged, h.Name)
		}
		if h.Name == ManifestName {
			body, err := io.ReadAll(io.LimitReader(tr, maxManifest))
			if err != nil {
				return m, fmt.Errorf("%s: %w：%v", path, ErrDamaged, err)
			}
			if err := json.Unmarshal(body, &m); err != nil {
				return m, fmt.Errorf("%s: %w：清单无法解析：%v", path, ErrDamaged, err)
			}
			seenManifest = true
			continue
		}
		if err := fn(h, tr); err != nil {
			return m, err
		}
	}
	// The gzip stream's own checksum is checked at its end: read it.
	if _, err := io.Copy(io.Discard, gz); err != nil {
		return m, fmt.Errorf("%s: %w：%v", path, ErrDamaged, err)
	}
	if !seenManifest {
		return m, fmt.Errorf("%s: %w：没有清单 %s（备份未完成？）", path, ErrDamaged, ManifestName)
	}
	if m.Format != FormatVersion {
		return m, fmt.Errorf("%s: 备份格式版本 %d，本程序只能读取版本 %d", path, m.Format, FormatVersion)
	}
	return m, nil
}

// checker compares the members met with the manifest's.
type checker struct {
	seen map[string]Member
}

func (c *checker) add(name string, size int64, sum string) error {
	if _, dup := c.seen[name]; dup {
		return fmt.Errorf("%w：成员 %s 出现两次", ErrDamaged, name)
	}
	c.seen[name] = Member{Name: name, Size: size, SHA256: sum}
	return nil
}

func (c *checker) against(m Manifest) error {
	if len(m.Members) != len(c.seen) {
		return fmt.Errorf("%w：清单列出 %d 个成员，备份中有 %d 个", ErrDamaged, len(m.Members), len(c.seen))
	}
	for _, want := range m.Members {
		got, ok := c.seen[want.Name]
		if !ok {
			return fmt.Errorf("%w：缺少成员 %s", ErrDamaged, want.Name)
		}
		if got != want {
			return fmt.Errorf("%w：成员 %s 的校验和（SHA-256）与清单不符", ErrDamaged, want.Name)
		}
	}
	return nil
}

// hashed reads r through, returning its size and SHA-256, copying it to w
// (nil: nowhere).
func hashed(r io.Reader, w io.Writer) (int64, string, error) {
	h := sha256.New()
	var dst io.Writer = h
	if w != nil {
		dst = io.MultiWriter(w, h)
	}
	n, err := io.Copy(dst, r)
	return n, hex.EncodeToString(h.Sum(nil)), err
}

// Verify reads the whole archive at path and checks every member against
// the manifest, writing nothing. It returns the manifest.
func Verify(path string) (Manifest, error) {
	c := checker{seen: map[string]Member{}}
	m, err := walk(path, func(h *tar.Header, r io.Reader) error {
		n, sum, err := hashed(r, nil)
		if err != nil {
			return fmt.Errorf("%s: %w：%v", path, ErrDamaged, err)
		}
		return c.add(h.Name, n, sum)
	})
	if err != nil {
		return m, err
	}
	if err := c.against(m); err != nil {
		return m, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Extract writes every member of the archive at path under dir (files 0600,
// directories 0700), checking each against m, the manifest Verify returned:
// an archive changed since is caught here too. On an error what was
// written stays under dir for the caller to remove.
func Extract(path string, m Manifest, dir string) error {
	c := checker{seen: map[string]Member{}}
	_, err := walk(path, func(h *tar.Header, r io.Reader) error {
		dst := filepath.Join(dir, filepath.FromSlash(h.Name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
			return err
		}
		f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return err
		}
		n, sum, err := hashed(r, f)
		if serr := f.Sync(); err == nil {
			err = serr
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("%s: %w", h.Name, err)
		}
		return c.add(h.Name, n, sum)
	})
	if err != nil {
		return err
	}
	if err := c.against(m); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// maxKey bounds one member of a keys archive read into memory.
const maxKey = 1 << 20

// ReadKeys verifies the keys archive at path and returns its members by
// name (keys are small; they are held in memory, never written but where
// the caller puts them).
func ReadKeys(path string) (map[string][]byte, Manifest, error) {
	keys := map[string][]byte{}
	c := checker{seen: map[string]Member{}}
	m, err := walk(path, func(h *tar.Header, r io.Reader) error {
		if h.Size > maxKey {
			return fmt.Errorf("%s: %w：%s 不像密钥（%d 字节）", path, ErrDamaged, h.Name, h.Size)
		}
		body, err := io.ReadAll(io.LimitReader(r, maxKey))
		if err != nil {
			return fmt.Errorf("%s: %w：%v", path, ErrDamaged, err)
		}
		sum := sha256.Sum256(body)
		keys[h.Name] = body
		return c.add(h.Name, int64(len(body)), hex.EncodeToString(sum[:]))
	})
	if err != nil {
		return nil, m, err
	}
	if err := c.against(m); err != nil {
		return nil, m, fmt.Errorf("%s: %w", path, err)
	}
	return keys, m, nil
}
