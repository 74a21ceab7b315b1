// Package standard is 党费标准: the fee standards (brackets and rates of
// RULES §1 as data, 未启用 → 启用 → 作废), every member's category and base
// per year (salary items entered or imported, or the pension), the hardship
// reductions (a workflow: the branch proposes, the committee above
// approves) and the monthly due with its working (MonthlyDues), which the
// monthly batches of internal/fee freeze. See docs/fee-standard.md.
package standard

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Service is the fee standards domain.
type Service struct {
	db        *bun.DB
	sys       *system.Service
	orgs      *org.Service
	members   *member.Service
	bus       *event.Bus // asks internal/fee which months are frozen (LastFrozenMonth)
	now       func() time.Time
	hw        *flow.Workflow[hardshipRecord]
	bases     *resource.Viewed[BaseRow, baseListRow, BaseInput, BaseView]
	standards *resource.Viewed[standardRow, standardRow, StandardInput, Standard]
	hardships *resource.Viewed[Hardship, hardshipRecord, HardshipInput, HardshipView]
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, bus *event.Bus) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, members: members, bus: bus, now: func() time.Time { return time.Now().UTC() }}
	s.bases, s.standards, s.hardships = s.baseResource(), s.standardResource(), s.hardshipResource()
	s.hw = s.hardshipFlow()
	return s
}

// Module describes the fee standards to internal/app. It works on a nil
// service (it only takes method values).
func (s *Service) Module() module.Module {
	return module.Module{Name: "feestandard", Migrations: Migrations(), Routes: s.Routes, Menus: menus(),
		Imports: []module.ImportKind{s.importKind()}, Trail: BaseTrailModule}
}

// Routes registers the endpoints under /api/dfbz (standards), /api/dfjs
// (bases) and /api/dfjm (hardship), each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	s.standardRoutes(rs.In("党费标准"))
	s.baseRoutes(rs.In("党费基数"))
	s.hardshipRoutes(rs.In("党费减免"))
}
