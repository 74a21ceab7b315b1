package pschool_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/school"
)

// The staged import enrols by 学号/工号, with an error on each row that
// cannot join; the valid rows commit.
func TestImportTrainees(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	a := w.batch(t, sc, school.BatchActive, "2026-05-10", 3, 24)
	other := w.batch(t, sc, school.BatchActive, "2026-06-10", 3, 24)
	li := w.record(t, w.c.Branch, "李明", develop.StageActivist, "")
	wang := w.record(t, w.c.Branch, "王芳", develop.StageActivist, "")
	zhao := w.record(t, w.c.Branch, "赵申请", develop.StageApplicant, "")
	w.enrol(t, other, wang)
	no := func(id int64) string {
		var r develop.Record
		if err := w.e.DB.NewSelect().Model(&r).Where("id = ?", id).Scan(t.Context()); err != nil {
			t.Fatal(err)
		}
		return r.PersonNo
	}
	batch := fmt.Sprint(a)
	staged := w.e.Stage(t, "pxb-trainee", w.csTK, [][]string{{"培训班编号", "学号/工号"},
		{batch, no(li)}, {batch, no(li)}, {batch, no(wang)}, {batch, no(zhao)}, {"99999", no(li)}, {"x", no(li)}})
	rows := w.e.ImportRows(t, "pxb-trainee", w.csTK, staged.ID)
	want := map[int]map[string]string{
		2: {},
		3: {"personNo": "与第 2 行重复"},
		4: {"personNo": "已在另一个未结束的入党积极分子培训班中"},
		5: {"personNo": "本党校范围内没有学号/工号为 " + no(zhao) + " 的入党积极分子"},
		6: {"batch": "培训班不存在"},
		7: {"batch": "培训班编号应为数字"},
	}
	for n, errs := range want {
		got := apptest.CellErrors(rows[n])
		if fmt.Sprint(got) != fmt.Sprint(errs) {
			t.Errorf("row %d: %v, want %v", n, got, errs)
		}
	}
	// Another committee cannot name the batch.
	mathRows := w.e.ImportRows(t, "pxb-trainee", w.mathTK, w.e.Stage(t, "pxb-trainee", w.mathTK, [][]string{{"培训班编号", "学号/工号"}, {batch, no(li)}}).ID)
	if apptest.CellErrors(mathRows[2])["batch"] != "培训班不存在" {
		t.Fatalf("out of scope: %+v", mathRows[2])
	}
	w.e.Commit(t, "pxb-trainee", w.csTK, staged.ID, true)
	if got := w.trainees(t, a); len(got) != 1 || got[li].State != pschool.TraineeEnrolled {
		t.Fatalf("imported: %+v", got)
	}
}
