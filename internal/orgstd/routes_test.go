package orgstd_test

import (
	"strconv"
	"testing"
)

// Every route: no token 401, no permission 403, a record or organisation
// outside the caller's scope 404 (the cases the scenario tests leave out).
func TestRoutes_AuthPermissionAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.submitted(t, w.branchTK, w.csBranch, 5, 10)
	item := strconv.FormatInt(firstItem(t, w, id), 10)
	a := path(id, "")
	math := strconv.FormatInt(w.math, 10)
	cases := []struct {
		name, method, path, token string
		body                      any
		want                      int
	}{
		{"change an indicator without a token", "PUT", "/api/dzzjs/indicators", "", map[string]any{"id": w.first}, 401},
		{"change an indicator as a committee", "PUT", "/api/dzzjs/indicators", w.csTK, map[string]any{"id": w.first}, 403},
		{"copy without a token", "POST", "/api/dzzjs/indicators/copy", "", map[string]any{"year": 2026}, 401},
		{"save without a token", "PUT", a, "", map[string]any{"items": []any{}}, 401},
		{"save as a committee without dzzjs:assess", "PUT", a, w.csTK, map[string]any{"items": []any{}}, 403},
		{"save another branch's", "PUT", a, w.mathBranchTK, map[string]any{"items": []any{}}, 404},
		{"return without a token", "POST", path(id, "return"), "", map[string]any{"reason": "x"}, 401},
		{"return as the branch", "POST", path(id, "return"), w.branchTK, map[string]any{"reason": "x"}, 403},
		{"mark history without a token", "GET", path(id, "marks"), "", nil, 401},
		{"mark history without dzzjs:list", "GET", path(id, "marks"), w.noTK, nil, 403},
		{"evidence without a token", "GET", "/api/dzzjs/items/" + item + "/attachments", "", nil, 401},
		{"evidence without dzzjs:list", "GET", "/api/dzzjs/items/" + item + "/attachments", w.noTK, nil, 403},
		{"evidence of a missing row", "GET", "/api/dzzjs/items/999999/attachments", w.csTK, nil, 404},
		{"committees' ranking without a token", "GET", "/api/dzzjs/ranking/committees?year=2025", "", nil, 401},
		{"committees' ranking without dzzjs:list", "GET", "/api/dzzjs/ranking/committees?year=2025", w.noTK, nil, 403},
		{"committees' ranking of another committee", "GET", "/api/dzzjs/ranking/committees?year=2025&orgId=" + math, w.csTK, nil, 404},
		{"branches' export without a token", "GET", "/api/dzzjs/ranking/branches/export?year=2025", "", nil, 401},
		{"branches' export of another committee", "GET", "/api/dzzjs/ranking/branches/export?year=2025&orgId=" + math, w.csTK, nil, 404},
		{"committees' export without dzzjs:export", "GET", "/api/dzzjs/ranking/committees/export?year=2025", w.branchTK, nil, 403},
		{"a ranking without a year", "GET", "/api/dzzjs/ranking/branches", w.csTK, nil, 400},
	}
	for _, c := range cases {
		if res := w.e.Do(c.method, c.path, c.token, c.body); res.Status != c.want {
			t.Errorf("%s: %d, want %d (%s)", c.name, res.Status, c.want, res.Body)
		}
	}
}
