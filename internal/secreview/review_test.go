package secreview_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/secreview"
)

// Opening a round lists the branches of the organiser's subtree with their
// secretaries; a branch without one is listed vacant. The same round
// twice, or a round listing branches another round of the year lists,
// is refused; the committee round is the 党委's alone.
func TestOpenRound_ListsSecretariesAndVacancies(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	due := today().AddDays(20)
	r := w.open(t, w.csTK, w.cs, secreview.LevelBranch, due)
	if r.Total != 3 || r.Vacant != 1 || r.Submitted != 0 || !r.CanGrade || !r.CanManage || !strings.Contains(r.Title, "计算机学院党委") {
		t.Fatalf("round %+v", r)
	}
	rows := w.reports(t, w.csTK, r.ID, nil)
	if got := rows[w.branch]; got.SecretaryName != "王书记" || got.Vacant || got.State != secreview.StateDraft {
		t.Errorf("branch %+v", got)
	}
	if got := rows[w.vacant]; !got.Vacant || got.SecretaryName != "" {
		t.Errorf("vacant branch %+v", got)
	}
	if _, ok := rows[w.mb]; ok {
		t.Error("a branch of 数学 listed in 计算机's round")
	}
	body := map[string]any{"year": due.Time().Year(), "level": secreview.LevelBranch, "orgId": w.cs, "dueOn": due}
	apptest.Expect(t, w.e.Do("POST", "/api/szpy/rounds", w.csTK, body), 400) // the same branches again
	res := w.e.Do("POST", "/api/szpy/rounds", w.e.AdminTK, apptest.With(body, "orgId", w.root))
	apptest.ExpectField(t, res, "orgId", "计算机教工党支部、计算机学生党支部、计算机退休党支部已列入本年度其他述职评议")
	apptest.ExpectField(t, w.e.Do("POST", "/api/szpy/rounds", w.csTK, apptest.With(body, "level", secreview.LevelCommittee)),
		"orgId", "二级党委书记述职由学校党委组织评议")
	apptest.ExpectField(t, w.e.Do("POST", "/api/szpy/rounds", w.csTK, apptest.With(body, "orgId", w.math)), "orgId", "所选党组织不存在")
	apptest.ExpectField(t, w.e.Do("POST", "/api/szpy/rounds", w.csTK, apptest.With(body, "dueOn", "")), "dueOn", "请选择截止日期")
	apptest.ExpectField(t, w.e.Do("POST", "/api/szpy/rounds", w.csTK, apptest.With(body, "year", 1800)), "year", "年度应为 2000 到 2100 之间的年份")
	apptest.ExpectField(t, w.e.Do("POST", "/api/szpy/rounds", w.csTK, apptest.With(body, "level", "x")), "level", "请选择述职对象")
	// The 党委's committee round: 计算机 and 数学, both without a secretary here.
	c := w.open(t, w.e.AdminTK, w.root, secreview.LevelCommittee, due)
	if c.Total != 2 || c.Vacant != 2 {
		t.Errorf("committee round %+v", c)
	}
	// 数学 sees its own line of the committee round, and not 计算机's round.
	if rows := w.reports(t, w.mathTK, c.ID, nil); len(rows) != 1 || rows[w.math].OrgID != w.math {
		t.Errorf("数学's view of the committee round %+v", rows)
	}
	apptest.Expect(t, w.e.Do("GET", roundPath(r.ID, ""), w.mathTK, nil), 404)
	list, _ := apptest.GetPage[secreview.RoundView](t, w.e, w.mathTK, "/api/szpy/rounds", nil)
	if len(list) != 1 || list[0].ID != c.ID || list[0].Total != 1 || list[0].CanGrade {
		t.Errorf("数学's rounds %+v", list)
	}
}

