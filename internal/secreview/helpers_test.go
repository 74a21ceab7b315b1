package secreview_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/secreview"
)

// world: a school committee with two secondary committees (计算机, 数学);
// under 计算机 three branches: branch (secretary sec, committee member
// other), branch2 (secretary sec2) and vacant (no secretary); under 数学 one
// branch. csTK and mathTK organise for their committee, secTK, sec2TK and
// otherTK are the accounts of the branches' people (branch secretaries'
// permissions: list, submit), noTK holds no review permission.
type world struct {
	e                                           *apptest.Env
	root, cs, math, branch, branch2, vacant, mb int64
	csTK, mathTK, secTK, sec2TK, otherTK, noTK  string
	sec, sec2, other                            int64
}

var organiser = []string{secreview.PermList, secreview.PermRound, secreview.PermSubmit, secreview.PermGrade, secreview.PermExport}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.branch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.branch2 = e.Org(t, w.cs, "5", "计算机学生党支部")
	w.vacant = e.Org(t, w.cs, "5", "计算机退休党支部")
	w.mb = e.Org(t, w.math, "5", "数学教工党支部")
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, organiser...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, organiser...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.sec, w.secTK = w.person(t, w.branch, "王书记", true)
	w.sec2, w.sec2TK = w.person(t, w.branch2, "李书记", true)
	w.other, w.otherTK = w.person(t, w.branch, "赵委员", false)
	w.person(t, w.mb, "钱书记", true)
	return w
}

// person adds a full member of branch with an account (a branch
// secretary's permissions, the branch's scope) and, when secretary, makes
// them the branch's secretary.
func (w *world) person(t testing.TB, branch int64, name string, secretary bool) (int64, string) {
	t.Helper()
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, branch, "gender", member.GenderMale))
	tk, uid := w.e.UserAt(t, "LEVEL_AND_BELOW", branch, secreview.PermList, secreview.PermSubmit)
	ctx := t.Context()
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", id).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if secretary {
		if _, err := w.e.DB.NewUpdate().Model((*org.Org)(nil)).Set("secretary_member_id = ?", id).Set("secretary_name = ?", name).
			Where("id = ?", branch).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return id, tk
}

// today is today in China.
func today() date.Date { return date.Today() }

// open opens the branch round of this year organised by orgID, due on due.
func (w *world) open(t testing.TB, token string, orgID int64, level string, due date.Date) secreview.RoundView {
	t.Helper()
	return apptest.DoJSON[secreview.RoundView](t, w.e, 201, "POST", "/api/szpy/rounds", token,
		map[string]any{"year": due.Time().Year(), "level": level, "orgId": orgID, "dueOn": due})
}

// reports lists round id's reports as token sees them, by organisation.
func (w *world) reports(t testing.TB, token string, id int64, q url.Values) map[int64]secreview.ReportView {
	t.Helper()
	if q == nil {
		q = url.Values{}
	}
	q.Set("size", "100")
	rows, _ := apptest.GetPage[secreview.ReportView](t, w.e, token, fmt.Sprintf("/api/szpy/rounds/%d/reports", id), q)
	out := map[int64]secreview.ReportView{}
	for _, r := range rows {
		out[r.OrgID] = r
	}
	return out
}

func reportPath(id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/szpy/reports/%d", id)
	}
	return fmt.Sprintf("/api/szpy/reports/%d/%s", id, action)
}

func roundPath(id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/szpy/rounds/%d", id)
	}
	return fmt.Sprintf("/api/szpy/rounds/%d/%s", id, action)
}

// submit submits report id as token with a text and wants status.
func (w *world) submit(t testing.TB, token string, id int64, want int) secreview.ReportView {
	t.Helper()
	return apptest.DoJSON[secreview.ReportView](t, w.e, want, "POST", reportPath(id, "submit"), token,
		map[string]any{"content": "一、履行第一责任人职责情况\n二、存在的问题\n三、下一步打算"})
}
