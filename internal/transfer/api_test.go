package transfer_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/system"
	"zhdj/internal/transfer"
)

// Twenty approvals of one step at once: exactly one goes through, the
// others get 409 and the record moves one step only.
func TestConcurrentApprovalsOnOneStep(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "并发党员", w.csBranch)
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindLost, "memberId": m, "happenedOn": "2025-01-01"})
	v := w.flow(t, w.csBranchTK, transfer.KindLost, id)
	codes := apptest.Concurrently(20, func(int) int {
		return w.e.Do("POST", fmt.Sprintf("/api/zzgx/lost/%d/flow", id), w.csBranchTK,
			map[string]any{"version": v.Version, "result": flow.Approve}).Status
	})
	apptest.ExpectOneWins(t, codes, 200, 409)
	fl := w.flow(t, w.deptTK, transfer.KindLost, id)
	if fl.Step != transfer.StepCommittee || len(fl.Entries) != 2 {
		t.Fatalf("flow after: step %s, %d entries", fl.Step, len(fl.Entries))
	}
}

// Scope: the sending and the receiving side see a 校内转接 (lists, detail,
// flow); a third branch gets 404 everywhere and cannot act.
func TestScopeSendingAndReceivingSides(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "范围党员", w.csBranch)
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindInside, "memberId": m, "toOrgId": w.mathBranch, "feesPaidUpTo": "2026-01"})
	for _, tk := range []string{w.csBranchTK, w.csTK, w.mathTK, w.mathBranchTK, w.deptTK} {
		w.detail(t, tk, id)
		w.flow(t, tk, transfer.KindInside, id)
		if _, total := apptest.GetPage[transfer.View](t, w.e, tk, "/api/zzgx", url.Values{"kind": {transfer.KindInside}}); total != 1 {
			t.Fatalf("list: %d", total)
		}
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/zzgx/%d", id), w.otherTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/zzgx/inside/%d/flow", id), w.otherTK, nil), 404)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzgx/inside/%d/flow", id), w.otherTK, map[string]any{"version": 1, "result": "approve"}), 404)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzgx/%d/withdraw", id), w.otherTK, map[string]any{}), 404)
	if _, total := apptest.GetPage[transfer.View](t, w.e, w.otherTK, "/api/zzgx", nil); total != 0 {
		t.Fatalf("third branch lists %d", total)
	}
	// A member outside the caller's scope cannot be transferred: 404.
	apptest.Expect(t, w.e.Do("POST", "/api/zzgx", w.mathBranchTK, map[string]any{"kind": transfer.KindLost, "memberId": m, "happenedOn": "2025-01-01"}), 404)
	// The receiving side sees its step as a to-do once it gets there.
	w.act(t, w.csBranchTK, transfer.KindInside, id, flow.Approve, 200)
	w.act(t, w.csTK, transfer.KindInside, id, flow.Approve, 200)
	fl := w.flow(t, w.mathTK, transfer.KindInside, id)
	if !fl.MayAct || fl.ActingOrgName != "数学学院党委" {
		t.Fatalf("receiving committee: mayAct %v, acting %s", fl.MayAct, fl.ActingOrgName)
	}
}

// Every route refuses a caller without a session (401) and one without
// its permission (403).
func TestRoutesRefuse401And403(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "权限党员", w.csBranch)
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindLost, "memberId": m, "happenedOn": "2025-01-01"})
	routes := []struct{ method, path string }{
		{"GET", "/api/zzgx"}, {"GET", "/api/zzgx/export"}, {"GET", fmt.Sprintf("/api/zzgx/%d", id)},
		{"POST", "/api/zzgx"}, {"POST", fmt.Sprintf("/api/zzgx/%d/withdraw", id)}, {"POST", fmt.Sprintf("/api/zzgx/%d/cancel", id)},
		{"GET", "/api/zzgx/mine"}, {"POST", "/api/zzgx/mine"},
		{"GET", fmt.Sprintf("/api/zzgx/lost/%d/flow", id)}, {"POST", fmt.Sprintf("/api/zzgx/lost/%d/flow", id)},
		{"GET", "/api/zzgx/lost/flow/chains"}, {"PUT", "/api/zzgx/lost/flow/chains"},
	}
	for _, r := range routes {
		apptest.Expect(t, w.e.Do(r.method, r.path, "", map[string]any{}), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, w.noTK, map[string]any{}), 403)
	}
	// List-only callers may not start, cancel or act.
	apptest.Expect(t, w.e.Do("POST", "/api/zzgx", w.listTK, map[string]any{}), 403)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzgx/%d/cancel", id), w.listTK, map[string]any{}), 403)
	// The branch may not act at the committee's step (in scope: a 409 with the reason).
	w.act(t, w.csBranchTK, transfer.KindLost, id, flow.Approve, 200)
	w.act(t, w.csBranchTK, transfer.KindLost, id, flow.Approve, 409)
}

