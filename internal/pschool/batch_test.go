package pschool_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/school"
)

// A batch's days fit its dates and its hours its days; a 发展对象 batch asks
// at least develop's configured minimum (3 days or 24 class hours), and
// the defaults by type fill what the form leaves out.
func TestBatchChecks(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	base := map[string]any{"schoolId": sc, "type": school.BatchDevelop, "title": "发展对象培训班", "startOn": "2026-05-10", "endOn": "2026-05-12"}
	v := apptest.DoJSON[pschool.BatchView](t, w.e, 201, "POST", "/api/dx/batches", w.csTK, base)
	if v.Days != 3 || v.Hours != 24 || v.AttendPct != 80 || v.State != pschool.StateDraft || v.TypeName != "发展对象培训班" {
		t.Fatalf("defaults of a 发展对象 batch: %+v", v)
	}
	cases := []struct {
		kv         []any
		field, msg string
	}{
		{[]any{"days", 2, "hours", 16}, "days", "发展对象培训班须不少于 3 天或 24 学时（发展党员配置的集中培训要求）"},
		{[]any{"days", 4}, "days", "2026-05-10 至 2026-05-12 共 3 天，培训天数应在 1 到 3 天之间"},
		{[]any{"days", 3, "hours", 25}, "hours", "3 天的培训应为 1 到 24 学时（每天不超过 8 学时）"},
		{[]any{"endOn", "2026-05-09"}, "endOn", "结束日期不能早于开始日期"},
		{[]any{"type", 9}, "type", "请选择培训班类型"},
		{[]any{"title", " "}, "title", "请输入培训班名称（不超过100个字）"},
		{[]any{"attendPct", 120}, "attendPct", "出勤率要求应在 1% 到 100% 之间"},
		{[]any{"schoolId", 99999}, "schoolId", "所选党校不存在"},
	}
	for _, c := range cases {
		apptest.ExpectField(t, w.e.Do("POST", "/api/dx/batches", w.csTK, apptest.With(base, c.kv...)), c.field, c.msg)
	}
	// 3 days of 16 hours meet the minimum too (days or hours: either suffices).
	apptest.Expect(t, w.e.Do("POST", "/api/dx/batches", w.csTK, apptest.With(base, "hours", 16)), 201)
	// The type is kept on update; a finished batch is not changed.
	apptest.Expect(t, w.e.Do("PUT", "/api/dx/batches", w.csTK, map[string]any{"id": v.ID, "type": 1, "title": "改名"}), 200)
	got := apptest.DoJSON[pschool.BatchView](t, w.e, 200, "GET", fmt.Sprintf("/api/dx/batches/%d", v.ID), w.csTK, nil)
	if got.Type != school.BatchDevelop || got.Title != "改名" {
		t.Fatalf("update: %+v", got)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/finish", v.ID), w.csTK, nil), 409, "只有进行中的培训班可以结束")
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/open", v.ID), w.csTK, nil), 204)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/finish", v.ID), w.csTK, nil), 204)
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dx/batches", w.csTK, map[string]any{"id": v.ID, "title": "再改"}), 409, "培训班已结束，不能修改")
	// Filters by type, state and school.
	if _, n := apptest.GetPage[pschool.BatchView](t, w.e, w.csTK, "/api/dx/batches?state=finished&type=3&schoolId="+fmt.Sprint(sc), nil); n != 1 {
		t.Fatalf("filtered: %d", n)
	}
}

