// Package report is 党费报表: what the party-fee batches (package fee)
// add up to. Arrears — the months each member left unpaid, a reminder at 3
// consecutive months and a warning at 6 (RULES.md §1: six months unpaid
// without good reason counts as 自行脱党) to the branch and the
// organisation department —; the reports per month or year, per
// organisation level (branch → 二级党委 → 党委) and per member (due, paid,
// outstanding, collection rate); the finance office's exports and the fee
// ledger (党费收缴台账) of a branch. Every figure is a SQL aggregate over the
// frozen member-month dues; every route is scoped to the caller's
// organisations (outside them: 404). See docs/fee-report.md.
package report

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// Service is the party-fee reports domain.
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

// SetClock replaces the clock (tests: a fixed "today" for the arrears).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes the reports to internal/app; it works on a nil service.
func (s *Service) Module() module.Module {
	return module.Module{Name: "fee/report", Migrations: Migrations(), Routes: s.Routes, Reminders: s.reminders()}
}

// Routes registers the reports under /api/dfgl/report (df:report).
func (s *Service) Routes(rs *httpx.Routes) {
	s.routes(rs.In("党费报表"))
}
