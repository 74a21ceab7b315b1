// Package orgstd is 党组织建设: the standardised construction of party
// branches (标准化规范化建设). The 组织部 sets a year's indicators with their
// points, each branch assesses itself with evidence, the committee above
// reviews it, the reviewed totals rank the branches (per 二级党委 and for
// the university) and the 组织部 marks 示范/样板党支部. Design: docs/orgstd.md.
package orgstd

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/report"
	"zhdj/internal/system"
)

// Service is the 党组织建设 domain.
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
	return module.Module{Name: "orgstd", Migrations: Migrations(), Routes: s.Routes, Menus: menus()}
}

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("党组织建设")
	s.indicatorRoutes(rs)
	s.assessmentRoutes(rs)
	s.markRoutes(rs)
	s.rankingRoutes(rs, report.Parser{Orgs: s.orgs, Now: s.now})
}
