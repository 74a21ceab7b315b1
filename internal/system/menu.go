package system

import (
	"context"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/rbac"
)

// RouteMeta is the meta block of a front-end route.
type RouteMeta struct {
	Title   string `json:"title"`
	Icon    string `json:"icon"`
	NoCache bool   `json:"noCache"`
	Extpath string `json:"extpath,omitempty"`
	// Workbench and WorkbenchTitle: a first-level entry's mode of the top bar (its key and name).
	Workbench      string `json:"workbench,omitempty"`
	WorkbenchTitle string `json:"workbenchTitle,omitempty"`
}

// RouteNode is a menu as the front end's router needs it.
type RouteNode struct {
	Path       string       `json:"path"`
	Component  string       `json:"component"`
	Name       string       `json:"name"`
	Hidden     bool         `json:"hidden"`
	Redirect   string       `json:"redirect,omitempty"`
	AlwaysShow bool         `json:"alwaysShow,omitempty"`
	Meta       RouteMeta    `json:"meta"`
	Children   []*RouteNode `json:"children,omitempty"`
}

func (s *Service) menuRoutes(rs *httpx.Routes) {
	rs.Get("/api/menus/myTree", httpx.SignedIn, "获取本人菜单", httpx.Read(s.MyRoutes))
	rs.Get("/api/menus/headMenu", httpx.SignedIn, "获取顶部菜单", func(w http.ResponseWriter, r *http.Request) error {
		tree, err := s.MyRoutes(r.Context())
		if err != nil {
			return err
		}
		head := make([]RouteNode, 0, len(tree))
		for _, n := range tree {
			c := *n
			c.Children = nil
			head = append(head, c)
		}
		return httpx.OK(w, head)
	})
	rs.Get("/api/menus/tree", "menu:list", "查询", func(w http.ResponseWriter, r *http.Request) error {
		menus, err := s.allMenus(r.Context())
		if err != nil {
			return err
		}
		return httpx.OK(w, menuTree(menus))
	})
	rs.Post("/api/menus", "menu:add", "新增", func(w http.ResponseWriter, r *http.Request) error {
		var m Menu
		if err := httpx.Decode(r, &m); err != nil {
			return err
		}
		m.ID = 0
		if err := s.SaveMenu(r.Context(), &m); err != nil {
			return err
		}
		return httpx.Created(w, m)
	})
	rs.Put("/api/menus", "menu:edit", "修改", func(w http.ResponseWriter, r *http.Request) error {
		var m Menu
		if err := httpx.Decode(r, &m); err != nil {
			return err
		}
		if m.ID == 0 {
			return httpx.Invalid("id", "缺少菜单编号")
		}
		if err := s.SaveMenu(r.Context(), &m); err != nil {
			return err
		}
		return httpx.NoContent(w)
	})
	rs.Delete("/api/menus", "menu:del", "删除", httpx.IDsAction(s.DeleteMenus))
	s.workbenchRoutes(rs)
}

