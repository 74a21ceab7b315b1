// Package query is 综合查询 and 花名册: queries over allowlisted fields of
// the members, the organisations, the development records and the cadres
// (each source declared by its own module's Go API, internal/platform/query
// the kit that validates and binds the conditions), run paged and exported
// with chosen columns, saved and shared; and the built-in rosters, fixed
// queries with official column sets, paged, exported and printed. The
// caller's scope always applies (each source's own rule). Design:
// docs/stats.md.
package query

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	kit "zhdj/internal/platform/query"
	"zhdj/internal/system"
)

// Service is the comprehensive-query domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	sources []kit.Source
	rosters []Roster
	now     func() time.Time
}

// New builds the service over sources (their keys distinct); servingCadres
// are the 干部状态 codes the 干部花名册 lists (cadre.ServingStatuses).
func New(database *bun.DB, sys *system.Service, orgs *org.Service, servingCadres []string, sources ...kit.Source) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, sources: sources, rosters: rosters(servingCadres),
		now: func() time.Time { return time.Now().UTC() }}
}

// SetClock replaces the clock (tests: ages and dates relative to today).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes the domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "stats/query", Migrations: Migrations(), Routes: s.Routes, Menus: menus()}
}

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	q := rs.In("综合查询")
	q.Get("/api/zhcx/sources", PermList, "查询字段", httpx.Read(s.Sources))
	q.Post("/api/zhcx/run", PermList, "执行查询", httpx.Action(s.Run))
	q.Get("/api/zhcx/export", PermExport, "导出查询结果", s.handleExport)
	q.Get("/api/zhcx/saved", PermList, "已保存的查询", httpx.Read(s.ListSaved))
	q.Post("/api/zhcx/saved", PermSave, "保存查询", httpx.Create(s.CreateSaved))
	q.Put("/api/zhcx/saved", PermSave, "修改已保存的查询", httpx.Action(s.UpdateSaved))
	q.Delete("/api/zhcx/saved", PermSave, "删除已保存的查询", httpx.IDsAction(s.DeleteSaved))
	h := rs.In("花名册")
	h.Get("/api/hmc/rosters", PermRosterList, "花名册列表", httpx.Read(s.Rosters))
	h.Get("/api/hmc/roster/{key}", PermRosterList, "查看花名册", s.handleRoster)
	h.Get("/api/hmc/roster/{key}/export", PermRosterExport, "导出花名册", s.handleRosterExport)
}

// today is the day in China.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

func (s *Service) source(key string) *kit.Source {
	for i := range s.sources {
		if s.sources[i].Key == key {
			return &s.sources[i]
		}
	}
	return nil
}

func errNoSource() *httpx.Error { return httpx.Invalid("source", "请选择查询对象") }

// env is what validating a filter needs: today, the dictionaries of the
// source's fields, and the organisation subtrees of the caller's scope (an
// organisation outside it is 404, as a missing one).
func (s *Service) env(ctx context.Context, src *kit.Source) (kit.Env, system.DictLabels, error) {
	var dicts []string
	for _, f := range src.Fields {
		if f.Dict != "" {
			dicts = append(dicts, f.Dict)
		}
	}
	labels, err := s.sys.DictLabels(ctx, dicts...)
	if err != nil {
		return kit.Env{}, labels, httpx.Internal(err)
	}
	known := func(dict, v string) bool { return labels.Has(dict, v) || labels.Disabled(dict, v) }
	// A filter may be applied twice (the page and Source.Counted's count):
	// each organisation is checked once.
	inScope := map[int64]bool{}
	subtree := func(ctx context.Context, id int64) (*bun.SelectQuery, error) {
		if !inScope[id] {
			ok, err := s.orgs.InScope(ctx, id)
			if err != nil {
				return nil, httpx.Internal(err)
			}
			if !ok {
				return nil, httpx.NotFound("党组织不存在")
			}
			inScope[id] = true
		}
		return org.SelectSubtree(s.db, id), nil
	}
	return kit.Env{Today: s.today(), Known: known, Subtree: subtree}, labels, nil
}
