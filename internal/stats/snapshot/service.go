// Package snapshot is 数据快照: the statistics of 党内统计 and the roster of
// the members they counted, frozen as of a date — on demand, and by a job
// every year end — then listed, read, compared and exported, never edited.
// The counts come from annual.CountSchool, the roster from the member
// module's versions (member.SelectRosterAt) filtered as the tables count
// (annual.Counted), written in one INSERT … SELECT inside the same
// transaction: the rows never pass through Go, so 200,000 members take
// seconds. Design: docs/stats.md, 数据快照.
package snapshot

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/module"
	"zhdj/internal/stats/annual"
	"zhdj/internal/system"
)

// Service is the 数据快照 domain.
type Service struct {
	db     *bun.DB
	sys    *system.Service
	orgs   *org.Service
	annual *annual.Service
	now    func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, counts *annual.Service) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, annual: counts, now: func() time.Time { return time.Now().UTC() }}
}

// SetClock makes now the service's clock (today bounds a snapshot's date;
// the year-end job takes the year before today's).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// today is the day in China.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// Module describes the domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "stats/snapshot", Migrations: Migrations(), Routes: s.Routes,
		Jobs: []jobs.Job{{Name: "stats.yearEndSnapshot", Title: "年末数据快照", Cron: YearEndCron, Timeout: 10 * time.Minute, Run: s.RunYearEnd}}}
}

// YearEndCron runs the year-end job in the small hours of 1 to 7 January:
// the first run takes the snapshot of 31 December, the others find it
// taken and do nothing, so an instance down on New Year's night still
// gets the year's snapshot within the week.
const YearEndCron = "30 1 1-7 1 *"

// Routes registers the endpoints, each with its permission. There is no
// update nor delete: a snapshot is read-only and kept.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("数据快照")
	rs.Get("/api/sjkz/snapshots", PermList, "快照列表", s.handleList)
	rs.Post("/api/sjkz/snapshots", PermCreate, "新建快照", httpx.Action(s.Take))
	rs.Get("/api/sjkz/snapshots/{id}", PermList, "查看快照", httpx.ReadOn(notFound, s.Get))
	rs.Get("/api/sjkz/snapshots/{id}/tables/{key}", PermList, "查看快照统计表", s.handleTable)
	rs.Get("/api/sjkz/snapshots/{id}/members", PermList, "快照花名册", s.handleRoster)
	rs.Get("/api/sjkz/snapshots/{id}/members/export", PermExport, "导出快照花名册", s.handleRosterExport)
	rs.Get("/api/sjkz/compare", PermList, "对比快照", s.handleCompare)
	rs.Get("/api/sjkz/compare/members", PermList, "对比快照人员变化", s.handleDiff)
	rs.Get("/api/sjkz/compare/export", PermExport, "导出快照对比", s.handleCompareExport)
}

func notFound() *httpx.Error { return httpx.NotFound("快照不存在") }
