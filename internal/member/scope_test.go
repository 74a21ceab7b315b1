package member_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
)

// A branch secretary (data scope LEVEL, account anchored at branch A) sees
// and changes the members of branch A only: every endpoint answers 404 for a
// member of branch B, exactly as for a member that does not exist.
func TestBranchSecretaryScopePerEndpoint(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	mine := w.create(t, w.e.AdminTK, body("甲", w.branchA, apptest.IDNumber("110105", "19900101", 11)))
	other := w.create(t, w.e.AdminTK, body("乙", w.branchB, apptest.IDNumber("110105", "19900101", 13)))
	far := w.create(t, w.e.AdminTK, body("丙", w.branchC, apptest.IDNumber("110105", "19900101", 15)))
	sec, _ := w.anchored(t, "LEVEL", w.branchA, member.PermList, member.PermAdd, member.PermEdit, member.PermDel,
		member.PermExport, member.PermUnmask)

	ids, _, total := w.list(t, sec, nil)
	if total != 1 || ids[0] != mine.ID {
		t.Fatalf("secretary lists %v (%d)", ids, total)
	}
	if _, _, n := w.list(t, sec, url.Values{"orgId": {fmt.Sprint(w.branchB)}}); n != 0 {
		t.Fatal("orgId filter reaches outside the scope")
	}
	if _, _, n := w.list(t, sec, url.Values{"subtreeOf": {fmt.Sprint(w.root)}}); n != 1 {
		t.Fatal("subtreeOf reaches outside the scope")
	}
	// The trail entry of the other member, for the restore attempt.
	apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": other.ID, "remark": "改"}), 200)
	var trail struct{ Content []audit.Labelled }
	w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d/trail", other.ID), w.e.AdminTK, nil).JSON(t, &trail)

	for _, target := range []int64{other.ID, far.ID, 999999} {
		for _, c := range []struct{ method, path string }{
			{"GET", fmt.Sprintf("/api/dyjbxx/%d", target)},
			{"GET", fmt.Sprintf("/api/dyjbxx/%d?unmask=true", target)},
			{"GET", fmt.Sprintf("/api/dyjbxx/%d/trail", target)},
		} {
			res := w.e.Do(c.method, c.path, sec, nil)
			if res.Status != 404 || res.Message() != "党员不存在" {
				t.Fatalf("%s %s: %d %s", c.method, c.path, res.Status, res.Body)
			}
		}
		res := w.e.Do("PUT", "/api/dyjbxx", sec, map[string]any{"id": target, "remark": "越权"})
		if res.Status != 404 || res.Message() != "党员不存在" {
			t.Fatalf("PUT %d: %d %s", target, res.Status, res.Body)
		}
		res = w.e.Do("DELETE", "/api/dyjbxx", sec, []int64{mine.ID, target})
		if res.Status != 404 || res.Message() != "党员不存在" {
			t.Fatalf("DELETE %d: %d %s", target, res.Status, res.Body)
		}
	}
	res := w.e.Do("POST", "/api/dyjbxx/trail/restore", sec, map[string]any{"trailId": trail.Content[0].ID})
	if res.Status != 404 {
		t.Fatalf("restore outside the scope: %d %s", res.Status, res.Body)
	}
	// Moving one's own member out of the scope is refused like an unknown organisation.
	res = w.e.Do("PUT", "/api/dyjbxx", sec, map[string]any{"id": mine.ID, "orgId": w.branchB})
	if res.Status != 400 || res.Message() != "所选党组织不存在" {
		t.Fatalf("move out of scope: %d %s", res.Status, res.Body)
	}
	// The export holds only the scope.
	rows := exportRows(t, w.e, sec, "")
	if len(rows) != 2 || rows[1][1] != "甲" {
		t.Fatalf("secretary export %v", rows)
	}
	// The picker too.
	var picked struct{ Content []member.PickerItem }
	w.e.Do("GET", "/api/common/dyjbxx", sec, nil).JSON(t, &picked)
	if len(picked.Content) != 1 || picked.Content[0].ID != mine.ID {
		t.Fatalf("picker %+v", picked)
	}
	// Nothing was changed behind the 404s.
	var remarks []string
	w.e.DB.NewSelect().Table("dyjbxx").Column("remark").OrderExpr("id").Scan(t.Context(), &remarks) //nolint:errcheck
	if slices.Contains(remarks, "越权") {
		t.Fatal("an out-of-scope update went through")
	}
}

