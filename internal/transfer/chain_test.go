package transfer_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/flow"
	"zhdj/internal/transfer"
)

// RULES §3: 校内转接 goes sending branch → sending 二级党委 → receiving
// 二级党委 → receiving branch, and the member moves (organisation and
// trail) only when the receiving branch's approval lands; until then the
// sending side keeps managing the member.
func TestInsideChainMovesTheMemberOnlyAtTheLastApproval_Rule3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "张转接", w.csBranch)
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindInside, "memberId": m, "toOrgId": w.mathBranch,
		"feesPaidUpTo": "2026-01", "reason": "工作调动"})
	v := w.detail(t, w.csBranchTK, id)
	if v.State != transfer.StateBranch || v.FeesPaidUpTo != "2026-01" || v.FeesFrom != "entered" || *v.ToOrgName != "数学教工党支部" {
		t.Fatalf("started: %+v", v)
	}
	// The sending side's member list shows the member 转出中.
	listed := func(token string, org int64) map[int64]member.MemberView {
		rows, _ := apptest.GetPage[member.MemberView](t, w.e, token, "/api/dyjbxx", url.Values{"orgId": {fmt.Sprint(org)}})
		out := map[int64]member.MemberView{}
		for _, r := range rows {
			out[r.ID] = r
		}
		return out
	}
	if got := listed(w.e.AdminTK, w.csBranch)[m]; got.Transferring != "转出中" {
		t.Fatalf("member list: %+v", got)
	}
	steps := []struct {
		token, state string
	}{
		{w.csBranchTK, transfer.StateCommittee},
		{w.csTK, transfer.StateInCommittee},
		{w.mathTK, transfer.StateInBranch},
		{w.mathBranchTK, transfer.StateDone},
	}
	wrong := []string{w.mathBranchTK, w.mathBranchTK, w.csTK, w.csBranchTK} // the other side at each step: 409
	for i, st := range steps {
		if row := w.memberRow(t, m); row.OrgID != w.csBranch {
			t.Fatalf("step %d: the member moved before the last approval (org %d)", i, row.OrgID)
		}
		w.act(t, wrong[i], transfer.KindInside, id, flow.Approve, 409)
		w.act(t, st.token, transfer.KindInside, id, flow.Approve, 200)
		if got := w.detail(t, w.deptTK, id).State; got != st.state {
			t.Fatalf("step %d: state %s, want %s", i, got, st.state)
		}
	}
	row := w.memberRow(t, m)
	if row.OrgID != w.mathBranch || row.MemberStatus != member.StatusNormal {
		t.Fatalf("after the last approval: %+v", row)
	}
	// The member list shows the new branch; the member is no longer 转出中.
	if got, ok := listed(w.e.AdminTK, w.mathBranch)[m]; !ok || got.OrgName != "数学教工党支部" || got.Transferring != "" {
		t.Fatalf("receiving list: %+v", got)
	}
	if _, ok := listed(w.e.AdminTK, w.csBranch)[m]; ok {
		t.Fatal("still listed at the sending branch")
	}
	// The member's trail shows the move.
	res := w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d/trail", m), w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	if !strings.Contains(string(res.Body), "数学教工党支部") {
		t.Fatalf("trail lacks the move: %s", res.Body)
	}
	// Every action is in the history: 提交 and four approvals.
	if n := len(w.flow(t, w.deptTK, transfer.KindInside, id).Entries); n != 5 {
		t.Fatalf("history has %d entries, want 5", n)
	}
}

