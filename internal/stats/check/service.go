// Package check is 数据校验: the checks of the member records before the
// annual party statistics (党内统计, RULES.md §6) are filed — a field the
// tables count by left empty, a joining date before the 18th birthday or
// after today, a probation past its end — and the completeness of each
// organisation's records, each problem linked to the member's record.
// It reads the member base, the organisation tree and the development
// records through their Go APIs (sub-queries it joins in one SQL query per
// answer); it keeps no table of its own. Design: docs/stats.md.
package check

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// Service is the data-check domain.
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

// Module describes the domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "stats/check", Migrations: Migrations(), Routes: s.Routes, Menus: menus()}
}

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("数据校验")
	rs.Get("/api/sjjy/summary", PermList, "校验汇总", s.handleSummary)
	rs.Get("/api/sjjy/issues", PermList, "问题清单", s.handleIssues)
	rs.Get("/api/sjjy/issues/export", PermExport, "导出问题清单", s.handleExport)
}
