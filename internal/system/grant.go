package system

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// A caller grants only what it holds itself. grantor is what a caller may
// give away, read once per request: its permissions, its most powerful role
// level, its scope rule and the departments and party organisations that rule
// covers. The administrator (the `admin` permission) is exempt from all of it.
//
// The rules, applied on every path that writes sys_role, sys_role_menu,
// sys_role_dept, dzz_role_scope or sys_user_role:
//   - a role is grantable when its permissions are a subset of the caller's,
//     its level is not above the caller's, its data scope is allowed by the
//     caller's rule (scopeAllowed) and its custom departments and
//     organisations, each with its whole subtree, lie inside the caller's scope;
//   - a role is manageable (read, edit, delete) when it is grantable, not a
//     system role, owned inside the caller's scope and held by nobody outside it;
//   - a caller sees the roles it manages and the system roles it may grant;
//   - nobody changes a role it holds, nor its own role assignment;
//   - a user is managed only when every role it holds is grantable (so a
//     college administrator cannot reset the password of a university-level one).
type grantor struct {
	admin  bool
	self   int64
	perms  map[string]bool
	level  int
	rule   rbac.ScopeRule
	depts  DeptScope
	deptIn map[int64]bool
	orgAll bool
	orgIn  map[int64]bool
	held   map[int64]bool // the roles the caller holds
}

