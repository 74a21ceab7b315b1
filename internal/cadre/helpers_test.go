package cadre_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
)

// world: two secondary committees (计算机, 数学) paired with their units;
// adminTK holds every cadre permission and gbjbxx:all (干部管理员); csTK is
// a LEVEL_AND_BELOW account of 计算机 with gbjbxx:list/edit (a unit leader,
// who sees the unit's cadres only when the setting is on); noTK has no
// cadre permission.
type world struct {
	e                *apptest.Env
	cs, math         int64
	csUnit, mathUnit int64
	adminTK, csTK    string
	listTK, noTK     string
}

var allPerms = []string{cadre.Perms.List, cadre.Perms.Add, cadre.Perms.Edit, cadre.Perms.Del, cadre.Perms.Export, cadre.PermAll}

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{e: apptest.New(t)}
	c := w.e.Campus(t)
	w.cs, w.math = c.CS, c.Math
	w.csUnit = w.e.Create(t, w.e.AdminTK, "/api/dwxx", map[string]any{"name": "计算机学院", "code": "DW-CS", "type": "1", "dzzId": w.cs})
	w.mathUnit = w.e.Create(t, w.e.AdminTK, "/api/dwxx", map[string]any{"name": "数学学院", "code": "DW-MATH", "type": "1", "dzzId": w.math})
	w.adminTK, _ = w.e.UserAt(t, "ALL", c.Root, allPerms...)
	w.csTK, _ = w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, cadre.Perms.List, cadre.Perms.Edit)
	w.listTK, _ = w.e.UserAt(t, "ALL", c.Root, cadre.Perms.List)
	w.noTK, _ = w.e.UserAt(t, "ALL", c.Root, "dzz:list")
	return w
}

// cadreBody is a valid cadre of unit unitID.
func cadreBody(name string, unitID int64, kv ...any) map[string]any {
	return apptest.With(map[string]any{"name": name, "gender": "1", "birthOn": "1975-03-01", "ethnicity": "01",
		"politicalStatus": "01", "unitId": unitID, "post": "院长", "level": "3", "category": "2", "status": "2",
		"education": "11", "degree": "201"}, kv...)
}

func (w *world) create(t testing.TB, token string, b map[string]any) cadre.View {
	t.Helper()
	return apptest.DoJSON[cadre.View](t, w.e, 201, "POST", "/api/gbjbxx", token, b)
}

func (w *world) names(t testing.TB, token string, q url.Values) []string {
	t.Helper()
	q.Set("size", "100")
	rows, _ := apptest.GetPage[cadre.View](t, w.e, token, "/api/gbjbxx", q)
	out := []string{}
	for _, v := range rows {
		out = append(out, v.Name)
	}
	return out
}

func idNumber(birth string, seq int) string { return apptest.IDNumber("110105", birth, seq) }

func path(format string, args ...any) string { return fmt.Sprintf(format, args...) }
