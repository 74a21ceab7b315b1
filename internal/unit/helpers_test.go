package unit_test

import (
	"fmt"
	"net/url"
	"sync/atomic"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/unit"
)

// world: a school committee with two secondary committees (计算机, 数学) and
// a branch under 计算机; units 计算机学院 (paired with its committee),
// 数学学院 (paired with its committee) and 网络中心, which no organisation is
// paired with but the 计算机 branch belongs to (dzz.unit_dept_id).
type world struct {
	e                *apptest.Env
	root, cs, math   int64 // organisations
	branch           int64
	csUnit, mathUnit int64 // units
	netUnit          int64
	csTK, mathTK     string // LEVEL_AND_BELOW accounts of the two committees, with dw:*
}

var seq atomic.Int64 // tests run in parallel

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{e: apptest.New(t)}
	c := w.e.Campus(t)
	w.root, w.cs, w.math, w.branch = c.Root, c.CS, c.Math, c.Branch
	w.csUnit = w.unit(t, w.e.AdminTK, unitBody("计算机学院", &w.cs))
	w.mathUnit = w.unit(t, w.e.AdminTK, unitBody("数学学院", &w.math))
	w.netUnit = w.unit(t, w.e.AdminTK, unitBody("网络中心", nil))
	if _, err := w.e.DB.NewUpdate().Table("dzz").Set("unit_dept_id = ?", w.netUnit).Where("id = ?", w.branch).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	perms := []string{unit.PermList, unit.PermAdd, unit.PermEdit, unit.PermDel}
	w.csTK = w.anchored(t, "LEVEL_AND_BELOW", w.cs, perms...)
	w.mathTK = w.anchored(t, "LEVEL_AND_BELOW", w.math, perms...)
	return w
}

// anchored is a user of the given scope and permissions at organisation orgID.
func (w *world) anchored(t testing.TB, scope string, orgID int64, perms ...string) string {
	token, _ := w.e.UserAt(t, scope, orgID, perms...)
	return token
}

// unitBody is a valid unit (a 院系) paired with dzz (nil = none).
func unitBody(name string, dzz *int64) map[string]any {
	b := map[string]any{"name": name, "code": fmt.Sprintf("DW%04d", seq.Add(1)), "type": "1", "leaderName": "张主任",
		"contactPhone": "010-62750000", "foundedOn": "1990-09-01"}
	if dzz != nil {
		b["dzzId"] = *dzz
	}
	return b
}

func (w *world) unit(t testing.TB, token string, b map[string]any) int64 {
	t.Helper()
	return apptest.DoJSON[unit.View](t, w.e, 201, "POST", "/api/dwxx", token, b).ID
}

func (w *world) detail(t testing.TB, token string, id int64) unit.View {
	t.Helper()
	return apptest.DoJSON[unit.View](t, w.e, 200, "GET", fmt.Sprintf("/api/dwxx/%d", id), token, nil)
}

// page reads a paged answer and returns the ids and the total.
func (w *world) page(t testing.TB, token, path string, q url.Values) (ids []int64, total int) {
	t.Helper()
	rows, total := apptest.GetPage[struct{ ID int64 }](t, w.e, token, path, q)
	for _, c := range rows {
		ids = append(ids, c.ID)
	}
	return ids, total
}

func sameIDs(got []int64, want ...int64) bool {
	if len(got) != len(want) {
		return false
	}
	m := map[int64]bool{}
	for _, id := range got {
		m[id] = true
	}
	for _, id := range want {
		if !m[id] {
			return false
		}
	}
	return true
}
