package election_test

import (
	"fmt"
	"net/http"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/election"
)

// Every route of 换届选举 and 党代表选举: 401 without a session, 403 without
// its permission (noTK holds only dzz:list), and 404 for a record outside
// the caller's scope (the 数学 committee and the 计算机 branch's election,
// the 计算机 constituency and its nomination).
func TestRoutes_401_403_404(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	el := apptest.DoJSON[election.Detail](t, e, 201, "POST", "/api/hjxj", w.branchTK, w.plan(2, "甲", "乙", "丙"))
	g := apptest.DoJSON[election.CongressDetail](t, e, 201, "POST", "/api/ddbxj", w.deptTK, map[string]any{"orgId": w.root,
		"title": "学校第五次党代会代表选举", "nominateBy": "2026-12-15",
		"units": []map[string]any{{"orgId": w.cs, "quota": 1, "method": election.MethodEqual}, {"orgId": w.math, "quota": 1, "method": election.MethodEqual}}})
	cs := g.Units[0].ID
	apptest.Expect(t, e.Do("POST", fmt.Sprintf("/api/ddbxj/units/%d/nominations", cs), w.branchTK,
		map[string]any{"branchId": w.branch, "memberId": w.members["甲"], "reason": "工作突出"}), http.StatusOK)
	seen := apptest.DoJSON[election.CongressDetail](t, e, 200, "GET", fmt.Sprintf("/api/ddbxj/%d", g.ID), w.csTK, nil)
	nomination := seen.Units[0].Nominations[0].ID

	hj := func(format string) string { return fmt.Sprintf(format, el.ID) }
	dd := func(format string, id int64) string { return fmt.Sprintf(format, id) }
	routes := []struct{ method, path string }{
		{"GET", "/api/hjxj"}, {"POST", "/api/hjxj"}, {"GET", fmt.Sprintf("/api/hjxj/eligible?orgId=%d", w.branch)},
		{"GET", hj("/api/hjxj/%d")}, {"GET", hj("/api/hjxj/%d/voters")}, {"POST", hj("/api/hjxj/%d/votes")},
		{"GET", hj("/api/hjxj/%d/flow")}, {"POST", hj("/api/hjxj/%d/flow")}, {"POST", "/api/hjxj/votes/999999/close"},
		{"GET", "/api/ddbxj"}, {"POST", "/api/ddbxj"}, {"GET", dd("/api/ddbxj/%d", g.ID)}, {"GET", dd("/api/ddbxj/%d/reps", g.ID)},
		{"GET", dd("/api/ddbxj/%d/reps/export", g.ID)}, {"POST", dd("/api/ddbxj/units/%d/nominations", cs)},
		{"DELETE", dd("/api/ddbxj/nominations/%d", nomination)}, {"GET", fmt.Sprintf("/api/ddbxj/eligible?orgId=%d", w.branch)},
		{"GET", dd("/api/ddbxj/units/%d/voters", cs)}, {"POST", dd("/api/ddbxj/units/%d/votes", cs)}, {"POST", "/api/ddbxj/votes/999999/close"},
	}
	var calls []apptest.Call
	for _, c := range routes {
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: "", Body: map[string]any{}, Want: 401},
			apptest.Call{Method: c.method, Path: c.path, Token: w.noTK, Body: map[string]any{}, Want: 403})
	}
	// Out of scope: the 数学 committee reaches nothing of 计算机's.
	for _, c := range []struct{ method, path string }{
		{"GET", hj("/api/hjxj/%d")}, {"GET", hj("/api/hjxj/%d/voters")}, {"POST", hj("/api/hjxj/%d/votes")}, {"GET", hj("/api/hjxj/%d/flow")},
		{"GET", fmt.Sprintf("/api/hjxj/eligible?orgId=%d", w.branch)}, {"POST", dd("/api/ddbxj/units/%d/nominations", cs)},
		{"DELETE", dd("/api/ddbxj/nominations/%d", nomination)}, {"GET", dd("/api/ddbxj/units/%d/voters", cs)},
		{"POST", dd("/api/ddbxj/units/%d/votes", cs)},
	} {
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: w.mathTK,
			Body: map[string]any{"present": []int64{w.members["庚"]}, "branchId": w.mbranch, "memberId": w.members["庚"]}, Want: 404})
	}
	e.ExpectCalls(t, calls)
	// The nomination outside the scope is still there.
	after := apptest.DoJSON[election.CongressDetail](t, e, 200, "GET", fmt.Sprintf("/api/ddbxj/%d", g.ID), w.csTK, nil)
	if len(after.Units[0].Nominations) != 1 {
		t.Fatalf("nominations %+v", after.Units[0].Nominations)
	}
}