// Bad input: 400 naming the field.
func TestBadInputNamesTheField(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "校验党员", w.csBranch)
	cases := []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"kind": "nope"}, "kind"},
		{map[string]any{"kind": transfer.KindOut, "memberId": m}, "subKind"},
		{map[string]any{"kind": transfer.KindOut, "subKind": "province", "memberId": m, "reach": "city"}, "otherOrg"},
		{map[string]any{"kind": transfer.KindOut, "subKind": "province", "memberId": m, "otherOrg": "某党委", "reach": "moon"}, "reach"},
		{map[string]any{"kind": transfer.KindOut, "subKind": "province", "memberId": m, "otherOrg": "某党委", "reach": "city", "feesPaidUpTo": "2026-13"}, "feesPaidUpTo"},
		{map[string]any{"kind": transfer.KindOut, "subKind": "province", "memberId": m, "otherOrg": "某党委", "reach": "city"}, "feesPaidUpTo"},
		{map[string]any{"kind": transfer.KindInside, "memberId": m, "feesPaidUpTo": "2026-01"}, "toOrgId"},
		{map[string]any{"kind": transfer.KindInside, "memberId": m, "toOrgId": w.csBranch, "feesPaidUpTo": "2026-01"}, "toOrgId"},
		{map[string]any{"kind": transfer.KindInside, "memberId": m, "toOrgId": w.math, "feesPaidUpTo": "2026-01"}, "toOrgId"},
		{map[string]any{"kind": transfer.KindLost, "memberId": m}, "happenedOn"},
		{map[string]any{"kind": transfer.KindLost, "memberId": m, "happenedOn": "2999-01-01"}, "happenedOn"},
		{map[string]any{"kind": transfer.KindLost, "happenedOn": "2025-01-01"}, "memberId"},
		{map[string]any{"kind": transfer.KindLeave, "subKind": "other", "memberId": m}, "subKind"},
		{map[string]any{"kind": transfer.KindIn, "name": "", "otherOrg": "x"}, "name"},
		{map[string]any{"kind": transfer.KindIn, "name": "甲", "idNumber": "123", "otherOrg": "x"}, "idNumber"},
		{map[string]any{"kind": transfer.KindIn, "name": "甲", "idNumber": idNumber(), "partyStatus": "9", "otherOrg": "x"}, "partyStatus"},
		{map[string]any{"kind": transfer.KindIn, "name": "甲", "idNumber": idNumber(), "partyStatus": "1", "personCategory": "1", "joinedOn": "2015-01-01", "otherOrg": "x"}, "orgId"},
		{map[string]any{"kind": transfer.KindIn, "name": "甲", "idNumber": idNumber(), "partyStatus": "1", "personCategory": "1", "joinedOn": "2015-01-01", "orgId": w.cs, "otherOrg": "x"}, "orgId"},
		{map[string]any{"kind": transfer.KindIn, "name": "甲", "idNumber": idNumber(), "partyStatus": "1", "personCategory": "1", "joinedOn": "2015-01-01", "orgId": w.mathBranch, "otherOrg": "x"}, "orgId"},
	}
	for i, c := range cases {
		res := w.e.Do("POST", "/api/zzgx", w.csBranchTK, c.body)
		apptest.Expect(t, res, 400)
		if got := res.Map(t)["field"]; got != c.field {
			t.Errorf("case %d: field %v, want %s (%s)", i, got, c.field, res.Body)
		}
	}
	// Reason: 500 characters pass, 501 do not.
	long := make([]rune, 501)
	for i := range long {
		long[i] = '字'
	}
	body := map[string]any{"kind": transfer.KindLost, "memberId": m, "happenedOn": "2025-01-01", "reason": string(long)}
	apptest.Expect(t, w.e.Do("POST", "/api/zzgx", w.csBranchTK, body), 400)
	body["reason"] = string(long[:500])
	w.start(t, w.csBranchTK, body)
}

