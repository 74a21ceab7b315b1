// Package talk is 谈心谈话 (heart-to-heart talks, RULES §4: at least once a
// year with every member): the records of the talks held in a party
// organisation, kept per organisation and seen within the caller's
// organisation scope. It is the worked example of docs/adding-a-module.md.
package talk

import (
	"context"
	"net/http"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// Service is the talk domain.
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

// Module describes the talk domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "talk", Migrations: Migrations(), Routes: s.Routes,
		Imports: []module.ImportKind{importKind{s}}, Menus: menus(), Trail: TrailModule}
}

// Routes registers the talk endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs.Get("/api/txth", PermList, httpx.ReadList(s.List))
	rs.Get("/api/txth/export", PermExport, s.handleExport)
	rs.Get("/api/txth/trail", PermList, httpx.ReadList(s.AllTrail))
	rs.Get("/api/txth/{id}", PermList, httpx.ReadID(errNotFound, func(r *http.Request, id int64) (View, error) {
		return s.Detail(r.Context(), id)
	}))
	rs.Get("/api/txth/{id}/trail", PermList, httpx.ReadID(errNotFound, s.Trail))
	rs.Post("/api/txth", PermAdd, httpx.Create(s.Create))
	rs.Put("/api/txth", PermEdit, httpx.Merged("缺少谈话记录编号", s.current, s.Update))
	rs.Delete("/api/txth", PermDel, httpx.IDsAction(s.Delete))
	rs.Post("/api/txth/trail/restore", PermEdit, httpx.Action(s.RestoreTrail))
}

// errNotFound is the one answer for a talk that does not exist or lies
// outside the caller's scope, so that ids cannot be probed.
func errNotFound() *httpx.Error { return httpx.NotFound("谈话记录不存在") }

func (s *Service) labels(ctx context.Context) (system.DictLabels, error) {
	return s.sys.DictLabels(ctx, DictType, audit.DictOrigin, audit.DictType)
}
