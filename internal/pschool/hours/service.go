package hours

import (
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/resource"
	"zhdj/internal/pschool/course"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// Service is 学时统计.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	courses *course.Service
	bus     *event.Bus // StudyCredited is published on it
	now     func() time.Time
	offline *resource.Resource[Offline, OfflineView]
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, courses *course.Service, bus *event.Bus) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, members: members, courses: courses, bus: bus,
		now: func() time.Time { return time.Now().UTC() }}
	s.offline = s.offlineResource()
	return s
}

// SetClock sets the service's clock (tests move the day instead of sleeping).
func (s *Service) SetClock(now func() time.Time) {
	s.now = now
	s.offline = s.offlineResource()
}

// Module describes 学时统计 to internal/app; it works on a nil service.
func (s *Service) Module() module.Module {
	return module.Module{Name: "hours", Migrations: Migrations(), Routes: s.Routes, Menus: menus(),
		Reminders: []remind.Kind{s.behindReminder()}, Subscribe: s.subscribe}
}

const base = "/api/xssb"

// subscribe hears the online courses' credits (course.NodeCredited) in
// their transaction, to publish them as StudyCredited.
func (s *Service) subscribe(b *event.Bus) {
	event.Subscribe(b, s.onlineCredited)
}

// Routes registers 学时统计's endpoints.
//
//	GET    /api/xssb/offline                 offline study records (xs:list), /export (xs:export)
//	POST   /api/xssb/offline                 one session's records for several members (xs:add)
//	PUT    /api/xssb/offline                 a pending or returned record (xs:edit)
//	DELETE /api/xssb/offline                 pending or returned records (xs:del)
//	POST   /api/xssb/offline/{id}/approve    (xs:audit)
//	POST   /api/xssb/offline/{id}/reject     with the reason (xs:audit)
//	GET    /api/xssb/members                 the members' hours of ?year (xs:list), /export (xs:export)
//	GET    /api/xssb/branches                a row per branch, /export
//	GET    /api/xssb/committees              a row per organisation below the university's 党委, /export
//	GET    /api/xssb/my                      the caller's own hours of ?year (dx:learn)
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("学时统计")
	s.offline.Routes(r, base+"/offline", Perms, resource.Replace(resource.CreateRoute, "新增", httpx.Create(s.CreateOffline)))
	r.Post(base+"/offline/{id}/approve", PermAudit, "审核通过", httpx.DoOn(errNoRecord, s.Approve))
	r.Post(base+"/offline/{id}/reject", PermAudit, "退回", httpx.ChangeOn(errNoRecord, s.Reject))
	r.Get(base+"/members", Perms.List, "查询党员学时", httpx.ReadList(s.MemberTable))
	r.Get(base+"/members/export", Perms.Export, "导出党员学时", s.exportMembers)
	r.Get(base+"/branches", Perms.List, "查询支部学时", httpx.ReadList(s.groupTable(org.LevelBranch)))
	r.Get(base+"/branches/export", Perms.Export, "导出支部学时", s.exportGroups(org.LevelBranch))
	r.Get(base+"/committees", Perms.List, "查询二级党委学时", httpx.ReadList(s.groupTable(org.LevelSecond)))
	r.Get(base+"/committees/export", Perms.Export, "导出二级党委学时", s.exportGroups(org.LevelSecond))
	rs.In("我的学时").Get(base+"/my", school.PermLearn, "查询我的学时", s.handleMine)
}

func errNoRecord() *httpx.Error { return httpx.NotFound("线下学习记录不存在") }

// today is the date in China.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// Year bounds of the year selector.
const (
	minYear = 2000
	maxYear = 2100
)

// yearOf reads the year a table asks for (the current year in China when
// none), a 400 naming year otherwise.
func (s *Service) yearOf(raw string) (int, error) {
	if raw == "" {
		return s.now().In(date.China).Year(), nil
	}
	y, err := strconv.Atoi(raw)
	if err != nil || y < minYear || y > maxYear {
		return 0, httpx.Invalid("year", "年度应为%d到%d之间的年份", minYear, maxYear)
	}
	return y, nil
}

// firstOfYear and lastOfYear are year's first and last days.
func firstOfYear(y int) date.Date { return date.MustParse(strconv.Itoa(y) + "-01-01") }
func lastOfYear(y int) date.Date  { return date.MustParse(strconv.Itoa(y) + "-12-31") }