// RULES §3 (approval chain 支部 → 二级党委 → 组织部): every other kind
// runs through its branch, its committee and the organisation department;
// what the member becomes lands only with the department's approval.
func TestEveryKindsChain_Rule3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cases := []struct {
		kind, sub string
		extra     map[string]any
		status    string // the member's status once done ("" : unchanged 正常)
	}{
		{transfer.KindOut, transfer.OutProvince, map[string]any{"otherOrg": "某市委组织部", "reach": "province", "feesPaidUpTo": "2026-02"}, member.StatusTransferredOut},
		{transfer.KindOut, transfer.OutOutside, map[string]any{"otherOrg": "外省某单位党委", "reach": "nation", "feesPaidUpTo": "2026-02"}, member.StatusTransferredOut},
		{transfer.KindOut, transfer.OutSystem, map[string]any{"otherOrg": "某公司党委", "reach": "city", "feesPaidUpTo": "2026-02"}, member.StatusTransferredOut},
		{transfer.KindAbroad, "", map[string]any{"otherOrg": "英国", "happenedOn": "2026-01-05"}, ""},
		{transfer.KindFlowOut, "", map[string]any{"otherOrg": "深圳市某流动党员党支部", "happenedOn": "2026-01-05"}, ""},
		{transfer.KindLost, "", map[string]any{"happenedOn": "2025-01-05"}, member.StatusLost},
		{transfer.KindLeave, transfer.LeaveQuit, map[string]any{"happenedOn": "2025-01-05"}, member.StatusLeft},
		{transfer.KindLeave, transfer.LeaveExpel, map[string]any{"happenedOn": "2025-01-05"}, member.StatusLeft},
		{transfer.KindLeave, transfer.LeaveDeny, map[string]any{"happenedOn": "2025-01-05"}, member.StatusLeft},
		{transfer.KindLeave, transfer.LeaveDeath, map[string]any{"happenedOn": "2025-01-05"}, member.StatusDeceased},
	}
	for _, c := range cases {
		t.Run(c.kind+"/"+c.sub, func(t *testing.T) {
			m := w.member(t, "党员"+c.kind+c.sub, w.csBranch)
			body := map[string]any{"kind": c.kind, "subKind": c.sub, "memberId": m}
			for k, v := range c.extra {
				body[k] = v
			}
			id := w.start(t, w.csBranchTK, body)
			for i, tk := range []string{w.csBranchTK, w.csTK, w.deptTK} {
				if got := w.memberRow(t, m).MemberStatus; got != member.StatusNormal {
					t.Fatalf("step %d: status %s before the last approval", i, got)
				}
				w.act(t, tk, c.kind, id, flow.Approve, 200)
			}
			want := c.status
			if want == "" {
				want = member.StatusNormal
			}
			if got := w.memberRow(t, m).MemberStatus; got != want {
				t.Fatalf("status %s, want %s", got, want)
			}
			if v := w.detail(t, w.deptTK, id); v.State != transfer.StateDone || v.DoneOn == "" {
				t.Fatalf("done: %+v", v)
			}
		})
	}
}

// 恢复组织生活: a suspended member back from abroad is 正常 again.
func TestReturnRestoresTheMember_Rule3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "回国党员", w.csBranch)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("member_status = ?", member.StatusSuspended).Where("id = ?", m).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	id := w.start(t, w.csBranchTK, map[string]any{"kind": transfer.KindReturn, "memberId": m, "happenedOn": "2026-01-05"})
	for _, tk := range []string{w.csBranchTK, w.csTK, w.deptTK} {
		w.act(t, tk, transfer.KindReturn, id, flow.Approve, 200)
	}
	if got := w.memberRow(t, m).MemberStatus; got != member.StatusNormal {
		t.Fatalf("status %s", got)
	}
}

// A 直属党支部's chain has no committee: 支部 → 组织部.
func TestDirectBranchSkipsTheCommittee_Rule3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, "直属党员", w.dir)
	id := w.start(t, w.deptTK, map[string]any{"kind": transfer.KindLost, "memberId": m, "happenedOn": "2025-01-05"})
	w.act(t, w.deptTK, transfer.KindLost, id, flow.Approve, 200)
	if got := w.detail(t, w.deptTK, id).State; got != transfer.StateDept {
		t.Fatalf("after the branch: %s", got)
	}
	w.act(t, w.deptTK, transfer.KindLost, id, flow.Approve, 200)
	if got := w.memberRow(t, m).MemberStatus; got != member.StatusLost {
		t.Fatalf("status %s", got)
	}
}
