// Package unit is the unit information base (单位信息库): the departments of
// sys_dept described as units (code, type, leader, paired party
// organisation, status), their change trail and their leadership teams.
package unit

import (
	"context"
	"net/http"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// Service is the unit domain.
type Service struct {
	db   *bun.DB
	sys  *system.Service
	orgs *org.Service
	now  func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, now: func() time.Time { return time.Now().UTC() }}
}

// Module describes the unit domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "unit", Migrations: Migrations(), Routes: s.Routes,
		Imports: []module.ImportKind{s.ImportKind()}, Menus: unitMenus(), Trail: TrailModule, Subscribe: s.subscribe,
		Dicts: append(trail.DictUses((*Info)(nil)), record.DictUses((*Team)(nil), map[string]string{"kind": DictTeamKind})...)}
}

// subscribe: a department described as a unit is revoked in the unit
// information base, never deleted through /api/dept, and its rename or move
// there is recorded in the unit trail.
func (s *Service) subscribe(b *event.Bus) {
	event.Subscribe(b, func(ctx context.Context, tx bun.Tx, e system.DeptDeleting) error {
		return s.checkDeptDelete(ctx, tx, e.IDs)
	})
	event.Subscribe(b, func(ctx context.Context, tx bun.Tx, e system.DeptChanged) error {
		return s.deptChanged(ctx, tx, e.Before, e.After)
	})
}

// Routes registers the unit domain's endpoints.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("单位信息")
	rs.Get("/api/dwxx", PermList, "查询", httpx.ReadList(s.List))
	rs.Get("/api/dwxx/trail", PermList, "查询变动轨迹", httpx.ReadList(s.trails().Across))
	rs.Get("/api/dwxx/export", PermList, "导出", s.handleExport)
	rs.Get("/api/dwxx/{id}", PermList, "查看详情", httpx.ReadID(errNotFound, func(r *http.Request, id int64) (View, error) {
		return s.Detail(r.Context(), id)
	}))
	rs.Post("/api/dwxx", PermAdd, "新增", httpx.Create(s.Create))
	rs.Put("/api/dwxx", PermEdit, "修改", httpx.Merged("缺少单位编号", s.current, s.Update))
	rs.Post("/api/dwxx/{id}/revoke", PermDel, "撤销", httpx.ActionOn(errNotFound, s.Revoke))
	rs.Post("/api/dwxx/{id}/restore", PermDel, "恢复", httpx.ReadID(errNotFound, func(r *http.Request, id int64) (View, error) {
		return s.Reinstate(r.Context(), id)
	}))
	rs.Get("/api/dwxx/{id}/trail", PermList, "查看变动轨迹", httpx.ListUnder(errNotFound, s.trails().Page))
	rs.Post("/api/dwxx/trail/restore", PermEdit, "还原变动", httpx.Action(s.RestoreTrail))
	rs.Get("/api/dwxx/{id}/ldbz", PermList, "查询领导班子", httpx.ReadID(errNotFound, func(r *http.Request, id int64) (httpx.PageResult[Team], error) {
		teams, err := s.Teams(r.Context(), id)
		return httpx.NewPage(teams, len(teams)), err
	}))
	rs.Post("/api/dwxx/{id}/ldbz", PermEdit, "新增领导班子", httpx.CreateUnder(errNotFound, s.CreateTeam))
	rs.Put("/api/dwxx/{id}/ldbz", PermEdit, "修改领导班子", httpx.UpdateUnder(errNotFound, s.UpdateTeam))
	rs.Delete("/api/dwxx/{id}/ldbz", PermEdit, "删除领导班子", httpx.DeleteUnder(errNotFound, s.DeleteTeams))
	rs.Get("/api/common/getDwInfo", httpx.SignedIn, "选择单位", httpx.ReadPicker(s.Picker))
	rs.Get("/api/common/ldbzxx", httpx.SignedIn, "选择领导班子", httpx.ReadPicker(s.TeamPicker))
}