// A secondary-committee administrator (LEVEL_AND_BELOW at 计算机学院党委)
// sees both of its branches and nothing of the other committee.
func TestSecondaryCommitteeSeesItsSubtree(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.create(t, w.e.AdminTK, body("甲", w.branchA, ""))
	b := w.create(t, w.e.AdminTK, body("乙", w.branchB, ""))
	c := w.create(t, w.e.AdminTK, body("丙", w.branchC, ""))
	admin2, _ := w.anchored(t, "LEVEL_AND_BELOW", w.cs, member.PermList)
	ids, _, _ := w.list(t, admin2, nil)
	if !slices.Contains(ids, a.ID) || !slices.Contains(ids, b.ID) || slices.Contains(ids, c.ID) {
		t.Fatalf("committee admin lists %v", ids)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d", c.ID), admin2, nil), 404)
}

// A member whose only data scope is SELF sees their own member record (the
// one linked to their account) and nothing else.
func TestSelfScopeSeesOwnRecord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tk, userID := w.e.UserWith("SELF", 0, member.PermList)
	own := w.create(t, w.e.AdminTK, apptest.With(body("本人", w.branchA, ""), "userId", userID))
	other := w.create(t, w.e.AdminTK, body("他人", w.branchA, ""))
	ids, _, total := w.list(t, tk, nil)
	if total != 1 || ids[0] != own.ID {
		t.Fatalf("SELF lists %v", ids)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d", own.ID), tk, nil), 200)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d", other.ID), tk, nil), 404)
	// An account is linked to one member only.
	res := w.e.Do("POST", "/api/dyjbxx", w.e.AdminTK, apptest.With(body("重复关联", w.branchA, ""), "userId", userID))
	if res.Status != 409 || res.Message() != "该账号已关联其他党员" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
}

// Lists are always masked; the detail shows clear values only when asked
// with unmask=true by a holder of dy:unmask, and that view is logged.
func TestMaskingUnmaskAndAccessLog(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := apptest.IDNumber("440304", "19880808", 31)
	v := w.create(t, w.e.AdminTK, apptest.With(body("赵六", w.branchA, id), "phone", "13688889999"))
	reader, _ := w.anchored(t, "LEVEL", w.branchA, member.PermList)
	unmasker, _ := w.anchored(t, "LEVEL", w.branchA, member.PermList, member.PermUnmask)

	for _, tk := range []string{w.e.AdminTK, reader, unmasker} {
		res := w.e.Do("GET", "/api/dyjbxx", tk, nil)
		apptest.Expect(t, res, 200)
		if s := string(res.Body); !strings.Contains(s, "440304********"+id[14:]) || strings.Contains(s, id) || strings.Contains(s, "13688889999") {
			t.Fatalf("list not masked: %s", s)
		}
	}
	var d member.MemberView
	w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d", v.ID), unmasker, nil).JSON(t, &d)
	if d.IDNumber == id || !d.Masked {
		t.Fatalf("detail without unmask shows %s", d.IDNumber)
	}
	res := w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d?unmask=true", v.ID), reader, nil)
	if res.Status != 403 || res.Message() != "没有查看党员敏感信息的权限" {
		t.Fatalf("unmask without permission: %d %s", res.Status, res.Body)
	}
	if n := logRows(t, w, "查看党员敏感信息：赵六"); n != 0 {
		t.Fatalf("%d log rows before any clear view", n)
	}
	w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d?unmask=true", v.ID), unmasker, nil).JSON(t, &d)
	if d.IDNumber != id || d.Phone != "13688889999" || d.Masked {
		t.Fatalf("unmasked detail %s %s", d.IDNumber, d.Phone)
	}
	if n := logRows(t, w, "查看党员敏感信息：赵六"); n != 1 {
		t.Fatalf("%d log rows after one clear view", n)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d?unmask=yes", v.ID), unmasker, nil), 400)
}

func logRows(t *testing.T, w *world, message string) int {
	t.Helper()
	n, err := w.e.DB.NewSelect().Table("sys_oper_log").Where("message = ?", message).Count(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}
