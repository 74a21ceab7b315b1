package system

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"
)

// StoredFile is what the database recorded of a stored file at upload.
type StoredFile struct {
	ID     int64  `bun:"id"`
	Name   string `bun:"stored_name"`
	Size   int64  `bun:"size"`
	SHA256 string `bun:"sha256"`
}

// StoredChecksum is the SHA-256 recorded at upload for stored name, "" when
// no file record names it (a finished export's file records none).
func StoredChecksum(ctx context.Context, idb bun.IDB, name string) (string, error) {
	var sum string
	err := idb.NewSelect().Table("sys_file").Column("sha256").Where("stored_name = ?", name).Scan(ctx, &sum)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return sum, err
}

// EachStoredFile calls fn with every file record, in id order, a page at a
// time (a verification reads the bytes of each between pages, so no
// statement stays open while it does).
func EachStoredFile(ctx context.Context, idb bun.IDB, fn func(StoredFile) error) error {
	const page = 500
	var after int64
	for {
		var rows []StoredFile
		if err := idb.NewSelect().Table("sys_file").Column("id", "stored_name", "size", "sha256").
			Where("id > ?", after).Order("id").Limit(page).Scan(ctx, &rows); err != nil {
			return err
		}
		for _, r := range rows {
			if err := fn(r); err != nil {
				return err
			}
		}
		if len(rows) < page {
			return nil
		}
		after = rows[len(rows)-1].ID
	}
}
