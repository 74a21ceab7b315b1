// Package weakorg is 软弱涣散党组织 (weak and lax party organisations, RULES
// §4): the yearly screening of the organisations against the criteria, the
// committee's recommendation and the 组织部's decision, and the
// rectification of a confirmed organisation up to its closing review
// (整顿销号), every step in the change trail. Design: docs/weakorg.md.
package weakorg

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Service is the weak-organisation domain.
type Service struct {
	db    *bun.DB
	sys   *system.Service
	orgs  *org.Service
	life  *orglife.Service
	now   func() time.Time
	cases *resource.Resource[Case, CaseView]
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, life *orglife.Service) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, life: life, now: func() time.Time { return time.Now().UTC() }}
	s.cases = s.caseResource()
	return s
}

// Module describes the domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "weakorg", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Trail: TrailModule,
		Dicts: []module.DictUse{{Dict: DictCriterion, Table: "rsrs_hit", Column: "criterion"}}, Reminders: s.reminders()}
}

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("软弱涣散党组织")
	const base = "/api/rsrs/cases"
	s.cases.Routes(rs, base, resource.Perms{List: PermList, Export: PermExport},
		resource.Without(resource.CreateRoute, resource.UpdateRoute, resource.DeleteRoute, resource.AcrossRoute, resource.RestoreRoute),
		resource.Replace(resource.DetailRoute, "查看", httpx.ReadID(errNoCase, s.readDetail)))
	rs.Post("/api/rsrs/screen", PermScreen, "年度排查", httpx.Action(s.Screen))
	rs.Post(base, PermPropose, "提出候选", httpx.Create(s.Propose))
	rs.Post(base+"/{id}/recommend", PermRecommend, "推荐认定", httpx.ChangeOn(errNoCase, s.Recommend))
	rs.Post(base+"/{id}/confirm", PermConfirm, "认定", httpx.ChangeOn(errNoCase, s.Confirm))
	rs.Post(base+"/{id}/reject", PermConfirm, "不予认定", httpx.ChangeOn(errNoCase, s.Reject))
	rs.Put(base+"/{id}/plan", PermEdit, "制定整顿方案", httpx.ChangeOn(errNoCase, s.SetPlan))
	rs.Post(base+"/{id}/progress", PermReport, "报告整顿进展", httpx.CreateUnder(errNoCase, s.Report))
	rs.Post(base+"/{id}/close-request", PermClose, "申请销号", httpx.ChangeOn(errNoCase, s.RequestClose))
	rs.Post(base+"/{id}/close-approve", PermConfirm, "批准销号", httpx.ChangeOn(errNoCase, s.ApproveClose))
	rs.Post(base+"/{id}/close-return", PermConfirm, "退回销号申请", httpx.ChangeOn(errNoCase, s.ReturnClose))
	s.sys.AttachRoutes(rs, base, system.AttachSpec{Module: "rsrs", Title: "软弱涣散党组织", Read: PermList, Edit: PermEdit,
		Find: s.findOnly, Kinds: map[string]system.AttachKind{
			"evidence": {Label: "认定材料"}, "closing": {Label: "销号材料"}}})
	s.sys.AttachRoutes(rs, "/api/rsrs/progress", system.AttachSpec{Module: "rsrs-progress", Title: "软弱涣散整顿进展", Read: PermList,
		Edit: PermReport, Find: s.findProgress, Kinds: map[string]system.AttachKind{"": {Label: "进展材料"}}})
}