// Enrolment takes the records of the batch type's stage under the school's
// organisation; a record is in one unfinished batch of a type at a time
// (also when two enrolments race), free again once withdrawn or finished.
func TestEnrolment(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	a := w.batch(t, sc, school.BatchActive, "2026-05-10", 3, 24)
	b := w.batch(t, sc, school.BatchActive, "2026-06-10", 3, 24)
	li := w.record(t, w.c.Branch, "李明", develop.StageActivist, "")
	wang := w.record(t, w.c.Branch, "王芳", develop.StageActivist, "")
	applicant := w.record(t, w.c.Branch, "赵申请", develop.StageApplicant, "")
	mathBranch := w.e.Org(t, w.c.Math, "5", "数学教工党支部")
	other := w.record(t, mathBranch, "钱数学", develop.StageActivist, "")
	// The candidates: this stage, this school's committee.
	cands, n := apptest.GetPage[develop.StageRecord](t, w.e, w.csTK, fmt.Sprintf("/api/dx/batches/%d/candidates", a), nil)
	if n != 2 || cands[0].Stage != develop.StageActivist {
		t.Fatalf("candidates: %d %+v", n, cands)
	}
	enrol := func(batch int64, ids ...int64) *apptest.Response {
		return w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/trainees", batch), w.csTK, map[string]any{"recordIds": ids})
	}
	apptest.ExpectField(t, enrol(a, li, applicant), "recordIds", "所选人员中有 1 人不是本党校范围内的入党积极分子")
	apptest.ExpectField(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/trainees", a), w.deptTK, map[string]any{"recordIds": []int64{other}}),
		"recordIds", "所选人员中有 1 人不是本党校范围内的入党积极分子")
	apptest.Expect(t, enrol(a, li), 200)
	// Enrolled, 李明 is no candidate of this batch nor of the other of the type.
	candidates := func(batch int64) []string {
		t.Helper()
		rows, _ := apptest.GetPage[develop.StageRecord](t, w.e, w.csTK, fmt.Sprintf("/api/dx/batches/%d/candidates", batch), nil)
		var names []string
		for _, r := range rows {
			names = append(names, r.Name)
		}
		return names
	}
	if a, b := candidates(a), candidates(b); len(a) != 1 || a[0] != "王芳" || len(b) != 1 || b[0] != "王芳" {
		t.Fatalf("candidates once 李明 enrolled: %v and %v", a, b)
	}
	apptest.ExpectField(t, enrol(a, li), "recordIds", "李明 已在本培训班")
	apptest.ExpectField(t, enrol(b, li, wang), "recordIds", "李明 已在另一个未结束的入党积极分子培训班中，同类培训班不能同时参加")
	if got := w.trainees(t, b); len(got) != 0 {
		t.Fatalf("all or none: %v", got)
	}
	// Two enrolments of one record into two batches at once: one wins.
	statuses := apptest.Concurrently(2, func(i int) int { return enrol([]int64{a, b}[i], wang).Status })
	apptest.ExpectOneWins(t, statuses, 200, 400, 409)
	// Withdrawn, the record may join the other batch; enrolled again here, it takes its row back.
	tr := w.trainees(t, a)[li]
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/withdraw", a), w.csTK, map[string]any{"traineeIds": []int64{tr.ID}, "reason": "转学"}), 200)
	if got := w.trainees(t, a)[li]; got.State != pschool.TraineeWithdrawn || got.Reason != "转学" {
		t.Fatalf("withdrawn: %+v", got)
	}
	if got := candidates(b); len(got) != 1 || got[0] != "李明" {
		t.Fatalf("withdrawn, 李明 is a candidate of the other batch: %v", got)
	}
	apptest.Expect(t, enrol(a, li), 200)
	if got := w.trainees(t, a)[li]; got.ID != tr.ID || got.State != pschool.TraineeEnrolled {
		t.Fatalf("enrolled again: %+v", got)
	}
	// Attendance: bounded by the batch, only for enrolled trainees of this batch.
	rows := func(kv ...any) map[string]any {
		return map[string]any{"rows": []map[string]any{apptest.With(map[string]any{"traineeId": tr.ID, "daysAttended": 3, "hoursAttended": 20.5}, kv...)}}
	}
	att := fmt.Sprintf("/api/dx/batches/%d/attendance", a)
	apptest.Expect(t, w.e.Do("PUT", att, w.csTK, rows()), 200)
	apptest.ExpectField(t, w.e.Do("PUT", att, w.csTK, rows("daysAttended", 4)), "rows", "第 1 行：出勤天数应在 0 到 3 之间")
	apptest.ExpectField(t, w.e.Do("PUT", att, w.csTK, rows("hoursAttended", 30)), "rows", "第 1 行：线下学时应在 0 到 24 之间（以 0.5 学时计）")
	apptest.ExpectField(t, w.e.Do("PUT", fmt.Sprintf("/api/dx/batches/%d/attendance", b), w.csTK, rows()), "rows", "第 1 行：学员不在本班或已结业、退学")
	if got := w.trainees(t, a)[li]; got.DaysAttended != 3 || got.HoursAttended != 20.5 {
		t.Fatalf("attendance: %+v", got)
	}
	// Finished, the batch frees its trainees for another batch of the type.
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/finish", a), w.csTK, nil), 204)
	apptest.Expect(t, enrol(b, li), 200)
	apptest.ExpectMessage(t, enrol(a, wang), 409, "培训班已结束，不能报名")
	// The trainee list exports.
	res := w.e.Do("GET", fmt.Sprintf("/api/dx/batches/%d/trainees/export", b), w.csTK, nil)
	apptest.Expect(t, res, 200)
	book := apptest.Download(t, res)
	if v, _ := book.GetCellValue(book.GetSheetName(0), "C2"); v == "" {
		t.Fatalf("export has no trainee")
	}
}
