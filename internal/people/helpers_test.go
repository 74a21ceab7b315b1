package people_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/people"
	"zhdj/internal/unit"
)

// world: two secondary committees (计算机, 数学) paired with their units;
// csTK and mathTK are LEVEL_AND_BELOW accounts of the two committees with
// ry:list/add/edit/del (no unmask).
type world struct {
	e                *apptest.Env
	cs, math         int64 // organisations
	branch           int64 // a branch of 计算机
	csUnit, mathUnit int64
	csTK, mathTK     string
}

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{e: apptest.New(t)}
	c := w.e.Campus(t)
	w.cs, w.math, w.branch = c.CS, c.Math, c.Branch
	w.csUnit = w.e.Create(t, w.e.AdminTK, "/api/dwxx", map[string]any{"name": "计算机学院", "code": "DW-CS", "type": "1", "dzzId": w.cs})
	w.mathUnit = w.e.Create(t, w.e.AdminTK, "/api/dwxx", map[string]any{"name": "数学学院", "code": "DW-MATH", "type": "1", "dzzId": w.math})
	perms := []string{people.PermList, people.PermAdd, people.PermEdit, people.PermDel, unit.PermList}
	w.csTK = w.anchored(t, w.cs, perms...)
	w.mathTK = w.anchored(t, w.math, perms...)
	return w
}

// anchored is a LEVEL_AND_BELOW user with perms at organisation orgID.
func (w *world) anchored(t testing.TB, orgID int64, perms ...string) string {
	token, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", orgID, perms...)
	return token
}

// idNumber is a valid ID number of someone born in 海淀 (110105).
func idNumber(birth string, seq int) string { return apptest.IDNumber("110105", birth, seq) }

func student(no, name string, unitID int64) map[string]any {
	return map[string]any{"studentNo": no, "name": name, "gender": "1", "ethnicity": "01", "unitDeptId": unitID,
		"grade": "2024", "educationLevel": "2", "enrolledOn": "2024-09-01", "phone": "13900139000"}
}

func teacher(no, name string, unitID int64) map[string]any {
	return map[string]any{"staffNo": no, "name": name, "gender": "2", "unitDeptId": unitID, "professionalTitle": "013",
		"post": "013"}
}

type item struct {
	ID       int64  `json:"id"`
	Kind     string `json:"kind"`
	Name     string `json:"name"`
	Number   string `json:"number"`
	UnitName string `json:"unitName"`
}

// page reads a paged answer.
func (w *world) page(t testing.TB, token, path string, q url.Values) ([]item, int) {
	t.Helper()
	return apptest.GetPage[item](t, w.e, token, path, q)
}

func names(items []item) []string {
	out := []string{}
	for _, it := range items {
		out = append(out, it.Name)
	}
	return out
}
