// Package workbench is the 党建工作台 (`/workbench/dj/home`: the key numbers,
// trends, due reminders, organisation life, fees and development pipeline
// of the caller's scope, each linked to its list) and 统计分析 ›
// 党组织数据分析 (`tjfx/dzzfx`: per 二级党委 the organisation structure, the
// member structure and the joining trend, with its xlsx export). It keeps
// no table: it reads the organisation tree, the member base, development,
// transfers, fees and organisation life through their Go APIs (counts and
// sub-queries it groups in SQL, one query per family of figures), each
// applying the caller's scope. Design: docs/stats.md.
package workbench

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
	"zhdj/internal/transfer"
)

// Permissions: the top bar's 党建工作台 (seeded by the system, granted here
// to the organisation department and the 二级党委) and the analysis page.
const (
	PermWorkbench = "dj:workbench:navbar"
	PermDzzfxList = "dzzfx:list"
	PermDzzfxExp  = "dzzfx:export"
)

// Sources are the modules the figures are read from (their Go APIs).
type Sources struct {
	Orgs      *org.Service
	Members   *member.Service
	Develop   *develop.Service
	Transfers *transfer.Service
	Fees      *fee.Service
	Life      *orglife.Service
}

// Service is the workbench and the analysis.
type Service struct {
	db  *bun.DB
	sys *system.Service
	src Sources
	now func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, src Sources) *Service {
	return &Service{db: database, sys: sys, src: src, now: func() time.Time { return time.Now().UTC() }}
}

// SetClock replaces the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// Module describes the package to internal/app (on a nil service too).
func (s *Service) Module() module.Module {
	return module.Module{Name: "stats/workbench", Migrations: Migrations(), Routes: s.Routes, Menus: menus()}
}

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs.In("党建工作台").Get("/api/dj/workbench", PermWorkbench, "查看党建工作台", httpx.Read(s.Workbench))
	fx := rs.In("党组织数据分析")
	fx.Get("/api/dzzfx", PermDzzfxList, "查看党组织数据分析", s.handleAnalysis)
	fx.Get("/api/dzzfx/export", PermDzzfxExp, "导出党组织数据分析", s.handleExport)
}

// MenuDir is the 统计分析 directory (package stats/check seeds it).
const MenuDir = "/tjfx"

var roles = []string{system.RoleOrgDept, system.RoleCommittee}

func menus() []system.MenuSeed {
	return []system.MenuSeed{{Title: "党组织数据分析", Name: "Dzzfx", Path: "dzzfx", Component: "tjfx/dzzfx", Icon: "pie-chart",
		Type: system.MenuPage, Roles: roles, Children: system.Granted(system.Buttons("dzzfx", "list", "export"), roles...)}}
}

// Migrations of the package: versions 2026121120..29.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121120, Name: "stats/workbench: the 党组织数据分析 page, the 党建工作台 for 组织部 and 二级党委",
		Up: func(ctx context.Context, tx bun.Tx) error {
			if err := system.AddPages(ctx, tx, MenuDir, menus()); err != nil {
				return err
			}
			return system.GrantPermission(ctx, tx, PermWorkbench, roles...)
		}}}
}
