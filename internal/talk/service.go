// Package talk is 谈心谈话 (heart-to-heart talks, RULES §4: at least once a
// year with every member): the records of the talks held in a party
// organisation, kept per organisation and seen within the caller's
// organisation scope. It is the worked example of docs/adding-a-module.md.
package talk

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Service is the talk domain.
type Service struct {
	db    *bun.DB
	sys   *system.Service
	orgs  *org.Service
	now   func() time.Time
	talks *resource.Resource[Talk, View]
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, now: func() time.Time { return time.Now().UTC() }}
	s.talks = s.resource()
	return s
}

// Module describes the talk domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "talk", Migrations: Migrations(), Routes: s.Routes,
		Imports: []module.ImportKind{s.importKind()}, Menus: menus(), Trail: TrailModule, Dicts: fields.DictUses()}
}

// Routes registers the talk endpoints (list, export, detail, create, update,
// delete, the trails and the restore), each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	s.talks.Routes(rs.In("谈心谈话"), "/api/txth", Perms)
}

func (s *Service) labels(ctx context.Context) (system.DictLabels, error) {
	return s.sys.DictLabels(ctx, DictType, audit.DictOrigin, audit.DictType)
}
