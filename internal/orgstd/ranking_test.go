package orgstd_test

import (
	"net/url"
	"strconv"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/orgstd"
)

type rankWorld struct {
	*world
	mathBranch2                   int64
	csA, csB, mathA, mathB, direc int64 // assessment ids
}

// newRankWorld reviews five branches: 计算机 14 and 11, 数学 14 and 9 (a
// branch added for the tie), the 直属 12.
func newRankWorld(t *testing.T) *rankWorld {
	w := &rankWorld{world: newWorld(t)}
	w.mathBranch2 = w.e.Org(t, w.math, "5", "数学学生党支部")
	math2TK, _ := w.e.UserAt(t, "LEVEL", w.mathBranch2, orgstd.PermList, orgstd.PermAssess)
	w.csA = w.reviewed(t, w.branchTK, w.csBranch, w.csTK, 5, 9)
	w.csB = w.reviewed(t, w.branch2TK, w.csBranch2, w.csTK, 3, 8)
	w.mathA = w.reviewed(t, w.mathBranchTK, w.mathBranch, w.mathTK, 4, 10)
	w.mathB = w.reviewed(t, math2TK, w.mathBranch2, w.mathTK, 2, 7)
	w.direc = w.reviewed(t, w.directTK, w.direct, w.deptTK, 4, 8)
	return w
}

func (w *rankWorld) branches(t *testing.T, token string, q url.Values) []orgstd.BranchRank {
	t.Helper()
	q.Set("year", "2025")
	rows, _ := apptest.GetPage[orgstd.BranchRank](t, w.e, token, "/api/dzzjs/ranking/branches", q)
	return rows
}

func names(rows []orgstd.BranchRank) []string {
	var out []string
	for _, r := range rows {
		out = append(out, strconv.Itoa(r.Rank)+r.OrgName)
	}
	return out
}

