// Package fillform is 填报表单管理 and 填报信息管理 (fill-in forms): an
// administrator (the 组织部, a 二级党委 for its subtree) designs a form —
// its fields with their validation, a deadline, an audience of branches or
// of members — and publishes it; each addressee fills it in (drafts, then a
// submission) until the deadline; the administrators follow up who has not
// submitted, remind them through the message centre, pass or send back the
// entries with a comment, and export every answer. Design: docs/fillform.md.
package fillform

import (
	"context"
	"errors"
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

// Service is the fill-in forms domain.
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

// SetClock replaces the clock (tests move it across a deadline).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes the fill-in forms to internal/app.
func (s *Service) Module() module.Module {
	m := module.Module{Name: "fillform", Migrations: Migrations(), Routes: s.Routes, Menus: append(menus(), fillMenus()...),
		Trail: TrailModule, Reminders: []remind.Kind{{Type: ReminderNotSubmitted, Name: "填报未提交提醒", Window: remindWindowDays,
			Finder: remind.FinderFunc(s.notSubmitted)}}}
	if s != nil {
		m.WorkLists = []worklist.Provider{s.workList()}
	}
	return m
}

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	const forms, entries, mine = "/api/txbd/forms", "/api/txbd/entries", "/api/txbd/my"
	a := rs.In("填报表单管理")
	a.Get(forms, PermList, "查询", httpx.ReadList(s.ListForms))
	a.Post(forms, PermAdd, "新增", httpx.Create(s.CreateForm))
	a.Get(forms+"/{id}", PermList, "查看", httpx.ReadOn(errNoForm, s.FormDetail))
	a.Put(forms+"/{id}", PermEdit, "修改", httpx.ChangeOn(errNoForm, s.UpdateForm))
	a.Delete(forms+"/{id}", PermDel, "删除", httpx.DoOn(errNoForm, s.DeleteForm))
	a.Post(forms+"/{id}/copy", PermAdd, "复制", httpx.ReadOn(errNoForm, s.CopyForm))
	a.Post(forms+"/{id}/publish", PermPublish, "发布", httpx.ReadOn(errNoForm, s.PublishForm))
	a.Post(forms+"/{id}/close", PermPublish, "结束填报", httpx.ReadOn(errNoForm, s.CloseForm))
	a.Put(forms+"/{id}/deadline", PermPublish, "修改截止时间", httpx.ChangeOn(errNoForm, s.MoveDeadline))

	i := rs.In("填报信息管理")
	i.Get(forms+"/{id}/entries", PermList, "查询填报情况", httpx.ListUnder(errNoForm, s.ListEntries))
	i.Get(forms+"/{id}/entries/export", PermExport, "导出", httpx.WriteID(errNoForm, s.exportEntries))
	i.Post(forms+"/{id}/remind", PermReview, "提醒填报", httpx.ActionOn(errNoForm, s.Remind))
	i.Get(entries+"/{id}", PermList, "查看填报", httpx.ReadOn(errNoEntry, s.EntryDetail))
	i.Post(entries+"/{id}/pass", PermReview, "审核通过", httpx.ActionOn(errNoEntry, s.PassEntry))
	i.Post(entries+"/{id}/return", PermReview, "退回", httpx.ChangeOn(errNoEntry, s.ReturnEntry))
	i.Get(entries+"/{id}/trail", PermList, "查看填报记录", httpx.ListUnder(errNoEntry, s.EntryTrail))
	s.sys.AttachRoutes(i, entries, s.attachments(PermList, PermReview, s.managedEntry, func(context.Context, int64) error {
		return httpx.Forbidden("附件由填报人上传")
	}))

	m := rs.In("我的填报")
	m.Get(mine, PermFill, "查询", httpx.ReadList(s.ListMine))
	m.Get(mine+"/{id}", PermFill, "查看", httpx.ReadOn(errNoEntry, s.MyEntry))
	m.Put(mine+"/{id}", PermFill, "保存草稿", httpx.ChangeOn(errNoEntry, s.SaveEntry))
	m.Post(mine+"/{id}/submit", PermFill, "提交", httpx.ChangeOn(errNoEntry, s.SubmitEntry))
	m.Get(mine+"/{id}/trail", PermFill, "查看填报记录", httpx.ListUnder(errNoEntry, s.MyEntryTrail))
	s.sys.AttachRoutes(m, mine, s.attachments(PermFill, PermFill, s.ownEntry, s.ownWritable))
}

func errNoForm() *httpx.Error  { return httpx.NotFound("填报表单不存在") }
func errNoEntry() *httpx.Error { return httpx.NotFound("填报记录不存在") }

// errClosed is the refusal of writing an entry of a form past its deadline
// (or closed by hand).
func errClosed() *httpx.Error { return httpx.BadRequest("填报已截止") }

// minute is t as the deadlines compare it: UTC, to the minute.
func minute(t time.Time) time.Time { return t.UTC().Truncate(time.Minute) }

// admin is an administrator: the organisation scope and the account.
type admin struct {
	scope  org.Scope
	userID int64
}

// adminOf reads the caller as an administrator.
func (s *Service) adminOf(ctx context.Context) (admin, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return admin{}, httpx.AsError(err)
	}
	return admin{scope: sc, userID: rbac.UserID(ctx)}, nil
}

// forms restricts a select of txbd_form AS f to the forms the
// administrator manages: sent by an organisation of its scope, or its own.
func (a admin) forms(q *bun.SelectQuery) *bun.SelectQuery {
	if a.scope.All {
		return q
	}
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where("f.created_by = ?", a.userID)
		if len(a.scope.OrgIDs) > 0 {
			g = g.WhereOr("f.org_id IN (?)", bun.List(a.scope.OrgIDs))
		}
		return g
	})
}

// filler is an addressee: its own member record (0: none) and, for an
// account whose scope reaches no higher than branches (a branch
// secretary's), those branches.
type filler struct {
	memberID int64
	branches []int64
}

// fillerOf reads the caller as an addressee. An account without an
// organisation still reaches its own member's entries.
func (s *Service) fillerOf(ctx context.Context) (filler, error) {
	var f filler
	own, err := s.members.OwnFacts(ctx)
	if err != nil {
		return f, err
	}
	if own != nil {
		f.memberID = own.ID
	}
	branches, ok, err := s.orgs.BranchScope(ctx)
	if err != nil && !errors.Is(err, httpx.NoAnchor) {
		return f, httpx.AsError(err)
	}
	if ok {
		f.branches = branches
	}
	return f, nil
}

// reach restricts a select of txbd_entry AS e (joined to its form f) to the
// entries the addressee fills: its own as a member, its member record
// being a branch's secretary named at publish, or its branches'.
func (f filler) reach(q *bun.SelectQuery) *bun.SelectQuery {
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where("1 = 0")
		if f.memberID > 0 {
			g = g.WhereOr("e.member_id = ?", f.memberID)
		}
		if len(f.branches) > 0 {
			g = g.WhereOr("f.audience = ? AND e.org_id IN (?)", AudienceOrgs, bun.List(f.branches))
		}
		return g
	})
}
