package transfer_test

import (
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/flow"
	"zhdj/internal/transfer"
)

// 《中国共产党党员教育管理工作条例》第二十四条: a member is suspended (停止党籍)
// only for a recorded cause — lost contact for six months (on the day six
// months on, not the day before) or abroad for study beyond five years (the
// day after five years) — and a suspended member is removed (除名, 出党 as
// 自行脱党) two years after the suspension at the earliest. The member form
// cannot set either status by hand.
func TestSuspensionNeedsItsCause_Tiaoli24(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	suspend := func(m int64, cause, on string) map[string]any {
		return map[string]any{"kind": transfer.KindSuspend, "subKind": cause, "memberId": m, "happenedOn": on}
	}
	refused := func(t *testing.T, body map[string]any, field string) {
		t.Helper()
		res := w.e.Do("POST", "/api/zzgx", w.csBranchTK, body)
		apptest.Expect(t, res, 400)
		if got := res.Map(t); got["field"] != field || !strings.Contains(got["message"].(string), "第二十四条") {
			t.Fatalf("want a refusal on %s citing 第二十四条: %s", field, res.Body)
		}
	}
	done := func(t *testing.T, kind string, body map[string]any) int64 {
		t.Helper()
		id := w.start(t, w.csBranchTK, body)
		approveAll(t, w, kind, id)
		return id
	}

	normal := w.member(t, "从未失联", w.csBranch)
	t.Run("第二十四条 a member never lost nor abroad is not suspended", func(t *testing.T) {
		refused(t, suspend(normal, "", "2025-01-05"), "subKind")
		refused(t, suspend(normal, transfer.SuspendLost, "2025-01-05"), "subKind")
		refused(t, suspend(normal, transfer.SuspendAbroad, "2025-01-05"), "subKind")
	})

	lost := w.member(t, "失联党员", w.csBranch)
	done(t, transfer.KindLost, map[string]any{"kind": transfer.KindLost, "memberId": lost, "happenedOn": "2023-03-31"})
	t.Run("第二十四条 lost contact: six months less a day refused, six months accepted", func(t *testing.T) {
		if on := transfer.SuspendableOn("2023-03-31"); on != "2023-09-30" {
			t.Fatalf("six months after 2023-03-31: %s", on)
		}
		refused(t, suspend(lost, transfer.SuspendLost, "2023-04-30"), "happenedOn") // a month
		refused(t, suspend(lost, transfer.SuspendLost, "2023-09-29"), "happenedOn")
		refused(t, suspend(lost, transfer.SuspendAbroad, "2023-09-30"), "subKind") // lost, not abroad
		id := done(t, transfer.KindSuspend, suspend(lost, transfer.SuspendLost, "2023-09-30"))
		if got := w.memberRow(t, lost).MemberStatus; got != member.StatusSuspended {
			t.Fatalf("status %s", got)
		}
		if v := w.detail(t, w.csBranchTK, id); v.SubKind != transfer.SuspendLost || v.SubKindLabel != "失去联系满6个月" {
			t.Fatalf("cause not recorded: %+v", v)
		}
	})

	t.Run("第二十四条 除名 two years after the suspension, not the day before", func(t *testing.T) {
		quit := func(on string) map[string]any {
			return map[string]any{"kind": transfer.KindLeave, "subKind": transfer.LeaveQuit, "memberId": lost, "happenedOn": on}
		}
		refused(t, quit("2023-09-30"), "happenedOn") // the day of the suspension
		refused(t, quit("2025-09-29"), "happenedOn")
		done(t, transfer.KindLeave, quit("2025-09-30"))
		if got := w.memberRow(t, lost).MemberStatus; got != member.StatusLeft {
			t.Fatalf("status %s", got)
		}
	})

	abroad := w.member(t, "出国党员", w.csBranch)
	done(t, transfer.KindAbroad, map[string]any{"kind": transfer.KindAbroad, "memberId": abroad, "otherOrg": "英国", "happenedOn": "2020-06-15"})
	t.Run("第二十四条 abroad: five years exactly refused, the day after accepted", func(t *testing.T) {
		refused(t, suspend(abroad, transfer.SuspendAbroad, "2025-06-15"), "happenedOn")
		refused(t, suspend(abroad, transfer.SuspendLost, "2025-06-16"), "subKind")
		done(t, transfer.KindSuspend, suspend(abroad, transfer.SuspendAbroad, "2025-06-16"))
		if got := w.memberRow(t, abroad).MemberStatus; got != member.StatusSuspended {
			t.Fatalf("status %s", got)
		}
	})

	t.Run("第二十四条 the member form sets neither 停止党籍 nor 除名", func(t *testing.T) {
		res := w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": normal, "memberStatus": member.StatusSuspended})
		apptest.Expect(t, res, 400)
		if res.Map(t)["field"] != "memberStatus" {
			t.Fatalf("field: %s", res.Body)
		}
		res = w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": abroad, "memberStatus": member.StatusLeft})
		apptest.Expect(t, res, 400)
		// A suspended member's other fields stay editable.
		apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": abroad, "remark": "停止党籍"}), 200)
		if got := w.memberRow(t, normal).MemberStatus; got != member.StatusNormal {
			t.Fatalf("status %s", got)
		}
	})
}

// The cause is checked again in the last approval's transaction: a
// member found again (status 正常) while the suspension waited is not
// suspended.
func TestSuspensionCauseHoldsAtTheLastApproval_Tiaoli24(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "又找到了", w.csBranch)
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindLost, "memberId": m, "happenedOn": "2024-01-10"})
	approveAll(t, w, transfer.KindLost, id)
	id = w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindSuspend, "subKind": transfer.SuspendLost, "memberId": m, "happenedOn": "2024-07-10"})
	w.act(t, w.csBranchTK, transfer.KindSuspend, id, flow.Approve, 200)
	w.act(t, w.csTK, transfer.KindSuspend, id, flow.Approve, 200)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("member_status = ?", member.StatusNormal).Where("id = ?", m).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	w.act(t, w.deptTK, transfer.KindSuspend, id, flow.Approve, 400)
	if got := w.memberRow(t, m).MemberStatus; got != member.StatusNormal {
		t.Fatalf("status %s", got)
	}
}

// The 校外转入 ID-number check names the member it finds only inside the
// caller's scope: a cs branch secretary entering the ID number of a math
// member is told the person is still in the school, not who; a member of
// their own branch is named.
func TestTransferInRefusalNamesNobodyOutsideTheScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	foreign, own := idNumber(), idNumber()
	w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("卢超", w.mathBranch, "idNumber", foreign))
	w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("本支部党员", w.csBranch, "idNumber", own))
	res := w.e.Do("POST", "/api/zzgx", w.csBranchTK, inBody("某人", foreign, w.csBranch))
	apptest.Expect(t, res, 400)
	if body := string(res.Body); strings.Contains(body, "卢超") || res.Map(t)["field"] != "idNumber" {
		t.Fatalf("a member of another college named: %s", body)
	}
	res = w.e.Do("POST", "/api/zzgx", w.csBranchTK, inBody("某人", own, w.csBranch))
	apptest.Expect(t, res, 400)
	if !strings.Contains(string(res.Body), "该身份证号码的党员（本支部党员）仍在本校") {
		t.Fatalf("a member of the caller's branch: %s", res.Body)
	}
}
