package system

import (
	"bytes"
	"context"
	"mime"
	"path/filepath"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// SaveFileBytes stores data made or read by the server (a photo taken out of
// an imported file) as a file of module and tag named name, its row
// inserted through idb: in the caller's transaction, so a rolled-back
// import leaves no row; discard removes the stored bytes, for the caller to
// call when its transaction did not commit.
func (s *Service) SaveFileBytes(ctx context.Context, idb bun.IDB, name string, data []byte, module, tag string) (f *File, discard func(), err error) {
	name = cleanFileName(name)
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(name)), ".")
	if ext == "" || neverAllowed[ext] {
		return nil, nil, httpx.BadRequest("不允许保存该类型的文件（.%s）", ext)
	}
	saved, err := s.store.Save(ctx, bytes.NewReader(data), ext, int64(len(data)))
	if err != nil {
		return nil, nil, httpx.Internal(err)
	}
	ctype := mime.TypeByExtension("." + ext)
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	row := &File{OriginalName: name, StoredName: saved.Name, ModuleName: module, Tag: tag, ContentType: ctype,
		Size: saved.Size, SHA256: saved.SHA256, CreatedAt: s.now()}
	if p := rbac.From(ctx); p != nil {
		row.UploaderID = &p.UserID
	}
	if _, err := idb.NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		s.store.Remove(ctx, saved.Name) //nolint:errcheck
		return nil, nil, httpx.Internal(err)
	}
	return row, func() { s.store.Remove(ctx, saved.Name) }, nil //nolint:errcheck
}
