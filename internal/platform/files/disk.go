package files

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// disk keeps files in a local directory, each under a two-character shard
// directory so no one directory grows huge.
type disk struct{ dir string }

func newDisk(dir string) (*disk, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	return &disk{dir: dir}, nil
}

func (d *disk) String() string { return "本地目录 " + d.dir }

func (d *disk) path(name string) string { return filepath.Join(d.dir, name[:2], name) }

func (d *disk) put(_ context.Context, name, tmp string, _ int64, _ string) error {
	final := d.path(name)
	if err := os.MkdirAll(filepath.Dir(final), 0o750); err != nil {
		return err
	}
	// The staging directory is inside dir: the same file system, so the
	// rename is atomic and a reader never sees half a file.
	return os.Rename(tmp, final)
}

type diskFile struct {
	*os.File
	size int64
}

func (f diskFile) Size() int64 { return f.size }

func (d *disk) open(_ context.Context, name string) (File, error) {
	f, err := os.Open(d.path(name))
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	return diskFile{File: f, size: st.Size()}, nil
}

func (d *disk) remove(_ context.Context, name string) error {
	err := os.Remove(d.path(name))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

func (d *disk) walk(_ context.Context, fn func(name string, size int64) error) error {
	return filepath.WalkDir(d.dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if p != d.dir && strings.HasPrefix(e.Name(), ".") {
				return fs.SkipDir // the staging directory
			}
			return nil
		}
		if !e.Type().IsRegular() || !storedName.MatchString(e.Name()) {
			return nil
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		return fn(e.Name(), info.Size())
	})
}
