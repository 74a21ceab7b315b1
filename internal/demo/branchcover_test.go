package demo_test

import (
	"context"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/people"
)

// The demo's student branches cover the classes of their student members,
// so a branch secretary of the demo sees those classes' students, fewer
// than the college's.
func checkSeededStudentBranchesCoverTheirClasses(t *testing.T, w seededWorld) {
	e := w.e
	ctx := context.Background()
	var branch int64
	if err := e.DB.NewSelect().TableExpr("ry_cover_class").ColumnExpr("MIN(dzz_id)").Scan(ctx, &branch); err != nil || branch == 0 {
		t.Fatalf("no student branch has coverage: %v", err)
	}
	var outside int
	// Every student member of the branch is in a covered class.
	if err := e.DB.NewRaw(`SELECT COUNT(*) FROM dyjbxx AS m JOIN xsjbxx AS x ON x.id_number_idx = m.id_number_idx
		JOIN dzz AS z ON z.id = m.org_id
		WHERE (z.id = ? OR z.pid = ?) AND x.class_id NOT IN (SELECT class_id FROM ry_cover_class WHERE dzz_id = ?)`,
		branch, branch, branch).Scan(ctx, &outside); err != nil || outside != 0 {
		t.Fatalf("%d student members outside the coverage (%v)", outside, err)
	}
	var covered, college int
	if err := e.DB.NewRaw(`SELECT COUNT(*) FROM xsjbxx WHERE class_id IN (SELECT class_id FROM ry_cover_class WHERE dzz_id = ?)`, branch).
		Scan(ctx, &covered); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.NewRaw(`SELECT COUNT(*) FROM xsjbxx WHERE unit_dept_id IN
		(SELECT c.unit_dept_id FROM bj AS c WHERE c.id IN (SELECT class_id FROM ry_cover_class WHERE dzz_id = ?))`, branch).
		Scan(ctx, &college); err != nil {
		t.Fatal(err)
	}
	secretary, _ := e.UserAt(t, "LEVEL_AND_BELOW", branch, people.PermList)
	_, total := apptest.GetPage[struct{ ID int64 }](t, e, secretary, "/api/xsjbxx", url.Values{"size": {"1"}})
	if total != covered || total == 0 || total >= college {
		t.Fatalf("the secretary sees %d students; the covered classes hold %d, the college %d", total, covered, college)
	}
}

// A teacher or staff branch of the demo covers the units of its members:
// its secretary sees their teachers, and no student.
func checkSeededStaffBranchesCoverTheirUnits(t *testing.T, w seededWorld) {
	e := w.e
	ctx := context.Background()
	var branch int64
	if err := e.DB.NewRaw(`SELECT MIN(dzz_id) FROM ry_cover_unit WHERE dzz_id NOT IN (SELECT dzz_id FROM ry_cover_class)`).
		Scan(ctx, &branch); err != nil || branch == 0 {
		t.Fatalf("no teacher or staff branch has coverage: %v", err)
	}
	var teachers int
	if err := e.DB.NewRaw(`SELECT COUNT(*) FROM jsjbxx WHERE unit_dept_id IN (SELECT unit_dept_id FROM ry_cover_unit WHERE dzz_id = ?)`, branch).
		Scan(ctx, &teachers); err != nil {
		t.Fatal(err)
	}
	secretary, _ := e.UserAt(t, "LEVEL_AND_BELOW", branch, people.PermList)
	_, total := apptest.GetPage[struct{ ID int64 }](t, e, secretary, "/api/jsjbxx", url.Values{"size": {"1"}})
	if total != teachers || total == 0 {
		t.Fatalf("the secretary sees %d teachers; the covered units hold %d", total, teachers)
	}
	if _, students := apptest.GetPage[struct{ ID int64 }](t, e, secretary, "/api/xsjbxx", url.Values{"size": {"1"}}); students != 0 {
		t.Fatalf("a staff branch sees %d students", students)
	}
}
