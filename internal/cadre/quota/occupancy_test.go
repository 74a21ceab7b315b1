package quota_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/quota"
)

// The units' numbers are summed per level (a vacancy at one level does
// not cancel an excess at another), filtered and sorted in SQL, limited to
// the caller's unit scope, and exported as the list shows them.
func TestUnitNumbersPerLevelScopeAndExport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	head := w.position(t, w.csUnit, "院长", "3", false)
	w.quota(t, w.csUnit, "3", 0)
	w.quota(t, w.csUnit, deputy, 2)
	w.quota(t, w.mathU, deputy, 1)
	apptest.Expect(t, w.issue(t, w.draft(t, appoint(w.cadre(t, "甲", w.csUnit), head, "2026-03-01", true, "新设学院"))), 200)

	units, total := apptest.GetPage[quota.Occupancy](t, w.e, w.e.AdminTK, "/api/gbzs/units", url.Values{"sort": {"unitName,asc"}})
	byUnit := apptest.ByKey(units, func(o quota.Occupancy) int64 { return o.UnitID })
	if total != 2 {
		t.Fatalf("%d units, want 2: %+v", total, units)
	}
	if cs := byUnit[w.csUnit]; cs.Approved != 2 || cs.Occupied != 1 || cs.Vacant != 2 || cs.Over != 1 {
		t.Fatalf("计算机学院 %+v, want 2 approved, 1 occupied, 2 vacant (副处) and 1 over (正处)", cs)
	}
	sum := apptest.DoJSON[quota.Occupancy](t, w.e, 200, "GET", "/api/gbzs/units/total", w.e.AdminTK, nil)
	if sum.Approved != 3 || sum.Occupied != 1 || sum.Vacant != 3 || sum.Over != 1 {
		t.Fatalf("school %+v", sum)
	}
	// The 计算机 committee's account sees its unit only, in the list and the total.
	mine, _ := apptest.GetPage[quota.Occupancy](t, w.e, w.csTK, "/api/gbzs/units", nil)
	if len(mine) != 1 || mine[0].UnitID != w.csUnit {
		t.Fatalf("units of 计算机: %+v", mine)
	}
	if s := apptest.DoJSON[quota.Occupancy](t, w.e, 200, "GET", "/api/gbzs/units/total", w.csTK, nil); s.Approved != 2 {
		t.Fatalf("total of 计算机 %+v", s)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/gbzs/units?sort=nope,asc", w.e.AdminTK, nil), 400)
	book := apptest.Download(t, w.e.Do("GET", "/api/gbzs/units/export?over=true", w.e.AdminTK, nil))
	rows, err := book.GetRows(book.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[1][1] != "计算机学院" || rows[1][5] != "1" {
		t.Fatalf("export rows %v, want the header and 计算机学院 with 1 over", rows)
	}
}
