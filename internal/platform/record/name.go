package record

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// NameOf reads the display column of the row id of table, for the trail view
// of a reference (a parent, an organisation, an account): "" for none, the
// id itself when the row is gone, so the trail still tells two apart. table
// and column are constants of the caller, never input.
func NameOf(ctx context.Context, idb bun.IDB, table, column string, id *int64) (string, error) {
	if id == nil {
		return "", nil
	}
	var name string
	err := idb.NewSelect().Table(table).Column(column).Where("id = ?", *id).Scan(ctx, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return strconv.FormatInt(*id, 10), nil
	} else if err != nil {
		return "", httpx.Internal(err)
	}
	return name, nil
}

// RestoreInput is the body of a trail restore (POST …/trail/restore): the
// entry whose snapshot is put back.
type RestoreInput struct {
	TrailID int64 `json:"trailId"`
}
