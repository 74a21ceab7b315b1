package develop_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
)

// allPerms are every permission of 发展党员.
var allPerms = []string{develop.Perms.List, develop.Perms.Add, develop.Perms.Import, develop.Perms.Edit, develop.Perms.Del,
	develop.Perms.Export, develop.PermBranch, develop.PermCommittee, develop.PermDepartment, develop.PermConfig,
	develop.PermPlan, develop.PermNotice, develop.PermReport}

// campus is what every test world of the package starts from: apptest's
// campus (学校党委 root → 计算机学院党委 cs → 计算机教工党支部 branch; 数学学院党委
// math), a 党支部 under math (mathBranch), and the unit paired with cs
// (csUnit) that the registry's people belong to.
type campus struct {
	e                                          *apptest.Env
	root, cs, math, branch, mathBranch, csUnit int64
}

func newCampus(t testing.TB) campus {
	t.Helper()
	e := apptest.New(t)
	c := e.Campus(t)
	w := campus{e: e, root: c.Root, cs: c.CS, math: c.Math, branch: c.Branch}
	w.mathBranch = e.Org(t, w.math, "5", "数学党支部")
	w.csUnit = e.Create(t, e.AdminTK, "/api/dwxx", map[string]any{"name": "计算机学院", "code": "DW-CS", "type": "1", "dzzId": w.cs})
	return w
}

var personSeq atomic.Int64

// student registers a student of unitID born on birth (with an ID number
// of that birth) and answers its id and ID number.
func (w campus) student(t testing.TB, name string, birth date.Date, unitID int64) (int64, string) {
	t.Helper()
	n := personSeq.Add(1)
	idNo := apptest.IDNumber("110105", birth.Compact(), int(n%500)*2+1)
	id := w.e.Create(t, w.e.AdminTK, "/api/xsjbxx", map[string]any{"studentNo": fmt.Sprintf("S%06d", n), "name": name,
		"gender": "1", "ethnicity": "01", "unitDeptId": unitID, "grade": "2024", "educationLevel": "2",
		"enrolledOn": "2024-09-01", "phone": "13900139000", "idNumber": idNo, "birthDate": birth})
	return id, idNo
}

// act takes result at record id's current step as token, on the version
// its flow shows viewer, with form and the body's other fields (key, value
// pairs), and answers the response.
func (w campus) actOn(t testing.TB, viewer, token string, id int64, result flow.Result, form any, kv ...any) *apptest.Response {
	t.Helper()
	v := apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/%d/flow", id), viewer, nil)
	body := apptest.With(map[string]any{"version": v.Version, "result": result, "form": form}, kv...)
	return w.e.Do("POST", fmt.Sprintf("/api/fzdy/%d/flow", id), token, body)
}
