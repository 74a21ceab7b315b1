package system

import (
	"context"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// AttachmentCounts counts the attachments of kind that records recordIDs of
// module hold (a record without any is absent), in one grouped query per
// thousand records: a list that shows which of its rows have their papers
// (the 对照检查材料 of a meeting's participants). The caller has checked
// that the records lie in the caller's scope.
func (s *Service) AttachmentCounts(ctx context.Context, module, kind string, recordIDs []int64) (map[int64]int, error) {
	out := map[int64]int{}
	for part := range slices.Chunk(recordIDs, 1000) {
		var rows []struct {
			RecordID int64 `bun:"record_id"`
			N        int   `bun:"n"`
		}
		err := s.db.NewSelect().Model((*Attachment)(nil)).Column("a.record_id").ColumnExpr("COUNT(*) AS n").
			Where("a.module = ?", module).Where("a.kind = ?", kind).Where("a.record_id IN (?)", bun.In(part)).
			Group("a.record_id").Scan(ctx, &rows)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		for _, r := range rows {
			out[r.RecordID] = r.N
		}
	}
	return out, nil
}
