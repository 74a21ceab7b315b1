package system

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/rbac"
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

// DeptAccounts are the enabled accounts (not left) of the departments
// deptIDs (sys_user.dept_id), by department: a unit's staff (干部考核's
// 本单位人员 evaluating their own unit).
func (s *Service) DeptAccounts(ctx context.Context, idb bun.IDB, deptIDs []int64) (map[int64][]int64, error) {
	out := map[int64][]int64{}
	if len(deptIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		ID     int64 `bun:"id"`
		DeptID int64 `bun:"dept_id"`
	}
	err := idb.NewSelect().Model((*User)(nil)).ColumnExpr("u.id, u.dept_id").Where("u.enabled = ?", true).Where("u.has_left = ?", false).
		Where("u.dept_id IN (?)", bun.In(deptIDs)).OrderExpr("u.id").Scan(ctx, &rows)
	for _, r := range rows {
		out[r.DeptID] = append(out[r.DeptID], r.ID)
	}
	return out, err
}

// EnabledAccounts are those of ids that are enabled accounts (not left), in id order.
func (s *Service) EnabledAccounts(ctx context.Context, idb bun.IDB, ids []int64) ([]int64, error) {
	out := []int64{}
	if len(ids) == 0 {
		return out, nil
	}
	err := idb.NewSelect().Model((*User)(nil)).ColumnExpr("u.id").Where("u.enabled = ?", true).Where("u.has_left = ?", false).
		Where("u.id IN (?)", bun.In(ids)).OrderExpr("u.id").Scan(ctx, &out)
	return out, err
}

// RoleBrief is a role as another module's picker shows it, with how many
// enabled accounts hold it.
type RoleBrief struct {
	ID      int64  `bun:"id" json:"id"`
	Name    string `bun:"name" json:"name"`
	Holders int    `bun:"holders" json:"holders"`
}

// RoleBriefs are every role with its holders, by name: 干部考核 draws its
// evaluators by role (校领导, a role an administrator made, included).
func (s *Service) RoleBriefs(ctx context.Context, idb bun.IDB) ([]RoleBrief, error) {
	out := []RoleBrief{}
	err := idb.NewSelect().Model((*Role)(nil)).ColumnExpr("r.id, r.name").
		ColumnExpr(`(SELECT COUNT(*) FROM sys_user_role AS ur JOIN sys_user AS u ON u.id = ur.user_id
			WHERE ur.role_id = r.id AND u.enabled = ? AND u.has_left = ?) AS holders`, true, false).
		OrderExpr("r.level, r.id").Scan(ctx, &out)
	return out, err
}

// RoleIDHolders are the enabled accounts (not left) holding role roleID, by id.
func (s *Service) RoleIDHolders(ctx context.Context, idb bun.IDB, roleID int64) ([]int64, error) {
	ids := []int64{}
	err := idb.NewSelect().Model((*User)(nil)).ColumnExpr("u.id").Where("u.enabled = ?", true).Where("u.has_left = ?", false).
		Where("EXISTS (SELECT 1 FROM sys_user_role AS ur WHERE ur.user_id = u.id AND ur.role_id = ?)", roleID).
		OrderExpr("u.id").Scan(ctx, &ids)
	return ids, err
}

// RoleIDOf is the id of the seeded role with code (system.Role…); 0 when
// there is none.
func (s *Service) RoleIDOf(ctx context.Context, idb bun.IDB, code string) (int64, error) {
	var ids []int64
	err := idb.NewSelect().Model((*Role)(nil)).Column("r.id").Where("r.code = ?", code).Limit(1).Scan(ctx, &ids)
	if len(ids) == 0 {
		return 0, err
	}
	return ids[0], err
}

// HeldRoles are the ids of the roles the caller holds (none on a public
// route): what a module matches a record kept for some roles against.
func (s *Service) HeldRoles(ctx context.Context) ([]int64, error) {
	p := rbac.From(ctx)
	if p == nil {
		return []int64{}, nil
	}
	ids, err := s.rolesOf(ctx, s.db, p.UserID)
	if ids == nil {
		ids = []int64{}
	}
	return ids, err
}
