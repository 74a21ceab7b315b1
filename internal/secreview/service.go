// Package secreview is 书记抓党建述职评议 (the secretaries' yearly report on
// their party-building work and its review): a round per year and level
// opened by the organisation above (the 组织部 for the 二级党委 secretaries,
// a 二级党委 or the 组织部 for the branch secretaries), the secretaries'
// reports written, saved and submitted by the secretaries themselves, graded
// 好/较好/一般/差 with comments or returned for rework by the organiser, the
// results per secretary and the grade distribution, exported. Design:
// docs/secreview.md.
package secreview

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/remind"
	"zhdj/internal/system"
)

// Service is the secretaries' review domain.
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

// Module describes the review to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "secreview", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Trail: TrailModule,
		Reminders: []remind.Kind{{Type: ReminderNotSubmitted, Name: "书记述职报告未提交提醒", Window: remindWindowDays,
			Finder: remind.FinderFunc(s.notSubmitted)}}}
}

// Routes registers the review's endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("书记述职评议")
	const rounds, reports = "/api/szpy/rounds", "/api/szpy/reports"
	rs.Get(rounds, PermList, "查询评议", httpx.ReadList(s.ListRounds))
	rs.Post(rounds, PermRound, "开展评议", httpx.Create(s.OpenRound))
	rs.Get(rounds+"/{id}", PermList, "查看评议", httpx.ReadOn(errNoRound, s.RoundDetail))
	rs.Put(rounds+"/{id}/due", PermRound, "修改截止日期", httpx.ChangeOn(errNoRound, s.MoveDue))
	rs.Post(rounds+"/{id}/close", PermRound, "结束评议", httpx.ReadOn(errNoRound, s.CloseRound))
	rs.Post(rounds+"/{id}/reopen", PermRound, "重新开启评议", httpx.ReadOn(errNoRound, s.ReopenRound))
	rs.Get(rounds+"/{id}/reports", PermList, "查询述职情况", httpx.ListUnder(errNoRound, s.ListReports))
	rs.Get(rounds+"/{id}/reports/export", PermExport, "导出评议结果", httpx.WriteID(errNoRound, s.exportReports))
	rs.Get("/api/szpy/mine", PermSubmit, "我的述职", httpx.Read(s.Mine))
	rs.Get(reports+"/{id}", PermList, "查看述职报告", httpx.ReadOn(errNoReport, s.ReportDetail))
	rs.Put(reports+"/{id}", PermSubmit, "保存述职报告", httpx.ChangeOn(errNoReport, s.SaveReport))
	rs.Post(reports+"/{id}/submit", PermSubmit, "提交述职报告", httpx.ChangeOn(errNoReport, s.SubmitReport))
	rs.Post(reports+"/{id}/grade", PermGrade, "评定", httpx.ChangeOn(errNoReport, s.GradeReport))
	rs.Post(reports+"/{id}/return", PermGrade, "退回修改", httpx.ChangeOn(errNoReport, s.ReturnReport))
	rs.Get(reports+"/{id}/trail", PermList, "查看评议记录", httpx.ListUnder(errNoReport, s.ReportTrail))
	s.sys.AttachRoutes(rs, reports, s.attachments())
}

func errNoRound() *httpx.Error  { return httpx.NotFound("述职评议不存在") }
func errNoReport() *httpx.Error { return httpx.NotFound("述职报告不存在") }

// caller is who asks: the organisation scope and the member record linked
// to the account (0: none), read once per request.
type caller struct {
	scope    org.Scope
	memberID int64
}

// who reads the caller.
func (s *Service) who(ctx context.Context) (caller, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return caller{}, httpx.AsError(err)
	}
	c := caller{scope: sc}
	own, err := s.members.OwnFacts(ctx)
	if err != nil {
		return caller{}, err
	}
	if own != nil {
		c.memberID = own.ID
	}
	return c, nil
}

// reportsVisible restricts a select of szpy_report AS p to the reports the
// caller sees: of its organisation scope, or its own as the secretary.
func (c caller) reportsVisible(q *bun.SelectQuery) *bun.SelectQuery {
	if c.scope.All {
		return q
	}
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where("1 = 0")
		if len(c.scope.OrgIDs) > 0 {
			g = g.WhereOr("p.org_id IN (?)", bun.List(c.scope.OrgIDs))
		}
		if c.memberID > 0 {
			g = g.WhereOr("p.secretary_member_id = ?", c.memberID)
		}
		return g
	})
}

// organises tells whether the caller acts for round r's organiser (it lies
// in the caller's scope): who grades, returns, closes.
func (c caller) organises(r *Round) bool { return c.scope.Has(r.OrgID) }