// Every route: no token 401, no permission 403, a round or report out of
// scope 404.
func TestRoutes_401_403_404(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.open(t, w.csTK, w.cs, secreview.LevelBranch, today().AddDays(20))
	rep := w.reports(t, w.csTK, r.ID, nil)[w.branch].ID
	var calls []apptest.Call
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/szpy/rounds"}, {"POST", "/api/szpy/rounds"}, {"GET", roundPath(r.ID, "")}, {"PUT", roundPath(r.ID, "due")},
		{"POST", roundPath(r.ID, "close")}, {"POST", roundPath(r.ID, "reopen")}, {"GET", roundPath(r.ID, "reports")},
		{"GET", roundPath(r.ID, "reports/export")}, {"GET", "/api/szpy/mine"}, {"GET", reportPath(rep, "")},
		{"PUT", reportPath(rep, "")}, {"POST", reportPath(rep, "submit")}, {"POST", reportPath(rep, "grade")},
		{"POST", reportPath(rep, "return")}, {"GET", reportPath(rep, "trail")}, {"GET", reportPath(rep, "attachments")},
	} {
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: "", Body: map[string]any{}, Want: 401},
			apptest.Call{Method: c.method, Path: c.path, Token: w.noTK, Body: map[string]any{}, Want: 403})
	}
	// Out of scope: 数学 reaches nothing of 计算机's round.
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", roundPath(r.ID, ""), nil}, {"PUT", roundPath(r.ID, "due"), map[string]any{"dueOn": today().AddDays(30)}},
		{"POST", roundPath(r.ID, "close"), nil}, {"GET", roundPath(r.ID, "reports"), nil}, {"GET", roundPath(r.ID, "reports/export"), nil},
		{"GET", reportPath(rep, ""), nil}, {"PUT", reportPath(rep, ""), map[string]any{"content": "x"}},
		{"POST", reportPath(rep, "submit"), map[string]any{"content": "x"}}, {"POST", reportPath(rep, "grade"), map[string]any{"grade": "good"}},
		{"POST", reportPath(rep, "return"), map[string]any{"reason": "x"}}, {"GET", reportPath(rep, "trail"), nil},
		{"GET", reportPath(rep, "attachments"), nil},
	} {
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: w.mathTK, Body: c.body, Want: 404})
	}
	w.e.ExpectCalls(t, calls)
}

// Only the secretary the round listed writes and submits the report:
// another branch's secretary does not see it (404), a committee member of
// the branch sees it but may not write it (403), nor may the 二级党委.
func TestSubmit_OnlyTheBranchSecretary(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.open(t, w.csTK, w.cs, secreview.LevelBranch, today().AddDays(20))
	rows := w.reports(t, w.csTK, r.ID, nil)
	rep, vacant := rows[w.branch].ID, rows[w.vacant].ID
	draft := map[string]any{"content": "述职草稿"}
	apptest.Expect(t, w.e.Do("GET", reportPath(rep, ""), w.sec2TK, nil), 404)
	apptest.Expect(t, w.e.Do("PUT", reportPath(rep, ""), w.sec2TK, draft), 404)
	apptest.Expect(t, w.e.Do("POST", reportPath(rep, "submit"), w.sec2TK, draft), 404)
	apptest.Expect(t, w.e.Do("PUT", reportPath(rep, ""), w.otherTK, draft), 403)
	apptest.Expect(t, w.e.Do("POST", reportPath(rep, "submit"), w.otherTK, draft), 403)
	apptest.Expect(t, w.e.Do("POST", reportPath(rep, "submit"), w.csTK, draft), 403)
	apptest.Expect(t, w.e.Do("POST", reportPath(vacant, "submit"), w.csTK, draft), 403) // 书记空缺: nobody's to write
	mine := apptest.DoJSON[[]secreview.ReportView](t, w.e, 200, "GET", "/api/szpy/mine", w.secTK, nil)
	if len(mine) != 1 || mine[0].ID != rep || !mine[0].Mine || mine[0].CanGrade {
		t.Fatalf("mine %+v", mine)
	}
	if other := apptest.DoJSON[[]secreview.ReportView](t, w.e, 200, "GET", "/api/szpy/mine", w.otherTK, nil); len(other) != 0 {
		t.Errorf("a committee member's own reports %+v", other)
	}
	saved := apptest.DoJSON[secreview.ReportView](t, w.e, 200, "PUT", reportPath(rep, ""), w.secTK, draft)
	if saved.State != secreview.StateDraft || saved.Content != "述职草稿" || saved.SavedAt == nil {
		t.Errorf("saved %+v", saved)
	}
	stale := map[string]any{"content": "改", "updateTime": mine[0].UpdatedAt}
	apptest.Expect(t, w.e.Do("PUT", reportPath(rep, ""), w.secTK, stale), 409)
	apptest.ExpectField(t, w.e.Do("POST", reportPath(rep, "submit"), w.secTK, map[string]any{"content": "  "}), "content", "请填写述职报告")
	apptest.ExpectField(t, w.e.Do("PUT", reportPath(rep, ""), w.secTK, map[string]any{"content": strings.Repeat("字", secreview.MaxReport+1)}),
		"content", "述职报告不超过20000个字（现20001字）")
	got := w.submit(t, w.secTK, rep, 200)
	if got.State != secreview.StateSubmitted || got.SubmittedAt == nil || got.Late {
		t.Errorf("submitted %+v", got)
	}
	apptest.Expect(t, w.e.Do("PUT", reportPath(rep, ""), w.secTK, draft), 400) // submitted: no more changes
	if r := apptest.DoJSON[secreview.RoundView](t, w.e, 200, "GET", roundPath(r.ID, ""), w.csTK, nil); r.Submitted != 1 {
		t.Errorf("round counts %+v", r)
	}
}