// The ranking (rule: by reviewed total, equal totals share a place and are
// ordered by name): the school's over every branch, a 二级党委's over its
// own, the committees by average; marks filter it and keep the places.
func TestRanking_OrderScopeMarksAndExport(t *testing.T) {
	t.Parallel()
	w := newRankWorld(t)
	e := w.e
	got := names(w.branches(t, w.deptTK, url.Values{}))
	want := []string{"1计算机教工党支部", "1数学教工党支部", "3机关直属党支部", "4计算机学生党支部", "5数学学生党支部"}
	if len(got) != len(want) {
		t.Fatalf("school: %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("school: %v, want %v", got, want)
		}
	}
	if got := names(w.branches(t, w.csTK, url.Values{})); len(got) != 2 || got[0] != "1计算机教工党支部" || got[1] != "2计算机学生党支部" {
		t.Fatalf("计算机: %v", got)
	}
	rows := w.branches(t, w.deptTK, url.Values{"orgId": {strconv.FormatInt(w.math, 10)}})
	if len(rows) != 2 || rows[1].Rank != 2 || rows[1].CommitteeName != "数学学院党委" || rows[1].ReviewTotal != 9 {
		t.Fatalf("数学 chosen by the 组织部: %+v", rows)
	}
	apptest.Expect(t, e.Do("GET", "/api/dzzjs/ranking/branches?year=2025&orgId="+strconv.FormatInt(w.math, 10), w.csTK, nil), 404)
	apptest.Expect(t, e.Do("GET", "/api/dzzjs/ranking/branches?year=2025", "", nil), 401)
	apptest.Expect(t, e.Do("GET", "/api/dzzjs/ranking/branches?year=2025", w.noTK, nil), 403)
	apptest.ExpectField(t, e.Do("GET", "/api/dzzjs/ranking/branches?year=2025&mark=gold", w.deptTK, nil), "mark", "标记取值无效")

	committees, _ := apptest.GetPage[orgstd.CommitteeRank](t, e, w.deptTK, "/api/dzzjs/ranking/committees", url.Values{"year": {"2025"}})
	if len(committees) != 2 || committees[0].OrgName != "计算机学院党委" || committees[0].Average != 12.5 || committees[1].Average != 11.5 ||
		committees[1].Highest != 14 || committees[1].Lowest != 9 || committees[0].Branches != 2 {
		t.Fatalf("committees: %+v", committees)
	}
	if mine, _ := apptest.GetPage[orgstd.CommitteeRank](t, e, w.mathTK, "/api/dzzjs/ranking/committees", url.Values{"year": {"2025"}}); len(mine) != 1 || mine[0].OrgName != "数学学院党委" {
		t.Fatalf("a committee's own row: %+v", mine)
	}

	// Marks: the 组织部 only, reviewed assessments only, with history.
	mark := func(token string, id int64, m string) *apptest.Response {
		return e.Do("POST", path(id, "mark"), token, map[string]any{"mark": m, "reason": "年度考核优秀"})
	}
	apptest.Expect(t, mark("", w.mathA, orgstd.MarkModel), 401)
	apptest.Expect(t, mark(w.csTK, w.csA, orgstd.MarkModel), 403)
	apptest.ExpectField(t, mark(w.deptTK, w.mathA, "gold"), "mark", "标记取值无效")
	apptest.Expect(t, mark(w.deptTK, 999999, orgstd.MarkModel), 404)
	apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(w.mathA, "mark"), w.deptTK, map[string]any{"mark": orgstd.MarkModel})
	apptest.ExpectMessage(t, mark(w.deptTK, w.mathA, orgstd.MarkModel), 400, "该党支部已是示范党支部")
	apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(w.mathA, "mark"), w.deptTK, map[string]any{"mark": orgstd.MarkSample})
	apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(w.csB, "mark"), w.deptTK, map[string]any{"mark": orgstd.MarkModel})
	apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(w.csB, "mark"), w.deptTK, map[string]any{"mark": ""})
	apptest.ExpectMessage(t, mark(w.deptTK, w.csB, ""), 400, "该党支部未被标记")
	history := apptest.DoJSON[[]orgstd.MarkEntry](t, e, 200, "GET", path(w.mathA, "marks"), w.mathTK, nil)
	if len(history) != 2 || history[0].MarkName != "样板党支部" || history[0].PreviousName != "示范党支部" || history[1].Previous != "" {
		t.Fatalf("history: %+v", history)
	}
	apptest.Expect(t, e.Do("GET", path(w.mathA, "marks"), w.csTK, nil), 404)
	marked := w.branches(t, w.deptTK, url.Values{"mark": {"marked"}})
	if len(marked) != 1 || marked[0].Rank != 1 || marked[0].MarkName != "样板党支部" {
		t.Fatalf("marked: %+v", marked)
	}
	if rows := w.branches(t, w.deptTK, url.Values{"mark": {orgstd.MarkModel}}); len(rows) != 0 {
		t.Fatalf("示范: %+v", rows)
	}

	// The exports: the report kit's workbook, in the ranking's order.
	res := e.Do("GET", "/api/dzzjs/ranking/branches/export?year=2025", w.deptTK, nil)
	apptest.Expect(t, res, 200)
	f := apptest.Download(t, res)
	if v, _ := f.GetCellValue("党支部排名", "B3"); v != "计算机教工党支部" {
		t.Errorf("export B3 %q", v)
	}
	apptest.Expect(t, e.Do("GET", "/api/dzzjs/ranking/branches/export?year=2025", w.branchTK, nil), 403)
	apptest.Expect(t, e.Do("GET", "/api/dzzjs/ranking/committees/export?year=2025", w.csTK, nil), 200)
	apptest.Expect(t, e.Do("GET", "/api/dzzjs/ranking/committees/export?year=2025", "", nil), 401)
}

// A draft or submitted assessment is not marked.
func TestMark_OnlyReviewed(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.submitted(t, w.branchTK, w.csBranch, 5, 10)
	apptest.ExpectMessage(t, w.e.Do("POST", path(id, "mark"), w.deptTK, map[string]any{"mark": orgstd.MarkModel}), 400, "自评审核后才能标记示范或样板党支部")
}