func (s *Service) grantorOf(ctx context.Context) (*grantor, error) {
	p := rbac.From(ctx)
	if p == nil {
		return nil, httpx.Unauthorized
	}
	g := &grantor{admin: p.IsAdmin(), self: p.UserID, perms: p.Perms, held: map[int64]bool{}}
	var held []int64
	if err := s.db.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", p.UserID).Scan(ctx, &held); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, id := range held {
		g.held[id] = true
	}
	if g.admin {
		g.depts, g.orgAll = DeptScope{All: true, Self: true}, true
		return g, nil
	}
	var err error
	if g.level, err = s.CallerLevel(ctx); err != nil {
		return nil, err
	}
	if g.rule, err = s.ScopeRuleOf(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	if g.depts, err = s.DeptScopeOf(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	g.deptIn = idSet(g.depts.DeptIDs)
	if s.orgs == nil {
		g.orgAll = true // no organisation domain: there is no organisation to protect
	} else {
		all, ids, err := s.orgs.ScopeIDs(ctx)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		g.orgAll, g.orgIn = all, idSet(ids)
	}
	return g, nil
}

func idSet(ids []int64) map[int64]bool {
	m := make(map[int64]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// hasDept: an account or role without a department is university-level,
// inside only a scope that covers every department.
func (g *grantor) hasDept(id *int64) bool {
	if g.admin || g.depts.All {
		return true
	}
	return id != nil && g.deptIn[*id]
}

// hasOrg: an account or role without a party organisation has no anchor in
// that tree (its LEVEL/LEVEL_AND_BELOW roles reach no organisation), so it is
// outside nobody's organisation scope.
func (g *grantor) hasOrg(id *int64) bool {
	if g.admin || g.orgAll || id == nil {
		return true
	}
	return g.orgIn[*id]
}

// scopeAllowed tells whether the caller may give a role the data scope ds.
// LEVEL and LEVEL_AND_BELOW are anchored at the holder's department and
// organisation, which must lie inside the caller's scope; LEVEL_AND_BELOW then
// stays inside only when that scope is closed under subtrees. A caller whose
// rule adds a single node (LEVEL) without its subtree is not closed, even
// when it also has CUSTOM subtrees: that node's children are outside.
func (g *grantor) scopeAllowed(ds string) bool {
	if g.admin || g.rule.All {
		return true
	}
	r := g.rule
	nodes := r.Level || r.Below || len(r.CustomRoles) > 0
	switch ds {
	case ScopeSelf:
		return true
	case ScopeLevel, ScopeCustom:
		return nodes
	case ScopeLevelAndBelow:
		return (r.Below || len(r.CustomRoles) > 0) && (r.Below || !r.Level)
	}
	return false // ALL
}

// deptsInside tells whether the departments, each with everything below it
// (how a CUSTOM role applies them), lie inside the caller's scope.
func (s *Service) deptsInside(ctx context.Context, g *grantor, roots []int64) (bool, error) {
	if g.admin || g.depts.All || len(roots) == 0 {
		return true, nil
	}
	below, err := s.deptSubtree(ctx, roots)
	if err != nil {
		return false, err
	}
	for _, id := range below {
		if !g.deptIn[id] {
			return false, nil
		}
	}
	return true, nil
}

// roleFacts is what the caller may do with a role.
type roleFacts struct {
	grantable  bool // may give it to a user
	manageable bool // may read, edit and delete it
}

// visible: the roles a caller manages, and the system roles it may grant.
func (f roleFacts) visible(r Role) bool { return f.manageable || (r.IsSystem && f.grantable) }

// editable tells the role page whether the caller may change the role: it
// manages it and does not hold it (roleForChange checks again on the change).
func (g *grantor) editable(id int64, f roleFacts) bool {
	return g.admin || (f.manageable && !g.held[id])
}

// judgeRoles decides grantable and manageable for each role in a handful of
// queries (roles are few; the holder query reads only candidate roles, never
// the big system roles every member holds).
func (s *Service) judgeRoles(ctx context.Context, g *grantor, roles []Role) (map[int64]roleFacts, error) {
	out := make(map[int64]roleFacts, len(roles))
	if len(roles) == 0 {
		return out, nil
	}
	if g.admin {
		for _, r := range roles {
			out[r.ID] = roleFacts{grantable: true, manageable: true}
		}
		return out, nil
	}
	ids := make([]int64, len(roles))
	for i, r := range roles {
		ids[i] = r.ID
	}
	bad := map[int64]bool{} // not grantable
	var perms []struct {
		RoleID     int64  `bun:"role_id"`
		Permission string `bun:"permission"`
	}
	if err := s.db.NewSelect().TableExpr("sys_role_menu AS rm").ColumnExpr("DISTINCT rm.role_id, m.permission").
		Join("JOIN sys_menu AS m ON m.id = rm.menu_id").Where("rm.role_id IN (?)", bun.In(ids)).
		Where("m.permission <> ''").Scan(ctx, &perms); err != nil {
		return nil, err
	}
	for _, p := range perms {
		if !g.perms[p.Permission] {
			bad[p.RoleID] = true
		}
	}
	if !g.depts.All {
		var rows []struct {
			RoleID int64 `bun:"role_id"`
			DeptID int64 `bun:"dept_id"`
		}
		if err := s.db.NewSelect().Table("sys_role_dept").Column("role_id", "dept_id").Where("role_id IN (?)", bun.In(ids)).Scan(ctx, &rows); err != nil {
			return nil, err
		}
		custom := map[int64][]int64{}
		for _, r := range rows {
			custom[r.RoleID] = append(custom[r.RoleID], r.DeptID)
		}
		for id, roots := range custom {
			ok, err := s.deptsInside(ctx, g, roots)
			if err != nil {
				return nil, err
			}
			if !ok {
				bad[id] = true
			}
		}
	}
	if !g.orgAll {
		outside, err := s.orgs.RoleOrgsOutside(ctx, ids)
		if err != nil {
			return nil, err
		}
		for id := range outside {
			bad[id] = true
		}
	}
	var candidates []int64
	for _, r := range roles {
		f := roleFacts{grantable: !bad[r.ID] && r.Level >= g.level && g.scopeAllowed(r.DataScope)}
		f.manageable = f.grantable && !r.IsSystem && g.hasDept(r.OwnerDeptID) && g.hasOrg(r.OwnerOrgID)
		if f.manageable {
			candidates = append(candidates, r.ID)
		}
		out[r.ID] = f
	}
	if len(candidates) > 0 {
		var holders []struct {
			RoleID int64  `bun:"role_id"`
			DeptID *int64 `bun:"dept_id"`
			OrgID  *int64 `bun:"org_id"`
		}
		if err := s.db.NewSelect().TableExpr("sys_user_role AS ur").ColumnExpr("DISTINCT ur.role_id, u.dept_id, u.org_id").
			Join("JOIN sys_user AS u ON u.id = ur.user_id").Where("ur.role_id IN (?)", bun.In(candidates)).
			Scan(ctx, &holders); err != nil {
			return nil, err
		}
		for _, h := range holders {
			if !g.hasDept(h.DeptID) || !g.hasOrg(h.OrgID) {
				f := out[h.RoleID]
				f.manageable = false
				out[h.RoleID] = f
			}
		}
	}
	return out, nil
}

// roleForChange loads a role the caller is about to change (edit, delete,
// menus, custom departments or organisations) and refuses: a role the caller
// holds (403), a system role (403: their names are known to every user
// editor, only admin changes them), one it does not manage (404, like any
// out-of-scope record).
func (s *Service) roleForChange(ctx context.Context, g *grantor, id int64) (*Role, error) {
	var ro Role
	if err := s.db.NewSelect().Model(&ro).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, httpx.NotFound("角色不存在")
	}
	if g.admin {
		return &ro, nil
	}
	if g.held[id] {
		return nil, httpx.Forbidden("不能修改自己所持有的角色")
	}
	if ro.IsSystem {
		return nil, httpx.Forbidden("系统内置角色只能由超级管理员修改")
	}
	facts, err := s.judgeRoles(ctx, g, []Role{ro})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if !facts[id].manageable {
		return nil, httpx.NotFound("角色不存在")
	}
	return &ro, nil
}

// CheckRoleEditable is roleForChange for other domains (the custom
// organisations of a role are stored by the org domain).
func (s *Service) CheckRoleEditable(ctx context.Context, roleID int64) error {
	g, err := s.grantorOf(ctx)
	if err != nil {
		return err
	}
	_, err = s.roleForChange(ctx, g, roleID)
	return err
}

// CheckRoleVisible answers 404 for a role the caller may not read.
func (s *Service) CheckRoleVisible(ctx context.Context, roleID int64) error {
	g, err := s.grantorOf(ctx)
	if err != nil {
		return err
	}
	_, _, err = s.visibleRole(ctx, g, roleID)
	return err
}

func (s *Service) visibleRole(ctx context.Context, g *grantor, id int64) (*Role, roleFacts, error) {
	var ro Role
	if err := s.db.NewSelect().Model(&ro).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, roleFacts{}, httpx.NotFound("角色不存在")
	}
	facts, err := s.judgeRoles(ctx, g, []Role{ro})
	if err != nil {
		return nil, roleFacts{}, httpx.Internal(err)
	}
	if !facts[id].visible(ro) {
		return nil, roleFacts{}, httpx.NotFound("角色不存在")
	}
	return &ro, facts[id], nil
}

// visibleRoles lists the roles the caller may see, with what it may do with each.
func (s *Service) visibleRoles(ctx context.Context, g *grantor) ([]Role, map[int64]roleFacts, error) {
	var roles []Role
	if err := s.db.NewSelect().Model(&roles).OrderExpr("r.level, r.id").Scan(ctx); err != nil {
		return nil, nil, err
	}
	facts, err := s.judgeRoles(ctx, g, roles)
	if err != nil {
		return nil, nil, err
	}
	out := roles[:0]
	for _, r := range roles {
		if facts[r.ID].visible(r) {
			out = append(out, r)
		}
	}
	return out, facts, nil
}

// checkGrant refuses roles the caller may not give: unknown or invisible
// ones as "not found" (400, as any unknown reference in a body), visible ones
// beyond the caller's permissions or scope with 403.
func (s *Service) checkGrant(ctx context.Context, g *grantor, roleIDs []int64) error {
	roleIDs = httpx.UniqueIDs(roleIDs)
	if len(roleIDs) == 0 {
		return nil
	}
	var roles []Role
	if err := s.db.NewSelect().Model(&roles).Where("id IN (?)", bun.In(roleIDs)).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	if len(roles) != len(roleIDs) {
		return httpx.BadRequest("所选角色不存在")
	}
	facts, err := s.judgeRoles(ctx, g, roles)
	if err != nil {
		return httpx.Internal(err)
	}
	for _, r := range roles {
		f := facts[r.ID]
		switch {
		case f.grantable && (r.IsSystem || f.manageable):
		case r.IsSystem:
			return httpx.Forbidden("不能授予超出您自己权限或数据范围的角色：%s", r.Name)
		default:
			return httpx.BadRequest("所选角色不存在")
		}
	}
	return nil
}

// checkDominates refuses (403) to act on users holding a role the caller
// could not grant: they are more powerful than the caller in permissions,
// level or scope.
func (s *Service) checkDominates(ctx context.Context, g *grantor, userIDs []int64) error {
	if g.admin || len(userIDs) == 0 {
		return nil
	}
	var roles []Role
	if err := s.db.NewSelect().Model(&roles).
		Where("r.id IN (SELECT role_id FROM sys_user_role WHERE user_id IN (?))", bun.In(userIDs)).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	facts, err := s.judgeRoles(ctx, g, roles)
	if err != nil {
		return httpx.Internal(err)
	}
	for _, r := range roles {
		if !facts[r.ID].grantable {
			return httpx.Forbidden("不能操作权限或数据范围超出您自己的用户")
		}
	}
	return nil
}

// rolesOf lists the roles a user holds.
func (s *Service) rolesOf(ctx context.Context, idb bun.IDB, userID int64) ([]int64, error) {
	var ids []int64
	err := idb.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", userID).Scan(ctx, &ids)
	return ids, err
}

// added is the ids of want that have is lacks.
func added(want, have []int64) []int64 {
	h := idSet(have)
	var out []int64
	for _, id := range httpx.UniqueIDs(want) {
		if !h[id] {
			out = append(out, id)
		}
	}
	return out
}

// sameIDs tells whether a and b hold the same ids (as sets).
func sameIDs(a, b []int64) bool {
	return len(added(a, b)) == 0 && len(added(b, a)) == 0
}