// 党费缴纳至 on a transfer out: the fee domain's month wins over the month
// entered; a member the fee records show nothing paid for keeps the month
// entered, which is then required.
func TestFeesPaidUpToFromTheFeeDomain(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	out := func(m int64) map[string]any {
		return map[string]any{"kind": transfer.KindOut, "subKind": "province", "memberId": m, "otherOrg": "某党委", "reach": "city"}
	}
	unpaid := w.member(t, "未缴党员", w.csBranch)
	res := w.e.Do("POST", "/api/zzgx", w.csBranchTK, out(unpaid))
	if apptest.Expect(t, res, 400); res.Map(t)["field"] != "feesPaidUpTo" {
		t.Fatalf("no month: %s", res.Body)
	}
	id := w.start(t, w.csBranchTK, apptest.With(out(unpaid), "feesPaidUpTo", "2026-01"))
	if v := w.detail(t, w.csBranchTK, id); v.FeesPaidUpTo != "2026-01" || v.FeesFrom != "entered" {
		t.Fatalf("entered: %s from %s", v.FeesPaidUpTo, v.FeesFrom)
	}

	paid := w.member(t, "已缴党员", w.csBranch)
	// A student: the 学生 standard's fixed 0.2 元 is due without a base (RULES §1).
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("person_type = '2'").Where("id = ?", paid).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	month := time.Now().In(date.China).Format("2006-01")
	b := apptest.DoJSON[fee.Batch](t, w.e, 201, "POST", "/api/dfgl/batch", w.e.AdminTK, map[string]any{"month": month, "reason": "补建以前月份"})
	apptest.DoJSON[fee.Batch](t, w.e, 200, "POST", fmt.Sprintf("/api/dfgl/batch/%d/start", b.ID), w.e.AdminTK, nil)
	var due int64
	if err := w.e.DB.NewSelect().Table("df_due").Column("id").Where("member_id = ?", paid).Where("month = ?", month).
		Scan(t.Context(), &due); err != nil {
		t.Fatalf("the member's due of %s: %v", month, err)
	}
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.e.AdminTK, map[string]any{"method": "cash", "dueIds": []int64{due}}), 201)
	id = w.start(t, w.csBranchTK, apptest.With(out(paid), "feesPaidUpTo", "2020-01"))
	if v := w.detail(t, w.csBranchTK, id); v.FeesPaidUpTo != month || v.FeesFrom != "fee" {
		t.Fatalf("from the fee domain: %s from %s", v.FeesPaidUpTo, v.FeesFrom)
	}
}

// 我的组织关系: a member starts their own transfer, sees it, withdraws it;
// they may neither touch someone else's nor use the administrators' routes.
func TestMemberStartsTheirOwnTransfer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "自助党员", w.csBranch)
	other := w.member(t, "别人", w.csBranch)
	tk, uid := w.e.UserWith(system.ScopeSelf, 0, transfer.PermMine)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", m).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	mine := apptest.DoJSON[transfer.Mine](t, w.e, 200, "GET", "/api/zzgx/mine", tk, nil)
	if mine.MemberID != m || mine.OrgName != "计算机教工党支部" || len(mine.Kinds) == 0 {
		t.Fatalf("mine: %+v", mine)
	}
	// memberId in the body is ignored: always their own record.
	id := w.e.Create(t, tk, "/api/zzgx/mine", map[string]any{"kind": transfer.KindInside, "memberId": other, "toOrgId": w.mathBranch, "feesPaidUpTo": "2026-01"})
	v := w.detail(t, tk, id)
	if *v.MemberID != m || !v.BySelf {
		t.Fatalf("own transfer: %+v", v)
	}
	apptest.Expect(t, w.e.Do("POST", "/api/zzgx/mine", tk, map[string]any{"kind": transfer.KindLeave}), 400)
	mine = apptest.DoJSON[transfer.Mine](t, w.e, 200, "GET", "/api/zzgx/mine", tk, nil)
	if len(mine.Transfers) != 1 || len(mine.Kinds) != 0 {
		t.Fatalf("mine after: %d transfers, kinds %v", len(mine.Transfers), mine.Kinds)
	}
	// The branch returns it; the member resubmits it, then withdraws it.
	w.act(t, w.csBranchTK, transfer.KindInside, id, flow.Return, 200)
	w.act(t, tk, transfer.KindInside, id, flow.Approve, 200)
	w.act(t, tk, transfer.KindInside, id, flow.Approve, 409) // 支部审核 is not theirs
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/zzgx/%d/withdraw", id), tk, map[string]any{}), 200)
	// Someone else's transfer: 404.
	oid := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindLost, "memberId": other, "happenedOn": "2025-01-01"})
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/zzgx/%d", oid), tk, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/zzgx", tk, nil), 403)
	// An account without a member record.
	tk2, _ := w.e.UserWith(system.ScopeSelf, 0, transfer.PermMine)
	apptest.Expect(t, w.e.Do("GET", "/api/zzgx/mine", tk2, nil), 404)
}

