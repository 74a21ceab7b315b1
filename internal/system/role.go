package system

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/uniq"
)

// RoleView is a role with its menus and custom departments.
type RoleView struct {
	Role
	DataScopeLabel string  `json:"dataScopeLabel"`
	MenuIDs        []int64 `json:"menus"`
	DeptIDs        []int64 `json:"depts"`
	// Editable tells the page whether the caller may change the role (edit,
	// delete, menus, custom scope); the server checks again on every change.
	Editable bool `json:"editable"`
}

// RoleInput is the body of create and update.
type RoleInput struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Level       int     `json:"level"`
	DataScope   string  `json:"dataScope"`
	DeptIDs     []int64 `json:"deptIds"`
	// DzzIDs are the party organisations of a CUSTOM scope (each with its
	// subtree), stored by the org domain in the same transaction; absent =
	// unchanged. A scope other than CUSTOM drops both lists.
	DzzIDs httpx.Optional[[]int64] `json:"dzzIds"`
}

// customOrgs is what the save does to the role's custom organisations: replace
// them (with none unless the scope is CUSTOM), or keep them (nil).
func (in RoleInput) customOrgs() *[]int64 {
	none := []int64{}
	switch {
	case in.DataScope != ScopeCustom:
		return &none
	case !in.DzzIDs.Set:
		return nil
	case in.DzzIDs.Value == nil:
		return &none
	}
	ids := uniq.Of(*in.DzzIDs.Value)
	return &ids
}

var roleListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":    {Columns: []string{"r.name", "r.description"}, Match: httpx.Like},
		"dataScope": {Columns: []string{"r.data_scope"}},
	},
	Sorts:       map[string]string{"id": "r.id", "name": "r.name", "level": "r.level", "createTime": "r.created_at"},
	Key:         "r.id",
	DefaultSort: "r.level ASC, r.id ASC",
}

func (s *Service) roleRoutes(rs *httpx.Routes) {
	rs.Get("/api/roles", "role:list", "查询", httpx.ReadList(s.ListRoles))
	// The user editor assigns roles, so its permissions read the list too:
	// the roles the caller may grant.
	rs.Get("/api/roles/all", "role:list|user:add|user:edit", "选择角色", func(w http.ResponseWriter, r *http.Request) error {
		g, err := s.grantorOf(r.Context())
		if err != nil {
			return err
		}
		roles, _, err := s.visibleRoles(r.Context(), g)
		if err != nil {
			return httpx.Internal(err)
		}
		out := make([]map[string]any, len(roles))
		for i, ro := range roles {
			out[i] = map[string]any{"id": ro.ID, "name": ro.Name, "level": ro.Level}
		}
		return httpx.OK(w, out)
	})
	rs.Get("/api/roles/{id}", "role:list", "查看详情", func(w http.ResponseWriter, r *http.Request) error {
		id, _ := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
		v, err := s.roleView(r.Context(), id)
		if err != nil {
			return err
		}
		return httpx.OK(w, v)
	})
	rs.Post("/api/roles", "role:add", "新增", httpx.Create(func(ctx ctxT, in RoleInput) (*Role, error) {
		return s.SaveRole(ctx, in, true)
	}))
	rs.Put("/api/roles", "role:edit", "修改", httpx.Update(func(ctx ctxT, in RoleInput) error {
		_, err := s.SaveRole(ctx, in, false)
		return err
	}))
	rs.Delete("/api/roles", "role:del", "删除", httpx.IDsAction(s.DeleteRoles))
	rs.Put("/api/roles/menu", "role:edit", "分配菜单", httpx.Update(func(ctx ctxT, in roleMenusInput) error {
		return s.SetRoleMenus(ctx, in.ID, in.MenuIDs)
	}))
}

// roleMenusInput is the body of PUT /api/roles/menu.
type roleMenusInput struct {
	ID      int64   `json:"id"`
	MenuIDs []int64 `json:"menuIds"`
}

// ListRoles is a page of roles (without their menus and departments): for
// a non-admin, the roles it manages and the system roles it may grant, each
// flagged editable or not (the page hides the buttons of the others).
func (s *Service) ListRoles(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[RoleView], error) {
	g, err := s.grantorOf(ctx)
	if err != nil {
		return httpx.PageResult[RoleView]{}, err
	}
	q := s.db.NewSelect().Model((*Role)(nil))
	var facts map[int64]roleFacts
	if !g.admin {
		roles, f, err := s.visibleRoles(ctx, g)
		if err != nil {
			return httpx.PageResult[RoleView]{}, httpx.Internal(err)
		}
		facts = f
		ids := make([]int64, len(roles))
		for i, ro := range roles {
			ids[i] = ro.ID
		}
		if len(ids) == 0 {
			q = q.Where("1 = 0")
		} else {
			q = q.Where("r.id IN (?)", bun.In(ids))
		}
	}
	page, err := httpx.Paged[Role](ctx, q, roleListSpec, lq)
	if err != nil {
		return httpx.PageResult[RoleView]{}, err
	}
	views := make([]RoleView, len(page.Content))
	for i, ro := range page.Content {
		views[i] = RoleView{Role: ro, DataScopeLabel: ScopeLabels[ro.DataScope], MenuIDs: []int64{}, DeptIDs: []int64{},
			Editable: g.editable(ro.ID, facts[ro.ID])}
	}
	return httpx.WithContent(page, views), nil
}

