// Package xbry is 选拔任用纪实: a record per selection and appointment of a
// cadre, from the 动议 through 民主推荐, 考察, 讨论决定 and 任前公示 to 任职
// (an appointment document issued through 职数管理, which fills the post's
// quota and writes the cadre's post) and the 试用期满考核, each step on the
// flow kit with its documents, printed as the 干部选拔任用工作纪实.
// Design: docs/cadre.md, 选拔任用纪实.
package xbry

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/cadre/quota"
	"zhdj/internal/org"
	"zhdj/internal/platform/calendar"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
	"zhdj/internal/unit"
)

// Service is 选拔任用纪实.
type Service struct {
	db     *bun.DB
	sys    *system.Service
	orgs   *org.Service
	units  *unit.Service
	cadres *cadre.Service
	quotas *quota.Service
	cal    *calendar.Calendar
	wf     *flow.Workflow[View]
	now    func() time.Time
}

// New builds the service over the cadre base's and 职数管理's Go APIs.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, units *unit.Service, cadres *cadre.Service,
	quotas *quota.Service, cal *calendar.Calendar) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, units: units, cadres: cadres, quotas: quotas, cal: cal,
		now: func() time.Time { return time.Now().UTC() }}
	s.wf = s.workflow()
	return s
}

// SetClock sets the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes 选拔任用纪实 to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "cadre/xbry", Migrations: Migrations(), Routes: s.Routes, Menus: menus(),
		Dicts: []module.DictUse{{Dict: quota.DictLevel, Table: "gb_xbry", Column: "level"}}}
}

func errNoSelection() *httpx.Error { return httpx.NotFound("选拔任用记录不存在") }

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("选拔任用")
	const base = "/api/gbxbry"
	rs.Get(base, Perms.List, "查询", httpx.ReadList(s.List))
	rs.Get(base+"/export", Perms.Export, "导出", s.export)
	rs.Get(base+"/{id}", Perms.List, "查看纪实", httpx.ReadOn(errNoSelection, s.Detail))
	rs.Post(base, Perms.Add, "发起动议", httpx.Create(s.Create))
	rs.Put(base, Perms.Edit, "修改动议", httpx.Create(s.Update))
	rs.Delete(base, Perms.Del, "删除", httpx.IDsAction(s.Delete))
	rs.Post(base+"/{id}/stop", Perms.Del, "终止", httpx.ActionOn(errNoSelection, s.Stop))
	s.wf.Routes(rs, base, flow.Perms{View: Perms.List})
}

// link is the page a to-do opens.
func link(id int64) string { return fmt.Sprintf("%s/xbry?id=%d", MenuDir, id) }

// scope is the caller's selections (alias x): those of the units of the
// caller's unit scope (the cadre office and the organisation department
// see the whole school).
func (s *Service) scope(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
	return record.ScopeOn(s.units.ScopeOf, "x.unit_id")(ctx)
}
