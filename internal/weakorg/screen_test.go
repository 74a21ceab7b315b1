package weakorg_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
	"zhdj/internal/weakorg"
)

// RULES §4: 班子不健全或书记长期缺职 — a secretary vacant more than 3 months.
// Vacant from 3-30, 6-30 is exactly 3 months (no hit); vacant from 3-29, it
// is 3 months and a day (hit). A secretary set when recorded is never vacant.
func TestScreen_RULES4_SecretaryVacantMoreThanThreeMonths(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	exact := w.e.Org(t, w.cs, "5", "三个月整党支部")
	over := w.e.Org(t, w.cs, "5", "三个月零一天党支部")
	w.recorded(t, exact, "2026-03-30")
	w.recorded(t, over, "2026-03-29")
	w.recorded(t, w.branch, "2026-03-30")
	w.clock("2026-06-30")
	res := w.screen(t, 2026)
	if res.Screened != 4 || res.Added == 0 {
		t.Fatalf("screening %+v", res)
	}
	got := w.cases(t, w.deptTK, 2026, nil)
	if ev := hit(w.detail(t, w.deptTK, got[over].ID), weakorg.CriterionVacant); !contains(ev, "书记自2026-03-29起空缺，至2026-06-30已超过3个月") {
		t.Errorf("3 months and a day: evidence %q", ev)
	}
	if c, ok := got[exact]; ok {
		if ev := hit(w.detail(t, w.deptTK, c.ID), weakorg.CriterionVacant); ev != "" {
			t.Errorf("exactly 3 months is not more than 3 months: %q", ev)
		}
	}
	// The day after, both are over.
	w.clock("2026-07-01")
	w.screen(t, 2026)
	if ev := hit(w.detail(t, w.deptTK, w.cases(t, w.deptTK, 2026, nil)[exact].ID), weakorg.CriterionVacant); ev == "" {
		t.Error("vacant from 3-30, on 7-01 it is more than 3 months")
	}
	// From the organisation trail: the secretary removed on 1-10 and set
	// again on 4-11 was vacant 3 months and a day.
	filled := w.e.Create(t, w.e.AdminTK, "/api/dzzxx", map[string]any{"pid": w.cs, "code": "ZV0001", "name": "换过书记的党支部",
		"type": "5", "secretaryName": "张书记"})
	w.changedOn(t, filled, "2026-01-01") // recorded with its secretary
	for i, name := range []string{"", "李书记"} {
		o := apptest.DoJSON[map[string]any](t, w.e, 200, "GET", fmt.Sprintf("/api/dzzxx/%d", filled), w.e.AdminTK, nil)
		o["secretaryName"] = name
		apptest.Expect(t, w.e.Do("PUT", "/api/dzzxx", w.e.AdminTK, o), 204)
		w.changedOn(t, filled, []string{"2026-01-10", "2026-04-11"}[i])
	}
	w.recorded(t, filled, "2026-01-01")
	w.screen(t, 2026)
	if ev := hit(w.detail(t, w.deptTK, w.cases(t, w.deptTK, 2026, nil)[filled].ID), weakorg.CriterionVacant); ev != "书记于2026-01-10至2026-04-11空缺，超过3个月" {
		t.Errorf("vacant from the trail: %q", ev)
	}
	// A year to come is refused; a year out of bounds too.
	apptest.ExpectField(t, w.e.Do("POST", "/api/rsrs/screen", w.deptTK, map[string]any{"year": 2027}), "year", "年度不能晚于今年")
	apptest.ExpectField(t, w.e.Do("POST", "/api/rsrs/screen", w.deptTK, map[string]any{"year": 1999}), "year", "年度应为 2000 到 2100 之间的年份")
}

// RULES §4 三会一课: 支部党员大会 every quarter. Screening finds a branch that
// held none in two consecutive quarters of the year (Q2 and Q3), not one
// that missed two quarters apart (Q2 and Q4).
func TestScreen_RULES4_GeneralMeetingMissedTwoConsecutiveQuarters(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, day := range []string{"2025-02-10", "2025-11-10"} {
		meeting(t, w.e, w.branch, orglife.TypeBranchGeneral, day) // Q2, Q3 missed
	}
	for _, day := range []string{"2025-02-10", "2025-08-10"} {
		meeting(t, w.e, w.mathBr, orglife.TypeBranchGeneral, day) // Q2, Q4 missed
	}
	w.clock("2026-06-30")
	w.screen(t, 2025)
	got := w.cases(t, w.deptTK, 2025, nil)
	life := hit(w.detail(t, w.deptTK, got[w.branch].ID), weakorg.CriterionLife)
	if !contains(life, "2025年第2、3季度均未召开支部党员大会") || !contains(life, "低于60%") {
		t.Errorf("Q2 and Q3 missed: %q", life)
	}
	apart := hit(w.detail(t, w.deptTK, got[w.mathBr].ID), weakorg.CriterionLife)
	if contains(apart, "支部党员大会") || !contains(apart, "组织生活会议完成率") {
		t.Errorf("Q2 and Q4 missed are not consecutive: %q", apart)
	}
}

// Screening again neither duplicates nor drops a decided case: a confirmed
// case and a hand proposal stay; a candidate the data no longer finds (the
// share setting lowered to 1%) goes; undecided ones are refreshed.
func TestScreen_RegenerateIsIdempotentAndKeepsDecided(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, day := range []string{"2025-02-10", "2025-08-10"} {
		meeting(t, w.e, w.mathBr, orglife.TypeBranchGeneral, day) // no consecutive gap: only the share finds it
	}
	hand := w.e.Org(t, w.cs, "5", "计算机学生党支部")
	meeting(t, w.e, hand, orglife.TypeBranchGeneral, "2025-02-10")
	meeting(t, w.e, hand, orglife.TypeBranchGeneral, "2025-08-10")
	w.clock("2026-06-30")
	first := w.screen(t, 2025)
	if first.Added != 3 {
		t.Fatalf("first screening %+v", first)
	}
	again := w.screen(t, 2025)
	if again.Added != 0 || again.Removed != 0 || again.Updated != 0 || len(w.cases(t, w.deptTK, 2025, nil)) != 3 {
		t.Fatalf("the same data again: %+v", again)
	}
	got := w.cases(t, w.deptTK, 2025, nil)
	w.act(t, w.deptTK, got[w.branch].ID, "confirm", "两个季度未召开支部党员大会，组织生活不正常", 200)
	w.propose(t, w.csTK, hand, "2", 201)
	setting(t, w.e, weakorg.CfgShareBelow, "1")
	third := w.screen(t, 2025)
	after := w.cases(t, w.deptTK, 2025, nil)
	if third.Kept != 1 || third.Removed != 1 || len(after) != 2 {
		t.Fatalf("share at 1%%: %+v, cases %v", third, after)
	}
	if _, ok := after[w.mathBr]; ok {
		t.Error("the candidate the data no longer finds stayed")
	}
	if c := after[w.branch]; c.State != weakorg.StateRectifying {
		t.Errorf("the confirmed case changed: %+v", c)
	}
	d := w.detail(t, w.deptTK, after[hand].ID)
	if hit(d, "2") == "" || hit(d, weakorg.CriterionLife) != "" || d.Criteria != "2" {
		t.Errorf("the hand proposal after the share went: %+v", d.Hits)
	}
}
