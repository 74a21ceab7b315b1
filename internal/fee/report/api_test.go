package report_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
)

// Every route: 401 without a session, 403 without df:report, 404 for an
// organisation outside the caller's scope, 400 naming the field.
func TestRoutesRefuse(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	math := fmt.Sprintf("orgId=%d", w.c.Math)
	var calls []apptest.Call
	for _, path := range []string{"/api/dfgl/report/orgs?year=2025", "/api/dfgl/report/orgs/export?year=2025",
		"/api/dfgl/report/members?year=2025", "/api/dfgl/report/arrears?year=2025",
		"/api/dfgl/report/ledger?year=2025", "/api/dfgl/report/ledger/export?year=2025"} {
		calls = append(calls,
			apptest.Call{Method: "GET", Path: path + "&" + math, Want: 401},
			apptest.Call{Method: "GET", Path: path + "&" + math, Token: w.noPermTK, Want: 403},
			apptest.Call{Method: "GET", Path: path + "&" + math, Token: w.csTK, Want: 404},
			apptest.Call{Method: "GET", Path: path + fmt.Sprintf("&orgId=%d", w.c.Branch), Token: w.csTK, Want: 200},
		)
	}
	w.e.ExpectCalls(t, calls)
	for _, c := range []struct{ path, msg string }{
		{"/api/dfgl/report/orgs", "请选择年度（如 "},
		{"/api/dfgl/report/orgs?year=2025&month=13", "月份应为1到12之间的整数"},
		{"/api/dfgl/report/members?year=1999", "请选择年度（如 "},
		{"/api/dfgl/report/members?year=2025&size=501", "每页条数不能超过500"},
		{"/api/dfgl/report/ledger?year=2025", "请选择党组织"},
		{"/api/dfgl/report/ledger/export?year=2025&orgId=x", "党组织编号不正确"},
		{"/api/dfgl/report/arrears?min=0", "连续未缴月数应为1到120之间的整数"},
	} {
		res := w.e.Do("GET", c.path, w.e.AdminTK, nil)
		if res.Status != 400 || len(res.Message()) < len(c.msg) || res.Message()[:len(c.msg)] != c.msg {
			t.Errorf("%s: %d %s, want 400 %q", c.path, res.Status, res.Body, c.msg)
		}
	}
}