func (s *Service) allMenus(ctx context.Context) ([]*Menu, error) {
	var menus []*Menu
	if err := s.db.NewSelect().Model(&menus).OrderExpr("m.sort, m.id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return menus, nil
}

// menuTree nests a flat, sorted list by pid (one query, built in memory).
func menuTree(menus []*Menu) []*Menu {
	byID := make(map[int64]*Menu, len(menus))
	for _, m := range menus {
		m.Children = nil
		byID[m.ID] = m
	}
	roots := []*Menu{}
	for _, m := range menus {
		if m.PID != nil {
			if p, ok := byID[*m.PID]; ok {
				p.Children = append(p.Children, m)
				continue
			}
		}
		roots = append(roots, m)
	}
	return roots
}

// MyRoutes is the caller's visible menu tree in route shape: directories and
// pages the caller's roles grant (with their ancestors), directories without
// a visible page dropped, buttons left out.
func (s *Service) MyRoutes(ctx context.Context) ([]*RouteNode, error) {
	menus, err := s.allMenus(ctx)
	if err != nil {
		return nil, err
	}
	p := rbac.From(ctx)
	granted := map[int64]bool{}
	if !p.IsAdmin() {
		var ids []int64
		if err := s.db.NewSelect().Table("sys_role_menu").ColumnExpr("DISTINCT menu_id").
			Where("role_id IN (SELECT role_id FROM sys_user_role WHERE user_id = ?)", p.UserID).Scan(ctx, &ids); err != nil {
			return nil, httpx.Internal(err)
		}
		for _, id := range ids {
			granted[id] = true
		}
	}
	var build func(list []*Menu, depth int) []*RouteNode
	build = func(list []*Menu, depth int) []*RouteNode {
		out := []*RouteNode{}
		for _, m := range list {
			if m.Type == MenuButton {
				continue
			}
			n := &RouteNode{Path: m.Path, Component: m.Component, Name: m.Name, Hidden: m.Hidden,
				Meta: RouteMeta{Title: m.Title, Icon: m.Icon, NoCache: m.NoCache, Extpath: m.Extpath}}
			if depth == 0 {
				n.Meta.Workbench, n.Meta.WorkbenchTitle = m.Workbench, module.WorkbenchTitle(m.Workbench)
			}
			if n.Name == "" {
				n.Name = "Menu" + strconv.FormatInt(m.ID, 10)
			}
			if m.Type == MenuDir {
				n.Children = build(m.Children, depth+1)
				if len(n.Children) == 0 {
					continue
				}
				if depth == 0 {
					n.Component, n.AlwaysShow, n.Redirect = "Layout", true, "noredirect"
				} else if n.Component == "" || n.Component == "Layout" {
					n.Component = "ParentView"
				}
			} else if !p.IsAdmin() && !granted[m.ID] {
				continue
			}
			out = append(out, n)
		}
		return out
	}
	return build(menuTree(menus), 0), nil
}

var (
	componentPattern  = regexp.MustCompile(`^[A-Za-z0-9_\-/]{0,200}$`)
	pathPattern       = regexp.MustCompile(`^/?[A-Za-z0-9_\-/:.]{0,200}$`)
	permissionPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_:\-]{0,99}$`)
	extpathPattern    = regexp.MustCompile(`^(https?://[^\s<>"']+|/[^\s<>"']*)$`)
)

// SaveMenu validates and inserts (ID 0) or updates a menu entry.
func (s *Service) SaveMenu(ctx context.Context, m *Menu) error {
	m.Title, m.Path, m.Component = strings.TrimSpace(m.Title), strings.TrimSpace(m.Path), strings.TrimSpace(m.Component)
	m.Permission, m.Extpath, m.Name = strings.TrimSpace(m.Permission), strings.TrimSpace(m.Extpath), strings.TrimSpace(m.Name)
	switch {
	case m.Type < MenuDir || m.Type > MenuButton:
		return httpx.Invalid("type", "菜单类型无效")
	case m.Title == "" || len([]rune(m.Title)) > 50 || strings.ContainsAny(m.Title, "<>"):
		return httpx.Invalid("title", "请输入菜单名称（不超过50个字，不能包含 < >）")
	case m.Type == MenuButton && !permissionPattern.MatchString(m.Permission):
		return httpx.Invalid("permission", "按钮须填写权限标识，如 user:add")
	case m.Permission != "" && !permissionPattern.MatchString(m.Permission):
		return httpx.Invalid("permission", "权限标识只能包含字母、数字、冒号、下划线和连字符")
	case m.Permission == rbac.Admin:
		// A menu carrying "admin" would make every holder of its roles a super administrator.
		return httpx.Invalid("permission", "权限标识 admin 为超级管理员保留")
	case m.Type != MenuButton && (m.Path == "" || !pathPattern.MatchString(m.Path)):
		return httpx.Invalid("path", "请输入正确的路由地址")
	case m.Type == MenuPage && m.Extpath == "" && (m.Component == "" || !componentPattern.MatchString(m.Component)):
		return httpx.Invalid("component", "请输入组件路径，如 system/user")
	case m.Component != "" && !componentPattern.MatchString(m.Component):
		return httpx.Invalid("component", "组件路径只能包含字母、数字、斜线、下划线和连字符")
	case m.Extpath != "" && !extpathPattern.MatchString(m.Extpath):
		return httpx.Invalid("extpath", "外部地址须以 http://、https:// 或 / 开头")
	case len(m.Icon) > 100:
		return httpx.Invalid("icon", "图标或路由名称过长")
	case len(m.Name) > 100:
		return httpx.Invalid("name", "图标或路由名称过长")
	}
	// Which permission a menu entry carries decides what every role holding
	// it grants: only admin creates, changes or moves such entries (a
	// non-admin could otherwise attach a permission to a menu it holds, or
	// rename another role's button to one it lacks).
	if !rbac.From(ctx).IsAdmin() {
		if m.Permission != "" {
			return httpx.Forbidden("带权限标识的菜单只能由超级管理员新增或修改")
		}
		if m.ID != 0 {
			var old string
			if err := s.db.NewSelect().Model((*Menu)(nil)).Column("permission").Where("id = ?", m.ID).Scan(ctx, &old); err != nil {
				return httpx.NotFound("菜单不存在")
			}
			if old != "" {
				return httpx.Forbidden("带权限标识的菜单只能由超级管理员新增或修改")
			}
		}
	}
	if m.PID == nil && m.Type != MenuDir {
		return httpx.Invalid("pid", "顶级菜单必须是目录")
	}
	if m.PID == nil && !strings.HasPrefix(m.Path, "/") {
		m.Path = "/" + m.Path
	}
	if m.PID == nil {
		m.Component = "Layout"
		if m.Workbench = strings.TrimSpace(m.Workbench); !validWorkbench(m.Workbench) {
			return httpx.Invalid("workbench", "请选择一级菜单所属的工作台")
		}
	} else {
		// Only a first-level menu is shown by mode; below it the entry follows its parent.
		m.Workbench = ""
	}
	if m.PID != nil {
		var parent Menu
		if err := s.db.NewSelect().Model(&parent).Where("id = ?", *m.PID).Scan(ctx); err != nil {
			return httpx.Invalid("pid", "上级菜单不存在")
		}
		if parent.Type == MenuButton {
			return httpx.Invalid("pid", "按钮下不能再添加菜单")
		}
		if m.ID != 0 {
			below, err := s.menuSubtree(ctx, m.ID)
			if err != nil {
				return httpx.Internal(err)
			}
			for _, id := range below {
				if id == *m.PID {
					return httpx.Invalid("pid", "不能把菜单移到它自己或它的下级之下")
				}
			}
		}
	}
	now := s.now()
	m.UpdatedAt = now
	var err error
	if m.ID == 0 {
		m.CreatedAt = now
		_, err = s.db.NewInsert().Model(m).Returning("id").Exec(ctx)
	} else {
		var res interface{ RowsAffected() (int64, error) }
		res, err = s.db.NewUpdate().Model(m).ExcludeColumn("id", "created_at").WherePK().Exec(ctx)
		if err == nil {
			if n, _ := res.RowsAffected(); n == 0 {
				return httpx.NotFound("菜单不存在")
			}
		}
	}
	if err != nil {
		return httpx.Internal(err)
	}
	return nil
}

func (s *Service) menuSubtree(ctx context.Context, id int64) ([]int64, error) {
	var ids []int64
	err := s.db.NewRaw(`WITH RECURSIVE sub(id) AS (
			SELECT id FROM sys_menu WHERE id = ?
			UNION SELECT m.id FROM sys_menu m JOIN sub ON m.pid = sub.id)
		SELECT id FROM sub`, id).Scan(ctx, &ids)
	return ids, err
}

// DeleteMenus removes entries with everything below them.
func (s *Service) DeleteMenus(ctx context.Context, ids []int64) error {
	all := map[int64]bool{}
	for _, id := range ids {
		below, err := s.menuSubtree(ctx, id)
		if err != nil {
			return httpx.Internal(err)
		}
		if len(below) == 0 {
			return httpx.NotFound("菜单不存在")
		}
		for _, b := range below {
			all[b] = true
		}
	}
	list := make([]int64, 0, len(all))
	for id := range all {
		list = append(list, id)
	}
	// Deleting an entry that carries a permission takes it from every role.
	if !rbac.From(ctx).IsAdmin() {
		n, err := s.db.NewSelect().Model((*Menu)(nil)).Where("id IN (?)", bun.In(list)).Where("permission <> ''").Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n > 0 {
			return httpx.Forbidden("带权限标识的菜单只能由超级管理员删除")
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i] > list[j] })
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewDelete().Model((*Menu)(nil)).Where("id IN (?)", bun.In(list)).Exec(ctx)
		return err
	})
	if err != nil {
		return httpx.Internal(err)
	}
	return nil
}
