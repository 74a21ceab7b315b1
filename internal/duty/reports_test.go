package duty_test

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/duty"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// A task for the members of 计算机 lists its two members and not 数学's;
// a member submits their own (the script removed), may revise until it is
// reviewed, another member cannot write it; a submission on the due day is
// on time, one for a task due yesterday is late; 通过 and 退回修改 by the
// organiser; 数学 reaches nothing of it.
func TestTask_SubmitReviewAndLateness(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	today := date.Today()
	task := w.task(t, w.csTK, w.cs, duty.TargetMember, today)
	if task.Total != 2 || task.Missing != 2 || !task.CanReview {
		t.Fatalf("task %+v", task)
	}
	rows := w.reports(t, w.csTK, task.ID)
	wang, li := rows["王书记"], rows["李明"]
	if wang.ID == 0 || li.ID == 0 || len(rows) != 2 {
		t.Fatalf("reports %+v", rows)
	}
	apptest.Expect(t, w.e.Do("POST", reportPath(wang.ID, "submit"), w.liTK, map[string]any{"content": body}), 404) // another member's: not seen
	apptest.ExpectField(t, w.e.Do("POST", reportPath(wang.ID, "submit"), w.wangTK, map[string]any{"content": "<p> </p>"}), "content", "请填写报告内容")
	got := apptest.DoJSON[duty.ReportView](t, w.e, 200, "POST", reportPath(wang.ID, "submit"), w.wangTK, map[string]any{"content": body})
	if got.State != duty.StateSubmitted || got.Late || strings.Contains(got.Content, "script") || !strings.Contains(got.Content, "履职情况") {
		t.Fatalf("submitted on the due day %+v", got)
	}
	// Revised before review: still on time, still submitted.
	apptest.DoJSON[duty.ReportView](t, w.e, 200, "POST", reportPath(wang.ID, "submit"), w.wangTK, map[string]any{"content": "<p>修改后</p>"})
	apptest.Expect(t, w.e.Do("POST", reportPath(wang.ID, "pass"), w.wangTK, map[string]any{}), 403) // a member does not review
	apptest.ExpectField(t, w.e.Do("POST", reportPath(wang.ID, "return"), w.csTK, map[string]any{}), "reason", "请输入退回原因（不超过500个字）")
	ret := apptest.DoJSON[duty.ReportView](t, w.e, 200, "POST", reportPath(wang.ID, "return"), w.csTK, map[string]any{"reason": "请补充问题整改"})
	if ret.State != duty.StateReturned || ret.ReturnReason != "请补充问题整改" {
		t.Fatalf("returned %+v", ret)
	}
	apptest.Expect(t, w.e.Do("POST", reportPath(wang.ID, "pass"), w.csTK, map[string]any{}), 400) // returned: nothing to pass
	apptest.DoJSON[duty.ReportView](t, w.e, 200, "POST", reportPath(wang.ID, "submit"), w.wangTK, map[string]any{"content": "<p>补充</p>"})
	pass := apptest.DoJSON[duty.ReportView](t, w.e, 200, "POST", reportPath(wang.ID, "pass"), w.csTK, map[string]any{"comment": "认真"})
	if pass.State != duty.StatePassed || pass.Late {
		t.Fatalf("passed %+v", pass)
	}
	apptest.Expect(t, w.e.Do("POST", reportPath(wang.ID, "submit"), w.wangTK, map[string]any{"content": body}), 400) // passed: fixed
	// The day after the due day: a task due yesterday.
	old := w.task(t, w.csTK, w.cs, duty.TargetMember, today.AddDays(-1))
	lateRow := w.reports(t, w.csTK, old.ID)["李明"]
	if r := apptest.DoJSON[duty.ReportView](t, w.e, 200, "POST", reportPath(lateRow.ID, "submit"), w.liTK, map[string]any{"content": body}); !r.Late {
		t.Fatalf("submitted the day after: %+v", r)
	}
	if v := apptest.DoJSON[duty.TaskView](t, w.e, 200, "GET", "/api/zbgz/tasks/"+strconv.FormatInt(old.ID, 10), w.csTK, nil); v.Late != 1 || v.Submitted != 1 || v.Missing != 1 {
		t.Errorf("progress %+v", v)
	}
	mine := apptest.DoJSON[[]duty.ReportView](t, w.e, 200, "GET", "/api/zbgz/mine", w.liTK, nil)
	if len(mine) != 2 || mine[0].State != duty.StateMissing {
		t.Errorf("李明's own %+v", mine)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/zbgz/tasks/"+strconv.FormatInt(task.ID, 10), w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", reportPath(wang.ID, ""), w.mathTK, nil), 404)
	res := w.e.Do("GET", "/api/zbgz/tasks/"+strconv.FormatInt(old.ID, 10)+"/missing/export", w.csTK, nil)
	apptest.Expect(t, res, 200)
	f := apptest.Download(t, res)
	cells, _ := f.GetRows(f.GetSheetList()[0])
	if !slices.ContainsFunc(cells, func(r []string) bool { return slices.Contains(r, "王书记") }) ||
		slices.ContainsFunc(cells, func(r []string) bool { return slices.Contains(r, "李明") }) {
		t.Errorf("missing list %v", cells)
	}
}