// The due day (China's calendar) is the last day on time: a report
// submitted on it is not late, one submitted the day after is.
func TestSubmit_DueDayOnTime_DayAfterLate(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	day := today()
	r := w.open(t, w.csTK, w.cs, secreview.LevelBranch, day)
	rows := w.reports(t, w.csTK, r.ID, nil)
	if got := w.submit(t, w.secTK, rows[w.branch].ID, 200); got.Late {
		t.Errorf("submitted on the due day: late %+v", got)
	}
	apptest.DoJSON[secreview.RoundView](t, w.e, 200, "PUT", roundPath(r.ID, "due"), w.csTK, map[string]any{"dueOn": day.AddDays(-1)})
	if got := w.submit(t, w.sec2TK, rows[w.branch2].ID, 200); !got.Late {
		t.Errorf("submitted the day after the due day: not late %+v", got)
	}
	if r := apptest.DoJSON[secreview.RoundView](t, w.e, 200, "GET", roundPath(r.ID, ""), w.csTK, nil); r.Late != 1 || r.Submitted != 2 {
		t.Errorf("round counts %+v", r)
	}
	late := w.reports(t, w.csTK, r.ID, url.Values{"late": {"true"}})
	if len(late) != 1 || late[w.branch2].ID == 0 {
		t.Errorf("late filter %+v", late)
	}
}

// The organiser grades a submitted report or returns it with a reason; a
// branch never grades (403) even holding the permission; of two parallel
// grades one wins; every step is in the report's history.
func TestGrade_ReturnAndParallel(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.open(t, w.csTK, w.cs, secreview.LevelBranch, today().AddDays(20))
	rows := w.reports(t, w.csTK, r.ID, nil)
	rep := rows[w.branch].ID
	apptest.Expect(t, w.e.Do("POST", reportPath(rep, "grade"), w.csTK, map[string]any{"grade": "good"}), 400) // not submitted
	w.submit(t, w.secTK, rep, 200)
	branchAll, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.branch, organiser...)
	apptest.Expect(t, w.e.Do("POST", reportPath(rep, "grade"), branchAll, map[string]any{"grade": "good"}), 403)
	apptest.Expect(t, w.e.Do("POST", reportPath(rep, "return"), branchAll, map[string]any{"reason": "x"}), 403)
	apptest.Expect(t, w.e.Do("POST", roundPath(r.ID, "close"), branchAll, nil), 403) // it sees the round (its own line), does not organise it
	apptest.ExpectField(t, w.e.Do("POST", reportPath(rep, "grade"), w.csTK, map[string]any{"grade": "best"}), "grade", "请选择评定等次")
	apptest.ExpectField(t, w.e.Do("POST", reportPath(rep, "return"), w.csTK, map[string]any{"reason": ""}), "reason", "请输入退回原因（不超过500个字）")
	back := apptest.DoJSON[secreview.ReportView](t, w.e, 200, "POST", reportPath(rep, "return"), w.csTK, map[string]any{"reason": "请补充问题查摆"})
	if back.State != secreview.StateReturned || back.ReturnReason != "请补充问题查摆" {
		t.Fatalf("returned %+v", back)
	}
	inbox, _ := apptest.GetPage[struct{ Title string }](t, w.e, w.secTK, "/api/msgPushHistory/list", nil)
	if len(inbox) != 1 || !strings.Contains(inbox[0].Title, "述职报告被退回") {
		t.Errorf("the secretary's messages %+v", inbox)
	}
	w.submit(t, w.secTK, rep, 200)
	statuses := apptest.Concurrently(2, func(i int) int {
		return w.e.Do("POST", reportPath(rep, "grade"), w.csTK, map[string]any{"grade": []string{"good", "fair"}[i], "comment": "履职尽责"}).Status
	})
	apptest.ExpectOneWins(t, statuses, 200, 400, 409)
	got := apptest.DoJSON[secreview.ReportView](t, w.e, 200, "GET", reportPath(rep, ""), w.secTK, nil)
	if got.State != secreview.StateGraded || got.GradeName == "" || got.Comment != "履职尽责" || got.Reviewer == "" {
		t.Errorf("graded %+v", got)
	}
	d := apptest.DoJSON[secreview.RoundDetail](t, w.e, 200, "GET", roundPath(r.ID, ""), w.csTK, nil)
	total := 0
	for _, g := range d.Grades {
		total += g.Count
	}
	if total != 1 || d.Graded != 1 || len(d.Grades) != 4 || d.Grades[0].Name != "好" {
		t.Errorf("distribution %+v", d)
	}
	trail, n := apptest.GetPage[struct{ Changes []struct{ Field, New string } }](t, w.e, w.secTK, reportPath(rep, "trail"), nil)
	if n != 4 { // submitted, returned, submitted, graded
		t.Errorf("history %d entries %+v", n, trail)
	}
	// The round closes once nothing waits; closed, nothing is written.
	closed := apptest.DoJSON[secreview.RoundView](t, w.e, 200, "POST", roundPath(r.ID, "close"), w.csTK, nil)
	if closed.State != secreview.RoundClosed {
		t.Errorf("closed %+v", closed)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", reportPath(rows[w.branch2].ID, "submit"), w.sec2TK, map[string]any{"content": "x"}), 400, "本次述职评议已结束")
}

