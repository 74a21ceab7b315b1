package home_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/home"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
)

// Both routes: 401 without a session, 403 without home:view; the seeded
// roles that manage party data hold it, the member and system roles do not.
func TestRoutesNeedSessionAndHomeView(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, path := range []string{"/api/home/summary", "/api/home/warnings"} {
		apptest.Expect(t, w.e.Do("GET", path, "", nil), 401)
		apptest.Expect(t, w.e.Do("GET", path, w.noPermTK, nil), 403)
		apptest.Expect(t, w.e.Do("GET", path, w.secretaryTK, nil), 200)
	}
	w.e.ExpectGrants(t, "home:", map[string][]string{
		"组织部管理员": {home.PermView}, "二级党委管理员": {home.PermView}, "党支部书记": {home.PermView},
		"党员": nil, "系统管理员": nil, "干部管理员": nil,
	})
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/home/warnings?rule=x", w.secretaryTK, nil), 400, "预警列表不支持查询条件或排序")
}

// Every figure comes from the caller's data scope: the administrator sees
// the university, a branch secretary their branch, a college administrator
// their college; organisations and members outside are never counted.
func TestSummaryPerScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.members(t, w.c.Branch, 3, 1)
	w.member(t, w.c.Branch, true, "memberStatus", "2") // 已转出: by status only
	w.members(t, w.mathBranch, 2, 0)

	admin := w.summary(t, w.e.AdminTK)
	if !admin.Scoped || admin.Members.Total != 6 || count(admin.Members.ByStatus, member.StatusNormal) != 6 ||
		count(admin.Members.ByStatus, "2") != 1 || count(admin.Members.ByParty, member.PartyFull) != 5 ||
		count(admin.Members.ByParty, member.PartyProbation) != 1 || count(admin.Members.ByCategory, "1") != 6 ||
		admin.Members.JoinedInYear != 1 || admin.Members.FullInYear != 0 {
		t.Fatalf("admin members %+v", admin.Members)
	}
	// Labelled from the dictionaries, in their order, zeros included.
	if admin.Members.ByParty[0].Label != "正式党员" || admin.Members.ByParty[1].Label != "预备党员" ||
		admin.Members.ByStatus[1].Label != "已转出" || count(admin.Members.ByStatus, "4") != 0 {
		t.Fatalf("labels %+v %+v", admin.Members.ByParty, admin.Members.ByStatus)
	}
	if admin.Orgs.Total != 5 || count(admin.Orgs.ByType, org.TypeCommittee) != 1 ||
		count(admin.Orgs.ByType, org.TypeSecondaryCommittee) != 2 || count(admin.Orgs.ByType, org.TypeBranch) != 2 ||
		admin.Orgs.ByType[0].Label != "党委" {
		t.Fatalf("admin orgs %+v", admin.Orgs)
	}
	if !slices.Equal(rulesOf(admin, w.mathBranch), []string{org.RuleBranchTooFewFull}) || admin.Warnings.Total != 1 ||
		admin.Warnings.TermReminderMonths != org.DefaultTermReminderMonths {
		t.Fatalf("admin warnings %+v", admin.Warnings)
	}

	sec := w.summary(t, w.secretaryTK)
	if !sec.Scoped || sec.Members.Total != 4 || count(sec.Members.ByParty, member.PartyFull) != 3 ||
		count(sec.Members.ByStatus, "2") != 1 || sec.Orgs.Total != 1 || count(sec.Orgs.ByType, org.TypeBranch) != 1 ||
		count(sec.Orgs.ByType, org.TypeCommittee) != 0 {
		t.Fatalf("secretary %+v %+v", sec.Members, sec.Orgs)
	}
	// The maths branch breaks a rule, but outside the secretary's scope.
	if sec.Warnings.Total != 0 || len(sec.Warnings.Items) != 0 {
		t.Fatalf("secretary warnings %+v", sec.Warnings)
	}

	maths := w.summary(t, w.mathTK)
	if maths.Members.Total != 2 || maths.Members.JoinedInYear != 0 || maths.Orgs.Total != 2 || maths.Warnings.Total != 1 {
		t.Fatalf("college %+v %+v %+v", maths.Members, maths.Orgs, maths.Warnings)
	}

	// An account whose role is scoped to its organisation but has none is
	// told so (403 NO_ANCHOR, as every scoped page), not shown zeros.
	lostTK, _ := w.e.UserWith("LEVEL", 0, home.PermView)
	body := apptest.DoJSON[map[string]any](t, w.e, 403, "GET", "/api/home/summary", lostTK, nil)
	if body["code"] != "NO_ANCHOR" {
		t.Fatalf("unanchored: %v", body)
	}
}

