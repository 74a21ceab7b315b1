package people_test

import (
	"net/url"
	"slices"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
	"zhdj/internal/people"
)

// coverageWorld: in 计算机 (csUnit) classes c1 and c2 with a student each
// (甲 in c1, 乙 in c2, 乙 a member of the branch), a teacher 丁; in 数学 a
// class m1 with 丙. branch is a student branch under 计算机学院党委 whose
// secretary (LEVEL_AND_BELOW at the branch) has ry:list and dzz:list/edit;
// editor is the committee's organiser (dzz:list/edit).
type coverageWorld struct {
	*world
	branch            int64
	c1, c2, m1        int64
	jia, yi, bing     int64
	secretary, editor string
}

func newCoverageWorld(t *testing.T) *coverageWorld {
	t.Helper()
	w := &coverageWorld{world: newWorld(t)}
	admin := w.e.AdminTK
	w.branch = w.e.Org(t, w.cs, "5", "计算机学院本科生第一党支部")
	// Paired with the college's unit, as branches are: the unit scope alone would show it all of 计算机.
	if _, err := w.e.DB.NewUpdate().Table("dzz").Set("unit_dept_id = ?", w.csUnit).Where("id = ?", w.branch).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	w.c1 = w.e.Create(t, admin, "/api/bj", map[string]any{"code": "C1", "name": "计科一班", "unitDeptId": w.csUnit})
	w.c2 = w.e.Create(t, admin, "/api/bj", map[string]any{"code": "C2", "name": "计科二班", "unitDeptId": w.csUnit})
	w.m1 = w.e.Create(t, admin, "/api/bj", map[string]any{"code": "M1", "name": "数学一班", "unitDeptId": w.mathUnit})
	w.jia = w.e.Create(t, admin, "/api/xsjbxx", apptest.With(student("S1", "甲同学", w.csUnit), "classId", w.c1))
	yiID := idNumber("19900102", 3)
	w.yi = w.e.Create(t, admin, "/api/xsjbxx", apptest.With(student("S2", "乙同学", w.csUnit), "classId", w.c2, "idNumber", yiID))
	w.bing = w.e.Create(t, admin, "/api/xsjbxx", apptest.With(student("S3", "丙同学", w.mathUnit), "classId", w.m1))
	w.e.Create(t, admin, "/api/xsjbxx", apptest.With(student("S4", "戊同学", w.csUnit), "classId", w.c2)) // 乙's classmate, no member
	w.e.Create(t, admin, "/api/jsjbxx", teacher("T1", "丁老师", w.csUnit))
	w.e.Create(t, admin, "/api/dyjbxx", apptest.FullMember("乙同学", w.branch, "idNumber", yiID))
	w.secretary = w.anchored(t, w.branch, people.PermList, org.PermList, org.PermEdit)
	w.editor = w.anchored(t, w.cs, org.PermList, org.PermEdit)
	return w
}

func (w *coverageWorld) list(t *testing.T, token, path string) []string {
	t.Helper()
	items, _ := w.page(t, token, path, url.Values{"sort": {"name,asc"}})
	return names(items)
}

func (w *coverageWorld) cover(t *testing.T, classes, units []int64) {
	t.Helper()
	apptest.Expect(t, w.e.Do("PUT", "/api/ry/coverage", w.editor, map[string]any{"dzzId": w.branch, "classIds": classes, "unitIds": units}), 204)
}

