package people

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// UnitsOf reads the unit (a department) of students (kind "student") or
// teachers ("teacher") by id: id → unit department, a person not found
// absent. 发展党员's records name people this way, and an account opened
// for one is placed in their unit.
func (s *Service) UnitsOf(ctx context.Context, idb bun.IDB, kind string, ids []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	var table string
	switch kind {
	case "student":
		table = studentKind.table
	case "teacher":
		table = teacherKind.table
	default:
		return out, nil
	}
	for start := 0; start < len(ids); start += 500 {
		var rows []struct {
			ID   int64 `bun:"id"`
			Unit int64 `bun:"unit_dept_id"`
		}
		if err := idb.NewSelect().TableExpr("? AS p", bun.Ident(table)).Column("p.id", "p.unit_dept_id").
			Where("p.id IN (?)", bun.In(ids[start:min(start+500, len(ids))])).Scan(ctx, &rows); err != nil {
			return nil, httpx.Internal(err)
		}
		for _, r := range rows {
			out[r.ID] = r.Unit
		}
	}
	return out, nil
}
