package orgstd_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/orgstd"
)

// world: a school 党委 with two 二级党委s (计算机, 数学), a branch under
// each (two under 计算机) and a 直属党支部 under the 党委. deptTK is the
// 组织部 (the whole school); csTK and mathTK the committees (read, review,
// export); branchTK the secretary of csBranch (read, assess); noTK holds no
// permission of the module.
type world struct {
	e                                                                       *apptest.Env
	root, cs, math, csBranch, csBranch2, mathBranch, direct                 int64
	deptTK, csTK, mathTK, branchTK, branch2TK, mathBranchTK, directTK, noTK string
	year                                                                    int
	first, second                                                           int64 // the year's indicators: 5 and 10 points
}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, year: 2025}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.csBranch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.csBranch2 = e.Org(t, w.cs, "5", "计算机学生党支部")
	w.mathBranch = e.Org(t, w.math, "5", "数学教工党支部")
	w.direct = e.Org(t, w.root, "4", "机关直属党支部")
	w.deptTK, _ = e.UserAt(t, "ALL", w.root, orgstd.PermList, orgstd.PermConfig, orgstd.PermReview, orgstd.PermMark, orgstd.PermExport)
	committee := []string{orgstd.PermList, orgstd.PermReview, orgstd.PermExport}
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, committee...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, committee...)
	branch := []string{orgstd.PermList, orgstd.PermAssess}
	w.branchTK, _ = e.UserAt(t, "LEVEL", w.csBranch, branch...)
	w.branch2TK, _ = e.UserAt(t, "LEVEL", w.csBranch2, branch...)
	w.mathBranchTK, _ = e.UserAt(t, "LEVEL", w.mathBranch, branch...)
	w.directTK, _ = e.UserAt(t, "LEVEL", w.direct, branch...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.first = w.indicator(t, w.year, "组织设置", "支部设置规范", 5)
	w.second = w.indicator(t, w.year, "组织生活", "三会一课", 10)
	return w
}

// indicator adds an indicator of year as the 组织部 and answers its id.
func (w *world) indicator(t testing.TB, year int, category, name string, max float64) int64 {
	t.Helper()
	return apptest.DoJSON[orgstd.Indicator](t, w.e, 201, "POST", "/api/dzzjs/indicators", w.deptTK,
		map[string]any{"year": year, "category": category, "name": name, "maxPoints": max}).ID
}

// start opens branch orgID's assessment of the world's year as token.
func (w *world) start(t testing.TB, token string, orgID int64) orgstd.AssessmentDetail {
	t.Helper()
	return apptest.DoJSON[orgstd.AssessmentDetail](t, w.e, 201, "POST", "/api/dzzjs/assessments", token,
		map[string]any{"orgId": orgID, "year": w.year})
}

func path(id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/dzzjs/assessments/%d", id)
	}
	return fmt.Sprintf("/api/dzzjs/assessments/%d/%s", id, action)
}

// scored is a body scoring the two indicators a and b.
func (w *world) scored(a, b float64) []map[string]any {
	return []map[string]any{{"indicatorId": w.first, "score": a, "text": "按要求落实"}, {"indicatorId": w.second, "score": b}}
}

// submitted starts, scores (a, b) and submits branch orgID's assessment as token.
func (w *world) submitted(t testing.TB, token string, orgID int64, a, b float64) int64 {
	t.Helper()
	id := w.start(t, token, orgID).ID
	apptest.DoJSON[orgstd.AssessmentDetail](t, w.e, 200, "PUT", path(id, ""), token, map[string]any{"items": w.scored(a, b)})
	apptest.DoJSON[orgstd.AssessmentDetail](t, w.e, 200, "POST", path(id, "submit"), token, nil)
	return id
}

// reviewed is submitted, then reviewed with (a, b) as reviewer.
func (w *world) reviewed(t testing.TB, token string, orgID int64, reviewer string, a, b float64) int64 {
	t.Helper()
	id := w.submitted(t, token, orgID, a, b)
	apptest.DoJSON[orgstd.AssessmentDetail](t, w.e, 200, "POST", path(id, "review"), reviewer, map[string]any{"items": w.scored(a, b), "comment": "规范"})
	return id
}

// firstItem is the row id of the first indicator of assessment id.
func firstItem(t testing.TB, w *world, id int64) int64 {
	t.Helper()
	return apptest.DoJSON[orgstd.AssessmentDetail](t, w.e, 200, "GET", path(id, ""), w.csTK, nil).Items[0].ID
}
