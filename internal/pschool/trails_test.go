package pschool_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/audit"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/school"
)

// trailOf is the change trail of the record at path (…/{id}), newest first,
// as the school's staff reads it.
func trailOf(t testing.TB, w *world, path string) []audit.Labelled {
	t.Helper()
	var page struct {
		Content []audit.Labelled `json:"content"`
	}
	w.e.Do("GET", path+"/trail", w.csTK, nil).JSON(t, &page)
	return page.Content
}

// changed is the change of field in entry e ("" when e has none).
func changed(e audit.Labelled, field string) (old, new string, ok bool) {
	for _, c := range e.Changes {
		if c.Field == field {
			return c.Old, c.New, true
		}
	}
	return "", "", false
}

// A batch's trail: who created it, each edit with the fields it changed as
// people read them (the type and state by name), opening and finishing as
// changes of 状态; a restore puts back an earlier state of the form; a
// deleted batch stays in the trail across the school's scope, not in
// another committee's.
func TestBatchTrail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	b := w.batch(t, sc, school.BatchActive, "2026-05-10", 3, 24) // created, then opened
	path := fmt.Sprintf("/api/dx/batches/%d", b)
	apptest.Expect(t, w.e.Do("PUT", "/api/dx/batches", w.csTK, map[string]any{"id": b, "title": "积极分子培训班（改）", "hours": 20}), 200)
	trail := trailOf(t, w, path)
	if len(trail) != 3 || trail[2].Type != audit.TypeAdd || trail[1].Type != audit.TypeUpdate || trail[0].Type != audit.TypeUpdate {
		t.Fatalf("trail %+v", trail)
	}
	if old, cur, _ := changed(trail[0], "title"); cur != "积极分子培训班（改）" || old == "" {
		t.Errorf("the title's change: %q → %q", old, cur)
	}
	if old, cur, _ := changed(trail[0], "hours"); old != "24" || cur != "20" {
		t.Errorf("the hours' change: %q → %q", old, cur)
	}
	if _, _, ok := changed(trail[0], "days"); ok || len(trail[0].Changes) != 2 {
		t.Errorf("an edit lists only what it changed: %+v", trail[0].Changes)
	}
	if old, cur, _ := changed(trail[1], "state"); old != "筹备中" || cur != "进行中" || len(trail[1].Changes) != 1 {
		t.Errorf("opening: %q → %q (%+v)", old, cur, trail[1].Changes)
	}
	if _, cur, _ := changed(trail[2], "type"); cur != "入党积极分子培训班" && cur != school.BatchTypeNames[school.BatchActive] {
		t.Errorf("the type by name: %q", cur)
	}
	if trail[0].OperatorName == "" {
		t.Errorf("no operator: %+v", trail[0])
	}
	// Restoring the ADD entry's state puts the title and hours back (the state stays the batch's own).
	apptest.Expect(t, w.e.Do("POST", "/api/dx/batches/trail/restore", w.csTK, map[string]any{"trailId": trail[2].ID}), 200)
	got := apptest.DoJSON[pschool.BatchView](t, w.e, 200, "GET", path, w.csTK, nil)
	if got.Hours != 24 || got.Title == "积极分子培训班（改）" || got.State != pschool.StateOpen {
		t.Fatalf("restored: %+v", got)
	}
	if n := len(trailOf(t, w, path)); n != 4 {
		t.Fatalf("the restore is in the trail: %d entries", n)
	}
	// A deleted batch's last state stays in the trail across the scope.
	draft := w.e.Create(t, w.csTK, "/api/dx/batches", map[string]any{"schoolId": sc, "type": school.BatchApply, "title": "申请人培训班",
		"startOn": "2026-06-10", "endOn": "2026-06-11"})
	apptest.Expect(t, w.e.Do("DELETE", "/api/dx/batches", w.csTK, []int64{draft}), 204)
	across := func(tk string) []audit.NamedEntry {
		entries, _ := apptest.GetPage[audit.NamedEntry](t, w.e, tk, "/api/dx/batches/trail?type=3", nil)
		return entries
	}
	if gone := across(w.csTK); len(gone) != 1 || gone[0].RecordID != draft {
		t.Fatalf("the deleted batch across the scope: %+v", gone)
	}
	if other := across(w.mathTK); len(other) != 0 {
		t.Fatalf("another committee sees the deleted batch: %+v", other)
	}
}

// A school's trail names its head, teachers and served organisations as
// people read them.
func TestSchoolTrail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	path := fmt.Sprintf("/api/dx/schools/%d", sc)
	apptest.Expect(t, w.e.Do("PUT", "/api/dx/schools", w.csTK, map[string]any{"id": sc, "headName": "李校长",
		"teachers": []map[string]any{{"name": "张老师", "title": "教授"}}, "servedOrgIds": []int64{w.c.Branch}}), 200)
	trail := trailOf(t, w, path)
	if len(trail) != 2 || trail[1].Type != audit.TypeAdd {
		t.Fatalf("trail %+v", trail)
	}
	if _, cur, _ := changed(trail[0], "headName"); cur != "李校长" {
		t.Errorf("head: %q", cur)
	}
	if _, cur, _ := changed(trail[0], "teachers"); cur != "张老师（教授）" {
		t.Errorf("teachers: %q", cur)
	}
	if _, cur, _ := changed(trail[0], "servedOrgIds"); cur == "" || cur == fmt.Sprint(w.c.Branch) {
		t.Errorf("served organisations by name: %q", cur)
	}
}
