// Package analysis is the cadre team's analysis (干部分析 `gb/fx`: 干部队伍
// 结构分析 per unit and school-wide, with its export), the cadre reminders'
// page (干部提醒 `gb/tx`: the due records of reminder types 1–6, the rules'
// switches, windows and settings) and the 干部工作台's figures
// (`/workbench/gb/home`). It reads the cadre base through its Go API and
// registers the reminder kinds of internal/cadre/alert.
package analysis

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre/alert"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/remind"
	"zhdj/internal/system"
)

// Dictionaries the analysis labels by.
const (
	DictGender = "DJ_COMM_XB"
	DictLevel  = "GB_XZJB"
	DictTitle  = "DJ_JBXX_ZYJSZC"
)

// Permissions of the pages and the workbench.
const (
	PermFxList    = "gbfx:list"
	PermFxExport  = "gbfx:export"
	PermTxList    = "gbtx:list"
	PermTxConfig  = "gbtx:config"
	PermWorkbench = "gb:workbench:navbar"
)

// Base is what the package reads of the cadre base (internal/cadre's Go
// API): the reminders' queries and the caller's cadre scope.
type Base interface {
	alert.Base
	// Scoped restricts a query to the caller's cadres by their unit column.
	Scoped(column string) record.Restriction
	// UnitSubtree is a unit and the units below it.
	UnitSubtree(ctx context.Context, root int64) ([]int64, error)
}

// Service is the analysis, reminders page and workbench.
type Service struct {
	db     *bun.DB
	sys    *system.Service
	base   Base
	alerts *alert.Reminders
	engine *remind.Engine
	now    func() time.Time
	kinds  []remind.Kind
}

// New wires the service; the reminders go to the 干部管理员.
func New(database *bun.DB, sys *system.Service, base Base) *Service {
	s := &Service{db: database, sys: sys, base: base, now: func() time.Time { return time.Now().UTC() }}
	s.alerts = alert.New(database, base, func(ctx context.Context) ([]int64, error) {
		return sys.RoleHolders(ctx, database, []string{system.RoleCadreAdmin}, nil)
	}, sys.Setting)
	s.kinds = s.alerts.Kinds()
	return s
}

// UseEngine hands the reminder engine built from the modules' kinds (the
// 干部提醒 page reads and changes the rules of types 1–6 on it).
func (s *Service) UseEngine(e *remind.Engine) { s.engine = e }

// SetClock replaces the clock (tests).
func (s *Service) SetClock(now func() time.Time) {
	s.now = now
	s.alerts.SetClock(now)
}

// Alerts are the cadre reminders (tests run their finders).
func (s *Service) Alerts() *alert.Reminders { return s.alerts }

func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// Module describes the package to internal/app (on a nil service too).
func (s *Service) Module() module.Module {
	m := module.Module{Name: "cadre/analysis", Migrations: Migrations(), Routes: s.Routes, Menus: menus()}
	if s != nil {
		m.Reminders = s.kinds
	}
	return m
}

// Migrations of the package: versions 2026121040..59.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121040, Name: "cadre analysis: pages 干部分析 and 干部提醒, the reminders' settings", Up: migrate}}
}

// MenuDir is the cadre directory the pages go under (the base's).
const MenuDir = "/gb"

var roles = []string{system.RoleCadreAdmin, system.RoleOrgDept}

func menus() []system.MenuSeed {
	return []system.MenuSeed{
		{Title: "干部分析", Name: "Gbfx", Path: "fx", Component: "gb/fx", Icon: "bar-chart", Type: system.MenuPage, Roles: roles,
			Children: system.Granted(system.Buttons("gbfx", "list", "export"), roles...)},
		{Title: "干部提醒", Name: "Gbtx", Path: "tx", Component: "gb/tx", Icon: "bell", Type: system.MenuPage, Roles: roles,
			Children: system.Granted(append(system.Buttons("gbtx", "list"),
				system.MenuSeed{Title: "提醒设置", Type: system.MenuButton, Permission: PermTxConfig}), roles...)},
	}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	if err := system.AddPages(ctx, tx, MenuDir, menus()); err != nil {
		return err
	}
	for _, seed := range alert.SettingSeeds() {
		// The settings' kind int takes positive numbers only; an age limit
		// may be 0 (none), so those are text, bounded by alert.Check on the
		// 干部提醒 page and read as the default when out of bounds.
		kind := "int"
		if seed[1] == "0" || strings.HasPrefix(seed[0], alert.AgeLimitKey("")) {
			kind = "text"
		}
		if err := system.InsertSetting(ctx, tx, seed[0], seed[1], seed[2], alert.SettingGroup, kind, seed[3]); err != nil {
			return err
		}
	}
	return nil
}
