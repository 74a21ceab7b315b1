package library

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"zhdj/internal/platform/httpx"
)

// fileName is the name of the stored file id a record points at: the same
// as before when the record keeps its file, else a file the caller may read
// (their own upload, or any for a file manager), whose name is kept on the
// record (stored files never change). nil: no file.
func (s *Service) fileName(ctx context.Context, id *int64, keep func() (*int64, string)) (string, error) {
	if id == nil {
		return "", nil
	}
	if keep != nil {
		if was, name := keep(); was != nil && *was == *id {
			return name, nil
		}
	}
	f, err := s.sys.FileForRead(ctx, *id)
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == http.StatusNotFound {
			return "", httpx.Invalid("fileId", "所选文件不存在，请重新上传")
		}
		return "", err
	}
	return f.OriginalName, nil
}

// found maps a scan's error: no row is notFound, another failure a 500.
func found(err error, notFound error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return notFound
	} else if err != nil {
		return httpx.Internal(err)
	}
	return nil
}
