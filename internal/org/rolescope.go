package org

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// RoleScope is the organisations a role with the CUSTOM data scope covers
// (each with its whole subtree).
type RoleScope struct {
	RoleID int64    `json:"roleId"`
	Orgs   []IDName `json:"orgs"`
}

// RoleScopeInput is the body of PUT /api/dzzxx/roleScope.
type RoleScopeInput struct {
	RoleID int64   `json:"roleId"`
	DzzIDs []int64 `json:"dzzIds"`
}

// RoleOrgs reads a role's custom organisations.
func (s *Service) RoleOrgs(ctx context.Context, roleID int64) (*RoleScope, error) {
	if _, err := s.roleLevel(ctx, roleID); err != nil {
		return nil, err
	}
	out := &RoleScope{RoleID: roleID, Orgs: []IDName{}}
	err := s.db.NewSelect().TableExpr("dzz_role_scope AS rs").ColumnExpr("z.id, z.name").
		Join("JOIN dzz AS z ON z.id = rs.dzz_id").Where("rs.role_id = ?", roleID).OrderExpr("z.path").Scan(ctx, &out.Orgs)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// SetRoleOrgs replaces a role's custom organisations. The caller may give
// only organisations of their own scope, and only to roles not above their own level.
func (s *Service) SetRoleOrgs(ctx context.Context, in RoleScopeInput) error {
	level, err := s.roleLevel(ctx, in.RoleID)
	if err != nil {
		return err
	}
	if min, err := s.sys.CallerLevel(ctx); err != nil {
		return err
	} else if level < min {
		return httpx.Forbidden("不能操作比您自己级别更高的角色")
	}
	ids := uniqueIDs(in.DzzIDs)
	if len(ids) > 1000 {
		return httpx.BadRequest("最多选择1000个党组织")
	}
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if len(ids) > 0 {
		n, err := scope.Apply(s.db.NewSelect().Model((*Org)(nil)).Where("z.id IN (?)", bun.In(ids)), "z.id").Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if int(n) != len(ids) {
			return errNotFound()
		}
	}
	return mapErr(db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewDelete().Table("dzz_role_scope").Where("role_id = ?", in.RoleID).Exec(ctx); err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, "INSERT INTO dzz_role_scope (role_id, dzz_id) VALUES (?, ?)", in.RoleID, id); err != nil {
				return err
			}
		}
		return nil
	}))
}

func (s *Service) roleLevel(ctx context.Context, roleID int64) (int, error) {
	var level int
	err := s.db.NewSelect().Table("sys_role").Column("level").Where("id = ?", roleID).Scan(ctx, &level)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, httpx.NotFound("角色不存在")
	} else if err != nil {
		return 0, httpx.Internal(err)
	}
	return level, nil
}