// Units: a task for the units under 计算机 is written by the branch's
// managers; secretaries: only 王书记.
func TestTask_Targets(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	due := date.Today().AddDays(10)
	unit := w.task(t, w.csTK, w.cs, duty.TargetUnit, due)
	rows := w.reports(t, w.csTK, unit.ID)
	if len(rows) != 1 || rows["计算机教工党支部"].ID == 0 || !rows["计算机教工党支部"].Mine {
		t.Fatalf("unit reports %+v", rows)
	}
	apptest.Expect(t, w.e.Do("POST", reportPath(rows["计算机教工党支部"].ID, "submit"), w.wangTK, map[string]any{"content": body}), 404)
	sec := w.task(t, w.e.AdminTK, w.root, duty.TargetSecretary, due)
	if sec.Total != 1 {
		t.Errorf("secretaries %+v", sec)
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/zbgz/tasks", w.csTK, map[string]any{"title": "x", "kind": "x", "target": duty.TargetUnit, "orgId": w.cs, "dueOn": due}), "kind", "请选择报告类型")
	apptest.ExpectField(t, w.e.Do("POST", "/api/zbgz/tasks", w.csTK, map[string]any{"title": "x", "kind": duty.KindDuty, "target": duty.TargetUnit, "orgId": w.math, "dueOn": due}), "orgId", "所选党组织不存在")
	apptest.ExpectField(t, w.e.Do("POST", "/api/zbgz/tasks", w.csTK, map[string]any{"title": "x", "kind": duty.KindDuty, "target": duty.TargetUnit, "orgId": w.cs, "dueOn": ""}), "dueOn", "请选择截止日期")
	apptest.ExpectField(t, w.e.Do("POST", "/api/zbgz/tasks", w.csTK, map[string]any{"title": "", "kind": duty.KindDuty, "target": duty.TargetUnit, "orgId": w.cs, "dueOn": due}), "title", "请输入任务名称（不超过100个字）")
}

// Two reviewers of the committee act on one report at once: one wins, the
// other is refused, and the report holds the winner's decision.
func TestReview_TwoReviewersAtOnce_OneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	task := w.task(t, w.csTK, w.cs, duty.TargetMember, date.Today().AddDays(3))
	id := w.reports(t, w.csTK, task.ID)["李明"].ID
	apptest.DoJSON[duty.ReportView](t, w.e, 200, "POST", reportPath(id, "submit"), w.liTK, map[string]any{"content": body})
	statuses := apptest.Concurrently(2, func(i int) int {
		if i == 0 {
			return w.e.Do("POST", reportPath(id, "pass"), w.csTK, map[string]any{"comment": "通过"}).Status
		}
		return w.e.Do("POST", reportPath(id, "return"), w.cs2TK, map[string]any{"reason": "退回"}).Status
	})
	apptest.ExpectOneWins(t, statuses, http.StatusOK, http.StatusConflict, http.StatusBadRequest)
	v := apptest.DoJSON[duty.ReportView](t, w.e, 200, "GET", reportPath(id, ""), w.csTK, nil)
	if (statuses[0] == 200) != (v.State == duty.StatePassed) {
		t.Errorf("statuses %v, report %+v", statuses, v)
	}
}

