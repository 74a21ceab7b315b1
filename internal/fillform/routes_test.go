package fillform_test

import (
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fillform"
)

// Every route: no token 401, no permission 403, a form or entry out of
// scope (数学's administrators, another addressee) 404.
func TestRoutes_401_403_404(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.branchForm(t, "路由")
	draft := apptest.DoJSON[fillform.FormDetail](t, w.e, 201, "POST", "/api/txbd/forms", w.csTK,
		body("草稿", w.cs, fillform.AudienceOrgs, fillform.ModeSubtree, w.cs, nil, time.Now().Add(time.Hour)))
	e := w.mine(t, w.sec1TK)[f.ID].ID
	admin := []struct{ method, path string }{
		{"GET", "/api/txbd/forms"}, {"POST", "/api/txbd/forms"}, {"GET", formPath(f.ID, "")}, {"PUT", formPath(draft.ID, "")},
		{"DELETE", formPath(draft.ID, "")}, {"POST", formPath(f.ID, "copy")}, {"POST", formPath(draft.ID, "publish")},
		{"POST", formPath(f.ID, "close")}, {"PUT", formPath(f.ID, "deadline")}, {"GET", formPath(f.ID, "entries")},
		{"GET", formPath(f.ID, "entries/export")}, {"POST", formPath(f.ID, "remind")}, {"GET", entryPath(e, "")},
		{"POST", entryPath(e, "pass")}, {"POST", entryPath(e, "return")}, {"GET", entryPath(e, "trail")}, {"GET", entryPath(e, "attachments")},
		{"POST", entryPath(e, "attachments?kind=f1")},
	}
	own := []struct{ method, path string }{
		{"GET", "/api/txbd/my"}, {"GET", minePath(e, "")}, {"PUT", minePath(e, "")}, {"POST", minePath(e, "submit")},
		{"GET", minePath(e, "trail")}, {"GET", minePath(e, "attachments")}, {"POST", minePath(e, "attachments?kind=f1")},
	}
	var calls []apptest.Call
	for _, c := range append(admin, own...) {
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: "", Body: map[string]any{}, Want: 401},
			apptest.Call{Method: c.method, Path: c.path, Token: w.noTK, Body: map[string]any{}, Want: 403})
	}
	// A member holds txbd:fill only: the administrators' routes are 403.
	for _, c := range admin {
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: w.m1TK, Body: map[string]any{}, Want: 403})
	}
	for _, c := range admin[2:] { // every route of one form or entry: 数学 manages none of 计算机's
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: w.mathTK, Body: map[string]any{"comment": "x"}, Want: 404})
	}
	for _, c := range own[1:] { // another addressee's entry
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: w.m1TK, Body: map[string]any{"answers": map[string]any{}}, Want: 404},
			apptest.Call{Method: c.method, Path: c.path, Token: w.sec2TK, Body: map[string]any{"answers": map[string]any{}}, Want: 404})
	}
	w.e.ExpectCalls(t, calls)
}
