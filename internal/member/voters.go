package member

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// Voters counts the members with a vote in organisation orgID on day on:
// the roster a branch meeting's 应到会人数 is (《中国共产党发展党员工作细则》第二十条).
// A member with a vote is a full member (正式党员: a probationary member
// has none) in normal status (DY_ZT 正常: not 停止党籍, 失联, transferred
// out or left), full on or before on (a full date left empty counts: the
// member was full before the base kept the date). The base keeps members as
// they are now, so a member who joined or left the organisation since that
// day is counted as today. A member under 留党察看 on that day has no vote
// while it lasts (党章第四十条: 留党察看期间没有表决权、选举权和被选举权):
// under_watch_since on or before on leaves the count.
func (s *Service) Voters(ctx context.Context, idb bun.IDB, orgID int64, on date.Date) (int, error) {
	n, err := votersIn(idb.NewSelect().TableExpr("dyjbxx AS m").Where("m.org_id = ?", orgID), on).Count(ctx)
	return int(n), err
}

// Voter is a member with a vote, as an election's roll lists them: the
// name, the organisation and the linked account (nil: none, the member
// votes with a printed code).
type Voter struct {
	ID     int64  `bun:"id" json:"id"`
	Name   string `bun:"name" json:"name"`
	OrgID  int64  `bun:"org_id" json:"orgId"`
	UserID *int64 `bun:"user_id" json:"-"`
}

// VotersIn lists the members with a vote on day on (as Voters counts them)
// of the organisations orgIDs, whatever the caller's scope (the caller
// checked the organisations): an election's 应到会 roll, by name.
func (s *Service) VotersIn(ctx context.Context, idb bun.IDB, orgIDs []int64, on date.Date) ([]Voter, error) {
	out := []Voter{}
	if len(orgIDs) == 0 {
		return out, nil
	}
	err := votersIn(idb.NewSelect().TableExpr("dyjbxx AS m").Column("m.id", "m.name", "m.org_id", "m.user_id").
		Where("m.org_id IN (?)", bun.List(orgIDs)), on).OrderExpr("m.name, m.id").Scan(ctx, &out)
	return out, err
}

// votersIn restricts a select of dyjbxx AS m to the members with a vote on day on.
func votersIn(q *bun.SelectQuery, on date.Date) *bun.SelectQuery {
	return q.Where("m.party_status = ?", PartyFull).Where("m.member_status = ?", StatusNormal).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("m.full_on IS NULL").WhereOr("m.full_on <= ?", on)
		}).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("m.under_watch_since IS NULL").WhereOr("m.under_watch_since > ?", on)
		})
}