// The seeded roles: the member role holds zzgx:mine; the department
// everything; a branch secretary the branch's step.
func TestSeededGrants(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	grants := func(role string) map[string]bool {
		out := map[string]bool{}
		for _, p := range w.e.Grants(t, role, "zzgx:") {
			out[p] = true
		}
		return out
	}
	if g := grants("党员"); !g[transfer.PermMine] || g[transfer.Perms.List] {
		t.Fatalf("member: %v", g)
	}
	if g := grants("组织部管理员"); !g[transfer.PermDept] || !g[transfer.PermCancel] {
		t.Fatalf("dept: %v", g)
	}
	if g := grants("党支部书记"); !g[transfer.PermBranch] || g[transfer.PermCommittee] {
		t.Fatalf("branch: %v", g)
	}
}

// The receiving-branch picker lists every live branch of the school by
// name (the receiving side lies outside the sender's scope).
func TestBranchesPicker(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	got := apptest.DoJSON[[]transfer.Branch](t, w.e, 200, "GET", "/api/zzgx/branches?blurry="+url.QueryEscape("数学"), w.csBranchTK, nil)
	if len(got) != 1 || got[0].ID != w.mathBranch || got[0].ParentName != "数学学院党委" {
		t.Fatalf("branches: %+v", got)
	}
	all := apptest.DoJSON[[]transfer.Branch](t, w.e, 200, "GET", "/api/zzgx/branches", w.csBranchTK, nil)
	if len(all) != 4 { // csBranch, csOther, mathBranch, dir: no committees
		t.Fatalf("all: %+v", all)
	}
	if got := apptest.DoJSON[[]transfer.Branch](t, w.e, 200, "GET", "/api/zzgx/branches?blurry=%25", w.csBranchTK, nil); len(got) != 0 {
		t.Fatalf("%% is literal: %+v", got)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/zzgx/branches", w.listTK, nil), 403)
	apptest.Expect(t, w.e.Do("GET", "/api/zzgx/branches", "", nil), 401)
}

// Two starts for one member at once: one transfer under way per member
// (the partial unique index), the other 409.
func TestConcurrentStartsOneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "并发发起", w.csBranch)
	codes := apptest.Concurrently(10, func(int) int {
		return w.e.Do("POST", "/api/zzgx", w.csBranchTK, map[string]any{"kind": transfer.KindLost, "memberId": m, "happenedOn": "2025-01-01"}).Status
	})
	apptest.ExpectOneWins(t, codes, 201, 409)
	if _, total := apptest.GetPage[transfer.View](t, w.e, w.deptTK, "/api/zzgx", url.Values{"memberId": {fmt.Sprint(m)}}); total != 1 {
		t.Fatalf("%d listed", total)
	}
}

// The last approval is one transaction: when applying the transfer fails
// (the person entered the school meanwhile), nothing of it stays — the
// transfer waits at the department, no member is made, the history is unchanged.
func TestLastApprovalIsAtomic(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	number := idNumber()
	id := w.start(t, w.csBranchTK, inBody("原子", number, w.csBranch))
	w.act(t, w.csBranchTK, transfer.KindIn, id, flow.Approve, 200)
	w.act(t, w.csTK, transfer.KindIn, id, flow.Approve, 200)
	w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("原子", w.mathBranch, "idNumber", number))
	res := w.act(t, w.deptTK, transfer.KindIn, id, flow.Approve, 400)
	if res.Map(t)["field"] != "idNumber" {
		t.Fatalf("refusal: %s", res.Body)
	}
	if v := w.detail(t, w.deptTK, id); v.State != transfer.StateDept || v.MemberID != nil {
		t.Fatalf("after the failed approval: %+v", v)
	}
	if fl := w.flow(t, w.deptTK, transfer.KindIn, id); fl.Step != transfer.StepDept || len(fl.Entries) != 3 {
		t.Fatalf("flow: step %s, %d entries", fl.Step, len(fl.Entries))
	}
	n, _ := w.e.DB.NewSelect().Model((*member.Member)(nil)).Where("name = ?", "原子").Count(t.Context())
	if n != 1 {
		t.Fatalf("%d members named 原子", n)
	}
}
