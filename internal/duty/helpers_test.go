package duty_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/duty"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
)

// world: a school committee with two secondary committees (计算机, 数学);
// under 计算机 a branch with 王书记 (its secretary) and 李明, under 数学 a
// branch with 钱红. csTK and mathTK manage their committee (reports and
// integrity), discTK is the discipline office (the whole school), the
// members' tokens hold a member's permissions, noTK holds none of ours.
type world struct {
	e                                 *apptest.Env
	root, cs, math, branch, mb        int64
	csTK, cs2TK, mathTK, discTK, noTK string
	wang, li, qian                    int64
	wangTK, liTK, qianTK              string
}

var managerPerms = []string{duty.PermList, duty.PermTask, duty.PermSubmit, duty.PermReview, duty.PermExport,
	duty.PermMine, duty.PermScope, duty.PermRecExport}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.branch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.mb = e.Org(t, w.math, "5", "数学教工党支部")
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, managerPerms...)
	w.cs2TK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, managerPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, managerPerms...)
	w.discTK, _ = e.UserAt(t, "ALL", w.root, duty.PermMine, duty.PermScope, duty.PermRecExport)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.wang, w.wangTK = w.person(t, w.branch, "王书记", true)
	w.li, w.liTK = w.person(t, w.branch, "李明", false)
	w.qian, w.qianTK = w.person(t, w.mb, "钱红", false)
	return w
}

// person adds a full member of branch with a member's account (scope
// SELF) and, when secretary, makes them the branch's secretary.
func (w *world) person(t testing.TB, branch int64, name string, secretary bool) (int64, string) {
	t.Helper()
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, branch, "gender", member.GenderMale))
	tk, uid := w.e.UserAt(t, "SELF", branch, duty.PermList, duty.PermSubmit, duty.PermMine)
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

// task declares a task as token and answers it.
func (w *world) task(t testing.TB, token string, orgID int64, target string, due date.Date) duty.TaskView {
	t.Helper()
	return apptest.DoJSON[duty.TaskView](t, w.e, 201, "POST", "/api/zbgz/tasks", token, map[string]any{
		"title": "2026年度述职", "kind": duty.KindDebrief, "target": target, "orgId": orgID, "period": "2026年度", "dueOn": due})
}

// reports lists task id's reports as token sees them, by name.
func (w *world) reports(t testing.TB, token string, id int64) map[string]duty.ReportView {
	t.Helper()
	rows, _ := apptest.GetPage[duty.ReportView](t, w.e, token, fmt.Sprintf("/api/zbgz/tasks/%d/reports", id), url.Values{"size": {"100"}})
	out := map[string]duty.ReportView{}
	for _, r := range rows {
		out[r.Name] = r
	}
	return out
}

func reportPath(id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/zbgz/reports/%d", id)
	}
	return fmt.Sprintf("/api/zbgz/reports/%d/%s", id, action)
}

const body = "<p>一、履职情况</p><p>二、存在问题</p><script>alert(1)</script>"
