package quota_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/quota"
)

var seq atomic.Int64 // tests run in parallel

// world: units 计算机学院 (paired with the 计算机 committee) and 数学学院 (with
// the 数学 committee); csTK manages 职数 of the 计算机 committee's units,
// adminTK of all (the admin), noTK holds no 职数 permission.
type world struct {
	e              *apptest.Env
	c              apptest.Campus
	csUnit, mathU  int64
	csTK, noTK     string
	listTK, editTK string
}

var allPerms = []string{quota.Perms.List, quota.Perms.Add, quota.Perms.Edit, quota.Perms.Del, quota.Perms.Export, quota.PermIssue}

func newWorld(t testing.TB) *world {
	t.Helper()
	return newWorldOf(t, apptest.New(t))
}

func newWorldOf(t testing.TB, e *apptest.Env) *world {
	t.Helper()
	w := &world{e: e}
	w.c = e.Campus(t)
	w.csUnit = w.unit(t, "计算机学院", w.c.CS)
	w.mathU = w.unit(t, "数学学院", w.c.Math)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, allPerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, "dzz:list")
	w.listTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, quota.Perms.List)
	w.editTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, quota.Perms.List, quota.Perms.Add, quota.Perms.Edit)
	return w
}

func (w *world) unit(t testing.TB, name string, dzz int64) int64 {
	t.Helper()
	return w.e.Unit(t, name, dzz)
}

// position creates a post of the unit at level (GB_XZJB), elected or not.
func (w *world) position(t testing.TB, unitID int64, name, level string, elected bool) int64 {
	t.Helper()
	return w.e.Position(t, unitID, name, level, elected)
}

// quota approves n posts of the unit at level.
func (w *world) quota(t testing.TB, unitID int64, level string, n int) int64 {
	t.Helper()
	return w.e.Create(t, w.e.AdminTK, "/api/gbzs/quotas", map[string]any{"unitId": unitID, "level": level, "approved": n})
}

func appoint(cadre, position int64, on string, promotion bool, reason string) map[string]any {
	return map[string]any{"kind": quota.KindAppoint, "cadreId": cadre, "positionId": position, "onDate": on, "promotion": promotion, "overReason": reason}
}

func removal(cadre, position int64, on string) map[string]any {
	return map[string]any{"kind": quota.KindRemove, "cadreId": cadre, "positionId": position, "onDate": on}
}

// draft saves a draft document of the items as the admin and answers its id.
func (w *world) draft(t testing.TB, items ...map[string]any) int64 {
	t.Helper()
	return w.e.Create(t, w.e.AdminTK, "/api/gbzs/documents", docBody(items...))
}

func docBody(items ...map[string]any) map[string]any {
	return map[string]any{"docNo": fmt.Sprintf("校党干〔2026〕%d号", seq.Add(1)), "issuedOn": "2026-03-01", "issuer": "中共示范大学委员会",
		"title": "关于干部任免的通知", "items": items}
}

func (w *world) issue(t testing.TB, id int64) *apptest.Response {
	t.Helper()
	return w.e.Do("POST", fmt.Sprintf("/api/gbzs/documents/%d/issue", id), w.e.AdminTK, nil)
}

// quotaOf is the quota row of the unit and level as the list shows it.
func (w *world) quotaOf(t testing.TB, id int64) quota.QuotaView {
	t.Helper()
	return apptest.DoJSON[quota.QuotaView](t, w.e, 200, "GET", fmt.Sprintf("/api/gbzs/quotas/%d", id), w.e.AdminTK, nil)
}

func (w *world) document(t testing.TB, id int64) quota.Document {
	t.Helper()
	return apptest.DoJSON[quota.Document](t, w.e, 200, "GET", fmt.Sprintf("/api/gbzs/documents/%d", id), w.e.AdminTK, nil)
}

// cadre creates a cadre of the unit through the cadre base's API.
func (w *world) cadre(t testing.TB, name string, unitID int64) int64 {
	t.Helper()
	return w.e.Cadre(t, name, unitID, "1975-03-01", "教授", "5", "2")
}

// posts is the number of the cadre's post rows (information type 3), read
// through the cadre base's API.
func (w *world) posts(t testing.TB, cadreID int64) int {
	t.Helper()
	return len(apptest.DoJSON[[]map[string]any](t, w.e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d/zw", cadreID), w.e.AdminTK, nil))
}

// currentPost is the cadre's 现任职务 as the base shows it.
func (w *world) currentPost(t testing.TB, cadreID int64) string {
	t.Helper()
	v := apptest.DoJSON[map[string]any](t, w.e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d", cadreID), w.e.AdminTK, nil)
	s, _ := v["post"].(string)
	return s
}
