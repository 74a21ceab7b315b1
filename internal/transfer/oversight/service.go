// Package oversight watches over the organisation relation transfers
// (package transfer) and the members' standing (RULES.md §3): the reminders
// of the rules on lost contact, suspension and long stays abroad, the
// yearly tables of members moved in and out, the staged import of
// transfers already done on paper and the demo university's transfers.
// It reads the transfer domain's table (zzgx_transfer) and workflow; the
// transfer domain knows nothing of it. See docs/transfer-oversight.md.
package oversight

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
	"zhdj/internal/transfer"
)

// Service is the transfer oversight.
type Service struct {
	db        *bun.DB
	sys       *system.Service
	orgs      *org.Service
	members   *member.Service
	transfers *transfer.Service
	cipher    *crypto.FieldCipher
	bus       *event.Bus // asks the fee domain for unpaid runs (member.UnpaidRuns)
	now       func() time.Time
}

// New builds the service on the transfer domain's.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, transfers *transfer.Service,
	cipher *crypto.FieldCipher, bus *event.Bus) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, members: members, transfers: transfers, cipher: cipher, bus: bus,
		now: func() time.Time { return time.Now().UTC() }}
}

// SetClock replaces the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes the oversight to internal/app. It works on a nil
// service (it only takes method values).
func (s *Service) Module() module.Module {
	return module.Module{Name: "transferOversight", Migrations: Migrations(), Routes: s.Routes,
		Reminders: s.reminders(), Imports: []module.ImportKind{s.importKind()}}
}

// Routes registers the yearly tables under /api/zzgx/stats.
func (s *Service) Routes(rs *httpx.Routes) {
	s.statsRoutes(rs.In("转接统计"))
}
