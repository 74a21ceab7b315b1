// Package duty is 述职与廉政: 值班工作报告 (reporting tasks declared by the
// organisation department or a 二级党委, reports submitted by the persons or
// units obliged, reviewed by the organiser, reminded before the deadline)
// and 德廉档案 (each person's yearly integrity commitment, personal-matters
// reports and integrity education, seen only by the person, their
// committee and the discipline office). Design: docs/duty.md.
package duty

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/worklist"
	"zhdj/internal/system"
)

// TrailModule is the reports' module id in the change trail (220..229 are ours).
const TrailModule = 220

// ReminderNotSubmitted (智能提醒 220): a report not submitted (or returned
// and not submitted again) within the window before its task's due date.
const ReminderNotSubmitted = 220

// remindWindowDays is the rule's default window before the due date.
const remindWindowDays = 5

// Service is the work reports and integrity records domain.
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

// Module describes the domain to internal/app (it works on a nil service).
func (s *Service) Module() module.Module {
	m := module.Module{Name: "duty", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Trail: TrailModule,
		Reminders: []remind.Kind{{Type: ReminderNotSubmitted, Name: "值班工作报告未提交提醒", Window: remindWindowDays,
			Finder: remind.FinderFunc(s.notSubmitted)}}}
	if s != nil {
		m.WorkLists = []worklist.Provider{s.toSubmit(), s.toReview()}
	}
	return m
}

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("值班工作报告")
	const tasks, reports = "/api/zbgz/tasks", "/api/zbgz/reports"
	r.Get(tasks, PermList, "查询任务", httpx.ReadList(s.ListTasks))
	r.Post(tasks, PermTask, "发布任务", httpx.Create(s.CreateTask))
	r.Get(tasks+"/{id}", PermList, "查看任务", httpx.ReadOn(errNoTask, s.TaskDetail))
	r.Get(tasks+"/{id}/reports", PermList, "查询报告", httpx.ListUnder(errNoTask, s.ListReports))
	r.Get(tasks+"/{id}/reports/export", PermExport, "导出报告情况", httpx.WriteID(errNoTask, s.exportReports))
	r.Get(tasks+"/{id}/missing/export", PermExport, "导出未提交名单", httpx.WriteID(errNoTask, s.exportMissing))
	r.Get("/api/zbgz/mine", PermList, "我的报告", httpx.Read(s.Mine))
	r.Get(reports+"/{id}", PermList, "查看报告", httpx.ReadOn(errNoReport, s.ReportDetail))
	r.Put(reports+"/{id}", PermSubmit, "保存报告", httpx.ChangeOn(errNoReport, s.SaveReport))
	r.Post(reports+"/{id}/submit", PermSubmit, "提交报告", httpx.ChangeOn(errNoReport, s.SubmitReport))
	r.Post(reports+"/{id}/pass", PermReview, "审阅通过", httpx.ChangeOn(errNoReport, s.PassReport))
	r.Post(reports+"/{id}/return", PermReview, "退回修改", httpx.ChangeOn(errNoReport, s.ReturnReport))
	s.sys.AttachRoutes(r, reports, s.reportAttachments())

	d := rs.In("德廉档案")
	const records = "/api/dlda/records"
	d.Get(records, PermMine, "查询", httpx.ReadList(s.ListRecords))
	d.Post(records, PermMine, "登记", httpx.Create(s.CreateRecord))
	d.Get(records+"/{id}", PermMine, "查看", httpx.ReadOn(errNoRecord, s.RecordDetail))
	d.Delete(records+"/{id}", PermMine, "删除", httpx.DoOn(errNoRecord, s.DeleteRecord))
	d.Get("/api/dlda/unsigned", PermScope, "未签承诺书名单", httpx.ReadList(s.ListUnsigned))
	d.Get("/api/dlda/unsigned/export", PermRecExport, "导出未签承诺书名单", s.exportUnsigned)
	s.sys.AttachRoutes(d, records, s.recordAttachments())
}

func errNoTask() *httpx.Error   { return httpx.NotFound("报告任务不存在") }
func errNoReport() *httpx.Error { return httpx.NotFound("报告不存在") }
func errNoRecord() *httpx.Error { return httpx.NotFound("德廉档案记录不存在") }

// caller is who asks: the organisation scope, the member record linked to
// the account (0: none), read once per request.
type caller struct {
	scope    org.Scope
	memberID int64
	p        *rbac.Principal
}

func (s *Service) who(ctx context.Context) (caller, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return caller{}, httpx.AsError(err)
	}
	c := caller{scope: sc, p: rbac.From(ctx)}
	own, err := s.members.OwnFacts(ctx)
	if err != nil {
		return caller{}, err
	}
	if own != nil {
		c.memberID = own.ID
	}
	return c, nil
}
