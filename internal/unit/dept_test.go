package unit_test

import (
	"encoding/json"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/audit"
	"zhdj/internal/unit"
)

// Department edits through the system's /api/dept keep the unit
// information base whole: a unit's department cannot be deleted there (its
// information would go with it), and a rename or move there is recorded in
// the unit trail; departments that are no units are not affected.
func TestDeptEditsOfUnits(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	entries := func(id int64) []audit.Entry {
		var list []audit.Entry
		if err := e.DB.NewSelect().Model(&list).Where("module = ?", unit.TrailModule).Where("record_id = ?", id).
			OrderExpr("id").Scan(t.Context(), &list); err != nil {
			t.Fatal(err)
		}
		return list
	}
	before := len(entries(w.netUnit))

	// Rename and move 网络中心 under 计算机学院 through /api/dept.
	apptest.Expect(t, e.Do("PUT", "/api/dept", e.AdminTK, map[string]any{"id": w.netUnit, "pid": w.csUnit, "name": "信息化中心", "enabled": true}), 204)
	list := entries(w.netUnit)
	if len(list) != before+1 {
		t.Fatalf("trail %+v", list)
	}
	last := list[len(list)-1]
	var changes []audit.Change
	if err := json.Unmarshal([]byte(last.ChangesJSON), &changes); err != nil {
		t.Fatal(err)
	}
	got := map[string][2]string{}
	for _, c := range changes {
		got[c.Field] = [2]string{c.Old, c.New}
	}
	if last.Type != audit.TypeUpdate || last.Origin != audit.OriginUserUpdate || len(changes) != 2 ||
		got["name"] != [2]string{"网络中心", "信息化中心"} || got["parent"] != [2]string{"", "计算机学院"} {
		t.Fatalf("trail entry %+v %+v", last, changes)
	}
	if v := w.detail(t, e.AdminTK, w.netUnit); v.Name != "信息化中心" || v.PID == nil || *v.PID != w.csUnit || !v.HasInfo {
		t.Fatalf("unit %+v", v)
	}
	// Saving it unchanged records nothing.
	apptest.Expect(t, e.Do("PUT", "/api/dept", e.AdminTK, map[string]any{"id": w.netUnit, "pid": w.csUnit, "name": "信息化中心", "enabled": true}), 204)
	if n := len(entries(w.netUnit)); n != before+1 {
		t.Fatalf("unchanged save wrote %d entries", n-before-1)
	}

	// A unit's department cannot be deleted there; its information stays.
	if _, err := e.DB.NewUpdate().Table("sys_user").Set("dept_id = NULL").Where("dept_id = ?", w.netUnit).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	apptest.ExpectMessage(t, e.Do("DELETE", "/api/dept", e.AdminTK, []int64{w.netUnit}), 400, "“信息化中心”是单位信息库中的单位，不能删除：请在单位信息库中撤销该单位")
	if n, err := e.DB.NewSelect().Table("dw_info").Where("dept_id = ?", w.netUnit).Count(t.Context()); err != nil || n != 1 {
		t.Fatalf("dw_info %d %v", n, err)
	}
	// A plain department is edited and deleted as before, without a unit trail.
	res := e.Do("POST", "/api/dept", e.AdminTK, map[string]any{"pid": w.csUnit, "name": "办公室"})
	apptest.Expect(t, res, 201)
	var d struct{ ID int64 }
	res.JSON(t, &d)
	apptest.Expect(t, e.Do("PUT", "/api/dept", e.AdminTK, map[string]any{"id": d.ID, "pid": w.csUnit, "name": "综合办公室"}), 204)
	if n := len(entries(d.ID)); n != 0 {
		t.Fatalf("plain department trail %d", n)
	}
	apptest.Expect(t, e.Do("DELETE", "/api/dept", e.AdminTK, []int64{d.ID}), 204)
}
