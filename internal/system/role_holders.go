package system

import (
	"context"

	"github.com/uptrace/bun"
)

// RoleHolders are the enabled accounts (not left) holding one of the
// seeded roles codes (system.Role…), by id; orgIDs, when not nil, keeps
// only the accounts anchored at one of those organisations (an audience
// within the publisher's scope). Another module's audience ("every branch
// secretary of the college") reads it instead of the role tables.
func (s *Service) RoleHolders(ctx context.Context, idb bun.IDB, codes []string, orgIDs []int64) ([]int64, error) {
	ids := []int64{}
	if len(codes) == 0 || (orgIDs != nil && len(orgIDs) == 0) {
		return ids, nil
	}
	q := idb.NewSelect().Model((*User)(nil)).ColumnExpr("u.id").
		Where("u.enabled = ?", true).Where("u.has_left = ?", false).
		Where(`EXISTS (SELECT 1 FROM sys_user_role AS ur JOIN sys_role AS r ON r.id = ur.role_id
			WHERE ur.user_id = u.id AND r.code IN (?))`, bun.In(codes))
	if orgIDs != nil {
		q = q.Where("u.org_id IN (?)", bun.In(orgIDs))
	}
	err := q.OrderExpr("u.id").Scan(ctx, &ids)
	return ids, err
}
