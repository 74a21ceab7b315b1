package orgstd_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/orgstd"
)

// The 组织部 keeps the indicator sets: points with one decimal place at
// most, above 0 and at most 100; copied from the latest earlier year into
// an empty one; frozen once a branch submits an assessment of the year.
func TestIndicators_SetCopyAndFreeze(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	const base = "/api/dzzjs/indicators"
	ok := map[string]any{"year": 2025, "category": "阵地保障", "name": "活动场所", "maxPoints": 4.5}
	apptest.Expect(t, e.Do("POST", base, "", ok), 401)
	apptest.Expect(t, e.Do("POST", base, w.csTK, ok), 403)
	apptest.Expect(t, e.Do("POST", base, w.noTK, ok), 403)
	apptest.Expect(t, e.Do("GET", base+"?year=2025", "", nil), 401)
	apptest.Expect(t, e.Do("GET", base+"?year=2025", w.noTK, nil), 403)
	apptest.ExpectField(t, e.Do("GET", base+"?year=abc", w.csTK, nil), "year", "年度应为 2000 到 2100 之间的年份")
	for _, c := range []struct {
		points any
		msg    string
	}{{0, "分值应大于0"}, {-1, "分值应在0到100分之间"}, {100.1, "分值应在0到100分之间"}, {2.55, "分值最多保留一位小数"}} {
		apptest.ExpectField(t, e.Do("POST", base, w.deptTK, apptest.With(ok, "maxPoints", c.points)), "maxPoints", c.msg)
	}
	apptest.ExpectField(t, e.Do("POST", base, w.deptTK, apptest.With(ok, "name", " ")), "name", "请输入指标名称（不超过200个字）")
	hundred := apptest.DoJSON[orgstd.Indicator](t, e, 201, "POST", base, w.deptTK, apptest.With(ok, "maxPoints", 100)).ID
	set := apptest.DoJSON[orgstd.IndicatorSet](t, e, 200, "GET", base+"?year=2025", w.branchTK, nil)
	if len(set.Indicators) != 3 || set.Total != 115 || set.Frozen || set.LatestEarlier != 0 {
		t.Fatalf("2025: %+v", set)
	}

	// Copy into 2026: the set, renumbered to the year; a second copy is refused.
	copied := apptest.DoJSON[orgstd.IndicatorSet](t, e, 200, "POST", base+"/copy", w.deptTK, map[string]any{"year": 2026})
	if len(copied.Indicators) != 3 || copied.Total != 115 || copied.Indicators[0].Year != 2026 || copied.LatestEarlier != 2025 {
		t.Fatalf("copied: %+v", copied)
	}
	apptest.ExpectMessage(t, e.Do("POST", base+"/copy", w.deptTK, map[string]any{"year": 2026}), 400, "2026年度已有指标，不能再复制")
	apptest.ExpectMessage(t, e.Do("POST", base+"/copy", w.deptTK, map[string]any{"year": 2020}), 400, "2020年度之前没有可复制的指标")
	apptest.Expect(t, e.Do("POST", base+"/copy", w.csTK, map[string]any{"year": 2027}), 403)

	// An indicator added while a draft exists gets a row in it; the draft may still change.
	draft := w.start(t, w.branchTK, w.csBranch)
	added := w.indicator(t, 2025, "作用发挥", "特色品牌", 5)
	if d := apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "GET", path(draft.ID, ""), w.branchTK, nil); len(d.Items) != 4 || d.MaxTotal != 120 {
		t.Fatalf("draft after an indicator was added: %d items, max %v", len(d.Items), d.MaxTotal)
	}
	apptest.Expect(t, e.Do("DELETE", base, w.deptTK, map[string]any{"ids": []int64{added, hundred}}), 204)

	// Submitting freezes 2025: no change, addition or deletion; 2026 stays open.
	w.submitted(t, w.branch2TK, w.csBranch2, 5, 10)
	frozen := "2025年度已有党支部提交自评，指标已锁定，不能再修改"
	apptest.ExpectMessage(t, e.Do("POST", base, w.deptTK, ok), 400, frozen)
	apptest.ExpectMessage(t, e.Do("PUT", base, w.deptTK, map[string]any{"id": w.first, "category": "组织设置", "name": "改名", "maxPoints": 5}), 400, frozen)
	apptest.ExpectMessage(t, e.Do("DELETE", base, w.deptTK, map[string]any{"ids": []int64{w.first}}), 400, frozen)
	if set := apptest.DoJSON[orgstd.IndicatorSet](t, e, 200, "GET", base+"?year=2025", w.deptTK, nil); !set.Frozen || len(set.Indicators) != 2 {
		t.Fatalf("frozen 2025: %+v", set)
	}
	id := copied.Indicators[0].ID
	changed := apptest.DoJSON[orgstd.Indicator](t, e, 200, "PUT", base, w.deptTK, map[string]any{"id": id, "category": "组织设置", "name": "支部设置", "maxPoints": 6})
	if changed.Year != 2026 || changed.MaxPoints != 6 {
		t.Fatalf("2026 change: %+v", changed)
	}
	apptest.Expect(t, e.Do("PUT", base, w.deptTK, map[string]any{"id": 999999, "category": "x", "name": "x", "maxPoints": 1}), 404)
	apptest.Expect(t, e.Do("DELETE", base, w.deptTK, map[string]any{"ids": []int64{id, 999999}}), 404)
	apptest.Expect(t, e.Do("DELETE", base, w.csTK, map[string]any{"ids": []int64{id}}), 403)
}

// A set being edited and the first submission serialise on the year: the
// edit either lands before the freeze or is refused, never beside it.
func TestIndicators_EditRacingTheFirstSubmission(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.start(t, w.branchTK, w.csBranch).ID
	apptest.DoJSON[orgstd.AssessmentDetail](t, w.e, 200, "PUT", path(id, ""), w.branchTK, map[string]any{"items": w.scored(5, 10)})
	statuses := apptest.Concurrently(2, func(i int) int {
		if i == 0 {
			return w.e.Do("POST", path(id, "submit"), w.branchTK, nil).Status
		}
		return w.e.Do("POST", "/api/dzzjs/indicators", w.deptTK, map[string]any{"year": w.year, "category": "x", "name": "新增", "maxPoints": 1}).Status
	})
	d := apptest.DoJSON[orgstd.AssessmentDetail](t, w.e, 200, "GET", path(id, ""), w.branchTK, nil)
	switch {
	case statuses[0] == 200 && statuses[1] == 400: // frozen first
		if len(d.Items) != 2 {
			t.Fatalf("items %d", len(d.Items))
		}
	case statuses[1] == 201 && statuses[0] == 400: // added first: the draft has an unscored row and cannot be submitted
		if len(d.Items) != 3 || d.State != orgstd.StateDraft {
			t.Fatalf("items %d state %d", len(d.Items), d.State)
		}
	default:
		t.Fatalf("statuses %v", statuses)
	}
}