// Without coverage a branch secretary sees the classes and units of the
// branch's own members (and is told why): 乙's class c2, with 戊 who is not
// a member (an applicant to be); with coverage, exactly the
// covered classes' students (list, detail, export, pickers) or the covered
// units' people. A committee's account sees the college as before.
func TestCoverageLimitsABranchSecretary(t *testing.T) {
	t.Parallel()
	w := newCoverageWorld(t)

	if got := w.list(t, w.secretary, "/api/xsjbxx"); !slices.Equal(got, []string{"戊同学", "乙同学"}) {
		t.Fatalf("no coverage: the members' classes, got %v", got)
	}
	if got := w.list(t, w.secretary, "/api/jsjbxx"); len(got) != 0 {
		t.Fatalf("no coverage: no teacher, got %v", got)
	}
	if got := w.list(t, w.secretary, "/api/bj"); !slices.Equal(got, []string{"计科二班"}) {
		t.Fatalf("no coverage: the members' classes, got %v", got)
	}
	mine := apptest.DoJSON[people.MyCoverage](t, w.e, 200, "GET", "/api/ry/coverage/mine", w.secretary, nil)
	if !mine.Branch || !slices.Equal(mine.Uncovered, []string{"计算机学院本科生第一党支部"}) {
		t.Fatalf("mine %+v", mine)
	}
	if mine := apptest.DoJSON[people.MyCoverage](t, w.e, 200, "GET", "/api/ry/coverage/mine", w.csTK, nil); mine.Branch {
		t.Fatalf("a committee account is not branch-level: %+v", mine)
	}

	w.cover(t, []int64{w.c1}, nil)
	if got := w.list(t, w.secretary, "/api/xsjbxx"); !slices.Equal(got, []string{"甲同学"}) {
		t.Fatalf("covered c1: got %v", got)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/xsjbxx/"+itoa(w.jia), w.secretary, nil), 200)
	apptest.Expect(t, w.e.Do("GET", "/api/xsjbxx/"+itoa(w.yi), w.secretary, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/xsjbxx/"+itoa(w.bing), w.secretary, nil), 404)
	if rows := exportRows(t, w.e, w.secretary, "/api/xsjbxx/export"); len(rows) != 2 || rows[1][2] != "甲同学" {
		t.Fatalf("export %v", rows)
	}
	for _, p := range []string{"/api/common/xsjbxx", "/api/common/xsjsxx"} {
		if got := w.list(t, w.secretary, p); !slices.Equal(got, []string{"甲同学"}) {
			t.Fatalf("%s: got %v", p, got)
		}
	}
	if got := w.list(t, w.secretary, "/api/common/getBjInfo"); !slices.Equal(got, []string{"计科一班"}) {
		t.Fatalf("class picker %v", got)
	}
	if mine := apptest.DoJSON[people.MyCoverage](t, w.e, 200, "GET", "/api/ry/coverage/mine", w.secretary, nil); !mine.Branch || len(mine.Uncovered) != 0 {
		t.Fatalf("mine after coverage %+v", mine)
	}

	if got := w.list(t, w.secretary, "/api/jsjbxx"); len(got) != 0 {
		t.Fatalf("classes cover no teacher: got %v", got)
	}

	// A unit covers its teachers and staff (a teacher branch), not its students.
	w.cover(t, nil, []int64{w.csUnit})
	if got := w.list(t, w.secretary, "/api/jsjbxx"); !slices.Equal(got, []string{"丁老师"}) {
		t.Fatalf("covered unit teachers: got %v", got)
	}
	if got := w.list(t, w.secretary, "/api/xsjbxx"); len(got) != 0 {
		t.Fatalf("a covered unit shows no student: got %v", got)
	}
	if got := w.list(t, w.secretary, "/api/common/jsjbxx"); !slices.Equal(got, []string{"丁老师"}) {
		t.Fatalf("teacher picker: got %v", got)
	}

	// The committee's account is unchanged: the whole college.
	if got := w.list(t, w.csTK, "/api/xsjbxx"); !slices.Equal(got, []string{"甲同学", "戊同学", "乙同学"}) {
		t.Fatalf("committee: got %v", got)
	}
	if got := w.list(t, w.e.AdminTK, "/api/xsjbxx"); len(got) != 4 {
		t.Fatalf("admin: got %v", got)
	}
}

// The coverage editor: signed in, dzz:edit, a branch of the caller's scope
// edited by a scope above it (never by the branch's own secretary), and
// only classes and units of the branch's college.
func TestCoverageEditor(t *testing.T) {
	t.Parallel()
	w := newCoverageWorld(t)
	body := func(classes, units []int64) map[string]any {
		return map[string]any{"dzzId": w.branch, "classIds": classes, "unitIds": units}
	}
	apptest.Expect(t, w.e.Do("PUT", "/api/ry/coverage", "", body([]int64{w.c1}, nil)), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/ry/coverage/"+itoa(w.branch), "", nil), 401)
	apptest.Expect(t, w.e.Do("PUT", "/api/ry/coverage", w.csTK, body([]int64{w.c1}, nil)), 403) // no dzz:edit
	apptest.Expect(t, w.e.Do("GET", "/api/ry/coverage/"+itoa(w.branch)+"/classes", w.csTK, nil), 403)
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/ry/coverage", w.secretary, body([]int64{w.c1, w.c2}, nil)), 403,
		"本支部的覆盖范围由上级党委或组织部设置，不能自行修改")
	// Another college's organiser does not see the branch.
	mathEditor := w.anchored(t, w.math, org.PermList, org.PermEdit)
	apptest.Expect(t, w.e.Do("PUT", "/api/ry/coverage", mathEditor, body([]int64{w.c1}, nil)), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/ry/coverage/"+itoa(w.branch), mathEditor, nil), 404)
	// Only branches have coverage.
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/ry/coverage", w.editor, map[string]any{"dzzId": w.cs}), 400, "只有党支部可以设置覆盖范围")

	apptest.ExpectField(t, w.e.Do("PUT", "/api/ry/coverage", w.editor, body([]int64{w.c1, w.m1}, nil)), "classIds",
		"班级“数学一班”不属于计算机学院，不能作为“计算机学院本科生第一党支部”的覆盖范围")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/ry/coverage", w.editor, body(nil, []int64{w.mathUnit})), "unitIds",
		"单位“数学学院”不属于计算机学院，不能作为“计算机学院本科生第一党支部”的覆盖范围")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/ry/coverage", w.editor, body([]int64{999999}, nil)), "classIds", "所选班级不存在")
	got := apptest.DoJSON[people.Coverage](t, w.e, 200, "GET", "/api/ry/coverage/"+itoa(w.branch), w.editor, nil)
	if len(got.Classes) != 0 || len(got.Units) != 0 || got.CollegeName != "计算机学院" || !got.Editable {
		t.Fatalf("refused writes changed nothing: %+v", got)
	}

	w.cover(t, []int64{w.c2, w.c1, w.c1}, []int64{w.csUnit})
	got = apptest.DoJSON[people.Coverage](t, w.e, 200, "GET", "/api/ry/coverage/"+itoa(w.branch), w.editor, nil)
	if len(got.Classes) != 2 || got.Classes[0].Name != "计科一班" || len(got.Units) != 1 || got.Units[0].Name != "计算机学院" {
		t.Fatalf("coverage %+v", got)
	}
	// The secretary reads it but may not change it.
	if got := apptest.DoJSON[people.Coverage](t, w.e, 200, "GET", "/api/ry/coverage/"+itoa(w.branch), w.secretary, nil); got.Editable || len(got.Classes) != 2 {
		t.Fatalf("secretary's view %+v", got)
	}
	// The pickers offer the college's classes and units only.
	classes := w.list(t, w.editor, "/api/ry/coverage/"+itoa(w.branch)+"/classes")
	if !slices.Equal(classes, []string{"计科二班", "计科一班"}) { // by pinyin
		t.Fatalf("coverable classes %v", classes)
	}
	units := apptest.DoJSON[[]people.CoverageItem](t, w.e, 200, "GET", "/api/ry/coverage/"+itoa(w.branch)+"/units", w.editor, nil)
	if len(units) != 1 || units[0].ID != w.csUnit {
		t.Fatalf("coverable units %+v", units)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/ry/coverage/"+itoa(w.branch)+"/units", w.secretary, nil), 403)
	// Clearing it returns the secretary to their members' classes.
	w.cover(t, nil, nil)
	if got := w.list(t, w.secretary, "/api/xsjbxx"); !slices.Equal(got, []string{"戊同学", "乙同学"}) {
		t.Fatalf("cleared: got %v", got)
	}
}
