package transfer_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/worklist"
	"zhdj/internal/transfer"
)

// transferItems is the caller's whole 组织关系转接 work list (its total checked against its length).
func transferItems(t *testing.T, w *world, token string) []worklist.Item {
	t.Helper()
	rows, total := apptest.GetPage[worklist.Item](t, w.e, token, "/api/worklist/items", url.Values{"key": {"transfer"}, "size": {"100"}})
	if total != len(rows) {
		t.Fatalf("transfer work list: total %d, %d rows", total, len(rows))
	}
	return rows
}

// A 校内转接 is listed for the side whose step it waits at: the sending
// branch first, then (after the committee) the receiving committee and
// the receiving branch; a third branch never.
func TestWorkListTransferFollowsTheActingSide(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "待转党员", w.csBranch)
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindInside, "memberId": m, "toOrgId": w.mathBranch, "feesPaidUpTo": "2026-01"})
	link := fmt.Sprintf("/zzgx/inside?id=%d", id)
	expect := func(token string, n int) {
		t.Helper()
		got := transferItems(t, w, token)
		if len(got) != n || (n == 1 && got[0].Link != link) {
			t.Fatalf("want %d item(s) linking %s, got %+v", n, link, got)
		}
	}
	expect(w.csBranchTK, 1)
	expect(w.otherTK, 0)
	expect(w.mathBranchTK, 0)
	expect(w.listTK, 0)
	w.act(t, w.csBranchTK, transfer.KindInside, id, flow.Approve, 200)
	expect(w.csBranchTK, 0)
	expect(w.csTK, 1)
	w.act(t, w.csTK, transfer.KindInside, id, flow.Approve, 200)
	expect(w.mathTK, 1)
	expect(w.mathBranchTK, 0)
	w.act(t, w.mathTK, transfer.KindInside, id, flow.Approve, 200)
	expect(w.mathBranchTK, 1)
	expect(w.otherTK, 0)
}
