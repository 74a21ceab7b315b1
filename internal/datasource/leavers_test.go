package datasource_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/datasource"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/system"
)

type registered struct {
	Status string    `bun:"status"`
	LeftOn date.Date `bun:"left_on"`
}

// state is each teacher's status and the day they left, by staff number.
func (w *world) state(t *testing.T) map[string]registered {
	t.Helper()
	var rows []struct {
		StaffNo string `bun:"staff_no"`
		registered
	}
	if err := w.e.DB.NewSelect().Table("jsjbxx").Column("staff_no", "status", "left_on").Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	out := map[string]registered{}
	for _, r := range rows {
		out[r.StaffNo] = r.registered
	}
	return out
}

func staffList(from, to int) []map[string]any {
	var out []map[string]any
	for i := from; i <= to; i++ {
		out = append(out, staff(fmt.Sprintf("T50%02d", i), fmt.Sprintf("教工%02d", i), "男", "人事测试学院"))
	}
	return out
}

// Leavers (issue 32): a source with an absent status marks the people of
// the caller's scope it no longer lists, on the day of the run; listed
// again, those it marked come back, while one marked by hand stays. A run
// may mark at most a tenth of the active people (at least 20): at 24
// active, 20 is marked and 21 is refused (nothing written) unless the run
// is told to allow it. A member among the leavers is reminded of to their
// branch until the transfer.
func TestLeaversAreMarkedAndListedOnesComeBack(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	c := w.c
	today := date.Today()
	// Elsewhere in the school: out of the committee's scope, never listed by its source.
	other := e.Create(t, e.AdminTK, "/api/dwxx", body{"name": "数学测试学院", "code": "DWHR2", "type": "1", "dzzId": c.Math})
	e.Create(t, e.AdminTK, "/api/jsjbxx", body{"staffNo": "T9001", "name": "外院教工", "gender": "1", "unitDeptId": other})

	h := newHR(t, staffList(1, 25)...)
	committee, _ := e.UserAt(t, "LEVEL_AND_BELOW", c.CS, datasource.PermList, datasource.PermRun, "ry:import")
	src := body{"name": "人事系统", "target": "jsjbxx", "type": "http", "endpoint": h.URL + "/staff", "query": "data.list",
		"mapping": teacherMapping, "absentStatus": "3"}
	apptest.ExpectField(t, e.Do("POST", "/api/dataSources", e.AdminTK, apptest.With(src, "absentStatus", "1")), "absentStatus",
		"请选择状态字典中“在读”“在职”以外的一项")
	apptest.ExpectField(t, e.Do("POST", "/api/dataSources", e.AdminTK, apptest.With(src, "target", "bj",
		"mapping", map[string]string{"code": "a", "name": "b", "unit": "c"})), "absentStatus", "班级信息不是人员信息，不能标记离校")
	id := w.create(t, src)
	run := func(tk string, in body) *apptest.Response {
		return e.Do("POST", fmt.Sprintf("/api/dataSources/%d/run", id), tk, in)
	}
	runAs := func(tk string, in body) datasource.Run {
		t.Helper()
		return apptest.DoJSON[datasource.Run](t, e, http.StatusOK, "POST", fmt.Sprintf("/api/dataSources/%d/run", id), tk, in)
	}
	if r := runAs(committee, body{}); r.NewCount != 25 || r.LeftCount != 0 {
		t.Fatalf("first run %+v", r)
	}

	// T5025 leaves: marked 调离 today; the teacher elsewhere is out of scope.
	h.set(staffList(1, 24)...)
	if r := runAs(committee, body{}); r.LeftCount != 1 || r.UnchangedCount != 24 {
		t.Fatalf("second run %+v", r)
	}
	st := w.state(t)
	if st["T5025"] != (registered{"3", today}) || st["T5024"] != (registered{"1", ""}) || st["T9001"].Status != "1" {
		t.Fatalf("after the second run %+v", st)
	}
	// A member of the party among them: their branch is reminded.
	m := apptest.DoJSON[member.MemberView](t, e, http.StatusCreated, "POST", "/api/dyjbxx", e.AdminTK,
		apptest.FullMember("教工25", c.Branch, "gender", member.GenderMale, "staffOrStudentNo", "T5025"))
	secretaryTK, secretary := e.UserAt(t, "LEVEL", c.Branch)
	e.GrantRole(t, secretary, system.RoleBranchSecretary)
	e.RunReminders(t, e.App.People.Module())
	reminders := func() []struct{ Title, Link string } {
		return apptest.DoJSON[struct {
			Content []struct{ Title, Link string }
		}](t, e, 200, "GET", "/api/msgPushHistory/getRemind", secretaryTK, nil).Content
	}
	if got := reminders(); len(got) != 1 || got[0].Title != "党员教工25已调离，请及时办理组织关系转接" || got[0].Link != fmt.Sprintf("/dyjbxx/detail?id=%d", m.ID) {
		t.Fatalf("reminders %+v", got)
	}

	// T5024 retires by hand; T5025 is listed again: it comes back, T5024 does not.
	var t24 int64
	if err := e.DB.NewSelect().Table("jsjbxx").Column("id").Where("staff_no = 'T5024'").Scan(context.Background(), &t24); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, e.Do("PUT", "/api/jsjbxx", e.AdminTK, body{"id": t24, "status": "2"}), http.StatusOK)
	if st := w.state(t); st["T5024"] != (registered{"2", today}) {
		t.Fatalf("retired by hand %+v", st["T5024"])
	}
	h.set(staffList(1, 25)...)
	if r := runAs(committee, body{}); r.ReturnedCount != 1 || r.LeftCount != 0 {
		t.Fatalf("third run %+v", r)
	}
	st = w.state(t)
	if st["T5025"] != (registered{"1", ""}) || st["T5024"].Status != "2" {
		t.Fatalf("after the third run %+v", st)
	}
	// Back in post, the member's reminder closes.
	e.RunReminders(t, e.App.People.Module())
	if got := reminders(); len(got) != 0 {
		t.Fatalf("reminders after the return %+v", got)
	}

	// 24 active in scope: listing 4 leaves 20 (allowed), listing 3 leaves 21 (refused).
	h.set(staffList(1, 4)...)
	if r := runAs(committee, body{"dry": true}); r.LeftCount != 20 {
		t.Fatalf("dry run at the limit %+v", r)
	}
	h.set(staffList(1, 3)...)
	res := run(committee, body{})
	if res.Status != http.StatusBadRequest || !strings.Contains(res.Message(), "本次将有 21 人（在校在职 24 人）标记为离校（离职），超过一成，未予标记") {
		t.Fatalf("over the limit: %d %s", res.Status, res.Body)
	}
	if st := w.state(t); st["T5010"].Status != "1" {
		t.Fatalf("a refused run marked people %+v", st["T5010"])
	}
	r := runAs(committee, body{"manyLeavers": true})
	st = w.state(t)
	if r.LeftCount != 21 || st["T5010"] != (registered{"3", today}) || st["T5003"].Status != "1" || st["T9001"].Status != "1" {
		t.Fatalf("allowed: %+v %+v", r, st)
	}
}
