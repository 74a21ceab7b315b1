package cadre_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

type moduleEntry struct {
	trailEntry
	Module int `json:"module"`
}

func (w *world) managedTrail(t testing.TB, cadreID int64) []moduleEntry {
	t.Helper()
	rows, _ := apptest.GetPage[moduleEntry](t, w.e, w.adminTK, path("/api/gbjbxx/%d/trail", cadreID), nil)
	return rows
}

func (w *world) managed(t testing.TB, cadreID int64) []cadre.ManagedDept {
	t.Helper()
	return apptest.DoJSON[[]cadre.ManagedDept](t, w.e, 200, "GET", path("/api/gbjbxx/%d/fgbm", cadreID), w.adminTK, nil)
}

// 分管部门: a cadre's managed departments are checked (400 naming the
// field, nothing written), a unit once per cadre, each write trailed under
// the cadre in module 101 and shown in the cadre's trail, and a removed
// row comes back by restoring its entry.
func TestManagedDeptsTrailedAndRestored(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.create(t, w.adminTK, cadreBody("张三", w.csUnit))
	base := path("/api/gbjbxx/%d/fgbm", c.ID)

	apptest.ExpectField(t, w.e.Do("POST", base, w.adminTK, map[string]any{"kind": "分管"}), "unitId", "请选择分管单位")
	apptest.ExpectField(t, w.e.Do("POST", base, w.adminTK, map[string]any{"unitId": w.mathUnit, "kind": "主管"}), "kind", "分管类型须为分管或联系")
	apptest.ExpectField(t, w.e.Do("POST", base, w.adminTK, map[string]any{"unitId": 987654, "kind": "分管"}), "unitId", "分管单位不存在")
	apptest.ExpectField(t, w.e.Do("POST", base, w.adminTK, map[string]any{"unitId": w.mathUnit, "kind": "分管", "since": "2999-01-01"}),
		"since", "起始时间不能晚于今天")
	if rows := w.managed(t, c.ID); len(rows) != 0 {
		t.Fatalf("written by a refused request: %+v", rows)
	}

	row := apptest.DoJSON[cadre.ManagedDept](t, w.e, 201, "POST", base, w.adminTK,
		map[string]any{"unitId": w.mathUnit, "kind": "分管", "since": "2020-09-01", "note": "分管本科教学"})
	if row.UnitName != "数学学院" || row.Kind != cadre.ManageCharge || row.Since != "2020-09-01" {
		t.Fatalf("added %+v", row)
	}
	// A unit the cadre manages already: 400 on the unit, nothing written.
	apptest.ExpectField(t, w.e.Do("POST", base, w.adminTK, map[string]any{"unitId": w.mathUnit, "kind": "联系"}),
		"unitId", "该单位已在此干部的分管部门中")
	other := apptest.DoJSON[cadre.ManagedDept](t, w.e, 201, "POST", base, w.adminTK, map[string]any{"unitId": w.csUnit, "kind": "联系"})
	apptest.ExpectField(t, w.e.Do("PUT", base, w.adminTK, map[string]any{"id": other.ID, "unitId": w.mathUnit, "kind": "联系"}),
		"unitId", "该单位已在此干部的分管部门中")
	apptest.Expect(t, w.e.Do("DELETE", base, w.adminTK, []int64{other.ID}), 204)

	apptest.DoJSON[cadre.ManagedDept](t, w.e, 200, "PUT", base, w.adminTK,
		map[string]any{"id": row.ID, "unitId": w.mathUnit, "kind": "联系", "since": "2020-09-01", "note": "分管本科教学"})
	apptest.Expect(t, w.e.Do("DELETE", base, w.adminTK, []int64{row.ID}), 204)
	if rows := w.managed(t, c.ID); len(rows) != 0 {
		t.Fatalf("after delete %+v", rows)
	}

	// Newest first: delete, update, (the other row: delete, add), add, then the cadre's own add (module 100).
	entries := w.managedTrail(t, c.ID)
	if len(entries) != 6 {
		t.Fatalf("trail %+v", entries)
	}
	del, upd, add, own := entries[0], entries[1], entries[4], entries[5]
	for _, e := range entries[:5] {
		if e.Module != cadre.TrailManagedDepts {
			t.Fatalf("entry in module %d: %+v", e.Module, e)
		}
	}
	if own.Module != cadre.TrailModule || del.Type != audit.TypeDelete || upd.Type != audit.TypeUpdate || add.Type != audit.TypeAdd {
		t.Fatalf("trail %+v", entries)
	}
	if ch := upd.Changes; len(ch) != 1 || ch[0].Field != "fgbm.kind" || ch[0].Label != "分管部门·分管类型" || ch[0].Old != "分管" || ch[0].New != "联系" {
		t.Fatalf("update changes %+v", ch)
	}
	found := false
	for _, ch := range add.Changes {
		found = found || (ch.Field == "fgbm.unit" && ch.Label == "分管部门·分管单位" && ch.New == "数学学院")
	}
	if !found {
		t.Fatalf("add changes name no unit: %+v", add.Changes)
	}

	// Restoring the update's entry brings the removed row back as it was then (a new row).
	apptest.Expect(t, w.e.Do("POST", "/api/gbjbxx/trail/restore", w.adminTK, map[string]any{"trailId": upd.ID}), 200)
	rows := w.managed(t, c.ID)
	if len(rows) != 1 || rows[0].UnitID != w.mathUnit || rows[0].Kind != cadre.ManageContact || rows[0].Note != "分管本科教学" {
		t.Fatalf("restored %+v", rows)
	}
	after := w.managedTrail(t, c.ID)
	if after[0].Module != cadre.TrailManagedDepts || after[0].Origin != audit.OriginUserRestore || after[0].Type != audit.TypeAdd {
		t.Fatalf("restore entry %+v", after[0])
	}
	// Once back, the same unit cannot come back twice.
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbjbxx/trail/restore", w.adminTK, map[string]any{"trailId": add.ID}), "unitId",
		"该单位已在此干部的分管部门中")
	var n int
	if err := w.e.DB.NewSelect().TableExpr("change_trail").ColumnExpr("COUNT(*)").Where("module = ?", cadre.TrailManagedDepts).
		Where("record_id = ?", c.ID).Scan(t.Context(), &n); err != nil || n != 6 {
		t.Fatalf("module 101 entries %d (%v)", n, err)
	}

	// A unit leader of another unit: the cadre, its rows, trail and entries do not exist.
	w.setUnitLeaders(t, true)
	mathTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.math, cadre.Perms.List, cadre.Perms.Edit)
	apptest.Expect(t, w.e.Do("GET", base, mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("POST", base, mathTK, map[string]any{"unitId": w.mathUnit, "kind": "分管"}), 404)
	apptest.Expect(t, w.e.Do("GET", path("/api/gbjbxx/%d/trail", c.ID), mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("POST", "/api/gbjbxx/trail/restore", mathTK, map[string]any{"trailId": upd.ID}), 404)
	// The cadre's own unit leader sees them.
	if rows := apptest.DoJSON[[]cadre.ManagedDept](t, w.e, 200, "GET", base, w.csTK, nil); len(rows) != 1 {
		t.Fatalf("unit leader sees %+v", rows)
	}
}

// The routes of 分管部门: signed in (401), the permission (403: reading
// needs gbjbxx:list, writing gbjbxx:edit), a cadre that does not exist (404).
func TestManagedDeptsPermissions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.create(t, w.adminTK, cadreBody("李四", w.csUnit))
	base := path("/api/gbjbxx/%d/fgbm", c.ID)
	body := map[string]any{"unitId": w.mathUnit, "kind": "分管"}
	apptest.Expect(t, w.e.Do("GET", base, "", nil), 401)
	apptest.Expect(t, w.e.Do("POST", base, "", body), 401)
	apptest.Expect(t, w.e.Do("GET", base, w.noTK, nil), 403)
	apptest.Expect(t, w.e.Do("POST", base, w.noTK, body), 403)
	apptest.Expect(t, w.e.Do("POST", base, w.listTK, body), 403) // reads, does not write
	apptest.Expect(t, w.e.Do("DELETE", base, w.listTK, []int64{1}), 403)
	apptest.Expect(t, w.e.Do("GET", base, w.listTK, nil), 200)
	apptest.Expect(t, w.e.Do("GET", "/api/gbjbxx/987654/fgbm", w.adminTK, nil), 404)
	apptest.Expect(t, w.e.Do("POST", "/api/gbjbxx/987654/fgbm", w.adminTK, body), 404)
	// Without the setting, a unit leader sees no cadre: 404 for the cadre's own unit too.
	apptest.Expect(t, w.e.Do("GET", base, w.csTK, nil), 404)
	// Deleting a row of another cadre through this one is a 404, nothing removed.
	d := w.create(t, w.adminTK, cadreBody("王五", w.mathUnit))
	row := apptest.DoJSON[cadre.ManagedDept](t, w.e, 201, "POST", path("/api/gbjbxx/%d/fgbm", d.ID), w.adminTK, body)
	apptest.Expect(t, w.e.Do("DELETE", base, w.adminTK, []int64{row.ID}), 404)
	if rows := w.managed(t, d.ID); len(rows) != 1 {
		t.Fatalf("removed through another cadre: %+v", rows)
	}
}

