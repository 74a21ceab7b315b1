package fee_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/platform/worklist"
	"zhdj/internal/system"
)

// feeItems is the caller's whole 党费收缴 work list, its total checked against its length.
func feeItems(t *testing.T, w *world, token string) []worklist.Item {
	t.Helper()
	rows, total := apptest.GetPage[worklist.Item](t, w.e, token, "/api/worklist/items", url.Values{"key": {"fee"}, "size": {"100"}})
	if total != len(rows) {
		t.Fatalf("fee work list: total %d, %d rows", total, len(rows))
	}
	sum := apptest.DoJSON[worklist.Summary](t, w.e, 200, "GET", "/api/worklist", token, nil)
	for _, g := range sum.Groups {
		if g.Key == "fee" && g.Count != total {
			t.Fatalf("summary counts %d, list %d", g.Count, total)
		}
	}
	return rows
}

// The branch's fee collector sees the members of their branch who owe this
// month, each opening the on-site page on that member; another branch's
// member never; the department, whose scope is the whole school, gets no
// such list (it follows the rates); a payment takes the item off.
func TestWorkListFeeOwedThisMonth(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.student(t, w.c.Branch, "甲")
	b := w.student(t, w.math, "乙")
	w.batch(t, month(-1)) // last month's arrears are not this month's work
	w.batch(t, month(0))

	got := feeItems(t, w, w.secretary)
	if len(got) != 1 {
		t.Fatalf("secretary's fee items: %+v", got)
	}
	want := fmt.Sprintf("/dfgl/onsite?month=%s&memberId=%d&name=%s", month(0), a, url.QueryEscape("甲"))
	if got[0].Link != want || got[0].Title != fmt.Sprintf("党费未缴：甲（%s）", month(0)) {
		t.Fatalf("item %+v, want link %s", got[0], want)
	}
	if n := len(feeItems(t, w, w.dept)); n != 0 {
		t.Fatalf("the department sees %d members owing (甲 %d, 乙 %d), want none: collecting is the branches' work", n, a, b)
	}
	mathCollector, _ := w.e.UserAt(t, system.ScopeLevelAndBelow, w.math, fee.PermOnsite)
	if got := feeItems(t, w, mathCollector); len(got) != 1 || got[0].Title != fmt.Sprintf("党费未缴：乙（%s）", month(0)) {
		t.Fatalf("the other branch's collector: %+v", got)
	}
	lister, _ := w.e.UserAt(t, system.ScopeLevelAndBelow, w.c.Branch, fee.PermList)
	if n := len(feeItems(t, w, lister)); n != 0 {
		t.Fatalf("an account that cannot collect sees %d", n)
	}

	due := w.dueOf(t, a, month(0))
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(due.ID)), 201)
	if n := len(feeItems(t, w, w.secretary)); n != 0 {
		t.Fatalf("甲 paid, %d items remain", n)
	}
}
