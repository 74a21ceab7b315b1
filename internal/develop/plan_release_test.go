package develop_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/date"
)

// From ⑫ to ⑰ a record still holds the place of the development plan it
// took at ⑦: a rejection, or a return to ⑦ or before, gives it back; a
// return within those steps keeps it, and a place is given back once.
func TestPlanPlaceReleasedAtAdmissionSteps(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	planTK, _ := w.e.UserAt(t, "ALL", w.root, develop.Perms.List, develop.PermPlan)
	apptest.Expect(t, w.e.Do("PUT", "/api/fzdy/plans", planTK, map[string]any{"year": 2026, "orgId": w.cs, "quota": 4}), 200)
	var planID int64
	if err := w.e.DB.NewSelect().Table("dev_plan").Column("id").Where("org_id = ?", w.cs).Where("year = 2026").Scan(t.Context(), &planID); err != nil {
		t.Fatal(err)
	}
	used := func(t *testing.T) int {
		t.Helper()
		var n int
		if err := w.e.DB.NewSelect().Table("dev_plan").Column("used").Where("id = ?", planID).Scan(t.Context(), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// A record waiting at step at that took a place of the plan at ⑦.
	holding := func(t *testing.T, name, at string) int64 {
		t.Helper()
		id := w.record(t, name, at, facts{activistOn: date.MustParse("2025-01-10"),
			done:  map[string]string{develop.StepTarget: "2026-03-02"},
			forms: map[string]any{develop.StepTarget: map[string]any{"date": "2026-03-02", "planId": planID}}})
		if _, err := w.e.DB.NewUpdate().Table("dev_plan").Set("used = used + 1").Where("id = ?", planID).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		return id
	}
	at12 := holding(t, "审查甲", develop.StepBranchReview)
	at15 := holding(t, "讨论乙", develop.StepBranchMeeting)
	at13 := holding(t, "预审丙", develop.StepPreReview)
	if n := used(t); n != 3 {
		t.Fatalf("places taken: %d", n)
	}

	apptest.Expect(t, w.act(t, w.deptTK, at13, "return", nil, "toStep", develop.StepBranchReview), 200)
	if n := used(t); n != 3 {
		t.Fatalf("a return from ⑬ to ⑫ keeps the place: %d", n)
	}
	apptest.Expect(t, w.act(t, w.deptTK, at12, "reject", nil), 200)
	if n := used(t); n != 2 {
		t.Fatalf("a rejection at ⑫ gives the place back: %d", n)
	}
	apptest.Expect(t, w.act(t, w.deptTK, at15, "return", nil, "toStep", develop.StepTarget), 200)
	if n := used(t); n != 1 {
		t.Fatalf("a return from ⑮ to ⑦ gives the place back: %d", n)
	}
	if r := w.rec(t, at15); r.Step != develop.StepTarget {
		t.Fatalf("returned to %s", r.Step)
	}
	// Given back once: rejecting the returned record does not count it twice.
	apptest.Expect(t, w.act(t, w.deptTK, at15, "reject", nil), 200)
	if n := used(t); n != 1 {
		t.Fatalf("a place given back twice: %d", n)
	}
}
