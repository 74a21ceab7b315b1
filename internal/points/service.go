// Package points is 党员积分 (member points): the school's rules, the points
// earned automatically from other modules' events (organisation life
// attendance, credited study, party fees), manual entries proposed by a branch and approved by the
// 二级党委, a ledger per member with each entry's source, yearly totals,
// rankings per organisation and the member's own view.
package points

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/pschool/hours"
	"zhdj/internal/system"
)

// Service is the points domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	now     func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, members: members, now: func() time.Time { return time.Now().UTC() }}
}

// Module describes the points domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "points", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Subscribe: s.Subscribe}
}

// Subscribe hears the events points are earned from, after their commit.
func (s *Service) Subscribe(b *event.Bus) {
	event.SubscribeAfterCommit(b, func(ctx context.Context, e orglife.AttendanceRecorded) error {
		return s.Attendance(ctx, e)
	})
	event.SubscribeAfterCommit(b, func(ctx context.Context, e hours.StudyCredited) error {
		return s.Study(ctx, e)
	})
	event.SubscribeAfterCommit(b, s.FeePaid)
	event.SubscribeAfterCommit(b, s.FeeReversed)
	event.SubscribeAfterCommit(b, s.FeeArrears)
}

// Routes registers the points endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("党员积分")
	r.Get("/api/jf/rules", Perms.List, "查看积分规则", httpx.Read(s.Rules))
	r.Put("/api/jf/rules", Perms.Rule, "修改积分规则", httpx.Action(s.SetRules))
	r.Get("/api/jf/entries", Perms.List, "查询积分明细", httpx.ReadList(s.Entries))
	r.Get("/api/jf/entries/export", Perms.Export, "导出积分明细", s.exportEntries)
	r.Get("/api/jf/ranking", Perms.List, "积分排名", httpx.ReadList(s.Ranking))
	r.Get("/api/jf/manual", Perms.List, "查询积分申报", httpx.ReadList(s.Proposals))
	r.Post("/api/jf/manual", Perms.Propose, "申报积分", httpx.Create(s.Propose))
	r.Post("/api/jf/manual/{id}/decide", Perms.Approve, "审核积分申报", httpx.ChangeOn(errNoProposal, s.Decide))
	s.sys.AttachRoutes(r, "/api/jf/manual", s.evidence())
}
