package hours

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/pschool/course"
)

// StudyCredited tells that a member's study was credited: an offline study
// record approved (its 学时 now count), or, Online, a node of the party
// school's online courses completed. Published in the approving (or
// crediting) transaction; an approved record is final (only pending or
// returned ones change) and a node is credited once per learner, so a
// record is credited once, and Revision (the offline record's updated_at
// in µs; 1 for a node) lets a subscriber take a replay as heard. Points
// (internal/points) subscribes after commit.
type StudyCredited struct {
	RecordID  int64 // the offline record, or the course node when Online
	MemberID  int64
	Title     string
	StudiedOn string // YYYY-MM-DD
	Tenths    int    // tenths of an hour
	Revision  int64
	Online    bool
	// YearTenths (Online only) is the member's online 学时 of the year,
	// this node's included: whole hours are counted over the year.
	YearTenths int
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

// onlineCredited hears, in the crediting transaction, a node of the online
// courses completed (course.NodeCredited) and publishes it as credited
// study of the member whose account the learner is. A learner who is not
// a member in normal status (入党申请人, 积极分子 …) has no member whose
// study counts (RULES.md §4 holds members only): nothing is published.
func (s *Service) onlineCredited(ctx context.Context, tx bun.Tx, e course.NodeCredited) error {
	if s.bus == nil {
		return nil
	}
	var me member.Account
	err := s.members.SelectAccounts(tx, member.StatusNormal).Where("bm.user_id = ?", e.UserID).OrderExpr("bm.id").Limit(1).Scan(ctx, &me)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return httpx.Internal(err)
	}
	return s.bus.Publish(ctx, tx, StudyCredited{RecordID: e.NodeID, MemberID: me.ID, Title: e.CourseTitle + "·" + e.NodeTitle,
		StudiedOn: e.CreditedOn, Tenths: e.Tenths, Revision: 1, Online: true, YearTenths: e.YearTenths})
}
