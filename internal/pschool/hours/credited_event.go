package hours

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// StudyCredited tells that a member's offline study record was approved:
// its 学时 now count. Published in the approving transaction; an approved
// record is final (only pending or returned ones change), so a record is
// credited once, and Revision (the record's updated_at in µs) lets a
// subscriber take a replay as heard. Points (internal/points) subscribes
// after commit.
type StudyCredited struct {
	RecordID  int64
	MemberID  int64
	Title     string
	StudiedOn string // YYYY-MM-DD
	Tenths    int    // tenths of an hour
	Revision  int64
}

// publishCredited publishes the approval of record id, read in tx.
func (s *Service) publishCredited(ctx context.Context, tx bun.Tx, id int64) error {
	if s.bus == nil {
		return nil
	}
	var o Offline
	if err := tx.NewSelect().Model(&o).Where("o.id = ?", id).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	return s.bus.Publish(ctx, tx, StudyCredited{RecordID: o.ID, MemberID: o.MemberID, Title: o.Title, StudiedOn: o.StudiedOn.String(),
		Tenths: o.Tenths, Revision: o.UpdatedAt.UnixMicro()})
}
