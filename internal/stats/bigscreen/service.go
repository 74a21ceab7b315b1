// Package bigscreen is the cockpits (驾驶舱, 综合大屏): the full-screen
// dashboards served at /bigscreen/index.html and opened from the main app
// through the big-screen view with a signature. A signed-in officer asks
// for a signature (GET /api/bigscreen/sign); it is an HMAC-SHA256, under a
// key drawn from the installation key (never in code), over the timestamp
// and the platform code, which names the cockpit kind and the signing
// account, so the screen cannot widen what it shows. The screen's data
// endpoints (/api/report/aj/...) take no session: each verifies the
// signature, refuses one that is wrong, too old or from the future, and
// answers as the signing account (its permissions and data scope as they
// are now). The data are read through the other modules' Go APIs. Design:
// docs/bigscreen.md.
package bigscreen

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre/analysis"
	"zhdj/internal/fee"
	"zhdj/internal/org"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// Service is the cockpits' domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	cadres  *analysis.Service
	fees    *fee.Service
	signKey []byte
	now     func() time.Time
}

// New builds the service; signKey is the signing key (crypto's Derive of a
// purpose of its own).
func New(database *bun.DB, sys *system.Service, orgs *org.Service, cadres *analysis.Service, fees *fee.Service, signKey []byte) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, cadres: cadres, fees: fees, signKey: signKey,
		now: func() time.Time { return time.Now().UTC() }}
	sys.CheckSetting(CfgCampusMap, s.checkCampusMap)
	return s
}

// Module describes the domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "stats/bigscreen", Migrations: Migrations(), Routes: s.Routes, Menus: menus()}
}