// RULES.md §4 "A branch needs ≥ 3 full members" and "a branch normally
// ≤ 50 members", as the home page and the top bar report them (org.Warnings
// is the one place of the rules): 2 full members warn, 3 do not (a
// probationary member does not count); 50 members do not warn, 51 do.
func TestRule4_SizeRulesAtTheirEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.members(t, w.mathBranch, 2, 1)
	if got := rulesOf(w.summary(t, w.mathTK), w.mathBranch); !slices.Equal(got, []string{org.RuleBranchTooFewFull}) {
		t.Fatalf("2 full members: %v", got)
	}
	w.member(t, w.mathBranch, true)
	if got := rulesOf(w.summary(t, w.mathTK), w.mathBranch); len(got) != 0 {
		t.Fatalf("3 full members: %v", got)
	}

	big := w.e.Create(t, w.e.AdminTK, "/api/dzzxx", map[string]any{"code": "BIG01", "name": "数学学生党支部",
		"type": org.TypeBranch, "pid": w.c.Math, "committee": []string{"甲", "乙", "丙"}})
	w.members(t, big, 48, 2)
	if got := rulesOf(w.summary(t, w.mathTK), big); len(got) != 0 {
		t.Fatalf("50 members: %v", got)
	}
	w.member(t, big, false)
	s := w.summary(t, w.mathTK)
	if got := rulesOf(s, big); !slices.Equal(got, []string{org.RuleBranchTooLarge}) {
		t.Fatalf("51 members: %v", got)
	}
	// The top bar's list says the same, with the organisation to open.
	page := apptest.DoJSON[httpx.PageResult[org.Warning]](t, w.e, 200, "GET", "/api/home/warnings", w.mathTK, nil)
	if page.TotalElements != 1 || page.Content[0].OrgID != big || page.Content[0].OrgName != "数学学生党支部" ||
		page.Content[0].Message != "党员超过50名，建议分设支部" {
		t.Fatalf("top bar %+v", page)
	}
	if s.Members.Total != 55 || s.Members.JoinedInYear != 4 {
		t.Fatalf("members %+v", s.Members)
	}
}

// RULES.md §4 "Remind before a term expires (setting, default 3 months)": a
// term ending on the last day of the window is due, one ending a day later
// is not; an ended term is overdue (an error, listed first); the window is
// the setting termReminderMonths.
func TestRule4_TermDueWindowEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	now := time.Now() // the organisation domain's calendar
	startFor := func(end time.Time) string { return end.AddDate(-3, 0, 0).Format("2006-01-02") }
	edge := now.AddDate(0, org.DefaultTermReminderMonths, 0)
	mk := func(code, name string, end time.Time) int64 {
		return w.e.Create(t, w.e.AdminTK, "/api/dzzxx", map[string]any{"code": code, "name": name, "type": org.TypeBranch,
			"pid": w.c.Math, "termStart": startFor(end), "termYears": 3})
	}
	due := mk("T1", "届满在窗口末日党支部", edge)
	later := mk("T2", "届满在窗口后一天党支部", edge.AddDate(0, 0, 1))
	overdue := mk("T3", "已届满党支部", now.AddDate(0, 0, -1))
	for _, id := range []int64{due, later, overdue} {
		w.members(t, id, 3, 0)
	}
	w.members(t, w.mathBranch, 3, 0)

	s := w.summary(t, w.mathTK)
	if got := rulesOf(s, due); !slices.Equal(got, []string{org.RuleTermDue}) {
		t.Fatalf("ends on the window's last day: %v", got)
	}
	if got := rulesOf(s, later); len(got) != 0 {
		t.Fatalf("ends a day after the window: %v", got)
	}
	if s.Warnings.Total != 2 || s.Warnings.Items[0].OrgID != overdue || s.Warnings.Items[0].Rule != org.RuleTermOverdue ||
		s.Warnings.Items[0].Level != "error" {
		t.Fatalf("overdue first: %+v", s.Warnings.Items)
	}
	// Paged for the top bar: the total is every warning.
	page := apptest.DoJSON[httpx.PageResult[org.Warning]](t, w.e, 200, "GET", "/api/home/warnings?size=1&page=1", w.mathTK, nil)
	if page.TotalElements != 2 || len(page.Content) != 1 || page.Content[0].OrgID != due {
		t.Fatalf("second page %+v", page)
	}

	// A one-month window: the three-month edge is no longer due.
	setReminderMonths(t, w, "1")
	s = w.summary(t, w.mathTK)
	if got := rulesOf(s, due); len(got) != 0 || s.Warnings.TermReminderMonths != 1 || s.Warnings.Total != 1 {
		t.Fatalf("1-month window: %v %+v", got, s.Warnings)
	}
}

