package xbry_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/xbry"
)

// The demo's selections wait at 民主推荐, 考察 and 任前公示 with their
// steps' records, one post a unit, candidates among the unit's 科级
// cadres (a unit without them is skipped); a second run writes nothing.
func TestSeedDemoStartsSelectionsAtThreeSteps(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.position(t, w.mathU, "副院长", deputy, false)
	w.cadre(t, "戊", w.mathU)
	w.cadre(t, "己", w.mathU)
	w.position(t, w.csUnit, "院长助理", deputy, false)                   // the same unit: one post per unit
	w.position(t, w.unit(t, "化学学院", w.c.Math), "副院长", deputy, false) // no 科级 cadres: skipped
	phys := w.unit(t, "物理学院", w.c.Math)
	w.position(t, phys, "副院长", deputy, false)
	w.cadre(t, "庚", phys)
	w.cadre(t, "辛", phys)
	res, err := w.e.App.Selections.SeedDemo(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Selections) != 3 {
		t.Fatalf("demo selections: %+v", res)
	}
	list := apptest.DoJSON[struct {
		Content []xbry.View
	}](t, w.e, 200, "GET", "/api/gbxbry?sort=createTime,asc", w.e.AdminTK, nil)
	if len(list.Content) != 3 || list.Content[0].State != xbry.StateRecommending || list.Content[1].State != xbry.StateInspecting ||
		list.Content[2].State != xbry.StatePublicizing || list.Content[2].UnitName != "物理学院" {
		t.Fatalf("demo list: %+v", list.Content)
	}
	if d := w.detail(t, list.Content[1].ID); len(d.Candidates) != 2 || d.RecOn == nil || d.InspTo != nil {
		t.Fatalf("the selection at 考察: %+v", d)
	}
	if d := w.detail(t, list.Content[2].ID); d.AppointeeName != "庚" || d.MeetAgree != 10 || d.PubFrom != nil {
		t.Fatalf("the selection at 任前公示: %+v", d)
	}
	again, err := w.e.App.Selections.SeedDemo(t.Context())
	if err != nil || !again.Skipped {
		t.Fatalf("second run: %+v %v", again, err)
	}
}
