package develop_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/flow"
)

const rulePlan = "发展对象须列入年度发展计划"

// readyRecord walks a record of branch to ⑦ meeting every rule of ⑦ on
// 2026-10-12 but the plan's.
func (w *c1World) readyRecord(t testing.TB, name string) int64 {
	t.Helper()
	id := w.record(t, name, "2025-06-02")
	w.toTargetStep(t, id, "2025-07-01")
	w.readyForTarget(t, id, []string{"2026-01-01", "2026-07-01"}, "2026-09-29", "2026-10-10")
	return id
}

// ⑦ takes a place of the plan of the record's secondary committee for the
// year of its date: no plan, or a full one, is refused naming the plan.
func TestPlanAtTarget(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	a, b := w.readyRecord(t, "甲"), w.readyRecord(t, "乙")
	res := w.act(t, w.csTK, a, flow.Approve, form("2026-10-12"))
	expectRule(t, res, rulePlan)
	if !strings.Contains(res.Message(), "计算机学院党委尚未下达 2026 年发展计划") {
		t.Fatalf("message: %s", res.Message())
	}
	apptest.Expect(t, w.plan(t, w.cs, 2025, 9), 200) // another year's plan does not help
	expectRule(t, w.act(t, w.csTK, a, flow.Approve, form("2026-10-12")), rulePlan)
	apptest.Expect(t, w.plan(t, w.cs, 2026, 1), 200)
	w.pass(t, a, develop.StepTarget, "2026-10-12")
	res = w.act(t, w.csTK, b, flow.Approve, form("2026-10-12"))
	expectRule(t, res, rulePlan)
	if !strings.Contains(res.Message(), "名额已用完（计划 1 名，已用 1 名）") {
		t.Fatalf("message: %s", res.Message())
	}
	if d := w.detail(t, b); d.Step != develop.StepTarget || d.TargetOn != "" {
		t.Fatalf("a refused ⑦ changes nothing: %+v", d.RecordView)
	}
	t.Run("the quota cannot fall below the places used", func(t *testing.T) {
		res := w.plan(t, w.cs, 2026, 0)
		if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "quota" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		apptest.Expect(t, w.plan(t, w.cs, 2026, 2), 200)
		w.pass(t, b, develop.StepTarget, "2026-10-12")
		if p := w.planRow(t, w.cs, 2026); p.Used != 2 || *p.Quota != 2 {
			t.Fatalf("plan: %+v", p)
		}
	})
	t.Run("a record returned before ⑦ gives its place back, once", func(t *testing.T) {
		apptest.Expect(t, w.act(t, w.csTK, b, flow.Return, nil, "toStep", develop.StepCultivate), 200)
		if p := w.planRow(t, w.cs, 2026); p.Used != 1 {
			t.Fatalf("after the return: %+v", p)
		}
		w.pass(t, b, develop.StepCultivate, "2026-10-12")
		w.pass(t, b, develop.StepTarget, "2026-10-12")
		if p := w.planRow(t, w.cs, 2026); p.Used != 2 {
			t.Fatalf("⑦ again: %+v", p)
		}
	})
	t.Run("a return within the target stage keeps the place", func(t *testing.T) {
		w.pass(t, b, develop.StepTargetFiling, "2026-10-13")
		apptest.Expect(t, w.act(t, w.csTK, b, flow.Return, nil), 200) // back to ⑧
		if p := w.planRow(t, w.cs, 2026); p.Used != 2 {
			t.Fatalf("after a return to ⑧: %+v", p)
		}
	})
	t.Run("a record rejected gives its place back", func(t *testing.T) {
		apptest.Expect(t, w.act(t, w.csTK, b, flow.Reject, nil), 200)
		if p := w.planRow(t, w.cs, 2026); p.Used != 1 {
			t.Fatalf("after the rejection: %+v", p)
		}
	})
	t.Run("a record deleted gives its place back", func(t *testing.T) {
		apptest.Expect(t, w.e.Do("DELETE", "/api/fzdy", w.csTK, []int64{a}), 204)
		if p := w.planRow(t, w.cs, 2026); p.Used != 0 {
			t.Fatalf("after the delete: %+v", p)
		}
	})
}

// A 直属党支部 has a plan of its own; a 党支部 under a 党总支 counts on the 党总支's.
func TestPlanOrganisation(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	general := w.e.Org(t, w.root, "3", "图书馆党总支")
	for _, c := range []struct{ org int64 }{{w.direct}, {general}, {w.cs}} {
		apptest.Expect(t, w.plan(t, c.org, 2026, 3), 200)
	}
	res := w.plan(t, w.branch, 2026, 3)
	if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "orgId" {
		t.Fatalf("a plan of a 党支部: %d %s", res.Status, res.Body)
	}
	apptest.Expect(t, w.e.Do("PUT", "/api/fzdy/plans", w.csTK, map[string]any{"year": 2026, "orgId": w.math, "quota": 1}), 404) // out of scope
	rows := apptest.DoJSON[[]develop.PlanRow](t, w.e, 200, "GET", "/api/fzdy/plans?year=2026", w.csTK, nil)
	if len(rows) != 1 || rows[0].OrgID != w.cs || *rows[0].Quota != 3 {
		t.Fatalf("cs sees its own plan only: %+v", rows)
	}
	all := apptest.DoJSON[[]develop.PlanRow](t, w.e, 200, "GET", "/api/fzdy/plans?year=2026", w.deptTK, nil)
	if len(all) != 4 { // cs, math, direct, general
		t.Fatalf("dept plans: %+v", all)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/fzdy/plans?year=1999", w.deptTK, nil), 400)
}

// Two ⑦ at once on the last place of the plan: exactly one passes.
func TestPlanLastPlaceUnderConcurrency(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	a, b := w.readyRecord(t, "甲"), w.readyRecord(t, "乙")
	apptest.Expect(t, w.plan(t, w.cs, 2026, 1), 200)
	bodies := map[int64]map[string]any{}
	for _, id := range []int64{a, b} {
		v := apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/%d/flow", id), w.csTK, nil)
		bodies[id] = map[string]any{"version": v.Version, "result": flow.Approve, "form": form("2026-10-12")}
	}
	ids := []int64{a, b}
	statuses := apptest.Concurrently(2, func(i int) int {
		return w.e.Do("POST", fmt.Sprintf("/api/fzdy/%d/flow", ids[i]), w.csTK, bodies[ids[i]]).Status
	})
	apptest.ExpectOneWins(t, statuses, 200, 400)
	if p := w.planRow(t, w.cs, 2026); p.Used != 1 {
		t.Fatalf("plan: %+v", p)
	}
	targets := 0
	for _, id := range []int64{a, b} {
		if w.detail(t, id).Stage == develop.StageTarget {
			targets++
		}
	}
	if targets != 1 {
		t.Fatalf("%d records became targets", targets)
	}
}
