package points

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// Honour is one 表彰 of a member: an approved 获得表彰 proposal, as the
// member's 个人档案 lists it.
type Honour struct {
	ID       int64     `bun:"id" json:"id"`
	Reason   string    `bun:"reason" json:"reason"`
	EarnedOn date.Date `bun:"earned_on" json:"earnedOn"`
	OrgName  string    `bun:"org_name" json:"orgName"`
}

// maxHonours caps HonoursOf: an archive page lists them all, and no member
// is honoured this often.
const maxHonours = 200

// HonoursOf are member memberID's approved honours, newest first. The archive
// calls it for the caller's own record only.
func (s *Service) HonoursOf(ctx context.Context, memberID int64) ([]Honour, error) {
	out := []Honour{}
	q := s.db.NewSelect().Model((*Proposal)(nil)).ColumnExpr("p.id, p.reason, p.earned_on")
	err := org.NameJoin("p.org_id")(q).Where("p.member_id = ?", memberID).Where("p.kind = ?", KindHonour).Where("p.state = ?", StateApproved).
		OrderExpr("p.earned_on DESC, p.id DESC").Limit(maxHonours).Scan(ctx, &out)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// honoursMigration indexes the proposals by member for HonoursOf.
func honoursMigration() db.Migration {
	return db.Migration{Version: 2026121231, Name: "points: a member's proposals found by member (个人档案's honours)",
		Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `CREATE INDEX idx_jf_manual_member ON jf_manual(member_id, kind, state)`)
		}}
}