// A round waits for its submitted reports to be graded before it closes.
func TestCloseRound_WaitsForGrades(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.open(t, w.csTK, w.cs, secreview.LevelBranch, today().AddDays(20))
	w.submit(t, w.secTK, w.reports(t, w.csTK, r.ID, nil)[w.branch].ID, 200)
	apptest.ExpectMessage(t, w.e.Do("POST", roundPath(r.ID, "close"), w.csTK, nil), 400, "尚有1份述职报告未评定，请评定后再结束评议")
	y := today().Time().Year()
	apptest.ExpectField(t, w.e.Do("PUT", roundPath(r.ID, "due"), w.csTK, map[string]any{"dueOn": "2000-01-01"}), "dueOn",
		fmt.Sprintf("截止日期应在%d年或%d年", y, y+1))
}

// The results export as a workbook: one line per secretary, the grade
// distribution below.
func TestExport_ResultsPerSecretary(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.open(t, w.csTK, w.cs, secreview.LevelBranch, today().AddDays(20))
	rep := w.reports(t, w.csTK, r.ID, nil)[w.branch].ID
	w.submit(t, w.secTK, rep, 200)
	apptest.DoJSON[secreview.ReportView](t, w.e, 200, "POST", reportPath(rep, "grade"), w.csTK, map[string]any{"grade": "fair"})
	book := apptest.Download(t, w.e.Do("GET", roundPath(r.ID, "reports/export"), w.csTK, nil))
	rows, err := book.GetRows(book.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	text := ""
	for _, row := range rows {
		text += strings.Join(row, "|") + "\n"
	}
	for _, want := range []string{"计算机教工党支部|王书记|已评定", "计算机退休党支部|书记空缺|书记空缺", "较好|1", "好|0"} {
		if !strings.Contains(text, want) {
			t.Errorf("the workbook lacks %q:\n%s", want, text)
		}
	}
}

// The committee round: a 二级党委's secretary (here a member of one of its
// branches) writes the 二级党委's report whatever their own scope; the
// 二级党委 sees its line and never grades it (403); the 党委 grades.
func TestCommitteeRound_SecretaryWritesTheUniversityGrades(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if _, err := w.e.DB.NewUpdate().Table("dzz").Set("secretary_member_id = ?", w.sec).Set("secretary_name = ?", "王书记").
		Where("id = ?", w.cs).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	c := w.open(t, w.e.AdminTK, w.root, secreview.LevelCommittee, today().AddDays(20))
	if c.Total != 2 || c.Vacant != 1 {
		t.Fatalf("committee round %+v", c)
	}
	rep := w.reports(t, w.e.AdminTK, c.ID, nil)[w.cs].ID
	mine := apptest.DoJSON[[]secreview.ReportView](t, w.e, 200, "GET", "/api/szpy/mine", w.secTK, nil)
	if len(mine) != 1 || mine[0].ID != rep || mine[0].OrgName != "计算机学院党委" {
		t.Fatalf("王书记's reports %+v", mine)
	}
	w.submit(t, w.secTK, rep, 200)
	apptest.Expect(t, w.e.Do("POST", reportPath(rep, "grade"), w.csTK, map[string]any{"grade": "good"}), 403)
	apptest.Expect(t, w.e.Do("POST", roundPath(c.ID, "close"), w.csTK, nil), 403)
	got := apptest.DoJSON[secreview.ReportView](t, w.e, 200, "POST", reportPath(rep, "grade"), w.e.AdminTK, map[string]any{"grade": "good"})
	if got.State != secreview.StateGraded || got.Grade != secreview.GradeGood {
		t.Errorf("graded %+v", got)
	}
}
