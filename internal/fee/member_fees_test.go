package fee_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
)

// The administrator's member detail (党费 tab) reads a member's fees with
// df:list alone (or df:onsite): 401 without a session, 403 without either,
// 404 for a member outside the caller's scope.
func TestMemberFeesForTheDetailTab(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.student(t, w.c.Branch, "详情甲")
	w.batch(t, month(0))
	path := fmt.Sprintf("/api/dfgl/member/%d/fees", a)
	lister, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Branch, fee.PermList)
	mathLister, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.math, fee.PermList)
	none, _ := w.e.UserWith("ALL", 0, "dy:list")

	apptest.Expect(t, w.e.Do("GET", path, "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", path, none, nil), 403)
	apptest.Expect(t, w.e.Do("GET", path, mathLister, nil), 404)
	got := apptest.DoJSON[fee.MyFees](t, w.e, 200, "GET", path, lister, nil)
	if got.MemberID != a || len(got.Dues) != 1 || got.Dues[0].Month != month(0) {
		t.Fatalf("fees %+v", got)
	}
}