// Every route: no token 401, none of our permissions 403.
func TestRoutes_401_403_404(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	task := w.task(t, w.csTK, w.cs, duty.TargetMember, date.Today().AddDays(3))
	rep := w.reports(t, w.csTK, task.ID)["李明"].ID
	tp := "/api/zbgz/tasks/" + strconv.FormatInt(task.ID, 10)
	rec := apptest.DoJSON[duty.RecordView](t, w.e, 201, "POST", "/api/dlda/records", w.liTK,
		map[string]any{"kind": duty.RecordCommitment, "year": 2026, "day": date.Today()})
	rp := "/api/dlda/records/" + strconv.FormatInt(rec.ID, 10)
	var calls []apptest.Call
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/zbgz/tasks"}, {"POST", "/api/zbgz/tasks"}, {"GET", tp}, {"GET", tp + "/reports"},
		{"GET", tp + "/reports/export"}, {"GET", tp + "/missing/export"}, {"GET", "/api/zbgz/mine"},
		{"GET", reportPath(rep, "")}, {"PUT", reportPath(rep, "")}, {"POST", reportPath(rep, "submit")},
		{"POST", reportPath(rep, "pass")}, {"POST", reportPath(rep, "return")}, {"GET", reportPath(rep, "attachments")},
		{"GET", "/api/dlda/records"}, {"POST", "/api/dlda/records"}, {"GET", rp}, {"DELETE", rp},
		{"GET", "/api/dlda/unsigned"}, {"GET", "/api/dlda/unsigned/export"}, {"GET", rp + "/attachments"},
	} {
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: "", Body: map[string]any{}, Want: 401},
			apptest.Call{Method: c.method, Path: c.path, Token: w.noTK, Body: map[string]any{}, Want: 403})
	}
	for _, c := range []struct{ method, path string }{
		{"GET", tp}, {"GET", tp + "/reports"}, {"GET", tp + "/reports/export"}, {"GET", reportPath(rep, "")},
		{"POST", reportPath(rep, "pass")}, {"GET", reportPath(rep, "attachments")}, {"GET", rp}, {"DELETE", rp}, {"GET", rp + "/attachments"},
	} {
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: w.mathTK, Body: map[string]any{}, Want: 404})
	}
	w.e.ExpectCalls(t, calls)
}

// runReminders runs reminder type kind now and answers its open reminders.
func runReminders(t *testing.T, e *apptest.Env, kind int) []remind.Reminder {
	t.Helper()
	apptest.DoJSON[remind.RuleView](t, e, 200, "POST", "/api/remind/rules/run", e.AdminTK, map[string]any{"type": kind})
	rows, _ := apptest.GetPage[remind.Reminder](t, e, e.AdminTK, "/api/remind/reminders", url.Values{"type": {strconv.Itoa(kind)}, "size": {"100"}})
	return slices.DeleteFunc(rows, func(r remind.Reminder) bool { return r.ClosedAt != nil })
}

// Reminders: none 6 days before the due date, one per report within the
// window, once however often the rule runs, closed by a submission.
func TestReminders_CreatedOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.task(t, w.csTK, w.cs, duty.TargetMember, date.Today().AddDays(6))
	if got := runReminders(t, w.e, duty.ReminderNotSubmitted); len(got) != 0 {
		t.Fatalf("6 days before: %+v", got)
	}
	task := w.task(t, w.csTK, w.cs, duty.TargetMember, date.Today().AddDays(5))
	if got := runReminders(t, w.e, duty.ReminderNotSubmitted); len(got) != 2 {
		t.Fatalf("5 days before: %+v", got)
	}
	if again := runReminders(t, w.e, duty.ReminderNotSubmitted); len(again) != 2 {
		t.Fatalf("a second run: %+v", again)
	}
	id := w.reports(t, w.csTK, task.ID)["李明"].ID
	apptest.DoJSON[duty.ReportView](t, w.e, 200, "POST", reportPath(id, "submit"), w.liTK, map[string]any{"content": body})
	if after := runReminders(t, w.e, duty.ReminderNotSubmitted); len(after) != 1 || !strings.Contains(after[0].Title, "王书记") {
		t.Errorf("after 李明 submitted: %+v", after)
	}
}