func (s *Service) roleView(ctx context.Context, id int64) (RoleView, error) {
	g, err := s.grantorOf(ctx)
	if err != nil {
		return RoleView{}, err
	}
	ro, f, err := s.visibleRole(ctx, g, id)
	if err != nil {
		return RoleView{}, err
	}
	v := RoleView{Role: *ro, DataScopeLabel: ScopeLabels[ro.DataScope], MenuIDs: []int64{}, DeptIDs: []int64{},
		Editable: g.editable(id, f)}
	if err := s.db.NewSelect().Table("sys_role_menu").Column("menu_id").Where("role_id = ?", id).Scan(ctx, &v.MenuIDs); err != nil {
		return RoleView{}, httpx.Internal(err)
	}
	if err := s.db.NewSelect().Table("sys_role_dept").Column("dept_id").Where("role_id = ?", id).Scan(ctx, &v.DeptIDs); err != nil {
		return RoleView{}, httpx.Internal(err)
	}
	return v, nil
}

// checkRoleValues refuses what a non-admin may not put into a role: a level
// above its own, a data scope wider than its own, custom departments (with
// their subtrees) outside its scope.
func (s *Service) checkRoleValues(ctx context.Context, g *grantor, in RoleInput) error {
	if g.admin {
		return nil
	}
	if in.Level < g.level {
		return httpx.Forbidden("不能操作比您自己级别更高的角色")
	}
	if !g.scopeAllowed(in.DataScope) {
		return httpx.Forbidden("角色的数据范围不能超出您自己的数据范围")
	}
	inside, err := s.deptsInside(ctx, g, in.DeptIDs)
	if err != nil {
		return httpx.Internal(err)
	}
	if !inside {
		return httpx.Forbidden("所选部门（含下级部门）超出了您的管理范围")
	}
	return nil
}

// SaveRole creates (create=true) or updates a role.
func (s *Service) SaveRole(ctx context.Context, in RoleInput, create bool) (*Role, error) {
	in.Name, in.Description = strings.TrimSpace(in.Name), strings.TrimSpace(in.Description)
	switch {
	case in.Name == "" || len([]rune(in.Name)) > 32:
		return nil, httpx.Invalid("name", "请输入角色名称（不超过32个字）")
	case len([]rune(in.Description)) > 255:
		return nil, httpx.Invalid("description", "描述不能超过255个字")
	case in.Level < 1 || in.Level > 99:
		return nil, httpx.Invalid("level", "角色级别应在 1 到 99 之间")
	case ScopeLabels[in.DataScope] == "":
		return nil, httpx.Invalid("dataScope", "数据范围无效")
	case in.DataScope == ScopeCustom && len(in.DeptIDs) == 0 && (in.customOrgs() == nil || len(*in.customOrgs()) == 0):
		return nil, httpx.Invalid("dzzIds", "自定义数据范围须选择党组织或部门")
	case in.customOrgs() != nil && len(*in.customOrgs()) > maxCustomOrgs:
		return nil, httpx.Invalid("dzzIds", "最多选择%d个党组织", maxCustomOrgs)
	}
	g, err := s.grantorOf(ctx)
	if err != nil {
		return nil, err
	}
	if create {
		in.ID = 0 // never a chosen id
	} else if _, err := s.roleForChange(ctx, g, in.ID); err != nil {
		return nil, err
	}
	if in.DataScope != ScopeCustom {
		in.DeptIDs = nil
	}
	in.DeptIDs = uniq.Of(in.DeptIDs)
	if len(in.DeptIDs) > 0 {
		n, err := s.db.NewSelect().Model((*Dept)(nil)).Where("id IN (?)", bun.In(in.DeptIDs)).Count(ctx)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if int(n) != len(in.DeptIDs) {
			return nil, httpx.Invalid("deptIds", "所选部门不存在")
		}
	}
	if err := s.checkRoleValues(ctx, g, in); err != nil {
		return nil, err
	}
	now := s.now()
	role := &Role{ID: in.ID, Name: in.Name, Description: in.Description, Level: in.Level, DataScope: in.DataScope, Stamps: db.StampsAt(now)}
	if create && !g.admin && !g.rule.All {
		// The role belongs to its creator's part of the university; callers
		// whose scope covers that part manage it. A creator with the whole
		// university as its scope makes a university-level role (no owner).
		p := rbac.From(ctx)
		role.OwnerDeptID, role.OwnerOrgID = p.DeptID, p.OrgID
		if !g.hasDept(role.OwnerDeptID) || !g.hasOrg(role.OwnerOrgID) {
			return nil, httpx.Forbidden("您所在的部门或党组织不在您的数据范围内，不能新建角色")
		}
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if create {
			if _, err := tx.NewInsert().Model(role).Returning("id").Exec(ctx); err != nil {
				return err
			}
		} else {
			if _, err := tx.NewUpdate().Model(role).Column("name", "description", "level", "data_scope", "updated_at").WherePK().Exec(ctx); err != nil {
				return err
			}
			if _, err := tx.NewDelete().Table("sys_role_dept").Where("role_id = ?", role.ID).Exec(ctx); err != nil {
				return err
			}
		}
		for _, d := range in.DeptIDs {
			if _, err := tx.ExecContext(ctx, "INSERT INTO sys_role_dept (role_id, dept_id) VALUES (?, ?)", role.ID, d); err != nil {
				return err
			}
		}
		if orgs := in.customOrgs(); orgs != nil {
			// The org domain checks them against the caller's scope (a caller
			// gives only organisations whose subtrees it holds) and stores them.
			return s.bus.Publish(ctx, tx, RoleOrgsSet{RoleID: role.ID, OrgIDs: *orgs})
		}
		return nil
	})
	if db.IsUniqueViolation(err) {
		return nil, httpx.Conflict("角色名称“%s”已存在", in.Name)
	} else if err != nil {
		return nil, httpx.AsError(err)
	}
	return role, nil
}