// The Go API (the demo's): AddManagedDept writes and trails inside the
// caller's transaction, refuses a unit twice on unitId and a cadre outside
// the caller's scope; ManagedDepts reads them back with the units' names.
func TestManagedDeptsGoAPI(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.create(t, w.adminTK, cadreBody("赵六", w.csUnit))
	base := w.e.App.Cadres
	add := func(ctx context.Context, unitID int64) error {
		return db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
			return base.AddManagedDept(ctx, tx, c.ID, cadre.ManagedDept{UnitID: unitID, Kind: cadre.ManageCharge, Since: "2021-01-01"}, audit.OriginSystemImport)
		})
	}
	if err := add(asAdmin(t), w.mathUnit); err != nil {
		t.Fatal(err)
	}
	if err := add(asAdmin(t), w.csUnit); err != nil {
		t.Fatal(err)
	}
	if he := (*httpx.Error)(nil); !errors.As(add(asAdmin(t), w.mathUnit), &he) || he.Status != 400 || he.Field != "unitId" {
		t.Fatalf("twice: %+v", he)
	}
	if he := (*httpx.Error)(nil); !errors.As(add(rbacless(t), w.mathUnit), &he) || he.Status != 404 {
		t.Fatalf("out of scope: %+v", he)
	}
	rows, err := base.ManagedDepts(t.Context(), w.e.DB, c.ID)
	if err != nil || len(rows) != 2 || rows[0].UnitName != "数学学院" || rows[1].UnitName != "计算机学院" {
		t.Fatalf("rows %+v (%v)", rows, err)
	}
	entries := w.managedTrail(t, c.ID)
	if entries[0].Module != cadre.TrailManagedDepts || entries[0].Origin != audit.OriginSystemImport {
		t.Fatalf("trail %+v", entries)
	}
}

// The signed-in user's info says whether a cadre's record names the
// account: the web shows 我的干部信息 only then.
func TestUserInfoSaysCadreLinked(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	selfTK, selfID := w.e.UserWith("ALL", 0)
	otherTK, _ := w.e.UserWith("ALL", 0)
	type info struct {
		CadreLinked *bool `json:"cadreLinked"`
	}
	if got := apptest.DoJSON[info](t, w.e, 200, "GET", "/auth/info", selfTK, nil); got.CadreLinked == nil || *got.CadreLinked {
		t.Fatalf("before the link: %+v", got)
	}
	w.create(t, w.adminTK, cadreBody("张三", w.csUnit, "userId", selfID))
	if got := apptest.DoJSON[info](t, w.e, 200, "GET", "/auth/info", selfTK, nil); got.CadreLinked == nil || !*got.CadreLinked {
		t.Fatalf("linked: %+v", got)
	}
	if got := apptest.DoJSON[info](t, w.e, 200, "GET", "/auth/info", otherTK, nil); got.CadreLinked == nil || *got.CadreLinked {
		t.Fatalf("not linked: %+v", got)
	}
	apptest.Expect(t, w.e.Do("GET", "/auth/info", "", nil), 401)
}
