package member

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// AccountsOf answers the accounts linked to the members ids, whatever the
// caller's scope (a member without an account is left out): whom another
// module's notice reaches, a meeting's attendees told it was published.
func (s *Service) AccountsOf(ctx context.Context, idb bun.IDB, ids []int64) ([]int64, error) {
	out := []int64{}
	ids = uniq.Of(ids)
	for start := 0; start < len(ids); start += 500 {
		var part []int64
		if err := idb.NewSelect().Model((*Member)(nil)).Column("m.user_id").Where("m.id IN (?)", bun.List(ids[start:min(start+500, len(ids))])).
			Where("m.user_id IS NOT NULL").Scan(ctx, &part); err != nil {
			return nil, httpx.Internal(err)
		}
		out = append(out, part...)
	}
	return out, nil
}

// Placed is a member with the organisation they belong to.
type Placed struct {
	ID    int64  `bun:"id"`
	Name  string `bun:"name"`
	OrgID int64  `bun:"org_id"`
}

// Roster is the members in normal status (DY_ZT 正常) of organisation
// orgID, in id order, whatever the caller's scope (the caller has checked
// the organisation): whom a meeting of the organisation draws.
func (s *Service) Roster(ctx context.Context, idb bun.IDB, orgID int64) ([]Placed, error) {
	out := []Placed{}
	if err := idb.NewSelect().Model((*Member)(nil)).Column("m.id", "m.name", "m.org_id").Where("m.org_id = ?", orgID).
		Where("m.member_status = ?", StatusNormal).OrderExpr("m.id").Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// PlacedOf reads the members ids with their organisation, whatever the
// caller's scope (a missing id is simply absent).
func (s *Service) PlacedOf(ctx context.Context, idb bun.IDB, ids []int64) (map[int64]Placed, error) {
	out := map[int64]Placed{}
	ids = uniq.Of(ids)
	for start := 0; start < len(ids); start += 500 {
		var rows []Placed
		if err := idb.NewSelect().Model((*Member)(nil)).Column("m.id", "m.name", "m.org_id").
			Where("m.id IN (?)", bun.List(ids[start:min(start+500, len(ids))])).Scan(ctx, &rows); err != nil {
			return nil, httpx.Internal(err)
		}
		for _, p := range rows {
			out[p.ID] = p
		}
	}
	return out, nil
}
