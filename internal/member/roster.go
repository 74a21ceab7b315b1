package member

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// RosterEntry is a member of an organisation as a vote of its members
// lists them: full or probationary, and the account they vote with (nil:
// none, a printed code).
type RosterEntry struct {
	ID          int64  `bun:"id"`
	Name        string `bun:"name"`
	PartyStatus string `bun:"party_status"` // PartyFull, PartyProbation
	UserID      *int64 `bun:"user_id"`
}

// Probation tells whether the member is probationary (预备党员).
func (e RosterEntry) Probation() bool { return e.PartyStatus == PartyProbation }

// Roster reads through idb the members of organisation orgID in normal
// status (DY_ZT 正常) who are full or probationary members, whatever the
// caller's scope (the caller checks the organisation), in id order: the
// members of a branch that take part in 民主评议党员.
func (s *Service) Roster(ctx context.Context, idb bun.IDB, orgID int64) ([]RosterEntry, error) {
	out := []RosterEntry{}
	err := idb.NewSelect().TableExpr("dyjbxx AS m").Column("m.id", "m.name", "m.party_status", "m.user_id").
		Where("m.org_id = ?", orgID).Where("m.member_status = ?", StatusNormal).
		Where("m.party_status IN (?)", bun.List([]string{PartyFull, PartyProbation})).OrderExpr("m.id").Scan(ctx, &out)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}
