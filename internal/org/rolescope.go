package org

import (
	"context"
	"zhdj/internal/platform/uniq"

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

// RoleOrgs reads a role's custom organisations (a role the caller may see).
func (s *Service) RoleOrgs(ctx context.Context, roleID int64) (*RoleScope, error) {
	if err := s.sys.CheckRoleVisible(ctx, roleID); err != nil {
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

// SetRoleOrgs replaces a role's custom organisations. The caller must be
// allowed to change the role (the system domain decides: not one it holds,
// not a system role, one it manages), and may give only organisations whose
// whole subtree lies in its own scope: a CUSTOM role covers each
// organisation with everything below it, so a branch secretary with LEVEL
// giving its own branch would hand out the party groups under it too.
func (s *Service) SetRoleOrgs(ctx context.Context, in RoleScopeInput) error {
	if err := s.sys.CheckRoleEditable(ctx, in.RoleID); err != nil {
		return err
	}
	ids := uniq.Of(in.DzzIDs)
	if len(ids) > 1000 {
		return httpx.BadRequest("最多选择1000个党组织")
	}
	return mapErr(db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.replaceRoleOrgs(ctx, tx, in.RoleID, ids)
	}))
}

// replaceRoleOrgs checks the organisations a caller gives a custom scope
// (existing, in its scope: otherwise 404; each subtree inside it: otherwise
// 403) and makes them the role's, inside tx. Both paths that write a role's
// organisations (this domain's route and the role save's RoleOrgsSet) run it.
func (s *Service) replaceRoleOrgs(ctx context.Context, tx bun.Tx, roleID int64, ids []int64) error {
	if len(ids) > 0 {
		scope, err := s.ScopeOf(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		n, err := scope.Apply(tx.NewSelect().Model((*Org)(nil)).Where("z.id IN (?)", bun.In(ids)), "z.id").Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if int(n) != len(ids) {
			return errNotFound()
		}
		if inside, err := s.subtreeInside(ctx, scope, ids); err != nil {
			return httpx.Internal(err)
		} else if !inside {
			return httpx.Forbidden("所选党组织的下级组织超出了您的管理范围")
		}
	}
	if _, err := tx.NewDelete().Table("dzz_role_scope").Where("role_id = ?", roleID).Exec(ctx); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, "INSERT INTO dzz_role_scope (role_id, dzz_id) VALUES (?, ?)", roleID, id); err != nil {
			return err
		}
	}
	return nil
}

// subtreeInside tells whether the organisations with everything below them lie in scope.
func (s *Service) subtreeInside(ctx context.Context, scope Scope, roots []int64) (bool, error) {
	if scope.All {
		return true, nil
	}
	below, err := s.subtree(ctx, s.db, roots)
	if err != nil {
		return false, err
	}
	in := scope.Set()
	for _, id := range below {
		if !in[id] {
			return false, nil
		}
	}
	return true, nil
}

// ScopeIDs is the caller's organisation scope for the system domain's grant
// checks: an unanchored caller's is empty (it grants no organisation), not
// a refusal, so that it still manages what its departments allow.
func (s *Service) ScopeIDs(ctx context.Context) (bool, []int64, error) {
	sc, err := s.scope(ctx)
	return sc.All, sc.OrgIDs, err
}

// RoleOrgsOutside tells which of the roles have custom organisations
// (dzz_role_scope rows, whatever the role's current data scope: switching it
// back to CUSTOM would revive them) whose subtrees reach outside the caller's scope.
func (s *Service) RoleOrgsOutside(ctx context.Context, roleIDs []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(roleIDs) == 0 {
		return out, nil
	}
	scope, err := s.scope(ctx) // an unanchored caller's is empty: every role with organisations reaches outside it
	if err != nil || scope.All {
		return out, err
	}
	var rows []struct {
		RoleID int64 `bun:"role_id"`
		DzzID  int64 `bun:"dzz_id"`
	}
	if err := s.db.NewSelect().Table("dzz_role_scope").Column("role_id", "dzz_id").Where("role_id IN (?)", bun.In(roleIDs)).
		Scan(ctx, &rows); err != nil {
		return nil, err
	}
	byRole := map[int64][]int64{}
	for _, r := range rows {
		byRole[r.RoleID] = append(byRole[r.RoleID], r.DzzID)
	}
	for id, roots := range byRole {
		inside, err := s.subtreeInside(ctx, scope, roots)
		if err != nil {
			return nil, err
		}
		if !inside {
			out[id] = true
		}
	}
	return out, nil
}
