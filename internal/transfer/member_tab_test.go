package transfer_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/transfer"
)

// The 组织关系转接 tab of 党员详情 reads GET /api/zzgx?memberId=: the
// member's transfers only, and only those of the caller's scope (a branch
// that neither sends nor receives lists none); 401 without a session, 403
// without zzgx:list.
func TestMemberDetailTabListsTheMembersTransfersInScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "详情页转接党员", w.csBranch)
	other := w.member(t, "另一名党员", w.csBranch)
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindInside, "memberId": m, "toOrgId": w.mathBranch, "feesPaidUpTo": "2026-01"})
	w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindInside, "memberId": other, "toOrgId": w.mathBranch, "feesPaidUpTo": "2026-01"})
	q := url.Values{"memberId": {fmt.Sprint(m)}, "size": {"6"}}
	path := "/api/zzgx?" + q.Encode()
	apptest.Expect(t, w.e.Do("GET", path, "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", path, w.noTK, nil), 403)
	for _, tk := range []string{w.listTK, w.mathBranchTK} {
		rows, total := apptest.GetPage[transfer.View](t, w.e, tk, "/api/zzgx", q)
		if total != 1 || rows[0].ID != id {
			t.Fatalf("the member's transfers: %d %+v", total, rows)
		}
	}
	if _, total := apptest.GetPage[transfer.View](t, w.e, w.otherTK, "/api/zzgx", q); total != 0 {
		t.Fatalf("out of scope lists %d", total)
	}
}