func setReminderMonths(t *testing.T, w *world, v string) {
	t.Helper()
	res := w.e.Do("GET", "/api/sysConfig/group/name?name=party", w.e.AdminTK, nil)
	var cfg []map[string]any
	res.JSON(t, &cfg)
	for _, c := range cfg {
		if c["configKey"] == org.CfgTermReminderMonths {
			c["configValue"] = v
			apptest.Expect(t, w.e.Do("PUT", "/api/sysConfig", w.e.AdminTK, c), 204)
			return
		}
	}
	t.Fatalf("no setting %s in %v", org.CfgTermReminderMonths, cfg)
}

// Members moved this year come from the member change trail: a member who
// changed branch counts once for whoever now has them in scope; the recent
// changes are the scope's, newest first, naming the record to open; the
// to-dos are the caller's own.
func TestMovedAndRecentChanges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	mover := w.member(t, w.c.Branch, true)
	w.member(t, w.c.Branch, true)
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": mover, "orgId": w.mathBranch}), 200)
	// A change of another field is not a move.
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": mover, "remark": "调入数学系"}), 200)

	if got := w.summary(t, w.e.AdminTK).Members.MovedInYear; got != 1 {
		t.Fatalf("admin moved %d", got)
	}
	if got := w.summary(t, w.mathTK).Members.MovedInYear; got != 1 {
		t.Fatalf("college moved %d", got)
	}
	sec := w.summary(t, w.secretaryTK)
	if sec.Members.MovedInYear != 0 {
		t.Fatalf("the member left the secretary's scope: moved %d", sec.Members.MovedInYear)
	}

	admin := w.summary(t, w.e.AdminTK)
	if len(admin.Recent) != 8 || admin.Recent[0].Module != "member" || admin.Recent[0].RecordID != mover ||
		admin.Recent[0].Summary == "" || admin.Recent[0].OperatorName == "" {
		t.Fatalf("admin recent %+v", admin.Recent)
	}
	for i := 1; i < len(admin.Recent); i++ {
		if admin.Recent[i].CreateTime.After(admin.Recent[i-1].CreateTime) {
			t.Fatalf("not newest first: %+v", admin.Recent)
		}
	}
	// The secretary sees their branch's records only: the other member and
	// the branch itself, not the member who left nor the maths organisations.
	var seen []string
	for _, c := range sec.Recent {
		seen = append(seen, fmt.Sprintf("%s:%d", c.Module, c.RecordID))
		if c.RecordID == mover && c.Module == "member" || c.Module == "org" && c.RecordID != w.c.Branch {
			t.Fatalf("secretary sees %+v", c)
		}
	}
	if len(sec.Recent) != 2 || !slices.Contains(seen, fmt.Sprintf("org:%d", w.c.Branch)) {
		t.Fatalf("secretary recent %v", seen)
	}
}