// maxCustomOrgs bounds the organisations of one custom scope.
const maxCustomOrgs = 1000

// DeleteRoles removes roles no user holds (and that the caller may change).
func (s *Service) DeleteRoles(ctx context.Context, ids []int64) error {
	g, err := s.grantorOf(ctx)
	if err != nil {
		return err
	}
	ids = uniq.Of(ids)
	roles := make([]*Role, 0, len(ids))
	for _, id := range ids {
		ro, err := s.roleForChange(ctx, g, id)
		if err != nil {
			return err
		}
		roles = append(roles, ro)
	}
	for _, ro := range roles {
		n, err := s.db.NewSelect().Table("sys_user_role").Where("role_id = ?", ro.ID).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n > 0 {
			return httpx.BadRequest("角色“%s”仍有 %d 个用户使用，不能删除", ro.Name, n)
		}
	}
	if _, err := s.db.NewDelete().Model((*Role)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// SetRoleMenus replaces a role's menus. A non-admin may only grant menus they
// hold themselves, so role editing can never raise anyone's permissions
// above the editor's.
func (s *Service) SetRoleMenus(ctx context.Context, roleID int64, menuIDs []int64) error {
	g, err := s.grantorOf(ctx)
	if err != nil {
		return err
	}
	if _, err := s.roleForChange(ctx, g, roleID); err != nil {
		return err
	}
	menuIDs = uniq.Of(menuIDs)
	if len(menuIDs) > 0 {
		n, err := s.db.NewSelect().Model((*Menu)(nil)).Where("id IN (?)", bun.In(menuIDs)).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if int(n) != len(menuIDs) {
			return httpx.Invalid("menuIds", "所选菜单不存在")
		}
	}
	if p := rbac.From(ctx); !g.admin && len(menuIDs) > 0 {
		var own []int64
		if err := s.db.NewSelect().Table("sys_role_menu").ColumnExpr("DISTINCT menu_id").
			Where("role_id IN (SELECT role_id FROM sys_user_role WHERE user_id = ?)", p.UserID).Scan(ctx, &own); err != nil {
			return httpx.Internal(err)
		}
		mine := map[int64]bool{}
		for _, id := range own {
			mine[id] = true
		}
		for _, id := range menuIDs {
			if !mine[id] {
				return httpx.Forbidden("只能分配您自己拥有的菜单和权限")
			}
		}
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewDelete().Table("sys_role_menu").Where("role_id = ?", roleID).Exec(ctx); err != nil {
			return err
		}
		for _, id := range menuIDs {
			if _, err := tx.ExecContext(ctx, "INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?)", roleID, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return httpx.Internal(err)
	}
	return nil
}
